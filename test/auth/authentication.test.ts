import { newId } from '../../src/domain/shared/ids';
import { SignJWT } from 'jose';
import { generateKey } from '../../src/domain/api-keys/key-format';
import { bearer, signSession, startTestApp, TEST_JWT_SECRET, uniqueName, type TestApp } from '../support/app';
import { changeCharAt } from './helpers';
import { DAY_MS, movableClock } from '../support/clock';
import { expectError } from '../support/assertions';

// SPEC section 1: who may call /v1 at all. Every failure is 401 unauthorized, retryable false.

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());
afterEach(() => clock.reset());

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function accountExists(subject: string): Promise<boolean> {
  const row = await t.database.db
    .selectFrom('accounts')
    .select('id')
    .where('external_id', '=', subject)
    .executeTakeFirst();
  return row !== undefined;
}

describe('bearer tokens that are not accepted', () => {
  test('when a request has no Authorization header, then it gets 401 unauthorized', async () => {
    const res = await t.http.get('/v1/memories');
    expectError(res, 401, 'unauthorized');
  });

  test('when a write has no Authorization header, then it gets 401 unauthorized and nothing is created', async () => {
    const alice = await t.account();
    const res = await t.http.post('/v1/memories').send({ text: 'anonymous write' });
    expectError(res, 401, 'unauthorized');
    const list = await t.http.get('/v1/memories').set(bearer(alice.session));
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
  });

  test.each([
    ['a Basic scheme', (key: string) => `Basic ${Buffer.from(`user:${key}`).toString('base64')}`],
    ['a Token scheme carrying a valid key', (key: string) => `Token ${key}`],
    ['a valid key with no scheme at all', (key: string) => key],
    ['a Bearer scheme with no token', () => 'Bearer'],
    ['a Bearer scheme with only spaces', () => 'Bearer    '],
    ['a Bearer scheme with two tokens', (key: string) => `Bearer ${key} ${key}`],
  ])('when the Authorization header uses %s, then it gets 401 unauthorized', async (_label, header) => {
    const alice = await t.account();
    const res = await t.http.get('/v1/memories').set('Authorization', header(alice.readWriteKey));
    expectError(res, 401, 'unauthorized');
  });

  test.each([
    ['random text', 'not-a-token'],
    ['a truncated API key', 'mtl_rw_abc'],
    ['an API key with an unknown mode', 'mtl_xx_' + 'A'.repeat(38)],
    ['an API key with characters outside base62', 'mtl_rw_' + '-'.repeat(38)],
    ['two dot-separated parts', 'abc.def'],
    ['three parts that are not a JWT', 'abc.def.ghi'],
  ])('when the bearer token is malformed (%s), then it gets 401 unauthorized', async (_label, token) => {
    const res = await t.http.get('/v1/memories').set(bearer(token));
    expectError(res, 401, 'unauthorized');
  });

  test('when one character of the checksum of a real mtl_rw_ key is changed, then it gets 401 unauthorized', async () => {
    const alice = await t.account();
    const key = alice.readWriteKey;
    expect((await t.http.get('/v1/memories').set(bearer(key))).status).toBe(200);
    const res = await t.http.get('/v1/memories').set(bearer(changeCharAt(key, key.length - 1)));
    expectError(res, 401, 'unauthorized');
  });

  test('when one character of the random part of a real mtl_rw_ key is changed, then it gets 401 unauthorized', async () => {
    const alice = await t.account();
    const res = await t.http.get('/v1/memories').set(bearer(changeCharAt(alice.readWriteKey, 20)));
    expectError(res, 401, 'unauthorized');
  });

  test.each(['read_write', 'read_only'] as const)(
    'when a well-formed %s key with a valid checksum was never issued, then it gets 401 unauthorized',
    async (mode) => {
      const res = await t.http.get('/v1/memories').set(bearer(generateKey(mode, newId('account'))));
      expectError(res, 401, 'unauthorized');
    },
  );

  test('when a real read-write key is sent with its mode prefix changed to ro, then it gets 401 unauthorized', async () => {
    const alice = await t.account();
    const res = await t.http.get('/v1/memories').set(bearer(alice.readWriteKey.replace('mtl_rw_', 'mtl_ro_')));
    expectError(res, 401, 'unauthorized');
  });

  test('when a session JWT is signed with another secret, then it gets 401 unauthorized and no account is created', async () => {
    const subject = uniqueName('forger');
    const token = await signSession(subject, {}, { secret: 'another-secret-that-is-long-enough-0123456789' });
    const res = await t.http.get('/v1/memories').set(bearer(token));
    expectError(res, 401, 'unauthorized');
    expect(await accountExists(subject)).toBe(false);
  });

  test('when a session JWT has expired, then it gets 401 unauthorized', async () => {
    const subject = uniqueName('late');
    const token = await signSession(subject, {}, { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    const res = await t.http.get('/v1/memories').set(bearer(token));
    expectError(res, 401, 'unauthorized');
    expect(await accountExists(subject)).toBe(false);
  });

  test('when a session JWT has no exp claim, then it gets 401 unauthorized', async () => {
    const subject = uniqueName('forever');
    const token = await new SignJWT({ name: subject })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setIssuedAt()
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const res = await t.http.get('/v1/memories').set(bearer(token));
    expectError(res, 401, 'unauthorized');
    expect(await accountExists(subject)).toBe(false);
  });

  test('when a session JWT has no sub claim, then it gets 401 unauthorized', async () => {
    const token = await new SignJWT({ name: 'nobody' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const res = await t.http.get('/v1/memories').set(bearer(token));
    expectError(res, 401, 'unauthorized');
  });

  test('when a session JWT is unsigned (alg "none"), then it gets 401 unauthorized', async () => {
    const subject = uniqueName('unsigned');
    const now = Math.floor(Date.now() / 1000);
    const token = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: subject, iat: now, exp: now + 3600 })}.`;
    const res = await t.http.get('/v1/memories').set(bearer(token));
    expectError(res, 401, 'unauthorized');
    expect(await accountExists(subject)).toBe(false);
  });

  test('when a session JWT is signed with the right secret but HS512, then it gets 401 unauthorized', async () => {
    const subject = uniqueName('hs512');
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const res = await t.http.get('/v1/memories').set(bearer(token));
    expectError(res, 401, 'unauthorized');
  });

  test('when a valid session JWT has its payload tampered with, then it gets 401 unauthorized', async () => {
    const alice = await t.account();
    const [header, , signature] = alice.session.split('.');
    const now = Math.floor(Date.now() / 1000);
    const forged = `${header}.${base64url({ sub: uniqueName('mallory'), iat: now, exp: now + 3600 })}.${signature}`;
    const res = await t.http.get('/v1/memories').set(bearer(forged));
    expectError(res, 401, 'unauthorized');
  });

  test('when a key that was working is revoked, then its next request gets 401 unauthorized', async () => {
    const alice = await t.account();
    expect((await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey))).status).toBe(200);
    const revoked = await t.http.delete(`/v1/account/api-keys/${alice.readOnlyKeyId}`).set(bearer(alice.session));
    expect(revoked.status).toBe(200);
    expectError(await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey)), 401, 'unauthorized');
    // The other key of the account is untouched.
    expect((await t.http.get('/v1/memories').set(bearer(alice.readWriteKey))).status).toBe(200);
  });
});

describe('keys that expire', () => {
  async function createExpiringKey(session: string): Promise<{ id: string; secret: string; created_at: string; expires_at: string }> {
    const res = await t.http
      .post('/v1/account/api-keys')
      .set(bearer(session))
      .send({ name: 'one day', mode: 'read_write', expires_in_days: 1 });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  test('when a one-day key is used two days later, then it gets 401 unauthorized (even with its lookup cached)', async () => {
    const alice = await t.account();
    const key = await createExpiringKey(alice.session);
    expect(Date.parse(key.expires_at) - Date.parse(key.created_at)).toBe(DAY_MS);

    // Used once, so the authenticator has the key cached.
    expect((await t.http.get('/v1/memories').set(bearer(key.secret))).status).toBe(200);
    clock.advance(23 * 60 * 60 * 1000);
    expect((await t.http.get('/v1/memories').set(bearer(key.secret))).status).toBe(200);
    clock.advance(25 * 60 * 60 * 1000);
    expectError(await t.http.get('/v1/memories').set(bearer(key.secret)), 401, 'unauthorized');
    expectError(
      await t.http.post('/v1/memories').set(bearer(key.secret)).send({ text: 'too late' }),
      401,
      'unauthorized',
    );
  });

  test('when a one-day key is used for the first time two days later, then it gets 401 unauthorized', async () => {
    const alice = await t.account();
    const key = await createExpiringKey(alice.session);
    clock.advance(2 * DAY_MS);
    expectError(await t.http.get('/v1/memories').set(bearer(key.secret)), 401, 'unauthorized');
    // Keys without an expiry keep working at the same moment.
    expect((await t.http.get('/v1/memories').set(bearer(alice.readWriteKey))).status).toBe(200);
  });

  test('when an expired key is listed, then the session still sees it with its expires_at', async () => {
    const alice = await t.account();
    const key = await createExpiringKey(alice.session);
    clock.advance(2 * DAY_MS);
    const list = await t.http.get('/v1/account/api-keys').set(bearer(alice.session));
    expect(list.status).toBe(200);
    const listed = list.body.data.find((item: { id: string }) => item.id === key.id);
    expect(listed).toMatchObject({ id: key.id, expires_at: key.expires_at, revoked_at: null });
  });
});

describe('credentials in the query string', () => {
  test.each(['api_key', 'key', 'token', 'access_token'])(
    'when a request carries ?%s= (and a valid header), then it gets 400 credentials_in_query',
    async (name) => {
      const alice = await t.account();
      const res = await t.http.get(`/v1/memories?${name}=x`).set(bearer(alice.readWriteKey));
      expectError(res, 400, 'credentials_in_query');
    },
  );

  test('when a request carries ?token= and no Authorization header, then it still gets 400 credentials_in_query', async () => {
    const res = await t.http.get('/v1/memories?token=abc');
    expectError(res, 400, 'credentials_in_query');
  });

  test('when a harmless query string is sent, then the request is answered normally', async () => {
    const alice = await t.account();
    const res = await t.http.get('/v1/memories?limit=5').set(bearer(alice.readWriteKey));
    expect(res.status).toBe(200);
  });

  test('when any parameter value is a real mtl key, then it gets 400 credentials_in_query and the key is not echoed', async () => {
    const alice = await t.account();
    const res = await t.http
      .get(`/v1/memories?tag=${alice.readWriteKey}`)
      .set(bearer(alice.readWriteKey));
    expectError(res, 400, 'credentials_in_query');
    expect(JSON.stringify(res.body)).not.toContain(alice.readWriteKey);
    expect(JSON.stringify(res.headers)).not.toContain(alice.readWriteKey);
  });

  test('when a search query contains something that looks like an mtl key, then it gets 400 credentials_in_query', async () => {
    const alice = await t.account();
    const lookalike = generateKey('read_only', newId('account'));
    const res = await t.http
      .get('/v1/memories/search')
      .query({ q: `my key is ${lookalike} please` })
      .set(bearer(alice.readOnlyKey));
    expectError(res, 400, 'credentials_in_query');
    expect(JSON.stringify(res.body)).not.toContain(lookalike);
  });

  test('when a parameter name is an mtl key, then it gets 400 credentials_in_query and the key is not echoed', async () => {
    const alice = await t.account();
    const lookalike = generateKey('read_write', newId('account'));
    const res = await t.http.get(`/v1/memories?${lookalike}`).set(bearer(alice.readWriteKey));
    expectError(res, 400, 'credentials_in_query');
    expect(JSON.stringify(res.body)).not.toContain(lookalike);
  });

  test('when POST /v1/memories carries ?token=x with a valid header, then nothing is created', async () => {
    const alice = await t.account();
    const res = await t.http
      .post('/v1/memories?token=x')
      .set(bearer(alice.readWriteKey))
      .send({ text: 'must not be stored' });
    expectError(res, 400, 'credentials_in_query');
    const list = await t.http.get('/v1/memories').set(bearer(alice.session));
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
  });

  test('when DELETE /v1/memories/{id} carries ?access_token=, then the Memory is not deleted', async () => {
    const alice = await t.account();
    const created = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send({ text: 'keep me' });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const res = await t.http.delete(`/v1/memories/${id}?access_token=abc`).set(bearer(alice.readWriteKey));
    expectError(res, 400, 'credentials_in_query');
    expect((await t.http.get(`/v1/memories/${id}`).set(bearer(alice.session))).status).toBe(200);
  });

  test('when a session creates an API key with ?api_key= in the address, then no key is created', async () => {
    const alice = await t.account();
    const res = await t.http
      .post('/v1/account/api-keys?api_key=abc')
      .set(bearer(alice.session))
      .send({ name: 'sneaky', mode: 'read_write' });
    expectError(res, 400, 'credentials_in_query');
    const list = await t.http.get('/v1/account/api-keys').set(bearer(alice.session));
    expect(list.status).toBe(200);
    expect(list.body.data.map((key: { id: string }) => key.id).sort()).toEqual(
      [alice.readWriteKeyId, alice.readOnlyKeyId].sort(),
    );
  });
});
