import { bearer, startTestApp, uniqueWord, type TestAccount, type TestApp } from '../support/app';
import { expectError, TIMESTAMP_PATTERN } from '../support/assertions';
import { createMemory, updateMemory } from '../support/factories';
import { UNKNOWN_MEMORY } from '../support/ids';
import { listIds, revisionNumbers } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A PATCH of a Memory that names the revision it expects in If-Match. */
function patchIfMatch(token: string, id: string, ifMatch: string, body: object) {
  return t.http.patch(`/v1/memories/${id}`).set(bearer(token)).set('If-Match', ifMatch).send(body);
}

describe('creating a Memory', () => {
  test('when a read-write key sends only text, then it gets 201 with a Location, ETag "1" and the defaults', async () => {
    const alice = await t.account();
    const res = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send({ text: 'Likes green tea' });

    expect(res.status).toBe(201);
    const memory = res.body.data;
    expect(memory.id).toMatch(/^mem_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(res.headers.location).toBe(`/v1/memories/${memory.id}`);
    expect(res.headers.etag).toBe('"1"');
    expect(memory).toEqual({
      id: memory.id,
      text: 'Likes green tea',
      text_truncated: false,
      type: 'note',
      sensitivity: 'normal',
      tags: [],
      pinned: false,
      revision: 1,
      created_at: expect.stringMatching(TIMESTAMP_PATTERN),
      updated_at: memory.created_at,
      expires_at: null,
    });

    const got = await t.http.get(res.headers.location as string).set(bearer(alice.readOnlyKey));
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(memory);
  });

  test('when a session sends every field, then each is stored as sent', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.session, {
      text: 'Ship on Fridays is forbidden',
      type: 'decision',
      sensitivity: 'sensitive',
      tags: ['release'],
      pinned: true,
    });
    expect(memory).toMatchObject({
      text: 'Ship on Fridays is forbidden',
      type: 'decision',
      sensitivity: 'sensitive',
      tags: ['release'],
      pinned: true,
      revision: 1,
    });
  });

  test('when tags have spaces, capitals and duplicates, then they are trimmed, lower-cased and de-duplicated in first order', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, {
      text: 'Trip notes',
      tags: ['  Travel ', 'FOOD', 'travel', 'Food  ', 'Japan', ' japan'],
    });
    expect(memory.tags).toEqual(['travel', 'food', 'japan']);

    const got = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readOnlyKey));
    expect(got.body.data.tags).toEqual(['travel', 'food', 'japan']);
  });

  test('when the text has leading and trailing spaces and emoji, then it is stored exactly as given', async () => {
    const alice = await t.account();
    const text = '  Café ☕️ with 👩‍💻 friends 🎉\n\t ';
    const memory = await createMemory(t, alice.readWriteKey, { text });
    expect(memory.text).toBe(text);

    const got = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey));
    expect(got.body.data.text).toBe(text);
    const row = await t.database.db
      .selectFrom('memories')
      .select('text')
      .where('id', '=', memory.id)
      .executeTakeFirstOrThrow();
    expect(row.text).toBe(text);
  });

  test('when the text is 32,000 emoji (64,000 UTF-16 units), then it is accepted because limits count code points', async () => {
    const alice = await t.account();
    const text = '😀'.repeat(32_000);
    expect(text.length).toBe(64_000);
    const memory = await createMemory(t, alice.readWriteKey, { text });
    expect(memory.text).toBe(text);
    expect(memory.text_truncated).toBe(false);
  });

  test('when the text is exactly 32,000 characters, then it is accepted', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'a'.repeat(32_000) });
    expect(memory.text).toHaveLength(32_000);
  });

  const invalidBodies: Array<[string, unknown]> = [
    ['text is missing', { type: 'note' }],
    ['text is empty', { text: '' }],
    ['text is only whitespace', { text: ' \n\t\u00a0 ' }],
    ['text is 32,001 code points', { text: 'a'.repeat(32_001) }],
    ['text is 32,001 emoji', { text: '😀'.repeat(32_001) }],
    ['text is not a string', { text: 42 }],
    ['text is null', { text: null }],
    ['type is not one of the enum', { text: 'x', type: 'memo' }],
    ['sensitivity is not one of the enum', { text: 'x', sensitivity: 'private' }],
    ['there are 21 tags', { text: 'x', tags: Array.from({ length: 21 }, (_, i) => `tag${i}`) }],
    ['a tag is 65 characters', { text: 'x', tags: ['t'.repeat(65)] }],
    ['a tag is empty', { text: 'x', tags: [''] }],
    ['a tag is only whitespace', { text: 'x', tags: ['   '] }],
    ['a tag holds a control character', { text: 'x', tags: ['bell\u0007tag'] }],
    ['a tag holds a newline', { text: 'x', tags: ['two\nlines'] }],
    ['a tag holds DEL', { text: 'x', tags: ['del\u007ftag'] }],
    ['tags is not an array', { text: 'x', tags: 'travel' }],
    ['pinned is not a boolean', { text: 'x', pinned: 'yes' }],
    ['pinned is the string "true"', { text: 'x', pinned: 'true' }],
    ['there is an unknown field', { text: 'x', colour: 'blue' }],
    ['an id is sent', { text: 'x', id: UNKNOWN_MEMORY }],
    ['the body is an array', [{ text: 'x' }]],
  ];

  test.each(invalidBodies)('when %s, then it is 400 invalid_request and nothing is created', async (_case, body) => {
    const alice = await t.account();
    const res = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send(body as object);
    expectError(res, 400, 'invalid_request');
    expect(await listIds(t, alice.session)).toEqual([]);
  });

  test('when a 21-tag body has duplicates that would fold to fewer, then it is still refused (the limit is on what is sent)', async () => {
    const alice = await t.account();
    const res = await t.http
      .post('/v1/memories')
      .set(bearer(alice.readWriteKey))
      .send({ text: 'x', tags: Array.from({ length: 21 }, () => 'same') });
    expectError(res, 400, 'invalid_request');
    expect(await listIds(t, alice.session)).toEqual([]);
  });

  test('when twenty 64-character tags are sent, then they are accepted', async () => {
    const alice = await t.account();
    const tags = Array.from({ length: 20 }, (_, i) => `${String(i).padStart(2, '0')}${'t'.repeat(62)}`);
    const memory = await createMemory(t, alice.readWriteKey, { text: 'x', tags });
    expect(memory.tags).toEqual(tags);
  });

  test('when a read-only key creates a Memory, then it gets 403 insufficient_key_mode and nothing is created', async () => {
    const alice = await t.account();
    const res = await t.http.post('/v1/memories').set(bearer(alice.readOnlyKey)).send({ text: 'x' });
    expectError(res, 403, 'insufficient_key_mode');
    expect(await listIds(t, alice.session)).toEqual([]);
  });
});

