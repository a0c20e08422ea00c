import { randomBytes } from 'node:crypto';
import type { Response } from 'supertest';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { expectError, TIMESTAMP_PATTERN } from '../support/assertions';
import { postgresOnly } from '../support/database';
import { movableClock } from '../support/clock';
import { UNKNOWN_MEMORY, UNKNOWN_SUBJECT } from '../support/ids';

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

function uniqueName(prefix: string): string {
  return `${prefix} ${randomBytes(4).toString('hex')}`;
}

async function createSubject(token: string, name = uniqueName('Subject')) {
  const res = await t.http.post('/v1/subjects').set(bearer(token)).send({ name });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; name: string; memory_count: number };
}

async function createMemory(token: string, body: Record<string, unknown> = {}) {
  const res = await t.http
    .post('/v1/memories')
    .set(bearer(token))
    .send({ text: uniqueName('note'), ...body });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; text: string };
}

async function link(token: string, subjectId: string, memoryId: string) {
  return t.http.post(`/v1/subjects/${subjectId}/memories`).set(bearer(token)).send({ memory_id: memoryId });
}

async function memoryCount(token: string, subjectId: string): Promise<number> {
  const res = await t.http.get(`/v1/subjects/${subjectId}`).set(bearer(token));
  expect(res.status).toBe(200);
  return res.body.data.memory_count;
}

async function linkedMemoryIds(token: string, subjectId: string): Promise<string[]> {
  const res = await t.http.get(`/v1/subjects/${subjectId}/memories?limit=100`).set(bearer(token));
  expect(res.status).toBe(200);
  expect(res.body.next_cursor).toBeNull();
  return res.body.data.map((memory: { id: string }) => memory.id);
}

async function linkedSubjectIds(token: string, memoryId: string): Promise<string[]> {
  const res = await t.http.get(`/v1/memories/${memoryId}/subjects?limit=100`).set(bearer(token));
  expect(res.status).toBe(200);
  expect(res.body.next_cursor).toBeNull();
  return res.body.data.map((subject: { id: string }) => subject.id);
}

/** Every page of a list, following next_cursor; checks each page is at most `limit` long. */
async function pagesOf(token: string, path: string, limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const res: Response = await t.http
      .get(path)
      .query({ limit, ...(cursor ? { cursor } : {}) })
      .set(bearer(token));
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(limit);
    pages.push(res.body.data.map((item: { id: string }) => item.id));
    cursor = res.body.next_cursor;
    expect(pages.length).toBeLessThan(20);
  } while (cursor);
  return pages;
}

