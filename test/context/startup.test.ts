import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { expectError, TIMESTAMP_PATTERN } from '../support/assertions';
import type { DataOf } from '../support/client';
import { createMemory, createSubject, linkMemory } from '../support/factories';
import {
  acceptedFact,
  codePoints,
  createMemories,
  expectContextTexts,
  expectedFill,
  expectShortenedFrom,
  firstCodePoints,
  hasLoneSurrogate,
  longText,
  newestFirst,
  type ContextMemory,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type StartupData = DataOf<'getStartupContext'>;

async function startup(token: string, query: Record<string, string | number | boolean> = {}): Promise<StartupData> {
  const res = await t.http.get('/v1/context/startup').query(query).set(bearer(token));
  if (res.status !== 200) throw new Error(`startup: ${res.status} ${JSON.stringify(res.body)}`);
  expect(res.body.ok).toBe(true);
  return res.body.data;
}

const memoriesOf = (data: StartupData): ContextMemory[] => [...data.pinned, ...data.instructions, ...data.recent];
const idsOf = (data: StartupData): string[] => memoriesOf(data).map((memory) => memory.id);

/** used_chars is exactly the code points of everything returned, and never more than max_chars. */
function expectBudgetAccountedFor(data: StartupData, maxChars: number): void {
  const returned =
    codePoints(data.profile.guidance) +
    memoriesOf(data).reduce((sum, memory) => sum + codePoints(memory.text), 0) +
    data.subjects.reduce((sum, subject) => sum + codePoints(subject.name), 0);
  expect(data.budget).toEqual({ max_chars: maxChars, used_chars: returned });
  expect(returned).toBeLessThanOrEqual(maxChars);
  expect(hasLoneSurrogate(data.profile.guidance)).toBe(false);
  expectContextTexts(memoriesOf(data));
}

/** Sorted newest first: later updated_at, then the larger ID. */
function expectNewestFirst(memories: ContextMemory[]): void {
  expect(memories.map((m) => m.id)).toEqual(newestFirst(memories).map((m) => m.id));
}

async function setGuidance(account: TestAccount, guidance: string): Promise<void> {
  const res = await t.http.put('/v1/context/workspace-profile').set(bearer(account.session)).send({ guidance });
  expect(res.status).toBe(200);
}

describe('the sections of startup context', () => {
  test('when an account has guidance, pinned Memories, instructions, other Memories and Subjects, then each lands in its section in order', async () => {
    const alice = await t.account();
    const rw = alice.readWriteKey;
    await setGuidance(alice, 'Be brief.');
    const [pinnedNote, pinnedInstruction, instruction, preference, note, decision, event, reference] = await createMemories(t, rw, [
      { text: 'Pinned: the launch is on 3 March', pinned: true, tags: ['launch'] },
      { text: 'Pinned instruction: always answer in French', type: 'instruction', pinned: true },
      { text: 'Use metric units', type: 'instruction' },
      { text: 'Prefers dark roast coffee', type: 'preference' },
      { text: 'Met the landlord on Tuesday', type: 'note' },
      { text: 'We chose PostgreSQL over MySQL', type: 'decision' },
      { text: 'The office moved to Lyon', type: 'event' },
      { text: 'Style guide: https://example.com/style', type: 'reference' },
    ]);
    const big = await createSubject(t, rw, { name: 'Launch project', kind: 'project' });
    const small = await createSubject(t, rw, { name: 'Landlord', kind: 'person' });
    const none = await createSubject(t, rw, { name: 'Astronomy', kind: 'topic' });
    for (const memory of [note!, decision!, event!]) await linkMemory(t, rw, big.id, memory.id);
    await linkMemory(t, rw, small.id, reference!.id);
    await acceptedFact(t, rw, alice.session, big.id, 'The project uses PostgreSQL', [decision!.id]);

    const data = await startup(rw);

    expect(Object.keys(data)).toEqual(['profile', 'pinned', 'instructions', 'recent', 'subjects', 'budget', 'omitted', 'checkpoint']);
    expect(data.profile).toEqual({ guidance: 'Be brief.', truncated: false });

    expect(data.pinned.map((m) => m.id).sort()).toEqual([pinnedNote!.id, pinnedInstruction!.id].sort());
    expect(data.instructions.map((m) => m.id).sort()).toEqual([instruction!.id, preference!.id].sort());
    expect(data.recent.map((m) => m.id).sort()).toEqual([note!.id, decision!.id, event!.id, reference!.id].sort());
    for (const section of [data.pinned, data.instructions, data.recent]) expectNewestFirst(section);

    // A pinned instruction is shown once, among the pinned Memories.
    const ids = idsOf(data);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(8);

    expect(data.pinned.find((m) => m.id === pinnedNote!.id)).toEqual({
      id: pinnedNote!.id,
      type: 'note',
      sensitivity: 'normal',
      pinned: true,
      tags: ['launch'],
      text: 'Pinned: the launch is on 3 March',
      text_truncated: false,
      updated_at: expect.stringMatching(TIMESTAMP_PATTERN),
    });

    expect(data.subjects).toEqual([
      { id: big.id, name: 'Launch project', kind: 'project', memory_count: 3, fact_count: 1 },
      { id: small.id, name: 'Landlord', kind: 'person', memory_count: 1, fact_count: 0 },
      { id: none.id, name: 'Astronomy', kind: 'topic', memory_count: 0, fact_count: 0 },
    ]);
    expect(data.omitted).toEqual({ pinned: 0, instructions: 0, recent: 0, subjects: 0 });
    expect(typeof data.checkpoint).toBe('string');
    expect(data.checkpoint.length).toBeGreaterThan(0);
    expectBudgetAccountedFor(data, 8000);
  });

  test('when an account has nothing at all, then every section is empty and nothing is used', async () => {
    const alice = await t.account();
    const data = await startup(alice.readOnlyKey);
    expect(data).toEqual({
      profile: { guidance: '', truncated: false },
      pinned: [],
      instructions: [],
      recent: [],
      subjects: [],
      budget: { max_chars: 8000, used_chars: 0 },
      omitted: { pinned: 0, instructions: 0, recent: 0, subjects: 0 },
      checkpoint: expect.any(String),
    });
  });

  test('when Subjects have the same number of links, then the more-linked ones still come first and ties go by name', async () => {
    const alice = await t.account();
    const rw = alice.readWriteKey;
    const memories = await createMemories(t, rw, [{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
    const zebra = await createSubject(t, rw, { name: 'Zebra' });
    const apple = await createSubject(t, rw, { name: 'apple' });
    const mango = await createSubject(t, rw, { name: 'Mango' });
    for (const memory of memories) await linkMemory(t, rw, mango.id, memory.id);
    await linkMemory(t, rw, zebra.id, memories[0]!.id);
    await linkMemory(t, rw, apple.id, memories[1]!.id);

    const data = await startup(rw);
    expect(data.subjects.map((s) => [s.name, s.memory_count])).toEqual([
      ['Mango', 3],
      ['apple', 1],
      ['Zebra', 1],
    ]);
  });
});

describe('the profile share of the startup budget', () => {
  test('when the guidance is longer than a quarter of max_chars, then it is cut to exactly a quarter and marked truncated', async () => {
    const alice = await t.account();
    const guidance = longText(5000, 'Guidance: ');
    await setGuidance(alice, guidance);

    const data = await startup(alice.readWriteKey, { max_chars: 4000 });
    expect(codePoints(data.profile.guidance)).toBe(1000);
    expect(data.profile).toEqual({ guidance: firstCodePoints(guidance, 1000), truncated: true });
    expect(hasLoneSurrogate(data.profile.guidance)).toBe(false);
    expect(data.budget).toEqual({ max_chars: 4000, used_chars: 1000 });

    for (const [maxChars, expected] of [
      [1000, 250],
      [8000, 2000],
      [4003, 1000],
    ] as const) {
      const cut = await startup(alice.readWriteKey, { max_chars: maxChars });
      expect(cut.profile).toEqual({ guidance: firstCodePoints(guidance, expected), truncated: true });
      expectBudgetAccountedFor(cut, maxChars);
    }

    // With room for it, the whole guidance comes back.
    const whole = await startup(alice.readWriteKey, { max_chars: 20000 });
    expect(whole.profile).toEqual({ guidance, truncated: false });
    expect(whole.budget.used_chars).toBe(5000);
  });

  test('when the guidance is all emoji, then the quarter is counted in code points and no pair is split', async () => {
    const alice = await t.account();
    await setGuidance(alice, '🧭'.repeat(3000));
    const data = await startup(alice.session, { max_chars: 1000 });
    expect(data.profile).toEqual({ guidance: '🧭'.repeat(250), truncated: true });
    expect(data.budget.used_chars).toBe(250);
  });
});

describe('the startup budget', () => {
  let alice: TestAccount;
  let guidance: string;
  let pinned: string[];
  let instructions: string[];
  let recent: string[];
  let subjectNames: string[];
  const fullText = new Map<string, string>();

  beforeAll(async () => {
    alice = await t.account();
    guidance = longText(3000, 'Profile ');
    await setGuidance(alice, guidance);
    const bodies = Array.from({ length: 30 }, (_, i) => ({
      // Every text starts with a different number of ASCII characters, so cuts fall at odd and even UTF-16 offsets.
      text: longText(3000, `${'#'.repeat(i % 7)}Memory ${i} `),
      ...(i < 10 ? { pinned: true, type: i % 2 === 0 ? ('note' as const) : ('instruction' as const) } : {}),
      ...(i >= 10 && i < 20 ? { type: i % 2 === 0 ? ('instruction' as const) : ('preference' as const) } : {}),
      ...(i >= 20 ? { type: (['note', 'decision', 'event', 'reference'] as const)[i % 4] } : {}),
    }));
    const created = await createMemories(t, alice.readWriteKey, bodies);
    for (const memory of created) fullText.set(memory.id, memory.text);
    const order = (memories: typeof created) => newestFirst(memories).map((memory) => memory.text);
    pinned = order(created.slice(0, 10));
    instructions = order(created.slice(10, 20));
    recent = order(created.slice(20));
    const subjects = [
      await createSubject(t, alice.readWriteKey, { name: 'Most linked subject' }),
      await createSubject(t, alice.readWriteKey, { name: 'Second subject' }),
      await createSubject(t, alice.readWriteKey, { name: 'Unlinked subject' }),
    ];
    await linkMemory(t, alice.readWriteKey, subjects[0]!.id, created[0]!.id);
    await linkMemory(t, alice.readWriteKey, subjects[0]!.id, created[1]!.id);
    await linkMemory(t, alice.readWriteKey, subjects[1]!.id, created[2]!.id);
    subjectNames = subjects.map((s) => s.name);
  });

  /** What the contract says a budget of `maxChars` returns, computed independently. */
  function expected(maxChars: number) {
    const profile = firstCodePoints(guidance, Math.floor(maxChars / 4));
    let left = maxChars - codePoints(profile);
    const p = expectedFill(pinned, left);
    const i = expectedFill(instructions, p.left);
    const r = expectedFill(recent, i.left);
    left = r.left;
    const names: string[] = [];
    for (const name of subjectNames) {
      if (codePoints(name) > left) break;
      names.push(name);
      left -= codePoints(name);
    }
    return {
      profile: { guidance: profile, truncated: profile !== guidance },
      pinned: p.texts,
      instructions: i.texts,
      recent: r.texts,
      subjects: names,
      used: maxChars - left,
      omitted: { pinned: 10 - p.texts.length, instructions: 10 - i.texts.length, recent: 10 - r.texts.length, subjects: 3 - names.length },
    };
  }

  test.each([1000, 1001, 4321, 8000, 32000])(
    'when 30 Memories of 3,000 code points compete for max_chars %i, then the budget is filled in order and never exceeded',
    async (maxChars) => {
      const data = await startup(alice.readWriteKey, { max_chars: maxChars });
      const want = expected(maxChars);

      expectBudgetAccountedFor(data, maxChars);
      expect(data.budget.used_chars).toBe(want.used);
      expect(data.profile).toEqual(want.profile);
      expect(data.pinned.map((m) => m.text)).toEqual(want.pinned);
      expect(data.instructions.map((m) => m.text)).toEqual(want.instructions);
      expect(data.recent.map((m) => m.text)).toEqual(want.recent);
      expect(data.subjects.map((s) => s.name)).toEqual(want.subjects);
      expect(data.omitted).toEqual(want.omitted);
      for (const memory of memoriesOf(data)) expectShortenedFrom(memory, fullText.get(memory.id));
      // Anything left out means fewer than 100 characters were left when it came up.
      if (data.omitted.pinned + data.omitted.instructions + data.omitted.recent > 0) {
        expect(maxChars - data.budget.used_chars).toBeLessThan(100);
      }
    },
  );

  test('when max_chars is left out, then the budget is 8,000', async () => {
    const data = await startup(alice.readOnlyKey);
    expect(data.budget.max_chars).toBe(8000);
    expect(data.budget.used_chars).toBe(expected(8000).used);
  });
});

describe('shortening and leaving out Memories', () => {
  test('when exactly 100 characters are left, then the next Memory is shortened to them and nothing is omitted', async () => {
    const alice = await t.account();
    // Created oldest first; startup shows the newest first: 450 + 450, then 100 of the last 500.
    const oldest = await createMemory(t, alice.readWriteKey, { text: longText(500, 'oldest ') });
    await createMemory(t, alice.readWriteKey, { text: 'b'.repeat(450) });
    await createMemory(t, alice.readWriteKey, { text: 'c'.repeat(450) });

    const data = await startup(alice.readWriteKey, { max_chars: 1000 });
    expect(data.recent.map((m) => codePoints(m.text))).toEqual([450, 450, 100]);
    expect(data.recent[2]).toMatchObject({ id: oldest.id, text: firstCodePoints(oldest.text, 100), text_truncated: true });
    expect(data.omitted.recent).toBe(0);
    expect(data.budget.used_chars).toBe(1000);
  });

  test('when fewer than 100 characters are left, then the next Memory is left out and counted, while a short Subject name still fits', async () => {
    const alice = await t.account();
    const oldest = await createMemory(t, alice.readWriteKey, { text: 'a'.repeat(500) });
    await createMemory(t, alice.readWriteKey, { text: 'b'.repeat(460) });
    await createMemory(t, alice.readWriteKey, { text: 'c'.repeat(460) });
    await createSubject(t, alice.readWriteKey, { name: 'Ops' });

    const data = await startup(alice.readWriteKey, { max_chars: 1000 });
    expect(data.recent.map((m) => codePoints(m.text))).toEqual([460, 460]);
    expect(idsOf(data)).not.toContain(oldest.id);
    expect(data.omitted).toEqual({ pinned: 0, instructions: 0, recent: 1, subjects: 0 });
    expect(data.subjects.map((s) => s.name)).toEqual(['Ops']);
    expect(data.budget).toEqual({ max_chars: 1000, used_chars: 923 });
  });

  test('when many Memories are pinned, then the later sections are left out entirely and counted exactly', async () => {
    const alice = await t.account();
    await createMemories(t, alice.readWriteKey, [
      ...Array.from({ length: 12 }, () => ({ text: 'p'.repeat(2500), pinned: true })),
      ...Array.from({ length: 4 }, () => ({ text: 'i'.repeat(120), type: 'preference' })),
      ...Array.from({ length: 5 }, () => ({ text: 'r'.repeat(120) })),
    ]);
    const data = await startup(alice.readWriteKey, { max_chars: 5000 });
    expect(data.pinned.map((m) => codePoints(m.text))).toEqual([2000, 2000, 1000]);
    expect(data.instructions).toEqual([]);
    expect(data.recent).toEqual([]);
    expect(data.omitted).toEqual({ pinned: 9, instructions: 4, recent: 5, subjects: 0 });
    expect(data.budget.used_chars).toBe(5000);
  });
});

describe('Subjects in a small budget', () => {
  test('when 30 Subjects with short names fit in max_chars 1000, then all of them are listed and none is omitted', async () => {
    const alice = await t.account();
    const names = Array.from({ length: 30 }, (_, i) => `S${String(i).padStart(2, '0')}`);
    for (let i = 0; i < names.length; i += 10) {
      await Promise.all(names.slice(i, i + 10).map((name) => createSubject(t, alice.readWriteKey, { name })));
    }
    const data = await startup(alice.readWriteKey, { max_chars: 1000 });
    expect(data.subjects.map((s) => s.name)).toEqual(names);
    expect(data.omitted.subjects).toBe(0);
    expect(data.budget.used_chars).toBe(90);
  });
});

describe('max_chars validation', () => {
  test.each(['999', '32001', '0', '-5', '1000.5', 'lots'])(
    'when max_chars is %s, then it is 400 invalid_request',
    async (maxChars) => {
      const alice = await t.account();
      const res = await t.http.get('/v1/context/startup').query({ max_chars: maxChars }).set(bearer(alice.readWriteKey));
      expectError(res, 400, 'invalid_request');
    },
  );

  test('when max_chars is at either end of its range, then it is accepted', async () => {
    const alice = await t.account();
    expect((await startup(alice.readWriteKey, { max_chars: 1000 })).budget.max_chars).toBe(1000);
    expect((await startup(alice.readWriteKey, { max_chars: 32000 })).budget.max_chars).toBe(32000);
  });

  test('when no token is sent, then it is 401 unauthorized', async () => {
    expectError(await t.http.get('/v1/context/startup'), 401, 'unauthorized');
  });
});

describe('sensitive and secret Memories in startup context', () => {
  let alice: TestAccount;
  let normal: string;
  let sensitive: string;
  let secret: string;
  let pinnedSensitive: string;
  let pinnedSecret: string;

  beforeAll(async () => {
    alice = await t.account();
    const created = await createMemories(t, alice.session, [
      { text: 'Normal: likes hiking' },
      { text: 'Sensitive: blood type O-', sensitivity: 'sensitive' },
      { text: 'Secret: the door code is 4711', sensitivity: 'secret' },
      { text: 'Pinned sensitive: salary review in May', sensitivity: 'sensitive', pinned: true },
      { text: 'Pinned secret: safe combination', sensitivity: 'secret', pinned: true, type: 'instruction' },
    ]);
    [normal, sensitive, secret, pinnedSensitive, pinnedSecret] = created.map((m) => m.id) as [string, string, string, string, string];
  });

  test('when include_sensitive is not set, then only normal Memories appear, for keys and for the session alike', async () => {
    for (const token of [alice.readWriteKey, alice.readOnlyKey, alice.session]) {
      const data = await startup(token);
      expect(idsOf(data)).toEqual([normal]);
      expect(data.omitted).toEqual({ pinned: 0, instructions: 0, recent: 0, subjects: 0 });
    }
  });

  test('when include_sensitive=false is sent, then sensitive Memories are still left out', async () => {
    const data = await startup(alice.readWriteKey, { include_sensitive: 'false' });
    expect(idsOf(data)).toEqual([normal]);
  });

  test('when an API key sends include_sensitive=true, then sensitive Memories appear but secret ones never do', async () => {
    for (const token of [alice.readWriteKey, alice.readOnlyKey]) {
      const data = await startup(token, { include_sensitive: 'true' });
      expect(data.pinned.map((m) => m.id)).toEqual([pinnedSensitive]);
      expect(data.pinned[0]).toMatchObject({ sensitivity: 'sensitive', text: 'Pinned sensitive: salary review in May' });
      expect(data.recent.map((m) => m.id).sort()).toEqual([normal, sensitive].sort());
      expect(idsOf(data)).not.toContain(secret);
      expect(idsOf(data)).not.toContain(pinnedSecret);
      expect(JSON.stringify(data)).not.toContain('door code');
      expect(JSON.stringify(data)).not.toContain('safe combination');
      // Secret Memories are not counted as omitted either: for a key they do not exist.
      expect(data.omitted).toEqual({ pinned: 0, instructions: 0, recent: 0, subjects: 0 });
    }
  });

  test('when the session sends include_sensitive=true, then sensitive and secret Memories both appear', async () => {
    const data = await startup(alice.session, { include_sensitive: 'true' });
    expect(data.pinned.map((m) => m.id).sort()).toEqual([pinnedSensitive, pinnedSecret].sort());
    expect(data.recent.map((m) => m.id).sort()).toEqual([normal, sensitive, secret].sort());
    expect(data.pinned.find((m) => m.id === pinnedSecret)).toMatchObject({ sensitivity: 'secret', type: 'instruction' });
  });

  test('when a Subject is linked to a secret Memory, then an API key sees a memory_count without it', async () => {
    const subject = await createSubject(t, alice.session, { name: 'Home' });
    await linkMemory(t, alice.session, subject.id, normal);
    await linkMemory(t, alice.session, subject.id, secret);
    const forKey = await startup(alice.readWriteKey, { include_sensitive: 'true' });
    expect(forKey.subjects).toEqual([{ id: subject.id, name: 'Home', kind: 'other', memory_count: 1, fact_count: 0 }]);
    const forSession = await startup(alice.session);
    expect(forSession.subjects).toEqual([{ id: subject.id, name: 'Home', kind: 'other', memory_count: 2, fact_count: 0 }]);
  });
});

describe('startup context across accounts', () => {
  test("when another account has Memories, Subjects and guidance, then none of them appear in this account's startup context", async () => {
    const alice = await t.account();
    const bob = await t.account();
    await setGuidance(bob, 'Bob guidance');
    const bobs = await createMemories(t, bob.readWriteKey, [
      { text: 'Bob pinned', pinned: true },
      { text: 'Bob instruction', type: 'instruction' },
      { text: 'Bob note', sensitivity: 'sensitive' },
    ]);
    await createSubject(t, bob.readWriteKey, { name: 'Bob subject' });
    const alices = await createMemory(t, alice.readWriteKey, { text: 'Alice note' });

    const data = await startup(alice.readWriteKey, { include_sensitive: 'true' });
    expect(idsOf(data)).toEqual([alices.id]);
    expect(data.profile.guidance).toBe('');
    expect(data.subjects).toEqual([]);
    expect(data.omitted).toEqual({ pinned: 0, instructions: 0, recent: 0, subjects: 0 });
    for (const memory of bobs) expect(JSON.stringify(data)).not.toContain(memory.id);

    const sessionView = await startup(alice.session, { include_sensitive: 'true' });
    expect(idsOf(sessionView)).toEqual([alices.id]);
  });
});
