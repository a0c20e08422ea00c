import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import type { Schemas } from '../support/client';
import { movableClock } from '../support/clock';
import { UNKNOWN_FACT } from '../support/ids';
import { expectError } from '../support/assertions';

/* Facts that change over time: superseding a Fact, listing by validity, and who reads current Facts only. */

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const MINUTE = 60_000;

type Fact = Schemas['Fact'];

async function created<T = any>(res: PromiseLike<{ status: number; body: any }>, status = 201): Promise<T> {
  const answer = await res;
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data as T;
}

const suggest = (token: string, subjectId: string, body: Record<string, unknown>) =>
  t.http.post(`/v1/subjects/${subjectId}/fact-suggestions`).set(bearer(token)).send(body);
const accept = (token: string, id: string) => t.http.post(`/v1/fact-suggestions/${id}/accept`).set(bearer(token));

async function facts(token: string, subjectId: string, query: Record<string, string | number | boolean> = {}) {
  const res = await t.http.get(`/v1/subjects/${subjectId}/facts`).query(query).set(bearer(token));
  if (res.status !== 200) throw new Error(`listing Facts: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { data: Fact[]; next_cursor: string | null };
}
const ids = async (token: string, subjectId: string, query: Record<string, string | number | boolean> = {}) =>
  (await facts(token, subjectId, query)).data.map((fact) => fact.id);

/** A Subject with one linked Memory. */
async function subjectOf(a: TestAccount, name: string): Promise<{ subjectId: string; memoryId: string }> {
  const subject = await created(t.http.post('/v1/subjects').set(bearer(a.readWriteKey)).send({ name }));
  const memory = await created(t.http.post('/v1/memories').set(bearer(a.readWriteKey)).send({ text: `${name} moved from London to Paris.` }));
  await created(t.http.post(`/v1/subjects/${subject.id}/memories`).set(bearer(a.readWriteKey)).send({ memory_id: memory.id }));
  return { subjectId: subject.id, memoryId: memory.id };
}

/** A reviewed Fact, suggested with a key and accepted by the session. */
async function acceptedFact(a: TestAccount, subjectId: string, memoryId: string, statement: string, supersedes?: string): Promise<Fact> {
  const suggestion = await created(suggest(a.readWriteKey, subjectId, { statement, source_memory_ids: [memoryId], ...(supersedes ? { supersedes } : {}) }));
  return (await created(accept(a.session, suggestion.id), 200)).fact;
}

describe('superseding a Fact', () => {
  let a: TestAccount;
  let subjectId: string;
  let memoryId: string;
  let london: Fact;
  let paris: Fact;
  let suggestion: { id: string; supersedes: string | null };
  beforeAll(async () => {
    a = await t.account();
    ({ subjectId, memoryId } = await subjectOf(a, 'Ada'));
    london = await acceptedFact(a, subjectId, memoryId, 'Ada lives in London');
    clock.advance(MINUTE);
    suggestion = await created(suggest(a.readWriteKey, subjectId, { statement: 'Ada lives in Paris', source_memory_ids: [memoryId], supersedes: london.id }));
    paris = (await created(accept(a.session, suggestion.id), 200)).fact;
  });

  test('when a suggestion names the Fact it supersedes, then the suggestion shows it, and a new Fact is valid from acceptance', () => {
    expect(suggestion.supersedes).toBe(london.id);
    expect(london).toMatchObject({ valid_from: london.accepted_at, valid_until: null, superseded_by: null });
    expect(paris).toMatchObject({ valid_from: paris.accepted_at, valid_until: null, superseded_by: null });
  });

  test('when it is accepted, then the old Fact is closed at the acceptance time and points to the new one, and only the new one is current', async () => {
    expect(await ids(a.readOnlyKey, subjectId)).toEqual([paris.id]);
    const all = await facts(a.readOnlyKey, subjectId, { include_superseded: true });
    expect(all.data.map((fact) => fact.id)).toEqual([paris.id, london.id]);
    expect(all.data[1]).toMatchObject({ id: london.id, valid_from: london.valid_from, valid_until: paris.valid_from, superseded_by: paris.id });
    const listed = await created(t.http.get(`/v1/subjects/${subjectId}/fact-suggestions`).set(bearer(a.readOnlyKey)), 200);
    expect(listed.find((s: { id: string }) => s.id === suggestion.id)).toMatchObject({ status: 'accepted', fact_id: paris.id, supersedes: london.id });
  });

  test('when as_of is before the old Fact, between the two, at the change and after it, then the Facts valid at that instant are listed', async () => {
    const at = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
    expect(await ids(a.readOnlyKey, subjectId, { as_of: at(london.valid_from, -1) })).toEqual([]);
    expect(await ids(a.readOnlyKey, subjectId, { as_of: london.valid_from })).toEqual([london.id]);
    expect(await ids(a.readOnlyKey, subjectId, { as_of: at(paris.valid_from, -1) })).toEqual([london.id]);
    expect(await ids(a.readOnlyKey, subjectId, { as_of: paris.valid_from })).toEqual([paris.id]);
    expect(await ids(a.readOnlyKey, subjectId, { as_of: at(paris.valid_from, MINUTE) })).toEqual([paris.id]);
  });

  test('when as_of and include_superseded=true come together, then it is 400 invalid_request naming the parameter', async () => {
    const res = await t.http.get(`/v1/subjects/${subjectId}/facts`).query({ as_of: paris.valid_from, include_superseded: true }).set(bearer(a.readOnlyKey));
    expectError(res, 400, 'invalid_request');
    expect(res.body.error.details.errors[0].path).toBe('/query/include_superseded');
    // include_superseded=false is the default, and goes with as_of.
    expect(await ids(a.readOnlyKey, subjectId, { as_of: paris.valid_from, include_superseded: false })).toEqual([paris.id]);
    expectError(await t.http.get(`/v1/subjects/${subjectId}/facts?as_of=yesterday`).set(bearer(a.readOnlyKey)), 400, 'invalid_request');
  });

  test('when the filtered lists are paged, then the cursor keeps its filter and is refused with another one', async () => {
    const first = await facts(a.readOnlyKey, subjectId, { include_superseded: true, limit: 1 });
    expect(first.data.map((fact) => fact.id)).toEqual([paris.id]);
    const second = await facts(a.readOnlyKey, subjectId, { include_superseded: true, limit: 1, cursor: first.next_cursor! });
    expect(second).toMatchObject({ data: [{ id: london.id }], next_cursor: null });
    for (const other of [{}, { as_of: paris.valid_from }]) {
      const res = await t.http.get(`/v1/subjects/${subjectId}/facts`).query({ ...other, limit: 1, cursor: first.next_cursor! }).set(bearer(a.readOnlyKey));
      expectError(res, 400, 'invalid_cursor');
    }
  });

  test('when the superseded statement is suggested again, then fact_exists no longer stops it, and it may become current again', async () => {
    const again = await created(suggest(a.readWriteKey, subjectId, { statement: 'ADA lives in  london', source_memory_ids: [memoryId], supersedes: paris.id }));
    expectError(await suggest(a.readWriteKey, subjectId, { statement: 'Ada lives in Paris', source_memory_ids: [memoryId] }), 400, 'fact_exists');
    const back = (await created(accept(a.session, again.id), 200)).fact;
    expect(await ids(a.readOnlyKey, subjectId)).toEqual([back.id]);
    expect(await ids(a.readOnlyKey, subjectId, { include_superseded: true })).toEqual([back.id, paris.id, london.id]);
  });
});

describe('what supersedes may name', () => {
  let a: TestAccount;
  let subjectId: string;
  let memoryId: string;
  let current: Fact;
  beforeAll(async () => {
    a = await t.account();
    ({ subjectId, memoryId } = await subjectOf(a, 'Bea'));
    current = await acceptedFact(a, subjectId, memoryId, 'Bea plays chess');
  });

  const pendingCount = async () => (await created(t.http.get(`/v1/subjects/${subjectId}/fact-suggestions`).set(bearer(a.session)), 200)).length;

  test("when supersedes is unknown, another account's Fact or another Subject's Fact, then it is 400 invalid_request and nothing is created", async () => {
    const b = await t.account();
    const theirs = await subjectOf(b, 'Bea');
    const theirFact = await acceptedFact(b, theirs.subjectId, theirs.memoryId, 'Bea plays go');
    const other = await subjectOf(a, 'Cleo');
    const otherFact = await acceptedFact(a, other.subjectId, other.memoryId, 'Cleo plays go');
    const before = await pendingCount();
    const messages = [];
    for (const supersedes of [UNKNOWN_FACT, theirFact.id, otherFact.id]) {
      const res = await suggest(a.readWriteKey, subjectId, { statement: 'Bea plays go', source_memory_ids: [memoryId], supersedes });
      expectError(res, 400, 'invalid_request');
      expect(res.body.error.details.errors).toEqual([{ in: 'body', path: '/body/supersedes', message: 'is not a Fact of this Subject' }]);
      messages.push(res.body.error.message.replace(supersedes, 'ID'));
    }
    // Another account's Fact reads exactly like an unknown one.
    expect(new Set(messages).size).toBe(1);
    expectError(await suggest(a.readWriteKey, subjectId, { statement: 'Bea plays go', source_memory_ids: [memoryId], supersedes: 'fct_1' }), 400, 'invalid_request');
    expect(await pendingCount()).toBe(before);
    expect(await ids(b.readOnlyKey, theirs.subjectId)).toEqual([theirFact.id]);
  });

  test('when an API key accepts a superseding suggestion, then it is 403 session_required and the old Fact stays current', async () => {
    const pending = await created(suggest(a.readWriteKey, subjectId, { statement: 'Bea plays bridge', source_memory_ids: [memoryId], supersedes: current.id }));
    for (const key of [a.readWriteKey, a.readOnlyKey]) expectError(await accept(key, pending.id), 403, 'session_required');
    expect(await ids(a.readOnlyKey, subjectId, { include_superseded: true })).toEqual([current.id]);
  });

  test('when two acceptances supersede the same Fact at once, then exactly one wins and the other is refused without writing anything', async () => {
    const { subjectId: s, memoryId: m } = await subjectOf(a, 'Dora');
    const old = await acceptedFact(a, s, m, 'Dora works at Acme');
    const one = await created(suggest(a.readWriteKey, s, { statement: 'Dora works at Initech', source_memory_ids: [m], supersedes: old.id }));
    const two = await created(suggest(a.readWriteKey, s, { statement: 'Dora works at Globex', source_memory_ids: [m], supersedes: old.id }));

    const answers = await Promise.all([accept(a.session, one.id), accept(a.session, two.id)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
    const winner = answers.find((res) => res.status === 200)!.body.data.fact as Fact;
    const loser = answers.find((res) => res.status === 400)!;
    expectError(loser, 400, 'invalid_request');
    expect(loser.body.error.details).toEqual({ supersedes: old.id, superseded_by: winner.id });

    const all = await facts(a.session, s, { include_superseded: true });
    expect(all.data.map((fact) => fact.id)).toEqual([winner.id, old.id]);
    expect(all.data[1]).toMatchObject({ superseded_by: winner.id, valid_until: winner.valid_from });
    const suggestions = await created(t.http.get(`/v1/subjects/${s}/fact-suggestions`).set(bearer(a.session)), 200);
    expect(suggestions.map((x: { status: string }) => x.status).sort()).toEqual(['accepted', 'accepted', 'pending']);

    // A suggestion naming a Fact that is no longer current is refused when it is made, too.
    const stale = await suggest(a.readWriteKey, s, { statement: 'Dora works at Hooli', source_memory_ids: [m], supersedes: old.id });
    expectError(stale, 400, 'invalid_request');
    expect(stale.body.error.details).toEqual({
      errors: [{ in: 'body', path: '/body/supersedes', message: `is no longer current: ${winner.id} superseded it` }],
      superseded_by: winner.id,
    });
  });
});

describe('readers of current Facts only', () => {
  test('when a Fact is superseded, then the Subject context, the context map and the startup fact count show only the current one', async () => {
    const a = await t.account();
    const { subjectId, memoryId } = await subjectOf(a, 'Eve');
    const old = await acceptedFact(a, subjectId, memoryId, 'Eve drives a bus');
    const now = await acceptedFact(a, subjectId, memoryId, 'Eve drives a tram', old.id);

    const context = await created(t.http.get(`/v1/subjects/${subjectId}/context`).set(bearer(a.readOnlyKey)), 200);
    expect(context.facts.map((fact: Fact) => fact.id)).toEqual([now.id]);
    expect(context.omitted.facts).toBe(0);

    // The Memory is a source of both Facts: the map shows the current one only.
    const map = await created(t.http.get(`/v1/memories/${memoryId}/context-map`).set(bearer(a.readOnlyKey)), 200);
    const factNodes = map.nodes.filter((node: { kind: string }) => node.kind === 'fact').map((node: { id: string }) => node.id);
    expect(factNodes).toEqual([now.id]);
    expect(JSON.stringify(map.edges)).not.toContain(old.id);

    const startup = await created(t.http.get('/v1/context/startup').set(bearer(a.readOnlyKey)), 200);
    expect(startup.subjects.find((subject: { id: string }) => subject.id === subjectId)).toMatchObject({ fact_count: 1 });
  });

  test('when a Subject with a superseded Fact and a superseding suggestion is deleted, then it goes with all of its Facts', async () => {
    const a = await t.account();
    const { subjectId, memoryId } = await subjectOf(a, 'Fay');
    const old = await acceptedFact(a, subjectId, memoryId, 'Fay sings alto');
    const now = await acceptedFact(a, subjectId, memoryId, 'Fay sings soprano', old.id);
    await created(suggest(a.readWriteKey, subjectId, { statement: 'Fay sings tenor', source_memory_ids: [memoryId], supersedes: now.id }));
    const prepared = await created(t.http.post(`/v1/subjects/${subjectId}/deletion/prepare`).set(bearer(a.readWriteKey)), 200);
    expect(prepared.impact).toMatchObject({ facts: 2, fact_suggestions: 3 });
    const deleted = await t.http.delete(`/v1/subjects/${subjectId}`).query({ confirmation_token: prepared.confirmation_token }).set(bearer(a.readWriteKey));
    expect(deleted.status).toBe(200);
    expectError(await t.http.get(`/v1/subjects/${subjectId}/facts`).set(bearer(a.readOnlyKey)), 404, 'subject_not_found');
  });
});