describe('addressing a Memory by ID', () => {
  const malformed = ['abc', 'mem_123', 'mem_01jd2x5y7z8a9b0c1d2e3f4g5h', 'mem_01JD2X5Y7Z8A9B0C1D2E3F4G5U', 'sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H'];

  test.each(malformed)('when the ID %s is malformed, then every Memory route gives 400 invalid_request', async (id) => {
    const alice = await t.account();
    const token = alice.readWriteKey;
    expectError(await t.http.get(`/v1/memories/${id}`).set(bearer(token)), 400, 'invalid_request');
    expectError(await t.http.patch(`/v1/memories/${id}`).set(bearer(token)).send({ pinned: true }), 400, 'invalid_request');
    expectError(await t.http.delete(`/v1/memories/${id}`).set(bearer(token)), 400, 'invalid_request');
    expectError(await t.http.get(`/v1/memories/${id}/revisions`).set(bearer(token)), 400, 'invalid_request');
    expectError(await t.http.get(`/v1/memories/${id}/revisions/1`).set(bearer(token)), 400, 'invalid_request');
  });

  test('when the ID is well-formed but unknown, then every Memory route gives 404 memory_not_found', async () => {
    const alice = await t.account();
    const token = alice.readWriteKey;
    expectError(await t.http.get(`/v1/memories/${UNKNOWN_MEMORY}`).set(bearer(token)), 404, 'memory_not_found');
    expectError(
      await t.http.patch(`/v1/memories/${UNKNOWN_MEMORY}`).set(bearer(token)).send({ pinned: true }),
      404,
      'memory_not_found',
    );
    expectError(await t.http.delete(`/v1/memories/${UNKNOWN_MEMORY}`).set(bearer(token)), 404, 'memory_not_found');
    expectError(await t.http.get(`/v1/memories/${UNKNOWN_MEMORY}/revisions`).set(bearer(token)), 404, 'memory_not_found');
    expectError(await t.http.get(`/v1/memories/${UNKNOWN_MEMORY}/revisions/1`).set(bearer(token)), 404, 'memory_not_found');
  });
});

