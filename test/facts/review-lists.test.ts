import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { bearer } from '../support/app';
import { expectError } from '../support/assertions';
import type { Schemas } from '../support/client';
import { createMemory, createSubject, linkMemory } from '../support/factories';
import { callError, callOk, startMcpTestApp, type McpTestApp } from '../mcp/helpers';
import { expectSameError } from '../mcp/rest-parity';

/**
 * The account-wide review lists: every Subject's Fact suggestions (`GET /fact-suggestions`,
 * `list_account_fact_suggestions`) and pending Memory insights (`GET /memory-insights`,
 * `list_account_memory_insights`), what an inbox of things to review reads.
 */

let t: McpTestApp;
beforeAll(async () => {
  t = await startMcpTestApp();
});
afterAll(() => t.close());

type Suggestion = Schemas['FactSuggestion'];
type Insight = Schemas['MemoryInsight'];
type Page<Item> = { ok: true; data: Item[]; next_cursor: string | null };

async function get<Item>(token: string, path: string, query: Record<string, string | number> = {}): Promise<Page<Item>> {
  const res = await t.http.get(path).query(query).set(bearer(token));
  expect(res.status).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(['data', 'next_cursor', 'ok']);
  return res.body as Page<Item>;
}

async function suggest(token: string, subjectId: string, statement: string, sources: string[]): Promise<string> {
  const res = await t.http.post(`/v1/subjects/${subjectId}/fact-suggestions`).set(bearer(token)).send({ statement, source_memory_ids: sources });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

/**
 * An account with two Subjects, each with a linked Memory and a suggestion from it, a third
 * suggestion from a secret Memory alone, one rejected suggestion, and insights: a Memory that
 * mentions each Subject without a link, and one secret Memory that mentions the first.
 */
async function world() {
  const a = await t.account();
  const ada = (await createSubject(t, a.session, { name: 'Ada Lovelace', kind: 'person' })).id;
  const grace = (await createSubject(t, a.session, { name: 'Grace Hopper', kind: 'person' })).id;
  const adaNote = (await createMemory(t, a.session, { text: 'Ada leads the analytics project.' })).id;
  const graceNote = (await createMemory(t, a.session, { text: 'Grace wrote the first compiler.' })).id;
  const secret = (await createMemory(t, a.session, { text: 'Ada is moving to Paris.', sensitivity: 'secret' })).id;
  for (const [subject, memory] of [[ada, adaNote], [grace, graceNote], [ada, secret]] as const) await linkMemory(t, a.session, subject, memory);
  const rejected = await suggest(a.session, ada, 'Ada leads two projects', [adaNote]);
  expect((await t.http.post(`/v1/fact-suggestions/${rejected}/reject`).set(bearer(a.session)).send({})).status).toBe(200);
  const first = await suggest(a.session, ada, 'Ada leads the analytics project', [adaNote]);
  const hidden = await suggest(a.session, ada, 'Ada is moving to Paris', [secret]);
  const last = await suggest(a.readWriteKey, grace, 'Grace wrote the first compiler', [graceNote]);
  const mentionsAda = (await createMemory(t, a.session, { text: 'Lunch with Ada Lovelace on Friday.' })).id;
  const mentionsGrace = (await createMemory(t, a.session, { text: 'Grace Hopper gave the keynote.' })).id;
  const secretMention = (await createMemory(t, a.session, { text: 'Ada Lovelace owes me a favour.', sensitivity: 'secret' })).id;
  return { a, ada, grace, rejected, first, hidden, last, mentionsAda, mentionsGrace, secretMention };
}

describe('the account-wide list of Fact suggestions', () => {
  test("when the account's suggestions are listed, then every Subject's are there, newest first, and status filters them", async () => {
    const w = await world();
    const all = await get<Suggestion>(w.a.session, '/v1/fact-suggestions');
    expect(all.data.map((s) => s.id)).toEqual([w.last, w.hidden, w.first, w.rejected]);
    expect(all.data.map((s) => s.subject_id)).toEqual([w.grace, w.ada, w.ada, w.ada]);
    // The same items as each Subject's own list.
    const ofAda = await get<Suggestion>(w.a.session, `/v1/subjects/${w.ada}/fact-suggestions`);
    expect(all.data.filter((s) => s.subject_id === w.ada)).toEqual(ofAda.data);
    const pending = await get<Suggestion>(w.a.session, '/v1/fact-suggestions', { status: 'pending' });
    expect(pending.data.map((s) => s.id)).toEqual([w.last, w.hidden, w.first]);
    const rejected = await get<Suggestion>(w.a.session, '/v1/fact-suggestions', { status: 'rejected' });
    expect(rejected.data.map((s) => s.id)).toEqual([w.rejected]);
  });

  test('when the list is read a page at a time, then the cursors walk it whole, and a cursor of another list or filter is refused', async () => {
    const w = await world();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<Suggestion> = await get<Suggestion>(w.a.session, '/v1/fact-suggestions', { limit: 1, ...(cursor ? { cursor } : {}) });
      seen.push(...page.data.map((s) => s.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual([w.last, w.hidden, w.first, w.rejected]);
    const first = await get<Suggestion>(w.a.session, '/v1/fact-suggestions', { limit: 1 });
    const otherFilter = await t.http.get('/v1/fact-suggestions').query({ status: 'pending', cursor: first.next_cursor! }).set(bearer(w.a.session));
    expectError(otherFilter, 400, 'invalid_cursor');
    const subjectCursor = (await get<Suggestion>(w.a.session, `/v1/subjects/${w.ada}/fact-suggestions`, { limit: 1 })).next_cursor!;
    expectError(await t.http.get('/v1/fact-suggestions').query({ cursor: subjectCursor }).set(bearer(w.a.session)), 400, 'invalid_cursor');
  });

  test("when an API key lists them, then a suggestion drawn from secret Memories alone is not there, nor is another account's", async () => {
    const w = await world();
    const other = await world();
    for (const token of [w.a.readOnlyKey, w.a.readWriteKey]) {
      const list = await get<Suggestion>(token, '/v1/fact-suggestions', { status: 'pending' });
      expect(list.data.map((s) => s.id)).toEqual([w.last, w.first]);
    }
    const session = await get<Suggestion>(w.a.session, '/v1/fact-suggestions');
    expect(session.data.map((s) => s.id)).not.toContain(other.first);
  });

  test('when the status is not one of the statuses, then it is 400 invalid_request naming the parameter, and over MCP naming the argument', async () => {
    const w = await world();
    const rest = await t.http.get('/v1/fact-suggestions').query({ status: 'maybe' }).set(bearer(w.a.readOnlyKey));
    expectError(rest, 400, 'invalid_request');
    expect(rest.body.error.details.errors.map((e: { path: string }) => e.path)).toEqual(['/query/status']);
    const client = await t.connect(w.a.readOnlyKey);
    expectSameError(await callError(client, 'list_account_fact_suggestions', { status: 'maybe' }), rest);
  });
});

describe('the account-wide list of Memory insights', () => {
  test("when the account's insights are listed, then every Subject's pending ones are there, oldest first, and a dismissed one is not", async () => {
    const w = await world();
    const all = await get<Insight>(w.a.session, '/v1/memory-insights');
    const mentions = all.data.filter((i) => i.kind === 'unlinked_mention').map((i) => [i.subject_id, i.memory_ids]);
    expect(mentions).toEqual([
      [w.ada, [w.mentionsAda]],
      [w.grace, [w.mentionsGrace]],
      [w.ada, [w.secretMention]],
    ]);
    const ofAda = await get<Insight>(w.a.session, `/v1/subjects/${w.ada}/memory-insights`);
    expect(all.data.filter((i) => i.subject_id === w.ada)).toEqual(ofAda.data);
    const dismissed = all.data[0]!;
    expect((await t.http.post(`/v1/memory-insights/${dismissed.id}/dismiss`).set(bearer(w.a.session)).send({})).status).toBe(200);
    expect((await get<Insight>(w.a.session, '/v1/memory-insights')).data.map((i) => i.id)).toEqual(all.data.slice(1).map((i) => i.id));
  });

  test("when an API key lists them, then an insight about a secret Memory is not there, nor is another account's", async () => {
    const w = await world();
    const other = await world();
    const list = await get<Insight>(w.a.readOnlyKey, '/v1/memory-insights');
    const memories = list.data.flatMap((i) => i.memory_ids);
    expect(memories).toEqual(expect.arrayContaining([w.mentionsAda, w.mentionsGrace]));
    expect(memories).not.toContain(w.secretMention);
    expect(memories).not.toContain(other.mentionsAda);
  });

  test('when the lists are read over MCP, then the tools answer as the routes do', async () => {
    const w = await world();
    const client: Client = await t.connect(w.a.readOnlyKey);
    const insights = await callOk(client, 'list_account_memory_insights', { limit: 2 });
    const rest = await get<Insight>(w.a.readOnlyKey, '/v1/memory-insights', { limit: 2 });
    expect({ ...insights }).toEqual(rest);
    const suggestions = await callOk(client, 'list_account_fact_suggestions', { status: 'pending' });
    expect({ ...suggestions }).toEqual(await get<Suggestion>(w.a.readOnlyKey, '/v1/fact-suggestions', { status: 'pending' }));
  });
});
