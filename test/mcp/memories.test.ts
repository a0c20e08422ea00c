import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { bearer, uniqueWord, type TestAccount } from '../support/app';
import { UNKNOWN_MEMORY } from '../support/ids';
import { callError, callOk, startMcpTestApp, type McpTestApp } from './helpers';
import { expectSameError } from './rest-parity';

let app: McpTestApp;
beforeAll(async () => {
  app = await startMcpTestApp();
});
afterAll(() => app.close());

interface Caller {
  readonly account: TestAccount;
  readonly rw: Client;
  readonly ro: Client;
  readonly session: Client;
}

async function caller(): Promise<Caller> {
  const account = await app.account();
  const [rw, ro, session] = await Promise.all([
    app.connect(account.readWriteKey),
    app.connect(account.readOnlyKey),
    app.connect(account.session),
  ]);
  return { account, rw, ro, session };
}

async function restCreate(token: string, body: Record<string, unknown>) {
  const res = await app.http.post('/v1/memories').set(bearer(token)).send(body);
  expect(res.status).toBe(201);
  return res.body.data;
}

async function restGet(token: string, id: string) {
  return app.http.get(`/v1/memories/${id}`).set(bearer(token));
}

async function restList(token: string, query = '') {
  const res = await app.http.get(`/v1/memories?limit=100${query}`).set(bearer(token));
  expect(res.status).toBe(200);
  return res.body;
}

/** Everything the account holds, as its session sees it over REST: to check that nothing was written. */
async function snapshot(account: TestAccount) {
  const list = await restList(account.session);
  const revisions = await Promise.all(
    list.data.map(async (memory: { id: string }) => {
      const res = await app.http.get(`/v1/memories/${memory.id}/revisions?limit=100`).set(bearer(account.session));
      return res.body.data.map((revision: { revision: number }) => revision.revision);
    }),
  );
  return { memories: list.data, revisions };
}

