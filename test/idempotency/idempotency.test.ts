import { bearer, startTestApp, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import { movableClock } from '../support/clock';

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const memoryCount = async (token: string) => (await t.http.get('/v1/memories').set(bearer(token))).body.data.length as number;

describe('Idempotency-Key', () => {
  test('when a client repeats a create with the same key and body, then it gets the first answer again and nothing is created twice', async () => {
    const alice = await t.account();
    const key = bearer(alice.readWriteKey);
    const first = await t.http.post('/v1/memories').set(key).set('Idempotency-Key', 'create-1').send({ text: 'only once' });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await t.http.post('/v1/memories').set(key).set('Idempotency-Key', 'create-1').send({ text: 'only once' });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(await memoryCount(alice.readWriteKey)).toBe(1);
  });

  test('when the same key comes with another body, then it is 400 idempotency_key_reused and nothing is created', async () => {
    const alice = await t.account();
    const key = bearer(alice.readWriteKey);
    await t.http.post('/v1/memories').set(key).set('Idempotency-Key', 'k').send({ text: 'first' }).expect(201);
    const reused = await t.http.post('/v1/memories').set(key).set('Idempotency-Key', 'k').send({ text: 'second' });
    expectError(reused, 400, 'idempotency_key_reused');
    expect(await memoryCount(alice.readWriteKey)).toBe(1);
  });

  test('when duplicates arrive at once, then exactly one resource is created and the others are refused as retryable or replayed', async () => {
    const alice = await t.account();
    const key = bearer(alice.readWriteKey);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.http.post('/v1/subjects').set(key).set('Idempotency-Key', 'burst').send({ name: 'Burst subject' }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const res of results) {
      if (res.status === 201) {
        expect(res.body.data.id).toBe(created[0]!.body.data.id);
      } else {
        expectError(res, 400, 'idempotency_key_in_use', true);
      }
    }
    expect(results.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    const subjects = await t.http.get('/v1/subjects').set(key);
    expect(subjects.body.data).toHaveLength(1);
  });

  test('keys belong to one account: another account using the same key gets its own resource', async () => {
    const alice = await t.account();
    const bob = await t.account();
    const a = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).set('Idempotency-Key', 'shared').send({ text: 'x' });
    const b = await t.http.post('/v1/memories').set(bearer(bob.readWriteKey)).set('Idempotency-Key', 'shared').send({ text: 'x' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.body.data.id).not.toBe(a.body.data.id);
  });

  test('keys belong to one caller: an API key never gets the answer stored for the session, nor for another key', async () => {
    const alice = await t.account();
    const body = { text: 'the session wrote this', sensitivity: 'secret' };
    const bySession = await t.http.post('/v1/memories').set(bearer(alice.session)).set('Idempotency-Key', 'same').send(body);
    expect(bySession.status).toBe(201);
    // The same request from a key is the key's own: refused, as a key may not write secrets.
    const byKey = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).set('Idempotency-Key', 'same').send(body);
    expectError(byKey, 403, 'secret_memory_forbidden');
    expect(byKey.headers['idempotent-replayed']).toBeUndefined();
    expect(JSON.stringify(byKey.body)).not.toContain(bySession.body.data.id);

    const second = await t.http
      .post('/v1/account/api-keys')
      .set(bearer(alice.session))
      .send({ name: 'second', mode: 'read_write' })
      .expect(201);
    const plain = { text: 'written by a key' };
    const first = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).set('Idempotency-Key', 'plain').send(plain);
    const other = await t.http.post('/v1/memories').set(bearer(second.body.data.secret)).set('Idempotency-Key', 'plain').send(plain);
    expect(first.status).toBe(201);
    expect(other.status).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.body.data.id).not.toBe(first.body.data.id);
    // Each caller's repeat is still replayed.
    const repeat = await t.http.post('/v1/memories').set(bearer(alice.session)).set('Idempotency-Key', 'same').send(body);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.body.data.id).toBe(bySession.body.data.id);
  });

  test('a key is kept for 24 hours: after that the same key creates again', async () => {
    const alice = await t.account();
    const key = bearer(alice.readWriteKey);
    await t.http.post('/v1/memories').set(key).set('Idempotency-Key', 'day').send({ text: 'daily' }).expect(201);
    clock.advance(23 * 60 * 60 * 1000);
    const replay = await t.http.post('/v1/memories').set(key).set('Idempotency-Key', 'day').send({ text: 'daily' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    clock.advance(2 * 60 * 60 * 1000);
    const fresh = await t.http.post('/v1/memories').set(key).set('Idempotency-Key', 'day').send({ text: 'daily' });
    expect(fresh.status).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await memoryCount(alice.readWriteKey)).toBe(2);
  });

  test('a refused request is replayed as refused, while a conflict is not stored and runs again', async () => {
    const alice = await t.account();
    const key = bearer(alice.readWriteKey);
    const missing = { memory_id: 'mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H' };
    const subject = await t.http.post('/v1/subjects').set(key).send({ name: 'Linked' });
    const first = await t.http.post(`/v1/subjects/${subject.body.data.id}/memories`).set(key).set('Idempotency-Key', 'link').send(missing);
    expectError(first, 404, 'memory_not_found');
    const again = await t.http.post(`/v1/subjects/${subject.body.data.id}/memories`).set(key).set('Idempotency-Key', 'link').send(missing);
    // The first answer, but naming the request that received it.
    expectError(again, 404, 'memory_not_found');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.error.request_id).not.toBe(first.body.error.request_id);
    expect({ ...again.body.error, request_id: first.body.error.request_id }).toEqual(first.body.error);

    const template = await t.http
      .post('/v1/library/templates/workflow')
      .set(key)
      .send({ action: 'create', name: 'Idem', summary: 'A summary long enough', category: 'other', license: 'MIT' });
    const stale = { action: 'submit_review', template_id: template.body.data.template.id, revision: 9 };
    const conflict = await t.http.post('/v1/library/templates/workflow').set(key).set('Idempotency-Key', 'review').send(stale);
    expectError(conflict, 409, 'draft_changed');
    const retried = await t.http.post('/v1/library/templates/workflow').set(key).set('Idempotency-Key', 'review').send(stale);
    expectError(retried, 409, 'draft_changed');
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  test('a workflow create retried with its key creates one Template', async () => {
    const alice = await t.account();
    const key = bearer(alice.readWriteKey);
    const body = { action: 'create', name: 'Once', summary: 'Created only once', category: 'other', license: 'MIT' };
    const first = await t.http.post('/v1/library/templates/workflow').set(key).set('Idempotency-Key', 'tpl').send(body);
    const second = await t.http.post('/v1/library/templates/workflow').set(key).set('Idempotency-Key', 'tpl').send(body);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.data.template.id).toBe(first.body.data.template.id);
    const status = await t.http.get('/v1/library/creator/status').set(key);
    expect(status.body.data.templates).toHaveLength(1);
  });

  test('a key longer than 255 characters, or with spaces, is 400 invalid_request', async () => {
    const alice = await t.account();
    const key = bearer(alice.readWriteKey);
    expectError(await t.http.post('/v1/memories').set(key).set('Idempotency-Key', 'x'.repeat(256)).send({ text: 'a' }), 400, 'invalid_request');
    expectError(await t.http.post('/v1/memories').set(key).set('Idempotency-Key', 'has space').send({ text: 'a' }), 400, 'invalid_request');
    expect(await memoryCount(alice.readWriteKey)).toBe(0);
  });
});
