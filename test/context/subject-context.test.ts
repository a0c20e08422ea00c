import type { RequestQuery } from '../../src/contract-types';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import { clientOf, type DataOf } from '../support/client';
import { createMemory, createSubject, linkMemory, type Memory, type Subject } from '../support/factories';
import { UNKNOWN_SUBJECT } from '../support/ids';
import {
  acceptedFact,
  codePoints,
  createMemories,
  expectContextTexts,
  expectedFill,
  expectShortenedFrom,
  longText,
  newestFirst,
  randomWord,
  type Fact,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type SubjectContextData = DataOf<'getSubjectContext'>;

async function subjectContext(
  token: string,
  subjectId: string,
  query: RequestQuery<'getSubjectContext'> = {},
): Promise<SubjectContextData> {
  const data = await clientOf(t, token).ok('getSubjectContext', { path: { subject_id: subjectId }, query });
  expect(Object.keys(data)).toEqual(['subject', 'subject_description_truncated', 'facts', 'memories', 'pending_insights', 'budget', 'omitted']);
  expectWithinBudget(data, Number(query.max_chars ?? 6000));
  return data;
}

/** used_chars counts name, description, Fact statements, Memory texts and insight summaries; never above max_chars. */
function expectWithinBudget(data: SubjectContextData, maxChars: number): void {
  const used =
    codePoints(data.subject.name) +
    codePoints(data.subject.description) +
    data.facts.reduce((sum, fact) => sum + codePoints(fact.statement), 0) +
    data.memories.reduce((sum, memory) => sum + codePoints(memory.text), 0) +
    data.pending_insights.reduce((sum, insight) => sum + codePoints(insight.summary), 0);
  expect(data.budget).toEqual({ max_chars: maxChars, used_chars: used });
  expect(used).toBeLessThanOrEqual(maxChars);
  expectContextTexts(data.memories);
}

describe('the content of a Subject context', () => {
  let alice: TestAccount;
  let subject: Subject;
  let pinned: Memory;
  let older: Memory;
  let newer: Memory;
  let sensitive: Memory;
  let secret: Memory;
  let mention: Memory;
  let firstFact: Fact;
  let secondFact: Fact;

  beforeAll(async () => {
    alice = await t.account();
    const rw = alice.readWriteKey;
    subject = await createSubject(t, rw, { name: 'Quokka Project', kind: 'project', description: 'Field research on Rottnest Island.' });
    // Created one by one: the pinned one is the oldest, so "pinned first" is not "newest first".
    pinned = await createMemory(t, rw, { text: 'Pinned: the grant ends in June', pinned: true });
    older = await createMemory(t, rw, { text: 'Counted forty animals near the lighthouse' });
    newer = await createMemory(t, rw, { text: 'Ferry timetable changes in winter', type: 'reference' });
    sensitive = await createMemory(t, rw, { text: 'Permit number is 88-12', sensitivity: 'sensitive' });
    secret = await createMemory(t, alice.session, { text: 'Lab door code 9931', sensitivity: 'secret' });
    for (const memory of [pinned, older, newer, sensitive, secret]) await linkMemory(t, alice.session, subject.id, memory.id);
    // Mentions the Subject by name without being linked: a pending unlinked_mention insight.
    mention = await createMemory(t, rw, { text: 'Budget meeting for the Quokka Project on Monday' });

    firstFact = await acceptedFact(t, rw, alice.session, subject.id, 'The survey counts forty animals', [older.id]);
    secondFact = await acceptedFact(t, alice.session, alice.session, subject.id, 'The lab has a coded door', [newer.id, secret.id]);
    // A suggestion that is never reviewed is not a Fact.
    const pending = await t.http
      .post(`/v1/subjects/${subject.id}/fact-suggestions`)
      .set(bearer(rw))
      .send({ statement: 'Quokkas are marsupials', source_memory_ids: [older.id] });
    expect(pending.status).toBe(201);
  });

  test('when an API key loads it, then it gets the Subject, its reviewed Facts, linked Memories pinned first then newest, and pending insights', async () => {
    const data = await subjectContext(alice.readWriteKey, subject.id);

    const got = await t.http.get(`/v1/subjects/${subject.id}`).set(bearer(alice.readWriteKey));
    expect(data.subject).toEqual(got.body.data);
    expect(data.subject.memory_count).toBe(4); // the secret link is not counted for a key

    expect(data.facts.map((fact) => fact.statement)).toEqual(['The lab has a coded door', 'The survey counts forty animals']);
    expect(data.facts[0]).toMatchObject({ id: secondFact.id, subject_id: subject.id, sources: [{ memory_id: newer.id }] });
    expect(data.facts[1]).toMatchObject({ id: firstFact.id, sources: [{ memory_id: older.id }] });
    expect(JSON.stringify(data.facts)).not.toContain('marsupials');

    expect(data.memories.map((memory) => memory.id)).toEqual([pinned.id, newer.id, older.id]);
    expect(data.memories[1]).toEqual({
      id: newer.id,
      type: 'reference',
      sensitivity: 'normal',
      pinned: false,
      tags: [],
      text: 'Ferry timetable changes in winter',
      text_truncated: false,
      updated_at: newer.updated_at,
    });

    expect(data.pending_insights).toEqual([
      expect.objectContaining({ subject_id: subject.id, kind: 'unlinked_mention', status: 'pending', memory_ids: [mention.id] }),
    ]);
    expect(data.omitted).toEqual({ facts: 0, memories: 0, insights: 0 });
    expect(JSON.stringify(data)).not.toContain('door code');
  });

  test('when a read-only key loads it, then it sees the same context as the read-write key', async () => {
    const readOnly = await subjectContext(alice.readOnlyKey, subject.id);
    const readWrite = await subjectContext(alice.readWriteKey, subject.id);
    expect(readOnly).toEqual(readWrite);
  });

  test('when an API key sends include_sensitive=true, then the sensitive Memory appears but the secret one never does', async () => {
    const data = await subjectContext(alice.readOnlyKey, subject.id, { include_sensitive: true });
    expect(data.memories.map((memory) => memory.id)).toEqual([pinned.id, sensitive.id, newer.id, older.id]);
    expect(data.memories[1]).toMatchObject({ sensitivity: 'sensitive', text: 'Permit number is 88-12' });
    expect(JSON.stringify(data)).not.toContain(secret.id);
    expect(data.omitted.memories).toBe(0);
  });

  test('when the session loads it, then secret Memories appear only with include_sensitive=true and Fact sources are complete', async () => {
    const plain = await subjectContext(alice.session, subject.id);
    expect(plain.memories.map((memory) => memory.id)).toEqual([pinned.id, newer.id, older.id]);
    expect(plain.subject.memory_count).toBe(5);
    expect(plain.facts[0]!.sources.map((source) => source.memory_id).sort()).toEqual([newer.id, secret.id].sort());

    const everything = await subjectContext(alice.session, subject.id, { include_sensitive: true });
    expect(everything.memories.map((memory) => memory.id)).toEqual([pinned.id, secret.id, sensitive.id, newer.id, older.id]);
    expect(everything.memories[1]).toMatchObject({ sensitivity: 'secret', text: 'Lab door code 9931' });
  });
});

describe('insights in a Subject context', () => {
  test('when a secret Memory mentions the Subject, then its insight is shown to the session but never to an API key', async () => {
    const alice = await t.account();
    const subject = await createSubject(t, alice.readWriteKey, { name: 'Wallaby' });
    const normalMention = await createMemory(t, alice.readWriteKey, { text: 'Saw a wallaby today' });
    const secretMention = await createMemory(t, alice.session, { text: 'The Wallaby safe code is 1234', sensitivity: 'secret' });

    const forKey = await subjectContext(alice.readWriteKey, subject.id, { include_sensitive: true });
    expect(forKey.pending_insights.map((insight) => insight.memory_ids)).toEqual([[normalMention.id]]);
    expect(forKey.omitted.insights).toBe(0);
    expect(JSON.stringify(forKey)).not.toContain(secretMention.id);

    const insights = await t.http.get(`/v1/subjects/${subject.id}/memory-insights`).set(bearer(alice.session));
    expect(insights.status).toBe(200);
    expect(insights.body.data.map((insight: { memory_ids: string[] }) => insight.memory_ids[0]).sort()).toEqual(
      [normalMention.id, secretMention.id].sort(),
    );
  });
});

describe('the Subject context budget', () => {
  let alice: TestAccount;
  let subject: Subject;
  let facts: Fact[];
  let orderedTexts: string[];
  const fullText = new Map<string, string>();

  beforeAll(async () => {
    alice = await t.account();
    const rw = alice.readWriteKey;
    subject = await createSubject(t, rw, { name: 'Budget subject', description: longText(300, 'About: ') });
    const memories = await createMemories(
      t,
      rw,
      Array.from({ length: 25 }, (_, i) => ({
        // Random words: no two texts look alike, so no possible_duplicate insight takes budget.
        text: longText(3000, `${'#'.repeat(i % 5)}${randomWord(6)} `),
        ...(i % 8 === 3 ? { pinned: true } : {}),
      })),
    );
    for (const memory of memories) fullText.set(memory.id, memory.text);
    for (let i = 0; i < memories.length; i += 5) {
      await Promise.all(memories.slice(i, i + 5).map((memory) => linkMemory(t, rw, subject.id, memory.id)));
    }
    facts = [
      await acceptedFact(t, rw, alice.session, subject.id, 'First reviewed statement', [memories[0]!.id]),
      await acceptedFact(t, rw, alice.session, subject.id, 'Second reviewed statement 🌏', [memories[1]!.id]),
    ];
    // Memories after linking: pinned first, then newest (linking does not change updated_at).
    const pinnedOnes = newestFirst(memories.filter((memory) => memory.pinned));
    const others = newestFirst(memories.filter((memory) => !memory.pinned));
    orderedTexts = [...pinnedOnes, ...others].map((memory) => memory.text);
  });

  function expected(maxChars: number) {
    let left = maxChars - codePoints(subject.name) - codePoints(subject.description);
    const statements: string[] = [];
    for (const fact of [...facts].reverse()) {
      if (codePoints(fact.statement) > left) break;
      statements.push(fact.statement);
      left -= codePoints(fact.statement);
    }
    const fill = expectedFill(orderedTexts, left);
    return { statements, texts: fill.texts, used: maxChars - fill.left };
  }

  test.each([500, 777, 6000, 20000])(
    'when 25 linked Memories of 3,000 code points compete for max_chars %i, then it is filled in order, exactly counted and never exceeded',
    async (maxChars) => {
      const data = await subjectContext(alice.readWriteKey, subject.id, { max_chars: maxChars });
      const want = expected(maxChars);
      expect(data.facts.map((fact) => fact.statement)).toEqual(want.statements);
      expect(data.memories.map((memory) => memory.text)).toEqual(want.texts);
      expect(data.budget.used_chars).toBe(want.used);
      expect(data.pending_insights).toEqual([]);
      expect(data.omitted).toEqual({ facts: 2 - want.statements.length, memories: 25 - want.texts.length, insights: 0 });
      for (const memory of data.memories) expectShortenedFrom(memory, fullText.get(memory.id));
      expect(data.memories.filter((memory) => memory.pinned)).toEqual(data.memories.slice(0, data.memories.filter((m) => m.pinned).length));
      if (data.omitted.memories > 0) expect(maxChars - data.budget.used_chars).toBeLessThan(100);
    },
  );

  test('when max_chars is left out, then the budget is 6,000', async () => {
    const data = await subjectContext(alice.readOnlyKey, subject.id);
    expect(data.budget).toEqual({ max_chars: 6000, used_chars: expected(6000).used });
  });
});

describe('a long description in a small budget', () => {
  test('when the description does not fit max_chars, then it is shortened to what is left and says so; otherwise it is whole', async () => {
    const alice = await t.account();
    const description = longText(2000, 'About: ');
    const subject = await createSubject(t, alice.readWriteKey, { name: 'Wordy', description });
    const small = await subjectContext(alice.readWriteKey, subject.id, { max_chars: 500 });
    expect(small.subject_description_truncated).toBe(true);
    expect(description.startsWith(small.subject.description.replace(/…$/u, ''))).toBe(true);
    expect(small.budget.used_chars).toBe(500);
    const large = await subjectContext(alice.readWriteKey, subject.id, { max_chars: 6000 });
    expect(large.subject_description_truncated).toBe(false);
    expect(large.subject.description).toBe(description);
  });
});

describe('Facts in a small budget', () => {
  test('when 12 short Facts fit in max_chars 500, then all of them are listed and none is omitted', async () => {
    const alice = await t.account();
    const subject = await createSubject(t, alice.readWriteKey, { name: 'Tiny' });
    const source = await createMemory(t, alice.readWriteKey, { text: 'Source of every fact' });
    await linkMemory(t, alice.readWriteKey, subject.id, source.id);
    const statements = Array.from({ length: 12 }, (_, i) => `Fact ${i + 1}`);
    for (const statement of statements) await acceptedFact(t, alice.readWriteKey, alice.session, subject.id, statement, [source.id]);

    const data = await subjectContext(alice.readWriteKey, subject.id, { max_chars: 500 });
    expect(data.facts.map((fact) => fact.statement)).toEqual([...statements].reverse());
    expect(data.omitted).toEqual({ facts: 0, memories: 0, insights: 0 });
    expect(data.memories.map((memory) => memory.id)).toEqual([source.id]);
  });
});

describe('Subject context validation and ownership', () => {
  test.each(['499', '20001', '0', 'many'])('when max_chars is %s, then it is 400 invalid_request', async (maxChars) => {
    const alice = await t.account();
    const subject = await createSubject(t, alice.readWriteKey, { name: 'Limits' });
    const res = await t.http.get(`/v1/subjects/${subject.id}/context`).query({ max_chars: maxChars }).set(bearer(alice.readWriteKey));
    expectError(res, 400, 'invalid_request');
  });

  test('when max_chars is 500 or 20,000, then it is accepted', async () => {
    const alice = await t.account();
    const subject = await createSubject(t, alice.readWriteKey, { name: 'Limits' });
    expect((await subjectContext(alice.readWriteKey, subject.id, { max_chars: 500 })).budget.max_chars).toBe(500);
    expect((await subjectContext(alice.readWriteKey, subject.id, { max_chars: 20000 })).budget.max_chars).toBe(20000);
  });

  test('when the Subject ID is well-formed but unknown, then it is 404 subject_not_found', async () => {
    const alice = await t.account();
    const res = await t.http.get(`/v1/subjects/${UNKNOWN_SUBJECT}/context`).set(bearer(alice.readWriteKey));
    expectError(res, 404, 'subject_not_found');
  });

  test('when the Subject ID is malformed, then it is 400 invalid_request', async () => {
    const alice = await t.account();
    const res = await t.http.get('/v1/subjects/not-a-subject/context').set(bearer(alice.readWriteKey));
    expectError(res, 400, 'invalid_request');
  });

  test("when the Subject belongs to another account, then it is 404 subject_not_found for keys and the session", async () => {
    const alice = await t.account();
    const bob = await t.account();
    const bobs = await createSubject(t, bob.readWriteKey, { name: 'Private to Bob' });
    for (const token of [alice.readWriteKey, alice.readOnlyKey, alice.session]) {
      const res = await t.http.get(`/v1/subjects/${bobs.id}/context`).set(bearer(token));
      expectError(res, 404, 'subject_not_found');
    }
  });

  test('when no token is sent, then it is 401 unauthorized', async () => {
    expectError(await t.http.get(`/v1/subjects/${UNKNOWN_SUBJECT}/context`), 401, 'unauthorized');
  });
});
