import { randomBytes } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { bearer, type TestAccount } from '../support/app';
import { must } from '../support/assertions';
import { callError, callOk, startMcpTestApp, type McpTestApp } from './helpers';
import { expectSameError } from './rest-parity';

/*
 * Subjects, links, two-step deletion, Facts, suggestions and insights through the MCP tools,
 * and the refusals a tool call shares with the REST request of the same input.
 */

let app: McpTestApp;
beforeAll(async () => {
  app = await startMcpTestApp();
});
afterAll(async () => {
  await app.close();
});

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SUBJECT_ID = /^sub_[0-9A-HJKMNP-TV-Z]{26}$/;
const SUGGESTION_ID = /^fsg_[0-9A-HJKMNP-TV-Z]{26}$/;
const FACT_ID = /^fct_[0-9A-HJKMNP-TV-Z]{26}$/;
const INSIGHT_ID = /^ins_[0-9A-HJKMNP-TV-Z]{26}$/;

const word = () => `w${randomBytes(5).toString('hex')}`;

interface Clients {
  readonly account: TestAccount;
  readonly rw: Client;
  readonly ro: Client;
}

async function clientsOf(account: TestAccount): Promise<Clients> {
  return { account, rw: await app.connect(account.readWriteKey), ro: await app.connect(account.readOnlyKey) };
}

async function newAccount(): Promise<Clients> {
  return clientsOf(await app.account());
}

async function restMemory(token: string, body: Record<string, unknown>): Promise<string> {
  const res = must(await app.http.post('/v1/memories').set(bearer(token)).send(body), 201, 'creating a Memory');
  return res.body.data.id;
}

async function restSubject(token: string, body: Record<string, unknown>): Promise<string> {
  const res = must(await app.http.post('/v1/subjects').set(bearer(token)).send(body), 201, 'creating a Subject');
  return res.body.data.id;
}

async function restLink(token: string, subjectId: string, memoryId: string): Promise<void> {
  must(await app.http.post(`/v1/subjects/${subjectId}/memories`).set(bearer(token)).send({ memory_id: memoryId }), 201, 'linking');
}