describe('linking a Memory to a Subject', () => {
  test('when the link is new, then it gets 201 with a Location; when sent again, then 200 with the same created_at', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey);
    const memory = await createMemory(alice.readWriteKey);

    const first = await link(alice.readWriteKey, subject.id, memory.id);
    expect(first.status).toBe(201);
    expect(first.headers.location).toBe(`/v1/subjects/${subject.id}/memories/${memory.id}`);
    expect(first.body).toEqual({
      ok: true,
      data: { subject_id: subject.id, memory_id: memory.id, created_at: expect.stringMatching(TIMESTAMP_PATTERN) },
    });

    clock.advance(1000);
    const again = await link(alice.readWriteKey, subject.id, memory.id);
    expect(again.status).toBe(200);
    expect(again.headers.location).toBeUndefined();
    expect(again.body).toEqual(first.body);

    const bySession = await link(alice.session, subject.id, memory.id);
    expect(bySession.status).toBe(200);
    expect(bySession.body).toEqual(first.body);

    expect(await memoryCount(alice.readOnlyKey, subject.id)).toBe(1);
    expect(await linkedMemoryIds(alice.readOnlyKey, subject.id)).toEqual([memory.id]);
  });

  test('when the Memory does not exist, then it gets 404 memory_not_found and nothing is linked', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey);
    expectError(await link(alice.readWriteKey, subject.id, UNKNOWN_MEMORY), 404, 'memory_not_found');
    expect(await memoryCount(alice.readOnlyKey, subject.id)).toBe(0);
  });

  test("when the Memory is another account's, then it gets 404 memory_not_found and nothing is linked", async () => {
    const alice = await t.account();
    const bob = await t.account();
    const subject = await createSubject(alice.readWriteKey);
    const bobs = await createMemory(bob.readWriteKey);

    expectError(await link(alice.readWriteKey, subject.id, bobs.id), 404, 'memory_not_found');
    expectError(await link(alice.session, subject.id, bobs.id), 404, 'memory_not_found');
    expect(await memoryCount(alice.session, subject.id)).toBe(0);
    expect(await linkedSubjectIds(bob.readOnlyKey, bobs.id)).toEqual([]);
  });

  test('when the Subject does not exist, then it gets 404 subject_not_found', async () => {
    const alice = await t.account();
    const memory = await createMemory(alice.readWriteKey);
    expectError(await link(alice.readWriteKey, UNKNOWN_SUBJECT, memory.id), 404, 'subject_not_found');
    expect(await linkedSubjectIds(alice.readOnlyKey, memory.id)).toEqual([]);
  });

  test('when neither exists, then the Subject is reported first (404 subject_not_found)', async () => {
    const alice = await t.account();
    expectError(await link(alice.readWriteKey, UNKNOWN_SUBJECT, UNKNOWN_MEMORY), 404, 'subject_not_found');
  });

  test('when memory_id is missing, malformed or joined by an unknown field, then it gets 400 invalid_request', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey);
    const memory = await createMemory(alice.readWriteKey);
    const post = (body: unknown) =>
      t.http.post(`/v1/subjects/${subject.id}/memories`).set(bearer(alice.readWriteKey)).send(body as object);

    expectError(await post({}), 400, 'invalid_request');
    expectError(await post({ memory_id: 'not-a-memory' }), 400, 'invalid_request');
    expectError(await post({ memory_id: subject.id }), 400, 'invalid_request');
    expectError(await post({ memory_id: memory.id, note: 'x' }), 400, 'invalid_request');
    expect(await memoryCount(alice.readOnlyKey, subject.id)).toBe(0);
  });
});

describe('unlinking a Memory from a Subject', () => {
  test('when the link exists, then it gets 200; when removed again, then 404 link_not_found', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey);
    const memory = await createMemory(alice.readWriteKey);
    expect((await link(alice.readWriteKey, subject.id, memory.id)).status).toBe(201);

    const removed = await t.http.delete(`/v1/subjects/${subject.id}/memories/${memory.id}`).set(bearer(alice.readWriteKey));
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true, data: { subject_id: subject.id, memory_id: memory.id, deleted: true } });
    expect(await memoryCount(alice.readOnlyKey, subject.id)).toBe(0);
    expect(await linkedMemoryIds(alice.readOnlyKey, subject.id)).toEqual([]);
    expect(await linkedSubjectIds(alice.readOnlyKey, memory.id)).toEqual([]);

    const again = await t.http.delete(`/v1/subjects/${subject.id}/memories/${memory.id}`).set(bearer(alice.readWriteKey));
    expectError(again, 404, 'link_not_found');

    // The Memory itself is untouched.
    expect((await t.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.readOnlyKey))).status).toBe(200);
  });

  test('when the Memory was never linked or does not exist, then it gets 404 link_not_found', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey);
    const memory = await createMemory(alice.readWriteKey);
    const rw = bearer(alice.readWriteKey);
    expectError(await t.http.delete(`/v1/subjects/${subject.id}/memories/${memory.id}`).set(rw), 404, 'link_not_found');
    expectError(await t.http.delete(`/v1/subjects/${subject.id}/memories/${UNKNOWN_MEMORY}`).set(rw), 404, 'link_not_found');
  });

  test('when the Subject does not exist, then it gets 404 subject_not_found', async () => {
    const alice = await t.account();
    const memory = await createMemory(alice.readWriteKey);
    const res = await t.http.delete(`/v1/subjects/${UNKNOWN_SUBJECT}/memories/${memory.id}`).set(bearer(alice.readWriteKey));
    expectError(res, 404, 'subject_not_found');
  });

  test('when a link is removed from one Subject, then the same Memory stays linked to the others', async () => {
    const alice = await t.account();
    const ada = await createSubject(alice.readWriteKey, uniqueName('Ada'));
    const grace = await createSubject(alice.readWriteKey, uniqueName('Grace'));
    const memory = await createMemory(alice.readWriteKey);
    await link(alice.readWriteKey, ada.id, memory.id);
    await link(alice.readWriteKey, grace.id, memory.id);

    expect((await t.http.delete(`/v1/subjects/${ada.id}/memories/${memory.id}`).set(bearer(alice.readWriteKey))).status).toBe(200);
    expect(await linkedSubjectIds(alice.readOnlyKey, memory.id)).toEqual([grace.id]);
    expect(await memoryCount(alice.readOnlyKey, grace.id)).toBe(1);
  });
});

