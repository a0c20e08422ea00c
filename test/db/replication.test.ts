import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import request from 'supertest';
import { createApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openPostgres, type Database } from '../../src/db/connect';
import { migrateToLatest } from '../../src/db/migrate';
import { AccountDirectory } from '../../src/domain/accounts/accounts';
import { createApiKey } from '../../src/domain/api-keys/api-keys';
import { adminQuery, postgresOnly } from '../support/database';
import { bearer, TEST_JWT_SECRET, uniqueName } from '../support/app';

/**
 * A real primary and streaming hot standby (scripts/replica-pair.sh, Debian's PostgreSQL on
 * loopback ports, synchronous replication): reads go to the standby unless it has not replayed
 * the caller's writes, several instances read each other's writes, and the service finds the new
 * primary by itself when the standby is promoted, losing and repeating no acknowledged write.
 */

const PG_BIN = '/usr/lib/postgresql';
const canRun = existsSync(PG_BIN) && readdirSync(PG_BIN).length > 0;
const onPair = canRun ? postgresOnly('tests on a primary and a hot standby') : describe.skip;
if (!canRun) process.stdout.write('tests on a primary and a hot standby need Debian\'s PostgreSQL server (/usr/lib/postgresql); skipped\n');

const SCRIPT = join(__dirname, '..', '..', 'scripts', 'replica-pair.sh');
const PORTS = { REPLICA_PAIR_PRIMARY_PORT: '55452', REPLICA_PAIR_STANDBY_PORT: '55453' };
const DATABASE = 'mtl_replication';

let dir: string;
let primaryUrl: string;
let standbyUrl: string;
const opened: Array<{ app: App; database: Database }> = [];

function pair(...args: string[]): Record<string, string> {
  const out = execFileSync('bash', [SCRIPT, ...args], { env: { ...process.env, ...PORTS }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return Object.fromEntries(out.trim().split('\n').map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]));
}

/** The same, without holding up the event loop: requests go on while it runs. */
async function pairInBackground(...args: string[]): Promise<void> {
  await promisify(execFile)('bash', [SCRIPT, ...args], { env: { ...process.env, ...PORTS } });
}

const onDatabase = (url: string) => url.replace(/\/postgres$/, `/${DATABASE}`);

/** An instance of the service on the pair: writes to whichever host takes them, reads from the standby. */
function instance(): { app: App; http: ReturnType<typeof request> } {
  const hosts = `${new URL(primaryUrl).host},${new URL(standbyUrl).host}`;
  const databaseUrl = `postgres://postgres@${hosts}/${DATABASE}`;
  const config = loadConfig({
    APP_JWT_SECRET: TEST_JWT_SECRET,
    VALIDATE_RESPONSES: 'true',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mtl-data-')),
    DATABASE_REPLICA_URLS: onDatabase(standbyUrl),
    RATE_LIMIT_PER_MINUTE: '1000000',
    EMBEDDINGS: 'off',
  });
  const database = openPostgres(databaseUrl, 10, 200, { statementTimeoutMs: 10_000, lockTimeoutMs: 5_000, idleInTransactionTimeoutMs: 10_000 });
  const app = createApp({ config, database, embedInBackground: false });
  opened.push({ app, database });
  return { app, http: request(app.express) };
}

async function account(app: App): Promise<{ accountId: string; key: string }> {
  const name = uniqueName();
  const accountId = await new AccountDirectory(app.services.db, app.services.clock).accountFor(name, name);
  const key = await createApiKey(app.services, { kind: 'session', accountId }, { name: 'writer', mode: 'read_write' });
  return { accountId, key: key.secret };
}

async function onStandby(text: string): Promise<void> {
  await adminQuery(onDatabase(standbyUrl), text);
}

/** Where reads went, as /readyz tells. */
async function reads(http: ReturnType<typeof request>): Promise<{ replica: number; primary: number }> {
  const res = await http.get('/readyz').expect(200);
  const described = res.body.data.replicas as { replicas: Array<{ reads: number }>; primary_reads: number };
  return { replica: described.replicas[0]!.reads, primary: described.primary_reads };
}

