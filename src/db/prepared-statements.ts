import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Prepared statements for the statements the service runs again and again. PostgreSQL parses and
 * plans an unnamed statement every time; a named one is parsed once per connection, and its plan
 * can be kept once PostgreSQL finds a generic plan as good as the custom ones (its own rule, see
 * `plan_cache_mode`). For the search's statements that is about a millisecond less per search.
 *
 * A statement is named (with a hash of its text) from its REPEAT_BEFORE_NAMING-th run in the
 * process, so statements built for one request only (a batch of a size seen once, say) are not
 * kept. Each connection keeps at most `perConnection` statements prepared (PostgreSQL holds them,
 * and their plans, for the life of the connection); beyond that, statements run unnamed as
 * before. Statements without parameters (transaction control, migrations) always run unnamed.
 *
 * When the tables under a prepared statement change so that its rows would change shape (a newer
 * version of the service added a column, say, while this one still runs), PostgreSQL refuses to
 * run it again on that connection. The statement is then run once more unnamed, and the
 * connection is closed when it goes back to the pool, so that its prepared statements go with it.
 */

const REPEAT_BEFORE_NAMING = 3;
/** Statement texts whose runs are counted; the counts start over when there are more. */
const COUNTED_TEXTS = 2_000;

/** Wraps a pg pool for Kysely's PostgresDialect so that its clients prepare repeated statements. */
/** What the wrapper needs of a pool: pg's own, or one over several hosts (hosts.ts). */
export interface ClientSource {
  connect(): Promise<pg.PoolClient>;
  end(): Promise<void>;
}

export function withPreparedStatements(pool: ClientSource, perConnection: number): PostgresPool {
  if (perConnection <= 0) return pool as PostgresPool;
  const runs = new Map<string, number>();
  const names = new Map<string, string>();
  const prepared = new WeakMap<pg.PoolClient, Set<string>>();

  const nameFor = (text: string, client: pg.PoolClient): string | undefined => {
    let name = names.get(text);
    if (name === undefined) {
      const seen = (runs.get(text) ?? 0) + 1;
      if (seen < REPEAT_BEFORE_NAMING) {
        if (runs.size >= COUNTED_TEXTS) runs.clear();
        runs.set(text, seen);
        return undefined;
      }
      runs.delete(text);
      if (names.size >= COUNTED_TEXTS) names.clear();
      name = `mtl_${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
    }
    let onClient = prepared.get(client);
    if (!onClient) prepared.set(client, (onClient = new Set()));
    if (onClient.has(name)) return name;
    if (onClient.size >= perConnection) return undefined;
    onClient.add(name);
    return name;
  };

  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let stale = false;
    const run = async <R>(text: string, values: unknown[]): Promise<PostgresQueryResult<R>> => {
      const name = values.length > 0 && !stale ? nameFor(text, client) : undefined;
      if (!name) return (await client.query({ text, values })) as unknown as PostgresQueryResult<R>;
      try {
        return (await client.query({ name, text, values })) as unknown as PostgresQueryResult<R>;
      } catch (err) {
        if (!isStalePlan(err)) throw err;
        stale = true;
        // Inside a transaction the refusal has aborted it: the caller gets the refusal itself.
        return (await client.query({ text, values }).catch(() => Promise.reject(err))) as unknown as PostgresQueryResult<R>;
      }
    };
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never) as PostgresCursor<R>;
      return run<R>(sqlOrCursor, [...(parameters ?? [])]);
    }
    // `release(true)` closes the connection instead of returning it to the pool.
    return { query, release: () => client.release(stale || undefined) };
  };

  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}

/** PostgreSQL's refusal to run a prepared statement whose result would have another row type now. */
function isStalePlan(err: unknown): boolean {
  return (
    typeof err === 'object' &&
    err !== null &&
    (err as { code?: unknown }).code === '0A000' &&
    /cached plan must not change result type/.test(String((err as { message?: unknown }).message))
  );
}
