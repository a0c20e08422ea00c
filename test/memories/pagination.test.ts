import { expectError } from '../support/assertions';
import { monotonicClock } from '../support/clock';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { createMemory, type Memory } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: monotonicClock() });
});
afterAll(() => t.close());

function list(token: string, query: Record<string, string | number | boolean> = {}) {
  return t.http.get('/v1/memories').query(query).set(bearer(token));
}

async function listData(
  token: string,
  query: Record<string, string | number | boolean> = {},
): Promise<{ data: Memory[]; next_cursor: string | null }> {
  const res = await list(token, query);
  expect(res.status).toBe(200);
  expect(res.body.ok).toBe(true);
  expect(Object.keys(res.body).sort()).toEqual(['data', 'next_cursor', 'ok']);
  return res.body;
}

const ids = (memories: Memory[]) => memories.map((m) => m.id);

/** The order the list promises: newest updated_at first, then ID (descending) as a tie-breaker. */
function newestFirst(memories: Memory[]): Memory[] {
  return [...memories].sort((a, b) =>
    a.updated_at === b.updated_at ? (a.id < b.id ? 1 : -1) : a.updated_at < b.updated_at ? 1 : -1,
  );
}

describe('paging through 45 Memories', () => {
  let alice: TestAccount;
  let created: Memory[];
  beforeAll(async () => {
    alice = await t.account();
    created = [];
    for (let chunk = 0; chunk < 5; chunk += 1) {
      created.push(
        ...(await Promise.all(
          Array.from({ length: 9 }, (_, i) => createMemory(t, alice.readWriteKey, { text: `Paged memory ${chunk * 9 + i + 1}` })),
        )),
      );
    }
  });

  test('limit 10 gives five pages, every ID exactly once, newest updated_at first, and a null cursor at the end', async () => {
    const pages: Memory[][] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string | number> = { limit: 10 };
      if (cursor) query.cursor = cursor;
      const page = await listData(alice.readOnlyKey, query);
      pages.push(page.data);
      cursor = page.next_cursor;
      if (cursor !== null) expect(typeof cursor).toBe('string');
    } while (cursor !== null && pages.length < 10);

    expect(pages.map((page) => page.length)).toEqual([10, 10, 10, 10, 5]);
    const seen = pages.flat();
    expect(new Set(ids(seen)).size).toBe(45);
    expect(ids(seen).sort()).toEqual(ids(created).sort());
    expect(ids(seen)).toEqual(ids(newestFirst(created)));
    for (let i = 1; i < seen.length; i += 1) {
      expect(seen[i - 1]!.updated_at >= seen[i]!.updated_at).toBe(true);
    }
  });

  test('without limit a page holds 20 Memories', async () => {
    const page = await listData(alice.readOnlyKey);
    expect(page.data).toHaveLength(20);
    expect(page.next_cursor).not.toBeNull();
  });

  test('limit 100 returns everything on one page with a null cursor', async () => {
    const page = await listData(alice.readOnlyKey, { limit: 100 });
    expect(page.data).toHaveLength(45);
    expect(page.next_cursor).toBeNull();
  });

  test('a page that ends exactly at the last Memory has a null cursor', async () => {
    const first = await listData(alice.readOnlyKey, { limit: 40 });
    const last = await listData(alice.readOnlyKey, { limit: 5, cursor: first.next_cursor! });
    expect(last.data).toHaveLength(5);
    expect(last.next_cursor).toBeNull();
  });

  test('limit 101, limit 0 and a non-numeric limit are 400 invalid_request', async () => {
    expectError(await list(alice.readOnlyKey, { limit: 101 }), 400, 'invalid_request');
    expectError(await list(alice.readOnlyKey, { limit: 0 }), 400, 'invalid_request');
    expectError(await list(alice.readOnlyKey, { limit: 'ten' }), 400, 'invalid_request');
  });

  test('a cursor may be used with another page size, since limit is not a filter', async () => {
    const first = await listData(alice.readOnlyKey, { limit: 10 });
    const next = await listData(alice.readOnlyKey, { limit: 5, cursor: first.next_cursor! });
    expect(ids(next.data)).toEqual(ids(newestFirst(created)).slice(10, 15));
  });
});

