import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { expectError, TIMESTAMP_PATTERN } from '../support/assertions';
import type { Schemas } from '../support/client';
import { postgresOnly } from '../support/database';
import { pidOf, waiterOn, withLocker } from '../support/locks';
import { createMemory, createSubject, linkMemory } from '../support/factories';
import { idPattern, UNKNOWN_SUBJECT, UNKNOWN_SUGGESTION } from '../support/ids';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const FACT_ID = idPattern('fct');

type Fact = Schemas['Fact'];

async function suggest(token: string, subjectId: string, statement: string, sources: string[]): Promise<string> {
  const res = await t.http
    .post(`/v1/subjects/${subjectId}/fact-suggestions`)
    .set(bearer(token))
    .send({ statement, source_memory_ids: sources });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

const accept = (token: string, id: string) => t.http.post(`/v1/fact-suggestions/${id}/accept`).set(bearer(token));
const reject = (token: string, id: string) => t.http.post(`/v1/fact-suggestions/${id}/reject`).set(bearer(token));

async function listFacts(token: string, subjectId: string, query: Record<string, string | number> = {}) {
  const res = await t.http.get(`/v1/subjects/${subjectId}/facts`).query(query).set(bearer(token));
  expect(res.status).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(['data', 'next_cursor', 'ok']);
  return res.body as { ok: true; data: Fact[]; next_cursor: string | null };
}

async function suggestionStatus(token: string, subjectId: string, id: string): Promise<string | undefined> {
  const res = await t.http.get(`/v1/subjects/${subjectId}/fact-suggestions?limit=100`).set(bearer(token));
  expect(res.status).toBe(200);
  return res.body.data.find((s: { id: string }) => s.id === id)?.status;
}

const sourceIds = (item: { sources: { memory_id: string }[] }) => item.sources.map((s) => s.memory_id).sort();

/** An account with one Subject and two Memories linked to it. */
async function world(): Promise<{ a: TestAccount; subjectId: string; m1: string; m2: string }> {
  const a = await t.account();
  const subjectId = (await createSubject(t, a.readWriteKey, { name: 'Grace Hopper' })).id;
  const m1 = (await createMemory(t, a.readWriteKey, { text: 'Grace wrote the first compiler.' })).id;
  const m2 = (await createMemory(t, a.readWriteKey, { text: 'Grace popularised the term debugging.' })).id;
  await linkMemory(t, a.readWriteKey, subjectId, m1);
  await linkMemory(t, a.readWriteKey, subjectId, m2);
  return { a, subjectId, m1, m2 };
}

describe('reviewing is application-only', () => {
  test('API keys of either mode get 403 session_required on accept and reject, and the suggestion stays pending', async () => {
    const { a, subjectId, m1 } = await world();
    const id = await suggest(a.readWriteKey, subjectId, 'Grace wrote a compiler', [m1]);

    for (const key of [a.readWriteKey, a.readOnlyKey]) {
      expectError(await accept(key, id), 403, 'session_required');
      expectError(await reject(key, id), 403, 'session_required');
    }
    expect(await suggestionStatus(a.session, subjectId, id)).toBe('pending');
    expect((await listFacts(a.session, subjectId)).data).toEqual([]);
  });
});

describe('accepting a suggestion', () => {
  test('the session gets 200 with the accepted suggestion and a new Fact carrying the same statement and sources', async () => {
    const { a, subjectId, m1, m2 } = await world();
    const id = await suggest(a.readWriteKey, subjectId, 'Grace wrote the first compiler', [m1, m2]);

    const res = await accept(a.session, id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'ok']);
    const { suggestion, fact } = res.body.data;
    expect(Object.keys(res.body.data).sort()).toEqual(['fact', 'suggestion']);
    expect(fact).toEqual({
      id: expect.stringMatching(FACT_ID),
      subject_id: subjectId,
      statement: 'Grace wrote the first compiler',
      sources: expect.any(Array),
      accepted_at: expect.stringMatching(TIMESTAMP_PATTERN),
      created_at: expect.stringMatching(TIMESTAMP_PATTERN),
      valid_from: fact.accepted_at,
      valid_until: null,
      superseded_by: null,
    });
    expect(sourceIds(fact)).toEqual([m1, m2].sort());
    expect(suggestion).toMatchObject({
      id,
      subject_id: subjectId,
      statement: 'Grace wrote the first compiler',
      status: 'accepted',
      fact_id: fact.id,
      reviewed_at: expect.stringMatching(TIMESTAMP_PATTERN),
    });
    expect(sourceIds(suggestion)).toEqual(sourceIds(fact));
    expect(fact.accepted_at).toBe(suggestion.reviewed_at);

    const facts = await listFacts(a.readOnlyKey, subjectId);
    expect(facts).toEqual({ ok: true, data: [fact], next_cursor: null });
    expect(await suggestionStatus(a.readOnlyKey, subjectId, id)).toBe('accepted');
  });

  test('accepting or rejecting it again is 400 suggestion_already_reviewed, and no second Fact appears', async () => {
    const { a, subjectId, m1 } = await world();
    const id = await suggest(a.readWriteKey, subjectId, 'Grace served in the Navy', [m1]);
    expect((await accept(a.session, id)).status).toBe(200);

    expectError(await accept(a.session, id), 400, 'suggestion_already_reviewed');
    expectError(await reject(a.session, id), 400, 'suggestion_already_reviewed');
    expect((await listFacts(a.session, subjectId)).data).toHaveLength(1);
    expect(await suggestionStatus(a.session, subjectId, id)).toBe('accepted');
  });

  test('once accepted, the same statement in any case or spacing is refused at suggestion time with 400 fact_exists', async () => {
    const { a, subjectId, m1, m2 } = await world();
    const id = await suggest(a.readWriteKey, subjectId, 'Grace coined debugging', [m1]);
    expect((await accept(a.session, id)).status).toBe(200);

    const again = await t.http
      .post(`/v1/subjects/${subjectId}/fact-suggestions`)
      .set(bearer(a.readWriteKey))
      .send({ statement: ' GRACE   coined DEBUGGING ', source_memory_ids: [m2] });
    expectError(again, 400, 'fact_exists');
  });

  test("an unknown suggestion, or another account's, is 404 suggestion_not_found; a malformed ID is 400 invalid_request", async () => {
    const { a, subjectId, m1 } = await world();
    const b = await t.account();
    const theirs = await suggest(a.readWriteKey, subjectId, 'Grace liked clocks', [m1]);

    for (const review of [accept, reject]) {
      expectError(await review(a.session, UNKNOWN_SUGGESTION), 404, 'suggestion_not_found');
      expectError(await review(b.session, theirs), 404, 'suggestion_not_found');
      expectError(await review(a.session, 'fsg_123'), 400, 'invalid_request');
    }
    expect(await suggestionStatus(a.session, subjectId, theirs)).toBe('pending');
  });
});

