import type { Response } from 'supertest';
import { bearer, startTestApp, uniqueWord, type TestAccount, type TestApp } from '../support/app';
import { expectError, TIMESTAMP_PATTERN } from '../support/assertions';
import { movableClock } from '../support/clock';
import { idPattern, UNKNOWN_SUBJECT } from '../support/ids';

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const SUBJECT_ID = idPattern('sub');

/** Letters only, so name ordering is the same under every collation. */
const word = (prefix = 'q') => uniqueWord(prefix);

async function createSubject(token: string, body: Record<string, unknown>) {
  const res = await t.http.post('/v1/subjects').set(bearer(token)).send(body);
  expect(res.status).toBe(201);
  return res.body.data;
}

async function createMemory(token: string, text: string) {
  const res = await t.http.post('/v1/memories').set(bearer(token)).send({ text });
  expect(res.status).toBe(201);
  return res.body.data;
}

async function subjectNames(token: string, query: Record<string, string | number> = {}): Promise<string[]> {
  const res = await t.http.get('/v1/subjects').query({ limit: 100, ...query }).set(bearer(token));
  expect(res.status).toBe(200);
  expect(res.body.next_cursor).toBeNull();
  return res.body.data.map((subject: { name: string }) => subject.name);
}

/**
 * The names of an account's stored Subjects, read from the database, so a check that nothing was
 * created does not depend on the list route.
 */
async function storedNames(account: TestAccount): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('subjects')
    .innerJoin('accounts', 'accounts.id', 'subjects.account_id')
    .select('subjects.name')
    .where('accounts.external_id', '=', account.subject)
    .orderBy('subjects.name')
    .execute();
  return rows.map((row) => row.name);
}

/** Follows next_cursor to the end, checking every page is at most `limit` long. */
async function allPages(token: string, query: Record<string, string | number>, limit: number) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const res: Response = await t.http
      .get('/v1/subjects')
      .query({ ...query, limit, ...(cursor ? { cursor } : {}) })
      .set(bearer(token));
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(limit);
    pages.push(res.body.data.map((subject: { name: string }) => subject.name));
    cursor = res.body.next_cursor;
    expect(pages.length).toBeLessThan(20);
  } while (cursor);
  return pages;
}