onPair('a primary and a hot standby', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mtl-pair-'));
    execFileSync('rm', ['-rf', dir]);
    ({ REPLICA_PRIMARY_URL: primaryUrl, REPLICA_STANDBY_URL: standbyUrl } = pair('start', dir) as { REPLICA_PRIMARY_URL: string; REPLICA_STANDBY_URL: string });
    await adminQuery(primaryUrl, `create database ${DATABASE}`);
    const migrating = openPostgres(onDatabase(primaryUrl), 1);
    await migrateToLatest(migrating.db);
    await migrating.close();
  }, 60_000);

  afterAll(async () => {
    for (const { app, database } of opened) {
      await app.close();
      await database.close();
    }
    if (dir) pair('stop', dir);
  }, 60_000);

  test("reads are spread over the primary and the standby, but go to the standby only once it has replayed the account's own writes", async () => {
    const { app, http } = instance();
    const alice = await account(app);
    const bob = await account(app);
    const written = await http.post('/v1/memories').set(bearer(alice.key)).send({ text: 'Written before the pause' }).expect(201);
    // The answer carries the write's WAL position.
    expect(written.headers['mtl-read-after']).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);

    await onStandby('select pg_wal_replay_pause()');
    try {
      const paused = await http.post('/v1/memories').set(bearer(alice.key)).send({ text: 'Written while the standby waits' }).expect(201);
      // Alice's reads see her write: the standby has not replayed it, so they all run on the primary.
      const before = await reads(http);
      for (let i = 0; i < 4; i += 1) {
        const own = await http.get(`/v1/memories/${paused.body.data.id}`).set(bearer(alice.key));
        expect(own.status).toBe(200);
        expect(own.body.data.text).toBe('Written while the standby waits');
      }
      const afterAlice = await reads(http);
      expect(afterAlice.replica - before.replica).toBe(0);
      expect(afterAlice.primary - before.primary).toBe(4);
      // Bob has written nothing since: his reads are spread over the primary and the standby.
      for (let i = 0; i < 4; i += 1) await http.get('/v1/memories?limit=5').set(bearer(bob.key)).expect(200);
      const afterBob = await reads(http);
      expect(afterBob.replica - afterAlice.replica).toBe(2);
      expect(afterBob.primary - afterAlice.primary).toBe(2);
    } finally {
      await onStandby('select pg_wal_replay_resume()');
    }
    // Once replayed, Alice's reads go to the standby too.
    for (let i = 0; i < 50; i += 1) {
      const before = await reads(http);
      await http.get('/v1/memories?limit=5').set(bearer(alice.key)).expect(200);
      if ((await reads(http)).replica > before.replica) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the standby took no read of an account whose writes it had replayed');
  });

  test("another instance reads a write when the request carries the write's position", async () => {
    const first = instance();
    const second = instance();
    const alice = await account(first.app);
    await onStandby('select pg_wal_replay_pause()');
    try {
      const written = await first.http.post('/v1/memories').set(bearer(alice.key)).send({ text: 'Read through the other instance' }).expect(201);
      const position = written.headers['mtl-read-after'] as string;
      // Without the position, the other instance knows nothing of the write: of two reads, the
      // standby's turn does not find it (the standby has not replayed it), the primary's does.
      const blind = [];
      for (let i = 0; i < 2; i += 1) blind.push((await second.http.get(`/v1/memories/${written.body.data.id}`).set(bearer(alice.key))).status);
      expect(blind.sort()).toEqual([200, 404]);
      // With it, every read finds it.
      for (let i = 0; i < 2; i += 1) {
        const read = await second.http.get(`/v1/memories/${written.body.data.id}`).set(bearer(alice.key)).set('MTL-Read-After', position);
        expect(read.status).toBe(200);
        expect(read.body.data.text).toBe('Read through the other instance');
      }
    } finally {
      await onStandby('select pg_wal_replay_resume()');
    }
  });

  test('when the standby is promoted under 8 writers, no acknowledged write is lost or made twice, and writes resume within 10 s', async () => {
    const { app, http } = instance();
    const writer = await account(app);
    const acknowledged = new Set<string>();
    // Writes that committed although their answer was lost: their retries are told so.
    const answerLost = new Set<string>();
    const failures = { first: null as number | null, count: 0, replayed: 0 };
    let promotedAt = 0;
    let resumedAt = 0;
    let stop = false;

    const write = async (n: number, i: number): Promise<void> => {
      const text = `writer ${n} write ${i}`;
      const key = `failover-${n}-${i}`;
      for (;;) {
        const res = await http.post('/v1/memories').set(bearer(writer.key)).set('Idempotency-Key', key).send({ text }).catch(() => null);
        if (res?.status === 201) {
          acknowledged.add(text);
          // A retry of a write that committed before its answer was lost: answered from its record.
          if (res.headers['idempotent-replayed']) failures.replayed += 1;
          if (promotedAt && !resumedAt) resumedAt = Date.now();
          return;
        }
        if (res?.body?.error?.code === 'idempotency_answer_lost') {
          answerLost.add(text);
          return;
        }
        if (res && res.status !== 503 && res.body?.error?.code !== 'idempotency_key_in_use') {
          throw new Error(`write ${key}: ${res.status} ${JSON.stringify(res.body)}`);
        }
        if (res?.status === 503) expect(res.headers['retry-after']).toBeDefined();
        failures.first ??= Date.now();
        failures.count += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const writers = Array.from({ length: 8 }, async (_, n) => {
      for (let i = 0; !stop || i < 5; i += 1) await write(n, i);
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const crashedAt = Date.now();
    await pairInBackground('promote', dir, '--stop-primary');
    promotedAt = Date.now();
    while (!resumedAt && Date.now() - promotedAt < 30_000) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    stop = true;
    await Promise.all(writers);

    expect(resumedAt).toBeGreaterThan(0);
    const recovery = (resumedAt - promotedAt) / 1000;
    process.stdout.write(
      `failover: ${acknowledged.size} writes acknowledged, ${failures.count} answers 503 (or no answer) from ${((failures.first ?? crashedAt) - crashedAt) / 1000} s after the crash, ` +
        `${failures.replayed} retries answered from their idempotency record, ${answerLost.size} told their write was made; promotion took ${(promotedAt - crashedAt) / 1000} s, ` +
        `writes resumed ${recovery.toFixed(2)} s after it\n`,
    );
    expect(recovery).toBeLessThan(10);
    const { rows } = await sql<{ text: string; copies: number }>`
      select text, count(*)::int as copies from memories where account_id = ${writer.accountId} group by text`.execute(app.services.db);
    const stored = new Map(rows.map((row) => [row.text, row.copies]));
    expect([...acknowledged, ...answerLost].filter((text) => stored.get(text) !== 1)).toEqual([]);
    expect(rows.filter((row) => row.copies > 1)).toEqual([]);
  }, 90_000);
});
