import { sql } from 'kysely';
import { createApp } from '../../src/app';
import { runMaintenance } from '../../src/domain/maintenance/maintenance';
import { expireMemories } from '../../src/domain/memories/trash';
import { bearer, startTestApp, uniqueName, uniqueWord, type TestAccount, type TestApp } from '../support/app';
import { clientOf } from '../support/client';
import { DAY_MS, movableClock } from '../support/clock';
import { createMemory, createSubject, linkMemory, updateMemory } from '../support/factories';
import { expectError } from '../support/assertions';

// Trash retention and expiry are a matter of days and minutes: the tests move the clock.
const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

/**
 * A word no other test writes, so that where it is stored can be looked for everywhere; it ends
 * in "v", so that changing its last letter to "q" makes a typo of it.
 */
const trashWord = () => `${uniqueWord('zq')}xv`;

/** Every table (rows cast to text) that holds `needle`, with how many rows. */
async function tablesHolding(needle: string): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(t.database.db);
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)} x where strpos(x::text, ${needle}) > 0`.execute(
      t.database.db,
    );
    if (rows[0]!.n > 0) found[name] = rows[0]!.n;
  }
  return found;
}

/** A Memory with a unique word, linked to a Subject, mentioned with a twin (a duplicate insight) and a revision. */
async function richMemory(account: TestAccount) {
  const word = trashWord();
  const subject = await createSubject(t, account.session, { name: uniqueName('Trip') });
  const memory = await createMemory(t, account.readWriteKey, { text: `Booked the ${word} ferry for Tuesday`, tags: ['travel'] });
  await updateMemory(t, account.readWriteKey, memory.id, { text: `Booked the ${word} ferry for Tuesday morning` });
  const twin = await createMemory(t, account.readWriteKey, { text: `Booked the ${word} ferry for Tuesday morning!` });
  await linkMemory(t, account.readWriteKey, subject.id, memory.id);
  await linkMemory(t, account.readWriteKey, subject.id, twin.id);
  return { word, subject, memory, twin };
}

const trash = (account: TestAccount, token = account.readWriteKey) => clientOf(t, token).ok('listTrashedMemories', { query: { limit: 100 } });

describe('the trash', () => {
  test('when a Memory is trashed, then every read route and derived view is without it, and the change feed reports it removed', async () => {
    const alice = await t.account();
    const { word, subject, memory, twin } = await richMemory(alice);
    const api = clientOf(t, alice.readWriteKey);
    const { checkpoint } = await api.ok('getStartupContext');
    expect((await api.ok('listMemoryInsights', { path: { subject_id: subject.id } })).length).toBe(1);

    const deleted = await api.ok('deleteMemory', { path: { id: memory.id } });
    expect(deleted).toMatchObject({ id: memory.id, deleted: true, permanent: false });

    // The routes that name the Memory.
    const id = { path: { id: memory.id } };
    for (const res of [
      await api.call('getMemory', id),
      await api.call('updateMemory', { ...id, body: { pinned: true } }),
      await api.call('deleteMemory', id),
      await api.call('listMemoryRevisions', id),
      await api.call('getMemoryRevision', { path: { id: memory.id, revision: 1 } }),
      await api.call('listMemorySubjects', id),
      await api.call('getContextMap', id),
      await api.call('linkMemory', { path: { subject_id: subject.id }, body: { memory_id: memory.id } }),
      await api.call('unlinkMemory', { path: { subject_id: subject.id, memory_id: memory.id } }),
    ]) {
      expectError(res, 404, res.body.error?.code === 'link_not_found' ? 'link_not_found' : 'memory_not_found');
    }
    expectError(
      await api.call('createFactSuggestion', { path: { subject_id: subject.id }, body: { statement: 'Takes ferries', source_memory_ids: [memory.id] } }),
      400,
      'source_not_found',
    );
    // Lists, search and its vocabulary, batches.
    expect((await api.ok('listMemories', { query: { limit: 100 } })).map((m) => m.id)).toEqual([twin.id]);
    expect((await api.ok('searchMemories', { query: { q: `${word} ferry` } })).map((hit) => hit.memory.id)).toEqual([twin.id]);
    const [item] = (await api.ok('batchGetMemories', { query: { ids: [memory.id] } })).items;
    expect(item).toMatchObject({ id: memory.id, status: 'error', error: { code: 'memory_not_found' } });
    // The Subject's count, its Memories, context and insights; the account's contexts.
    expect((await api.ok('getSubject', { path: { subject_id: subject.id } })).memory_count).toBe(1);
    expect((await api.ok('listSubjectMemories', { path: { subject_id: subject.id } })).map((m) => m.id)).toEqual([twin.id]);
    const subjectContext = await api.ok('getSubjectContext', { path: { subject_id: subject.id } });
    expect(JSON.stringify(subjectContext)).not.toContain(memory.id);
    expect(await api.ok('listMemoryInsights', { path: { subject_id: subject.id } })).toEqual([]);
    expect(JSON.stringify(await api.ok('getStartupContext'))).not.toContain(memory.id);
    const resumed = await api.ok('resumeContext', { query: { checkpoint } });
    expect(resumed.memories_removed).toEqual([memory.id]);
    expect(JSON.stringify(await api.ok('getContextMap', { path: { id: twin.id } }))).not.toContain(memory.id);
    // A word only the trashed Memory had is out of the search vocabulary: no correction leads to it.
    const lone = trashWord();
    const loner = await createMemory(t, alice.readWriteKey, { text: `Parked at the ${lone} garage` });
    expect((await api.ok('searchMemories', { query: { q: `${lone.slice(0, -1)}q` } })).map((hit) => hit.memory.id)).toEqual([loner.id]);
    await api.ok('deleteMemory', { path: { id: loner.id } });
    expect(await api.ok('searchMemories', { query: { q: `${lone.slice(0, -1)}q garage` } })).toEqual([]);
    expect(await tablesHolding(lone)).toEqual({ memory_revisions: 1, memory_trash: 1 });
    await api.ok('restoreMemory', { path: { id: loner.id } });
    await api.ok('deleteMemory', { path: { id: loner.id }, query: { permanent: true } });
    // In the trash, with its revisions kept.
    expect(await trash(alice)).toEqual([
      {
        memory: expect.objectContaining({ id: memory.id, text: `Booked the ${word} ferry for Tuesday morning`, revision: 2 }),
        trashed_at: expect.any(String),
        purge_at: new Date(Date.parse(deleted.purge_at!)).toISOString(),
        reason: 'deleted',
      },
    ]);
  });

  test('when a trashed Memory is restored, then it comes back with its revisions, links, counts, insights and search, and the change feed reports it', async () => {
    const alice = await t.account();
    const { word, subject, memory } = await richMemory(alice);
    const gone = await createSubject(t, alice.session, { name: uniqueName('Gone') });
    await linkMemory(t, alice.readWriteKey, gone.id, memory.id);
    const api = clientOf(t, alice.readWriteKey);
    await api.ok('deleteMemory', { path: { id: memory.id } });
    // A Subject deleted while the Memory is in the trash: that link does not come back.
    const { confirmation_token } = await clientOf(t, alice.session).ok('prepareSubjectDeletion', { path: { subject_id: gone.id } });
    await clientOf(t, alice.session).ok('deleteSubject', { path: { subject_id: gone.id }, query: { confirmation_token } });
    const { checkpoint } = await api.ok('getStartupContext');

    const restored = await api.ok('restoreMemory', { path: { id: memory.id } });
    expect(restored).toMatchObject({ id: memory.id, revision: 2, text: `Booked the ${word} ferry for Tuesday morning`, tags: ['travel'] });
    expect(await api.ok('getMemory', { path: { id: memory.id } })).toEqual(restored);
    expect((await api.ok('listMemoryRevisions', { path: { id: memory.id } })).map((r) => r.revision)).toEqual([2, 1]);
    expect((await api.ok('listMemorySubjects', { path: { id: memory.id } })).map((s) => s.id)).toEqual([subject.id]);
    expect((await api.ok('getSubject', { path: { subject_id: subject.id } })).memory_count).toBe(2);
    expect((await api.ok('listMemoryInsights', { path: { subject_id: subject.id } })).map((i) => i.kind)).toEqual(['possible_duplicate']);
    expect((await api.ok('searchMemories', { query: { q: word } })).map((hit) => hit.memory.id)).toContain(memory.id);
    expect((await api.ok('resumeContext', { query: { checkpoint } })).memories_upserted.map((m) => m.id)).toEqual([memory.id]);
    expect(await trash(alice)).toEqual([]);
    // Not in the trash any more.
    expectError(await api.call('restoreMemory', { path: { id: memory.id } }), 400, 'memory_not_in_trash');
  });

  test('when restore names an unknown Memory, another account\'s, or comes from a read-only key, then it is refused and nothing changes', async () => {
    const alice = await t.account();
    const bob = await t.account();
    const memory = await createMemory(t, alice.readWriteKey);
    await clientOf(t, alice.readWriteKey).ok('deleteMemory', { path: { id: memory.id } });
    expectError(await clientOf(t, bob.readWriteKey).call('restoreMemory', { path: { id: memory.id } }), 404, 'memory_not_found');
    expectError(await clientOf(t, bob.session).call('deleteMemory', { path: { id: memory.id }, query: { permanent: true } }), 404, 'memory_not_found');
    expect(await trash(bob)).toEqual([]);
    expectError(await clientOf(t, alice.readOnlyKey).call('restoreMemory', { path: { id: memory.id } }), 403, 'insufficient_key_mode');
    expectError(
      await clientOf(t, alice.readOnlyKey).call('deleteMemory', { path: { id: memory.id }, query: { permanent: true } }),
      403,
      'insufficient_key_mode',
    );
    expectError(await clientOf(t, alice.readWriteKey).call('restoreMemory', { path: { id: 'mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H' } }), 404, 'memory_not_found');
    expect((await trash(alice)).map((entry) => entry.memory.id)).toEqual([memory.id]);
  });

  test('when a secret Memory is in the trash, then keys neither see, restore nor purge it, and the session does', async () => {
    const alice = await t.account();
    const secret = await createMemory(t, alice.session, { sensitivity: 'secret' });
    const session = clientOf(t, alice.session);
    await session.ok('deleteMemory', { path: { id: secret.id } });
    expect(await trash(alice)).toEqual([]);
    expectError(await clientOf(t, alice.readWriteKey).call('restoreMemory', { path: { id: secret.id } }), 404, 'memory_not_found');
    expectError(
      await clientOf(t, alice.readWriteKey).call('deleteMemory', { path: { id: secret.id }, query: { permanent: true } }),
      404,
      'memory_not_found',
    );
    expect((await trash(alice, alice.session)).map((entry) => entry.memory.id)).toEqual([secret.id]);
    expect((await session.ok('restoreMemory', { path: { id: secret.id } })).sensitivity).toBe('secret');
  });

  test('when the trash holds more than a page, then it pages most recently trashed first', async () => {
    const alice = await t.account();
    const api = clientOf(t, alice.readWriteKey);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const memory = await createMemory(t, alice.readWriteKey);
      await api.ok('deleteMemory', { path: { id: memory.id } });
      ids.unshift(memory.id);
    }
    const first = await api.call('listTrashedMemories', { query: { limit: 2 } });
    expect(first.body.data.map((entry: { memory: { id: string } }) => entry.memory.id)).toEqual(ids.slice(0, 2));
    const second = await api.ok('listTrashedMemories', { query: { limit: 2, cursor: first.body.next_cursor } });
    expect(second.map((entry) => entry.memory.id)).toEqual(ids.slice(2));
  });
});

describe('a trashed Memory as a source of Fact suggestions', () => {
  /** An account's Subject with a Memory and another one linked to it. */
  async function sources() {
    const alice = await t.account();
    const subject = await createSubject(t, alice.session);
    const memory = await createMemory(t, alice.readWriteKey);
    const other = await createMemory(t, alice.readWriteKey);
    await linkMemory(t, alice.readWriteKey, subject.id, memory.id);
    await linkMemory(t, alice.readWriteKey, subject.id, other.id);
    const suggest = (statement: string, sourceIds: string[]) =>
      clientOf(t, alice.readWriteKey).ok(
        'createFactSuggestion',
        { path: { subject_id: subject.id }, body: { statement: `${statement} ${uniqueName('fact')}`, source_memory_ids: sourceIds } },
        201,
      );
    const suggestionSources = async () => {
      const suggestions = await clientOf(t, alice.session).ok('listFactSuggestions', { path: { subject_id: subject.id }, query: { limit: 100 } });
      return Object.fromEntries(suggestions.map((s) => [s.id, s.sources.map((source) => source.memory_id)]));
    };
    return { alice, subject, memory, other, suggest, suggestionSources };
  }

  test('when a Memory is trashed and restored, then the pending and rejected suggestions it was a source of have it again, and one accepted meanwhile keeps its Fact\'s sources', async () => {
    const { alice, memory, other, suggest, suggestionSources } = await sources();
    const both = await suggest('Both', [memory.id, other.id]);
    const only = await suggest('Only', [memory.id]);
    const rejected = await suggest('Rejected', [memory.id]);
    const acceptedMeanwhile = await suggest('Accepted meanwhile', [memory.id, other.id]);
    const session = clientOf(t, alice.session);
    await session.ok('rejectFactSuggestion', { path: { suggestion_id: rejected.id } });
    const sorted = [memory.id, other.id].sort();
    const before = await suggestionSources();

    await clientOf(t, alice.readWriteKey).ok('deleteMemory', { path: { id: memory.id } });
    // In the trash it is no suggestion's source; one with no other source cannot be accepted.
    expect(await suggestionSources()).toEqual({ [both.id]: [other.id], [only.id]: [], [rejected.id]: [], [acceptedMeanwhile.id]: [other.id] });
    expectError(await session.call('acceptFactSuggestion', { path: { suggestion_id: only.id } }), 400, 'source_not_found');
    const accepted = await session.ok('acceptFactSuggestion', { path: { suggestion_id: acceptedMeanwhile.id } });
    expect(accepted.fact?.sources).toEqual([{ memory_id: other.id }]);

    await clientOf(t, alice.readWriteKey).ok('restoreMemory', { path: { id: memory.id } });
    expect(await suggestionSources()).toEqual({ ...before, [acceptedMeanwhile.id]: [other.id] });
    expect(before[both.id]).toEqual(sorted);
    // Accepted now, each becomes a Fact with every source it was made with.
    const fromBoth = await session.ok('acceptFactSuggestion', { path: { suggestion_id: both.id } });
    expect(fromBoth.fact?.sources.map((source) => source.memory_id)).toEqual(sorted);
    const fromOnly = await session.ok('acceptFactSuggestion', { path: { suggestion_id: only.id } });
    expect(fromOnly.fact?.sources).toEqual([{ memory_id: memory.id }]);
  });

  test('when a Memory that is a suggestion\'s only source expires and is restored, then the suggestion can be accepted with it', async () => {
    const { alice, memory, suggest } = await sources();
    await updateMemory(t, alice.readWriteKey, memory.id, { expires_at: new Date(clock.now().getTime() + 10_000).toISOString() });
    const suggestion = await suggest('Expiring', [memory.id]);
    clock.advance(61_000);
    expect(await expireMemories(t.app.services)).toBeGreaterThanOrEqual(1);
    const session = clientOf(t, alice.session);
    expectError(await session.call('acceptFactSuggestion', { path: { suggestion_id: suggestion.id } }), 400, 'source_not_found');

    await clientOf(t, alice.readWriteKey).ok('restoreMemory', { path: { id: memory.id } });
    const accepted = await session.ok('acceptFactSuggestion', { path: { suggestion_id: suggestion.id } });
    expect(accepted.fact?.sources).toEqual([{ memory_id: memory.id }]);
  });
});

describe('deleting for good', () => {
  test.each([
    ['a live Memory', false],
    ['a trashed Memory', true],
  ])('when %s is deleted with permanent=true, then no table holds its text, and its ID is left only in the change feed', async (_name, trashedFirst) => {
    const alice = await t.account();
    const { word, subject, memory } = await richMemory(alice);
    const api = clientOf(t, alice.readWriteKey);
    // A stored idempotent answer holds the text too.
    await t.http
      .patch(`/v1/memories/${memory.id}`)
      .set({ ...bearer(alice.readWriteKey), 'Idempotency-Key': uniqueName('key') })
      .send({ tags: ['travel', 'ferry'] })
      .expect(200);
    if (trashedFirst) await api.ok('deleteMemory', { path: { id: memory.id } });
    const deleted = await api.ok('deleteMemory', { path: { id: memory.id }, query: { permanent: true } });
    expect(deleted).toEqual({ id: memory.id, deleted: true, permanent: true, purge_at: null });

    const twinText = await tablesHolding(`${word} ferry for Tuesday morning!`);
    const everywhere = await tablesHolding(word);
    // What still holds the word is the twin, which stays, and its index entry.
    expect(Object.keys(everywhere).sort()).toEqual(Object.keys(twinText).concat('search_terms').sort());
    expect(everywhere.memories).toBe(1);
    expect(Object.keys(await tablesHolding(memory.id))).toEqual(['changes']);
    expect(await trash(alice)).toEqual([]);
    expect((await api.ok('getSubject', { path: { subject_id: subject.id } })).memory_count).toBe(1);
    expectError(await api.call('restoreMemory', { path: { id: memory.id } }), 404, 'memory_not_found');
  });

  test('when the Memory is a source of a reviewed Fact, then neither the trash nor a permanent delete takes it', async () => {
    const alice = await t.account();
    const subject = await createSubject(t, alice.session);
    const memory = await createMemory(t, alice.readWriteKey);
    await linkMemory(t, alice.readWriteKey, subject.id, memory.id);
    const suggestion = await clientOf(t, alice.readWriteKey).ok('createFactSuggestion', {
      path: { subject_id: subject.id },
      body: { statement: 'Is a fact', source_memory_ids: [memory.id] },
    });
    await clientOf(t, alice.session).ok('acceptFactSuggestion', { path: { suggestion_id: suggestion.id } });
    for (const query of [{}, { permanent: true }]) {
      expectError(await clientOf(t, alice.readWriteKey).call('deleteMemory', { path: { id: memory.id }, query }), 400, 'memory_in_use');
    }
    expect((await clientOf(t, alice.readWriteKey).ok('getMemory', { path: { id: memory.id } })).id).toBe(memory.id);
  });

  test('when a Memory has been in the trash longer than the retention period, then maintenance purges it and nothing is left', async () => {
    const alice = await t.account();
    const { word, memory, twin } = await richMemory(alice);
    const api = clientOf(t, alice.readWriteKey);
    await api.ok('deleteMemory', { path: { id: twin.id }, query: { permanent: true } });
    await api.ok('deleteMemory', { path: { id: memory.id } });
    clock.advance(29 * DAY_MS);
    await runMaintenance(t.app.services);
    expect((await trash(alice)).map((entry) => entry.memory.id)).toEqual([memory.id]);
    clock.advance(2 * DAY_MS);
    await runMaintenance(t.app.services);
    expect(await trash(alice)).toEqual([]);
    expect(await tablesHolding(word)).toEqual({});
    // The change feed's entries (IDs only) go by their own retention, which has passed here too.
    expect(Object.keys(await tablesHolding(memory.id)).filter((table) => table !== 'changes')).toEqual([]);
  });
});

describe('expiry', () => {
  test('when expires_at is in the past or now, then create and update are 400 invalid_request and nothing changes', async () => {
    const alice = await t.account();
    const api = clientOf(t, alice.readWriteKey);
    const past = new Date(Date.now() - 60_000).toISOString();
    const res = await api.call('createMemory', { body: { text: 'Already over', expires_at: past } as never });
    expectError(res, 400, 'invalid_request');
    expect(res.body.error.details.errors).toEqual([{ in: 'body', path: '/body/expires_at', message: 'must be in the future' }]);
    const memory = await createMemory(t, alice.readWriteKey);
    expectError(await api.call('updateMemory', { path: { id: memory.id }, body: { expires_at: past } }), 400, 'invalid_request');
    expect((await api.ok('getMemory', { path: { id: memory.id } })).revision).toBe(1);
    expect(await api.ok('listMemories')).toHaveLength(1);
  });

  test('when a Memory\'s expiry passes, then within a minute it is in the trash as expired, and restoring it clears the expiry', async () => {
    const alice = await t.account();
    const api = clientOf(t, alice.readWriteKey);
    const soon = new Date(clock.now().getTime() + 30_000).toISOString();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'Gate code 4411 for this week', expires_at: soon });
    expect(memory.expires_at).toBe(soon);
    const later = await createMemory(t, alice.readWriteKey, { expires_at: new Date(clock.now().getTime() + 3_600_000).toISOString() });
    const cleared = await createMemory(t, alice.readWriteKey, { expires_at: soon });
    expect((await updateMemory(t, alice.readWriteKey, cleared.id, { expires_at: null })).expires_at).toBeNull();

    expect(await expireMemories(t.app.services)).toBe(0);
    clock.advance(61_000);
    expect(await expireMemories(t.app.services)).toBe(1);
    expectError(await api.call('getMemory', { path: { id: memory.id } }), 404, 'memory_not_found');
    expect((await trash(alice)).map((entry) => [entry.memory.id, entry.reason])).toEqual([[memory.id, 'expired']]);
    for (const id of [later.id, cleared.id]) expect((await api.ok('getMemory', { path: { id } })).id).toBe(id);

    const restored = await api.ok('restoreMemory', { path: { id: memory.id } });
    expect(restored.expires_at).toBeNull();
    expect(await expireMemories(t.app.services)).toBe(0);
  });

  test('when a Memory with an expiry is deleted by hand, then the trash shows its expires_at and restoring keeps it, unless it passed in the trash', async () => {
    const alice = await t.account();
    const api = clientOf(t, alice.readWriteKey);
    const soon = new Date(clock.now().getTime() + 30_000).toISOString();
    const inADay = new Date(clock.now().getTime() + DAY_MS).toISOString();
    const kept = await createMemory(t, alice.readWriteKey, { expires_at: inADay });
    const passing = await createMemory(t, alice.readWriteKey, { expires_at: soon });
    for (const { id } of [passing, kept]) await api.ok('deleteMemory', { path: { id } });
    expect((await trash(alice)).map((entry) => [entry.memory.id, entry.memory.expires_at, entry.reason])).toEqual([
      [kept.id, inADay, 'deleted'],
      [passing.id, soon, 'deleted'],
    ]);

    expect(await api.ok('restoreMemory', { path: { id: kept.id } })).toEqual(kept);
    // Its time came while it was in the trash: back without it, and not taken by the next run.
    clock.advance(61_000);
    const restored = await api.ok('restoreMemory', { path: { id: passing.id } });
    expect(restored).toEqual({ ...passing, expires_at: null });
    await expireMemories(t.app.services);
    expect(await api.ok('getMemory', { path: { id: passing.id } })).toEqual(restored);
    expect((await api.ok('getMemory', { path: { id: kept.id } })).expires_at).toBe(inADay);
  });

  test('when two instances run expiry at once, then each expired Memory is trashed exactly once, whichever instance takes it', async () => {
    const alice = await t.account();
    const second = createApp({ config: t.config, database: t.database, clock });
    try {
      const soon = () => new Date(clock.now().getTime() + 10_000).toISOString();
      const ids: string[] = [];
      for (let i = 0; i < 6; i += 1) ids.push((await createMemory(t, alice.readWriteKey, { expires_at: soon() })).id);
      clock.advance(61_000);
      const [one, two] = await Promise.all([expireMemories(t.app.services, 2), expireMemories(second.services, 2)]);
      expect(one + two).toBe(ids.length);
      expect((await trash(alice)).map((entry) => entry.memory.id).sort()).toEqual([...ids].sort());
    } finally {
      await second.close();
    }
  });
});
