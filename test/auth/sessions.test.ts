import { bearer, signSession, startTestApp, uniqueName, type TestApp } from '../support/app';
import { createSessionVerifier } from '../../src/domain/accounts/sessions';
import { expectError } from '../support/assertions';

// SPEC section 1: a session's `sub` is the account; accounts never see each other's resources
// (another account's resource is 404, never 403).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function accountRows(subject: string) {
  return t.database.db
    .selectFrom('accounts')
    .select(['id', 'external_id', 'display_name'])
    .where('external_id', '=', subject)
    .execute();
}

describe('accounts come from session subjects', () => {
  test('when a new sub sends its first request, then an account is created and starts empty', async () => {
    const subject = uniqueName('newcomer');
    expect(await accountRows(subject)).toEqual([]);
    const session = await signSession(subject, { name: 'New Comer' });

    const memories = await t.http.get('/v1/memories').set(bearer(session));
    expect(memories.status).toBe(200);
    expect(memories.body).toEqual({ ok: true, data: [], next_cursor: null });
    const keys = await t.http.get('/v1/account/api-keys').set(bearer(session));
    expect(keys.status).toBe(200);
    expect(keys.body).toEqual({ ok: true, data: [], next_cursor: null });

    const rows = await accountRows(subject);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ external_id: subject, display_name: 'New Comer' });
  });

  test('when the same sub comes back with another token, then it is the same account', async () => {
    const subject = uniqueName('returning');
    const first = await signSession(subject);
    const created = await t.http.post('/v1/memories').set(bearer(first)).send({ text: 'remember the first visit' });
    expect(created.status).toBe(201);

    const second = await signSession(subject, {}, { expiresIn: '2h' });
    expect(second).not.toBe(first);
    const got = await t.http.get(`/v1/memories/${created.body.data.id}`).set(bearer(second));
    expect(got.status).toBe(200);
    expect(got.body.data.text).toBe('remember the first visit');
    expect(await accountRows(subject)).toHaveLength(1);
  });

  test('when a new sub sends several first requests at once, then exactly one account is created', async () => {
    const subject = uniqueName('eager');
    const session = await signSession(subject);
    const results = await Promise.all(Array.from({ length: 5 }, () => t.http.get('/v1/memories').set(bearer(session))));
    expect(results.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await accountRows(subject)).toHaveLength(1);
  });

  test('a session may be valid for at most SESSION_MAX_LIFETIME_SECONDS (24 hours unless set), from now or from its iat', async () => {
    const subject = uniqueName('lifetime');
    const now = Math.floor(Date.now() / 1000);
    const tooLong = [
      await signSession(subject, {}, { expiresIn: 10 ** 15 }),
      await signSession(subject, {}, { expiresIn: now + 2 * 24 * 3600 }),
      // Issued 23 hours ago, valid 2 more hours: 25 hours in all.
      await signSession(subject, { iat: now - 23 * 3600 }, { expiresIn: now + 2 * 3600 }),
    ];
    for (const token of tooLong) expectError(await t.http.get('/v1/memories').set(bearer(token)), 401, 'unauthorized');
    expect(await accountRows(subject)).toEqual([]);
    const withinDay = await signSession(subject, {}, { expiresIn: now + 23 * 3600 });
    expect((await t.http.get('/v1/memories').set(bearer(withinDay))).status).toBe(200);

    // The limit is the operator's to set.
    const week = createSessionVerifier({ ...t.config.session, maxLifetimeSeconds: 7 * 24 * 3600 });
    expect(await week(tooLong[1]!)).toEqual({ subject, name: subject });
    expect(await week(tooLong[0]!)).toBeNull();
  });

  test('when a session JWT is not valid yet (nbf in the future), then it gets 401 unauthorized and no account', async () => {
    const subject = uniqueName('early');
    const session = await signSession(subject, { nbf: Math.floor(Date.now() / 1000) + 3600 });
    expectError(await t.http.get('/v1/memories').set(bearer(session)), 401, 'unauthorized');
    expect(await accountRows(subject)).toEqual([]);
  });
});

