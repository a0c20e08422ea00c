import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/app';
import { startServer, type RunningServer } from '../../src/server';
import { openTestDatabase, postgresOnly } from '../support/database';
import { signSession, TEST_JWT_SECRET } from '../support/app';

const onPostgres = postgresOnly('graceful-shutdown tests (a row lock held from a second connection)');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

onPostgres('graceful shutdown', () => {
  test('when the server stops with a request in flight, then it refuses new connections, finishes that request, writes its activity and closes', async () => {
    // A database of its own (dropped when `owner` closes, at the end); the server opens its own pool.
    const owner = await openTestDatabase();
    const databaseUrl = owner.url as string;
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      APP_JWT_SECRET: TEST_JWT_SECRET,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'mtl-data-')),
      EMBEDDINGS: 'off',
      ACTIVITY_FLUSH_MS: '60000',
    });
    const running: RunningServer = await startServer(config, createLogger({ ...config, logLevel: 'silent' }));
    const base = `http://127.0.0.1:${running.port}`;
    const session = await signSession(`shutdown-${Date.now()}`);
    const post = (path: string, token: string, body: unknown) =>
      fetch(base + path, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    type Data<T> = { data: T };
    const key = ((await (await post('/v1/account/api-keys', session, { name: 'k', mode: 'read_write' })).json()) as Data<{ id: string; secret: string }>).data;
    const memory = ((await (await post('/v1/memories', key.secret, { text: 'before the lock' })).json()) as Data<{ id: string }>).data;

    // A second connection holds the Memory's row, so the PATCH below waits in flight.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select id from memories where id = $1 for update', [memory.id]);
    const inFlight = fetch(`${base}/v1/memories/${memory.id}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${key.secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'written during shutdown' }),
    });
    await sleep(300);

    const stopped = running.stop();
    await sleep(300);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();

    await locker.query('commit');
    await locker.end();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(((await res.json()) as Data<{ text: string }>).data.text).toBe('written during shutdown');
    await stopped;

    // The activity entries were still buffered (flush every 60 s): shutdown wrote them.
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    const { rows } = await check.query('select operation, status from api_key_activity where key_id = $1 order by at', [key.id]);
    await check.end();
    await owner.close();
    expect(rows).toEqual([
      { operation: 'createMemory', status: 201 },
      { operation: 'updateMemory', status: 200 },
    ]);
  });
});
