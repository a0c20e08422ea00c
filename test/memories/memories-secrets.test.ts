import { bearer, startTestApp, uniqueWord, type TestAccount, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import { clientOf } from '../support/client';
import { createMemory, updateMemory, type Memory } from '../support/factories';
import { UNKNOWN_MEMORY } from '../support/ids';
import { listIds, revisionNumbers } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function searchIds(token: string, q: string): Promise<string[]> {
  const hits = await clientOf(t, token).ok('searchMemories', { query: { q } });
  return hits.map((hit) => hit.memory.id);
}

const batch = (token: string, ids: string[]) => clientOf(t, token).ok('batchGetMemories', { query: { ids } });

/** Alice, with a secret Memory made by her session and a normal one next to it. */
async function aliceWithASecret(): Promise<{ alice: TestAccount; secret: Memory; normal: Memory; word: string }> {
  const alice = await t.account();
  const word = uniqueWord();
  const secret = await createMemory(t, alice.session, {
    text: `The safe combination is hidden under the ${word}`,
    sensitivity: 'secret',
    tags: ['vault'],
  });
  expect(secret.sensitivity).toBe('secret');
  const normal = await createMemory(t, alice.readWriteKey, { text: `The ${word} is a small marsupial`, tags: ['vault'] });
  return { alice, secret, normal, word };
}

const keyModes: Array<[string, (account: TestAccount) => string]> = [
  ['a read-write key', (account) => account.readWriteKey],
  ['a read-only key', (account) => account.readOnlyKey],
];

describe('a secret Memory made by the session', () => {
  test.each(keyModes)('when %s reads it by ID, then GET, its revisions and one revision are 404 memory_not_found', async (_mode, keyOf) => {
    const { alice, secret } = await aliceWithASecret();
    const key = keyOf(alice);
    expectError(await t.http.get(`/v1/memories/${secret.id}`).set(bearer(key)), 404, 'memory_not_found');
    expectError(await t.http.get(`/v1/memories/${secret.id}/revisions`).set(bearer(key)), 404, 'memory_not_found');
    expectError(await t.http.get(`/v1/memories/${secret.id}/revisions/1`).set(bearer(key)), 404, 'memory_not_found');
  });

  test('when a read-write key updates or deletes it, then it is 404 memory_not_found and the Memory is untouched', async () => {
    const { alice, secret } = await aliceWithASecret();
    expectError(
      await t.http.patch(`/v1/memories/${secret.id}`).set(bearer(alice.readWriteKey)).send({ text: 'overwritten', pinned: true }),
      404,
      'memory_not_found',
    );
    expectError(
      await t.http.patch(`/v1/memories/${secret.id}`).set(bearer(alice.readWriteKey)).set('If-Match', '"9"').send({ pinned: true }),
      404,
      'memory_not_found',
    );
    expectError(
      await t.http.patch(`/v1/memories/${secret.id}`).set(bearer(alice.readWriteKey)).send({ sensitivity: 'normal' }),
      404,
      'memory_not_found',
    );
    expectError(await t.http.delete(`/v1/memories/${secret.id}`).set(bearer(alice.readWriteKey)), 404, 'memory_not_found');

    const got = await t.http.get(`/v1/memories/${secret.id}`).set(bearer(alice.session));
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(secret);
    expect(await revisionNumbers(t, alice.session, secret.id)).toEqual([1]);
  });

  test('when a read-only key updates or deletes it, then the answer is the same as for a Memory that does not exist', async () => {
    // A read-only key may not write at all, so it gets 403 insufficient_key_mode for every ID;
    // what matters is that the secret Memory cannot be told apart from an unknown one.
    const { alice, secret } = await aliceWithASecret();
    const key = alice.readOnlyKey;
    for (const id of [secret.id, UNKNOWN_MEMORY]) {
      expectError(await t.http.patch(`/v1/memories/${id}`).set(bearer(key)).send({ pinned: true }), 403, 'insufficient_key_mode');
      expectError(await t.http.delete(`/v1/memories/${id}`).set(bearer(key)), 403, 'insufficient_key_mode');
    }
    const got = await t.http.get(`/v1/memories/${secret.id}`).set(bearer(alice.session));
    expect(got.body.data).toEqual(secret);
  });

  test.each(keyModes)('when %s lists, searches and batch-reads, then the secret Memory is absent', async (_mode, keyOf) => {
    const { alice, secret, normal, word } = await aliceWithASecret();
    const key = keyOf(alice);

    expect(await listIds(t, key)).toEqual([normal.id]);
    expect(await listIds(t, key, { sensitivity: 'secret' })).toEqual([]);
    expect(await searchIds(key, word)).toEqual([normal.id]);
    expect(await searchIds(key, 'combination')).toEqual([]);

    const data = await batch(key, [secret.id, normal.id]);
    expect(data.items).toEqual([
      { id: secret.id, status: 'error', error: { code: 'memory_not_found', message: expect.any(String) } },
      { id: normal.id, status: 'ok', memory: normal, truncated: false, text_length: [...normal.text].length },
    ]);
    expect(data.budget).toEqual({ per_item: 2000, total: 12000, used: [...normal.text].length });
  });

  test('when the session reads it, then it is there everywhere: get, revisions, list, search and batch', async () => {
    const { alice, secret, normal, word } = await aliceWithASecret();
    const session = alice.session;

    const got = await t.http.get(`/v1/memories/${secret.id}`).set(bearer(session));
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(secret);
    expect(await revisionNumbers(t, session, secret.id)).toEqual([1]);
    const revision = await t.http.get(`/v1/memories/${secret.id}/revisions/1`).set(bearer(session));
    expect(revision.status).toBe(200);
    expect(revision.body.data).toMatchObject({ revision: 1, sensitivity: 'secret', actor: { kind: 'session' } });

    expect((await listIds(t, session)).sort()).toEqual([secret.id, normal.id].sort());
    expect(await listIds(t, session, { sensitivity: 'secret' })).toEqual([secret.id]);
    expect((await searchIds(session, word)).sort()).toEqual([secret.id, normal.id].sort());
    expect(await searchIds(session, 'combination')).toEqual([secret.id]);

    const data = await batch(session, [secret.id]);
    expect(data.items).toEqual([
      { id: secret.id, status: 'ok', memory: secret, truncated: false, text_length: [...secret.text].length },
    ]);
  });

  test('when the session updates and then deletes it, then both succeed', async () => {
    const { alice, secret } = await aliceWithASecret();
    const updated = await updateMemory(t, alice.session, secret.id, { pinned: true });
    expect(updated).toMatchObject({ revision: 2, pinned: true, sensitivity: 'secret' });
    const res = await t.http.delete(`/v1/memories/${secret.id}`).set(bearer(alice.session));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: secret.id, deleted: true, permanent: false });
    expectError(await t.http.get(`/v1/memories/${secret.id}`).set(bearer(alice.session)), 404, 'memory_not_found');
  });
});

