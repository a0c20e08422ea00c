import type { Server } from 'node:http';
import { inspect } from 'node:util';
import { createApp, createLogger } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';

const SHUTDOWN_GRACE_MS = 10_000;

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
  const logger = createLogger(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  const applied = await migrateToLatest(database.db);
  logger.info({ database: database.kind, migrations_applied: applied }, 'database ready');

  const app = createApp({ config, database, logger });
  const server: Server = app.express.listen(config.port, config.host, () => {
    logger.info({ port: config.port, host: config.host, database: database.kind }, 'MTL listening');
  });
  server.on('error', (err: NodeJS.ErrnoException) => {
    process.stderr.write(`MTL cannot listen on ${config.host}:${config.port}: ${err.code ?? err.message}\n`);
    process.exit(1);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    forced.unref();
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await app.close();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(`MTL failed to start: ${err instanceof Error ? (err.stack ?? err.message) : inspect(err)}\n`);
  process.exit(1);
});
