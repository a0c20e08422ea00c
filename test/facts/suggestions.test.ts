import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { expectError, TIMESTAMP_PATTERN } from '../support/assertions';
import type { Schemas } from '../support/client';
import { createMemory, createSubject, linkMemory } from '../support/factories';
import { idPattern, UNKNOWN_MEMORY, UNKNOWN_SUBJECT } from '../support/ids';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SUGGESTION_ID = idPattern('fsg');

type Suggestion = Schemas['FactSuggestion'];

function suggest(token: string, subjectId: string, body: Record<string, unknown>) {
  return t.http.post(`/v1/subjects/${subjectId}/fact-suggestions`).set(bearer(token)).send(body);
}

async function listSuggestions(token: string, subjectId: string, query: Record<string, string | number> = {}) {
  const res = await t.http.get(`/v1/subjects/${subjectId}/fact-suggestions`).query(query).set(bearer(token));
  expect(res.status).toBe(200);
  return res.body as { ok: true; data: Suggestion[]; next_cursor: string | null };
}

/** An account with one Subject and two Memories linked to it. */
async function world(): Promise<{ a: TestAccount; subjectId: string; m1: string; m2: string }> {
  const a = await t.account();
  const subjectId = (await createSubject(t, a.readWriteKey, { name: 'Ada Lovelace', kind: 'person' })).id;
  const m1 = (await createMemory(t, a.readWriteKey, { text: 'Ada leads the analytics project since March.' })).id;
  const m2 = (await createMemory(t, a.readWriteKey, { text: 'The analytics project reports to Ada.' })).id;
  await linkMemory(t, a.readWriteKey, subjectId, m1);
  await linkMemory(t, a.readWriteKey, subjectId, m2);
  return { a, subjectId, m1, m2 };
}