describe('creating a Subject', () => {
  test('when a read-write key sends only a name, then it gets 201 with a Location and the defaults', async () => {
    const alice = await t.account();
    const res = await t.http.post('/v1/subjects').set(bearer(alice.readWriteKey)).send({ name: 'Ada Lovelace' });

    expect(res.status).toBe(201);
    const subject = res.body.data;
    expect(subject.id).toMatch(SUBJECT_ID);
    expect(res.headers.location).toBe(`/v1/subjects/${subject.id}`);
    expect(subject).toEqual({
      id: subject.id,
      name: 'Ada Lovelace',
      kind: 'other',
      aliases: [],
      description: '',
      memory_count: 0,
      created_at: expect.stringMatching(TIMESTAMP_PATTERN),
      updated_at: subject.created_at,
    });

    const got = await t.http.get(res.headers.location as string).set(bearer(alice.readOnlyKey));
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ ok: true, data: subject });
  });

  test('when every field is sent, then each is stored, the name trimmed and aliases trimmed and de-duplicated case-insensitively', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.session, {
      name: '  Grace Hopper   ',
      kind: 'person',
      aliases: [' Amazing Grace ', 'amazing grace', 'Grandma COBOL', 'AMAZING GRACE  ', 'grandma cobol'],
      description: 'Rear admiral; wrote the first compiler.',
    });
    expect(subject).toMatchObject({
      name: 'Grace Hopper',
      kind: 'person',
      aliases: ['Amazing Grace', 'Grandma COBOL'],
      description: 'Rear admiral; wrote the first compiler.',
      memory_count: 0,
    });

    const got = await t.http.get(`/v1/subjects/${subject.id}`).set(bearer(alice.readWriteKey));
    expect(got.body.data).toEqual(subject);
  });

  test('when the name is 200 characters, 20 aliases and a 2,000-character description are sent, then the limits are accepted', async () => {
    const alice = await t.account();
    const name = '😀'.repeat(200); // code points, not UTF-16 units
    const aliases = Array.from({ length: 20 }, (_, i) => `alias ${i}`);
    const subject = await createSubject(alice.readWriteKey, { name, aliases, description: 'd'.repeat(2000) });
    expect(subject.name).toBe(name);
    expect(subject.aliases).toEqual(aliases);
    expect(subject.description).toHaveLength(2000);
  });

  test.each([
    ['a missing name', {}],
    ['an empty name', { name: '' }],
    ['a whitespace-only name', { name: ' \t ' }],
    ['a 201-character name', { name: 'a'.repeat(201) }],
    ['a name with a control character', { name: 'Ada\u0007Lovelace' }],
    ['a name that is not a string', { name: 42 }],
    ['an unknown kind', { name: 'Ada', kind: 'robot' }],
    ['21 aliases', { name: 'Ada', aliases: Array.from({ length: 21 }, (_, i) => `a${i}`) }],
    ['an empty alias', { name: 'Ada', aliases: ['Countess', ''] }],
    ['a 201-character alias', { name: 'Ada', aliases: ['x'.repeat(201)] }],
    ['a 2,001-character description', { name: 'Ada', description: 'd'.repeat(2001) }],
    ['an unknown field', { name: 'Ada', nickname: 'Countess' }],
  ])('when the body has %s, then it gets 400 invalid_request and nothing is created', async (_case, body) => {
    const alice = await t.account();
    const res = await t.http.post('/v1/subjects').set(bearer(alice.readWriteKey)).send(body);
    expectError(res, 400, 'invalid_request');
    expect(await storedNames(alice)).toEqual([]);
  });

  test('when a name already exists in other case and with spaces, then it gets 400 duplicate_subject and nothing is created', async () => {
    const alice = await t.account();
    await createSubject(alice.readWriteKey, { name: 'Ada Lovelace' });

    const res = await t.http.post('/v1/subjects').set(bearer(alice.readWriteKey)).send({ name: '  ADA lovelace ' });
    expectError(res, 400, 'duplicate_subject');
    expect(await storedNames(alice)).toEqual(['Ada Lovelace']);
  });

  test('when another account already has a Subject of that name, then the name is still free', async () => {
    const alice = await t.account();
    const bob = await t.account();
    await createSubject(alice.readWriteKey, { name: 'Project Apollo' });
    const subject = await createSubject(bob.readWriteKey, { name: 'project apollo' });
    expect(subject.name).toBe('project apollo');
  });

  test('when a read-only key creates a Subject, then it gets 403 insufficient_key_mode and nothing is created', async () => {
    const alice = await t.account();
    const res = await t.http.post('/v1/subjects').set(bearer(alice.readOnlyKey)).send({ name: 'Ada Lovelace' });
    expectError(res, 403, 'insufficient_key_mode');
    expect(await storedNames(alice)).toEqual([]);
  });
});

describe('getting a Subject', () => {
  test('when the ID is well formed but unknown, then it gets 404 subject_not_found', async () => {
    const alice = await t.account();
    expectError(await t.http.get(`/v1/subjects/${UNKNOWN_SUBJECT}`).set(bearer(alice.readOnlyKey)), 404, 'subject_not_found');
  });

  test('when the ID is malformed, then it gets 400 invalid_request', async () => {
    const alice = await t.account();
    expectError(await t.http.get('/v1/subjects/not-a-subject').set(bearer(alice.readOnlyKey)), 400, 'invalid_request');
    expectError(await t.http.get('/v1/subjects/mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H').set(bearer(alice.readOnlyKey)), 400, 'invalid_request');
  });
});

