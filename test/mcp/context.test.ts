import { randomBytes } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { bearer, type TestAccount } from '../support/app';
import { must } from '../support/assertions';
import { callError, callOk, startMcpTestApp, type McpTestApp } from './helpers';
import { expectSameError } from './rest-parity';
import { movableClock } from '../support/clock';

/*
 * The context tools (startup, resume, workspace profile, Subject context, Context Map) give the
 * REST answer for the same query: the same sections, the same budgets, the same exclusions.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const clock = movableClock();
let app: McpTestApp;
beforeAll(async () => {
  app = await startMcpTestApp({ clock });
});
afterAll(async () => {
  await app.close();
});
afterEach(() => clock.reset());

const codePoints = (text: string) => [...text].length;
const word = () => `w${randomBytes(5).toString('hex')}`;

/** A text of `length` code points made of words and emoji, so a cut may land next to a surrogate pair. */
function longText(length: number, prefix: string): string {
  const parts = [...prefix];
  const pieces = ['alpha ', 'beta ', '🚀 ', 'gamma ', '🧠 ', 'delta '];
  for (let i = 0; parts.length < length; i += 1) parts.push(...(pieces[i % pieces.length] as string));
  return parts.slice(0, length).join('');
}

async function restMemory(token: string, body: Record<string, unknown>): Promise<string> {
  return must(await app.http.post('/v1/memories').set(bearer(token)).send(body), 201, 'creating a Memory').body.data.id;
}

async function restSubject(token: string, body: Record<string, unknown>): Promise<string> {
  return must(await app.http.post('/v1/subjects').set(bearer(token)).send(body), 201, 'creating a Subject').body.data.id;
}

async function restLink(token: string, subjectId: string, memoryId: string): Promise<void> {
  must(await app.http.post(`/v1/subjects/${subjectId}/memories`).set(bearer(token)).send({ memory_id: memoryId }), 201, 'linking');
}

async function restGet(token: string, path: string, query: Record<string, unknown> = {}) {
  return must(
    await app.http
      .get(path)
      .query(query as Record<string, string>)
      .set(bearer(token)),
    200,
    `GET ${path}`,
  ).body;
}

/** The body without the checkpoint, which carries the time it was issued. */
function withoutCheckpoint(body: { ok: boolean; data?: Record<string, unknown> }) {
  const { checkpoint, ...data } = body.data ?? {};
  expect(typeof checkpoint).toBe('string');
  return { ...body, data };
}

interface World {
  readonly account: TestAccount;
  readonly rw: Client;
  readonly ro: Client;
  readonly subjectId: string;
  readonly normal: string;
  readonly pinned: string;
  readonly instruction: string;
  readonly long: string;
  readonly sensitive: string;
  readonly secret: string;
  readonly pinnedSecret: string;
}

/**
 * An account with guidance, a pinned Memory, an instruction, a long Memory, a sensitive and two
 * secret Memories (one pinned), all linked to one Subject with a reviewed Fact, and a second
 * Subject.
 */
async function world(): Promise<World> {
  const account = await app.account();
  const key = account.readWriteKey;
  must(
    await app.http.put('/v1/context/workspace-profile').set(bearer(account.session)).send({ guidance: 'Answer briefly; cite Memory IDs.' }),
    200,
    'guidance',
  );
  const name = `Orion ${word()}`;
  const subjectId = await restSubject(key, { name, kind: 'project', description: 'The telescope project.' });
  await restSubject(key, { name: `Side ${word()}`, kind: 'topic' });
  const normal = await restMemory(key, { text: `${name} ships in June.`, type: 'decision' });
  const pinned = await restMemory(key, { text: 'Always use UTC in reports.', pinned: true });
  const instruction = await restMemory(key, { text: 'Write commit messages in English.', type: 'instruction' });
  const long = await restMemory(key, { text: longText(3000, `${name} design notes: `) });
  const sensitive = await restMemory(key, { text: `${name} budget is tight.`, sensitivity: 'sensitive' });
  const secret = await restMemory(account.session, { text: `${name} vault code 4711.`, sensitivity: 'secret' });
  const pinnedSecret = await restMemory(account.session, { text: 'Pinned secret: safe combination.', sensitivity: 'secret', pinned: true });
  for (const memoryId of [normal, long, sensitive]) await restLink(key, subjectId, memoryId);
  await restLink(account.session, subjectId, secret);
  const suggestion = must(
    await app.http
      .post(`/v1/subjects/${subjectId}/fact-suggestions`)
      .set(bearer(key))
      .send({ statement: 'Ships in June', source_memory_ids: [normal] }),
    201,
    'suggest',
  );
  must(await app.http.post(`/v1/fact-suggestions/${suggestion.body.data.id}/accept`).set(bearer(account.session)), 200, 'accept');
  return {
    account,
    rw: await app.connect(key),
    ro: await app.connect(account.readOnlyKey),
    subjectId,
    normal,
    pinned,
    instruction,
    long,
    sensitive,
    secret,
    pinnedSecret,
  };
}