describe('claims that cannot be kept as signed', () => {
  const MCP_HEADERS = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
  const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };

  test.each([
    ['a sub holding NUL', 'c\u0000x', {}],
    ['a sub ending in a lone high surrogate', 'x\ud800', {}],
    ['a sub ending in a lone low surrogate', 'x\udfff', {}],
    ['a name holding NUL', 'named', { name: 'Ali\u0000ce' }],
    ['a name holding a lone surrogate', 'named', { name: 'Ali\ud800ce' }],
  ])('when a session has %s, then it is 401 unauthorized on /v1 and /mcp, and no account is made', async (_case, sub, claims) => {
    const subject = sub === 'named' ? uniqueName('named') : `${uniqueName('odd')}${sub}`;
    const session = await signSession(subject, claims);
    const rest = await t.http.get('/v1/principal').set(bearer(session));
    expectError(rest, 401, 'unauthorized');
    expect(rest.headers['www-authenticate']).toMatch(/^Bearer /);
    const mcp = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(session)).send(listTools);
    expectError(mcp, 401, 'unauthorized');
    expect(mcp.headers['www-authenticate']).toMatch(/^Bearer /);
    // The database can hold neither NUL nor a lone surrogate: what they would have become.
    expect(await accountRows(subject.replace(/\u0000/g, '').replace(/[\ud800-\udfff]/g, '\ufffd'))).toEqual([]);
  });

  test('when a sub holds U+FFFD itself, then it is an account of its own', async () => {
    const subject = `${uniqueName('replacement')}\ufffd`;
    expect((await t.http.get('/v1/principal').set(bearer(await signSession(subject)))).status).toBe(200);
    expect(await accountRows(subject)).toHaveLength(1);
  });
});

describe('two subs are two separate accounts', () => {
  test("when bob asks for alice's Memory by ID, then GET, PATCH and DELETE are 404 memory_not_found", async () => {
    const alice = await t.account(uniqueName('alice'));
    const bob = await t.account(uniqueName('bob'));
    const created = await t.http.post('/v1/memories').set(bearer(alice.session)).send({ text: "alice's private note" });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;

    for (const token of [bob.session, bob.readWriteKey, bob.readOnlyKey]) {
      expectError(await t.http.get(`/v1/memories/${id}`).set(bearer(token)), 404, 'memory_not_found');
      expectError(await t.http.get(`/v1/memories/${id}/revisions`).set(bearer(token)), 404, 'memory_not_found');
    }
    for (const token of [bob.session, bob.readWriteKey]) {
      expectError(
        await t.http.patch(`/v1/memories/${id}`).set(bearer(token)).send({ pinned: true }),
        404,
        'memory_not_found',
      );
      expectError(await t.http.delete(`/v1/memories/${id}`).set(bearer(token)), 404, 'memory_not_found');
    }

    const bobsList = await t.http.get('/v1/memories').set(bearer(bob.session));
    expect(bobsList.status).toBe(200);
    expect(bobsList.body.data).toEqual([]);

    // alice's Memory is untouched.
    const got = await t.http.get(`/v1/memories/${id}`).set(bearer(alice.readOnlyKey));
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ id, revision: 1, pinned: false, text: "alice's private note" });
  });

  test("when bob revokes, rotates or reads the activity of alice's key, then each is 404 api_key_not_found", async () => {
    const alice = await t.account(uniqueName('alice'));
    const bob = await t.account(uniqueName('bob'));

    for (const keyId of [alice.readWriteKeyId, alice.readOnlyKeyId]) {
      expectError(
        await t.http.delete(`/v1/account/api-keys/${keyId}`).set(bearer(bob.session)),
        404,
        'api_key_not_found',
      );
      expectError(
        await t.http.post(`/v1/account/api-keys/${keyId}/rotate`).set(bearer(bob.session)),
        404,
        'api_key_not_found',
      );
      expectError(
        await t.http.get(`/v1/account/api-keys/${keyId}/activity`).set(bearer(bob.session)),
        404,
        'api_key_not_found',
      );
    }

    // Bob's list shows only his own keys; alice's keys still work and are not revoked.
    const bobsKeys = await t.http.get('/v1/account/api-keys').set(bearer(bob.session));
    expect(bobsKeys.body.data.map((key: { id: string }) => key.id).sort()).toEqual(
      [bob.readWriteKeyId, bob.readOnlyKeyId].sort(),
    );
    expect((await t.http.get('/v1/memories').set(bearer(alice.readWriteKey))).status).toBe(200);
    expect((await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey))).status).toBe(200);
    const alicesKeys = await t.http.get('/v1/account/api-keys').set(bearer(alice.session));
    expect(alicesKeys.body.data.map((key: { revoked_at: string | null }) => key.revoked_at)).toEqual([null, null]);
  });

  test("when bob's key lists and searches, then alice's Memories never show up", async () => {
    const alice = await t.account(uniqueName('alice'));
    const bob = await t.account(uniqueName('bob'));
    const word = `zebracorn${Date.now()}`;
    const created = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send({ text: `alice saw a ${word}` });
    expect(created.status).toBe(201);

    const list = await t.http.get('/v1/memories').set(bearer(bob.readOnlyKey));
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
    const search = await t.http.get('/v1/memories/search').query({ q: word }).set(bearer(bob.readOnlyKey));
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.body)).not.toContain(word);
    const batch = await t.http.get('/v1/memories/batch').query({ ids: created.body.data.id }).set(bearer(bob.readOnlyKey));
    expect(batch.status).toBe(200);
    expect(batch.body.data.items[0]).toMatchObject({ id: created.body.data.id, status: 'error', error: { code: 'memory_not_found' } });
  });
});
