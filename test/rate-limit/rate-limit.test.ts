import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { createApp } from '../../src/app';
import { createApiKey } from '../../src/domain/api-keys/api-keys';
import { connectRedis, type RedisConnection } from '../../src/edge/rate-limit';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import { end, fileId, header, importText, memoryLine, toText } from '../portability/helpers';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MCP_HEADERS = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
const listTools = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list', params: {} });

/** The `RateLimit` entry of one budget, such as `{ r: 2, t: 60 }`. */
function remainingIn(res: request.Response, budget: string): { r: number; t: number } | null {
  const match = new RegExp(`"${budget}"; r=(\\d+); t=(\\d+)`).exec(String(res.headers['ratelimit'] ?? ''));
  return match ? { r: Number(match[1]), t: Number(match[2]) } : null;
}

describe('per-principal budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  test('every /v1 response carries RateLimit-Policy and RateLimit', async () => {
    const alice = await t.account();
    const res = await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey));
    expect(res.status).toBe(200);
    expect(res.headers['ratelimit-policy']).toMatch(/q=3/);
    expect(res.headers['ratelimit']).toMatch(/r=2/);
    const unauthenticated = await t.http.get('/v1/memories');
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers['ratelimit-policy']).toBeDefined();
    // Refusals before any operation runs carry them as well.
    const refusals = [
      await t.http.get('/v1/memories?token=x').set(bearer(alice.readWriteKey)),
      await t.http.get('/v1/no-such-route').set(bearer(alice.readWriteKey)),
      await t.http.delete('/v1/memories/search').set(bearer(alice.readWriteKey)),
      // A path parameter that is not a valid percent-escape is refused before its route's steps run.
      await t.http.get('/v1/memories/%E0%A4%A').set(bearer(alice.readWriteKey)),
    ];
    expect(refusals.map((res) => res.status)).toEqual([400, 404, 405, 400]);
    for (const res of refusals) {
      expect(res.headers['ratelimit-policy']).toBeDefined();
      expect(res.headers['ratelimit']).toBeDefined();
    }
  });

  test('when a key has used its budget, then it gets 429 rate_limited with Retry-After, while another key of the account still works', async () => {
    const alice = await t.account();
    for (let i = 0; i < 3; i += 1) expect((await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey))).status).toBe(200);
    const limited = await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey));
    expectError(limited, 429, 'rate_limited', true);
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(limited.body.error.details).toEqual({ retry_after_seconds: seconds });
    expect(limited.headers['ratelimit']).toMatch(/r=0/);
    // The budget belongs to the key: the account's other key has its own.
    expect((await t.http.get('/v1/memories').set(bearer(alice.readWriteKey))).status).toBe(200);
  });

  test("when a key's request is refused for its budget, then the activity entry names the route and operation it was refused", async () => {
    const alice = await t.account();
    for (let i = 0; i < 3; i += 1) expect((await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey))).status).toBe(200);
    expectError(await t.http.get('/v1/memories/search?q=x').set(bearer(alice.readOnlyKey)), 429, 'rate_limited', true);
    expectError(await t.http.get('/v1/no-such-route').set(bearer(alice.readOnlyKey)), 429, 'rate_limited', true);
    const res = await t.http.get(`/v1/account/api-keys/${alice.readOnlyKeyId}/activity`).set(bearer(alice.session));
    expect(res.status).toBe(200);
    const entries = (res.body.data as Array<{ route: string | null; operation: string | null; status: number }>).map(({ route, operation, status }) => ({ route, operation, status }));
    expect(entries.slice(0, 2)).toEqual([
      { route: null, operation: null, status: 429 },
      { route: '/v1/memories/search', operation: 'searchMemories', status: 429 },
    ]);
  });

  test('an import counts against the budget like any request, and one over it imports nothing', async () => {
    const carol = await t.account();
    for (let i = 0; i < 3; i += 1) expect((await importText(t, carol.readWriteKey, toText([header(), end()]))).status).toBe(200);
    const over = await importText(t, carol.readWriteKey, toText([header(), memoryLine(fileId('mem', 1), 'over the budget'), end({ memories: 1 })]));
    expectError(over, 429, 'rate_limited', true);
    expect((await t.http.get('/v1/memories').set(bearer(carol.readOnlyKey))).body.data).toEqual([]);
  });

  test('when a key that has used its budget is rotated, then the new key goes on with what is left of it, as does a key rotated from that one', async () => {
    const alice = await t.account();
    for (let i = 0; i < 3; i += 1) expect((await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey))).status).toBe(200);
    const rotated = await t.http.post(`/v1/account/api-keys/${alice.readOnlyKeyId}/rotate`).set(bearer(alice.session));
    expect(rotated.status).toBe(201);
    const limited = await t.http.get('/v1/memories').set(bearer(rotated.body.data.secret));
    expectError(limited, 429, 'rate_limited', true);
    expect(remainingIn(limited, 'principal')?.r).toBe(0);
    const again = await t.http.post(`/v1/account/api-keys/${rotated.body.data.id}/rotate`).set(bearer(alice.session));
    expect(again.status).toBe(201);
    expectError(await t.http.get('/v1/memories').set(bearer(again.body.data.secret)), 429, 'rate_limited', true);
    // A key made by creation has a budget of its own.
    const created = await t.http.post('/v1/account/api-keys').set(bearer(alice.session)).send({ name: 'new', mode: 'read_only' });
    expect((await t.http.get('/v1/memories').set(bearer(created.body.data.secret))).status).toBe(200);
  });

  test('a session budget belongs to its account', async () => {
    const bob = await t.account();
    const session = await t.sessionToken(bob.subject);
    // account() made its keys without a request, so the session has its whole budget of three.
    for (let i = 0; i < 3; i += 1) expect((await t.http.get('/v1/memories').set(bearer(session))).status).toBe(200);
    expectError(await t.http.get('/v1/memories').set(bearer(session)), 429, 'rate_limited', true);
  });
});

