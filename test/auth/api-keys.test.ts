import request from 'supertest';
import { createApp } from '../../src/app';
import { createApiKey } from '../../src/domain/api-keys/api-keys';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { eventually, KEY_ID_PATTERN, SECRET_PATTERN, sleep } from './helpers';
import { DAY_MS } from '../support/clock';
import { expectError, TIMESTAMP_PATTERN } from '../support/assertions';
import { postgresOnly } from '../support/database';
import { pidOf, waiterOn, withLocker } from '../support/locks';

// SPEC section 9 and the API-key rules of section 1: create, list, revoke, rotate.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface ApiKeyBody {
  id: string;
  name: string;
  mode: 'read_only' | 'read_write';
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  secret?: string;
}

const API_KEY_FIELDS = ['created_at', 'expires_at', 'id', 'last_used_at', 'mode', 'name', 'prefix', 'revoked_at'];

async function create(session: string, body: Record<string, unknown>) {
  return t.http.post('/v1/account/api-keys').set(bearer(session)).send(body);
}

async function listAll(session: string): Promise<ApiKeyBody[]> {
  const res = await t.http.get('/v1/account/api-keys').query({ limit: 100 }).set(bearer(session));
  expect(res.status).toBe(200);
  return res.body.data;
}

async function canRead(key: string): Promise<number> {
  return (await t.http.get('/v1/memories').set(bearer(key))).status;
}

async function canWrite(key: string): Promise<number> {
  return (await t.http.post('/v1/memories').set(bearer(key)).send({ text: 'written by a key' })).status;
}