const startupIds = (data: { pinned: Array<{ id: string }>; instructions: Array<{ id: string }>; recent: Array<{ id: string }> }) =>
  [...data.pinned, ...data.instructions, ...data.recent].map((m) => m.id);

describe('get_workspace_profile', () => {
  test('answers the guidance the application set, as REST does; an account without guidance gets an empty one', async () => {
    const w = await world();
    const profile = await callOk(w.ro, 'get_workspace_profile', {});
    expect(profile.data).toEqual({ guidance: 'Answer briefly; cite Memory IDs.', updated_at: expect.any(String) });
    expect(profile).toEqual(await restGet(w.account.readOnlyKey, '/v1/context/workspace-profile'));

    const fresh = await app.account();
    const empty = await callOk(await app.connect(fresh.readOnlyKey), 'get_workspace_profile', {});
    expect(empty).toEqual(await restGet(fresh.readOnlyKey, '/v1/context/workspace-profile'));
    expect(empty.data.guidance).toBe('');
  });
});

describe('get_startup_context', () => {
  test('gives the REST sections, budget and omissions for the same query; secret Memories never appear', async () => {
    const w = await world();
    const queries: Array<Record<string, unknown>> = [
      {},
      { max_chars: 1000 },
      { max_chars: 2500 },
      { include_sensitive: true },
      { include_sensitive: true, max_chars: 32000 },
    ];
    for (const query of queries) {
      const mcp = await callOk(w.ro, 'get_startup_context', query);
      const rest = await restGet(w.account.readOnlyKey, '/v1/context/startup', query);
      expect({ query, body: withoutCheckpoint(mcp) }).toEqual({ query, body: withoutCheckpoint(rest) });

      const ids = startupIds(mcp.data);
      expect(ids).not.toContain(w.secret);
      expect(ids).not.toContain(w.pinnedSecret);
      expect(ids.includes(w.sensitive)).toBe(query.include_sensitive === true);
      const maxChars = (query.max_chars as number | undefined) ?? 8000;
      expect(mcp.data.budget.max_chars).toBe(maxChars);
      expect(mcp.data.budget.used_chars).toBeLessThanOrEqual(maxChars);
    }

    const full = await callOk(w.ro, 'get_startup_context', {});
    expect(full.data.profile).toEqual({ guidance: 'Answer briefly; cite Memory IDs.', truncated: false });
    expect(full.data.pinned.map((m: { id: string }) => m.id)).toEqual([w.pinned]);
    expect(full.data.instructions.map((m: { id: string }) => m.id)).toEqual([w.instruction]);
    const long = full.data.recent.find((m: { id: string }) => m.id === w.long);
    expect(long).toMatchObject({ text_truncated: true });
    expect(codePoints(long.text)).toBe(2000);

    // A small budget leaves things out, and says how many.
    const small = await callOk(w.ro, 'get_startup_context', { max_chars: 1000 });
    expect(small.data.budget.used_chars).toBeLessThanOrEqual(1000);
    const omitted = small.data.omitted as Record<string, number>;
    const shortened = startupIds(small.data).length < startupIds(full.data).length || Object.values(omitted).some((n) => n > 0);
    expect(shortened).toBe(true);
  });

  test('a session sees the secret Memories with include_sensitive over REST; the same key over MCP never does', async () => {
    const w = await world();
    const session = await restGet(w.account.session, '/v1/context/startup', { include_sensitive: true });
    expect(startupIds(session.data)).toEqual(expect.arrayContaining([w.secret, w.pinnedSecret]));
    const mcp = await callOk(w.rw, 'get_startup_context', { include_sensitive: true });
    expect(startupIds(mcp.data)).not.toEqual(expect.arrayContaining([w.secret]));
    expect(startupIds(mcp.data)).not.toContain(w.pinnedSecret);
  });

  test('an out-of-range max_chars is refused with invalid_request, as over REST', async () => {
    const w = await world();
    for (const maxChars of [999, 32001]) {
      const mcp = await callError(w.ro, 'get_startup_context', { max_chars: maxChars });
      const rest = await app.http.get('/v1/context/startup').query({ max_chars: maxChars }).set(bearer(w.account.readOnlyKey));
      expect({ mcp: mcp.code, rest: rest.body.error.code }).toEqual({ mcp: 'invalid_request', rest: 'invalid_request' });
      expect(mcp.status).toBe(rest.status);
    }
  });
});

