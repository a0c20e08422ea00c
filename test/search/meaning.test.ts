import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import request from 'supertest';
import { createApp } from '../../src/app';
import { LocalEmbedder } from '../../src/domain/embeddings/local-embedder';
import { embedderFor } from '../../src/domain/embeddings/embedders';
import { MEANING_SCAN_MAX } from '../../src/domain/embeddings/vector-index';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { must } from '../support/assertions';

// SPEC §19: search by meaning. The default embedder (the model shipped in an npm package) and an
// OpenAI-compatible endpoint (a real HTTP server started here) beside the lexical ranking.

interface Hit {
  memory: { id: string; text: string };
  score: number;
  match: string;
  highlight: string;
}

async function remember(t: TestApp, token: string, text: string, fields: Record<string, unknown> = {}): Promise<string> {
  return must(await t.http.post('/v1/memories').set(bearer(token)).send({ text, ...fields }), 201, 'memory').body.data.id;
}

async function searchFor(t: TestApp, token: string, q: string, query: Record<string, unknown> = {}): Promise<Hit[]> {
  return must(await t.http.get('/v1/memories/search').query({ q, ...query }).set(bearer(token)), 200, 'search').body.data;
}

describe('the default embedder', () => {
  let t: TestApp;
  let alice: TestAccount;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ env: { EMBEDDINGS: 'local' } });
    alice = await t.account();
    ids.typescript = await remember(t, alice.session, 'Prefers concise answers with TypeScript examples.');
    ids.door = await remember(t, alice.session, 'Door code 4411 until Friday');
    ids.penicillin = await remember(t, alice.session, 'Allergic to penicillin.', { type: 'preference', tags: ['health'] });
    ids.running = await remember(t, alice.session, 'Runs 5 km every Tuesday before work.');
    ids.vault = await remember(t, alice.session, 'The safe in the study holds the passports.', { sensitivity: 'secret' });
    await t.app.embeddings!.drain();
  });
  afterAll(() => t.close());

  test('a question that shares no word with the Memory finds it, marked semantic, with an unmarked excerpt', async () => {
    const hits = await searchFor(t, alice.readOnlyKey, 'Which antibiotic must a doctor avoid giving me?');
    expect(hits[0]).toMatchObject({ memory: { id: ids.penicillin }, match: 'semantic', highlight: 'Allergic to penicillin.' });
    // Scores never rise down the list.
    for (let i = 1; i < hits.length; i += 1) expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score);
  });

  test("the README's question finds the TypeScript preference, which shares no word with it", async () => {
    const hits = await searchFor(t, alice.session, 'What programming language should code samples use?');
    expect(hits.find((hit) => hit.memory.id === ids.typescript)).toMatchObject({ match: 'semantic' });
  });

  test('a secret Memory is never found through meaning by an API key, but is by the session', async () => {
    const q = 'Where are our travel documents kept?';
    expect((await searchFor(t, alice.readWriteKey, q)).map((hit) => hit.memory.id)).not.toContain(ids.vault);
    expect((await searchFor(t, alice.session, q)).map((hit) => hit.memory.id)).toContain(ids.vault);
  });

  test("another account's Memories are never found, however close in meaning", async () => {
    const bob = await t.account();
    await remember(t, bob.session, 'Bob is allergic to penicillin too.');
    await t.app.embeddings!.drain();
    const hits = await searchFor(t, alice.session, 'Which antibiotic must a doctor avoid giving me?');
    expect(hits.every((hit) => Object.values(ids).includes(hit.memory.id))).toBe(true);
  });

  test('type and tag filters hold for hits found by meaning', async () => {
    const q = 'Which antibiotic must a doctor avoid giving me?';
    expect((await searchFor(t, alice.session, q, { type: 'note' })).map((hit) => hit.memory.id)).not.toContain(ids.penicillin);
    expect((await searchFor(t, alice.session, q, { tag: 'health' })).map((hit) => hit.memory.id)).toEqual([ids.penicillin]);
  });

  test('a query with an exclusion, a phrase or require_all finds only what its words find', async () => {
    for (const [q, extra] of [
      ['antibiotic doctor -friday', {}],
      ['"antibiotic doctor"', {}],
      ['antibiotic doctor', { require_all: true }],
    ] as const) {
      expect((await searchFor(t, alice.session, q, extra)).filter((hit) => hit.match === 'semantic')).toEqual([]);
    }
  });

  test('a Memory whose text changed is found by its new meaning, never its old one', async () => {
    const id = await remember(t, alice.session, 'Parks the car on level three of the garage.');
    await t.app.embeddings!.drain();
    must(await t.http.patch(`/v1/memories/${id}`).set(bearer(alice.session)).send({ text: 'Waters the fern on Sundays.' }), 200, 'update');
    // The write deleted the old text's vector: until the new one is made, the Memory has none.
    expect(await t.database.db.selectFrom('memory_embeddings').select('memory_id').where('memory_id', '=', id).execute()).toEqual([]);
    expect((await searchFor(t, alice.session, 'Where did I leave the vehicle?')).map((hit) => hit.memory.id)).not.toContain(id);
    await t.app.embeddings!.drain();
    expect((await searchFor(t, alice.session, 'Which day do I tend to the houseplant?')).map((hit) => hit.memory.id)).toContain(id);
  });

  test("another instance's kept vectors never find a Memory by what it no longer says, nor a Memory made secret for a key", async () => {
    const other = createApp({ config: t.config, database: t.database, embedInBackground: false });
    try {
      const there = request(other.express);
      const id = await remember(t, alice.session, 'Keeps the spare house key under the blue flowerpot.');
      await t.app.embeddings!.drain();
      const ask = async (token: string, q: string) =>
        (must(await there.get('/v1/memories/search').query({ q }).set(bearer(token)), 200, 'search').body.data as Hit[]).map((hit) => hit.memory.id);
      const q = 'Where can I find a way into my home if I am locked out?';
      // The other instance has now read (and, without pgvector, keeps) the account's vectors, as a key and as the session sees them.
      expect(await ask(alice.readWriteKey, q)).toContain(id);
      expect(await ask(alice.session, q)).toContain(id);
      must(await t.http.patch(`/v1/memories/${id}`).set(bearer(alice.session)).send({ sensitivity: 'secret' }), 200, 'update');
      expect(await ask(alice.readWriteKey, q)).not.toContain(id);
      must(await t.http.patch(`/v1/memories/${id}`).set(bearer(alice.session)).send({ sensitivity: 'normal', text: 'Feeds the neighbour’s cat on Saturdays.' }), 200, 'update');
      expect(await ask(alice.session, q)).not.toContain(id);
      expect(await ask(alice.readWriteKey, q)).not.toContain(id);
    } finally {
      await other.close();
    }
  });

  test("another instance finds by meaning a Memory embedded elsewhere within seconds (its kept vectors are read again)", async () => {
    const other = createApp({ config: t.config, database: t.database, embedInBackground: false });
    try {
      const there = request(other.express);
      const q = 'Which musical instrument am I learning?';
      const ask = async () => (must(await there.get('/v1/memories/search').query({ q }).set(bearer(alice.session)), 200, 'search').body.data as Hit[]).map((hit) => hit.memory.id);
      await ask();
      const id = await remember(t, alice.session, 'Takes cello lessons every Thursday evening.');
      await t.app.embeddings!.drain();
      const deadline = Date.now() + 15_000;
      let found = await ask();
      while (!found.includes(id) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        found = await ask();
      }
      expect(found).toContain(id);
    } finally {
      await other.close();
    }
  }, 30_000);

  test('a deleted Memory takes its vector with it', async () => {
    const id = await remember(t, alice.session, 'Keeps a spare umbrella under the desk.');
    await t.app.embeddings!.drain();
    must(await t.http.delete(`/v1/memories/${id}`).query({ permanent: true }).set(bearer(alice.session)), 200, 'delete');
    const left = await t.database.db.selectFrom('memory_embeddings').select('memory_id').where('memory_id', '=', id).execute();
    expect(left).toEqual([]);
  });
});