describe('getting a Memory', () => {
  test('when the text is 5,000 characters, then GET returns all of it with ETag "<revision>" while the list shortens it', async () => {
    const alice = await t.account();
    const long = '0123456789'.repeat(500);
    expect(long).toHaveLength(5_000);
    const memory = await createMemory(t, alice.readWriteKey, { text: long });

    const got = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readOnlyKey));
    expect(got.status).toBe(200);
    expect(got.headers.etag).toBe('"1"');
    expect(got.body.data.text).toBe(long);
    expect(got.body.data.text_truncated).toBe(false);

    const list = await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey));
    expect(list.body.data[0].text).toBe(long.slice(0, 2_000));
    expect(list.body.data[0].text_truncated).toBe(true);

    await updateMemory(t, alice.readWriteKey, memory.id, { pinned: true });
    const again = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readOnlyKey));
    expect(again.headers.etag).toBe('"2"');
    expect(again.body.data.revision).toBe(2);
  });
});

describe('updating a Memory', () => {
  const changes: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    ['text', { text: '  New words 🌱 ' }, { text: '  New words 🌱 ' }],
    ['type', { type: 'instruction' }, { type: 'instruction' }],
    ['sensitivity', { sensitivity: 'sensitive' }, { sensitivity: 'sensitive' }],
    ['tags', { tags: [' Garden', 'GARDEN', 'spring '] }, { tags: ['garden', 'spring'] }],
    ['pinned', { pinned: true }, { pinned: true }],
  ];

  test.each(changes)(
    'when a read-write key changes %s, then the revision goes up by one and the ETag follows',
    async (_field, patch, expected) => {
      const alice = await t.account();
      const memory = await createMemory(t, alice.readWriteKey, { text: 'Old words', tags: ['old'] });

      const res = await t.http.patch(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey)).send(patch);
      expect(res.status).toBe(200);
      expect(res.headers.etag).toBe('"2"');
      expect(res.body.data).toEqual({
        ...memory,
        ...expected,
        revision: 2,
        updated_at: expect.stringMatching(TIMESTAMP_PATTERN),
      });
      expect(Date.parse(res.body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(memory.updated_at));

      const got = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readOnlyKey));
      expect(got.headers.etag).toBe('"2"');
      expect(got.body.data).toEqual(res.body.data);
      expect(await revisionNumbers(t, alice.session, memory.id)).toEqual([2, 1]);
    },
  );

  test('when several updates follow each other, then each one adds exactly one revision', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'v1' });
    for (const [index, patch] of [{ text: 'v2' }, { pinned: true, type: 'event' }, { tags: ['x', 'y'] }].entries()) {
      const res = await t.http.patch(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey)).send(patch);
      expect(res.status).toBe(200);
      expect(res.body.data.revision).toBe(index + 2);
      expect(res.headers.etag).toBe(`"${index + 2}"`);
    }
    expect(await revisionNumbers(t, alice.session, memory.id)).toEqual([4, 3, 2, 1]);
  });

  test('when a PATCH changes nothing, then it is 200 with the same revision and no revision is recorded', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, {
      text: 'Same as before',
      type: 'preference',
      tags: ['alpha', 'beta'],
      pinned: true,
    });

    const res = await t.http
      .patch(`/v1/memories/${memory.id}`)
      .set(bearer(alice.readWriteKey))
      .send({ text: 'Same as before', type: 'preference', sensitivity: 'normal', tags: [' ALPHA', 'beta', 'Beta'], pinned: true });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    expect(res.body.data).toEqual(memory);
    expect(await revisionNumbers(t, alice.session, memory.id)).toEqual([1]);
  });

  test('when the body is empty, then it is 400 invalid_request and nothing changes', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'Keep me' });
    const res = await t.http.patch(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey)).send({});
    expectError(res, 400, 'invalid_request');
    const got = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey));
    expect(got.body.data).toEqual(memory);
  });

  test('when an unknown field comes with a valid one, then it is 400 invalid_request and the valid one is not applied', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'Keep me' });
    const res = await t.http
      .patch(`/v1/memories/${memory.id}`)
      .set(bearer(alice.readWriteKey))
      .send({ pinned: true, revision: 7 });
    expectError(res, 400, 'invalid_request');
    const got = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey));
    expect(got.body.data).toEqual(memory);
    expect(await revisionNumbers(t, alice.session, memory.id)).toEqual([1]);
  });

  test.each<[string, Record<string, unknown>]>([
    ['whitespace-only text', { text: '   ' }],
    ['empty text', { text: '' }],
    ['null text', { text: null }],
    ['a bad type', { type: 'memo' }],
    ['text as a number', { text: 12 }],
    ['pinned as the string "true"', { pinned: 'true' }],
    ['21 tags', { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }],
  ])('when the PATCH sends %s, then it is 400 invalid_request and nothing changes', async (_case, patch) => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'Keep me' });
    const res = await t.http.patch(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey)).send(patch);
    expectError(res, 400, 'invalid_request');
    const got = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey));
    expect(got.body.data).toEqual(memory);
  });

  test('when If-Match names the current revision, then the update succeeds', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'v1' });
    const res = await patchIfMatch(alice.readWriteKey, memory.id, '"1"', { text: 'v2' });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.body.data.text).toBe('v2');
  });

  test('when If-Match is stale because another update came first, then it is 412 precondition_failed and nothing changes', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'v1' });
    await updateMemory(t, alice.session, memory.id, { text: 'v2 by the app' });
    const before = (await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey))).body.data;

    const res = await patchIfMatch(alice.readWriteKey, memory.id, '"1"', { text: 'v2 by the agent', pinned: true });
    expectError(res, 412, 'precondition_failed');
    expect(res.body.error.details).toEqual({ current_revision: 2 });
    expect(res.body.error.retryable).toBe(false);
    expect(res.headers.etag).toBe('"2"');

    const after = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey));
    expect(after.body.data).toEqual(before);
    expect(await revisionNumbers(t, alice.session, memory.id)).toEqual([2, 1]);
  });

  test('when If-Match is stale and the PATCH would change nothing, then it is still 412', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'v1' });
    await updateMemory(t, alice.readWriteKey, memory.id, { text: 'v2' });
    const res = await patchIfMatch(alice.readWriteKey, memory.id, '"1"', { text: 'v2' });
    expectError(res, 412, 'precondition_failed');
    expect(res.body.error.details.current_revision).toBe(2);
  });

  test('when If-Match is *, then the update succeeds whatever the revision', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'v1' });
    await updateMemory(t, alice.readWriteKey, memory.id, { text: 'v2' });
    const res = await patchIfMatch(alice.readWriteKey, memory.id, '*', { text: 'v3' });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe('"3"');
    expect(res.body.data.text).toBe('v3');
  });

  test.each(['"2"', 'W/"1"', '"1 "', '"01"'])('when If-Match is %s on revision 1, then it is 412 precondition_failed', async (ifMatch) => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'v1' });
    const res = await patchIfMatch(alice.readWriteKey, memory.id, ifMatch, { text: 'v2' });
    expectError(res, 412, 'precondition_failed');
    expect(res.body.error.details.current_revision).toBe(1);
    const got = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey));
    expect(got.body.data).toEqual(memory);
  });

  test('when If-Match lists several entity tags and one is current, then the update succeeds', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'v1' });
    const res = await patchIfMatch(alice.readWriteKey, memory.id, '"4", "1"', { text: 'v2' });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe('"2"');
  });

  test('when five clients PATCH at once with If-Match "1", then exactly one wins and the others get 412', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'v1' });
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        patchIfMatch(alice.readWriteKey, memory.id, '"1"', { text: `writer ${n}` })
          .then((res) => res),
      ),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 412, 412, 412, 412]);
    for (const res of results.filter((r) => r.status === 412)) {
      expect(res.body.error).toMatchObject({ code: 'precondition_failed', details: { current_revision: 2 } });
    }
    const winner = results.find((res) => res.status === 200)!;
    const got = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey));
    expect(got.body.data).toEqual(winner.body.data);
    expect(await revisionNumbers(t, alice.session, memory.id)).toEqual([2, 1]);
  });

  test('when five clients PATCH at once without If-Match, then every change gets its own revision', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'v1' });
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        t.http
          .patch(`/v1/memories/${memory.id}`)
          .set(bearer(alice.readWriteKey))
          .send({ text: `writer ${n}` })
          .then((res) => res),
      ),
    );
    expect(results.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.map((res) => res.body.data.revision).sort()).toEqual([2, 3, 4, 5, 6]);
    expect(await revisionNumbers(t, alice.session, memory.id)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  test('when a read-only key updates a Memory, then it gets 403 insufficient_key_mode and nothing changes', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'Keep me' });
    const res = await t.http.patch(`/v1/memories/${memory.id}`).set(bearer(alice.readOnlyKey)).send({ pinned: true });
    expectError(res, 403, 'insufficient_key_mode');
    const got = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readOnlyKey));
    expect(got.body.data).toEqual(memory);
  });
});