describe('creating a key', () => {
  test.each(['read_write', 'read_only'] as const)(
    'when a session creates a %s key, then it gets 201, a Location and the secret once',
    async (mode) => {
      const alice = await t.account();
      const res = await create(alice.session, { name: 'CI deploy', mode });
      expect(res.status).toBe(201);
      const key = res.body.data as ApiKeyBody & { secret: string };
      expect(Object.keys(res.body).sort()).toEqual(['data', 'ok']);
      expect(Object.keys(key).sort()).toEqual([...API_KEY_FIELDS, 'secret'].sort());
      expect(key.id).toMatch(KEY_ID_PATTERN);
      expect(res.headers.location).toBe(`/v1/account/api-keys/${key.id}`);
      expect(key.secret).toMatch(SECRET_PATTERN);
      // 32 random characters, then the account's ID (without acc_), then the checksum.
      expect(key.secret).toHaveLength(71);
      expect(`acc_${key.secret.slice(39, 65)}`).toBe(alice.accountId);
      expect(key.secret.startsWith(mode === 'read_write' ? 'mtl_rw_' : 'mtl_ro_')).toBe(true);
      expect(key.prefix).toBe(key.secret.slice(0, 12));
      expect(key).toMatchObject({ name: 'CI deploy', mode, last_used_at: null, expires_at: null, revoked_at: null });
      expect(key.created_at).toMatch(TIMESTAMP_PATTERN);
    },
  );

  test('when a read-write key is created, then it can read and write', async () => {
    const alice = await t.account();
    const res = await create(alice.session, { name: 'writer', mode: 'read_write' });
    expect(await canRead(res.body.data.secret)).toBe(200);
    expect(await canWrite(res.body.data.secret)).toBe(201);
  });

  test('when a read-only key is created, then it can read but not write', async () => {
    const alice = await t.account();
    const res = await create(alice.session, { name: 'reader', mode: 'read_only' });
    expect(await canRead(res.body.data.secret)).toBe(200);
    expect(await canWrite(res.body.data.secret)).toBe(403);
  });

  test('when a key is created with expires_in_days, then expires_at is that many days after created_at', async () => {
    const alice = await t.account();
    const res = await create(alice.session, { name: 'thirty days', mode: 'read_only', expires_in_days: 30 });
    expect(res.status).toBe(201);
    expect(res.body.data.expires_at).toMatch(TIMESTAMP_PATTERN);
    expect(Date.parse(res.body.data.expires_at) - Date.parse(res.body.data.created_at)).toBe(30 * DAY_MS);
  });

  test('when two keys are created, then each has its own secret and ID', async () => {
    const alice = await t.account();
    const a = await create(alice.session, { name: 'same name', mode: 'read_write' });
    const b = await create(alice.session, { name: 'same name', mode: 'read_write' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body.data.id).not.toBe(b.body.data.id);
    expect(a.body.data.secret).not.toBe(b.body.data.secret);
  });

  test('when a name of exactly 100 characters is sent, then the key is created', async () => {
    const alice = await t.account();
    const res = await create(alice.session, { name: 'n'.repeat(100), mode: 'read_only' });
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe('n'.repeat(100));
  });

  test.each([
    ['the name is empty', { name: '', mode: 'read_only' }],
    ['the name is only spaces', { name: '    ', mode: 'read_only' }],
    ['the name has 101 characters', { name: 'n'.repeat(101), mode: 'read_only' }],
    ['the name is missing', { mode: 'read_only' }],
    // The contract says string: a number must not be coerced to "42" (validator coerceTypes on bodies).
    ['the name is not a string', { name: 42, mode: 'read_only' }],
    ['the mode is unknown', { name: 'bad mode', mode: 'admin' }],
    ['the mode is missing', { name: 'no mode' }],
    ['expires_in_days is 0', { name: 'zero', mode: 'read_only', expires_in_days: 0 }],
    ['expires_in_days is negative', { name: 'negative', mode: 'read_only', expires_in_days: -1 }],
    ['expires_in_days is a fraction', { name: 'fraction', mode: 'read_only', expires_in_days: 1.5 }],
    ['expires_in_days is over 3650', { name: 'too long', mode: 'read_only', expires_in_days: 3651 }],
    ['an unknown field is sent', { name: 'extra', mode: 'read_only', admin: true }],
  ])('when %s, then it gets 400 invalid_request and no key is created', async (_label, body) => {
    const alice = await t.account();
    expectError(await create(alice.session, body), 400, 'invalid_request');
    expect(await listAll(alice.session)).toHaveLength(2);
  });
});

describe('the secret is shown once', () => {
  test('when keys are listed, revoked or rotated, then no response carries the secret again', async () => {
    const alice = await t.account();
    const created = await create(alice.session, { name: 'shown once', mode: 'read_write' });
    const { id, secret } = created.body.data as { id: string; secret: string };

    const list = await t.http.get('/v1/account/api-keys').set(bearer(alice.session));
    expect(list.status).toBe(200);
    for (const item of list.body.data) {
      expect(Object.keys(item).sort()).toEqual(API_KEY_FIELDS);
    }
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(JSON.stringify(list.body)).not.toContain(alice.readWriteKey);
    expect(JSON.stringify(list.body)).not.toContain(alice.readOnlyKey);

    const rotated = await t.http.post(`/v1/account/api-keys/${alice.readOnlyKeyId}/rotate`).set(bearer(alice.session));
    expect(rotated.status).toBe(201);
    expect(JSON.stringify(rotated.body)).not.toContain(alice.readOnlyKey);

    const revoked = await t.http.delete(`/v1/account/api-keys/${id}`).set(bearer(alice.session));
    expect(revoked.status).toBe(200);
    expect(Object.keys(revoked.body.data).sort()).toEqual(API_KEY_FIELDS);
    expect(JSON.stringify(revoked.body)).not.toContain(secret);

    const activity = await t.http.get(`/v1/account/api-keys/${id}/activity`).set(bearer(alice.session));
    expect(activity.status).toBe(200);
    expect(JSON.stringify(activity.body)).not.toContain(secret);
  });

  test('when the database is inspected, then only a hash of the key is stored', async () => {
    const alice = await t.account();
    const row = await t.database.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', alice.readWriteKeyId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(alice.readWriteKey);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.prefix).toBe(alice.readWriteKey.slice(0, 12));
  });
});

describe('listing keys', () => {
  async function accountWithKeys(extra: number): Promise<{ account: TestAccount; newestFirst: string[] }> {
    const account = await t.account();
    const ids = [account.readWriteKeyId, account.readOnlyKeyId];
    for (let i = 0; i < extra; i += 1) {
      // A few milliseconds apart, so each key has its own created_at.
      await sleep(3);
      const res = await create(account.session, { name: `key ${i}`, mode: i % 2 ? 'read_only' : 'read_write' });
      expect(res.status).toBe(201);
      ids.push(res.body.data.id);
    }
    return { account, newestFirst: ids.reverse() };
  }

  test('when keys are listed, then they come newest first, revoked keys included', async () => {
    const { account, newestFirst } = await accountWithKeys(3);
    await t.http.delete(`/v1/account/api-keys/${account.readOnlyKeyId}`).set(bearer(account.session)).expect(200);
    const res = await t.http.get('/v1/account/api-keys').set(bearer(account.session));
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.data.map((key: ApiKeyBody) => key.id)).toEqual(newestFirst);
    const createdAt = res.body.data.map((key: ApiKeyBody) => Date.parse(key.created_at));
    expect([...createdAt].sort((a, b) => b - a)).toEqual(createdAt);
    const revoked = res.body.data.find((key: ApiKeyBody) => key.id === account.readOnlyKeyId);
    expect(revoked.revoked_at).toMatch(TIMESTAMP_PATTERN);
  });

  test('when keys are listed page by page with limit and cursor, then every key appears once, in order', async () => {
    const { account, newestFirst } = await accountWithKeys(5);
    const seen: string[] = [];
    const pageSizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string | number> = cursor === null ? { limit: 3 } : { limit: 3, cursor };
      const res = await t.http.get('/v1/account/api-keys').query(query).set(bearer(account.session));
      expect(res.status).toBe(200);
      pageSizes.push(res.body.data.length);
      seen.push(...res.body.data.map((key: ApiKeyBody) => key.id));
      cursor = res.body.next_cursor;
      expect(pageSizes.length).toBeLessThan(10);
    } while (cursor !== null);
    expect(pageSizes).toEqual([3, 3, 1]);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(newestFirst);
  });

  test('when a page holds exactly the remaining keys, then next_cursor is null', async () => {
    const { account } = await accountWithKeys(0);
    const res = await t.http.get('/v1/account/api-keys').query({ limit: 2 }).set(bearer(account.session));
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.next_cursor).toBeNull();
  });

  test('when limit is over 100 or 0, then it gets 400 invalid_request', async () => {
    const alice = await t.account();
    for (const limit of [101, 0]) {
      expectError(
        await t.http.get('/v1/account/api-keys').query({ limit }).set(bearer(alice.session)),
        400,
        'invalid_request',
      );
    }
  });

  test('when the cursor is garbage, then it gets 400 invalid_cursor', async () => {
    const alice = await t.account();
    expectError(
      await t.http.get('/v1/account/api-keys').query({ cursor: 'not-a-cursor' }).set(bearer(alice.session)),
      400,
      'invalid_cursor',
    );
  });
});