describe('rejecting a suggestion', () => {
  test('gives status rejected with reviewed_at and no Fact; reviewing it again is 400 suggestion_already_reviewed', async () => {
    const { a, subjectId, m1 } = await world();
    const id = await suggest(a.readWriteKey, subjectId, 'Grace disliked meetings', [m1]);

    const res = await reject(a.session, id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data)).toEqual(['suggestion']);
    expect(res.body.data.suggestion).toMatchObject({
      id,
      status: 'rejected',
      fact_id: null,
      reviewed_at: expect.stringMatching(TIMESTAMP_PATTERN),
      sources: [{ memory_id: m1 }],
    });
    expect((await listFacts(a.session, subjectId)).data).toEqual([]);

    expectError(await reject(a.session, id), 400, 'suggestion_already_reviewed');
    expectError(await accept(a.session, id), 400, 'suggestion_already_reviewed');
    expect((await listFacts(a.session, subjectId)).data).toEqual([]);
  });
});

describe('Memories behind Facts and suggestions', () => {
  test('a Memory that backs a Fact cannot be deleted: 400 memory_in_use with the Fact IDs, and it stays', async () => {
    const { a, subjectId, m1, m2 } = await world();
    const first = (await accept(a.session, await suggest(a.readWriteKey, subjectId, 'Grace built compilers', [m1]))).body.data.fact;
    const second = (await accept(a.session, await suggest(a.readWriteKey, subjectId, 'Grace taught', [m1, m2]))).body.data.fact;

    for (const token of [a.readWriteKey, a.session]) {
      const res = await t.http.delete(`/v1/memories/${m1}`).set(bearer(token));
      expectError(res, 400, 'memory_in_use');
      expect([...res.body.error.details.fact_ids].sort()).toEqual([first.id, second.id].sort());
    }
    expect((await t.http.get(`/v1/memories/${m1}`).set(bearer(a.readOnlyKey))).status).toBe(200);
    const facts = await listFacts(a.readOnlyKey, subjectId);
    expect(facts.data.map(sourceIds)).toEqual([[m1, m2].sort(), [m1]]);
  });

  test('a Memory behind a rejected suggestion only can be deleted', async () => {
    const { a, subjectId, m1 } = await world();
    const id = await suggest(a.readWriteKey, subjectId, 'Grace collected nanoseconds', [m1]);
    expect((await reject(a.session, id)).status).toBe(200);
    expect((await t.http.delete(`/v1/memories/${m1}`).set(bearer(a.readWriteKey))).status).toBe(200);
  });

  test('a Memory behind a pending suggestion only can be deleted; accepting that suggestion afterwards is 400 source_not_found', async () => {
    const { a, subjectId, m1 } = await world();
    const id = await suggest(a.readWriteKey, subjectId, 'Grace kept a nanosecond wire', [m1]);

    const deleted = await t.http.delete(`/v1/memories/${m1}`).set(bearer(a.readWriteKey));
    expect(deleted.status).toBe(200);

    expectError(await accept(a.session, id), 400, 'source_not_found');
    expect(await suggestionStatus(a.session, subjectId, id)).toBe('pending');
    expect((await listFacts(a.session, subjectId)).data).toEqual([]);
  });

  test('accepting a suggestion one of whose sources was deleted keeps the sources that still exist', async () => {
    const { a, subjectId, m1, m2 } = await world();
    const id = await suggest(a.readWriteKey, subjectId, 'Grace was a rear admiral', [m1, m2]);
    expect((await t.http.delete(`/v1/memories/${m2}`).set(bearer(a.readWriteKey))).status).toBe(200);

    const res = await accept(a.session, id);
    expect(res.status).toBe(200);
    expect(res.body.data.fact.sources).toEqual([{ memory_id: m1 }]);
    expect(res.body.data.suggestion.sources).toEqual([{ memory_id: m1 }]);
  });
});