describe('resume_context', () => {
  test('with the startup checkpoint, reports what changed in between, as REST does with the same checkpoint', async () => {
    const w = await world();
    const key = w.account.readWriteKey;
    const checkpoint: string = (await callOk(w.ro, 'get_startup_context', {})).data.checkpoint;

    // Nothing changed yet.
    const quiet = await callOk(w.ro, 'resume_context', { checkpoint });
    expect(quiet.data).toMatchObject({ memories_upserted: [], memories_removed: [], subjects_upserted: [], subjects_removed: [], has_more: false });

    const created: string = (await callOk(w.rw, 'create_memory', { text: 'Decided to move the launch to July.', type: 'decision' })).data.id;
    must(await app.http.patch(`/v1/memories/${w.instruction}`).set(bearer(key)).send({ text: 'Write commit messages in French.' }), 200, 'edit');
    const newSubject: string = (await callOk(w.rw, 'create_subject', { name: `Launch ${word()}`, kind: 'project' })).data.id;
    await callOk(w.rw, 'link_memory', { subject_id: newSubject, memory_id: created });
    // Invisible to keys: a new secret Memory, and a Memory turned secret (reported as removed).
    const newSecret = await restMemory(w.account.session, { text: 'Another secret.', sensitivity: 'secret' });
    must(await app.http.patch(`/v1/memories/${w.pinned}`).set(bearer(w.account.session)).send({ sensitivity: 'secret' }), 200, 'to secret');

    const mcp = await callOk(w.ro, 'resume_context', { checkpoint });
    const rest = await restGet(w.account.readOnlyKey, '/v1/context/resume', { checkpoint });
    expect(withoutCheckpoint(mcp)).toEqual(withoutCheckpoint(rest));

    expect(mcp.data.memories_upserted.map((m: { id: string }) => m.id)).toEqual([created, w.instruction]);
    expect(mcp.data.memories_upserted[1]).toMatchObject({ text: 'Write commit messages in French.', text_truncated: false });
    // A Memory created secret never existed for the key: as over REST, not even its ID shows.
    expect(mcp.data.memories_removed).toEqual([w.pinned]);
    expect(JSON.stringify(mcp)).not.toContain(newSecret);
    expect(JSON.stringify(mcp)).not.toContain('Another secret.');
    expect(mcp.data.subjects_upserted).toEqual([{ id: newSubject, name: expect.any(String), kind: 'project', memory_count: 1, fact_count: 0 }]);
    expect(mcp.data.subjects_removed).toEqual([]);
    expect(mcp.data.has_more).toBe(false);
    expect(mcp.data.budget.used_chars).toBeLessThanOrEqual(8000);

    // The new checkpoint starts after these changes.
    const next = await callOk(w.ro, 'resume_context', { checkpoint: mcp.data.checkpoint });
    expect(next.data).toMatchObject({ memories_upserted: [], memories_removed: [], subjects_upserted: [], subjects_removed: [] });
  });

  test('max_chars and include_sensitive bound resume as over REST', async () => {
    const w = await world();
    const checkpoint: string = (await callOk(w.ro, 'get_startup_context', {})).data.checkpoint;
    const texts = [longText(1500, 'First long change: '), longText(1500, 'Second long change: ')];
    for (const text of texts) await callOk(w.rw, 'create_memory', { text });
    await callOk(w.rw, 'create_memory', { text: 'A sensitive change.', sensitivity: 'sensitive' });

    for (const query of [{ max_chars: 1000 }, { max_chars: 2000 }, { include_sensitive: true }, {}]) {
      const mcp = await callOk(w.ro, 'resume_context', { checkpoint, ...query });
      const rest = await restGet(w.account.readOnlyKey, '/v1/context/resume', { checkpoint, ...query });
      expect({ query, body: withoutCheckpoint(mcp) }).toEqual({ query, body: withoutCheckpoint(rest) });
      const maxChars = (query as { max_chars?: number }).max_chars ?? 8000;
      expect(mcp.data.budget).toEqual({ max_chars: maxChars, used_chars: expect.any(Number) });
      expect(mcp.data.budget.used_chars).toBeLessThanOrEqual(maxChars);
      const sensitiveShown = mcp.data.memories_upserted.some((m: { sensitivity: string }) => m.sensitivity === 'sensitive');
      expect(sensitiveShown).toBe((query as { include_sensitive?: boolean }).include_sensitive === true);
    }

    // A budget of 1,000 holds the first change (shortened), and has_more invites another call.
    const first = await callOk(w.ro, 'resume_context', { checkpoint, max_chars: 1000 });
    expect(first.data.memories_upserted).toHaveLength(1);
    expect(first.data.memories_upserted[0].text_truncated).toBe(true);
    expect(first.data.has_more).toBe(true);
  });

  test('a tampered, foreign, garbage or expired checkpoint gets the REST error', async () => {
    const w = await world();
    const checkpoint: string = (await callOk(w.ro, 'get_startup_context', {})).data.checkpoint;
    const other = await app.account();
    const foreign: string = (await restGet(other.readOnlyKey, '/v1/context/startup')).data.checkpoint;
    const swap = (c: string) => (c === 'A' ? 'B' : 'A');
    const tamperedStart = `${checkpoint.slice(0, 3)}${swap(checkpoint[3] as string)}${checkpoint.slice(4)}`;
    const end = checkpoint.length - 2;
    const tamperedEnd = `${checkpoint.slice(0, end)}${swap(checkpoint[end] as string)}${checkpoint.slice(end + 1)}`;

    for (const candidate of [tamperedStart, tamperedEnd, `${checkpoint}.x`, checkpoint.slice(0, -1), foreign, 'garbage']) {
      const mcp = await callError(w.ro, 'resume_context', { checkpoint: candidate });
      const rest = await app.http.get('/v1/context/resume').query({ checkpoint: candidate }).set(bearer(w.account.readOnlyKey));
      expectSameError(mcp, rest, 'invalid_checkpoint');
    }

    // Missing: the argument is required, as the query parameter is.
    const missing = await callError(w.ro, 'resume_context', {});
    const restMissing = await app.http.get('/v1/context/resume').set(bearer(w.account.readOnlyKey));
    expect({ mcp: missing.code, rest: restMissing.body.error.code }).toEqual({ mcp: 'invalid_request', rest: 'invalid_request' });

    clock.advance(31 * DAY_MS);
    const expired = await callError(w.ro, 'resume_context', { checkpoint });
    const restExpired = await app.http.get('/v1/context/resume').query({ checkpoint }).set(bearer(w.account.readOnlyKey));
    expectSameError(expired, restExpired, 'checkpoint_expired');
  });
});

