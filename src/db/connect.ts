import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type CompiledQuery, type LogEvent } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { FailoverPool, splitHosts } from './hosts';
import { withPreparedStatements } from './prepared-statements';
import type { DB } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

/** The database handle the app is given: one set of Kysely queries serves both kinds. */
export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Kysely<DB>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const INT8_OID = 20;

/**
 * The extensions the schema needs, which are not built into PGlite: pg_trgm, and pgvector for
 * search by meaning (domain/embeddings/vector-index.ts).
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { vector } = await import('@electric-sql/pglite/vector');
  return { pg_trgm, vector };
}

/** Called with each statement a database handle runs (tests read the plans of what a request runs). */
export type QueryObserver = (query: CompiledQuery) => void;

const observing = (observe: QueryObserver | undefined) =>
  observe
    ? {
        log: (event: LogEvent) => {
          if (event.level === 'query') observe(event.query);
        },
      }
    : {};

/** Wraps an open PGlite instance (the tests hand in one loaded from a migrated snapshot). */
export function fromPGlite(pglite: PGlite, observe?: QueryObserver): Database {
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), ...observing(observe) });
  return {
    kind: 'pglite',
    db,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * PGlite allocates PostgreSQL's shared buffers (128 MB by default) inside its WebAssembly memory,
 * which never shrinks; pages beyond them are read from the data directory through the operating
 * system's cache. 16 MB keeps the process near 300 MB under load.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'work_mem=2MB'];

export async function openPGlite(dataDir: string): Promise<Database> {
  const directory = join(dataDir, 'pgdata');
  mkdirSync(directory, { recursive: true });
  const pglite = await PGlite.create(directory, { extensions: await pgliteExtensions(), startParams: PGLITE_START_PARAMS });
  return fromPGlite(pglite);
}

/**
 * How long a PostgreSQL session lets a statement run, wait for a lock, and a transaction sit idle,
 * in milliseconds: a request that exceeds one fails (and gives its connection back) instead of
 * holding a connection, a lock or a snapshot for as long as it likes.
 */
export interface SessionLimits {
  readonly statementTimeoutMs: number;
  readonly lockTimeoutMs: number;
  readonly idleInTransactionTimeoutMs: number;
}

/**
 * `preparedPerConnection`: how many repeated statements each connection keeps prepared (0: none).
 * Without `limits` (migrations, which may rewrite large tables) statements run as long as they need.
 */
export function openPostgres(
  connectionString: string,
  poolSize: number,
  preparedPerConnection = 0,
  limits?: SessionLimits,
  observe?: QueryObserver,
): Database {
  const pools = splitHosts(connectionString).map((url) => newPool(url, poolSize, limits));
  const source = pools.length === 1 ? pools[0]! : new FailoverPool(pools);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: withPreparedStatements(source, preparedPerConnection) }), ...observing(observe) });
  return {
    kind: 'postgres',
    db,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/** A pool of connections to one host. */
function newPool(connectionString: string, poolSize: number, limits: SessionLimits | undefined): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    ...(limits
      ? {
          statement_timeout: limits.statementTimeoutMs,
          lock_timeout: limits.lockTimeoutMs,
          idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
        }
      : {}),
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
    // count(*) and bigint columns as numbers, as PGlite returns them.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A client that loses its connection must not crash the process: an idle one (the pool's
  // 'error'), nor one checked out between two statements of a transaction (its own 'error', as
  // when the server it is on fails over); the statement it runs, or the next, fails instead.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  poolSize: number;
  preparedStatements?: number;
  limits?: SessionLimits;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize, options.preparedStatements ?? 0, options.limits)
    : openPGlite(options.dataDir);
}