describe('listing Facts', () => {
  test('reviewed Facts only, newest first, page by page', async () => {
    const { a, subjectId, m1 } = await world();
    const accepted: string[] = [];
    for (const statement of ['Fact one', 'Fact two', 'Fact three']) {
      const res = await accept(a.session, await suggest(a.readWriteKey, subjectId, statement, [m1]));
      expect(res.status).toBe(200);
      accepted.push(res.body.data.fact.id);
    }
    await suggest(a.readWriteKey, subjectId, 'Still pending', [m1]);
    expect((await reject(a.session, await suggest(a.readWriteKey, subjectId, 'Turned down', [m1]))).status).toBe(200);

    const all = await listFacts(a.readOnlyKey, subjectId);
    expect(all.data.map((f) => f.statement)).toEqual(['Fact three', 'Fact two', 'Fact one']);
    expect(all.next_cursor).toBeNull();

    const first = await listFacts(a.readOnlyKey, subjectId, { limit: 2 });
    expect(first.data.map((f) => f.id)).toEqual([accepted[2], accepted[1]]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await listFacts(a.readOnlyKey, subjectId, { limit: 2, cursor: first.next_cursor! });
    expect(second.data.map((f) => f.id)).toEqual([accepted[0]]);
    expect(second.next_cursor).toBeNull();

    expectError(await t.http.get(`/v1/subjects/${subjectId}/facts?limit=101`).set(bearer(a.readOnlyKey)), 400, 'invalid_request');
    expectError(
      await t.http.get(`/v1/subjects/${subjectId}/facts`).query({ cursor: 'not-a-cursor' }).set(bearer(a.readOnlyKey)),
      400,
      'invalid_cursor',
    );
  });

  test('Facts are per Subject: another Subject of the same account lists none of them', async () => {
    const { a, subjectId, m1 } = await world();
    const other = (await createSubject(t, a.readWriteKey, { name: 'Alan Turing' })).id;
    expect((await accept(a.session, await suggest(a.readWriteKey, subjectId, 'Grace fact', [m1]))).status).toBe(200);
    expect((await listFacts(a.readWriteKey, other)).data).toEqual([]);
  });

  test('a secret source is left out of the sources for API keys and shown to the session', async () => {
    const { a, subjectId, m1 } = await world();
    const secret = (await createMemory(t, a.session, { text: 'Grace told me in confidence', sensitivity: 'secret' })).id;
    await linkMemory(t, a.session, subjectId, secret);
    const id = await suggest(a.session, subjectId, 'Grace confided something', [m1, secret]);
    const accepted = await accept(a.session, id);
    expect(accepted.status).toBe(200);
    expect(sourceIds(accepted.body.data.fact)).toEqual([m1, secret].sort());

    const bySession = await listFacts(a.session, subjectId);
    expect(bySession.data.map(sourceIds)).toEqual([[m1, secret].sort()]);
    for (const key of [a.readOnlyKey, a.readWriteKey]) {
      const byKey = await listFacts(key, subjectId);
      expect(byKey.data).toHaveLength(1);
      expect(byKey.data[0]?.id).toBe(accepted.body.data.fact.id);
      expect(byKey.data[0]?.sources).toEqual([{ memory_id: m1 }]);
    }
  });

  test("an unknown Subject, or another account's, is 404 subject_not_found; a malformed ID is 400 invalid_request", async () => {
    const { a } = await world();
    const b = await world();
    expect((await accept(b.a.session, await suggest(b.a.readWriteKey, b.subjectId, 'Their fact', [b.m1]))).status).toBe(200);

    expectError(await t.http.get(`/v1/subjects/${UNKNOWN_SUBJECT}/facts`).set(bearer(a.readOnlyKey)), 404, 'subject_not_found');
    expectError(await t.http.get(`/v1/subjects/${b.subjectId}/facts`).set(bearer(a.readOnlyKey)), 404, 'subject_not_found');
    expectError(await t.http.get(`/v1/subjects/${b.subjectId}/facts`).set(bearer(a.session)), 404, 'subject_not_found');
    expectError(await t.http.get('/v1/subjects/sub_x/facts').set(bearer(a.session)), 400, 'invalid_request');
  });
});

const onPostgres = postgresOnly('tests of an acceptance racing a trash or a restore (a second connection)');

onPostgres('an acceptance racing a trash or a restore (PostgreSQL: a second connection holds one side open)', () => {
  test.each([
    ['its only source', false],
    ['one of its two sources', true],
  ])('when %s is trashed while the acceptance waits for it, then the answer is 400 source_not_found or a Fact without it, not a failed foreign key', async (_name, twoSources) => {
    const { a, subjectId, m1, m2 } = await world();
    const id = await suggest(a.readWriteKey, subjectId, 'Grace taught at Vassar', twoSources ? [m1, m2] : [m1]);
    // The session's first request records its account, which would wait for the locker too.
    expect((await listFacts(a.session, subjectId)).data).toEqual([]);
    await withLocker(t, async (locker) => {
      // The account's row, which trashing takes once it holds the Memory: the trash waits there.
      await locker.query('select id from accounts where id = $1 for no key update', [a.accountId]);
      const trashed = t.http.delete(`/v1/memories/${m1}`).set(bearer(a.readWriteKey)).then((res) => res);
      const lockerPid = await pidOf(locker);
      const trashing = (await waiterOn(locker, [lockerPid]))!;
      let answered = false;
      const accepted = accept(a.session, id).then((res) => {
        answered = true;
        return res;
      });
      // The acceptance waits for the account's write lock, which the trash holds with the Memory:
      // given two seconds to get there, or to be answered.
      await waiterOn(locker, [lockerPid, trashing], [trashing], () => answered, 2_000);
      await locker.query('commit');
      const [trash, res] = await Promise.all([trashed, accepted]);
      // Whichever went first, the answers agree and neither is a failure: either the acceptance
      // came first (the trash had not yet taken the Memory) and the Memory it now backs stays...
      if (trash.status !== 200) {
        expectError(trash, 400, 'memory_in_use');
        expect(res.status).toBe(200);
        expect(sourceIds(res.body.data.fact)).toContain(m1);
        return;
      }
      // ...or the trash did, and the acceptance goes on without the trashed Memory.
      if (!twoSources) {
        expectError(res, 400, 'source_not_found');
        return;
      }
      expect(res.status).toBe(200);
      expect(res.body.data.fact.sources).toEqual([{ memory_id: m2 }]);
    });
  });

  test('when a source is restored while its suggestion is being accepted, then both succeed, one after the other', async () => {
    const { a, subjectId, m1, m2 } = await world();
    const old = (await accept(a.session, await suggest(a.readWriteKey, subjectId, 'Grace served in the navy', [m2]))).body.data.fact.id;
    const suggested = await t.http
      .post(`/v1/subjects/${subjectId}/fact-suggestions`)
      .set(bearer(a.readWriteKey))
      .send({ statement: 'Grace retired as a rear admiral', source_memory_ids: [m1, m2], supersedes: old });
    expect(suggested.status).toBe(201);
    expect((await t.http.delete(`/v1/memories/${m1}`).set(bearer(a.readWriteKey))).status).toBe(200);
    let restoredFirst = false;
    await withLocker(t, async (locker) => {
      // The superseded Fact, which the acceptance locks after the suggestion: it waits there.
      await locker.query('select id from facts where id = $1 for update', [old]);
      const accepted = accept(a.session, suggested.body.data.id).then((res) => res);
      const lockerPid = await pidOf(locker);
      const accepting = (await waiterOn(locker, [lockerPid]))!;
      let answered = false;
      const restored = t.http
        .post(`/v1/memories/${m1}/restore`)
        .set(bearer(a.readWriteKey))
        .then((res) => {
          answered = true;
          return res;
        });
      // The restore waits for what the acceptance holds...
      const waiting = await waiterOn(locker, [lockerPid, accepting], [accepting], () => answered, 2_000);
      await locker.query('commit');
      const [res, restore] = await Promise.all([accepted, restored]);
      expect(res.status).toBe(200);
      expect(restore.status).toBe(200);
      if (waiting === null) {
        // ...unless it was not seen waiting (it took nothing the acceptance holds before it was
        // done, or waited elsewhere): the Fact then has the sources the acceptance read, with or
        // without the restored one.
        restoredFirst = true;
        expect(sourceIds(res.body.data.fact)).toContain(m2);
        return;
      }
      expect(res.body.data.fact.sources).toEqual([{ memory_id: m2 }]);
    });
    if (restoredFirst) return;
    // Accepted while its source was in the trash: its sources stay those of its Fact.
    expect(sourceIds((await listFacts(a.session, subjectId)).data[0]!)).toEqual([m2]);
    const suggestions = await t.http.get(`/v1/subjects/${subjectId}/fact-suggestions?status=accepted&limit=100`).set(bearer(a.session));
    expect(suggestions.body.data.find((s: { id: string }) => s.id === suggested.body.data.id).sources).toEqual([{ memory_id: m2 }]);
  });
});
