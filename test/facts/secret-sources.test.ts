import { startTestApp, uniqueName, type TestAccount, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import { clientOf, type CallInput, type DataOf } from '../support/client';
import { createMemory, createSubject, linkMemory, updateMemory } from '../support/factories';
import { UNKNOWN_FACT } from '../support/ids';
import { end, exportLines, fileId, header, importText, memoryLine, ofType, subjectLine, toText, type Line } from '../portability/helpers';

/*
 * A Fact or suggestion none of whose sources an API key can see does not exist for the key:
 * its statement was drawn from secret text. Every way one could reach a key is checked here
 * beside what the session sees; one with some secret sources stays, naming only the others.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());


const ids = (items: ReadonlyArray<{ id: string }>) => items.map((item) => item.id).sort();
const sourceIds = (item: { sources: ReadonlyArray<{ memory_id: string }> }) => item.sources.map((source) => source.memory_id).sort();

/**
 * An account whose Subject has, besides a normal Memory `normal` and two secret ones:
 * - `oldFact`, from `normal`, superseded by `hiddenNew`, from a secret Memory;
 * - `hiddenFact`, current, from both secret Memories; `mixedFact`, current, from `normal` and a secret one;
 * - pending suggestions: `hiddenPending` from a secret Memory, `mixedPending` from `normal` and a
 *   secret one, and `supersedesHidden`, from `normal`, superseding `hiddenNew`.
 */
async function world() {
  const a = await t.account();
  const session = clientOf(t, a.session);
  const subject = await createSubject(t, a.session, { name: uniqueName('Ada') });
  const normal = await createMemory(t, a.readWriteKey, { text: 'Ada talks about maps and tea.' });
  const secret = await createMemory(t, a.session, { text: 'Ada is moving to Paris.', sensitivity: 'secret' });
  const secret2 = await createMemory(t, a.session, { text: 'Ada keeps a diary.', sensitivity: 'secret' });
  for (const memory of [normal, secret, secret2]) await linkMemory(t, a.session, subject.id, memory.id);

  const suggest = (statement: string, sources: string[], supersedes?: string) =>
    session.ok(
      'createFactSuggestion',
      { path: { subject_id: subject.id }, body: { statement, source_memory_ids: sources, ...(supersedes ? { supersedes } : {}) } },
      201,
    );
  const accept = async (statement: string, sources: string[], supersedes?: string) => {
    const suggestion = await suggest(statement, sources, supersedes);
    const { fact } = await session.ok('acceptFactSuggestion', { path: { suggestion_id: suggestion.id } });
    if (!fact) throw new Error(`accepting ${statement} made no Fact`);
    return { fact, suggestion };
  };
  const old = await accept('Ada lives in London', [normal.id]);
  const hiddenNew = await accept('Ada lives in Paris', [secret.id], old.fact.id);
  const hidden = await accept('Ada has a secret', [secret.id, secret2.id]);
  const mixed = await accept('Ada reads maps', [normal.id, secret2.id]);
  const hiddenPending = await suggest('Ada plans to move', [secret.id]);
  const mixedPending = await suggest('Ada likes tea', [normal.id, secret.id]);
  const supersedesHidden = await suggest('Ada lives in Rome', [normal.id], hiddenNew.fact.id);
  const oldFact = { ...old.fact, valid_until: hiddenNew.fact.valid_from, superseded_by: hiddenNew.fact.id };
  return {
    a,
    subject,
    normal,
    secret,
    secret2,
    oldFact,
    hiddenNew: hiddenNew.fact,
    hiddenFact: hidden.fact,
    mixedFact: mixed.fact,
    hiddenPending,
    mixedPending,
    supersedesHidden,
    /** The suggestions that became Facts, by their Fact. */
    acceptedSuggestions: { old: old.suggestion, hiddenNew: hiddenNew.suggestion, hidden: hidden.suggestion, mixed: mixed.suggestion },
    /** What only secret text gave: no part of a key's answer may hold one of these. */
    hiddenMarks: [hiddenNew.fact.id, hidden.fact.id, hiddenPending.id, 'Ada lives in Paris', 'Ada has a secret', 'Ada plans to move'],
  };
}

type World = Awaited<ReturnType<typeof world>>;

const expectNoneOf = (marks: readonly string[], answer: unknown) => {
  const text = JSON.stringify(answer);
  for (const mark of marks) expect(text).not.toContain(mark);
};

const listFacts = (token: string, subjectId: string, query: CallInput<'listSubjectFacts'>['query'] = {}) =>
  clientOf(t, token).ok('listSubjectFacts', { path: { subject_id: subjectId }, query: { limit: 100, ...query } });
const listSuggestions = (token: string, subjectId: string, query: CallInput<'listFactSuggestions'>['query'] = {}) =>
  clientOf(t, token).ok('listFactSuggestions', { path: { subject_id: subjectId }, query: { limit: 100, ...query } });

describe('what API keys read', () => {
  let w: World;
  let keys: string[];
  beforeAll(async () => {
    w = await world();
    keys = [w.a.readWriteKey, w.a.readOnlyKey];
  });

  test('when a key lists the current Facts, then only those with a source it can see are there, naming only those sources; the session sees all', async () => {
    for (const key of keys) {
      const facts = await listFacts(key, w.subject.id);
      expect(facts).toEqual([{ ...w.mixedFact, sources: [{ memory_id: w.normal.id }] }]);
    }
    expect(ids(await listFacts(w.a.session, w.subject.id))).toEqual(ids([w.hiddenNew, w.hiddenFact, w.mixedFact]));
  });

  test('when a key lists with include_superseded or as_of, then Facts from secret sources are missing, and a successor it cannot see reads as null', async () => {
    const all = await listFacts(w.a.readOnlyKey, w.subject.id, { include_superseded: true });
    expect(ids(all)).toEqual(ids([w.oldFact, w.mixedFact]));
    // The Fact ended when the hidden one was accepted; what superseded it is not the key's to know.
    expect(all.find((fact) => fact.id === w.oldFact.id)).toEqual({ ...w.oldFact, superseded_by: null });
    expectNoneOf(w.hiddenMarks, all);
    const bySession = await listFacts(w.a.session, w.subject.id, { include_superseded: true });
    expect(bySession.find((fact) => fact.id === w.oldFact.id)).toEqual(w.oldFact);
    expect(bySession).toHaveLength(4);

    // At the instant Paris was accepted, only that (hidden) Fact was valid.
    const atParis = { as_of: w.hiddenNew.valid_from };
    expect(await listFacts(w.a.readOnlyKey, w.subject.id, atParis)).toEqual([]);
    expect(ids(await listFacts(w.a.session, w.subject.id, atParis))).toEqual([w.hiddenNew.id]);
    const atLast = { as_of: w.mixedFact.valid_from };
    expect(ids(await listFacts(w.a.readOnlyKey, w.subject.id, atLast))).toEqual([w.mixedFact.id]);
    expect(ids(await listFacts(w.a.session, w.subject.id, atLast))).toEqual(ids([w.hiddenNew, w.hiddenFact, w.mixedFact]));
  });

  test('when a key lists the suggestions, then those from secret sources alone are missing, and a Fact it cannot see is named by none', async () => {
    const { old, mixed } = w.acceptedSuggestions;
    for (const key of keys) {
      const suggestions = await listSuggestions(key, w.subject.id);
      expect(ids(suggestions)).toEqual(ids([old, mixed, w.mixedPending, w.supersedesHidden]));
      expect(sourceIds(suggestions.find((s) => s.id === w.mixedPending.id)!)).toEqual([w.normal.id]);
      expect(suggestions.find((s) => s.id === w.supersedesHidden.id)).toMatchObject({ supersedes: null, status: 'pending' });
      expect(suggestions.find((s) => s.id === mixed.id)).toMatchObject({ fact_id: w.mixedFact.id, status: 'accepted' });
      expectNoneOf(w.hiddenMarks, suggestions);
      expect(ids(await listSuggestions(key, w.subject.id, { status: 'pending' }))).toEqual(ids([w.mixedPending, w.supersedesHidden]));
    }
    const bySession = await listSuggestions(w.a.session, w.subject.id);
    expect(bySession).toHaveLength(7);
    expect(bySession.find((s) => s.id === w.supersedesHidden.id)).toMatchObject({ supersedes: w.hiddenNew.id });
  });

  test('when a key loads the Subject context, then its Facts are those the key can see, and none from secret sources is counted as omitted', async () => {
    const context = await clientOf(t, w.a.readOnlyKey).ok('getSubjectContext', { path: { subject_id: w.subject.id }, query: { include_sensitive: true } });
    expect(context.facts).toEqual([{ ...w.mixedFact, sources: [{ memory_id: w.normal.id }] }]);
    expect(context.omitted.facts).toBe(0);
    expectNoneOf(w.hiddenMarks, context);
    const bySession = await clientOf(t, w.a.session).ok('getSubjectContext', { path: { subject_id: w.subject.id } });
    expect(ids(bySession.facts)).toEqual(ids([w.hiddenNew, w.hiddenFact, w.mixedFact]));
  });

  test('when a key loads the Context Map of a Memory, then Facts from secret sources are neither nodes nor ends of edges', async () => {
    for (const query of [{}, { include_sensitive: true }]) {
      const map = await clientOf(t, w.a.readOnlyKey).ok('getContextMap', { path: { id: w.normal.id }, query });
      expect(map.nodes.filter((node) => node.kind === 'fact').map((node) => node.id)).toEqual([w.mixedFact.id]);
      expect(map.edges).toEqual(
        expect.arrayContaining([
          { from: w.mixedFact.id, to: w.subject.id, kind: 'fact_of' },
          { from: w.mixedFact.id, to: w.normal.id, kind: 'sourced_from' },
        ]),
      );
      expect(map.omitted_nodes).toBe(0);
      expectNoneOf(w.hiddenMarks, map);
    }
    const bySession = await clientOf(t, w.a.session).ok('getContextMap', { path: { id: w.normal.id } });
    expect(bySession.nodes.filter((node) => node.kind === 'fact').map((node) => node.id).sort()).toEqual(ids([w.hiddenNew, w.hiddenFact, w.mixedFact]));
  });

  test("when a key loads the startup context, then the Subject's Fact count is of the Facts it can see", async () => {
    const subjectOf = (context: DataOf<'getStartupContext'>) => context.subjects.find((subject) => subject.id === w.subject.id);
    expect(subjectOf(await clientOf(t, w.a.readOnlyKey).ok('getStartupContext', {}))).toMatchObject({ fact_count: 1 });
    expect(subjectOf(await clientOf(t, w.a.session).ok('getStartupContext', {}))).toMatchObject({ fact_count: 3 });
  });

  test("when a key prepares the Subject's deletion, then the impact counts only the Facts and suggestions it can see", async () => {
    const impact = async (token: string) => (await clientOf(t, token).ok('prepareSubjectDeletion', { path: { subject_id: w.subject.id } })).impact;
    expect(await impact(w.a.readWriteKey)).toMatchObject({ linked_memories: 1, facts: 2, fact_suggestions: 4 });
    expect(await impact(w.a.session)).toMatchObject({ linked_memories: 3, facts: 4, fact_suggestions: 7 });
  });

  test("when a key exports, then Facts and suggestions from secret sources are not in the file, references to them are null, and the file imports", async () => {
    const lines = await exportLines(t, w.a.readOnlyKey);
    const facts = ofType(lines, 'fact');
    expect(facts.map((fact) => fact.id).sort()).toEqual(ids([w.oldFact, w.mixedFact]));
    expect(facts.find((fact) => fact.id === w.oldFact.id)).toMatchObject({ valid_until: w.oldFact.valid_until, superseded_by: null });
    expect(facts.find((fact) => fact.id === w.mixedFact.id)).toMatchObject({ sources: [{ memory_id: w.normal.id }] });
    const suggestions = ofType(lines, 'fact_suggestion');
    const { old, mixed } = w.acceptedSuggestions;
    expect(suggestions.map((suggestion) => suggestion.id).sort()).toEqual(ids([old, mixed, w.mixedPending, w.supersedesHidden]));
    expect(suggestions.find((suggestion) => suggestion.id === w.supersedesHidden.id)).toMatchObject({ supersedes: null });
    expect(lines[lines.length - 1]?.data.counts).toMatchObject({ facts: 2, fact_suggestions: 4 });
    expectNoneOf(w.hiddenMarks, lines);

    const bySession = await exportLines(t, w.a.session);
    expect(ofType(bySession, 'fact')).toHaveLength(4);
    expect(ofType(bySession, 'fact_suggestion')).toHaveLength(7);

    // The key's file is whole: another account takes it, and exports what it took.
    const other = await t.account();
    expect((await importText(t, other.session, toText(lines))).status).toBe(200);
    const again = await exportLines(t, other.session);
    expect(ofType(again, 'fact').map((fact) => [fact.statement, fact.valid_until, fact.superseded_by]).sort()).toEqual([
      ['Ada lives in London', w.oldFact.valid_until, null],
      ['Ada reads maps', null, null],
    ]);
  });

  test('when a key names a Fact from secret sources in supersedes, then it is refused as an unknown Fact is; a Fact it superseded names no successor', async () => {
    const refusal = async (supersedes: string) => {
      const res = await clientOf(t, w.a.readWriteKey).call('createFactSuggestion', {
        path: { subject_id: w.subject.id },
        body: { statement: 'Ada lives in Oslo', source_memory_ids: [w.normal.id], supersedes },
      });
      expectError(res, 400, 'invalid_request');
      return { message: res.body.error.message.replace(supersedes, 'ID'), details: res.body.error.details };
    };
    for (const hidden of [w.hiddenFact.id, w.hiddenNew.id]) expect(await refusal(hidden)).toEqual(await refusal(UNKNOWN_FACT));

    const superseded = await refusal(w.oldFact.id);
    expect(superseded.details).toEqual({ errors: [{ in: 'body', path: '/body/supersedes', message: 'is no longer current' }] });
    expectNoneOf(w.hiddenMarks, superseded);
    const bySession = await clientOf(t, w.a.session).call('createFactSuggestion', {
      path: { subject_id: w.subject.id },
      body: { statement: 'Ada lives in Oslo', source_memory_ids: [w.normal.id], supersedes: w.oldFact.id },
    });
    expectError(bySession, 400, 'invalid_request');
    expect(bySession.body.error.details.superseded_by).toBe(w.hiddenNew.id);
    expect(ids(await listSuggestions(w.a.session, w.subject.id))).toHaveLength(7);
  });
});

describe('suggesting what a key cannot see is there', () => {
  test('when a key suggests the statement of a Fact from secret sources, then it is a new pending suggestion, not fact_exists; the review then finds the Fact', async () => {
    const w = await world();
    const key = clientOf(t, w.a.readWriteKey);
    const body = { statement: '  ada HAS a secret ', source_memory_ids: [w.normal.id] };
    const res = await key.call('createFactSuggestion', { path: { subject_id: w.subject.id }, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ created: true, data: { status: 'pending', statement: 'ada HAS a secret', sources: [{ memory_id: w.normal.id }] } });
    // Sent again, it is the key's own pending suggestion.
    const again = await key.call('createFactSuggestion', { path: { subject_id: w.subject.id }, body });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, data: { id: res.body.data.id } });

    const session = clientOf(t, w.a.session);
    expectError(await session.call('createFactSuggestion', { path: { subject_id: w.subject.id }, body }), 400, 'fact_exists');
    const accepting = await session.call('acceptFactSuggestion', { path: { suggestion_id: res.body.data.id } });
    expectError(accepting, 400, 'fact_exists');
    expect(accepting.body.error.details).toEqual({ fact_id: w.hiddenFact.id });
  });

  test('when a key suggests the statement of a pending suggestion from secret sources, then it gets a suggestion of its own, created', async () => {
    const w = await world();
    const body = { statement: 'Ada plans to move', source_memory_ids: [w.normal.id], note: 'from the key' };
    const res = await clientOf(t, w.a.readWriteKey).call('createFactSuggestion', { path: { subject_id: w.subject.id }, body });
    expect(res.status).toBe(201);
    expect(res.body.created).toBe(true);
    expect(res.body.data).toMatchObject({ statement: 'Ada plans to move', note: 'from the key', supersedes: null });
    expect(res.body.data.id).not.toBe(w.hiddenPending.id);
    expectNoneOf([w.hiddenPending.id], res.body);

    const pending = await listSuggestions(w.a.session, w.subject.id, { status: 'pending' });
    expect(pending.filter((s) => s.statement === 'Ada plans to move').map((s) => s.id).sort()).toEqual([w.hiddenPending.id, res.body.data.id].sort());
    // The session, which sees both, is answered with the first.
    const bySession = await clientOf(t, w.a.session).call('createFactSuggestion', { path: { subject_id: w.subject.id }, body });
    expect(bySession.status).toBe(200);
    expect(bySession.body).toMatchObject({ created: false, data: { id: w.hiddenPending.id } });
  });

  test('when a key imports a Fact and a pending suggestion equal to ones from secret sources into the merged Subject, then both arrive as new pending suggestions, as without them', async () => {
    const w = await world();
    const file: Line[] = [
      header(),
      subjectLine(fileId('sub', 1), w.subject.name),
      memoryLine(fileId('mem', 1), 'Ada said so herself.'),
      {
        type: 'fact',
        data: {
          id: fileId('fct', 1),
          subject_id: fileId('sub', 1),
          statement: 'Ada has a secret',
          sources: [{ memory_id: fileId('mem', 1) }],
          accepted_at: '2026-11-01T09:00:00.000Z',
          created_at: '2026-11-01T09:00:00.000Z',
        },
      },
      {
        type: 'fact_suggestion',
        data: {
          id: fileId('fsg', 1),
          subject_id: fileId('sub', 1),
          statement: 'Ada plans to move',
          note: null,
          sources: [{ memory_id: fileId('mem', 1) }],
          status: 'pending',
          fact_id: null,
          created_at: '2026-11-01T09:00:00.000Z',
          reviewed_at: null,
        },
      },
      end({ subjects: 1, memories: 1, facts: 1, fact_suggestions: 1 }),
    ];
    const res = await importText(t, w.a.readWriteKey, toText(file));
    expect(res.status).toBe(200);
    // A key's import writes no reviewed Fact: the file's Fact arrives as a pending suggestion.
    expect(res.body.data).toMatchObject({ imported: { facts: 0, fact_suggestions: 1 }, facts_as_suggestions: 1, merged_subjects: 1 });
    const facts = await listFacts(w.a.readOnlyKey, w.subject.id);
    expectNoneOf([w.hiddenNew.id, w.hiddenFact.id], facts);
    const suggestions = await listSuggestions(w.a.readOnlyKey, w.subject.id, { status: 'pending' });
    expect(suggestions.filter((s) => s.statement === 'Ada plans to move')).toHaveLength(1);
    expect(suggestions.filter((s) => s.statement === 'Ada has a secret')).toHaveLength(1);
    expectNoneOf([w.hiddenPending.id], suggestions);

    const bySession = await listFacts(w.a.session, w.subject.id);
    expect(bySession.filter((fact) => fact.statement === 'Ada has a secret').map((fact) => fact.id)).toEqual([w.hiddenFact.id]);
  });
});