describe('updating a Subject', () => {
  test('when each field is patched in turn, then only that field changes and updated_at moves on', async () => {
    const alice = await t.account();
    const rw = bearer(alice.readWriteKey);
    const created = await createSubject(alice.readWriteKey, { name: 'Ada', kind: 'person', aliases: ['Countess'] });

    clock.advance(1000);
    const renamed = await t.http.patch(`/v1/subjects/${created.id}`).set(rw).send({ name: '  Ada Lovelace  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual({ ...created, name: 'Ada Lovelace', updated_at: expect.any(String) });
    expect(Date.parse(renamed.body.data.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));

    clock.advance(1000);
    const kind = await t.http.patch(`/v1/subjects/${created.id}`).set(rw).send({ kind: 'organization' });
    expect(kind.status).toBe(200);
    expect(kind.body.data).toEqual({ ...renamed.body.data, kind: 'organization', updated_at: expect.any(String) });
    expect(Date.parse(kind.body.data.updated_at)).toBeGreaterThan(Date.parse(renamed.body.data.updated_at));

    const aliases = await t.http
      .patch(`/v1/subjects/${created.id}`)
      .set(rw)
      .send({ aliases: [' Enchantress of Numbers', 'enchantress of numbers ', 'A. Lovelace'] });
    expect(aliases.status).toBe(200);
    expect(aliases.body.data).toEqual({
      ...kind.body.data,
      aliases: ['Enchantress of Numbers', 'A. Lovelace'],
      updated_at: expect.any(String),
    });

    const description = await t.http.patch(`/v1/subjects/${created.id}`).set(rw).send({ description: 'Mathematician.' });
    expect(description.status).toBe(200);
    expect(description.body.data).toEqual({
      ...aliases.body.data,
      description: 'Mathematician.',
      updated_at: expect.any(String),
    });

    const cleared = await t.http.patch(`/v1/subjects/${created.id}`).set(rw).send({ aliases: [], description: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ aliases: [], description: '' });

    const got = await t.http.get(`/v1/subjects/${created.id}`).set(rw);
    expect(got.body.data).toEqual(cleared.body.data);
    expect(got.body.data.created_at).toBe(created.created_at);
  });

  test('when the body is empty, then it gets 400 invalid_request', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey, { name: 'Ada' });
    const res = await t.http.patch(`/v1/subjects/${subject.id}`).set(bearer(alice.readWriteKey)).send({});
    expectError(res, 400, 'invalid_request');
  });

  test.each([
    ['an empty name', { name: '' }],
    ['a 201-character name', { name: 'n'.repeat(201) }],
    ['an unknown kind', { kind: 'animal' }],
    ['21 aliases', { aliases: Array.from({ length: 21 }, (_, i) => `a${i}`) }],
    ['a 2,001-character description', { description: 'd'.repeat(2001) }],
    ['an unknown field', { memory_count: 3 }],
  ])('when the patch has %s, then it gets 400 invalid_request and the Subject is unchanged', async (_case, body) => {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey, { name: 'Ada', kind: 'person' });
    const res = await t.http.patch(`/v1/subjects/${subject.id}`).set(bearer(alice.readWriteKey)).send(body);
    expectError(res, 400, 'invalid_request');
    const got = await t.http.get(`/v1/subjects/${subject.id}`).set(bearer(alice.readWriteKey));
    expect(got.body.data).toEqual(subject);
  });

  test("when renamed to another Subject's name in other case, then it gets 400 duplicate_subject and keeps its name", async () => {
    const alice = await t.account();
    const rw = bearer(alice.readWriteKey);
    await createSubject(alice.readWriteKey, { name: 'Ada Lovelace' });
    const grace = await createSubject(alice.readWriteKey, { name: 'Grace Hopper' });

    expectError(await t.http.patch(`/v1/subjects/${grace.id}`).set(rw).send({ name: ' ada LOVELACE ' }), 400, 'duplicate_subject');
    const got = await t.http.get(`/v1/subjects/${grace.id}`).set(rw);
    expect(got.body.data).toEqual(grace);
  });

  test('when renamed to its own name in other case, then it is allowed and the new spelling is kept', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey, { name: 'ada lovelace' });
    const res = await t.http.patch(`/v1/subjects/${subject.id}`).set(bearer(alice.readWriteKey)).send({ name: 'Ada Lovelace' });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Ada Lovelace');
    expect(await storedNames(alice)).toEqual(['Ada Lovelace']);
  });

  test('when the Subject does not exist, then it gets 404 subject_not_found', async () => {
    const alice = await t.account();
    const res = await t.http.patch(`/v1/subjects/${UNKNOWN_SUBJECT}`).set(bearer(alice.readWriteKey)).send({ kind: 'topic' });
    expectError(res, 404, 'subject_not_found');
  });
});