describe('Subjects over MCP', () => {
  test('create_subject, get_subject, update_subject and list_subjects answer what REST answers', async () => {
    const { account, rw, ro } = await newAccount();
    const name = `Ada ${word()}`;
    const alias = `Countess ${word()}`;

    const created = await callOk(rw, 'create_subject', { name, kind: 'person', aliases: [alias], description: 'Mathematician.' });
    expect(created.data).toEqual({
      id: expect.stringMatching(SUBJECT_ID),
      name,
      kind: 'person',
      aliases: [alias],
      description: 'Mathematician.',
      memory_count: 0,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    const id: string = created.data.id;

    const got = await callOk(ro, 'get_subject', { subject_id: id });
    const rest = must(await app.http.get(`/v1/subjects/${id}`).set(bearer(account.readOnlyKey)), 200, 'get subject');
    expect(got).toEqual(rest.body);
    expect(got.data).toEqual(created.data);

    const updated = await callOk(rw, 'update_subject', { subject_id: id, description: 'First programmer.', kind: 'person' });
    expect(updated.data).toMatchObject({ id, name, aliases: [alias], description: 'First programmer.' });
    expect((await callOk(ro, 'get_subject', { subject_id: id })).data.description).toBe('First programmer.');

    await callOk(rw, 'create_subject', { name: `Other ${word()}`, kind: 'project' });
    // By an alias, case-insensitively.
    const byAlias = await callOk(ro, 'list_subjects', { q: alias.toUpperCase() });
    expect(byAlias.data.map((s: { id: string }) => s.id)).toEqual([id]);
    const restByAlias = must(
      await app.http.get('/v1/subjects').query({ q: alias.toUpperCase() }).set(bearer(account.readOnlyKey)),
      200,
      'list subjects',
    );
    expect(byAlias).toEqual(restByAlias.body);

    const people = await callOk(ro, 'list_subjects', { kind: 'person' });
    expect(people.data.map((s: { id: string }) => s.id)).toEqual([id]);
    expect(people.next_cursor).toBeNull();

    const paged = await callOk(ro, 'list_subjects', { limit: 1 });
    expect(paged.data).toHaveLength(1);
    expect(typeof paged.next_cursor).toBe('string');
    const second = await callOk(ro, 'list_subjects', { limit: 1, cursor: paged.next_cursor });
    expect(second.data).toHaveLength(1);
    expect(second.data[0].id).not.toBe(paged.data[0].id);
    expect(second.next_cursor).toBeNull();
  });

  test('a duplicate name is refused with the REST error (duplicate_subject)', async () => {
    const { account, rw } = await newAccount();
    const name = `Grace ${word()}`;
    await callOk(rw, 'create_subject', { name });
    const mcp = await callError(rw, 'create_subject', { name: name.toUpperCase() });
    const rest = await app.http.post('/v1/subjects').set(bearer(account.readWriteKey)).send({ name: name.toUpperCase() });
    expectSameError(mcp, rest, 'duplicate_subject');
    expect(mcp.status).toBe(400);
  });
});

describe('links over MCP', () => {
  test('link_memory, list_subject_memories, list_memory_subjects and unlink_memory', async () => {
    const { account, rw, ro } = await newAccount();
    const subjectId: string = (await callOk(rw, 'create_subject', { name: `Project ${word()}`, kind: 'project' })).data.id;
    const memory = await callOk(rw, 'create_memory', { text: 'The deploy window is Tuesday morning.', type: 'decision' });
    const memoryId: string = memory.data.id;

    const linked = await callOk(rw, 'link_memory', { subject_id: subjectId, memory_id: memoryId });
    expect(linked.data).toEqual({ subject_id: subjectId, memory_id: memoryId, created_at: expect.stringMatching(TIMESTAMP) });
    // Linking again answers the existing link (REST: 200 with the same body).
    expect(await callOk(rw, 'link_memory', { subject_id: subjectId, memory_id: memoryId })).toEqual(linked);
    const restAgain = must(
      await app.http.post(`/v1/subjects/${subjectId}/memories`).set(bearer(account.readWriteKey)).send({ memory_id: memoryId }),
      200,
      'link again',
    );
    expect(restAgain.body).toEqual(linked);

    expect((await callOk(ro, 'get_subject', { subject_id: subjectId })).data.memory_count).toBe(1);

    const memories = await callOk(ro, 'list_subject_memories', { subject_id: subjectId });
    expect(memories.data.map((m: { id: string }) => m.id)).toEqual([memoryId]);
    const restMemories = must(
      await app.http.get(`/v1/subjects/${subjectId}/memories`).set(bearer(account.readOnlyKey)),
      200,
      'list subject memories',
    );
    expect(memories).toEqual(restMemories.body);

    const subjects = await callOk(ro, 'list_memory_subjects', { id: memoryId });
    expect(subjects.data.map((s: { id: string }) => s.id)).toEqual([subjectId]);
    const restSubjects = must(await app.http.get(`/v1/memories/${memoryId}/subjects`).set(bearer(account.readOnlyKey)), 200, 'list');
    expect(subjects).toEqual(restSubjects.body);

    const unlinked = await callOk(rw, 'unlink_memory', { subject_id: subjectId, memory_id: memoryId });
    expect(unlinked.data).toEqual({ subject_id: subjectId, memory_id: memoryId, deleted: true });
    expect((await callOk(ro, 'list_subject_memories', { subject_id: subjectId })).data).toEqual([]);
    expect((await callOk(ro, 'list_memory_subjects', { id: memoryId })).data).toEqual([]);
    expect((await callOk(ro, 'get_subject', { subject_id: subjectId })).data.memory_count).toBe(0);

    // A second unlink finds no link, as over REST.
    const mcp = await callError(rw, 'unlink_memory', { subject_id: subjectId, memory_id: memoryId });
    const rest = await app.http.delete(`/v1/subjects/${subjectId}/memories/${memoryId}`).set(bearer(account.readWriteKey));
    expectSameError(mcp, rest, 'link_not_found');
  });
});

describe('two-step deletion over MCP', () => {
  test('prepare_subject_deletion then delete_subject with the token deletes the Subject and keeps its Memories', async () => {
    const { account, rw, ro } = await newAccount();
    const name = `Zebulon ${word()}`;
    const subjectId: string = (await callOk(rw, 'create_subject', { name, kind: 'person' })).data.id;
    const m1 = await restMemory(account.readWriteKey, { text: `${name} likes green tea.` });
    const m2 = await restMemory(account.readWriteKey, { text: 'A second, unrelated note.' });
    await callOk(rw, 'link_memory', { subject_id: subjectId, memory_id: m1 });
    await callOk(rw, 'link_memory', { subject_id: subjectId, memory_id: m2 });
    await callOk(rw, 'suggest_fact', { subject_id: subjectId, statement: 'Likes green tea', source_memory_ids: [m1] });

    const prepared = await callOk(rw, 'prepare_subject_deletion', { subject_id: subjectId });
    expect(prepared.data).toEqual({
      subject_id: subjectId,
      confirmation_token: expect.any(String),
      expires_at: expect.stringMatching(TIMESTAMP),
      impact: { linked_memories: 2, facts: 0, fact_suggestions: 1, insights: 0 },
    });
    const token: string = prepared.data.confirmation_token;

    // Without a token, and with a wrong one: refused with REST's error, and nothing is deleted.
    const noToken = await callError(rw, 'delete_subject', { subject_id: subjectId });
    expectSameError(noToken, await app.http.delete(`/v1/subjects/${subjectId}`).set(bearer(account.readWriteKey)), 'confirmation_required');
    const wrong = `${token.slice(0, -2)}xx`;
    const wrongToken = await callError(rw, 'delete_subject', { subject_id: subjectId, confirmation_token: wrong });
    expectSameError(
      wrongToken,
      await app.http.delete(`/v1/subjects/${subjectId}`).query({ confirmation_token: wrong }).set(bearer(account.readWriteKey)),
      'invalid_confirmation',
    );
    const garbage = await callError(rw, 'delete_subject', { subject_id: subjectId, confirmation_token: 'not-a-real-token' });
    expectSameError(
      garbage,
      await app.http.delete(`/v1/subjects/${subjectId}`).query({ confirmation_token: 'not-a-real-token' }).set(bearer(account.readWriteKey)),
      'invalid_confirmation',
    );
    expect((await callOk(ro, 'get_subject', { subject_id: subjectId })).data.memory_count).toBe(2);

    const deleted = await callOk(rw, 'delete_subject', { subject_id: subjectId, confirmation_token: token });
    expect(deleted.data).toEqual({ id: subjectId, deleted: true });

    const gone = await callError(ro, 'get_subject', { subject_id: subjectId });
    expectSameError(gone, await app.http.get(`/v1/subjects/${subjectId}`).set(bearer(account.readOnlyKey)), 'subject_not_found');
    for (const memoryId of [m1, m2]) {
      expect((await callOk(ro, 'get_memory', { id: memoryId })).data.id).toBe(memoryId);
      expect((await callOk(ro, 'list_memory_subjects', { id: memoryId })).data).toEqual([]);
    }
  });

  test("a token from another Subject is refused like over REST; a token prepared over REST works over MCP (single use)", async () => {
    const { account, rw } = await newAccount();
    const s1 = await restSubject(account.readWriteKey, { name: `First ${word()}` });
    const s2 = await restSubject(account.readWriteKey, { name: `Second ${word()}` });
    const t1: string = (await callOk(rw, 'prepare_subject_deletion', { subject_id: s1 })).data.confirmation_token;
    const t2res = must(await app.http.post(`/v1/subjects/${s2}/deletion/prepare`).set(bearer(account.readWriteKey)), 200, 'prepare');
    const t2: string = t2res.body.data.confirmation_token;

    const crossed = await callError(rw, 'delete_subject', { subject_id: s2, confirmation_token: t1 });
    expectSameError(
      crossed,
      await app.http.delete(`/v1/subjects/${s2}`).query({ confirmation_token: t1 }).set(bearer(account.readWriteKey)),
      'invalid_confirmation',
    );

    expect((await callOk(rw, 'delete_subject', { subject_id: s2, confirmation_token: t2 })).data).toEqual({ id: s2, deleted: true });
    expect((await callOk(rw, 'delete_subject', { subject_id: s1, confirmation_token: t1 })).data).toEqual({ id: s1, deleted: true });
    // Used: the Subject is gone now.
    const again = await callError(rw, 'delete_subject', { subject_id: s1, confirmation_token: t1 });
    expectSameError(
      again,
      await app.http.delete(`/v1/subjects/${s1}`).query({ confirmation_token: t1 }).set(bearer(account.readWriteKey)),
      'subject_not_found',
    );
  });

  test('a link made after prepare makes the token stale, with the same error as REST', async () => {
    const { account, rw } = await newAccount();
    const subjectId = await restSubject(account.readWriteKey, { name: `Stale ${word()}` });
    const token: string = (await callOk(rw, 'prepare_subject_deletion', { subject_id: subjectId })).data.confirmation_token;
    const late = await restMemory(account.readWriteKey, { text: 'A note linked after prepare.' });
    await callOk(rw, 'link_memory', { subject_id: subjectId, memory_id: late });

    const mcp = await callError(rw, 'delete_subject', { subject_id: subjectId, confirmation_token: token });
    const rest = await app.http.delete(`/v1/subjects/${subjectId}`).query({ confirmation_token: token }).set(bearer(account.readWriteKey));
    expectSameError(mcp, rest, 'confirmation_stale');
  });
});

describe('Facts, suggestions and insights over MCP', () => {
  test('suggest_fact and list_fact_suggestions; after the session accepts, list_subject_facts shows the Fact', async () => {
    const { account, rw, ro } = await newAccount();
    const subjectId: string = (await callOk(rw, 'create_subject', { name: `Ada ${word()}`, kind: 'person' })).data.id;
    const m1 = await restMemory(account.readWriteKey, { text: 'Ada leads the analytical engine project.' });
    const m2 = await restMemory(account.readWriteKey, { text: 'Ada prefers tea to coffee.' });
    await callOk(rw, 'link_memory', { subject_id: subjectId, memory_id: m1 });
    await callOk(rw, 'link_memory', { subject_id: subjectId, memory_id: m2 });

    const made = await callOk(rw, 'suggest_fact', {
      subject_id: subjectId,
      statement: 'Ada leads the project',
      source_memory_ids: [m1],
      note: 'From the kickoff notes.',
    });
    expect((made as { created?: boolean }).created).toBe(true);
    expect(made.data).toMatchObject({
      id: expect.stringMatching(SUGGESTION_ID),
      subject_id: subjectId,
      statement: 'Ada leads the project',
      sources: [{ memory_id: m1 }],
      status: 'pending',
    });
    const suggestionId: string = made.data.id;

    // The same statement again, folded: the pending suggestion, created: false.
    const again = await callOk(rw, 'suggest_fact', { subject_id: subjectId, statement: '  ada LEADS the project ', source_memory_ids: [m2] });
    expect((again as { created?: boolean }).created).toBe(false);
    expect(again.data.id).toBe(suggestionId);

    const listed = await callOk(ro, 'list_fact_suggestions', { subject_id: subjectId });
    expect(listed.data.map((s: { id: string; status: string }) => [s.id, s.status])).toEqual([[suggestionId, 'pending']]);
    const restListed = must(
      await app.http.get(`/v1/subjects/${subjectId}/fact-suggestions`).set(bearer(account.readOnlyKey)),
      200,
      'list suggestions',
    );
    expect(listed).toEqual(restListed.body);
    expect((await callOk(ro, 'list_subject_facts', { subject_id: subjectId })).data).toEqual([]);

    const accepted = must(
      await app.http.post(`/v1/fact-suggestions/${suggestionId}/accept`).set(bearer(account.session)),
      200,
      'accept',
    );
    const factId: string = accepted.body.data.fact.id;
    expect(factId).toMatch(FACT_ID);

    const facts = await callOk(ro, 'list_subject_facts', { subject_id: subjectId });
    expect(facts.data).toEqual([
      {
        id: factId,
        subject_id: subjectId,
        statement: 'Ada leads the project',
        sources: [{ memory_id: m1 }],
        accepted_at: expect.stringMatching(TIMESTAMP),
        created_at: expect.stringMatching(TIMESTAMP),
        valid_from: expect.stringMatching(TIMESTAMP),
        valid_until: null,
        superseded_by: null,
      },
    ]);
    const restFacts = must(await app.http.get(`/v1/subjects/${subjectId}/facts`).set(bearer(account.readOnlyKey)), 200, 'facts');
    expect(facts).toEqual(restFacts.body);

    expect((await callOk(ro, 'list_fact_suggestions', { subject_id: subjectId, status: 'accepted' })).data.map((s: { id: string }) => s.id)).toEqual([
      suggestionId,
    ]);
    expect((await callOk(ro, 'list_fact_suggestions', { subject_id: subjectId, status: 'pending' })).data).toEqual([]);

    // The statement is a reviewed Fact now.
    const exists = await callError(rw, 'suggest_fact', { subject_id: subjectId, statement: 'Ada leads the project', source_memory_ids: [m2] });
    const restExists = await app.http
      .post(`/v1/subjects/${subjectId}/fact-suggestions`)
      .set(bearer(account.readWriteKey))
      .send({ statement: 'Ada leads the project', source_memory_ids: [m2] });
    expectSameError(exists, restExists, 'fact_exists');

    // A source that is not linked to the Subject.
    const loose = await restMemory(account.readWriteKey, { text: 'Mentioned in passing.' });
    const notLinked = await callError(rw, 'suggest_fact', { subject_id: subjectId, statement: 'Something new', source_memory_ids: [m2, loose] });
    const restNotLinked = await app.http
      .post(`/v1/subjects/${subjectId}/fact-suggestions`)
      .set(bearer(account.readWriteKey))
      .send({ statement: 'Something new', source_memory_ids: [m2, loose] });
    expectSameError(notLinked, restNotLinked, 'source_not_linked');
    expect(notLinked.details).toEqual({ memory_ids: [loose] });
  });

  test('suggest_fact takes supersedes and list_subject_facts takes as_of and include_superseded, answering what REST answers', async () => {
    const { account, rw, ro } = await newAccount();
    const subjectId = await restSubject(account.readWriteKey, { name: `Ada ${word()}` });
    const m1 = await restMemory(account.readWriteKey, { text: 'Ada moved to Paris.' });
    await restLink(account.readWriteKey, subjectId, m1);
    const accept = async (id: string) =>
      must(await app.http.post(`/v1/fact-suggestions/${id}/accept`).set(bearer(account.session)), 200, 'accept').body.data.fact;

    const first = await callOk(rw, 'suggest_fact', { subject_id: subjectId, statement: 'Ada lives in London', source_memory_ids: [m1] });
    const old = await accept(first.data.id);
    const second = await callOk(rw, 'suggest_fact', {
      subject_id: subjectId,
      statement: 'Ada lives in Paris',
      source_memory_ids: [m1],
      supersedes: old.id,
    });
    expect(second.data.supersedes).toBe(old.id);
    const current = await accept(second.data.id);

    const queries = [{}, { include_superseded: true }, { as_of: old.accepted_at }, { as_of: current.accepted_at }];
    const listed = [];
    for (const query of queries) {
      const tool = await callOk(ro, 'list_subject_facts', { subject_id: subjectId, ...query });
      const rest = must(await app.http.get(`/v1/subjects/${subjectId}/facts`).query(query).set(bearer(account.readOnlyKey)), 200, 'facts');
      expect(tool).toEqual(rest.body);
      listed.push(tool.data.map((f: { id: string }) => f.id));
    }
    expect(listed).toEqual([[current.id], [current.id, old.id], [old.id], [current.id]]);

    const both = { as_of: current.accepted_at, include_superseded: true };
    const refused = await callError(ro, 'list_subject_facts', { subject_id: subjectId, ...both });
    const restRefused = await app.http.get(`/v1/subjects/${subjectId}/facts`).query(both).set(bearer(account.readOnlyKey));
    expectSameError(refused, restRefused, 'invalid_request');

    // The superseded Fact cannot be superseded again, over MCP as over REST.
    const again = { subject_id: subjectId, statement: 'Ada lives in Rome', source_memory_ids: [m1], supersedes: old.id };
    const stale = await callError(rw, 'suggest_fact', again);
    const { subject_id: _, ...body } = again;
    const restStale = await app.http.post(`/v1/subjects/${subjectId}/fact-suggestions`).set(bearer(account.readWriteKey)).send(body);
    expectSameError(stale, restStale, 'invalid_request');
  });

  test('list_memory_insights shows an unlinked mention and a likely duplicate, as REST lists them; linking clears the mention', async () => {
    const { account, rw, ro } = await newAccount();
    const name = `Quillon ${word()}`;
    const subjectId: string = (await callOk(rw, 'create_subject', { name, kind: 'person' })).data.id;
    const d1 = await restMemory(account.readWriteKey, { text: 'Prefers morning meetings with short agendas.' });
    const d2 = await restMemory(account.readWriteKey, { text: 'prefers morning meetings, with short agendas!' });
    await callOk(rw, 'link_memory', { subject_id: subjectId, memory_id: d1 });
    await callOk(rw, 'link_memory', { subject_id: subjectId, memory_id: d2 });
    const mention: string = (await callOk(rw, 'create_memory', { text: `Met ${name} at the station.` })).data.id;

    const listed = await callOk(ro, 'list_memory_insights', { subject_id: subjectId });
    expect(listed.data.map((i: { kind: string; memory_ids: string[] }) => [i.kind, i.memory_ids])).toEqual(
      expect.arrayContaining([
        ['unlinked_mention', [mention]],
        ['possible_duplicate', [d1, d2].sort()],
      ]),
    );
    expect(listed.data).toHaveLength(2);
    for (const insight of listed.data) {
      expect(insight).toEqual({
        id: expect.stringMatching(INSIGHT_ID),
        subject_id: subjectId,
        kind: insight.kind,
        status: 'pending',
        summary: expect.any(String),
        memory_ids: insight.memory_ids,
        created_at: expect.stringMatching(TIMESTAMP),
      });
    }
    const rest = must(await app.http.get(`/v1/subjects/${subjectId}/memory-insights`).set(bearer(account.readOnlyKey)), 200, 'insights');
    expect(listed).toEqual(rest.body);

    await callOk(rw, 'link_memory', { subject_id: subjectId, memory_id: mention });
    const after = await callOk(ro, 'list_memory_insights', { subject_id: subjectId });
    expect(after.data.map((i: { kind: string }) => i.kind)).toEqual(['possible_duplicate']);
  });
});

describe('refusals shared with REST', () => {
  /** Another account (bob) with a Subject and a linked Memory; alice with her own. */
  async function twoAccounts() {
    const alice = await newAccount();
    const bob = await app.account();
    const aliceSubject = await restSubject(alice.account.readWriteKey, { name: `Alice's ${word()}` });
    const aliceMemory = await restMemory(alice.account.readWriteKey, { text: 'Alice wrote this.' });
    await restLink(alice.account.readWriteKey, aliceSubject, aliceMemory);
    const bobSubject = await restSubject(bob.readWriteKey, { name: `Bob's ${word()}` });
    const bobMemory = await restMemory(bob.readWriteKey, { text: 'Bob wrote this.' });
    await restLink(bob.readWriteKey, bobSubject, bobMemory);
    return { alice, bob, aliceSubject, aliceMemory, bobSubject, bobMemory };
  }

  test("another account's Subject is subject_not_found for every Subject tool, with REST's message", async () => {
    const { alice, aliceMemory, bobSubject } = await twoAccounts();
    const key = alice.account.readWriteKey;
    const cases: Array<[string, Record<string, unknown>, () => Promise<import('supertest').Response>]> = [
      ['get_subject', { subject_id: bobSubject }, () => app.http.get(`/v1/subjects/${bobSubject}`).set(bearer(key))],
      [
        'update_subject',
        { subject_id: bobSubject, description: 'Taken over.' },
        () => app.http.patch(`/v1/subjects/${bobSubject}`).set(bearer(key)).send({ description: 'Taken over.' }),
      ],
      ['list_subject_memories', { subject_id: bobSubject }, () => app.http.get(`/v1/subjects/${bobSubject}/memories`).set(bearer(key))],
      [
        'link_memory',
        { subject_id: bobSubject, memory_id: aliceMemory },
        () => app.http.post(`/v1/subjects/${bobSubject}/memories`).set(bearer(key)).send({ memory_id: aliceMemory }),
      ],
      [
        'unlink_memory',
        { subject_id: bobSubject, memory_id: aliceMemory },
        () => app.http.delete(`/v1/subjects/${bobSubject}/memories/${aliceMemory}`).set(bearer(key)),
      ],
      [
        'prepare_subject_deletion',
        { subject_id: bobSubject },
        () => app.http.post(`/v1/subjects/${bobSubject}/deletion/prepare`).set(bearer(key)),
      ],
      [
        'delete_subject',
        { subject_id: bobSubject, confirmation_token: 'whatever' },
        () => app.http.delete(`/v1/subjects/${bobSubject}`).query({ confirmation_token: 'whatever' }).set(bearer(key)),
      ],
      ['list_subject_facts', { subject_id: bobSubject }, () => app.http.get(`/v1/subjects/${bobSubject}/facts`).set(bearer(key))],
      [
        'list_fact_suggestions',
        { subject_id: bobSubject },
        () => app.http.get(`/v1/subjects/${bobSubject}/fact-suggestions`).set(bearer(key)),
      ],
      [
        'suggest_fact',
        { subject_id: bobSubject, statement: 'Bob is mine now', source_memory_ids: [aliceMemory] },
        () =>
          app.http
            .post(`/v1/subjects/${bobSubject}/fact-suggestions`)
            .set(bearer(key))
            .send({ statement: 'Bob is mine now', source_memory_ids: [aliceMemory] }),
      ],
      [
        'list_memory_insights',
        { subject_id: bobSubject },
        () => app.http.get(`/v1/subjects/${bobSubject}/memory-insights`).set(bearer(key)),
      ],
      ['get_subject_context', { subject_id: bobSubject }, () => app.http.get(`/v1/subjects/${bobSubject}/context`).set(bearer(key))],
    ];
    for (const [tool, args, rest] of cases) {
      const mcp = await callError(alice.rw, tool, args);
      expect({ tool, code: mcp.code }).toEqual({ tool, code: 'subject_not_found' });
      expectSameError(mcp, await rest(), 'subject_not_found');
      expect(mcp.status).toBe(404);
    }
  });

  test("another account's Memory is memory_not_found as a link target or a listed Memory, and source_not_found as a fact source", async () => {
    const { alice, aliceSubject, bobMemory, bob, bobSubject } = await twoAccounts();
    const key = alice.account.readWriteKey;

    const link = await callError(alice.rw, 'link_memory', { subject_id: aliceSubject, memory_id: bobMemory });
    expectSameError(
      link,
      await app.http.post(`/v1/subjects/${aliceSubject}/memories`).set(bearer(key)).send({ memory_id: bobMemory }),
      'memory_not_found',
    );
    const unlink = await callError(alice.rw, 'unlink_memory', { subject_id: aliceSubject, memory_id: bobMemory });
    expectSameError(unlink, await app.http.delete(`/v1/subjects/${aliceSubject}/memories/${bobMemory}`).set(bearer(key)), 'link_not_found');
    const listed = await callError(alice.ro, 'list_memory_subjects', { id: bobMemory });
    expectSameError(listed, await app.http.get(`/v1/memories/${bobMemory}/subjects`).set(bearer(alice.account.readOnlyKey)), 'memory_not_found');

    const source = await callError(alice.rw, 'suggest_fact', {
      subject_id: aliceSubject,
      statement: 'Borrowed from Bob',
      source_memory_ids: [bobMemory],
    });
    expectSameError(
      source,
      await app.http
        .post(`/v1/subjects/${aliceSubject}/fact-suggestions`)
        .set(bearer(key))
        .send({ statement: 'Borrowed from Bob', source_memory_ids: [bobMemory] }),
      'source_not_found',
    );
    expect(source.details).toEqual({ memory_ids: [bobMemory] });

    // Nothing changed on Bob's side.
    const bobs = must(await app.http.get(`/v1/memories/${bobMemory}/subjects`).set(bearer(bob.readOnlyKey)), 200, 'bob links');
    expect(bobs.body.data.map((s: { id: string }) => s.id)).toEqual([bobSubject]);
  });

  test('a read-only key is refused every Subject write with insufficient_key_mode, as over REST, and nothing changes', async () => {
    const { alice, aliceSubject, aliceMemory } = await twoAccounts();
    const ro = alice.account.readOnlyKey;
    const other = await restMemory(alice.account.readWriteKey, { text: 'Not linked yet.' });
    const cases: Array<[string, Record<string, unknown>, () => Promise<import('supertest').Response>]> = [
      ['create_subject', { name: 'Read-only attempt' }, () => app.http.post('/v1/subjects').set(bearer(ro)).send({ name: 'Read-only attempt' })],
      [
        'update_subject',
        { subject_id: aliceSubject, description: 'Changed.' },
        () => app.http.patch(`/v1/subjects/${aliceSubject}`).set(bearer(ro)).send({ description: 'Changed.' }),
      ],
      [
        'link_memory',
        { subject_id: aliceSubject, memory_id: other },
        () => app.http.post(`/v1/subjects/${aliceSubject}/memories`).set(bearer(ro)).send({ memory_id: other }),
      ],
      [
        'unlink_memory',
        { subject_id: aliceSubject, memory_id: aliceMemory },
        () => app.http.delete(`/v1/subjects/${aliceSubject}/memories/${aliceMemory}`).set(bearer(ro)),
      ],
      [
        'prepare_subject_deletion',
        { subject_id: aliceSubject },
        () => app.http.post(`/v1/subjects/${aliceSubject}/deletion/prepare`).set(bearer(ro)),
      ],
      [
        'delete_subject',
        { subject_id: aliceSubject, confirmation_token: 'whatever' },
        () => app.http.delete(`/v1/subjects/${aliceSubject}`).query({ confirmation_token: 'whatever' }).set(bearer(ro)),
      ],
      [
        'suggest_fact',
        { subject_id: aliceSubject, statement: 'Read-only fact', source_memory_ids: [aliceMemory] },
        () =>
          app.http
            .post(`/v1/subjects/${aliceSubject}/fact-suggestions`)
            .set(bearer(ro))
            .send({ statement: 'Read-only fact', source_memory_ids: [aliceMemory] }),
      ],
    ];
    for (const [tool, args, rest] of cases) {
      const mcp = await callError(alice.ro, tool, args);
      expect({ tool, code: mcp.code }).toEqual({ tool, code: 'insufficient_key_mode' });
      expectSameError(mcp, await rest(), 'insufficient_key_mode');
      expect(mcp.status).toBe(403);
    }

    const subject = await callOk(alice.ro, 'get_subject', { subject_id: aliceSubject });
    expect(subject.data).toMatchObject({ memory_count: 1, description: '' });
    expect((await callOk(alice.ro, 'list_subjects', {})).data).toHaveLength(1);
    expect((await callOk(alice.ro, 'list_fact_suggestions', { subject_id: aliceSubject })).data).toEqual([]);
  });

  test('a secret Memory does not exist for an API key: not a link target, not a fact source, not listed', async () => {
    const { account, rw, ro } = await newAccount();
    const key = account.readWriteKey;
    const subjectId = await restSubject(key, { name: `Vault ${word()}` });
    const visible = await restMemory(key, { text: 'An ordinary note about the vault.' });
    await restLink(key, subjectId, visible);
    // The session links one secret Memory; another stays unlinked.
    const linkedSecret = await restMemory(account.session, { text: 'The vault code is 4711.', sensitivity: 'secret' });
    await restLink(account.session, subjectId, linkedSecret);
    const looseSecret = await restMemory(account.session, { text: 'The spare key is under the mat.', sensitivity: 'secret' });

    const linkTarget = await callError(rw, 'link_memory', { subject_id: subjectId, memory_id: looseSecret });
    expectSameError(
      linkTarget,
      await app.http.post(`/v1/subjects/${subjectId}/memories`).set(bearer(key)).send({ memory_id: looseSecret }),
      'memory_not_found',
    );
    const relink = await callError(rw, 'link_memory', { subject_id: subjectId, memory_id: linkedSecret });
    expectSameError(
      relink,
      await app.http.post(`/v1/subjects/${subjectId}/memories`).set(bearer(key)).send({ memory_id: linkedSecret }),
      'memory_not_found',
    );

    const body = { statement: 'The vault has a code', source_memory_ids: [visible, linkedSecret] };
    const source = await callError(rw, 'suggest_fact', { subject_id: subjectId, ...body });
    expectSameError(source, await app.http.post(`/v1/subjects/${subjectId}/fact-suggestions`).set(bearer(key)).send(body), 'source_not_found');
    expect(source.details).toEqual({ memory_ids: [linkedSecret] });

    const subjectsOfSecret = await callError(ro, 'list_memory_subjects', { id: linkedSecret });
    expectSameError(
      subjectsOfSecret,
      await app.http.get(`/v1/memories/${linkedSecret}/subjects`).set(bearer(account.readOnlyKey)),
      'memory_not_found',
    );

    // The key sees one linked Memory; the session both.
    expect((await callOk(ro, 'list_subject_memories', { subject_id: subjectId })).data.map((m: { id: string }) => m.id)).toEqual([visible]);
    expect((await callOk(ro, 'get_subject', { subject_id: subjectId })).data.memory_count).toBe(1);
    const bySession = must(await app.http.get(`/v1/subjects/${subjectId}/memories`).set(bearer(account.session)), 200, 'session list');
    expect(bySession.body.data).toHaveLength(2);
    expect((await callOk(ro, 'list_fact_suggestions', { subject_id: subjectId })).data).toEqual([]);
  });

  test('a Fact or suggestion drawn from secret Memories alone does not exist for an API key: not listed, not in the Subject context, not fact_exists', async () => {
    const { account, rw, ro } = await newAccount();
    const subjectId = await restSubject(account.session, { name: `Vault ${word()}` });
    const visible = await restMemory(account.readWriteKey, { text: 'The vault is in the cellar.' });
    const secret = await restMemory(account.session, { text: 'The vault code is 4711.', sensitivity: 'secret' });
    for (const memory of [visible, secret]) await restLink(account.session, subjectId, memory);
    const session = bearer(account.session);
    const suggest = async (statement: string) =>
      must(
        await app.http.post(`/v1/subjects/${subjectId}/fact-suggestions`).set(session).send({ statement, source_memory_ids: [secret] }),
        201,
        'suggest',
      ).body.data.id as string;
    const hiddenFact = must(await app.http.post(`/v1/fact-suggestions/${await suggest('The vault has a code')}/accept`).set(session), 200, 'accept')
      .body.data.fact.id as string;
    const hiddenSuggestion = await suggest('The code has four digits');

    expect((await callOk(ro, 'list_subject_facts', { subject_id: subjectId, include_superseded: true })).data).toEqual([]);
    expect((await callOk(ro, 'list_fact_suggestions', { subject_id: subjectId })).data).toEqual([]);
    const context = await callOk(ro, 'get_subject_context', { subject_id: subjectId });
    expect(context.data.facts).toEqual([]);
    expect(JSON.stringify(context)).not.toContain(hiddenFact);

    // Suggesting either statement is a new suggestion of the key's own, as if neither existed.
    for (const statement of ['The vault has a code', 'The code has four digits']) {
      const made = await callOk(rw, 'suggest_fact', { subject_id: subjectId, statement, source_memory_ids: [visible] });
      expect((made as { created?: boolean }).created).toBe(true);
      expect(made.data.id).not.toBe(hiddenSuggestion);
    }
    expect((await callOk(ro, 'list_fact_suggestions', { subject_id: subjectId })).data).toHaveLength(2);
    const bySession = must(await app.http.get(`/v1/subjects/${subjectId}/fact-suggestions`).set(session), 200, 'session list');
    expect(bySession.body.data).toHaveLength(4);
  });
});