describe('suggesting a Fact', () => {
  test('a read-write key suggests a statement backed by linked Memories and gets 201, a Location and a pending suggestion', async () => {
    const { a, subjectId, m1, m2 } = await world();
    const res = await suggest(a.readWriteKey, subjectId, {
      statement: 'Ada leads the analytics project',
      source_memory_ids: [m2, m1],
      note: 'From the kickoff notes.',
    });

    expect(res.status).toBe(201);
    expect(res.headers.location).toEqual(expect.stringContaining(`/v1/subjects/${subjectId}/fact-suggestions`));
    expect(Object.keys(res.body).sort()).toEqual(['created', 'data', 'ok']);
    expect(res.body.ok).toBe(true);
    expect(res.body.created).toBe(true);
    const suggestion = res.body.data as Suggestion;
    expect(suggestion).toEqual({
      id: expect.stringMatching(SUGGESTION_ID),
      subject_id: subjectId,
      statement: 'Ada leads the analytics project',
      note: 'From the kickoff notes.',
      sources: expect.any(Array),
      status: 'pending',
      fact_id: null,
      supersedes: null,
      created_at: expect.stringMatching(TIMESTAMP_PATTERN),
      reviewed_at: null,
    });
    expect(suggestion.sources.map((s) => s.memory_id).sort()).toEqual([m1, m2].sort());

    const list = await listSuggestions(a.readOnlyKey, subjectId);
    expect(list.data).toEqual([suggestion]);
  });

  test('the session can suggest too, and a suggestion without a note has note null', async () => {
    const { a, subjectId, m1 } = await world();
    const res = await suggest(a.session, subjectId, { statement: 'Ada joined in 2021', source_memory_ids: [m1] });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ note: null, status: 'pending', sources: [{ memory_id: m1 }] });
  });

  test('a statement equal after folding case and whitespace returns the pending suggestion with 200 and created:false', async () => {
    const { a, subjectId, m1, m2 } = await world();
    const first = await suggest(a.readWriteKey, subjectId, {
      statement: 'Ada leads the project',
      source_memory_ids: [m1],
      note: 'first',
    });
    expect(first.status).toBe(201);

    const again = await suggest(a.readWriteKey, subjectId, {
      statement: '  Ada  LEADS the\tproject ',
      source_memory_ids: [m2],
      note: 'second',
    });
    expect(again.status).toBe(200);
    expect(again.headers.location).toBeUndefined();
    expect(again.body).toEqual({ ok: true, created: false, data: first.body.data });

    const list = await listSuggestions(a.session, subjectId);
    expect(list.data.map((s) => s.id)).toEqual([first.body.data.id]);
  });

  test('a statement of 1,000 code points (even astral ones) and ten sources are accepted', async () => {
    const { a, subjectId, m1 } = await world();
    expect((await suggest(a.readWriteKey, subjectId, { statement: 'x'.repeat(1000), source_memory_ids: [m1] })).status).toBe(201);
    const emoji = '\u{1F600}'.repeat(1000);
    const astral = await suggest(a.readWriteKey, subjectId, { statement: emoji, source_memory_ids: [m1] });
    expect(astral.status).toBe(201);
    expect(astral.body.data.statement).toBe(emoji);

    const ten: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const id = (await createMemory(t, a.readWriteKey, { text: `Source number ${i} about Ada` })).id;
      await linkMemory(t, a.readWriteKey, subjectId, id);
      ten.push(id);
    }
    const res = await suggest(a.readWriteKey, subjectId, { statement: 'Ada is well documented', source_memory_ids: ten });
    expect(res.status).toBe(201);
    expect(res.body.data.sources.map((s: { memory_id: string }) => s.memory_id).sort()).toEqual([...ten].sort());
  });

  test('the same statement on another Subject is a separate suggestion', async () => {
    const { a, subjectId, m1 } = await world();
    const other = (await createSubject(t, a.readWriteKey, { name: 'Charles Babbage', kind: 'person' })).id;
    await linkMemory(t, a.readWriteKey, other, m1);
    const one = await suggest(a.readWriteKey, subjectId, { statement: 'Works on the engine', source_memory_ids: [m1] });
    const two = await suggest(a.readWriteKey, other, { statement: 'Works on the engine', source_memory_ids: [m1] });
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(two.body.data.id).not.toBe(one.body.data.id);
    expect(two.body.data.subject_id).toBe(other);
  });

  test('a rejected statement may be suggested again, as a new pending suggestion', async () => {
    const { a, subjectId, m1 } = await world();
    const first = await suggest(a.readWriteKey, subjectId, { statement: 'Ada likes tea', source_memory_ids: [m1] });
    expect((await t.http.post(`/v1/fact-suggestions/${first.body.data.id}/reject`).set(bearer(a.session))).status).toBe(200);

    const again = await suggest(a.readWriteKey, subjectId, { statement: 'ada likes TEA', source_memory_ids: [m1] });
    expect(again.status).toBe(201);
    expect(again.body.created).toBe(true);
    expect(again.body.data.id).not.toBe(first.body.data.id);
    expect(again.body.data.status).toBe('pending');
  });
});