describe('API keys may not make a Memory secret', () => {
  test('when a read-write key creates a secret Memory, then it is 403 secret_memory_forbidden and nothing is created', async () => {
    const alice = await t.account();
    const res = await t.http
      .post('/v1/memories')
      .set(bearer(alice.readWriteKey))
      .send({ text: 'My PIN is 1234', sensitivity: 'secret' });
    expectError(res, 403, 'secret_memory_forbidden');
    expect(await listIds(t, alice.session)).toEqual([]);
  });

  test('when a read-write key turns a normal Memory secret, then it is 403 secret_memory_forbidden and nothing changes', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'My PIN is 1234' });

    for (const body of [{ sensitivity: 'secret' }, { sensitivity: 'secret', text: 'My PIN is 9999', pinned: true }]) {
      const res = await t.http.patch(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey)).send(body);
      expectError(res, 403, 'secret_memory_forbidden');
    }
    const viaIfMatch = await t.http
      .patch(`/v1/memories/${memory.id}`)
      .set(bearer(alice.readWriteKey))
      .set('If-Match', '"1"')
      .send({ sensitivity: 'secret' });
    expectError(viaIfMatch, 403, 'secret_memory_forbidden');

    const got = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey));
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(memory);
    expect(await revisionNumbers(t, alice.session, memory.id)).toEqual([1]);
  });

  test('when a read-write key turns a sensitive Memory secret, then it is 403 secret_memory_forbidden too', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'Blood type O negative', sensitivity: 'sensitive' });
    const res = await t.http.patch(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey)).send({ sensitivity: 'secret' });
    expectError(res, 403, 'secret_memory_forbidden');
    const got = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readOnlyKey));
    expect(got.body.data).toEqual(memory);
  });
});