describe('revoking a key', () => {
  test('when a key in use is revoked, then its very next request gets 401 unauthorized', async () => {
    const alice = await t.account();
    expect(await canWrite(alice.readWriteKey)).toBe(201);
    const res = await t.http.delete(`/v1/account/api-keys/${alice.readWriteKeyId}`).set(bearer(alice.session));
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.data).toMatchObject({ id: alice.readWriteKeyId, name: 'read_write key', mode: 'read_write' });
    expect(res.body.data.revoked_at).toMatch(TIMESTAMP_PATTERN);
    expectError(await t.http.get('/v1/memories').set(bearer(alice.readWriteKey)), 401, 'unauthorized');
    expectError(
      await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send({ text: 'after revocation' }),
      401,
      'unauthorized',
    );
  });

  test('when a key is revoked twice, then the second DELETE is 200 with the same revoked_at', async () => {
    const alice = await t.account();
    const first = await t.http.delete(`/v1/account/api-keys/${alice.readOnlyKeyId}`).set(bearer(alice.session));
    expect(first.status).toBe(200);
    await sleep(5);
    const second = await t.http.delete(`/v1/account/api-keys/${alice.readOnlyKeyId}`).set(bearer(alice.session));
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.body.data.revoked_at).toBe(first.body.data.revoked_at);
    const listed = (await listAll(alice.session)).find((key) => key.id === alice.readOnlyKeyId);
    expect(listed?.revoked_at).toBe(first.body.data.revoked_at);
  });

  test('when an unknown key ID is revoked, then it gets 404 api_key_not_found', async () => {
    const alice = await t.account();
    expectError(
      await t.http.delete('/v1/account/api-keys/key_00000000000000000000000000').set(bearer(alice.session)),
      404,
      'api_key_not_found',
    );
  });

  test('when a malformed key ID is revoked, then it gets 400 invalid_request', async () => {
    const alice = await t.account();
    expectError(
      await t.http.delete('/v1/account/api-keys/key_123').set(bearer(alice.session)),
      400,
      'invalid_request',
    );
    // The key itself where its ID belongs is a credential in the URL: refused as such.
    expectError(
      await t.http.delete(`/v1/account/api-keys/${alice.readWriteKey}`).set(bearer(alice.session)),
      400,
      'credentials_in_query',
    );
  });
});