describe('get_subject_context', () => {
  test('gives the REST answer for the same query, within max_chars, without secret Memories', async () => {
    const w = await world();
    for (const query of [{}, { max_chars: 500 }, { max_chars: 1200 }, { include_sensitive: true }, { include_sensitive: true, max_chars: 20000 }]) {
      const mcp = await callOk(w.ro, 'get_subject_context', { subject_id: w.subjectId, ...query });
      const rest = await restGet(w.account.readOnlyKey, `/v1/subjects/${w.subjectId}/context`, query);
      expect({ query, body: mcp }).toEqual({ query, body: rest });
      const maxChars = (query as { max_chars?: number }).max_chars ?? 6000;
      expect(mcp.data.budget.max_chars).toBe(maxChars);
      expect(mcp.data.budget.used_chars).toBeLessThanOrEqual(maxChars);
      const ids = mcp.data.memories.map((m: { id: string }) => m.id);
      expect(ids).not.toContain(w.secret);
      expect(ids.includes(w.sensitive)).toBe((query as { include_sensitive?: boolean }).include_sensitive === true);
    }

    const full = await callOk(w.ro, 'get_subject_context', { subject_id: w.subjectId });
    expect(full.data.subject).toMatchObject({ id: w.subjectId, memory_count: 3 });
    expect(full.data.facts.map((f: { statement: string }) => f.statement)).toEqual(['Ships in June']);
    expect(full.data.memories.map((m: { id: string }) => m.id).sort()).toEqual([w.normal, w.long].sort());

    const small = await callOk(w.ro, 'get_subject_context', { subject_id: w.subjectId, max_chars: 500 });
    for (const memory of small.data.memories) expect(codePoints(memory.text)).toBeLessThanOrEqual(500);

    // The session sees the secret Memory over REST with include_sensitive.
    const session = await restGet(w.account.session, `/v1/subjects/${w.subjectId}/context`, { include_sensitive: true });
    expect(session.data.memories.map((m: { id: string }) => m.id)).toContain(w.secret);
  });

  test('an unknown Subject and an out-of-range budget are refused as over REST', async () => {
    const w = await world();
    const unknown = 'sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H';
    const mcp = await callError(w.ro, 'get_subject_context', { subject_id: unknown });
    expectSameError(mcp, await app.http.get(`/v1/subjects/${unknown}/context`).set(bearer(w.account.readOnlyKey)), 'subject_not_found');
    const tooSmall = await callError(w.ro, 'get_subject_context', { subject_id: w.subjectId, max_chars: 499 });
    const restTooSmall = await app.http.get(`/v1/subjects/${w.subjectId}/context`).query({ max_chars: 499 }).set(bearer(w.account.readOnlyKey));
    expect({ mcp: tooSmall.code, rest: restTooSmall.body.error.code }).toEqual({ mcp: 'invalid_request', rest: 'invalid_request' });
  });
});

