import { bearer } from '../support/app';
import { must } from '../support/assertions';
import { callOk, startMcpTestApp, type McpTestApp } from './helpers';

/*
 * An agent's session over MCP with a read-write key, start to finish: load startup context and
 * keep its checkpoint, search, record a Memory, link it to a Subject, suggest a Fact backed by it,
 * then resume from the checkpoint; the user accepts the suggestion in the application and the
 * agent sees the reviewed Fact.
 */

let app: McpTestApp;
beforeAll(async () => {
  app = await startMcpTestApp();
});
afterAll(async () => {
  await app.close();
});

test('startup → search → create_memory → link_memory → suggest_fact → resume; the accepted suggestion becomes a listed Fact', async () => {
  const account = await app.account();
  // What the user already had: guidance, an instruction, and a Subject with one Memory.
  must(
    await app.http.put('/v1/context/workspace-profile').set(bearer(account.session)).send({ guidance: 'Keep answers short.' }),
    200,
    'guidance',
  );
  const earlier = must(
    await app.http.post('/v1/memories').set(bearer(account.readWriteKey)).send({ text: 'The Apollo deploy window is Tuesday 09:00 UTC.', tags: ['deploy'] }),
    201,
    'memory',
  ).body.data.id as string;
  must(
    await app.http.post('/v1/memories').set(bearer(account.readWriteKey)).send({ text: 'Reply in English.', type: 'instruction' }),
    201,
    'instruction',
  );
  const apollo = must(
    await app.http.post('/v1/subjects').set(bearer(account.readWriteKey)).send({ name: 'Apollo', kind: 'project', aliases: ['Apollo service'] }),
    201,
    'subject',
  ).body.data.id as string;
  must(await app.http.post(`/v1/subjects/${apollo}/memories`).set(bearer(account.readWriteKey)).send({ memory_id: earlier }), 201, 'link');

  const agent = await app.connect(account.readWriteKey);

  // 1. Startup context; keep the checkpoint.
  const startup = await callOk(agent, 'get_startup_context', { max_chars: 6000 });
  expect(startup.data.profile.guidance).toBe('Keep answers short.');
  expect(startup.data.instructions.map((m: { text: string }) => m.text)).toEqual(['Reply in English.']);
  expect(startup.data.subjects).toEqual([{ id: apollo, name: 'Apollo', kind: 'project', memory_count: 1, fact_count: 0 }]);
  expect(startup.data.budget.used_chars).toBeLessThanOrEqual(6000);
  const checkpoint: string = startup.data.checkpoint;

  // 2. Search for what the task needs; a typo still finds it through the fuzzy fallback.
  const hits = await callOk(agent, 'search_memories', { q: 'deploy window', limit: 5 });
  expect(hits.data.map((hit: { memory: { id: string } }) => hit.memory.id)).toEqual([earlier]);
  expect(hits.data[0]).toMatchObject({ match: 'fulltext', highlight: expect.stringContaining('<mark>') });
  const fuzzy = await callOk(agent, 'search_memories', { q: 'Apolo' });
  expect(fuzzy.data.map((hit: { memory: { id: string }; match: string }) => [hit.memory.id, hit.match])).toEqual([[earlier, 'fuzzy']]);

  // 3. Record what was learned.
  const created = await callOk(agent, 'create_memory', {
    text: 'Apollo moved its deploy window to Thursday 14:00 UTC.',
    type: 'decision',
    tags: ['deploy', 'Apollo'],
  });
  const memoryId: string = created.data.id;
  expect(created.data).toMatchObject({ type: 'decision', sensitivity: 'normal', tags: ['deploy', 'apollo'], revision: 1 });

  // 4. Find the Subject and link the new Memory to it.
  const subjects = await callOk(agent, 'list_subjects', { q: 'apollo' });
  expect(subjects.data.map((s: { id: string }) => s.id)).toEqual([apollo]);
  const linked = await callOk(agent, 'link_memory', { subject_id: apollo, memory_id: memoryId });
  expect(linked.data).toMatchObject({ subject_id: apollo, memory_id: memoryId });

  // 5. Suggest a Fact backed by the new Memory.
  const suggestion = await callOk(agent, 'suggest_fact', {
    subject_id: apollo,
    statement: 'Apollo deploys on Thursdays at 14:00 UTC',
    source_memory_ids: [memoryId],
    note: 'Replaces the Tuesday window.',
  });
  expect((suggestion as { created?: boolean }).created).toBe(true);
  expect(suggestion.data).toMatchObject({ status: 'pending', sources: [{ memory_id: memoryId }] });

  // 6. Resume from the checkpoint: the new Memory and the Subject it was linked to.
  const resumed = await callOk(agent, 'resume_context', { checkpoint });
  expect(resumed.data.memories_upserted.map((m: { id: string }) => m.id)).toEqual([memoryId]);
  expect(resumed.data.memories_upserted[0]).toMatchObject({
    text: 'Apollo moved its deploy window to Thursday 14:00 UTC.',
    text_truncated: false,
    type: 'decision',
  });
  expect(resumed.data.subjects_upserted).toEqual([{ id: apollo, name: 'Apollo', kind: 'project', memory_count: 2, fact_count: 0 }]);
  expect(resumed.data).toMatchObject({ memories_removed: [], subjects_removed: [], has_more: false });
  const linkedNow = await callOk(agent, 'list_subject_memories', { subject_id: apollo });
  expect(linkedNow.data.map((m: { id: string }) => m.id).sort()).toEqual([earlier, memoryId].sort());

  // Nothing reviewed yet.
  expect((await callOk(agent, 'list_subject_facts', { subject_id: apollo })).data).toEqual([]);
  expect((await callOk(agent, 'list_fact_suggestions', { subject_id: apollo, status: 'pending' })).data.map((s: { id: string }) => s.id)).toEqual([
    suggestion.data.id,
  ]);

  // 7. The user accepts the suggestion in the application.
  const accepted = must(
    await app.http.post(`/v1/fact-suggestions/${suggestion.data.id}/accept`).set(bearer(account.session)),
    200,
    'accept',
  );

  // 8. The agent sees the reviewed Fact, in the list and in the Subject's context.
  const facts = await callOk(agent, 'list_subject_facts', { subject_id: apollo });
  expect(facts.data).toEqual([
    {
      id: accepted.body.data.fact.id,
      subject_id: apollo,
      statement: 'Apollo deploys on Thursdays at 14:00 UTC',
      sources: [{ memory_id: memoryId }],
      accepted_at: expect.any(String),
      created_at: expect.any(String),
      valid_from: expect.any(String),
      valid_until: null,
      superseded_by: null,
    },
  ]);
  const context = await callOk(agent, 'get_subject_context', { subject_id: apollo, max_chars: 4000 });
  expect(context.data.facts.map((f: { statement: string }) => f.statement)).toEqual(['Apollo deploys on Thursdays at 14:00 UTC']);
  expect(context.data.memories.map((m: { id: string }) => m.id)).toEqual([memoryId, earlier]);

  // A fresh startup context counts the Fact on the Subject.
  const again = await callOk(agent, 'get_startup_context', { max_chars: 6000 });
  expect(again.data.subjects).toEqual([{ id: apollo, name: 'Apollo', kind: 'project', memory_count: 2, fact_count: 1 }]);
  expect(again.data.recent.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([memoryId, earlier]));
});
