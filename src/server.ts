import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import type { Logger } from 'pino';
import { createApp, createLogger, type App } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, openPostgres, type Database } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { indexAllMemories } from './domain/projections/projections';
import { connectRedis } from './edge/rate-limit';
import { createHttpServer } from './edge/http-server';
import { undoUnfinishedImports } from './domain/portability/import-undo';

const SHUTDOWN_GRACE_MS = 10_000;

export interface RunningServer {
  readonly server: Server;
  readonly app: App;
  readonly database: Database;
  readonly port: number;
  /**
   * Stops accepting connections, lets requests in flight finish (at most 10 s), writes buffered
   * activity entries and closes the database.
   */
  stop(): Promise<void>;
}

/** The host a person types for a server listening on `host`: every address (0.0.0.0, ::) is reached at localhost here. */
function browsableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/** Opens the database, migrates it (under an advisory lock) and starts listening. */
export async function startServer(config: Config, logger: Logger = createLogger(config)): Promise<RunningServer> {
  const { database, applied } = await openMigrated(config);
  logger.info({ database: database.kind, migrations_applied: applied }, 'database ready');

  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
  const app = createApp({ config, database, logger, ...(redis ? { redis } : {}) });
  // An import the process was writing when it last stopped is taken out before anyone can see it.
  if (app.services.singleConnection) await undoUnfinishedImports(app.services, logger);
  const server = createHttpServer(app.express, config).listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(new Error(`cannot listen on ${config.host}:${config.port}: ${err.code ?? err.message}`)),
    );
  });
  const port = (server.address() as AddressInfo).port;
  const open = `http://${browsableHost(config.host)}:${port}`;
  logger.info(
    { port, host: config.host, database: database.kind, application: `${open}/`, api_reference: `${open}/docs` },
    `MTL listening: open ${open}/ for the application, ${open}/docs for the API reference`,
  );

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      logger.info('shutting down: finishing requests in flight');
      const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      forced.unref();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Connections of requests that finish become idle (keep-alive): close them as they do.
      server.closeIdleConnections();
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      await closed;
      clearInterval(idle);
      clearTimeout(forced);
      await app.close();
      await database.close();
      if (redis) await redis.quit();
      logger.info('stopped');
    })();
    return stopping;
  };
  return { server, app, database, port, stop };
}

/**
 * Opens the database and brings its schema up to date, then indexes the Memories a migration left
 * to the application (migrations never run its code). On a PostgreSQL server the migrations run
 * over a connection of their own, without the serving pool's statement and lock timeouts (a
 * migration may rewrite a large table); the embedded database has one connection, for both.
 */
async function openMigrated(config: Config): Promise<{ database: Database; applied: string[] }> {
  if (config.databaseReplicaUrls.length > 0 && !config.databaseUrl) {
    throw new ConfigError('DATABASE_REPLICA_URLS', 'read replicas need DATABASE_URL (the embedded database has no replicas)');
  }
  let applied: string[] = [];
  if (config.databaseUrl) {
    const migrating = openPostgres(config.databaseUrl, 1);
    try {
      applied = await migrateToLatest(migrating.db);
      await indexAllMemories(migrating.db);
    } finally {
      await migrating.close();
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    preparedStatements: config.databasePreparedStatements,
    limits: {
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      lockTimeoutMs: config.databaseLockTimeoutMs,
      idleInTransactionTimeoutMs: config.databaseIdleTransactionTimeoutMs,
    },
  });
  if (!config.databaseUrl) {
    applied = await migrateToLatest(database.db);
    await indexAllMemories(database.db);
  }
  return { database, applied };
}

/**
 * How far the heap may grow between full collections (HEAP_GROWING_PERCENT): V8 reads this option
 * each time it sets the next collection's threshold, so setting it before the server allocates
 * anything applies it as the command-line option `--heap-growing-percent` would. Process-wide:
 * only the server's own entry point sets it, never an app made inside another program.
 */
function limitHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  limitHeapGrowth(config.heapGrowingPercent);
  const running = await startServer(config);
  const shutdown = (signal: string) => {
    process.stderr.write(`${signal} received\n`);
    running.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`Shutdown failed: ${inspect(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`MTL failed to start: ${err instanceof Error ? (err.stack ?? err.message) : inspect(err)}\n`);
    process.exit(1);
  });
}