describe('cursors', () => {
  let bob: TestAccount;
  let cursor: string;
  beforeAll(async () => {
    bob = await t.account();
    for (let i = 0; i < 3; i += 1) await createMemory(t, bob.readWriteKey, { text: `Cursor memory ${i}`, tags: ['x'] });
    const first = await listData(bob.readOnlyKey, { limit: 1 });
    cursor = first.next_cursor!;
    expect(cursor).toEqual(expect.any(String));
  });

  test('a cursor reused with the same filters continues the list', async () => {
    const next = await listData(bob.readOnlyKey, { limit: 1, cursor });
    expect(next.data).toHaveLength(1);
  });

  test('a cursor reused with an added type filter is 400 invalid_cursor', async () => {
    expectError(await list(bob.readOnlyKey, { limit: 1, cursor, type: 'note' }), 400, 'invalid_cursor');
  });

  test('a cursor reused with an added tag filter is 400 invalid_cursor', async () => {
    expectError(await list(bob.readOnlyKey, { limit: 1, cursor, tag: 'x' }), 400, 'invalid_cursor');
  });

  test('a cursor issued for a filter is 400 invalid_cursor without it or with another value', async () => {
    const filtered = await listData(bob.readOnlyKey, { limit: 1, type: 'note' });
    const typed = filtered.next_cursor!;
    expect(typed).toEqual(expect.any(String));
    expectError(await list(bob.readOnlyKey, { limit: 1, cursor: typed }), 400, 'invalid_cursor');
    expectError(await list(bob.readOnlyKey, { limit: 1, cursor: typed, type: 'event' }), 400, 'invalid_cursor');
    expect((await listData(bob.readOnlyKey, { limit: 1, cursor: typed, type: 'note' })).data).toHaveLength(1);
  });

  test('a garbage cursor is 400 invalid_cursor', async () => {
    expectError(await list(bob.readOnlyKey, { cursor: 'garbage!!' }), 400, 'invalid_cursor');
    expectError(await list(bob.readOnlyKey, { cursor: 'bm90LWpzb24' }), 400, 'invalid_cursor'); // "not-json"
    const wrongShape = Buffer.from(JSON.stringify({ f: 'x', p: 'y' })).toString('base64url');
    expectError(await list(bob.readOnlyKey, { cursor: wrongShape }), 400, 'invalid_cursor');
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { f: string; p: unknown[] };
    const badTime = Buffer.from(JSON.stringify({ ...decoded, p: ['not a time', 'mem_x'] })).toString('base64url');
    expectError(await list(bob.readOnlyKey, { cursor: badTime }), 400, 'invalid_cursor');
  });

  test('a cursor from another list (revisions) is 400 invalid_cursor on the Memory list', async () => {
    const memory = await createMemory(t, bob.readWriteKey, { text: 'Revised once' });
    await t.http.patch(`/v1/memories/${memory.id}`).set(bearer(bob.readWriteKey)).send({ text: 'Revised twice' }).expect(200);
    const revisions = await t.http
      .get(`/v1/memories/${memory.id}/revisions`)
      .query({ limit: 1 })
      .set(bearer(bob.readOnlyKey));
    expect(revisions.status).toBe(200);
    const foreign = revisions.body.next_cursor as string;
    expect(foreign).toEqual(expect.any(String));
    expectError(await list(bob.readOnlyKey, { cursor: foreign }), 400, 'invalid_cursor');
  });
});