describe('per-account budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3', ACCOUNT_RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(() => t.close());

  test('every response of an authenticated request lists both budgets it drew on, the key\'s and the account\'s', async () => {
    const alice = await t.account();
    const res = await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey));
    expect(res.status).toBe(200);
    expect(res.headers['ratelimit-policy']).toMatch(/^"principal"; q=3; w=60; pk=:[^:]+:, "account"; q=5; w=60; pk=:[^:]+:$/);
    expect(remainingIn(res, 'principal')?.r).toBe(2);
    expect(remainingIn(res, 'account')?.r).toBe(4);
  });

  test("when an account's keys together use up its budget, then each of its keys and sessions gets 429 rate_limited, a new key too; another account is not held back", async () => {
    const alice = await t.account();
    for (let i = 0; i < 3; i += 1) expect((await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey))).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await t.http.get('/v1/memories').set(bearer(alice.readWriteKey))).status).toBe(200);
    const limited = await t.http.get('/v1/memories').set(bearer(alice.readWriteKey));
    expectError(limited, 429, 'rate_limited', true);
    // The account's budget binds, though the key has one request of its own left.
    expect(remainingIn(limited, 'principal')?.r).toBe(0);
    expect(remainingIn(limited, 'account')?.r).toBe(0);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectError(await t.http.get('/v1/memories').set(bearer(alice.session)), 429, 'rate_limited', true);
    const another = await createApiKey(t.app.services, { kind: 'session', accountId: alice.accountId }, { name: 'one more', mode: 'read_only' });
    expectError(await t.http.get('/v1/memories').set(bearer(another.secret)), 429, 'rate_limited', true);

    const bob = await t.account();
    expect((await t.http.get('/v1/memories').set(bearer(bob.readOnlyKey))).status).toBe(200);
  });

  test("a request the key's own budget refuses uses none of the account's", async () => {
    const alice = await t.account();
    for (let i = 0; i < 3; i += 1) expect((await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey))).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expectError(await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey)), 429, 'rate_limited', true);
    for (let i = 0; i < 2; i += 1) expect((await t.http.get('/v1/memories').set(bearer(alice.readWriteKey))).status).toBe(200);
    expectError(await t.http.get('/v1/memories').set(bearer(alice.readWriteKey)), 429, 'rate_limited', true);
  });

  test("each tool call of an MCP JSON-RPC batch draws on the account's budget too, once the key's own allows it", async () => {
    const alice = await t.account();
    for (let i = 0; i < 3; i += 1) expect((await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey))).status).toBe(200);
    expect((await t.http.get('/v1/memories').set(bearer(alice.session))).status).toBe(200);
    // One of the account's five is left, which the HTTP request takes for the first listing.
    const res = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(alice.readWriteKey)).send([1, 2].map(listTools));
    expect(res.status).toBe(200);
    const answers = res.body as Array<{ result?: unknown; error?: { data: { error: { code: string } } } }>;
    expect(answers.map((answer) => (answer.result ? 'listed' : answer.error?.data.error.code))).toEqual(['listed', 'rate_limited']);
    // The key had room for the second: the account's budget refused it.
    expect(remainingIn(res, 'principal')?.r).toBe(1);
    expect(remainingIn(res, 'account')?.r).toBe(0);
    expectError(await t.http.get('/v1/memories').set(bearer(alice.session)), 429, 'rate_limited', true);

    // The key's own budget refuses first: what it refuses is not taken from the account's.
    const bob = await t.account();
    const listedIn = (res: { body: unknown }) => (res.body as Array<{ result?: unknown }>).filter((answer) => answer.result).length;
    // Batches hold at most two messages: the key's three go in two of them.
    expect(listedIn(await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(bob.readWriteKey)).send([1, 2].map(listTools)))).toBe(2);
    const batch = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(bob.readWriteKey)).send([3, 4].map(listTools));
    expect(listedIn(batch)).toBe(1);
    expect(remainingIn(batch, 'principal')?.r).toBe(0);
    expect(remainingIn(batch, 'account')?.r).toBe(2);
    for (let i = 0; i < 2; i += 1) expect((await t.http.get('/v1/memories').set(bearer(bob.readOnlyKey))).status).toBe(200);
    expectError(await t.http.get('/v1/memories').set(bearer(bob.readOnlyKey)), 429, 'rate_limited', true);
  });
});

