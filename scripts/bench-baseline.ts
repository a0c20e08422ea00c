import { join } from 'node:path';
// The bare baseline of the benchmark: a minimal Express app on the same database that runs the
// same domain queries as the service, without validation, authentication, limits or logging.
import express from 'express';
import pino from 'pino';
import { ExportSlots } from '../src/domain/portability/export-slots';
import { AccountQueue } from '../src/domain/shared/account-queue';
import { RunningImports } from '../src/domain/portability/running-imports';
import { openDatabase } from '../src/db/connect';
import { ActivityRecorder } from '../src/domain/api-keys/activity';
import { ApiKeyAuthenticator } from '../src/domain/api-keys/authenticator';
import type { Services } from '../src/domain/services';
import { startupContext } from '../src/domain/context/startup';
import { subjectContext } from '../src/domain/context/subject-context';
import { getLibraryTemplate, searchLibrary } from '../src/domain/library/public';
import { batchGetMemories } from '../src/domain/memories/batch';
import { createMemory, getMemory, listMemories } from '../src/domain/memories/memories';
import { searchMemories } from '../src/domain/memories/search';
import { systemClock } from '../src/domain/shared/clock';
import type { Principal } from '../src/domain/shared/principal';
import { Signer } from '../src/domain/shared/signer';

async function main(): Promise<void> {
  const accountId = process.env.BENCH_ACCOUNT_ID;
  if (!accountId) throw new Error('BENCH_ACCOUNT_ID is required');
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL ?? null,
    dataDir: process.env.DATA_DIR ?? './data',
    poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    preparedStatements: Number(process.env.DATABASE_PREPARED_STATEMENTS ?? 200),
  });
  const logger = pino({ level: 'silent' });
  const services: Services = {
    db: database.db,
    clock: systemClock,
    logger,
    activity: new ActivityRecorder(database.db, systemClock, logger, 1000),
    apiKeys: new ApiKeyAuthenticator(database.db, systemClock),
    signer: new Signer(database.db),
    exports: new ExportSlots(1),
    imports: new RunningImports(),
    accountWrites: new AccountQueue(1, 10_000),
    singleConnection: database.kind === 'pglite',
    spoolDirectory: join(process.env.DATA_DIR ?? './data', 'spool'),
    trashRetentionDays: 30,
  };
  const principal: Principal = { kind: 'session', accountId };
  const app = express();
  app.use(express.json({ limit: '1mb' }));
  const route = (handler: (req: express.Request) => Promise<unknown>, status = 200): express.RequestHandler =>
    async (req, res) => {
      res.status(status).json({ ok: true, data: await handler(req) });
    };
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  app.get('/v1/memories/search', route((req) => searchMemories(services, principal, { q: text(req.query.q) ?? '' })));
  app.get('/v1/memories/batch', route((req) => batchGetMemories(services, principal, (text(req.query.ids) ?? '').split(','))));
  app.get('/v1/memories/:id', route((req) => getMemory(services, principal, String(req.params.id))));
  app.get('/v1/memories', route(async (req) => (await listMemories(services, principal, { limit: Number(req.query.limit ?? 20) })).items));
  app.post('/v1/memories', route((req) => createMemory(services, principal, req.body), 201));
  app.get('/v1/subjects/:id/context', route((req) => subjectContext(services, principal, String(req.params.id), {})));
  app.get('/v1/context/startup', route(() => startupContext(services, principal, {})));
  app.get('/v1/library/templates/:id', route((req) => getLibraryTemplate(services, String(req.params.id))));
  app.get('/v1/library/templates', route(async (req) => (await searchLibrary(services, { query: text(req.query.query) })).items));
  app.listen(Number(process.env.PORT ?? 3100), '127.0.0.1', () => process.stdout.write('baseline listening\n'));
  // An orderly exit on SIGTERM, so that Node.js options such as --cpu-prof can write their output.
  process.once('SIGTERM', () => process.exit(0));
}

main().catch((err: unknown) => {
  process.stderr.write(`baseline failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