describe('deleting a Memory', () => {
  test('when a read-write key deletes a Memory, then it goes to the trash: gone for every route, revisions kept, and a second DELETE is 404', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'Short-lived' });
    await updateMemory(t, alice.readWriteKey, memory.id, { text: 'Still short-lived' });

    const before = Date.now();
    const res = await t.http.delete(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, data: { id: memory.id, deleted: true, permanent: false, purge_at: expect.any(String) } });
    // Kept for the default 30 days.
    const retention = Date.parse(res.body.data.purge_at) - 30 * 24 * 60 * 60 * 1000;
    expect(retention).toBeGreaterThanOrEqual(before);
    expect(retention).toBeLessThanOrEqual(Date.now());

    expectError(await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.session)), 404, 'memory_not_found');
    expectError(await t.http.get(`/v1/memories/${memory.id}/revisions`).set(bearer(alice.session)), 404, 'memory_not_found');
    expectError(await t.http.get(`/v1/memories/${memory.id}/revisions/1`).set(bearer(alice.session)), 404, 'memory_not_found');
    expectError(await t.http.delete(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey)), 404, 'memory_not_found');
    expect(await listIds(t, alice.session)).toEqual([]);

    const revisions = await t.database.db
      .selectFrom('memory_revisions')
      .select('revision')
      .where('memory_id', '=', memory.id)
      .orderBy('revision')
      .execute();
    expect(revisions).toEqual([{ revision: 1 }, { revision: 2 }]);
  });

  test('when a read-only key deletes a Memory, then it gets 403 insufficient_key_mode and the Memory stays', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'Stays' });
    expectError(await t.http.delete(`/v1/memories/${memory.id}`).set(bearer(alice.readOnlyKey)), 403, 'insufficient_key_mode');
    expect((await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readOnlyKey))).status).toBe(200);
  });

  test('when the Memory is a source of a reviewed Fact, then DELETE is 400 memory_in_use naming the Fact and the Memory stays', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'Apollo launches in May' });
    const other = await createMemory(t, alice.readWriteKey, { text: 'Apollo has a budget' });
    // A reviewed Fact, made the way users make one: link, suggest, accept in the application.
    const subject = await t.http.post('/v1/subjects').set(bearer(alice.readWriteKey)).send({ name: uniqueWord('Apollo ') });
    const subjectId = subject.body.data.id as string;
    for (const source of [memory, other]) {
      const link = await t.http.post(`/v1/subjects/${subjectId}/memories`).set(bearer(alice.readWriteKey)).send({ memory_id: source.id });
      expect(link.status).toBe(201);
    }
    const suggestion = await t.http
      .post(`/v1/subjects/${subjectId}/fact-suggestions`)
      .set(bearer(alice.readWriteKey))
      .send({ statement: 'Apollo launches in May', source_memory_ids: [memory.id, other.id] });
    expect(suggestion.status).toBe(201);
    const accepted = await t.http.post(`/v1/fact-suggestions/${suggestion.body.data.id}/accept`).set(bearer(alice.session));
    expect(accepted.status).toBe(200);
    const factId = accepted.body.data.fact.id as string;

    for (const token of [alice.readWriteKey, alice.session]) {
      const res = await t.http.delete(`/v1/memories/${memory.id}`).set(bearer(token));
      expectError(res, 400, 'memory_in_use');
      expect(res.body.error.details.fact_ids).toEqual([factId]);
    }

    const got = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey));
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(memory);
    expect(await revisionNumbers(t, alice.session, memory.id)).toEqual([1]);
  });

  test('when the Memory is only linked to a Subject, then DELETE succeeds and removes the link', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'Met Dana at the conference' });
    const subject = await t.http.post('/v1/subjects').set(bearer(alice.readWriteKey)).send({ name: uniqueWord('Conference ') });
    const subjectId = subject.body.data.id as string;
    const link = await t.http.post(`/v1/subjects/${subjectId}/memories`).set(bearer(alice.readWriteKey)).send({ memory_id: memory.id });
    expect(link.status).toBe(201);
    const before = await t.http.get(`/v1/subjects/${subjectId}`).set(bearer(alice.readWriteKey));
    expect(before.body.data.memory_count).toBe(1);

    const res = await t.http.delete(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: memory.id, deleted: true, permanent: false });

    const links = await t.database.db.selectFrom('memory_links').selectAll().where('memory_id', '=', memory.id).execute();
    expect(links).toEqual([]);
    // The Subject stays, and its count no longer includes the deleted Memory.
    const after = await t.http.get(`/v1/subjects/${subjectId}`).set(bearer(alice.readWriteKey));
    expect(after.status).toBe(200);
    expect(after.body.data.memory_count).toBe(0);
  });
});