describe('failed authentication per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_FAILURE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  test('when an address keeps failing to authenticate, then its failures get 429 rate_limited; valid credentials are never refused', async () => {
    const alice = await t.account();
    for (let i = 0; i < 5; i += 1) expect((await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey))).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expectError(await t.http.get('/v1/memories').set(bearer('mtl_ro_wrong')), 401, 'unauthorized');
    const limited = await t.http.get('/v1/memories').set(bearer('mtl_ro_wrong'));
    expectError(limited, 429, 'rate_limited', true);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Successful requests used none of that budget and are not blocked by it.
    expect((await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey))).status).toBe(200);
  });
});

describe('failed authentication behind reverse proxies', () => {
  const forged = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

  describe.each([
    // One proxy in front: it appends the address it was called from.
    ['a hop count', '1', (from: string) => [from]],
    // An edge proxy at 10.1.2.3, then one on this machine: each appends the address it was called from.
    ['a list of proxy addresses', '127.0.0.1, ::1, 10.0.0.0/8', (from: string) => [from, '10.1.2.3']],
  ])('with TRUST_PROXY as %s', (_form, trustProxy, appended) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ env: { AUTH_FAILURE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: trustProxy } });
    });
    afterAll(() => t.close());

    const failFrom = (client: string) =>
      t.http
        .get('/v1/memories')
        .set(bearer('mtl_ro_wrong'))
        // The client starts the header as it likes; the proxies append what they saw.
        .set('X-Forwarded-For', [forged(), ...appended(client)].join(', '));

    test('a client cannot escape the failed-authentication limit by sending another left-most X-Forwarded-For each time: the address its proxy appended counts', async () => {
      for (let i = 0; i < 3; i += 1) expectError(await failFrom('203.0.113.7'), 401, 'unauthorized');
      expectError(await failFrom('203.0.113.7'), 429, 'rate_limited', true);
      // Another client behind the same proxies has a budget of its own.
      expectError(await failFrom('203.0.113.8'), 401, 'unauthorized');
    });
  });
});