describe('sources of a suggestion', () => {
  test('a Memory that does not exist is 400 source_not_found, naming only the missing IDs', async () => {
    const { a, subjectId, m1 } = await world();
    const res = await suggest(a.readWriteKey, subjectId, {
      statement: 'Ada leads the project',
      source_memory_ids: [m1, UNKNOWN_MEMORY],
    });
    expectError(res, 400, 'source_not_found');
    expect(res.body.error.details.memory_ids).toEqual([UNKNOWN_MEMORY]);
  });

  test("another account's Memory is 400 source_not_found, even when it is linked in that account", async () => {
    const { a, subjectId } = await world();
    const b = await t.account();
    const theirs = (await createMemory(t, b.readWriteKey, { text: 'Ada is in my address book too' })).id;
    const theirSubject = (await createSubject(t, b.readWriteKey, { name: 'Ada Lovelace', kind: 'person' })).id;
    await linkMemory(t, b.readWriteKey, theirSubject, theirs);

    const res = await suggest(a.readWriteKey, subjectId, { statement: 'Ada leads the project', source_memory_ids: [theirs] });
    expectError(res, 400, 'source_not_found');
    expect(res.body.error.details.memory_ids).toEqual([theirs]);
  });

  test('a secret Memory is 400 source_not_found for an API key, while the session may use it', async () => {
    const { a, subjectId, m1 } = await world();
    const secret = (await createMemory(t, a.session, { text: 'Ada told me her salary', sensitivity: 'secret' })).id;
    await linkMemory(t, a.session, subjectId, secret);

    const res = await suggest(a.readWriteKey, subjectId, { statement: 'Ada earns well', source_memory_ids: [m1, secret] });
    expectError(res, 400, 'source_not_found');
    expect(res.body.error.details.memory_ids).toEqual([secret]);
    expect((await listSuggestions(a.session, subjectId)).data).toEqual([]);

    const bySession = await suggest(a.session, subjectId, { statement: 'Ada earns well', source_memory_ids: [m1, secret] });
    expect(bySession.status).toBe(201);
    expect(bySession.body.data.sources.map((s: { memory_id: string }) => s.memory_id).sort()).toEqual([m1, secret].sort());
  });

  test('the secret source of a suggestion made by the session is left out of what API keys see', async () => {
    const { a, subjectId, m1 } = await world();
    const secret = (await createMemory(t, a.session, { text: 'Ada keeps a private diary', sensitivity: 'secret' })).id;
    await linkMemory(t, a.session, subjectId, secret);
    const made = await suggest(a.session, subjectId, { statement: 'Ada keeps a diary', source_memory_ids: [m1, secret] });
    expect(made.status).toBe(201);

    const viaKey = await listSuggestions(a.readOnlyKey, subjectId);
    expect(viaKey.data.map((s) => s.sources)).toEqual([[{ memory_id: m1 }]]);
    const viaSession = await listSuggestions(a.session, subjectId);
    expect(viaSession.data[0]?.sources.map((s) => s.memory_id).sort()).toEqual([m1, secret].sort());
  });

  test('a Memory that exists but is not linked to the Subject is 400 source_not_linked, naming it', async () => {
    const { a, subjectId, m1 } = await world();
    const loose = (await createMemory(t, a.readWriteKey, { text: 'Ada mentioned in passing' })).id;
    const res = await suggest(a.readWriteKey, subjectId, { statement: 'Ada leads the project', source_memory_ids: [m1, loose] });
    expectError(res, 400, 'source_not_linked');
    expect(res.body.error.details.memory_ids).toEqual([loose]);
  });

  test('a Memory linked to a different Subject only is 400 source_not_linked', async () => {
    const { a, subjectId } = await world();
    const other = (await createSubject(t, a.readWriteKey, { name: 'Charles Babbage', kind: 'person' })).id;
    const elsewhere = (await createMemory(t, a.readWriteKey, { text: 'Charles designed the engine' })).id;
    await linkMemory(t, a.readWriteKey, other, elsewhere);
    const res = await suggest(a.readWriteKey, subjectId, { statement: 'Designed the engine', source_memory_ids: [elsewhere] });
    expectError(res, 400, 'source_not_linked');
  });

  test('a Memory unlinked after the link is no longer a valid source', async () => {
    const { a, subjectId, m1 } = await world();
    expect((await t.http.delete(`/v1/subjects/${subjectId}/memories/${m1}`).set(bearer(a.readWriteKey))).status).toBe(200);
    expectError(
      await suggest(a.readWriteKey, subjectId, { statement: 'Ada leads the project', source_memory_ids: [m1] }),
      400,
      'source_not_linked',
    );
  });
});

describe('a statement that is already a reviewed Fact', () => {
  test('is refused with 400 fact_exists, whatever its case and spacing', async () => {
    const { a, subjectId, m1, m2 } = await world();
    const made = await suggest(a.readWriteKey, subjectId, { statement: 'Ada leads the project', source_memory_ids: [m1] });
    const accepted = await t.http.post(`/v1/fact-suggestions/${made.body.data.id}/accept`).set(bearer(a.session));
    expect(accepted.status).toBe(200);

    for (const statement of ['Ada leads the project', '  ADA   leads  the PROJECT  ']) {
      expectError(await suggest(a.readWriteKey, subjectId, { statement, source_memory_ids: [m2] }), 400, 'fact_exists');
    }
    const list = await listSuggestions(a.session, subjectId);
    expect(list.data.map((s) => [s.id, s.status])).toEqual([[made.body.data.id, 'accepted']]);
  });
});