describe('rotating a key', () => {
  test.each([
    ['read_write', (a: TestAccount) => ({ id: a.readWriteKeyId, secret: a.readWriteKey })],
    ['read_only', (a: TestAccount) => ({ id: a.readOnlyKeyId, secret: a.readOnlyKey })],
  ] as const)(
    'when a %s key is rotated, then a new key of the same name and mode replaces it and the old one gets 401',
    async (mode, pick) => {
      const alice = await t.account();
      const old = pick(alice);
      expect(await canRead(old.secret)).toBe(200);

      const res = await t.http.post(`/v1/account/api-keys/${old.id}/rotate`).set(bearer(alice.session));
      expect(res.status).toBe(201);
      const fresh = res.body.data as ApiKeyBody & { secret: string };
      expect(Object.keys(fresh).sort()).toEqual([...API_KEY_FIELDS, 'secret'].sort());
      expect(res.headers.location).toBe(`/v1/account/api-keys/${fresh.id}`);
      expect(fresh.id).toMatch(KEY_ID_PATTERN);
      expect(fresh.id).not.toBe(old.id);
      expect(fresh.secret).toMatch(SECRET_PATTERN);
      expect(fresh.secret).not.toBe(old.secret);
      expect(fresh.prefix).toBe(fresh.secret.slice(0, 12));
      expect(fresh).toMatchObject({ name: `${mode} key`, mode, revoked_at: null, last_used_at: null, expires_at: null });

      expectError(await t.http.get('/v1/memories').set(bearer(old.secret)), 401, 'unauthorized');
      expect(await canRead(fresh.secret)).toBe(200);
      expect(await canWrite(fresh.secret)).toBe(mode === 'read_write' ? 201 : 403);

      const keys = await listAll(alice.session);
      expect(keys.map((key) => key.id)).toEqual(expect.arrayContaining([old.id, fresh.id]));
      expect(keys.find((key) => key.id === old.id)?.revoked_at).toMatch(TIMESTAMP_PATTERN);
      expect(keys.find((key) => key.id === fresh.id)?.revoked_at).toBeNull();
    },
  );

  test('when a key with an expiry is rotated, then the new key gets the same lifetime counted from now', async () => {
    const alice = await t.account();
    const created = await create(alice.session, { name: 'weekly', mode: 'read_only', expires_in_days: 7 });
    const res = await t.http.post(`/v1/account/api-keys/${created.body.data.id}/rotate`).set(bearer(alice.session));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'weekly', mode: 'read_only' });
    expect(Date.parse(res.body.data.expires_at) - Date.parse(res.body.data.created_at)).toBe(7 * DAY_MS);
  });

  test('when a revoked key is rotated, then it gets 400 invalid_request and no key is created', async () => {
    const alice = await t.account();
    await t.http.delete(`/v1/account/api-keys/${alice.readOnlyKeyId}`).set(bearer(alice.session)).expect(200);
    expectError(
      await t.http.post(`/v1/account/api-keys/${alice.readOnlyKeyId}/rotate`).set(bearer(alice.session)),
      400,
      'invalid_request',
    );
    expect(await listAll(alice.session)).toHaveLength(2);
  });

  test('when a key is rotated twice, then the second rotation of the same (now revoked) key is 400 invalid_request', async () => {
    const alice = await t.account();
    const first = await t.http.post(`/v1/account/api-keys/${alice.readWriteKeyId}/rotate`).set(bearer(alice.session));
    expect(first.status).toBe(201);
    expectError(
      await t.http.post(`/v1/account/api-keys/${alice.readWriteKeyId}/rotate`).set(bearer(alice.session)),
      400,
      'invalid_request',
    );
    // The replacement from the first rotation keeps working.
    expect(await canWrite(first.body.data.secret)).toBe(201);
  });

  test('when the same key is rotated twice at the same moment, then exactly one rotation wins', async () => {
    const alice = await t.account();
    const rotate = () => t.http.post(`/v1/account/api-keys/${alice.readWriteKeyId}/rotate`).set(bearer(alice.session));
    const results = await Promise.all([rotate(), rotate()]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 400]);
    const loser = results.find((res) => res.status === 400);
    if (!loser) throw new Error('no losing rotation');
    expectError(loser, 400, 'invalid_request');
    const keys = await listAll(alice.session);
    expect(keys).toHaveLength(3);
    expect(keys.filter((key) => key.revoked_at === null && key.mode === 'read_write')).toHaveLength(1);
  });

  test('when an unknown key ID is rotated, then it gets 404 api_key_not_found', async () => {
    const alice = await t.account();
    expectError(
      await t.http.post('/v1/account/api-keys/key_00000000000000000000000000/rotate').set(bearer(alice.session)),
      404,
      'api_key_not_found',
    );
  });
});