describe('listing links', () => {
  test('when a Subject has Memories linked in another order than they were written, then they are listed newest link first', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey);
    const [m1, m2, m3] = [
      await createMemory(alice.readWriteKey),
      await createMemory(alice.readWriteKey),
      await createMemory(alice.readWriteKey),
    ];
    for (const memory of [m2, m3, m1]) {
      clock.advance(1000);
      expect((await link(alice.readWriteKey, subject.id, memory.id)).status).toBe(201);
    }

    const res = await t.http.get(`/v1/subjects/${subject.id}/memories`).set(bearer(alice.readOnlyKey));
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.data.map((memory: { id: string }) => memory.id)).toEqual([m1.id, m3.id, m2.id]);
    expect(res.body.data[0]).toMatchObject({ id: m1.id, text: m1.text, text_truncated: false });
  });

  test('when a linked Memory is long, then the list shortens its text to 2,000 code points and says so', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey);
    const memory = await createMemory(alice.readWriteKey, { text: '😀'.repeat(2500) });
    await link(alice.readWriteKey, subject.id, memory.id);

    const res = await t.http.get(`/v1/subjects/${subject.id}/memories`).set(bearer(alice.readOnlyKey));
    expect(res.status).toBe(200);
    expect(res.body.data[0].text_truncated).toBe(true);
    expect([...res.body.data[0].text]).toHaveLength(2000);
  });

  test('when 5 Memories are linked and listed with limit 2, then 3 pages hold each once, newest link first', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey);
    const memories = [];
    for (let i = 0; i < 5; i += 1) memories.push(await createMemory(alice.readWriteKey));
    // Linked in one request burst: several links may share a created_at, the ID breaks the tie.
    for (const memory of memories) await link(alice.readWriteKey, subject.id, memory.id);

    const pages = await pagesOf(alice.readOnlyKey, `/v1/subjects/${subject.id}/memories`, 2);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(await linkedMemoryIds(alice.readOnlyKey, subject.id));
    expect(new Set(pages.flat())).toEqual(new Set(memories.map((memory) => memory.id)));
  });

  test('when a Memory is linked to 5 Subjects and its Subjects are listed with limit 2, then 3 pages hold each once, newest link first', async () => {
    const alice = await t.account();
    const memory = await createMemory(alice.readWriteKey);
    const subjects = [];
    for (let i = 0; i < 5; i += 1) subjects.push(await createSubject(alice.readWriteKey, uniqueName(`S${i}`)));
    for (const [i, subject] of subjects.entries()) {
      if (i % 2 === 0) clock.advance(1000); // some links share a timestamp, some do not
      expect((await link(alice.readWriteKey, subject.id, memory.id)).status).toBe(201);
    }

    const pages = await pagesOf(alice.readOnlyKey, `/v1/memories/${memory.id}/subjects`, 2);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    const listed = pages.flat();
    expect(new Set(listed)).toEqual(new Set(subjects.map((subject) => subject.id)));
    expect(listed).toEqual(await linkedSubjectIds(alice.readOnlyKey, memory.id));
    // Subjects linked a second later come first.
    expect(listed.indexOf(subjects[4]!.id)).toBe(0);
    expect(listed.indexOf(subjects[0]!.id)).toBeGreaterThan(listed.indexOf(subjects[2]!.id));

    const res = await t.http.get(`/v1/memories/${memory.id}/subjects?limit=1`).set(bearer(alice.readOnlyKey));
    expect(res.body.data[0]).toMatchObject({ id: subjects[4]!.id, memory_count: 1 });
  });

  test('when a links cursor is used for another Subject or Memory, then it gets 400 invalid_cursor', async () => {
    const alice = await t.account();
    const s1 = await createSubject(alice.readWriteKey);
    const s2 = await createSubject(alice.readWriteKey);
    const m1 = await createMemory(alice.readWriteKey);
    const m2 = await createMemory(alice.readWriteKey);
    for (const subject of [s1, s2]) for (const memory of [m1, m2]) await link(alice.readWriteKey, subject.id, memory.id);
    const ro = bearer(alice.readOnlyKey);

    const memoriesPage = await t.http.get(`/v1/subjects/${s1.id}/memories?limit=1`).set(ro);
    expect(memoriesPage.body.next_cursor).toEqual(expect.any(String));
    expectError(
      await t.http.get(`/v1/subjects/${s2.id}/memories`).query({ limit: 1, cursor: memoriesPage.body.next_cursor }).set(ro),
      400,
      'invalid_cursor',
    );

    const subjectsPage = await t.http.get(`/v1/memories/${m1.id}/subjects?limit=1`).set(ro);
    expect(subjectsPage.body.next_cursor).toEqual(expect.any(String));
    expectError(
      await t.http.get(`/v1/memories/${m2.id}/subjects`).query({ limit: 1, cursor: subjectsPage.body.next_cursor }).set(ro),
      400,
      'invalid_cursor',
    );
  });

  test('when a links cursor is edited to a time or text the database cannot hold, then it gets 400 invalid_cursor, not a server error', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey);
    for (let i = 0; i < 2; i += 1) await link(alice.readWriteKey, subject.id, (await createMemory(alice.readWriteKey)).id);
    const ro = bearer(alice.readOnlyKey);
    const page = await t.http.get(`/v1/subjects/${subject.id}/memories?limit=1`).set(ro);
    const decoded = JSON.parse(Buffer.from(page.body.next_cursor as string, 'base64url').toString('utf8')) as { f: string; p: unknown[] };
    const edited = [
      ...['-271821-04-20T00:00:00.000Z', '-004714-01-01T00:00:00.000Z', '2026-02-30T00:00:00.000Z', '2026-01-01'].map((time) => [time, decoded.p[1]]),
      [decoded.p[0], 'mem_\u0000'],
    ];
    for (const position of edited) {
      const cursor = Buffer.from(JSON.stringify({ ...decoded, p: position })).toString('base64url');
      expectError(await t.http.get(`/v1/subjects/${subject.id}/memories`).query({ limit: 1, cursor }).set(ro), 400, 'invalid_cursor');
    }
    // The cursor as issued still works.
    const next = await t.http.get(`/v1/subjects/${subject.id}/memories`).query({ limit: 1, cursor: page.body.next_cursor }).set(ro);
    expect(next.status).toBe(200);
    expect(next.body.data).toHaveLength(1);
  });

  test('when the Memory of GET /memories/{id}/subjects is unknown or another account\'s, then it gets 404 memory_not_found', async () => {
    const alice = await t.account();
    const bob = await t.account();
    const bobs = await createMemory(bob.readWriteKey);
    expectError(await t.http.get(`/v1/memories/${UNKNOWN_MEMORY}/subjects`).set(bearer(alice.readOnlyKey)), 404, 'memory_not_found');
    expectError(await t.http.get(`/v1/memories/${bobs.id}/subjects`).set(bearer(alice.readOnlyKey)), 404, 'memory_not_found');
  });

  test('when a Subject has no links, then both lists are empty and memory_count is 0', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey);
    const memory = await createMemory(alice.readWriteKey);
    expect(await linkedMemoryIds(alice.readOnlyKey, subject.id)).toEqual([]);
    expect(await linkedSubjectIds(alice.readOnlyKey, memory.id)).toEqual([]);
    expect(await memoryCount(alice.readOnlyKey, subject.id)).toBe(0);
  });
});