describe('filtering by tag', () => {
  test('when a list asks for ?tag=, then only Memories carrying that tag come back, compared lower-case', async () => {
    const alice = await t.account();
    const tagged = await createMemory(t, alice.readWriteKey, { text: 'Tagged one', tags: ['Garden'] });
    await createMemory(t, alice.readWriteKey, { text: 'Untagged one' });

    const res = await t.http.get('/v1/memories?tag=GARDEN').set(bearer(alice.readOnlyKey));
    expect(res.status).toBe(200);
    expect(res.body.data.map((memory: { id: string }) => memory.id)).toEqual([tagged.id]);
  });

  test('when a search asks for ?tag=, then only hits carrying that tag come back', async () => {
    const alice = await t.account();
    const word = uniqueWord();
    const tagged = await createMemory(t, alice.readWriteKey, { text: `The ${word} in the shed`, tags: ['garden'] });
    await createMemory(t, alice.readWriteKey, { text: `The ${word} in the kitchen` });

    const res = await t.http.get(`/v1/memories/search?q=${word}&tag=garden`).set(bearer(alice.readOnlyKey));
    expect(res.status).toBe(200);
    expect(res.body.data.map((hit: { memory: { id: string } }) => hit.memory.id)).toEqual([tagged.id]);
  });
});