describe('listing Subjects', () => {
  test('when names differ in case, then they are listed by name case-insensitively', async () => {
    const alice = await t.account();
    for (const name of ['echo', 'Bravo', 'delta', 'Alpha', 'Charlie']) await createSubject(alice.readWriteKey, { name });
    expect(await subjectNames(alice.readOnlyKey)).toEqual(['Alpha', 'Bravo', 'Charlie', 'delta', 'echo']);
  });

  test('when 5 Subjects are paged with limit 2, then 3 pages hold each exactly once, in order', async () => {
    const alice = await t.account();
    for (const name of ['echo', 'Bravo', 'delta', 'Alpha', 'Charlie']) await createSubject(alice.readWriteKey, { name });
    const pages = await allPages(alice.readOnlyKey, {}, 2);
    expect(pages).toEqual([['Alpha', 'Bravo'], ['Charlie', 'delta'], ['echo']]);
  });

  test('when a list is exactly one page long, then next_cursor is null', async () => {
    const alice = await t.account();
    for (const name of ['one', 'two']) await createSubject(alice.readWriteKey, { name });
    const res = await t.http.get('/v1/subjects?limit=2').set(bearer(alice.readOnlyKey));
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.next_cursor).toBeNull();
  });

  test('when filtered by kind, then only Subjects of that kind are listed, and paging keeps the filter', async () => {
    const alice = await t.account();
    await createSubject(alice.readWriteKey, { name: 'Ada', kind: 'person' });
    await createSubject(alice.readWriteKey, { name: 'Apollo', kind: 'project' });
    await createSubject(alice.readWriteKey, { name: 'Grace', kind: 'person' });
    await createSubject(alice.readWriteKey, { name: 'Linus', kind: 'person' });
    await createSubject(alice.readWriteKey, { name: 'Misc' });

    expect(await subjectNames(alice.readOnlyKey, { kind: 'person' })).toEqual(['Ada', 'Grace', 'Linus']);
    expect(await subjectNames(alice.readOnlyKey, { kind: 'other' })).toEqual(['Misc']);
    expect(await subjectNames(alice.readOnlyKey, { kind: 'place' })).toEqual([]);
    expect(await allPages(alice.readOnlyKey, { kind: 'person' }, 2)).toEqual([['Ada', 'Grace'], ['Linus']]);

    expectError(await t.http.get('/v1/subjects?kind=animal').set(bearer(alice.readOnlyKey)), 400, 'invalid_request');
  });

  test('when a cursor is reused with another kind, then it gets 400 invalid_cursor', async () => {
    const alice = await t.account();
    for (const name of ['a', 'b', 'c']) await createSubject(alice.readWriteKey, { name, kind: 'topic' });
    const first = await t.http.get('/v1/subjects?kind=topic&limit=1').set(bearer(alice.readOnlyKey));
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const res = await t.http
      .get('/v1/subjects')
      .query({ kind: 'person', limit: 1, cursor: first.body.next_cursor })
      .set(bearer(alice.readOnlyKey));
    expectError(res, 400, 'invalid_cursor');
  });

  test('when a cursor is edited to a match group or name the database cannot take, then it gets 400 invalid_cursor, not a server error', async () => {
    const alice = await t.account();
    for (const name of ['a', 'b']) await createSubject(alice.readWriteKey, { name });
    const first = await t.http.get('/v1/subjects?limit=1').set(bearer(alice.readOnlyKey));
    const decoded = JSON.parse(Buffer.from(first.body.next_cursor as string, 'base64url').toString('utf8')) as { f: string; p: unknown[] };
    const [group, name, id] = decoded.p;
    for (const position of [[2 ** 31, name, id], [-(2 ** 31) - 1, name, id], [0.5, name, id], [group, 'a\u0000', id]]) {
      const cursor = Buffer.from(JSON.stringify({ ...decoded, p: position })).toString('base64url');
      expectError(await t.http.get('/v1/subjects').query({ limit: 1, cursor }).set(bearer(alice.readOnlyKey)), 400, 'invalid_cursor');
    }
    const next = await t.http.get('/v1/subjects').query({ limit: 1, cursor: first.body.next_cursor }).set(bearer(alice.readOnlyKey));
    expect(next.body.data.map((subject: { name: string }) => subject.name)).toEqual(['b']);
  });

  test('when the limit is over 100 or the cursor is garbage, then it gets 400', async () => {
    const alice = await t.account();
    expectError(await t.http.get('/v1/subjects?limit=101').set(bearer(alice.readOnlyKey)), 400, 'invalid_request');
    expectError(await t.http.get('/v1/subjects?cursor=garbage').set(bearer(alice.readOnlyKey)), 400, 'invalid_cursor');
  });

  test("when two accounts have Subjects, then each lists only its own", async () => {
    const alice = await t.account();
    const bob = await t.account();
    await createSubject(alice.readWriteKey, { name: 'Alice thing' });
    await createSubject(bob.readWriteKey, { name: 'Bob thing' });
    expect(await subjectNames(alice.readOnlyKey)).toEqual(['Alice thing']);
    expect(await subjectNames(bob.readOnlyKey)).toEqual(['Bob thing']);
  });
});