describe('equal statements without a unique index', () => {
  test('when a key sends one statement several times at once, then one suggestion is created and the others are answered with it', async () => {
    const w = await world();
    const body = { statement: 'Ada drinks her tea black', source_memory_ids: [w.normal.id] };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => clientOf(t, w.a.readWriteKey).call('createFactSuggestion', { path: { subject_id: w.subject.id }, body })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((res) => res.body.data.id)).size).toBe(1);
    expect((await listSuggestions(w.a.session, w.subject.id)).filter((s) => s.statement === body.statement)).toHaveLength(1);
  });
});

describe('Facts and suggestions without sources', () => {
  test('when a Fact was imported with no sources, then keys see it; a suggestion whose secret source went to the trash stays out of their sight', async () => {
    const a = await t.account();
    const name = uniqueName('Bea');
    const file: Line[] = [
      header(),
      subjectLine(fileId('sub', 1), name),
      {
        type: 'fact',
        data: { id: fileId('fct', 1), subject_id: fileId('sub', 1), statement: 'Bea was born in May', sources: [], accepted_at: '2026-11-01T09:00:00.000Z', created_at: '2026-11-01T09:00:00.000Z' },
      },
      end({ subjects: 1, facts: 1 }),
    ];
    expect((await importText(t, a.session, toText(file))).status).toBe(200);
    const [subject] = await clientOf(t, a.session).ok('listSubjects', {});
    expect((await listFacts(a.readOnlyKey, subject!.id)).map((fact) => [fact.statement, fact.sources])).toEqual([['Bea was born in May', []]]);

    const secret = await createMemory(t, a.session, { text: 'Bea is expecting twins.', sensitivity: 'secret' });
    await linkMemory(t, a.session, subject!.id, secret.id);
    const suggestion = await clientOf(t, a.session).ok(
      'createFactSuggestion',
      { path: { subject_id: subject!.id }, body: { statement: 'Bea is expecting', source_memory_ids: [secret.id] } },
      201,
    );
    await clientOf(t, a.session).ok('deleteMemory', { path: { id: secret.id } });
    expect(await listSuggestions(a.readOnlyKey, subject!.id)).toEqual([]);
    expect(await listSuggestions(a.session, subject!.id)).toEqual([{ ...suggestion, sources: [] }]);
  });
});

