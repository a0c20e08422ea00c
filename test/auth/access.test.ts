import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { createMemory } from '../support/factories';
import { expectError } from '../support/assertions';

// SPEC sections 1 and 9: what each kind of principal may do.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('read-only keys', () => {
  test('when a read-only key creates a Memory, then it gets 403 insufficient_key_mode and nothing is created', async () => {
    const alice = await t.account();
    const res = await t.http.post('/v1/memories').set(bearer(alice.readOnlyKey)).send({ text: 'read-only write' });
    expectError(res, 403, 'insufficient_key_mode');
    const list = await t.http.get('/v1/memories').set(bearer(alice.session));
    expect(list.body.data).toEqual([]);
  });

  test('when a read-only key sends an invalid body to a write, then it learns about the mode (403), not the body (400)', async () => {
    const alice = await t.account();
    const res = await t.http.post('/v1/memories').set(bearer(alice.readOnlyKey)).send({ unexpected: true });
    expectError(res, 403, 'insufficient_key_mode');
  });

  test('when a read-only key updates a Memory, then it gets 403 insufficient_key_mode and the Memory is unchanged', async () => {
    const alice = await t.account();
    const { id } = await createMemory(t, alice.readWriteKey, { text: 'original text' });
    const res = await t.http
      .patch(`/v1/memories/${id}`)
      .set(bearer(alice.readOnlyKey))
      .send({ text: 'changed text', pinned: true });
    expectError(res, 403, 'insufficient_key_mode');

    const got = await t.http.get(`/v1/memories/${id}`).set(bearer(alice.session));
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ text: 'original text', pinned: false, revision: 1 });
    const revisions = await t.http.get(`/v1/memories/${id}/revisions`).set(bearer(alice.session));
    expect(revisions.body.data).toHaveLength(1);
  });

  test('when a read-only key deletes a Memory, then it gets 403 insufficient_key_mode and the Memory is still there', async () => {
    const alice = await t.account();
    const { id } = await createMemory(t, alice.readWriteKey, { text: 'do not delete' });
    expectError(await t.http.delete(`/v1/memories/${id}`).set(bearer(alice.readOnlyKey)), 403, 'insufficient_key_mode');
    const got = await t.http.get(`/v1/memories/${id}`).set(bearer(alice.session));
    expect(got.status).toBe(200);
    expect(got.body.data.text).toBe('do not delete');
  });

  test('when a read-only key reads, then list, get, search, batch and revisions all answer 200', async () => {
    const alice = await t.account();
    const word = `readable${Date.now()}`;
    const { id } = await createMemory(t, alice.readWriteKey, { text: `a ${word} memory` });
    const ro = bearer(alice.readOnlyKey);

    const list = await t.http.get('/v1/memories').set(ro);
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: { id: string }) => m.id)).toEqual([id]);
    const got = await t.http.get(`/v1/memories/${id}`).set(ro);
    expect(got.status).toBe(200);
    const search = await t.http.get('/v1/memories/search').query({ q: word }).set(ro);
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.body)).toContain(id);
    const batch = await t.http.get('/v1/memories/batch').query({ ids: id }).set(ro);
    expect(batch.status).toBe(200);
    expect(batch.body.data.items[0]).toMatchObject({ id, status: 'ok' });
    const revisions = await t.http.get(`/v1/memories/${id}/revisions`).set(ro);
    expect(revisions.status).toBe(200);
    const revision = await t.http.get(`/v1/memories/${id}/revisions/1`).set(ro);
    expect(revision.status).toBe(200);
  });

  test('when a read-write key writes, then create, update and delete succeed (the rule is about the mode)', async () => {
    const alice = await t.account();
    const { id } = await createMemory(t, alice.readWriteKey, { text: 'writable' });
    const patched = await t.http.patch(`/v1/memories/${id}`).set(bearer(alice.readWriteKey)).send({ pinned: true });
    expect(patched.status).toBe(200);
    expect(patched.body.data.revision).toBe(2);
    const deleted = await t.http.delete(`/v1/memories/${id}`).set(bearer(alice.readWriteKey));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true, data: { id, deleted: true, permanent: false, purge_at: expect.any(String) } });
  });
});

describe('API keys on application-only routes', () => {
  type Route = readonly [string, (a: TestAccount, token: string) => ReturnType<TestApp['http']['get']>];
  const routes: Route[] = [
    ['GET /v1/account/api-keys', (_a, token) => t.http.get('/v1/account/api-keys').set(bearer(token))],
    [
      'POST /v1/account/api-keys',
      (_a, token) => t.http.post('/v1/account/api-keys').set(bearer(token)).send({ name: 'from a key', mode: 'read_write' }),
    ],
    [
      'DELETE /v1/account/api-keys/{key_id}',
      (a, token) => t.http.delete(`/v1/account/api-keys/${a.readWriteKeyId}`).set(bearer(token)),
    ],
    [
      'POST /v1/account/api-keys/{key_id}/rotate',
      (a, token) => t.http.post(`/v1/account/api-keys/${a.readOnlyKeyId}/rotate`).set(bearer(token)),
    ],
    [
      'GET /v1/account/api-keys/{key_id}/activity',
      (a, token) => t.http.get(`/v1/account/api-keys/${a.readWriteKeyId}/activity`).set(bearer(token)),
    ],
  ];

  const cases = routes.flatMap(([label, call]) =>
    (['read_write', 'read_only'] as const).map((mode) => [label, mode, call] as const),
  );

  test.each(cases)('when %s is called with a %s key, then it gets 403 session_required', async (_label, mode, call) => {
    const alice = await t.account();
    const token = mode === 'read_write' ? alice.readWriteKey : alice.readOnlyKey;
    expectError(await call(alice, token), 403, 'session_required');
  });

  test('when keys try to manage keys, then nothing changes: no key created, revoked or rotated', async () => {
    const alice = await t.account();
    for (const [, call] of routes) {
      for (const token of [alice.readWriteKey, alice.readOnlyKey]) {
        expectError(await call(alice, token), 403, 'session_required');
      }
    }
    const list = await t.http.get('/v1/account/api-keys').set(bearer(alice.session));
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data.map((key: { id: string }) => key.id).sort()).toEqual(
      [alice.readWriteKeyId, alice.readOnlyKeyId].sort(),
    );
    expect(list.body.data.every((key: { revoked_at: string | null }) => key.revoked_at === null)).toBe(true);
    expect((await t.http.get('/v1/memories').set(bearer(alice.readWriteKey))).status).toBe(200);
    expect((await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey))).status).toBe(200);
  });

  test('when a session calls the same routes, then they are allowed', async () => {
    const alice = await t.account();
    const s = bearer(alice.session);
    expect((await t.http.get('/v1/account/api-keys').set(s)).status).toBe(200);
    expect((await t.http.get(`/v1/account/api-keys/${alice.readWriteKeyId}/activity`).set(s)).status).toBe(200);
    expect((await t.http.post('/v1/account/api-keys').set(s).send({ name: 'by session', mode: 'read_only' })).status).toBe(201);
    expect((await t.http.post(`/v1/account/api-keys/${alice.readOnlyKeyId}/rotate`).set(s)).status).toBe(201);
    expect((await t.http.delete(`/v1/account/api-keys/${alice.readWriteKeyId}`).set(s)).status).toBe(200);
  });
});
