import { expectError, TIMESTAMP_PATTERN } from '../support/assertions';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { createMemory, updateMemory } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The revision a Memory write should have recorded: its state, its time and who made it. */
function revisionOf(memory: any, actor: { kind: 'api_key'; key_id: string } | { kind: 'session' }) {
  return {
    memory_id: memory.id,
    revision: memory.revision,
    text: memory.text,
    text_truncated: false,
    type: memory.type,
    sensitivity: memory.sensitivity,
    tags: memory.tags,
    pinned: memory.pinned,
    created_at: memory.updated_at,
    actor,
  };
}

describe('listing revisions', () => {
  test('when a key and the session take turns editing, then revisions come newest first, each a full snapshot with its actor', async () => {
    const alice = await t.account();
    const byKey = { kind: 'api_key' as const, key_id: alice.readWriteKeyId };
    const bySession = { kind: 'session' as const };

    const v1 = await createMemory(t, alice.readWriteKey, { text: 'Standup at 9', type: 'event', tags: ['Work'] });
    const v2 = await updateMemory(t, alice.session, v1.id, { text: 'Standup at 9:30', pinned: true });
    const v3 = await updateMemory(t, alice.readWriteKey, v1.id, { sensitivity: 'sensitive', tags: ['work', 'Meetings'] });
    const v4 = await updateMemory(t, alice.session, v1.id, { type: 'decision' });

    const res = await t.http.get(`/v1/memories/${v1.id}/revisions`).set(bearer(alice.readOnlyKey));
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.data).toEqual([
      revisionOf(v4, bySession),
      revisionOf(v3, byKey),
      revisionOf(v2, bySession),
      revisionOf(v1, byKey),
    ]);
    expect(res.body.data[3]).toMatchObject({ revision: 1, text: 'Standup at 9', type: 'event', tags: ['work'], pinned: false });
    expect(res.body.data[0]).toMatchObject({
      revision: 4,
      text: 'Standup at 9:30',
      type: 'decision',
      sensitivity: 'sensitive',
      tags: ['work', 'meetings'],
      pinned: true,
    });
    for (const revision of res.body.data) expect(revision.created_at).toMatch(TIMESTAMP_PATTERN);
    // A session actor names no key.
    expect(res.body.data[0].actor).not.toHaveProperty('key_id');
    expect(res.body.data[2].actor).not.toHaveProperty('key_id');
  });

  test('when a revision is fetched by number, then it equals the same revision in the list', async () => {
    const alice = await t.account();
    const v1 = await createMemory(t, alice.session, { text: 'First' });
    await updateMemory(t, alice.readWriteKey, v1.id, { text: 'Second' });

    const list = await t.http.get(`/v1/memories/${v1.id}/revisions`).set(bearer(alice.readOnlyKey));
    for (const listed of list.body.data) {
      const one = await t.http.get(`/v1/memories/${v1.id}/revisions/${listed.revision}`).set(bearer(alice.readOnlyKey));
      expect(one.status).toBe(200);
      expect(one.body).toEqual({ ok: true, data: listed });
    }
    expect(list.body.data.map((r: any) => r.actor)).toEqual([
      { kind: 'api_key', key_id: alice.readWriteKeyId },
      { kind: 'session' },
    ]);
  });

  test('when a revision text is longer than 2,000 code points, then the list shortens it without splitting an emoji and GET one returns it all', async () => {
    const alice = await t.account();
    const long = '🦘'.repeat(2_500);
    const exact = `${'é'.repeat(1_999)}🦘`;
    const v1 = await createMemory(t, alice.readWriteKey, { text: long });
    await updateMemory(t, alice.readWriteKey, v1.id, { text: exact });

    const list = await t.http.get(`/v1/memories/${v1.id}/revisions`).set(bearer(alice.readOnlyKey));
    expect(list.status).toBe(200);
    const [second, first] = list.body.data;
    expect(first.text).toBe('🦘'.repeat(2_000));
    expect(first.text_truncated).toBe(true);
    expect(second.text).toBe(exact);
    expect(second.text_truncated).toBe(false);

    const full = await t.http.get(`/v1/memories/${v1.id}/revisions/1`).set(bearer(alice.readOnlyKey));
    expect(full.status).toBe(200);
    expect(full.body.data.text).toBe(long);
    expect(full.body.data.text_truncated).toBe(false);
  });

  test('when five revisions are paged two at a time, then every revision comes exactly once, newest first', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'r1' });
    for (const text of ['r2', 'r3', 'r4', 'r5']) await updateMemory(t, alice.readWriteKey, memory.id, { text });

    const pages: number[][] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/v1/memories/${memory.id}/revisions?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await t.http.get(url).set(bearer(alice.readOnlyKey));
      expect(res.status).toBe(200);
      pages.push(res.body.data.map((r: { revision: number }) => r.revision));
      cursor = res.body.next_cursor;
    } while (cursor !== null && pages.length < 10);

    expect(pages).toEqual([[5, 4], [3, 2], [1]]);
  });

  test('when a revisions cursor is used on another Memory, then it is 400 invalid_cursor', async () => {
    const alice = await t.account();
    const a = await createMemory(t, alice.readWriteKey, { text: 'a1' });
    await updateMemory(t, alice.readWriteKey, a.id, { text: 'a2' });
    const b = await createMemory(t, alice.readWriteKey, { text: 'b1' });
    const page = await t.http.get(`/v1/memories/${a.id}/revisions?limit=1`).set(bearer(alice.readOnlyKey));
    expect(page.body.next_cursor).toEqual(expect.any(String));

    const res = await t.http
      .get(`/v1/memories/${b.id}/revisions?limit=1&cursor=${encodeURIComponent(page.body.next_cursor)}`)
      .set(bearer(alice.readOnlyKey));
    expectError(res, 400, 'invalid_cursor');
  });

  test.each(['0', '101', 'abc'])('when limit is %s, then it is 400 invalid_request', async (limit) => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'x' });
    const res = await t.http.get(`/v1/memories/${memory.id}/revisions?limit=${limit}`).set(bearer(alice.readOnlyKey));
    expectError(res, 400, 'invalid_request');
  });
});

describe('getting one revision', () => {
  test('when the revision number does not exist, then it is 404 revision_not_found', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'only one' });
    for (const revision of [2, 99, 2_147_483_647]) {
      expectError(
        await t.http.get(`/v1/memories/${memory.id}/revisions/${revision}`).set(bearer(alice.readOnlyKey)),
        404,
        'revision_not_found',
      );
    }
  });

  test.each(['0', '-1', 'abc', '1.5', '2147483648'])('when the revision number is %s, then it is 400 invalid_request', async (revision) => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'only one' });
    expectError(
      await t.http.get(`/v1/memories/${memory.id}/revisions/${revision}`).set(bearer(alice.readOnlyKey)),
      400,
      'invalid_request',
    );
  });

  test('when a PATCH changes nothing, then no revision is recorded and the next number stays free', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'steady', tags: ['a'] });
    await updateMemory(t, alice.readWriteKey, memory.id, { text: 'steady', tags: ['A '] });
    expectError(
      await t.http.get(`/v1/memories/${memory.id}/revisions/2`).set(bearer(alice.readOnlyKey)),
      404,
      'revision_not_found',
    );
    const updated = await updateMemory(t, alice.readWriteKey, memory.id, { text: 'moved' });
    expect(updated.revision).toBe(2);
    const second = await t.http.get(`/v1/memories/${memory.id}/revisions/2`).set(bearer(alice.readOnlyKey));
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(revisionOf(updated, { kind: 'api_key', key_id: alice.readWriteKeyId }));
  });
});