describe('searching Subjects with q', () => {
  async function searchAccount(): Promise<TestAccount> {
    const alice = await t.account();
    for (const body of [
      { name: 'Necklace' }, // substring
      { name: 'Old Lace' }, // word prefix (second word)
      { name: 'Lacy' }, // typo only
      { name: 'Lace' }, // exact
      { name: 'Bob Smith' }, // no match
      { name: 'Lacewing', kind: 'topic' }, // word prefix
    ]) {
      await createSubject(alice.readWriteKey, body);
    }
    return alice;
  }

  test('when q is given, then exact matches come first, then word prefixes, then substrings, then typos, each by name', async () => {
    const alice = await searchAccount();
    expect(await subjectNames(alice.readOnlyKey, { q: 'lace' })).toEqual(['Lace', 'Lacewing', 'Old Lace', 'Necklace', 'Lacy']);
  });

  test('when q has other case and surrounding spaces, then it matches the same', async () => {
    const alice = await searchAccount();
    expect(await subjectNames(alice.readOnlyKey, { q: '  LACE ' })).toEqual([
      'Lace',
      'Lacewing',
      'Old Lace',
      'Necklace',
      'Lacy',
    ]);
  });

  test('when search results are paged with limit 1, then the pages give the same order without duplicates or gaps', async () => {
    const alice = await searchAccount();
    const pages = await allPages(alice.readOnlyKey, { q: 'lace' }, 1);
    expect(pages).toEqual([['Lace'], ['Lacewing'], ['Old Lace'], ['Necklace'], ['Lacy']]);
  });

  test('when q is combined with kind, then both filters apply', async () => {
    const alice = await searchAccount();
    expect(await subjectNames(alice.readOnlyKey, { q: 'lace', kind: 'topic' })).toEqual(['Lacewing']);
  });

  test('when q has a typo ("lovlace"), then "Ada Lovelace" is still found', async () => {
    const alice = await t.account();
    await createSubject(alice.readWriteKey, { name: 'Ada Lovelace', kind: 'person' });
    await createSubject(alice.readWriteKey, { name: 'Charles Babbage', kind: 'person' });
    expect(await subjectNames(alice.readOnlyKey, { q: 'lovlace' })).toEqual(['Ada Lovelace']);
  });

  test('when q matches only an alias, then the Subject is found exactly, by prefix, by substring and by typo', async () => {
    const alice = await t.account();
    await createSubject(alice.readWriteKey, { name: 'Grace Hopper', aliases: ['Amazing Grace', 'Grandma COBOL'] });
    await createSubject(alice.readWriteKey, { name: 'Unrelated' });

    expect(await subjectNames(alice.readOnlyKey, { q: 'grandma cobol' })).toEqual(['Grace Hopper']);
    expect(await subjectNames(alice.readOnlyKey, { q: 'amaz' })).toEqual(['Grace Hopper']);
    expect(await subjectNames(alice.readOnlyKey, { q: 'mazing' })).toEqual(['Grace Hopper']);
    expect(await subjectNames(alice.readOnlyKey, { q: 'amazng' })).toEqual(['Grace Hopper']);
  });

  test('when an alias matches q exactly, then its Subject ranks before a name that only starts with q', async () => {
    const alice = await t.account();
    await createSubject(alice.readWriteKey, { name: 'Adams Family' });
    await createSubject(alice.readWriteKey, { name: 'Lovelace', aliases: ['Ada'] });
    expect(await subjectNames(alice.readOnlyKey, { q: 'ada' })).toEqual(['Lovelace', 'Adams Family']);
  });

  test('when q holds LIKE wildcards, then they are matched literally', async () => {
    const alice = await t.account();
    await createSubject(alice.readWriteKey, { name: '100% Cotton' });
    await createSubject(alice.readWriteKey, { name: 'Cotton Mill' });
    expect(await subjectNames(alice.readOnlyKey, { q: '100%' })).toEqual(['100% Cotton']);
    expect(await subjectNames(alice.readOnlyKey, { q: '%' })).toEqual(['100% Cotton']);
  });

  test('when nothing is close to q, then the list is empty', async () => {
    const alice = await searchAccount();
    expect(await subjectNames(alice.readOnlyKey, { q: word('zz') })).toEqual([]);
  });

  test('when a cursor is reused with another q, then it gets 400 invalid_cursor', async () => {
    const alice = await searchAccount();
    const first = await t.http.get('/v1/subjects?q=lace&limit=1').set(bearer(alice.readOnlyKey));
    expect(first.status).toBe(200);
    expect(first.body.next_cursor).toEqual(expect.any(String));

    const res = await t.http
      .get('/v1/subjects')
      .query({ q: 'neck', limit: 1, cursor: first.body.next_cursor })
      .set(bearer(alice.readOnlyKey));
    expectError(res, 400, 'invalid_cursor');

    const withoutQ = await t.http.get('/v1/subjects').query({ limit: 1, cursor: first.body.next_cursor }).set(bearer(alice.readOnlyKey));
    expectError(withoutQ, 400, 'invalid_cursor');
  });

  test('when q is empty or whitespace only, then it gets 400 invalid_request', async () => {
    const alice = await t.account();
    expectError(await t.http.get('/v1/subjects?q=').set(bearer(alice.readOnlyKey)), 400, 'invalid_request');
    expectError(await t.http.get('/v1/subjects').query({ q: '   ' }).set(bearer(alice.readOnlyKey)), 400, 'invalid_request');
  });
});