describe('memory_count', () => {
  test('when Memories are linked and unlinked, then memory_count follows in get and in both lists', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey);
    const m1 = await createMemory(alice.readWriteKey);
    const m2 = await createMemory(alice.readWriteKey);
    const m3 = await createMemory(alice.readWriteKey);

    for (const memory of [m1, m2, m3]) await link(alice.readWriteKey, subject.id, memory.id);
    expect(await memoryCount(alice.readOnlyKey, subject.id)).toBe(3);

    await t.http.delete(`/v1/subjects/${subject.id}/memories/${m2.id}`).set(bearer(alice.readWriteKey));
    expect(await memoryCount(alice.readOnlyKey, subject.id)).toBe(2);

    const fromMemory = await t.http.get(`/v1/memories/${m1.id}/subjects`).set(bearer(alice.readOnlyKey));
    expect(fromMemory.body.data).toEqual([expect.objectContaining({ id: subject.id, memory_count: 2 })]);
    const searched = await t.http.get('/v1/subjects').query({ q: subject.name }).set(bearer(alice.readOnlyKey));
    expect(searched.status).toBe(200);
    expect(searched.body.data).toEqual([expect.objectContaining({ id: subject.id, memory_count: 2 })]);
  });

  test('when a linked Memory is deleted, then its link goes with it and memory_count drops', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey);
    const keep = await createMemory(alice.readWriteKey);
    const gone = await createMemory(alice.readWriteKey);
    await link(alice.readWriteKey, subject.id, keep.id);
    await link(alice.readWriteKey, subject.id, gone.id);
    expect(await memoryCount(alice.readOnlyKey, subject.id)).toBe(2);

    expect((await t.http.delete(`/v1/memories/${gone.id}`).set(bearer(alice.readWriteKey))).status).toBe(200);

    expect(await memoryCount(alice.readOnlyKey, subject.id)).toBe(1);
    expect(await memoryCount(alice.session, subject.id)).toBe(1);
    expect(await linkedMemoryIds(alice.readOnlyKey, subject.id)).toEqual([keep.id]);
    expectError(
      await t.http.delete(`/v1/subjects/${subject.id}/memories/${gone.id}`).set(bearer(alice.readWriteKey)),
      404,
      'link_not_found',
    );
    const rows = await t.database.db.selectFrom('memory_links').select('subject_id').where('memory_id', '=', gone.id).execute();
    expect(rows).toEqual([]);
  });
});