describe('a Memory the session turns secret', () => {
  test('when the session turns it secret, then it disappears for keys, and comes back when it is made normal again', async () => {
    const alice = await t.account();
    const word = uniqueWord();
    const memory = await createMemory(t, alice.readWriteKey, { text: `Door code near the ${word}` });
    for (const key of [alice.readWriteKey, alice.readOnlyKey]) {
      expect((await t.http.get(`/v1/memories/${memory.id}`).set(bearer(key))).status).toBe(200);
    }

    await updateMemory(t, alice.session, memory.id, { sensitivity: 'secret' });
    for (const key of [alice.readWriteKey, alice.readOnlyKey]) {
      expectError(await t.http.get(`/v1/memories/${memory.id}`).set(bearer(key)), 404, 'memory_not_found');
      expectError(await t.http.get(`/v1/memories/${memory.id}/revisions`).set(bearer(key)), 404, 'memory_not_found');
      expect(await listIds(t, key)).toEqual([]);
      expect(await searchIds(key, word)).toEqual([]);
      const data = await batch(key, [memory.id]);
      expect(data.items[0]).toMatchObject({ id: memory.id, status: 'error', error: { code: 'memory_not_found' } });
    }
    expectError(
      await t.http.patch(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey)).send({ sensitivity: 'normal' }),
      404,
      'memory_not_found',
    );

    await updateMemory(t, alice.session, memory.id, { sensitivity: 'normal' });
    for (const key of [alice.readWriteKey, alice.readOnlyKey]) {
      const got = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(key));
      expect(got.status).toBe(200);
      expect(got.body.data).toMatchObject({ sensitivity: 'normal', revision: 3 });
      expect(await listIds(t, key)).toEqual([memory.id]);
      expect(await searchIds(key, word)).toEqual([memory.id]);
    }
  });
});

describe('sensitive Memories', () => {
  test.each(keyModes)('when %s reads, then sensitive Memories are returned by get, list, search and batch', async (_mode, keyOf) => {
    const alice = await t.account();
    const word = uniqueWord();
    const memory = await createMemory(t, alice.readWriteKey, { text: `Allergic to ${word} pollen`, sensitivity: 'sensitive' });
    expect(memory.sensitivity).toBe('sensitive');
    const key = keyOf(alice);

    const got = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(key));
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(memory);
    expect(await listIds(t, key)).toEqual([memory.id]);
    expect(await listIds(t, key, { sensitivity: 'sensitive' })).toEqual([memory.id]);
    expect(await searchIds(key, word)).toEqual([memory.id]);
    const data = await batch(key, [memory.id]);
    expect(data.items).toEqual([
      { id: memory.id, status: 'ok', memory, truncated: false, text_length: [...memory.text].length },
    ]);
    expect(await revisionNumbers(t, key, memory.id)).toEqual([1]);
  });
});

describe('revisions of a Memory that was secret for a while', () => {
  test('when the session makes a Memory secret and then normal again, then keys do not see the secret revision but the session sees all', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.session, { text: 'Wi-Fi password is on the fridge' });
    await updateMemory(t, alice.session, memory.id, { sensitivity: 'secret', text: 'Wi-Fi password is hunter2' });
    await updateMemory(t, alice.session, memory.id, { sensitivity: 'normal', text: 'Wi-Fi password was changed' });

    for (const key of [alice.readWriteKey, alice.readOnlyKey]) {
      const list = await t.http.get(`/v1/memories/${memory.id}/revisions`).set(bearer(key));
      expect(list.status).toBe(200);
      expect(list.body.data.map((r: { revision: number }) => r.revision)).toEqual([3, 1]);
      expect(JSON.stringify(list.body)).not.toContain('hunter2');
      expect(list.body.next_cursor).toBeNull();

      expectError(await t.http.get(`/v1/memories/${memory.id}/revisions/2`).set(bearer(key)), 404, 'revision_not_found');
      for (const revision of [1, 3]) {
        const one = await t.http.get(`/v1/memories/${memory.id}/revisions/${revision}`).set(bearer(key));
        expect(one.status).toBe(200);
        expect(one.body.data).toMatchObject({ revision, sensitivity: 'normal' });
      }

      const paged = await t.http.get(`/v1/memories/${memory.id}/revisions?limit=1`).set(bearer(key));
      expect(paged.body.data.map((r: { revision: number }) => r.revision)).toEqual([3]);
      const next = await t.http
        .get(`/v1/memories/${memory.id}/revisions?limit=1&cursor=${paged.body.next_cursor}`)
        .set(bearer(key));
      expect(next.status).toBe(200);
      expect(next.body.data.map((r: { revision: number }) => r.revision)).toEqual([1]);
      expect(next.body.next_cursor).toBeNull();
    }

    expect(await revisionNumbers(t, alice.session, memory.id)).toEqual([3, 2, 1]);
    const secretRevision = await t.http.get(`/v1/memories/${memory.id}/revisions/2`).set(bearer(alice.session));
    expect(secretRevision.status).toBe(200);
    expect(secretRevision.body.data).toMatchObject({ revision: 2, sensitivity: 'secret', text: 'Wi-Fi password is hunter2' });
  });
});