describe('filters', () => {
  let carol: TestAccount;
  const m: Record<string, Memory> = {};
  beforeAll(async () => {
    carol = await t.account();
    m.a = await createMemory(t, carol.readWriteKey, { text: 'A: a plain note about travel', tags: ['travel'] });
    m.b = await createMemory(t, carol.readWriteKey, {
      text: 'B: decided to travel by train',
      type: 'decision',
      tags: ['Travel', 'work'],
      sensitivity: 'sensitive',
      pinned: true,
    });
    m.c = await createMemory(t, carol.readWriteKey, { text: 'C: prefers window seats', type: 'preference', pinned: true });
    m.d = await createMemory(t, carol.session, { text: 'D: a secret note', sensitivity: 'secret' });
    m.e = await createMemory(t, carol.readWriteKey, {
      text: 'E: conference in May',
      type: 'event',
      tags: ['work'],
      sensitivity: 'sensitive',
    });
  });

  const listIds = async (token: string, query: Record<string, string | number | boolean>) =>
    ids((await listData(token, query)).data);

  test('without filters an API key sees every Memory but the secret one, newest first', async () => {
    expect(await listIds(carol.readOnlyKey, {})).toEqual([m.e!.id, m.c!.id, m.b!.id, m.a!.id]);
    expect(await listIds(carol.session, {})).toEqual([m.e!.id, m.d!.id, m.c!.id, m.b!.id, m.a!.id]);
  });

  test('type returns exactly the Memories of that type', async () => {
    expect(await listIds(carol.readOnlyKey, { type: 'note' })).toEqual([m.a!.id]);
    expect(await listIds(carol.session, { type: 'note' })).toEqual([m.d!.id, m.a!.id]);
    expect(await listIds(carol.readOnlyKey, { type: 'decision' })).toEqual([m.b!.id]);
    expect(await listIds(carol.readOnlyKey, { type: 'reference' })).toEqual([]);
  });

  test('tag returns exactly the Memories carrying it, compared lower-case', async () => {
    expect(await listIds(carol.readOnlyKey, { tag: 'travel' })).toEqual([m.b!.id, m.a!.id]);
    expect(await listIds(carol.readOnlyKey, { tag: 'TRAVEL' })).toEqual([m.b!.id, m.a!.id]);
    expect(await listIds(carol.readOnlyKey, { tag: 'work' })).toEqual([m.e!.id, m.b!.id]);
    expect(await listIds(carol.readOnlyKey, { tag: 'nothing' })).toEqual([]);
  });

  test('sensitivity returns exactly the Memories of that sensitivity; secret ones only for sessions', async () => {
    expect(await listIds(carol.readOnlyKey, { sensitivity: 'sensitive' })).toEqual([m.e!.id, m.b!.id]);
    expect(await listIds(carol.readOnlyKey, { sensitivity: 'normal' })).toEqual([m.c!.id, m.a!.id]);
    expect(await listIds(carol.readOnlyKey, { sensitivity: 'secret' })).toEqual([]);
    expect(await listIds(carol.session, { sensitivity: 'secret' })).toEqual([m.d!.id]);
  });

  test('pinned returns exactly the pinned (or unpinned) Memories', async () => {
    expect(await listIds(carol.readOnlyKey, { pinned: true })).toEqual([m.c!.id, m.b!.id]);
    expect(await listIds(carol.readOnlyKey, { pinned: false })).toEqual([m.e!.id, m.a!.id]);
  });

  test('updated_since returns exactly the Memories updated at or after that instant', async () => {
    expect(await listIds(carol.readOnlyKey, { updated_since: m.c!.updated_at })).toEqual([m.e!.id, m.c!.id]);
    const justAfter = new Date(Date.parse(m.c!.updated_at) + 1).toISOString();
    expect(await listIds(carol.session, { updated_since: justAfter })).toEqual([m.e!.id, m.d!.id]);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(await listIds(carol.readOnlyKey, { updated_since: future })).toEqual([]);
  });

  test('filters combine', async () => {
    expect(await listIds(carol.readOnlyKey, { tag: 'work', pinned: true })).toEqual([m.b!.id]);
    expect(await listIds(carol.readOnlyKey, { type: 'event', sensitivity: 'sensitive' })).toEqual([m.e!.id]);
    expect(await listIds(carol.readOnlyKey, { type: 'event', sensitivity: 'normal' })).toEqual([]);
  });

  test('filters are paginated with their own cursor', async () => {
    const first = await listData(carol.readOnlyKey, { tag: 'travel', limit: 1 });
    expect(ids(first.data)).toEqual([m.b!.id]);
    const second = await listData(carol.readOnlyKey, { tag: 'travel', limit: 1, cursor: first.next_cursor! });
    expect(ids(second.data)).toEqual([m.a!.id]);
    expect(second.next_cursor).toBeNull();
  });

  test('invalid filter values are 400 invalid_request', async () => {
    expectError(await list(carol.readOnlyKey, { type: 'diary' }), 400, 'invalid_request');
    expectError(await list(carol.readOnlyKey, { sensitivity: 'public' }), 400, 'invalid_request');
    expectError(await list(carol.readOnlyKey, { pinned: 'maybe' }), 400, 'invalid_request');
    expectError(await list(carol.readOnlyKey, { updated_since: 'yesterday' }), 400, 'invalid_request');
    expectError(await list(carol.readOnlyKey, { colour: 'blue' }), 400, 'invalid_request');
  });
});