describe('credentials in the URL per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_FAILURE_LIMIT_PER_MINUTE: '2' } });
  });
  afterAll(() => t.close());

  test('when an address keeps sending credentials in the URL, then its refusals carry the rate-limit headers and count as failed authentications', async () => {
    for (const remaining of [1, 0]) {
      const refused = await t.http.get('/v1/memories?token=x');
      expectError(refused, 400, 'credentials_in_query');
      expect(refused.headers['ratelimit-policy']).toMatch(/q=2/);
      expect(refused.headers['ratelimit']).toMatch(new RegExp(`r=${remaining}`));
    }
    expectError(await t.http.get('/v1/memories?api_key=x'), 429, 'rate_limited', true);
  });
});

async function redisOrNull(): Promise<RedisConnection | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      connectRedis(REDIS_URL),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), 2000);
      }),
    ]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

describe('several instances with REDIS_URL', () => {
  let redis: RedisConnection | null = null;
  let t: TestApp;
  beforeAll(async () => {
    redis = await redisOrNull();
    if (!redis) process.stdout.write(`Redis does not answer at ${REDIS_URL}: the shared-budget test is skipped\n`);
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '4' } });
  });
  afterAll(async () => {
    await t.close();
    if (redis) await redis.quit();
  });

  test('two instances on one Redis share one budget per key', async () => {
    if (!redis) return;
    const apps = [0, 1].map(() => createApp({ config: t.config, database: t.database, redis: redis as RedisConnection }));
    try {
      const session = await t.sessionToken(`shared-${randomBytes(4).toString('hex')}`);
      const created = await request(apps[0]!.express)
        .post('/v1/account/api-keys')
        .set(bearer(session))
        .send({ name: 'shared', mode: 'read_only' });
      expect(created.status).toBe(201);
      const key = created.body.data.secret as string;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        statuses.push((await request(apps[i % 2]!.express).get('/v1/memories').set(bearer(key))).status);
      }
      // Four requests fit the shared budget of four, whichever instance served them.
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });

  test("two instances on one Redis share one budget per account, and a rotated key's budget goes on", async () => {
    if (!redis) return;
    const config = { ...t.config, accountRateLimitPerMinute: 6 };
    const apps = [0, 1].map(() => createApp({ config, database: t.database, redis: redis as RedisConnection }));
    try {
      const alice = await t.account();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await request(apps[i % 2]!.express).get('/v1/memories').set(bearer(alice.readOnlyKey))).status);
      expect(statuses).toEqual([200, 200, 200, 200]);
      // The rotation is the account's fifth request, on the other instance.
      const rotated = await request(apps[1]!.express).post(`/v1/account/api-keys/${alice.readOnlyKeyId}/rotate`).set(bearer(alice.session));
      expect(rotated.status).toBe(201);
      expectError(await request(apps[0]!.express).get('/v1/memories').set(bearer(rotated.body.data.secret)), 429, 'rate_limited', true);
      // The sixth and last of the account's budget, then none, whichever key and instance.
      expect((await request(apps[0]!.express).get('/v1/memories').set(bearer(alice.readWriteKey))).status).toBe(200);
      expectError(await request(apps[1]!.express).get('/v1/memories').set(bearer(alice.readWriteKey)), 429, 'rate_limited', true);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});