const onPostgres = postgresOnly('the race of two key creations for the last room (a second connection)');

describe('the number of keys in force', () => {
  const API_KEYS_MAX = 100;

  /** Gives the account (which has its two keys) as many keys in force as `count`, made as a session would. */
  async function fillTo(account: TestAccount, count: number): Promise<void> {
    const owner = { kind: 'session', accountId: account.accountId } as const;
    for (let i = 2; i < count; i += 1) await createApiKey(t.app.services, owner, { name: `agent ${i}`, mode: 'read_only' });
  }

  /** The account's keys neither revoked nor expired, read page by page. */
  async function activeKeys(session: string): Promise<ApiKeyBody[]> {
    const keys: ApiKeyBody[] = [];
    let cursor: string | null = null;
    do {
      const res: request.Response = await t.http.get('/v1/account/api-keys').query({ limit: 100, ...(cursor ? { cursor } : {}) }).set(bearer(session));
      expect(res.status).toBe(200);
      keys.push(...(res.body.data as ApiKeyBody[]));
      cursor = res.body.next_cursor;
    } while (cursor);
    return keys.filter((key) => key.revoked_at === null && (key.expires_at === null || Date.parse(key.expires_at) > Date.now()));
  }

  test('when an account has 100 keys in force, then one more gets 400 api_key_limit_reached; rotating one still works, and revoking one makes room', async () => {
    const alice = await t.account();
    await fillTo(alice, API_KEYS_MAX);
    const refused = await create(alice.session, { name: 'one too many', mode: 'read_only' });
    expectError(refused, 400, 'api_key_limit_reached');
    expect(refused.body.error.details).toEqual({ api_keys_max: API_KEYS_MAX });
    expect(await activeKeys(alice.session)).toHaveLength(API_KEYS_MAX);

    // A rotation replaces a key: it is not one more.
    const rotated = await t.http.post(`/v1/account/api-keys/${alice.readWriteKeyId}/rotate`).set(bearer(alice.session));
    expect(rotated.status).toBe(201);
    expect(await canRead(rotated.body.data.secret)).toBe(200);
    expectError(await create(alice.session, { name: 'still too many', mode: 'read_only' }), 400, 'api_key_limit_reached');

    await t.http.delete(`/v1/account/api-keys/${alice.readOnlyKeyId}`).set(bearer(alice.session)).expect(200);
    const made = await create(alice.session, { name: 'in its place', mode: 'read_only' });
    expect(made.status).toBe(201);
    expect(await canRead(made.body.data.secret)).toBe(200);
    expectError(await create(alice.session, { name: 'over again', mode: 'read_only' }), 400, 'api_key_limit_reached');
    expect(await activeKeys(alice.session)).toHaveLength(API_KEYS_MAX);
  });

  test('when one of 100 keys has expired, then it does not count and another key can be made', async () => {
    const alice = await t.account();
    await fillTo(alice, API_KEYS_MAX);
    await t.database.db.updateTable('api_keys').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', alice.readOnlyKeyId).execute();
    expect((await create(alice.session, { name: 'after the expired one', mode: 'read_only' })).status).toBe(201);
    expectError(await create(alice.session, { name: 'one too many', mode: 'read_only' }), 400, 'api_key_limit_reached');
  });

  onPostgres('two creations racing for the last room (PostgreSQL: a second connection holds the key table)', () => {
    test('when two keys are created at the same moment with room for one, then exactly one is made', async () => {
      const alice = await t.account();
      await fillTo(alice, API_KEYS_MAX - 1);
      await withLocker(t, async (locker) => {
        // Keys can be counted but not written: each creation goes as far as it can before the locker lets go.
        await locker.query('lock table api_keys in share mode');
        const lockerPid = await pidOf(locker);
        const answers = [0, 1].map((i) => create(alice.session, { name: `racing ${i}`, mode: 'read_only' }).then((res) => res));
        const first = await waiterOn(locker, [lockerPid]);
        if (first === null) throw new Error('no creation waits');
        await waiterOn(locker, [lockerPid, first], [first]);
        await locker.query('commit');
        const results = await Promise.all(answers);
        expect(results.map((res) => res.status).sort()).toEqual([201, 400]);
      });
      expect(await activeKeys(alice.session)).toHaveLength(API_KEYS_MAX);
    });
  });
});

describe('revocation reaches every instance', () => {
  test('when a key cached by another instance is revoked, then that instance refuses it within 5 seconds', async () => {
    // A second instance of the service on the same database, with its own key cache.
    const other = createApp({ config: t.config, database: t.database });
    try {
      const otherHttp = request(other.express);
      const alice = await t.account();
      expect((await otherHttp.get('/v1/memories').set(bearer(alice.readWriteKey))).status).toBe(200);

      const revokedAt = Date.now();
      await t.http.delete(`/v1/account/api-keys/${alice.readWriteKeyId}`).set(bearer(alice.session)).expect(200);
      // The instance that revoked it refuses it at once.
      expectError(await t.http.get('/v1/memories').set(bearer(alice.readWriteKey)), 401, 'unauthorized');

      const refused = await eventually(async () => {
        const res = await otherHttp.get('/v1/memories').set(bearer(alice.readWriteKey));
        return res.status === 401 ? { res, at: Date.now() } : null;
      }, 6000);
      expect(refused.at - revokedAt).toBeLessThanOrEqual(5000);
      expectError(refused.res, 401, 'unauthorized');
    } finally {
      await other.close();
    }
  });
});