describe('order and item text', () => {
  test('an update moves a Memory to the front of the list', async () => {
    const dave = await t.account();
    const first = await createMemory(t, dave.readWriteKey, { text: 'oldest' });
    const second = await createMemory(t, dave.readWriteKey, { text: 'middle' });
    const third = await createMemory(t, dave.readWriteKey, { text: 'newest' });
    expect(ids((await listData(dave.readOnlyKey)).data)).toEqual([third.id, second.id, first.id]);

    const patched = await t.http.patch(`/v1/memories/${first.id}`).set(bearer(dave.readWriteKey)).send({ text: 'oldest, edited' });
    expect(patched.status).toBe(200);
    const page = await listData(dave.readOnlyKey);
    expect(ids(page.data)).toEqual([first.id, third.id, second.id]);
    expect(page.data[0]!.text).toBe('oldest, edited');
    expect(page.data[0]!.revision).toBe(2);
  });

  test('a PATCH that changes nothing does not move the Memory', async () => {
    const erin = await t.account();
    const first = await createMemory(t, erin.readWriteKey, { text: 'stays put' });
    const second = await createMemory(t, erin.readWriteKey, { text: 'stays first' });
    await t.http.patch(`/v1/memories/${first.id}`).set(bearer(erin.readWriteKey)).send({ text: 'stays put' }).expect(200);
    expect(ids((await listData(erin.readOnlyKey)).data)).toEqual([second.id, first.id]);
  });

  test('list item text is shortened to 2,000 code points with text_truncated; GET one returns it whole', async () => {
    const frank = await t.account();
    const long = `${'a'.repeat(1999)}😀😀 and more`;
    const memory = await createMemory(t, frank.readWriteKey, { text: long });
    const short = await createMemory(t, frank.readWriteKey, { text: 'short one' });
    const page = await listData(frank.readOnlyKey);
    const item = page.data.find((x) => x.id === memory.id)!;
    expect([...item.text].length).toBe(2000);
    expect(item.text).toBe(`${'a'.repeat(1999)}😀`);
    expect(item.text_truncated).toBe(true);
    expect(page.data.find((x) => x.id === short.id)!.text_truncated).toBe(false);

    const full = await t.http.get(`/v1/memories/${memory.id}`).set(bearer(frank.readOnlyKey));
    expect(full.body.data.text).toBe(long);
    expect(full.body.data.text_truncated).toBe(false);
  });

  test('the list is scoped to the caller\'s account', async () => {
    const owner = await t.account();
    const stranger = await t.account();
    await createMemory(t, owner.readWriteKey, { text: 'mine' });
    expect((await listData(stranger.session)).data).toEqual([]);
  });
});