describe('two accounts', () => {
  async function aliceAndBob(): Promise<{ alice: TestAccount; bob: TestAccount; memory: any; word: string }> {
    const alice = await t.account();
    const bob = await t.account();
    const word = uniqueWord();
    const memory = await createMemory(t, alice.readWriteKey, { text: `Alice keeps a ${word} in the garden`, tags: ['private'] });
    await createMemory(t, bob.readWriteKey, { text: 'Bob keeps a bicycle in the garden', tags: ['private'] });
    return { alice, bob, memory, word };
  }

  async function expectAliceUnchanged(alice: TestAccount, memory: any): Promise<void> {
    const got = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.session));
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(memory);
    expect(await revisionNumbers(t, alice.session, memory.id)).toEqual([1]);
  }

  test("when Bob addresses Alice's Memory by ID, then every route is 404 memory_not_found and nothing of Alice's changes", async () => {
    const { alice, bob, memory } = await aliceAndBob();
    for (const token of [bob.session, bob.readWriteKey, bob.readOnlyKey]) {
      expectError(await t.http.get(`/v1/memories/${memory.id}`).set(bearer(token)), 404, 'memory_not_found');
      expectError(await t.http.get(`/v1/memories/${memory.id}/revisions`).set(bearer(token)), 404, 'memory_not_found');
      expectError(await t.http.get(`/v1/memories/${memory.id}/revisions/1`).set(bearer(token)), 404, 'memory_not_found');
    }
    for (const token of [bob.session, bob.readWriteKey]) {
      expectError(
        await t.http.patch(`/v1/memories/${memory.id}`).set(bearer(token)).send({ text: 'Bob was here', pinned: true }),
        404,
        'memory_not_found',
      );
      expectError(
        await t.http.patch(`/v1/memories/${memory.id}`).set(bearer(token)).set('If-Match', '"7"').send({ pinned: true }),
        404,
        'memory_not_found',
      );
      expectError(await t.http.delete(`/v1/memories/${memory.id}`).set(bearer(token)), 404, 'memory_not_found');
    }
    await expectAliceUnchanged(alice, memory);
  });

  test("when Bob lists, searches and batch-reads, then Alice's Memory never appears", async () => {
    const { alice, bob, memory, word } = await aliceAndBob();

    const aliceSearch = await t.http.get(`/v1/memories/search?q=${word}`).set(bearer(alice.readOnlyKey));
    expect(aliceSearch.status).toBe(200);
    expect(aliceSearch.body.data.map((hit: any) => hit.memory.id)).toEqual([memory.id]);

    for (const token of [bob.session, bob.readWriteKey, bob.readOnlyKey]) {
      const list = await t.http.get('/v1/memories?limit=100').set(bearer(token));
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(1);
      expect(list.body.data[0].text).toBe('Bob keeps a bicycle in the garden');

      const search = await t.http.get(`/v1/memories/search?q=${word}`).set(bearer(token));
      expect(search.status).toBe(200);
      expect(search.body.data).toEqual([]);

      const garden = await t.http.get('/v1/memories/search?q=garden').set(bearer(token));
      expect(garden.body.data.map((hit: any) => hit.memory.id)).not.toContain(memory.id);

      const batch = await t.http.get(`/v1/memories/batch?ids=${memory.id}`).set(bearer(token));
      expect(batch.status).toBe(200);
      expect(batch.body.data.items).toEqual([
        { id: memory.id, status: 'error', error: { code: 'memory_not_found', message: expect.any(String) } },
      ]);
      expect(batch.body.data.budget.used).toBe(0);
    }
    await expectAliceUnchanged(alice, memory);
  });
});
