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
 */

const REPEAT_BEFORE_NAMING = 3;
/** Statement texts whose runs are counted; the counts start over when there are more. */
const COUNTED_TEXTS = 2_000;

/** Wraps a pg pool for Kysely's PostgresDialect so that its clients prepare repeated statements. */
export function withPreparedStatements(pool: pg.Pool, perConnection: number): PostgresPool {
  if (perConnection <= 0) return pool;
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
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never) as PostgresCursor<R>;
      const values = [...(parameters ?? [])];
      const name = values.length > 0 ? nameFor(sqlOrCursor, client) : undefined;
      return client.query(name ? { name, text: sqlOrCursor, values } : { text: sqlOrCursor, values }) as unknown as Promise<PostgresQueryResult<R>>;
    }
    return { query, release: () => client.release() };
  };

  return {
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}