describe('the change feed', () => {
  const subjectsUpserted = async (token: string, checkpoint: string) =>
    (await clientOf(t, token).ok('resumeContext', { query: { checkpoint } })).subjects_upserted;
  const checkpointOf = async (token: string) => (await clientOf(t, token).ok('getStartupContext', {})).checkpoint;

  test('when a Fact from secret sources is accepted, then keys are not told its Subject changed; when one they can see is, they are, with their count', async () => {
    const a: TestAccount = await t.account();
    const session = clientOf(t, a.session);
    const subject = await createSubject(t, a.session);
    const normal = await createMemory(t, a.readWriteKey);
    const secret = await createMemory(t, a.session, { sensitivity: 'secret' });
    for (const memory of [normal, secret]) await linkMemory(t, a.session, subject.id, memory.id);
    const accept = async (statement: string, sources: string[]) => {
      const suggestion = await session.ok('createFactSuggestion', { path: { subject_id: subject.id }, body: { statement, source_memory_ids: sources } }, 201);
      return (await session.ok('acceptFactSuggestion', { path: { suggestion_id: suggestion.id } })).fact;
    };

    const [byKey, bySession] = [await checkpointOf(a.readOnlyKey), await checkpointOf(a.session)];
    await accept('A secret Fact', [secret.id]);
    expect(await subjectsUpserted(a.readOnlyKey, byKey)).toEqual([]);
    expect(await subjectsUpserted(a.session, bySession)).toEqual([expect.objectContaining({ id: subject.id, fact_count: 1 })]);

    const later = await checkpointOf(a.readOnlyKey);
    await accept('A plain Fact', [normal.id]);
    expect(await subjectsUpserted(a.readOnlyKey, later)).toEqual([expect.objectContaining({ id: subject.id, fact_count: 1 })]);
  });

  test('when a Memory backing a Fact of a Subject it is no longer linked to turns secret, then keys see that Subject changed: its Fact is gone for them', async () => {
    const a: TestAccount = await t.account();
    const session = clientOf(t, a.session);
    const subject = await createSubject(t, a.session);
    const memory = await createMemory(t, a.readWriteKey);
    await linkMemory(t, a.session, subject.id, memory.id);
    const suggestion = await session.ok(
      'createFactSuggestion',
      { path: { subject_id: subject.id }, body: { statement: 'Soon a secret', source_memory_ids: [memory.id] } },
      201,
    );
    await session.ok('acceptFactSuggestion', { path: { suggestion_id: suggestion.id } });
    await session.ok('unlinkMemory', { path: { subject_id: subject.id, memory_id: memory.id } });

    const checkpoint = await checkpointOf(a.readOnlyKey);
    await updateMemory(t, a.session, memory.id, { sensitivity: 'secret' });
    expect(await subjectsUpserted(a.readOnlyKey, checkpoint)).toEqual([expect.objectContaining({ id: subject.id, fact_count: 0 })]);
    expect(await listFacts(a.readOnlyKey, subject.id)).toEqual([]);
  });
});
