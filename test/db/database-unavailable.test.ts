import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openPostgres, type Database } from '../../src/db/connect';
import { adminQuery, openTestDatabase, postgresOnly, testDatabaseUrl } from '../support/database';
import { bearer, signSession, TEST_JWT_SECRET } from '../support/app';
import { TcpProxy } from '../support/tcp-proxy';
import { expectError } from '../support/assertions';

const url = testDatabaseUrl();
const onPostgres = postgresOnly('database-unavailable tests');

onPostgres('when PostgreSQL goes away and comes back', () => {
  let owner: Database & { url?: string };
  let proxied: Database;
  let proxy: TcpProxy;
  let app: App;
  let http: ReturnType<typeof request>;
  let databaseName: string;

  beforeAll(async () => {
    owner = await openTestDatabase();
    const target = new URL(owner.url as string);
    databaseName = target.pathname.slice(1);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.start();
    const viaProxy = new URL(target.toString());
    viaProxy.host = `127.0.0.1:${port}`;
    proxied = openPostgres(viaProxy.toString(), 4, 200);
    const config = loadConfig({
      APP_JWT_SECRET: TEST_JWT_SECRET,
      VALIDATE_RESPONSES: 'true',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'mtl-data-')),
      EMBEDDINGS: 'off',
    });
    app = createApp({ config, database: proxied });
    http = request(app.express);
  });

  afterAll(async () => {
    await proxy.start();
    await app.close().catch(() => undefined);
    await proxied.close();
    await proxy.stop();
    await owner.close();
  });

  test('then requests get 503 service_unavailable with Retry-After, /readyz turns unready, and both recover without a restart', async () => {
    const session = await signSession(`down-${Date.now()}`);
    expect((await http.get('/v1/memories').set(bearer(session))).status).toBe(200);
    expect((await http.get('/readyz')).status).toBe(200);

    await proxy.stop();
    const down = await http.get('/v1/memories').set(bearer(session));
    expectError(down, 503, 'service_unavailable', true);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.body.error.details).toEqual({ retry_after_seconds: 5 });
    const unready = await http.get('/readyz');
    expect(unready.status).toBe(503);
    expect(unready.body.error.code).toBe('service_unavailable');
    // Liveness does not depend on the database.
    expect((await http.get('/healthz')).status).toBe(200);

    await proxy.start();
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await http.get('/v1/memories').set(bearer(session))).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    expect((await http.get('/readyz')).status).toBe(200);
  });

  test('when PostgreSQL terminates the service connections, then the service answers again', async () => {
    const session = await signSession(`terminated-${Date.now()}`);
    const created = await http.post('/v1/memories').set(bearer(session)).send({ text: 'survives a reconnect' });
    expect(created.status).toBe(201);

    await adminQuery(
      url as string,
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${databaseName}' and pid <> pg_backend_pid()`,
    );

    // At most the requests that held a terminated connection fail, and they fail as 503.
    const deadline = Date.now() + 10_000;
    let res = await http.get(`/v1/memories/${created.body.data.id}`).set(bearer(session));
    while (res.status !== 200 && Date.now() < deadline) {
      expectError(res, 503, 'service_unavailable', true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      res = await http.get(`/v1/memories/${created.body.data.id}`).set(bearer(session));
    }
    expect(res.status).toBe(200);
    expect(res.body.data.text).toBe('survives a reconnect');
  });
});