describe('get_context_map', () => {
  test('gives the REST map for the same query; secret Memories are not nodes', async () => {
    const w = await world();
    for (const query of [{}, { depth: 1 }, { max_nodes: 3 }, { include_sensitive: true }, { depth: 2, max_nodes: 100, include_sensitive: true }]) {
      const mcp = await callOk(w.ro, 'get_context_map', { id: w.normal, ...query });
      const rest = await restGet(w.account.readOnlyKey, `/v1/memories/${w.normal}/context-map`, query);
      expect({ query, body: mcp }).toEqual({ query, body: rest });
      const ids = mcp.data.nodes.map((n: { id: string }) => n.id);
      expect(ids).not.toContain(w.secret);
      expect(ids.length).toBeLessThanOrEqual((query as { max_nodes?: number }).max_nodes ?? 50);
    }

    const map = await callOk(w.ro, 'get_context_map', { id: w.normal });
    expect(map.data.root).toBe(w.normal);
    expect(map.data.nodes[0]).toMatchObject({ id: w.normal, kind: 'memory' });
    expect(map.data.nodes.map((n: { id: string }) => n.id)).toEqual(expect.arrayContaining([w.subjectId, w.long]));
    expect(map.data.nodes.some((n: { kind: string }) => n.kind === 'fact')).toBe(true);
    expect(map.data.edges).toContainEqual({ from: w.normal, to: w.subjectId, kind: 'linked_to' });

    const limited = await callOk(w.ro, 'get_context_map', { id: w.normal, max_nodes: 2 });
    expect(limited.data.nodes).toHaveLength(2);
    expect(limited.data.truncated).toBe(true);
    expect(limited.data.omitted_nodes).toBeGreaterThan(0);

    // A secret Memory is not a root for a key either.
    const secretRoot = await callError(w.ro, 'get_context_map', { id: w.secret });
    expectSameError(
      secretRoot,
      await app.http.get(`/v1/memories/${w.secret}/context-map`).set(bearer(w.account.readOnlyKey)),
      'memory_not_found',
    );
  });
});
