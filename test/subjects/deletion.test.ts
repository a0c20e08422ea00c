import { createHash } from 'node:crypto';
import { useDeletionToken } from '../../src/domain/subjects/deletion.repository';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { expectError, TIMESTAMP_PATTERN } from '../support/assertions';
import type { DataOf } from '../support/client';
import { movableClock } from '../support/clock';
import { createMemory, createSubject, linkMemory } from '../support/factories';
import { UNKNOWN_SUBJECT } from '../support/ids';

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const MINUTE = 60 * 1000;
const NAME = 'Zebulon Quux';

async function suggest(account: TestAccount, subjectId: string, statement: string, sources: string[]): Promise<string> {
  const res = await t.http
    .post(`/v1/subjects/${subjectId}/fact-suggestions`)
    .set(bearer(account.readWriteKey))
    .send({ statement, source_memory_ids: sources });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/** A reviewed Fact: a suggestion by the read-write key, accepted in the application (session). */
async function addFact(account: TestAccount, subjectId: string, statement: string, sources: string[]): Promise<string> {
  const suggestionId = await suggest(account, subjectId, statement, sources);
  const res = await t.http.post(`/v1/fact-suggestions/${suggestionId}/accept`).set(bearer(account.session));
  expect(res.status).toBe(200);
  return res.body.data.fact.id;
}

async function prepare(token: string, subjectId: string) {
  const res = await t.http.post(`/v1/subjects/${subjectId}/deletion/prepare`).set(bearer(token));
  expect(res.status).toBe(200);
  return res.body.data as DataOf<'prepareSubjectDeletion'>;
}

function deleteSubject(token: string, subjectId: string, confirmationToken?: string) {
  const req = t.http.delete(`/v1/subjects/${subjectId}`).set(bearer(token));
  return confirmationToken === undefined ? req : req.query({ confirmation_token: confirmationToken });
}

async function ids(token: string, path: string): Promise<string[]> {
  const res = await t.http.get(path).query({ limit: 100 }).set(bearer(token));
  expect(res.status).toBe(200);
  return res.body.data.map((item: { id: string }) => item.id);
}

/** Everything a deletion would remove, as the session sees it. */
async function snapshot(account: TestAccount, subjectId: string) {
  const subject = await t.http.get(`/v1/subjects/${subjectId}`).set(bearer(account.session));
  expect(subject.status).toBe(200);
  return {
    subject: subject.body.data,
    memories: await ids(account.session, `/v1/subjects/${subjectId}/memories`),
    facts: await ids(account.session, `/v1/subjects/${subjectId}/facts`),
    suggestions: await ids(account.session, `/v1/subjects/${subjectId}/fact-suggestions`),
    insights: await ids(account.session, `/v1/subjects/${subjectId}/memory-insights`),
  };
}

/**
 * A Subject with two linked Memories that look like duplicates (one insight), one Memory that
 * mentions it without a link (another insight), a Fact (from an accepted suggestion) and a
 * pending suggestion.
 */
async function populatedSubject() {
  const alice = await t.account();
  const m1 = (await createMemory(t, alice.readWriteKey, { text: 'Zebulon Quux likes green tea.' })).id;
  const m2 = (await createMemory(t, alice.readWriteKey, { text: 'zebulon quux likes green tea!' })).id;
  const mentioning = (await createMemory(t, alice.readWriteKey, { text: 'Met Zebulon Quux at the station.' })).id;
  const subjectId = (await createSubject(t, alice.readWriteKey, { name: NAME, kind: 'person' })).id;
  await linkMemory(t, alice.readWriteKey, subjectId, m1);
  await linkMemory(t, alice.readWriteKey, subjectId, m2);
  const factId = await addFact(alice, subjectId, 'Zebulon likes green tea', [m1]);
  const pendingId = await suggest(alice, subjectId, 'Zebulon drinks tea every day', [m2]);
  return { alice, subjectId, m1, m2, mentioning, factId, pendingId };
}

describe('preparing a Subject deletion', () => {
  test('when a read-write key prepares, then it gets a token, an expiry 10 minutes ahead and the impact', async () => {
    const { alice, subjectId, m1, m2, mentioning } = await populatedSubject();

    const insights = await t.http.get(`/v1/subjects/${subjectId}/memory-insights`).set(bearer(alice.readOnlyKey));
    expect(insights.body.data.map((i: { kind: string; memory_ids: string[] }) => [i.kind, i.memory_ids])).toEqual(
      expect.arrayContaining([
        ['possible_duplicate', [m1, m2].sort()],
        ['unlinked_mention', [mentioning]],
      ]),
    );
    expect(insights.body.data).toHaveLength(2);

    const before = clock.now().getTime();
    const res = await t.http.post(`/v1/subjects/${subjectId}/deletion/prepare`).set(bearer(alice.readWriteKey));
    const after = clock.now().getTime();

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      data: {
        subject_id: subjectId,
        confirmation_token: expect.any(String),
        expires_at: expect.stringMatching(TIMESTAMP_PATTERN),
        impact: { linked_memories: 2, facts: 1, fact_suggestions: 2, insights: 2 },
      },
    });
    expect(res.body.data.confirmation_token.length).toBeGreaterThanOrEqual(20);
    const expiresAt = Date.parse(res.body.data.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 10 * MINUTE);
    expect(expiresAt).toBeLessThanOrEqual(after + 10 * MINUTE);
  });

  test('when a Subject has nothing attached, then the impact is all zeros', async () => {
    const alice = await t.account();
    const subjectId = (await createSubject(t, alice.readWriteKey, { name: NAME, kind: 'person' })).id;
    const prepared = await prepare(alice.session, subjectId);
    expect(prepared.impact).toEqual({ linked_memories: 0, facts: 0, fact_suggestions: 0, insights: 0 });
  });

  test('when preparing, then nothing is deleted yet and each prepare gives a new token', async () => {
    const { alice, subjectId } = await populatedSubject();
    const before = await snapshot(alice, subjectId);
    const first = await prepare(alice.readWriteKey, subjectId);
    const second = await prepare(alice.readWriteKey, subjectId);
    expect(second.confirmation_token).not.toBe(first.confirmation_token);
    expect(await snapshot(alice, subjectId)).toEqual(before);
  });

  test('when the Subject is unknown, then it gets 404 subject_not_found', async () => {
    const alice = await t.account();
    expectError(await t.http.post(`/v1/subjects/${UNKNOWN_SUBJECT}/deletion/prepare`).set(bearer(alice.readWriteKey)), 404, 'subject_not_found');
  });

  test('when an API key prepares and a secret Memory is linked, then the impact counts only what the key can see', async () => {
    const alice = await t.account();
    const subjectId = (await createSubject(t, alice.readWriteKey, { name: NAME, kind: 'person' })).id;
    const normal = (await createMemory(t, alice.readWriteKey, { text: 'An ordinary note.' })).id;
    const secret = (await createMemory(t, alice.session, { text: 'Zebulon Quux door code 4711.', sensitivity: 'secret' })).id;
    (await createMemory(t, alice.session, { text: 'Zebulon Quux told me a secret.', sensitivity: 'secret' })).id;
    await linkMemory(t, alice.readWriteKey, subjectId, normal);
    await linkMemory(t, alice.session, subjectId, secret);

    // The session sees both links and the mention insight of the unlinked secret Memory.
    expect((await prepare(alice.session, subjectId)).impact).toMatchObject({ linked_memories: 2, insights: 1 });
    const subject = await t.http.get(`/v1/subjects/${subjectId}`).set(bearer(alice.readWriteKey));
    expect(subject.body.data.memory_count).toBe(1);
    expect(await ids(alice.readWriteKey, `/v1/subjects/${subjectId}/memory-insights`)).toEqual([]);
    // Secret Memories do not exist for API keys, so the impact shown to one must not count them.
    expect((await prepare(alice.readWriteKey, subjectId)).impact).toMatchObject({ linked_memories: 1, insights: 0 });
  });
});