describe("another account's Subject", () => {
  test('when it is read, changed, deleted or its links, Facts or context are asked for, then every route says 404 subject_not_found', async () => {
    const alice = await t.account();
    const bob = await t.account();
    const subject = await createSubject(alice.readWriteKey, { name: 'Private project', kind: 'project' });
    const bobMemory = await createMemory(bob.readWriteKey, 'Bob note');
    const id = subject.id;

    for (const token of [bob.readWriteKey, bob.session]) {
      const auth = bearer(token);
      expectError(await t.http.get(`/v1/subjects/${id}`).set(auth), 404, 'subject_not_found');
      expectError(await t.http.patch(`/v1/subjects/${id}`).set(auth).send({ kind: 'topic' }), 404, 'subject_not_found');
      expectError(await t.http.post(`/v1/subjects/${id}/deletion/prepare`).set(auth), 404, 'subject_not_found');
      expectError(await t.http.delete(`/v1/subjects/${id}`).set(auth), 404, 'subject_not_found');
      expectError(
        await t.http.delete(`/v1/subjects/${id}`).query({ confirmation_token: 'sdc_whatever' }).set(auth),
        404,
        'subject_not_found',
      );
      expectError(await t.http.get(`/v1/subjects/${id}/memories`).set(auth), 404, 'subject_not_found');
      expectError(
        await t.http.post(`/v1/subjects/${id}/memories`).set(auth).send({ memory_id: bobMemory.id }),
        404,
        'subject_not_found',
      );
      expectError(await t.http.delete(`/v1/subjects/${id}/memories/${bobMemory.id}`).set(auth), 404, 'subject_not_found');
      expectError(await t.http.get(`/v1/subjects/${id}/facts`).set(auth), 404, 'subject_not_found');
      expectError(await t.http.get(`/v1/subjects/${id}/fact-suggestions`).set(auth), 404, 'subject_not_found');
      expectError(await t.http.get(`/v1/subjects/${id}/context`).set(auth), 404, 'subject_not_found');
    }

    const got = await t.http.get(`/v1/subjects/${id}`).set(bearer(alice.readOnlyKey));
    expect(got.body.data).toEqual(subject);
    expect(await storedNames(bob)).toEqual([]);
  });

  test('when its Memory insights are listed, then it gets 404 subject_not_found, not an empty list', async () => {
    const alice = await t.account();
    const bob = await t.account();
    await createMemory(alice.readWriteKey, 'Lunch with Zanzibar Quill today.');
    const subject = await createSubject(alice.readWriteKey, { name: 'Zanzibar Quill' });
    const own = await t.http.get(`/v1/subjects/${subject.id}/memory-insights`).set(bearer(alice.readOnlyKey));
    expect(own.status).toBe(200);
    expect(own.body.data).toHaveLength(1);

    for (const token of [bob.readOnlyKey, bob.session]) {
      expectError(await t.http.get(`/v1/subjects/${subject.id}/memory-insights`).set(bearer(token)), 404, 'subject_not_found');
    }
    expectError(
      await t.http.get(`/v1/subjects/${UNKNOWN_SUBJECT}/memory-insights`).set(bearer(alice.readOnlyKey)),
      404,
      'subject_not_found',
    );
  });
});