describe('secret Memories and links', () => {
  async function withSecret(): Promise<{ alice: TestAccount; subject: { id: string }; normal: { id: string }; secret: { id: string } }> {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey);
    const normal = await createMemory(alice.readWriteKey);
    const secret = await createMemory(alice.session, { sensitivity: 'secret' });
    expect((await link(alice.readWriteKey, subject.id, normal.id)).status).toBe(201);
    return { alice, subject, normal, secret };
  }

  test('when an API key links a secret Memory, then it gets 404 memory_not_found and nothing is linked', async () => {
    const { alice, subject, secret } = await withSecret();
    expectError(await link(alice.readWriteKey, subject.id, secret.id), 404, 'memory_not_found');
    expect(await memoryCount(alice.session, subject.id)).toBe(1);
    expect(await linkedSubjectIds(alice.session, secret.id)).toEqual([]);
  });

  test('when the session links a secret Memory, then it gets 201 and sees it, while API keys neither list nor count it', async () => {
    const { alice, subject, normal, secret } = await withSecret();
    clock.advance(1000);
    expect((await link(alice.session, subject.id, secret.id)).status).toBe(201);

    expect(await memoryCount(alice.session, subject.id)).toBe(2);
    expect(await linkedMemoryIds(alice.session, subject.id)).toEqual([secret.id, normal.id]);
    expect(await linkedSubjectIds(alice.session, secret.id)).toEqual([subject.id]);

    for (const key of [alice.readOnlyKey, alice.readWriteKey]) {
      expect(await memoryCount(key, subject.id)).toBe(1);
      expect(await linkedMemoryIds(key, subject.id)).toEqual([normal.id]);
      expectError(await t.http.get(`/v1/memories/${secret.id}/subjects`).set(bearer(key)), 404, 'memory_not_found');
      const listed = await t.http.get(`/v1/memories/${normal.id}/subjects`).set(bearer(key));
      expect(listed.body.data).toEqual([expect.objectContaining({ id: subject.id, memory_count: 1 })]);
    }
  });

  test('when an API key links an already linked secret Memory, then it still gets 404 memory_not_found', async () => {
    const { alice, subject, secret } = await withSecret();
    expect((await link(alice.session, subject.id, secret.id)).status).toBe(201);
    expectError(await link(alice.readWriteKey, subject.id, secret.id), 404, 'memory_not_found');
  });

  test('when an API key unlinks a secret Memory, then it gets 404 link_not_found and the link stays', async () => {
    const { alice, subject, secret } = await withSecret();
    expect((await link(alice.session, subject.id, secret.id)).status).toBe(201);

    const res = await t.http.delete(`/v1/subjects/${subject.id}/memories/${secret.id}`).set(bearer(alice.readWriteKey));
    expectError(res, 404, 'link_not_found');
    expect(await memoryCount(alice.session, subject.id)).toBe(2);
    expect(await linkedSubjectIds(alice.session, secret.id)).toEqual([subject.id]);

    const bySession = await t.http.delete(`/v1/subjects/${subject.id}/memories/${secret.id}`).set(bearer(alice.session));
    expect(bySession.status).toBe(200);
    expect(await memoryCount(alice.session, subject.id)).toBe(1);
  });

  test('when a linked Memory is made secret, then it leaves the API-key view of the Subject but keeps its link', async () => {
    const { alice, subject, normal } = await withSecret();
    const patched = await t.http.patch(`/v1/memories/${normal.id}`).set(bearer(alice.session)).send({ sensitivity: 'secret' });
    expect(patched.status).toBe(200);

    expect(await memoryCount(alice.readOnlyKey, subject.id)).toBe(0);
    expect(await linkedMemoryIds(alice.readOnlyKey, subject.id)).toEqual([]);
    expect(await memoryCount(alice.session, subject.id)).toBe(1);
    expect(await linkedMemoryIds(alice.session, subject.id)).toEqual([normal.id]);
  });

  test('when secret links are paged through by an API key, then pages hold only the visible Memories, without gaps', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey);
    const visible: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const secret = i % 2 === 1;
      const memory = secret
        ? await createMemory(alice.session, { sensitivity: 'secret' })
        : await createMemory(alice.readWriteKey);
      clock.advance(10);
      expect((await link(alice.session, subject.id, memory.id)).status).toBe(201);
      if (!secret) visible.unshift(memory.id);
    }
    const pages = await pagesOf(alice.readOnlyKey, `/v1/subjects/${subject.id}/memories`, 2);
    expect(pages.flat()).toEqual(visible);
    expect(pages.every((page) => page.length > 0)).toBe(true);
  });
});