describe('embedding never holds up or fails a write', () => {
  test('with the embeddings endpoint down, writes succeed, search ranks by words, and the queue waits', async () => {
    const t = await startTestApp({ env: { EMBEDDINGS: 'http', EMBEDDINGS_URL: 'http://127.0.0.1:9/v1', EMBEDDINGS_MODEL: 'down', EMBEDDINGS_TIMEOUT_MS: '500' } });
    try {
      const alice = await t.account();
      const id = await remember(t, alice.session, 'Waters the fern on Sundays.');
      await expect(t.app.embeddings!.embedOnce()).rejects.toThrow();
      const hits = await searchFor(t, alice.session, 'fern');
      expect(hits.map((hit) => hit.memory.id)).toEqual([id]);
      const queued = await t.database.db.selectFrom('embedding_queue').select(['memory_id', 'claim']).where('memory_id', '=', id).execute();
      expect(queued).toEqual([{ memory_id: id, claim: null }]);
    } finally {
      await t.close();
    }
  });

  test('the background worker embeds what is written, after the write commits', async () => {
    const t = await startTestApp({ env: { EMBEDDINGS: 'local' }, embedInBackground: true });
    try {
      const alice = await t.account();
      const id = await remember(t, alice.session, 'Allergic to penicillin.');
      const deadline = Date.now() + 30_000;
      let found: unknown[] = [];
      while (Date.now() < deadline && found.length === 0) {
        found = await t.database.db.selectFrom('memory_embeddings').select('memory_id').where('memory_id', '=', id).execute();
        if (found.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(found).toEqual([{ memory_id: id }]);
    } finally {
      await t.close();
    }
  });
});

describe('EMBEDDINGS=off', () => {
  test('keeps lexical search alone: the same hits and scores as the words give, nothing semantic', async () => {
    const t = await startTestApp({ env: { EMBEDDINGS: 'off' } });
    try {
      const alice = await t.account();
      await remember(t, alice.session, 'Allergic to penicillin.');
      await remember(t, alice.session, 'Door code 4411 until Friday');
      expect(await searchFor(t, alice.session, 'Which antibiotic must a doctor avoid giving me?')).toEqual([]);
      const hits = await searchFor(t, alice.session, 'door code');
      expect(hits.map((hit) => hit.match)).toEqual(['fulltext']);
      expect(t.app.embeddings).toBeNull();
    } finally {
      await t.close();
    }
  });
});

/**
 * A small OpenAI-compatible embeddings server: each text's vector counts its letters (so texts
 * with the same letters are close), and every request is recorded.
 */
class EmbeddingsServer {
  readonly requests: Array<{ authorization: string | undefined; model: string; input: string[] }> = [];
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        if (req.url !== '/v1/embeddings' || req.method !== 'POST') {
          res.writeHead(404).end();
          return;
        }
        const { model, input } = JSON.parse(body) as { model: string; input: string[] };
        this.requests.push({ authorization: req.headers.authorization, model, input });
        // A text the endpoint cannot take (as a server refuses an input over its context).
        if (input.some((text) => text.includes('POISON'))) {
          res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'input is too large' } }));
          return;
        }
        // A query the endpoint takes its time over.
        if (input.some((text) => text.includes('slowly'))) {
          setTimeout(() => res.writeHead(500).end(), 4_000).unref();
          return;
        }
        const data = input.map((text, index) => {
          const vector = new Array<number>(26).fill(0);
          for (const char of text.toLowerCase()) if (char >= 'a' && char <= 'z') vector[char.charCodeAt(0) - 97]! += 1;
          return { object: 'embedding', index, embedding: vector };
        });
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ object: 'list', data: data.reverse(), model }));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('EMBEDDINGS=http', () => {
  const server = new EmbeddingsServer();
  beforeAll(() => server.start());
  afterAll(() => server.close());

  test('embeds through the endpoint (model, key, batches in order), and a new model re-embeds every Memory', async () => {
    const t = await startTestApp({ env: { EMBEDDINGS: 'http', EMBEDDINGS_URL: server.url, EMBEDDINGS_MODEL: 'letters-a', EMBEDDINGS_API_KEY: 'sk-test' } });
    const alice = await t.account();
    const id = await remember(t, alice.session, 'zzz yyy xxx');
    await remember(t, alice.session, 'aaa bbb ccc');
    await t.app.embeddings!.drain();
    expect(server.requests.at(-1)).toMatchObject({ authorization: 'Bearer sk-test', model: 'letters-a' });
    // Shares no word with the query, only its letters: found by meaning, as this embedder sees it.
    const hits = await searchFor(t, alice.session, 'zyx zyx');
    expect(hits[0]).toMatchObject({ memory: { id }, match: 'semantic' });
    const rows = await t.database.db.selectFrom('memory_embeddings').select(['memory_id', 'model']).where('account_id', '=', alice.accountId).execute();
    expect(rows.map((row) => row.model)).toEqual(['http:letters-a', 'http:letters-a']);

    // The same database under another model: everything is queued and embedded again.
    const config = { ...t.config, embeddings: { kind: 'http' as const, url: server.url, model: 'letters-b', apiKey: null, timeoutMs: 5_000 } };
    const other = createApp({ config, database: t.database, embedInBackground: false });
    try {
      expect(await other.embeddings!.backfill()).toBe(2);
      await other.embeddings!.drain();
      const after = await t.database.db.selectFrom('memory_embeddings').select('model').where('account_id', '=', alice.accountId).execute();
      expect(after.map((row) => row.model)).toEqual(['http:letters-b', 'http:letters-b']);
      expect(server.requests.at(-1)!.authorization).toBeUndefined();
    } finally {
      await other.close();
      await t.close();
    }
  });

  test('two instances draining one queue at once embed every Memory once, and leave the queue empty', async () => {
    const t = await startTestApp({ env: { EMBEDDINGS: 'http', EMBEDDINGS_URL: server.url, EMBEDDINGS_MODEL: 'letters-shared' } });
    const other = createApp({ config: t.config, database: t.database, embedInBackground: false });
    try {
      const alice = await t.account();
      const ids = await Promise.all(Array.from({ length: 40 }, (_, i) => remember(t, alice.session, `note number ${i} about the shared queue`)));
      const before = server.requests.length;
      await Promise.all([t.app.embeddings!.drain(), other.embeddings!.drain()]);
      const rows = await t.database.db.selectFrom('memory_embeddings').select('memory_id').where('memory_id', 'in', ids).execute();
      expect(rows).toHaveLength(40);
      expect(await t.database.db.selectFrom('embedding_queue').select('memory_id').where('memory_id', 'in', ids).execute()).toEqual([]);
      // Each Memory was claimed by one instance: the endpoint saw every text once.
      const sent = server.requests.slice(before).flatMap((request) => request.input);
      expect(sent.filter((text) => text.includes('about the shared queue')).sort()).toEqual([...new Set(sent.filter((text) => text.includes('about the shared queue')))].sort());
      expect(sent.filter((text) => text.includes('about the shared queue'))).toHaveLength(40);
    } finally {
      await other.close();
      await t.close();
    }
  });

  test('a text the endpoint refuses goes to the back of the queue without holding up the rest, and is left to its words after five rounds', async () => {
    const t = await startTestApp({ env: { EMBEDDINGS: 'http', EMBEDDINGS_URL: server.url, EMBEDDINGS_MODEL: 'letters' } });
    try {
      const alice = await t.account();
      const poison = await remember(t, alice.session, 'POISON pill text');
      const fine = await remember(t, alice.session, 'a fine text');
      expect(await t.app.embeddings!.embedOnce()).toBe(2);
      const embedded = await t.database.db.selectFrom('memory_embeddings').select('memory_id').where('account_id', '=', alice.accountId).execute();
      expect(embedded.map((row) => row.memory_id)).toEqual([fine]);
      const queued = await t.database.db.selectFrom('embedding_queue').select(['memory_id', 'attempts', 'claim']).where('memory_id', '=', poison).execute();
      expect(queued).toEqual([{ memory_id: poison, attempts: 1, claim: null }]);
      // Alone in its batch it fails as the endpoint being down would: the round fails, nothing is counted.
      await expect(t.app.embeddings!.embedOnce()).rejects.toThrow('400');
      const others = await Promise.all([1, 2, 3, 4].map((i) => remember(t, alice.session, `another fine text ${i}`)));
      for (let round = 0; round < 4; round += 1) {
        await t.app.embeddings!.embedOnce();
        if (round < 3) await remember(t, alice.session, `filler ${round}`);
      }
      const left = await t.database.db.selectFrom('embedding_queue').select('memory_id').where('memory_id', '=', poison).execute();
      expect(left).toEqual([]);
      expect((await searchFor(t, alice.session, 'pill'))[0]).toMatchObject({ memory: { id: poison }, match: 'fulltext' });
      const done = await t.database.db.selectFrom('memory_embeddings').select('memory_id').where('memory_id', 'in', others).execute();
      expect(done).toHaveLength(4);
    } finally {
      await t.close();
    }
  });

  describe('nearest neighbours', () => {
    let t: TestApp;
    let pgvector: boolean;
    beforeAll(async () => {
      t = await startTestApp({ env: { EMBEDDINGS: 'http', EMBEDDINGS_URL: server.url, EMBEDDINGS_MODEL: 'letters-knn' } });
      // The embedded database ships pgvector; this PostgreSQL server may or may not have it.
      const available = await sql<{ name: string }>`select name from pg_available_extensions where name = 'vector'`.execute(t.database.db);
      pgvector = available.rows.length > 0;
    });
    afterAll(() => t.close());

    test('are found by pgvector where the database has it, otherwise by the service, as /readyz says', async () => {
      const alice = await t.account();
      await remember(t, alice.session, 'zzz yyy xxx');
      await t.app.embeddings!.drain();
      const ready = must(await t.http.get('/readyz'), 200, 'readyz').body.data;
      expect(ready.embeddings).toEqual({ model: 'http:letters-knn', neighbours: pgvector ? 'pgvector' : 'scan', up_to_date: true });
      if (!pgvector) return;
      // Every vector is in the column, and the vectors of this size (26 letters) have their HNSW index.
      const unfilled = await sql`select memory_id from memory_embeddings where embedding is null`.execute(t.database.db);
      expect(unfilled.rows).toEqual([]);
      const indexes = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'memory_embeddings_hnsw_26'`.execute(t.database.db);
      expect(indexes.rows[0]!.indexdef).toMatch(/USING hnsw .*vector_cosine_ops.*WHERE \(vector_dims\(embedding\) = 26\)/);
    });

    test("with pgvector, every one of the account's Memories may be found by meaning; without, the 1,000 most recently updated", async () => {
      const alice = await t.account();
      const old = await remember(t, alice.session, 'zzz yyy xxx');
      for (let i = 0; i < MEANING_SCAN_MAX; i += 1) await remember(t, alice.session, `note number ${i} about the shared queue`);
      await t.app.embeddings!.drain();
      const hits = await searchFor(t, alice.session, 'zyx zyx');
      if (pgvector) expect(hits[0]).toMatchObject({ memory: { id: old }, match: 'semantic' });
      else expect(hits.map((hit) => hit.memory.id)).not.toContain(old);
    }, 120_000);

    test('a database given pgvector after Memories were embedded copies their vectors into the column in the background (without it, the table is left as it is)', async () => {
      if (!pgvector) {
        const columns = await sql`select column_name from information_schema.columns where table_name = 'memory_embeddings' and column_name = 'embedding'`.execute(t.database.db);
        expect(columns.rows).toEqual([]);
        return;
      }
      const alice = await t.account();
      const id = await remember(t, alice.session, 'zzz yyy xxx www');
      await t.app.embeddings!.drain();
      // As before pgvector: vectors only in their text column.
      await sql`update memory_embeddings set embedding = null`.execute(t.database.db);
      expect(must(await t.http.get('/readyz'), 200, 'readyz').body.data.embeddings.up_to_date).toBe(false);
      expect(await t.app.embeddings!.embedOnce()).toBeGreaterThan(0);
      await t.app.embeddings!.drain();
      expect(must(await t.http.get('/readyz'), 200, 'readyz').body.data.embeddings.up_to_date).toBe(true);
      const hits = await searchFor(t, alice.session, 'wzyx wzyx');
      expect(hits[0]).toMatchObject({ memory: { id }, match: 'semantic' });
    });
  });

  test('a search waits at most 2 seconds for its query vector, then answers by the words', async () => {
    const t = await startTestApp({ env: { EMBEDDINGS: 'http', EMBEDDINGS_URL: server.url, EMBEDDINGS_MODEL: 'letters' } });
    try {
      const alice = await t.account();
      const id = await remember(t, alice.session, 'the garden gate opens');
      await t.app.embeddings!.drain().catch(() => undefined);
      const started = Date.now();
      const hits = await searchFor(t, alice.session, 'gate opens slowly');
      expect(Date.now() - started).toBeLessThan(3_800);
      expect(hits.map((hit) => hit.memory.id)).toEqual([id]);
      expect(hits[0]!.match).toBe('fulltext');
    } finally {
      await t.close();
    }
  });

  test('an endpoint answering the wrong number of vectors fails the round, and the claim goes back to the queue', async () => {
    const t = await startTestApp({ env: { EMBEDDINGS: 'http', EMBEDDINGS_URL: `${server.url}/missing`, EMBEDDINGS_MODEL: 'letters' } });
    try {
      const alice = await t.account();
      const id = await remember(t, alice.session, 'abc');
      await expect(t.app.embeddings!.embedOnce()).rejects.toThrow('404');
      const queued = await t.database.db.selectFrom('embedding_queue').select(['claim']).where('memory_id', '=', id).executeTakeFirst();
      expect(queued).toEqual({ claim: null });
    } finally {
      await t.close();
    }
  });
});

describe('the local embedder', () => {
  test('is shared by the apps of a process: one closing leaves it working for the other', async () => {
    const first = embedderFor({ kind: 'local' })!;
    const second = embedderFor({ kind: 'local' })!;
    expect(first).toBe(second);
    await first.close();
    expect((await second.embed(['still here']))[0]!.length).toBe(512);
    await second.close();
  });

  test('gives unit vectors of 512 dimensions, close for texts of like meaning, and starts again after close', async () => {
    const embedder = new LocalEmbedder();
    try {
      const [a, b, c] = await embedder.embed(['Allergic to penicillin.', 'Which antibiotic must a doctor avoid?', 'Door code 4411 until Friday']);
      const dot = (x: Float32Array, y: Float32Array) => x.reduce((sum, value, i) => sum + value * y[i]!, 0);
      expect(a!.length).toBe(512);
      expect(dot(a!, a!)).toBeCloseTo(1, 4);
      expect(dot(a!, b!)).toBeGreaterThan(dot(c!, b!));
      await embedder.close();
      expect((await embedder.embed(['again']))[0]!.length).toBe(512);
    } finally {
      await embedder.close();
    }
  });
});