describe('refused suggestion requests', () => {
  const LONG = 'y'.repeat(1001);
  const invalid: [string, (m1: string) => Record<string, unknown>][] = [
    ['an empty statement', (m1) => ({ statement: '', source_memory_ids: [m1] })],
    ['a statement of whitespace only', (m1) => ({ statement: ' \n\t ', source_memory_ids: [m1] })],
    ['a statement of 1,001 characters', (m1) => ({ statement: LONG, source_memory_ids: [m1] })],
    ['no statement', (m1) => ({ source_memory_ids: [m1] })],
    ['a statement that is not a string', (m1) => ({ statement: 42, source_memory_ids: [m1] })],
    ['no sources', () => ({ statement: 'Ada leads the project', source_memory_ids: [] })],
    ['a missing source list', () => ({ statement: 'Ada leads the project' })],
    [
      'eleven sources',
      () => ({
        statement: 'Ada leads the project',
        source_memory_ids: Array.from({ length: 11 }, (_, i) => `mem_01JD2X5Y7Z8A9B0C1D2E3F4G${String(i).padStart(2, '0')}`),
      }),
    ],
    ['the same source twice', (m1) => ({ statement: 'Ada leads the project', source_memory_ids: [m1, m1] })],
    ['a malformed source ID', () => ({ statement: 'Ada leads the project', source_memory_ids: ['mem_nope'] })],
    ['a source ID of another type', () => ({ statement: 'Ada leads the project', source_memory_ids: [UNKNOWN_SUBJECT] })],
    ['a note of 1,001 characters', (m1) => ({ statement: 'Ada leads the project', source_memory_ids: [m1], note: LONG })],
    ['an unknown field', (m1) => ({ statement: 'Ada leads the project', source_memory_ids: [m1], confidence: 1 })],
  ];

  test.each(invalid)('%s is 400 invalid_request', async (_name, body) => {
    const { a, subjectId, m1 } = await world();
    expectError(await suggest(a.readWriteKey, subjectId, body(m1)), 400, 'invalid_request');
    expect((await listSuggestions(a.session, subjectId)).data).toEqual([]);
  });

  test('an unknown Subject, or one of another account, is 404 subject_not_found; a malformed Subject ID is 400', async () => {
    const { a, m1 } = await world();
    const b = await t.account();
    const theirSubject = (await createSubject(t, b.readWriteKey, { name: 'Ada Lovelace', kind: 'person' })).id;
    const theirMemory = (await createMemory(t, b.readWriteKey, { text: 'Ada leads the project' })).id;
    await linkMemory(t, b.readWriteKey, theirSubject, theirMemory);

    const body = { statement: 'Ada leads the project', source_memory_ids: [m1] };
    expectError(await suggest(a.readWriteKey, UNKNOWN_SUBJECT, body), 404, 'subject_not_found');
    expectError(await suggest(a.readWriteKey, theirSubject, body), 404, 'subject_not_found');
    expectError(
      await suggest(a.readWriteKey, theirSubject, { statement: 'Ada leads the project', source_memory_ids: [theirMemory] }),
      404,
      'subject_not_found',
    );
    expectError(await suggest(a.readWriteKey, 'sub_bad', body), 400, 'invalid_request');
    expect((await listSuggestions(b.session, theirSubject)).data).toEqual([]);
  });

  test('a read-only key is 403 insufficient_key_mode', async () => {
    const { a, subjectId, m1 } = await world();
    expectError(
      await suggest(a.readOnlyKey, subjectId, { statement: 'Ada leads the project', source_memory_ids: [m1] }),
      403,
      'insufficient_key_mode',
    );
  });

  test('no refused request changes the list of suggestions', async () => {
    const { a, subjectId, m1, m2 } = await world();
    const kept = await suggest(a.readWriteKey, subjectId, { statement: 'Ada leads the project', source_memory_ids: [m1] });
    expect(kept.status).toBe(201);
    const before = await listSuggestions(a.session, subjectId);

    const loose = (await createMemory(t, a.readWriteKey, { text: 'Not linked at all' })).id;
    const refused = [
      await suggest(a.readOnlyKey, subjectId, { statement: 'Refused one', source_memory_ids: [m1] }),
      await suggest(a.readWriteKey, subjectId, { statement: 'Refused two', source_memory_ids: [m2, UNKNOWN_MEMORY] }),
      await suggest(a.readWriteKey, subjectId, { statement: 'Refused three', source_memory_ids: [m2, loose] }),
      await suggest(a.readWriteKey, subjectId, { statement: '', source_memory_ids: [m2] }),
      await suggest(a.readWriteKey, subjectId, { statement: 'Refused four', source_memory_ids: [m2, m2] }),
    ];
    expect(refused.map((res) => res.status)).toEqual([403, 400, 400, 400, 400]);

    expect(await listSuggestions(a.session, subjectId)).toEqual(before);
    const rows = await t.database.db
      .selectFrom('fact_suggestions')
      .select('id')
      .where('subject_id', '=', subjectId)
      .execute();
    expect(rows.map((row) => row.id)).toEqual([kept.body.data.id]);
  });
});