const onPostgres = postgresOnly('tests of a link racing a deletion (a second connection)');

onPostgres('a link racing a deletion (PostgreSQL: a second connection holds the deletion open)', () => {
  test.each(['linkMemory', 'createFactSuggestion'] as const)(
    'when the Memory is deleted while %s waits for it, then the answer is a clean 4xx, not a failed foreign key',
    async (operation) => {
      const alice = await t.account();
      const subject = await createSubject(alice.readWriteKey);
      const memory = (await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send({ text: 'About to go' })).body.data;
      if (operation === 'createFactSuggestion') {
        const linked = await t.http.post(`/v1/subjects/${subject.id}/memories`).set(bearer(alice.readWriteKey)).send({ memory_id: memory.id });
        expect(linked.status).toBe(201);
      }
      const pg = await import('pg');
      const locker = new pg.default.Client({ connectionString: (t.database as { url?: string }).url });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('delete from memory_links where memory_id = $1', [memory.id]);
        await locker.query('delete from memories where id = $1', [memory.id]);
        const request =
          operation === 'linkMemory'
            ? t.http.post(`/v1/subjects/${subject.id}/memories`).set(bearer(alice.readWriteKey)).send({ memory_id: memory.id })
            : t.http
                .post(`/v1/subjects/${subject.id}/fact-suggestions`)
                .set(bearer(alice.readWriteKey))
                .send({ statement: 'Goes soon', source_memory_ids: [memory.id] });
        const answer = request.then((res) => res);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await locker.query('commit');
        const res = await answer;
        if (operation === 'linkMemory') expectError(res, 404, 'memory_not_found');
        else expectError(res, 400, 'source_not_found');
      } finally {
        await locker.end();
      }
    },
  );
});