describe('a read-only key', () => {
  test('when it creates, patches, prepares, deletes, links or unlinks, then each gets 403 insufficient_key_mode and nothing changes', async () => {
    const alice = await t.account();
    const ro = bearer(alice.readOnlyKey);
    const subject = await createSubject(alice.readWriteKey, { name: 'Ada Lovelace', kind: 'person' });
    const linked = await createMemory(alice.readWriteKey, 'Linked note');
    const unlinked = await createMemory(alice.readWriteKey, 'Unlinked note');
    expect((await t.http.post(`/v1/subjects/${subject.id}/memories`).set(bearer(alice.readWriteKey)).send({ memory_id: linked.id })).status).toBe(201);
    const before = (await t.http.get(`/v1/subjects/${subject.id}`).set(ro)).body.data;
    expect(before.memory_count).toBe(1);
    const prepared = await t.http.post(`/v1/subjects/${subject.id}/deletion/prepare`).set(bearer(alice.readWriteKey));
    expect(prepared.status).toBe(200);

    expectError(await t.http.post('/v1/subjects').set(ro).send({ name: 'Grace Hopper' }), 403, 'insufficient_key_mode');
    expectError(await t.http.patch(`/v1/subjects/${subject.id}`).set(ro).send({ name: 'Changed' }), 403, 'insufficient_key_mode');
    expectError(await t.http.post(`/v1/subjects/${subject.id}/deletion/prepare`).set(ro), 403, 'insufficient_key_mode');
    expectError(
      await t.http.delete(`/v1/subjects/${subject.id}`).query({ confirmation_token: prepared.body.data.confirmation_token }).set(ro),
      403,
      'insufficient_key_mode',
    );
    expectError(
      await t.http.post(`/v1/subjects/${subject.id}/memories`).set(ro).send({ memory_id: unlinked.id }),
      403,
      'insufficient_key_mode',
    );
    expectError(await t.http.delete(`/v1/subjects/${subject.id}/memories/${linked.id}`).set(ro), 403, 'insufficient_key_mode');

    const after = await t.http.get(`/v1/subjects/${subject.id}`).set(ro);
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual(before);
    expect(await storedNames(alice)).toEqual(['Ada Lovelace']);
    const links = await t.http.get(`/v1/subjects/${subject.id}/memories`).set(ro);
    expect(links.body.data.map((m: { id: string }) => m.id)).toEqual([linked.id]);

    // The token the read-only key could not use is still good for a read-write key.
    const deleted = await t.http
      .delete(`/v1/subjects/${subject.id}`)
      .query({ confirmation_token: prepared.body.data.confirmation_token })
      .set(bearer(alice.readWriteKey));
    expect(deleted.status).toBe(200);
  });

  test('when it reads, then it can get, list, search and list links in both directions', async () => {
    const alice = await t.account();
    const ro = bearer(alice.readOnlyKey);
    const subject = await createSubject(alice.readWriteKey, { name: 'Ada Lovelace' });
    const memory = await createMemory(alice.readWriteKey, 'First program');
    await t.http.post(`/v1/subjects/${subject.id}/memories`).set(bearer(alice.readWriteKey)).send({ memory_id: memory.id });

    const got = await t.http.get(`/v1/subjects/${subject.id}`).set(ro);
    expect(got.status).toBe(200);
    expect(got.body.data.memory_count).toBe(1);
    expect(await subjectNames(alice.readOnlyKey, { q: 'ada' })).toEqual(['Ada Lovelace']);
    const memories = await t.http.get(`/v1/subjects/${subject.id}/memories`).set(ro);
    expect(memories.status).toBe(200);
    expect(memories.body.data.map((m: { id: string }) => m.id)).toEqual([memory.id]);
    const subjects = await t.http.get(`/v1/memories/${memory.id}/subjects`).set(ro);
    expect(subjects.status).toBe(200);
    expect(subjects.body.data.map((s: { id: string }) => s.id)).toEqual([subject.id]);
    expect(await subjectNames(alice.readOnlyKey)).toEqual(['Ada Lovelace']);
  });
});