describe('listing suggestions', () => {
  test('newest first, with every status, readable with a read-only key', async () => {
    const { a, subjectId, m1 } = await world();
    const ids: string[] = [];
    for (const statement of ['First statement', 'Second statement', 'Third statement']) {
      const res = await suggest(a.readWriteKey, subjectId, { statement, source_memory_ids: [m1] });
      expect(res.status).toBe(201);
      ids.push(res.body.data.id);
    }
    expect((await t.http.post(`/v1/fact-suggestions/${ids[0]}/reject`).set(bearer(a.session))).status).toBe(200);
    expect((await t.http.post(`/v1/fact-suggestions/${ids[1]}/accept`).set(bearer(a.session))).status).toBe(200);

    const all = await listSuggestions(a.readOnlyKey, subjectId);
    expect(all.next_cursor).toBeNull();
    expect(all.data.map((s) => [s.statement, s.status])).toEqual([
      ['Third statement', 'pending'],
      ['Second statement', 'accepted'],
      ['First statement', 'rejected'],
    ]);
  });

  test('the status filter returns only suggestions of that status; an unknown status is 400 invalid_request', async () => {
    const { a, subjectId, m1 } = await world();
    const ids: string[] = [];
    for (const statement of ['Alpha fact', 'Beta fact', 'Gamma fact']) {
      ids.push((await suggest(a.readWriteKey, subjectId, { statement, source_memory_ids: [m1] })).body.data.id);
    }
    await t.http.post(`/v1/fact-suggestions/${ids[1]}/reject`).set(bearer(a.session)).expect(200);

    expect((await listSuggestions(a.readWriteKey, subjectId, { status: 'pending' })).data.map((s) => s.id)).toEqual([ids[2], ids[0]]);
    expect((await listSuggestions(a.readWriteKey, subjectId, { status: 'rejected' })).data.map((s) => s.id)).toEqual([ids[1]]);
    expect((await listSuggestions(a.readWriteKey, subjectId, { status: 'accepted' })).data).toEqual([]);

    const bad = await t.http.get(`/v1/subjects/${subjectId}/fact-suggestions?status=maybe`).set(bearer(a.readWriteKey));
    expectError(bad, 400, 'invalid_request');
  });

  test('pages follow the cursor without gaps or repeats; a cursor reused with another status is 400 invalid_cursor', async () => {
    const { a, subjectId, m1 } = await world();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push((await suggest(a.readWriteKey, subjectId, { statement: `Paged statement ${i}`, source_memory_ids: [m1] })).body.data.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await listSuggestions(a.readOnlyKey, subjectId, { limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((s) => s.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());

    const first = await listSuggestions(a.readOnlyKey, subjectId, { limit: 2 });
    const reused = await t.http
      .get(`/v1/subjects/${subjectId}/fact-suggestions`)
      .query({ limit: 2, cursor: first.next_cursor!, status: 'pending' })
      .set(bearer(a.readOnlyKey));
    expectError(reused, 400, 'invalid_cursor');

    const tooMany = await t.http.get(`/v1/subjects/${subjectId}/fact-suggestions?limit=101`).set(bearer(a.readOnlyKey));
    expectError(tooMany, 400, 'invalid_request');
  });

  test("an unknown Subject, or another account's, is 404 subject_not_found", async () => {
    const { a } = await world();
    const b = await world();
    await suggest(b.a.readWriteKey, b.subjectId, { statement: 'Theirs only', source_memory_ids: [b.m1] });
    expectError(await t.http.get(`/v1/subjects/${UNKNOWN_SUBJECT}/fact-suggestions`).set(bearer(a.session)), 404, 'subject_not_found');
    expectError(await t.http.get(`/v1/subjects/${b.subjectId}/fact-suggestions`).set(bearer(a.session)), 404, 'subject_not_found');
    expectError(await t.http.get(`/v1/subjects/${b.subjectId}/fact-suggestions`).set(bearer(a.readOnlyKey)), 404, 'subject_not_found');
  });
});