describe('Memories over MCP, compared with REST', () => {
  test('create_memory creates a Memory that REST then returns, with tags normalised as over REST', async () => {
    const { account, rw } = await caller();
    const created = await callOk(rw, 'create_memory', {
      text: 'Prefers short answers with TypeScript examples.',
      type: 'preference',
      tags: ['Style', ' style ', 'TS'],
      pinned: true,
    });
    expect(created.data).toEqual({
      id: expect.stringMatching(/^mem_[0-9A-HJKMNP-TV-Z]{26}$/),
      text: 'Prefers short answers with TypeScript examples.',
      text_truncated: false,
      type: 'preference',
      sensitivity: 'normal',
      tags: ['style', 'ts'],
      pinned: true,
      revision: 1,
      created_at: expect.any(String),
      updated_at: created.data.created_at,
      expires_at: null,
    });
    const rest = await restGet(account.readOnlyKey, created.data.id);
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(created);

    const viaRest = await restCreate(account.readWriteKey, { text: 'defaults', tags: ['Style', ' style ', 'TS'] });
    const viaMcp = await callOk(rw, 'create_memory', { text: 'defaults', tags: ['Style', ' style ', 'TS'] });
    const { id: _a, created_at: _b, updated_at: _c, ...restShape } = viaRest;
    const { id: _d, created_at: _e, updated_at: _f, ...mcpShape } = viaMcp.data;
    expect(mcpShape).toEqual(restShape);
  });

  test('get_memory returns the body REST returns, for each principal', async () => {
    const { account, rw, ro, session } = await caller();
    const memory = await restCreate(account.readWriteKey, { text: 'read me over both transports', tags: ['both'] });
    for (const [client, token] of [
      [rw, account.readWriteKey],
      [ro, account.readOnlyKey],
      [session, account.session],
    ] as const) {
      const got = await callOk(client, 'get_memory', { id: memory.id });
      expect(got).toEqual((await restGet(token, memory.id)).body);
      expect(got.data).toEqual(memory);
    }
  });

  test('update_memory changes the Memory, honours a matching if_match, and records the key as the actor', async () => {
    const { account, rw, session } = await caller();
    const memory = await restCreate(account.readWriteKey, { text: 'first words' });

    const updated = await callOk(rw, 'update_memory', { id: memory.id, text: 'second words', pinned: true });
    expect(updated.data).toMatchObject({ id: memory.id, text: 'second words', pinned: true, revision: 2, created_at: memory.created_at });
    expect((await restGet(account.readWriteKey, memory.id)).body).toEqual(updated);

    const matching = await callOk(rw, 'update_memory', { id: memory.id, if_match: '"2"', tags: ['Edited'] });
    expect(matching.data).toMatchObject({ revision: 3, tags: ['edited'] });
    const any = await callOk(session, 'update_memory', { id: memory.id, if_match: '*', type: 'decision' });
    expect(any.data).toMatchObject({ revision: 4, type: 'decision' });

    // A change to nothing creates no revision, as over REST.
    const same = await callOk(rw, 'update_memory', { id: memory.id, type: 'decision' });
    expect(same.data).toEqual(any.data);
    const sameRest = await app.http.patch(`/v1/memories/${memory.id}`).set(bearer(account.readWriteKey)).send({ type: 'decision' });
    expect(sameRest.status).toBe(200);
    expect(sameRest.body).toEqual(same);

    const revisions = await callOk(rw, 'list_memory_revisions', { id: memory.id });
    expect(revisions.data.map((revision: { revision: number }) => revision.revision)).toEqual([4, 3, 2, 1]);
    expect(revisions.data.map((revision: { actor: unknown }) => revision.actor)).toEqual([
      { kind: 'session' },
      { kind: 'api_key', key_id: account.readWriteKeyId },
      { kind: 'api_key', key_id: account.readWriteKeyId },
      { kind: 'api_key', key_id: account.readWriteKeyId },
    ]);
  });

  test('list_memory_revisions and get_memory_revision return what REST returns, pages included', async () => {
    const { account, rw, ro } = await caller();
    const memory = await restCreate(account.readWriteKey, { text: 'revision one' });
    await callOk(rw, 'update_memory', { id: memory.id, text: 'revision two' });
    await callOk(rw, 'update_memory', { id: memory.id, text: 'revision three' });

    const all = await callOk(ro, 'list_memory_revisions', { id: memory.id });
    const allRest = await app.http.get(`/v1/memories/${memory.id}/revisions`).set(bearer(account.readOnlyKey));
    expect(all).toEqual(allRest.body);
    expect(all.next_cursor).toBeNull();

    const first = await callOk(ro, 'list_memory_revisions', { id: memory.id, limit: 2 });
    expect(first.data.map((revision: { revision: number }) => revision.revision)).toEqual([3, 2]);
    expect(typeof first.next_cursor).toBe('string');
    const firstRest = await app.http.get(`/v1/memories/${memory.id}/revisions?limit=2`).set(bearer(account.readOnlyKey));
    expect(first.data).toEqual(firstRest.body.data);
    // A cursor from a tool call continues over REST, and the other way round.
    const nextRest = await app.http
      .get(`/v1/memories/${memory.id}/revisions?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`)
      .set(bearer(account.readOnlyKey));
    expect(nextRest.status).toBe(200);
    const next = await callOk(ro, 'list_memory_revisions', { id: memory.id, limit: 2, cursor: firstRest.body.next_cursor });
    expect(next).toEqual(nextRest.body);
    expect(next.data.map((revision: { revision: number }) => revision.revision)).toEqual([1]);

    const one = await callOk(ro, 'get_memory_revision', { id: memory.id, revision: 1 });
    const oneRest = await app.http.get(`/v1/memories/${memory.id}/revisions/1`).set(bearer(account.readOnlyKey));
    expect(one).toEqual(oneRest.body);
    expect(one.data).toMatchObject({ revision: 1, text: 'revision one' });

    const missing = await callError(ro, 'get_memory_revision', { id: memory.id, revision: 9 });
    expectSameError(missing, await app.http.get(`/v1/memories/${memory.id}/revisions/9`).set(bearer(account.readOnlyKey)));
    expect(missing.code).toBe('revision_not_found');
  });

  test('list_memories returns what REST returns with the same filters, and its cursor works over REST', async () => {
    const { account, ro } = await caller();
    const tag = uniqueWord('tag');
    for (const [text, type] of [
      ['one', 'note'],
      ['two', 'decision'],
      ['three', 'note'],
      ['four', 'note'],
    ] as const) {
      await restCreate(account.readWriteKey, { text, type, tags: [tag] });
    }
    await restCreate(account.readWriteKey, { text: 'untagged' });

    const everything = await callOk(ro, 'list_memories', {});
    expect(everything).toEqual((await app.http.get('/v1/memories').set(bearer(account.readOnlyKey))).body);
    expect(everything.data).toHaveLength(5);
    const filtered = await callOk(ro, 'list_memories', { tag, type: 'note' });
    const filteredRest = await app.http.get(`/v1/memories?tag=${tag}&type=note`).set(bearer(account.readOnlyKey));
    expect(filtered).toEqual(filteredRest.body);
    expect(filtered.data.map((memory: { text: string }) => memory.text)).toEqual(['four', 'three', 'one']);

    const page1 = await callOk(ro, 'list_memories', { tag, type: 'note', limit: 2 });
    expect(page1.data.map((memory: { text: string }) => memory.text)).toEqual(['four', 'three']);
    const page2Rest = await app.http
      .get(`/v1/memories?tag=${tag}&type=note&limit=2&cursor=${encodeURIComponent(page1.next_cursor!)}`)
      .set(bearer(account.readOnlyKey));
    expect(page2Rest.status).toBe(200);
    expect(page2Rest.body.data.map((memory: { text: string }) => memory.text)).toEqual(['one']);
    const page2 = await callOk(ro, 'list_memories', { tag, type: 'note', limit: 2, cursor: page1.next_cursor });
    expect(page2).toEqual(page2Rest.body);

    // A cursor reused with other filters is refused the same way.
    const otherFilters = await callError(ro, 'list_memories', { type: 'decision', limit: 2, cursor: page1.next_cursor });
    expectSameError(
      otherFilters,
      await app.http.get(`/v1/memories?type=decision&limit=2&cursor=${encodeURIComponent(page1.next_cursor!)}`).set(bearer(account.readOnlyKey)),
    );
    expect(otherFilters.code).toBe('invalid_cursor');
  });

  test('search_memories returns the hits REST returns', async () => {
    const { account, ro } = await caller();
    const word = uniqueWord();
    const a = await restCreate(account.readWriteKey, { text: `The ${word} lives in the garden`, tags: ['animals'] });
    const b = await restCreate(account.readWriteKey, { text: `Another ${word} sighting near the shed` });
    await restCreate(account.readWriteKey, { text: 'Nothing to see here' });

    const hits = await callOk(ro, 'search_memories', { q: word });
    const hitsRest = await app.http.get(`/v1/memories/search?q=${word}`).set(bearer(account.readOnlyKey));
    expect(hits).toEqual(hitsRest.body);
    expect(hits.data.map((hit: { memory: { id: string } }) => hit.memory.id).sort()).toEqual([a.id, b.id].sort());
    expect(hits.data[0].highlight).toContain(`<mark>${word}</mark>`);
    expect(hits.data[0].highlight_html).toContain(`<mark>${word}</mark>`);

    const limited = await callOk(ro, 'search_memories', { q: word, limit: 1, tag: 'animals' });
    expect(limited).toEqual((await app.http.get(`/v1/memories/search?q=${word}&limit=1&tag=animals`).set(bearer(account.readOnlyKey))).body);
    expect(limited.data.map((hit: { memory: { id: string } }) => hit.memory.id)).toEqual([a.id]);
  });

  test('when a Memory holds markup, then search_memories gives the highlight_html REST gives: its text escaped, only matched words marked', async () => {
    const { account, ro } = await caller();
    const word = uniqueWord();
    await restCreate(account.readWriteKey, { text: `${word} & "friends" <script>steal()</script> <mark>not a match</mark>` });
    const hits = await callOk(ro, 'search_memories', { q: word });
    expect(hits).toEqual((await app.http.get(`/v1/memories/search?q=${word}`).set(bearer(account.readOnlyKey))).body);
    expect(hits.data[0].highlight_html).toBe(
      `<mark>${word}</mark> &amp; &quot;friends&quot; &lt;script&gt;steal()&lt;/script&gt; &lt;mark&gt;not a match&lt;/mark&gt;`,
    );
  });

  test('search_memories answers questions, typos and require_all as REST does', async () => {
    const { account, ro } = await caller();
    const word = uniqueWord('quokka');
    const island = await restCreate(account.readWriteKey, { text: `The ${word} lives on Rottnest island near Perth.` });
    await restCreate(account.readWriteKey, { text: `A ${word} photo for the album.` });
    await restCreate(account.readWriteKey, { text: 'We took the ferry to the island on Sunday.' });
    for (const args of [
      { q: `Where does the ${word} live?` },
      { q: 'rotnest ferry' },
      { q: `${word} island`, require_all: true },
      { q: `"${word} photo" or ferry`, limit: 2 },
    ]) {
      const query = new URLSearchParams(Object.entries(args).map(([name, value]): [string, string] => [name, String(value)]));
      const rest = await app.http.get(`/v1/memories/search?${query}`).set(bearer(account.readOnlyKey));
      expect(rest.status).toBe(200);
      expect(await callOk(ro, 'search_memories', args)).toEqual(rest.body);
    }
    const both = await callOk(ro, 'search_memories', { q: `${word} island`, require_all: true });
    expect(both.data.map((hit: { memory: { id: string } }) => hit.memory.id)).toEqual([island.id]);
    const invalid = await callError(ro, 'search_memories', { q: word, require_all: 'maybe' });
    expectSameError(invalid, await app.http.get(`/v1/memories/search?q=${word}&require_all=maybe`).set(bearer(account.readOnlyKey)));
  });

  test('get_memories returns the batch REST returns: duplicates once, unknown IDs as error items', async () => {
    const { account, ro } = await caller();
    const a = await restCreate(account.readWriteKey, { text: 'alpha' });
    const b = await restCreate(account.readWriteKey, { text: 'beta '.repeat(500) });
    const ids = [b.id, UNKNOWN_MEMORY, a.id, b.id];

    const batch = await callOk(ro, 'get_memories', { ids });
    const batchRest = await app.http.get(`/v1/memories/batch?ids=${ids.join(',')}`).set(bearer(account.readOnlyKey));
    expect(batchRest.status).toBe(200);
    expect(batch).toEqual(batchRest.body);
    expect(batch.data.items.map((item: { id: string; status: string }) => [item.id, item.status])).toEqual([
      [b.id, 'ok'],
      [UNKNOWN_MEMORY, 'error'],
      [a.id, 'ok'],
    ]);
    expect(batch.data.items[0]).toMatchObject({ truncated: true, text_length: 2500, memory: { text_truncated: true } });
    expect([...batch.data.items[0].memory.text].length).toBe(2000);
    expect(batch.data.items[1].error.code).toBe('memory_not_found');
    expect(batch.data.budget).toEqual({ per_item: 2000, total: 12000, used: 2005 });
  });

  test('the trash over MCP: list_trashed_memories and restore_memory answer as REST does, and delete_memory takes permanent', async () => {
    const { account, rw, ro } = await caller();
    const memory = await restCreate(account.readWriteKey, { text: 'back soon', expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    await callOk(rw, 'delete_memory', { id: memory.id });
    const listed = await callOk(ro, 'list_trashed_memories', { limit: 10 });
    const rest = await app.http.get('/v1/memories/trash?limit=10').set(bearer(account.readOnlyKey));
    expect(listed).toEqual(rest.body);
    expect(listed.data.map((entry: { memory: { id: string } }) => entry.memory.id)).toEqual([memory.id]);

    expectSameError(await callError(ro, 'restore_memory', { id: memory.id }), await app.http.post(`/v1/memories/${memory.id}/restore`).set(bearer(account.readOnlyKey)));
    const restored = await callOk(rw, 'restore_memory', { id: memory.id });
    // Deleted by hand before its expiry: it comes back as it was, expiry included.
    expect(restored.data).toEqual(memory);
    const again = await callError(rw, 'restore_memory', { id: memory.id });
    expectSameError(again, await app.http.post(`/v1/memories/${memory.id}/restore`).set(bearer(account.readWriteKey)));
    expect(again.code).toBe('memory_not_in_trash');

    expect((await callOk(rw, 'delete_memory', { id: memory.id, permanent: true })).data).toEqual({ id: memory.id, deleted: true, permanent: true, purge_at: null });
    expect((await callOk(ro, 'list_trashed_memories', {})).data).toEqual([]);

    // expires_at through create_memory and update_memory, refused in the past as over REST.
    const expiresAt = new Date(Date.now() + 7_200_000).toISOString();
    const expiring = await callOk(rw, 'create_memory', { text: 'expiring', expires_at: expiresAt });
    expect(expiring.data.expires_at).toBe(expiresAt);
    expect((await callOk(rw, 'update_memory', { id: expiring.data.id, expires_at: null })).data.expires_at).toBeNull();
    const past = { text: 'over', expires_at: new Date(Date.now() - 1000).toISOString() };
    expectSameError(await callError(rw, 'create_memory', past), await app.http.post('/v1/memories').set(bearer(account.readWriteKey)).send(past));
  });

  test('delete_memory deletes it: REST then finds nothing, and a second delete is memory_not_found as over REST', async () => {
    const { account, rw } = await caller();
    const memory = await restCreate(account.readWriteKey, { text: 'short-lived' });
    const keep = await restCreate(account.readWriteKey, { text: 'stays' });

    const deleted = await callOk(rw, 'delete_memory', { id: memory.id });
    expect(deleted.data).toEqual({ id: memory.id, deleted: true, permanent: false, purge_at: expect.any(String) });
    const gone = await restGet(account.readWriteKey, memory.id);
    expect(gone.status).toBe(404);
    expect((await restList(account.session)).data.map((m: { id: string }) => m.id)).toEqual([keep.id]);

    const again = await callError(rw, 'delete_memory', { id: memory.id });
    expectSameError(again, await app.http.delete(`/v1/memories/${memory.id}`).set(bearer(account.readWriteKey)));
    expect(again.code).toBe('memory_not_found');
  });
});

describe('refused calls over MCP carry the REST error and write nothing', () => {
  test("another account's Memory is memory_not_found for get, update, delete and revisions, exactly as over REST", async () => {
    const alice = await caller();
    const bob = await caller();
    const bobs = await restCreate(bob.account.readWriteKey, { text: "Bob's private note" });
    const before = await snapshot(bob.account);

    for (const client of [alice.rw, alice.session]) {
      const token = client === alice.rw ? alice.account.readWriteKey : alice.account.session;
      const got = await callError(client, 'get_memory', { id: bobs.id });
      expectSameError(got, await restGet(token, bobs.id));
      expect(got).toMatchObject({ code: 'memory_not_found', status: 404 });

      const updated = await callError(client, 'update_memory', { id: bobs.id, text: 'taken over' });
      expectSameError(updated, await app.http.patch(`/v1/memories/${bobs.id}`).set(bearer(token)).send({ text: 'taken over' }));
      expect(updated.code).toBe('memory_not_found');

      const deleted = await callError(client, 'delete_memory', { id: bobs.id });
      expectSameError(deleted, await app.http.delete(`/v1/memories/${bobs.id}`).set(bearer(token)));
      expect(deleted.code).toBe('memory_not_found');

      const revisions = await callError(client, 'list_memory_revisions', { id: bobs.id });
      expectSameError(revisions, await app.http.get(`/v1/memories/${bobs.id}/revisions`).set(bearer(token)));
    }
    // Another account's Memory and an unknown one cannot be told apart.
    const unknown = await callError(alice.rw, 'get_memory', { id: UNKNOWN_MEMORY });
    const foreign = await callError(alice.rw, 'get_memory', { id: bobs.id });
    expect({ ...unknown, request_id: '' }).toEqual({ ...foreign, request_id: '' });

    const batch = await callOk(alice.ro, 'get_memories', { ids: [bobs.id] });
    expect(batch.data.items).toEqual([{ id: bobs.id, status: 'error', error: { code: 'memory_not_found', message: expect.any(String) } }]);
    expect(await snapshot(bob.account)).toEqual(before);
  });

  test('a read-only key cannot write: insufficient_key_mode for create, update and delete, as over REST', async () => {
    const { account, ro } = await caller();
    const memory = await restCreate(account.readWriteKey, { text: 'untouchable' });
    const before = await snapshot(account);
    const key = account.readOnlyKey;

    const created = await callError(ro, 'create_memory', { text: 'nope' });
    expectSameError(created, await app.http.post('/v1/memories').set(bearer(key)).send({ text: 'nope' }));
    expect(created).toMatchObject({ code: 'insufficient_key_mode', status: 403 });

    for (const id of [memory.id, UNKNOWN_MEMORY]) {
      const updated = await callError(ro, 'update_memory', { id, pinned: true });
      expectSameError(updated, await app.http.patch(`/v1/memories/${id}`).set(bearer(key)).send({ pinned: true }));
      expect(updated.code).toBe('insufficient_key_mode');
      const deleted = await callError(ro, 'delete_memory', { id });
      expectSameError(deleted, await app.http.delete(`/v1/memories/${id}`).set(bearer(key)));
      expect(deleted.code).toBe('insufficient_key_mode');
    }
    expect(await snapshot(account)).toEqual(before);
  });

  describe('a secret Memory created by the session over REST', () => {
    async function withSecret() {
      const who = await caller();
      const word = uniqueWord('numbat');
      const secret = await restCreate(who.account.session, { text: `The vault code sits under the ${word}`, sensitivity: 'secret', tags: ['vault'] });
      const normal = await restCreate(who.account.readWriteKey, { text: `The ${word} is a striped marsupial`, tags: ['vault'] });
      return { ...who, secret, normal, word };
    }

    test.each(['read-write', 'read-only'] as const)('does not exist for a %s key: get, batch, search and list answer as REST does', async (mode) => {
      const { account, rw, ro, secret, normal, word } = await withSecret();
      const client = mode === 'read-write' ? rw : ro;
      const token = mode === 'read-write' ? account.readWriteKey : account.readOnlyKey;

      const got = await callError(client, 'get_memory', { id: secret.id });
      expectSameError(got, await restGet(token, secret.id));
      expect(got.code).toBe('memory_not_found');
      const revisions = await callError(client, 'list_memory_revisions', { id: secret.id });
      expectSameError(revisions, await app.http.get(`/v1/memories/${secret.id}/revisions`).set(bearer(token)));
      const revision = await callError(client, 'get_memory_revision', { id: secret.id, revision: 1 });
      expectSameError(revision, await app.http.get(`/v1/memories/${secret.id}/revisions/1`).set(bearer(token)));

      const batch = await callOk(client, 'get_memories', { ids: [secret.id, normal.id] });
      expect(batch).toEqual((await app.http.get(`/v1/memories/batch?ids=${secret.id},${normal.id}`).set(bearer(token))).body);
      expect(batch.data.items).toEqual([
        { id: secret.id, status: 'error', error: { code: 'memory_not_found', message: expect.any(String) } },
        { id: normal.id, status: 'ok', memory: normal, truncated: false, text_length: [...normal.text].length },
      ]);

      for (const q of [word, 'vault code']) {
        const hits = await callOk(client, 'search_memories', { q });
        expect(hits).toEqual((await app.http.get(`/v1/memories/search?q=${encodeURIComponent(q)}`).set(bearer(token))).body);
        expect(hits.data.map((hit: { memory: { id: string } }) => hit.memory.id)).not.toContain(secret.id);
      }

      const listed = await callOk(client, 'list_memories', {});
      expect(listed).toEqual((await app.http.get('/v1/memories').set(bearer(token))).body);
      expect(listed.data.map((memory: { id: string }) => memory.id)).toEqual([normal.id]);
      const secretsOnly = await callOk(client, 'list_memories', { sensitivity: 'secret' });
      expect(secretsOnly).toEqual((await app.http.get('/v1/memories?sensitivity=secret').set(bearer(token))).body);
      expect(secretsOnly.data).toEqual([]);
    });

    test('a read-write key can neither change nor delete it, nor make a Memory secret, as over REST', async () => {
      const { account, rw, secret, normal } = await withSecret();
      const before = await snapshot(account);
      const key = account.readWriteKey;

      const updated = await callError(rw, 'update_memory', { id: secret.id, text: 'overwritten' });
      expectSameError(updated, await app.http.patch(`/v1/memories/${secret.id}`).set(bearer(key)).send({ text: 'overwritten' }));
      expect(updated.code).toBe('memory_not_found');
      const deleted = await callError(rw, 'delete_memory', { id: secret.id });
      expectSameError(deleted, await app.http.delete(`/v1/memories/${secret.id}`).set(bearer(key)));

      const created = await callError(rw, 'create_memory', { text: 'hush', sensitivity: 'secret' });
      expectSameError(created, await app.http.post('/v1/memories').set(bearer(key)).send({ text: 'hush', sensitivity: 'secret' }));
      expect(created).toMatchObject({ code: 'secret_memory_forbidden', status: 403 });
      const turned = await callError(rw, 'update_memory', { id: normal.id, sensitivity: 'secret' });
      expectSameError(turned, await app.http.patch(`/v1/memories/${normal.id}`).set(bearer(key)).send({ sensitivity: 'secret' }));
      expect(turned.code).toBe('secret_memory_forbidden');

      expect(await snapshot(account)).toEqual(before);
    });

    test('the session sees it over MCP, as over REST', async () => {
      const { account, session, secret, word } = await withSecret();
      const got = await callOk(session, 'get_memory', { id: secret.id });
      expect(got).toEqual((await restGet(account.session, secret.id)).body);
      const hits = await callOk(session, 'search_memories', { q: word });
      expect(hits.data.map((hit: { memory: { id: string } }) => hit.memory.id)).toContain(secret.id);
      const batch = await callOk(session, 'get_memories', { ids: [secret.id] });
      expect(batch.data.items[0]).toMatchObject({ id: secret.id, status: 'ok', memory: secret });
    });
  });

  test('a stale if_match is precondition_failed with the current revision, as over REST, and changes nothing', async () => {
    const { account, rw } = await caller();
    const memory = await restCreate(account.readWriteKey, { text: 'guarded' });
    await callOk(rw, 'update_memory', { id: memory.id, text: 'guarded, twice' });
    const before = await snapshot(account);

    const stale = await callError(rw, 'update_memory', { id: memory.id, if_match: '"1"', text: 'lost update' });
    expectSameError(
      stale,
      await app.http.patch(`/v1/memories/${memory.id}`).set(bearer(account.readWriteKey)).set('If-Match', '"1"').send({ text: 'lost update' }),
    );
    expect(stale).toMatchObject({ code: 'precondition_failed', status: 412, retryable: false, details: { current_revision: 2 } });
    expect(await snapshot(account)).toEqual(before);
  });

  test('more than 8 IDs is batch_too_large, as over REST', async () => {
    const { account, ro } = await caller();
    const memory = await restCreate(account.readWriteKey, { text: 'one of many' });
    const ids = [memory.id, ...Array.from({ length: 8 }, (_, i) => `mem_01JD2X5Y7Z8A9B0C1D2E3F4G${'ABCDEFGH'[i]}H`)];
    expect(ids).toHaveLength(9);

    const error = await callError(ro, 'get_memories', { ids });
    expectSameError(error, await app.http.get(`/v1/memories/batch?ids=${ids.join(',')}`).set(bearer(account.readOnlyKey)));
    expect(error).toMatchObject({ code: 'batch_too_large', status: 400, details: { errors: [{ path: '/ids', argument: 'ids' }] } });

    // Eight is still a batch.
    const eight = await callOk(ro, 'get_memories', { ids: ids.slice(0, 8) });
    expect(eight.data.items).toHaveLength(8);
  });

  test('an empty or unknown query value is refused in the same words over REST and MCP, every violation at once', async () => {
    const { account, rw } = await caller();
    const key = account.readWriteKey;
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['/v1/memories/search?q=', 'search_memories', { q: '' }],
      ['/v1/memories?tag=', 'list_memories', { tag: '' }],
      ['/v1/memories?cursor=', 'list_memories', { cursor: '' }],
      ['/v1/memories/batch?ids=', 'get_memories', { ids: [] }],
      ['/v1/context/resume?checkpoint=', 'resume_context', { checkpoint: '' }],
      ['/v1/subjects?q=', 'list_subjects', { q: '' }],
      ['/v1/library/templates?query=', 'search_library_templates', { query: '' }],
      ['/v1/memories?colour=blue', 'list_memories', { colour: 'blue' }],
      ['/v1/memories/search?q=&colour=blue', 'search_memories', { q: '', colour: 'blue' }],
    ];
    for (const [path, tool, args] of cases) {
      const mcp = await callError(rw, tool, args);
      expectSameError(mcp, await app.http.get(path).set(bearer(key)), 'invalid_request');
      // Messages are phrases after the path, as every other validation message.
      for (const error of (mcp.details as { errors: Array<{ message: string }> }).errors) expect(error.message).toMatch(/^[a-z]/);
    }
    const both = await callError(rw, 'search_memories', { q: '', colour: 'blue' });
    expect((both.details as { errors: Array<{ path: string }> }).errors.map((error) => error.path)).toEqual(['/colour', '/q', '/q']);
  });

  describe('invalid arguments are invalid_request naming the argument, where REST names the request path', () => {
    // One account for these: each test checks that its own refused calls wrote nothing.
    let shared: Caller;
    let memory: { id: string };
    beforeAll(async () => {
      shared = await caller();
      memory = await restCreate(shared.account.readWriteKey, { text: 'stable' });
    });

    const memoryBody = (account: TestAccount, body: Record<string, unknown>) =>
      app.http.post('/v1/memories').set(bearer(account.readWriteKey)).send(body);

    test.each([
      ['text of the wrong type', { text: 5 }, '/text'],
      ['a missing required text', {}, '/text'],
      ['a tag of the wrong type', { text: 'x', tags: [1] }, '/tags/0'],
      ['text that is only whitespace', { text: '   ' }, '/text'],
      ['pinned of the wrong type', { text: 'x', pinned: 'yes' }, '/pinned'],
      ['too many tags', { text: 'x', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, '/tags'],
    ])('create_memory with %s', async (_case, args, path) => {
      const { account, rw } = shared;
      const before = await snapshot(account);
      const error = await callError(rw, 'create_memory', args);
      expectSameError(error, await memoryBody(account, args));
      expect(error.code).toBe('invalid_request');
      expect(error.details.errors.map((e: { path: string }) => e.path)).toContain(path);
      expect(await snapshot(account)).toEqual(before);
    });

    test('update_memory with a wrong type, and with an If-Match that is too long', async () => {
      const { account, rw } = shared;
      const before = await snapshot(account);

      const wrongType = await callError(rw, 'update_memory', { id: memory.id, pinned: 'yes' });
      expectSameError(wrongType, await app.http.patch(`/v1/memories/${memory.id}`).set(bearer(account.readWriteKey)).send({ pinned: 'yes' }));
      expect(wrongType.details.errors).toEqual([{ in: 'body', path: '/pinned', argument: 'pinned', message: 'must be boolean' }]);
      expect(wrongType.message).toBe('pinned must be boolean');

      const tooLong = 'x'.repeat(201);
      const header = await callError(rw, 'update_memory', { id: memory.id, if_match: tooLong, text: 'changed' });
      expectSameError(
        header,
        await app.http.patch(`/v1/memories/${memory.id}`).set(bearer(account.readWriteKey)).set('If-Match', tooLong).send({ text: 'changed' }),
      );
      expect(header.details.errors.map((e: { argument: string }) => e.argument)).toEqual(['if_match']);
      expect(header.message).toMatch(/^if_match must NOT have more than 200 characters/);
      expect(await snapshot(account)).toEqual(before);
    });

    test('search_memories without q, and list_memories with a limit over 100', async () => {
      const { account, ro } = shared;
      const missing = await callError(ro, 'search_memories', {});
      expectSameError(missing, await app.http.get('/v1/memories/search').set(bearer(account.readOnlyKey)));
      expect(missing.details.errors).toEqual([{ in: 'query', path: '/q', argument: 'q', message: expect.any(String) }]);

      const tooMany = await callError(ro, 'list_memories', { limit: 101 });
      expectSameError(tooMany, await app.http.get('/v1/memories?limit=101').set(bearer(account.readOnlyKey)));
      expect(tooMany.details.errors).toEqual([{ in: 'query', path: '/limit', argument: 'limit', message: expect.any(String) }]);

      const malformed = await callError(ro, 'get_memories', { ids: ['mem_nope'] });
      expectSameError(malformed, await app.http.get('/v1/memories/batch?ids=mem_nope').set(bearer(account.readOnlyKey)));
      expect(malformed.details.errors.map((e: { path: string }) => e.path)).toEqual(['/ids/0']);
      expect(malformed.message).toMatch(/^ids\[0\] must be an ID/);
    });

    test('an argument the tool does not have is invalid_request as REST names it, and nothing is written', async () => {
      const { account, rw } = shared;
      const before = await snapshot(account);
      const error = await callError(rw, 'create_memory', { text: 'x', bogus: 1 });
      const rest = await memoryBody(account, { text: 'x', bogus: 1 });
      expectSameError(error, rest);
      expect(error.details.errors).toEqual([{ in: 'body', path: '/bogus', argument: 'bogus', message: expect.any(String) }]);
      // A tool without a body names it as REST names an unknown query parameter.
      const listError = await callError(rw, 'list_memories', { bogus: 1 });
      const listRest = await app.http.get('/v1/memories').query({ bogus: 1 }).set(bearer(account.readWriteKey));
      expectSameError(listError, listRest);
      expect(await snapshot(account)).toEqual(before);
    });

    test('a value outside an enum is invalid_request naming the argument where REST names its path', async () => {
      const { account, rw } = shared;
      const before = await snapshot(account);
      const error = await callError(rw, 'create_memory', { text: 'x', type: 'diary' });
      const rest = await memoryBody(account, { text: 'x', type: 'diary' });
      expectSameError(error, rest);
      expect(rest.body.error.message).toMatch(/^\/body\/type must be equal to one of the allowed values: note, /);
      expect(error.message).toMatch(/^type must be equal to one of the allowed values: note, /);
      expect(error.details.errors).toEqual([{ in: 'body', path: '/type', argument: 'type', message: expect.any(String) }]);
      expect(await snapshot(account)).toEqual(before);
    });

    test('a malformed Memory ID names the argument (id), where REST names /params/id', async () => {
      const { account, ro } = shared;
      const id = await callError(ro, 'get_memory', { id: 'mem_nope' });
      const idRest = await app.http.get('/v1/memories/mem_nope').set(bearer(account.readOnlyKey));
      expect(id.code).toBe('invalid_request');
      expect(idRest.body.error.details.errors.map((e: { path: string }) => e.path)).toEqual(['/params/id']);
      expectSameError(id, idRest);
      expect(id.details.errors.map((e: { argument: string }) => e.argument)).toEqual(['id']);
      expect(id.message).toMatch(/^id must be an ID that starts with "mem_"/);
    });

    // The body's "at least one field" rule holds for the flattened arguments too.
    test('update_memory with no field to change is invalid_request, as over REST', async () => {
      const { account, rw } = shared;
      const rest = await app.http.patch(`/v1/memories/${memory.id}`).set(bearer(account.readWriteKey)).send({});
      expect(rest.body.error).toMatchObject({ code: 'invalid_request', status: 400, message: '/body must NOT have fewer than 1 properties' });
      // Over MCP the body is the arguments besides the parameters: the message names them.
      const expected = {
        code: 'invalid_request',
        status: 400,
        message: 'arguments must give at least 1 of text, type, sensitivity, tags, pinned, expires_at',
        details: { errors: [{ in: 'body', path: '', message: 'must give at least 1 of text, type, sensitivity, tags, pinned, expires_at' }] },
      };
      expect(await callError(rw, 'update_memory', { id: memory.id })).toMatchObject(expected);
      expect(await callError(rw, 'update_memory', { id: memory.id, if_match: '"7"' })).toMatchObject(expected);
    });
  });
});