describe('deleting a Subject', () => {
  test('when the DELETE has no confirmation token, then it gets 400 confirmation_required and nothing changes', async () => {
    const { alice, subjectId } = await populatedSubject();
    const before = await snapshot(alice, subjectId);
    expectError(await deleteSubject(alice.readWriteKey, subjectId), 400, 'confirmation_required');
    expect(await snapshot(alice, subjectId)).toEqual(before);
  });

  test('when the token is garbage, then it gets 400 invalid_confirmation and nothing changes', async () => {
    const { alice, subjectId } = await populatedSubject();
    const before = await snapshot(alice, subjectId);
    expectError(await deleteSubject(alice.readWriteKey, subjectId, 'not-a-real-token'), 400, 'invalid_confirmation');
    expectError(await deleteSubject(alice.readWriteKey, subjectId, 'sdc_' + 'A'.repeat(43)), 400, 'invalid_confirmation');
    expect(await snapshot(alice, subjectId)).toEqual(before);
  });

  test("when the token was prepared for another Subject, then it gets 400 invalid_confirmation and both tokens stay good for their own Subject", async () => {
    const alice = await t.account();
    const s1 = (await createSubject(t, alice.readWriteKey, { name: 'First', kind: 'person' })).id;
    const s2 = (await createSubject(t, alice.readWriteKey, { name: 'Second', kind: 'person' })).id;
    const t1 = await prepare(alice.readWriteKey, s1);
    const t2 = await prepare(alice.readWriteKey, s2);

    expectError(await deleteSubject(alice.readWriteKey, s2, t1.confirmation_token), 400, 'invalid_confirmation');
    expectError(await deleteSubject(alice.readWriteKey, s1, t2.confirmation_token), 400, 'invalid_confirmation');
    expect((await t.http.get(`/v1/subjects/${s1}`).set(bearer(alice.readOnlyKey))).status).toBe(200);
    expect((await t.http.get(`/v1/subjects/${s2}`).set(bearer(alice.readOnlyKey))).status).toBe(200);

    expect((await deleteSubject(alice.readWriteKey, s1, t1.confirmation_token)).status).toBe(200);
    expect((await deleteSubject(alice.readWriteKey, s2, t2.confirmation_token)).status).toBe(200);
  });

  test("when the token comes from another account, then it gets 400 invalid_confirmation, and the other account's Subject stays 404", async () => {
    const alice = await t.account();
    const bob = await t.account();
    const alices = (await createSubject(t, alice.readWriteKey, { name: NAME, kind: 'person' })).id;
    const bobs = (await createSubject(t, bob.readWriteKey, { name: NAME, kind: 'person' })).id;
    const bobToken = (await prepare(bob.readWriteKey, bobs)).confirmation_token;

    expectError(await deleteSubject(alice.readWriteKey, alices, bobToken), 400, 'invalid_confirmation');
    expectError(await deleteSubject(alice.readWriteKey, bobs, bobToken), 404, 'subject_not_found');
    expect((await t.http.get(`/v1/subjects/${alices}`).set(bearer(alice.readOnlyKey))).status).toBe(200);

    expect((await deleteSubject(bob.readWriteKey, bobs, bobToken)).status).toBe(200);
  });

  test('when the token is 11 minutes old, then it gets 400 invalid_confirmation; a fresh prepare works', async () => {
    const { alice, subjectId } = await populatedSubject();
    const old = await prepare(alice.readWriteKey, subjectId);
    const before = await snapshot(alice, subjectId);

    clock.advance(11 * MINUTE);
    expectError(await deleteSubject(alice.readWriteKey, subjectId, old.confirmation_token), 400, 'invalid_confirmation');
    expect(await snapshot(alice, subjectId)).toEqual(before);

    const fresh = await prepare(alice.readWriteKey, subjectId);
    expect((await deleteSubject(alice.readWriteKey, subjectId, fresh.confirmation_token)).status).toBe(200);
  });

  test('when the token is 9 minutes old, then it still deletes', async () => {
    const alice = await t.account();
    const subjectId = (await createSubject(t, alice.readWriteKey, { name: NAME, kind: 'person' })).id;
    const prepared = await prepare(alice.readWriteKey, subjectId);
    clock.advance(9 * MINUTE);
    expect((await deleteSubject(alice.readWriteKey, subjectId, prepared.confirmation_token)).status).toBe(200);
  });

  test('when a Memory was linked after prepare, then it gets 400 confirmation_stale; after a new prepare the deletion removes the Subject and keeps the Memories', async () => {
    const { alice, subjectId, m1, m2, mentioning, factId } = await populatedSubject();
    const stale = await prepare(alice.readWriteKey, subjectId);
    const late = (await createMemory(t, alice.readWriteKey, { text: 'A later note.' })).id;
    await linkMemory(t, alice.readWriteKey, subjectId, late);
    const before = await snapshot(alice, subjectId);

    expectError(await deleteSubject(alice.readWriteKey, subjectId, stale.confirmation_token), 400, 'confirmation_stale');
    expect(await snapshot(alice, subjectId)).toEqual(before);
    // Still a source of the reviewed Fact, so it cannot be deleted yet.
    expectError(await t.http.delete(`/v1/memories/${m1}`).set(bearer(alice.readWriteKey)), 400, 'memory_in_use');

    const fresh = await prepare(alice.readWriteKey, subjectId);
    expect(fresh.impact).toEqual({ linked_memories: 3, facts: 1, fact_suggestions: 2, insights: 2 });
    const res = await deleteSubject(alice.readWriteKey, subjectId, fresh.confirmation_token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, data: { id: subjectId, deleted: true } });

    expectError(await t.http.get(`/v1/subjects/${subjectId}`).set(bearer(alice.readOnlyKey)), 404, 'subject_not_found');
    expectError(await t.http.get(`/v1/subjects/${subjectId}/memories`).set(bearer(alice.readOnlyKey)), 404, 'subject_not_found');
    expectError(await t.http.get(`/v1/subjects/${subjectId}/facts`).set(bearer(alice.readOnlyKey)), 404, 'subject_not_found');
    expectError(await t.http.get(`/v1/subjects/${subjectId}/context`).set(bearer(alice.readOnlyKey)), 404, 'subject_not_found');
    for (const memoryId of [m1, m2, mentioning, late]) {
      expect((await t.http.get(`/v1/memories/${memoryId}`).set(bearer(alice.readOnlyKey))).status).toBe(200);
      expect(await ids(alice.readOnlyKey, `/v1/memories/${memoryId}/subjects`)).toEqual([]);
    }
    const facts = await t.database.db.selectFrom('facts').select('id').where('id', '=', factId).execute();
    expect(facts).toEqual([]);
    // The Fact is gone, so its source Memory is no longer in use.
    expect((await t.http.delete(`/v1/memories/${m1}`).set(bearer(alice.readWriteKey))).status).toBe(200);

    // The used tokens find no Subject any more.
    expectError(await deleteSubject(alice.readWriteKey, subjectId, fresh.confirmation_token), 404, 'subject_not_found');
    expectError(await deleteSubject(alice.readWriteKey, subjectId, stale.confirmation_token), 404, 'subject_not_found');
  });

  test('when a Fact was added after prepare, then it gets 400 confirmation_stale and nothing changes', async () => {
    const { alice, subjectId, m2 } = await populatedSubject();
    const prepared = await prepare(alice.readWriteKey, subjectId);
    await addFact(alice, subjectId, 'Zebulon has a second fact', [m2]);
    const before = await snapshot(alice, subjectId);

    expectError(await deleteSubject(alice.readWriteKey, subjectId, prepared.confirmation_token), 400, 'confirmation_stale');
    expect(await snapshot(alice, subjectId)).toEqual(before);
    expect(before.facts).toHaveLength(2);
  });

  test('when a link was removed after prepare, then it gets 400 confirmation_stale and nothing changes', async () => {
    const { alice, subjectId, m2 } = await populatedSubject();
    const prepared = await prepare(alice.readWriteKey, subjectId);
    expect((await t.http.delete(`/v1/subjects/${subjectId}/memories/${m2}`).set(bearer(alice.readWriteKey))).status).toBe(200);
    const before = await snapshot(alice, subjectId);

    expectError(await deleteSubject(alice.readWriteKey, subjectId, prepared.confirmation_token), 400, 'confirmation_stale');
    expect(await snapshot(alice, subjectId)).toEqual(before);
    expect(before.memories).toHaveLength(1);
  });

  test('when a linked Memory was deleted after prepare, then it gets 400 confirmation_stale', async () => {
    const alice = await t.account();
    const subjectId = (await createSubject(t, alice.readWriteKey, { name: NAME, kind: 'person' })).id;
    const memoryId = (await createMemory(t, alice.readWriteKey, { text: 'Soon gone.' })).id;
    await linkMemory(t, alice.readWriteKey, subjectId, memoryId);
    const prepared = await prepare(alice.readWriteKey, subjectId);
    expect((await t.http.delete(`/v1/memories/${memoryId}`).set(bearer(alice.readWriteKey))).status).toBe(200);

    expectError(await deleteSubject(alice.readWriteKey, subjectId, prepared.confirmation_token), 400, 'confirmation_stale');
    expect((await t.http.get(`/v1/subjects/${subjectId}`).set(bearer(alice.readOnlyKey))).status).toBe(200);
  });

  test('when failed attempts came first, then the token is not used up by them', async () => {
    const alice = await t.account();
    const subjectId = (await createSubject(t, alice.readWriteKey, { name: NAME, kind: 'person' })).id;
    const other = (await createSubject(t, alice.readWriteKey, { name: 'Other', kind: 'person' })).id;
    const prepared = await prepare(alice.readWriteKey, subjectId);

    expectError(await deleteSubject(alice.readWriteKey, other, prepared.confirmation_token), 400, 'invalid_confirmation');
    expectError(await deleteSubject(alice.readOnlyKey, subjectId, prepared.confirmation_token), 403, 'insufficient_key_mode');
    expect((await deleteSubject(alice.session, subjectId, prepared.confirmation_token)).status).toBe(200);
  });

  test('when a deletion was refused as stale and the change is undone, then the same token deletes: a refused attempt leaves it unused', async () => {
    const alice = await t.account();
    const subjectId = (await createSubject(t, alice.readWriteKey, { name: NAME, kind: 'person' })).id;
    const prepared = await prepare(alice.readWriteKey, subjectId);
    const memoryId = (await createMemory(t, alice.readWriteKey, { text: 'Linked for a moment.' })).id;
    await linkMemory(t, alice.readWriteKey, subjectId, memoryId);
    expectError(await deleteSubject(alice.readWriteKey, subjectId, prepared.confirmation_token), 400, 'confirmation_stale');
    expect((await t.http.delete(`/v1/subjects/${subjectId}/memories/${memoryId}`).set(bearer(alice.readWriteKey))).status).toBe(200);
    expect((await deleteSubject(alice.readWriteKey, subjectId, prepared.confirmation_token)).status).toBe(200);
  });

  test('when a token is used, then it cannot be used again, even for a Subject that still exists', async () => {
    const alice = await t.account();
    const subjectId = (await createSubject(t, alice.readWriteKey, { name: NAME, kind: 'person' })).id;
    const prepared = await prepare(alice.readWriteKey, subjectId);
    const { account_id: accountId } = await t.database.db.selectFrom('subjects').select('account_id').where('id', '=', subjectId).executeTakeFirstOrThrow();
    const hash = createHash('sha256').update(prepared.confirmation_token).digest('hex');
    const use = () => t.database.db.transaction().execute((trx) => useDeletionToken(trx, accountId, subjectId, hash, clock.now()));
    expect(await use()).toBeDefined();
    expect(await use()).toBeUndefined();
  });

  test('when the deletion succeeds, then its suggestions, insights, Facts and links are gone from the database', async () => {
    const { alice, subjectId, pendingId } = await populatedSubject();
    const count = async (table: 'fact_suggestions' | 'memory_insights' | 'facts' | 'memory_links') => {
      const rows = await t.database.db.selectFrom(table).select('subject_id').where('subject_id', '=', subjectId).execute();
      return rows.length;
    };
    expect([await count('fact_suggestions'), await count('memory_insights'), await count('facts'), await count('memory_links')]).toEqual([
      2, 2, 1, 2,
    ]);

    const prepared = await prepare(alice.readWriteKey, subjectId);
    expect((await deleteSubject(alice.readWriteKey, subjectId, prepared.confirmation_token)).status).toBe(200);

    expect([await count('fact_suggestions'), await count('memory_insights'), await count('facts'), await count('memory_links')]).toEqual([
      0, 0, 0, 0,
    ]);
    const sources = await t.database.db
      .selectFrom('fact_suggestion_sources')
      .select('memory_id')
      .where('suggestion_id', '=', pendingId)
      .execute();
    expect(sources).toEqual([]);
    expectError(await t.http.get(`/v1/subjects/${subjectId}/fact-suggestions`).set(bearer(alice.readOnlyKey)), 404, 'subject_not_found');
  });

  test('when the deletion succeeds, then listing its Memory insights is 404 subject_not_found', async () => {
    const { alice, subjectId } = await populatedSubject();
    const prepared = await prepare(alice.readWriteKey, subjectId);
    expect((await deleteSubject(alice.readWriteKey, subjectId, prepared.confirmation_token)).status).toBe(200);
    expectError(await t.http.get(`/v1/subjects/${subjectId}/memory-insights`).set(bearer(alice.readOnlyKey)), 404, 'subject_not_found');
  });

  test('when the deletion succeeds, then the name is free again and a new Subject of that name starts empty', async () => {
    const { alice, subjectId, m1 } = await populatedSubject();
    const prepared = await prepare(alice.readWriteKey, subjectId);
    expect((await deleteSubject(alice.readWriteKey, subjectId, prepared.confirmation_token)).status).toBe(200);

    const again = await t.http.post('/v1/subjects').set(bearer(alice.readWriteKey)).send({ name: NAME.toUpperCase() });
    expect(again.status).toBe(201);
    expect(again.body.data.id).not.toBe(subjectId);
    expect(again.body.data.memory_count).toBe(0);
    expect(await ids(alice.readOnlyKey, `/v1/subjects/${again.body.data.id}/facts`)).toEqual([]);
    expect(await ids(alice.readOnlyKey, `/v1/subjects/${again.body.data.id}/fact-suggestions`)).toEqual([]);
    expect(await ids(alice.readOnlyKey, `/v1/memories/${m1}/subjects`)).toEqual([]);
  });

  test('when an API key deletes a Subject linked to a secret Memory, then the secret Memory stays and loses only its link', async () => {
    const alice = await t.account();
    const subjectId = (await createSubject(t, alice.readWriteKey, { name: NAME, kind: 'person' })).id;
    const secret = (await createMemory(t, alice.session, { text: 'Private detail.', sensitivity: 'secret' })).id;
    await linkMemory(t, alice.session, subjectId, secret);

    const prepared = await prepare(alice.readWriteKey, subjectId);
    expect((await deleteSubject(alice.readWriteKey, subjectId, prepared.confirmation_token)).status).toBe(200);
    expect((await t.http.get(`/v1/memories/${secret}`).set(bearer(alice.session))).status).toBe(200);
    expect(await ids(alice.session, `/v1/memories/${secret}/subjects`)).toEqual([]);
  });
});
