import { createServer, request as httpRequest, type ClientRequest, type IncomingMessage, type Server } from 'node:http';
import { existsSync, mkdtempSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import request from 'supertest';
import { createApp, type App } from '../../src/app';
import { openExport } from '../../src/domain/portability/export';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import { movableClock } from '../support/clock';
import { postgresOnly } from '../support/database';
import { eventually, sleep } from '../auth/helpers';
import { end, exportLines, fileId, header, importText, memoryLine, NDJSON, ofType, toText } from './helpers';

/**
 * The export and import through a real socket: the export is sent as the client reads it (a
 * client that stops reading stops what is sent; on the embedded database the export is read into
 * a file first, so the database does not wait for the client), and an upload cut off midway
 * leaves nothing.
 * A Unix socket, whose buffers are small (a loopback TCP connection can hold megabytes), so
 * what the server has produced shows in what it has written.
 */
const clock = movableClock();
/** How long an export may wait for its client here (the default is 30 seconds). */
const EXPORT_IDLE_MS = 3_000;
/** How often a running request renews its idempotency claim here (the default is 20 seconds). */
const RENEW_MS = 50;
let t: TestApp;
let server: Server;
const socketPath = join(mkdtempSync(join(tmpdir(), 'mtl-export-')), 'http.sock');
const sockets: Socket[] = [];
beforeAll(async () => {
  // Exports run one at a time (EXPORT_CONCURRENCY's value on the embedded database, and here on PostgreSQL too).
  t = await startTestApp({ clock, idempotencyRenewMs: RENEW_MS, env: { RESPONSE_WRITE_TIMEOUT_MS: String(EXPORT_IDLE_MS) } });
  server = createServer(t.app.express);
  server.on('connection', (socket) => {
    sockets.push(socket);
    // The server's side of a connection its client resets.
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

const MEMORIES = 8_000;
/** The Memories of the account whose export is checked for bounded memory: tens of thousands. */
const LARGE = 30_000;
const TEXT_CHARS = 1_200;

let seeded = 0;
/** Six characters that tell one seeding's IDs from another's. */
const batchTag = () => `ABCDEF${(seeded += 1)}`.slice(-6);

/** Many Memories at once, written straight into the database (the test is about reading them out). */
async function seed(account: TestAccount, count = MEMORIES): Promise<void> {
  const { id: accountId } = await t.database.db
    .selectFrom('accounts')
    .select('id')
    .where('external_id', '=', account.subject)
    .executeTakeFirstOrThrow();
  await sql`
    insert into memories (id, account_id, text, type, sensitivity, tags, pinned, revision, created_at, updated_at)
    select 'mem_01JD2X5Y7Z' || ${batchTag()} || lpad(i::text, 10, '0'), ${accountId},
           'memory ' || i || ' ' || repeat('lorem ipsum ', ${TEXT_CHARS / 12}), 'note', 'normal', '{}', false, 1, now(), now()
    from generate_series(1, ${count}) as i`.execute(t.database.db);
}

/**
 * A GET on a connection of its own (no keep-alive pool: a reused socket would carry one test's
 * reset into the next), whose socket errors are expected: these clients cut connections.
 */
/** Sends a change again while it is refused as account_busy (a change of an account whose export the embedded database is reading). */
async function untilAccepted(send: () => Promise<{ status: number; body: any }>): Promise<{ status: number; body: any }> {
  for (let attempt = 0; ; attempt += 1) {
    const res = await send();
    if (res.status !== 503 || res.body.error?.code !== 'account_busy' || attempt === 100) return res;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function get(path: string, token: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    httpRequest({ socketPath, path, headers: bearer(token), agent: false }, resolve)
      .on('error', reject)
      .on('socket', (socket) => socket.on('error', () => undefined))
      .end();
  });
}

describe('a large export', () => {
  test('when the client stops reading, then the server stops sending: what it has sent or buffered is a small part of the file', async () => {
    const alice = await t.account();
    await seed(alice, LARGE);
    const before = new Set(sockets);
    const res = await get('/v1/export', alice.session);
    expect(res.statusCode).toBe(200);
    const socket = sockets.find((candidate) => !before.has(candidate))!;
    res.pause();
    await sleep(1_500);
    const produced = () => socket.bytesWritten + socket.writableLength;
    const whilePaused = produced();
    await sleep(500);
    // Nothing more is produced while the client does not read.
    expect(produced()).toBe(whilePaused);
    let received = 0;
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      received += Buffer.byteLength(chunk);
      text += chunk.length < 200 ? chunk : chunk.slice(-200);
    });
    res.resume();
    await new Promise((resolve) => res.on('end', resolve));
    // The whole file is far larger than what was out while the client waited.
    expect(received).toBeGreaterThan(LARGE * TEXT_CHARS);
    expect(whilePaused).toBeLessThan(received / 20);
    const last = JSON.parse(text.trimEnd().split('\n').pop()!);
    expect(last).toMatchObject({ type: 'end', data: { counts: { memories: LARGE } } });
  });

  test('when the client goes away midway, then the export ends and the server goes on answering', async () => {
    const alice = await t.account();
    await seed(alice);
    const res = await get('/v1/export', alice.session);
    await new Promise((resolve) => res.once('data', resolve));
    // Going away: the connection's reset may reach this side as an error, which is what is wanted.
    res.on('error', () => undefined);
    res.socket.on('error', () => undefined);
    res.destroy();
    await sleep(200);
    // The snapshot's transaction was ended: the account can be written and read again at once.
    const created = await t.http.post('/v1/memories').set(bearer(alice.session)).send({ text: 'after the export' });
    expect(created.status).toBe(201);
  });
});

describe('an import cut off midway', () => {
  test('when the client disconnects before the end, then the account is unchanged and the next import runs', async () => {
    const bob = await t.account();
    // More than a batch of Memories (1,000), so some are written in the import's transaction before the cut.
    const lines = toText([header(), ...Array.from({ length: 2_500 }, (_, i) => memoryLine(fileId('mem', i), `cut off ${i}`))]);
    const req = httpRequest({
      socketPath,
      method: 'POST',
      path: '/v1/import',
      headers: { ...bearer(bob.session), 'Content-Type': NDJSON, 'Content-Length': String(Buffer.byteLength(lines) * 10) },
    });
    req.on('error', () => undefined);
    req.write(lines);
    // Long enough for the server to have written the first batches in its transaction.
    await sleep(1_500);
    req.destroy();
    const file = toText([header(), memoryLine(fileId('mem', 1), 'the next import'), end({ memories: 1 })]);
    const next = await eventually(async () => {
      const res = await importText(t, bob.session, file);
      return res.status === 200 ? res : null;
    }, 10_000);
    expect(next.body.data.imported.memories).toBe(1);
    const memories = ofType(await exportLines(t, bob.session), 'memory');
    expect(memories.map((memory) => memory.text)).toEqual(['the next import']);
  });
});

/** A POST /v1/import whose body the caller writes, with its answer once it comes. */
function postImport(token: string, headers: Record<string, string>) {
  let req!: ClientRequest;
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req = httpRequest(
      { socketPath, method: 'POST', path: '/v1/import', agent: false, headers: { ...bearer(token), 'Content-Type': NDJSON, ...headers } },
      (res) => {
        let received = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (received += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(received) }));
      },
    );
    req.on('error', reject);
  });
  return { req, answer };
}

/** An import sent up to `held` (the rest is sent by `finish`), with its answer once it comes. */
function heldUpload(token: string, text: string, held: string, headers: Record<string, string> = {}) {
  const { req, answer } = postImport(token, { 'Content-Length': String(Buffer.byteLength(text + held)), ...headers });
  req.write(text);
  return { answer, finish: () => req.end(held) };
}

const memoriesFile = (count: number, words: string) => {
  const lines = [header(), ...Array.from({ length: count }, (_, i) => memoryLine(fileId('mem', i), `${words} ${i}`))];
  return { text: toText(lines), held: toText([end({ memories: count })]) };
};

/**
 * An import of `count` Memories held short of its end, with an Idempotency-Key, once the clock has
 * moved past how long a claim lives without renewal (a minute) and the import has renewed its own.
 */
async function longImport(account: TestAccount, count: number, key: Record<string, string>) {
  const file = memoriesFile(count, 'long import');
  const first = heldUpload(account.session, file.text, file.held, key);
  await sleep(500);
  clock.advance(61_000);
  await sleep(5 * RENEW_MS);
  return { body: file.text + file.held, first };
}

const memoryTexts = async (account: TestAccount) => ofType(await exportLines(t, account.session), 'memory').map((memory) => memory.text as string);

describe('an import that runs long', () => {
  test('when its request is repeated with the same Idempotency-Key while it still runs, then the repeat is 400 idempotency_key_in_use, and once it is done the answer is replayed: the file is imported once', async () => {
    const bob = await t.account();
    const key = { 'Idempotency-Key': 'long-1' };
    // Longer than a claim lives without renewal: the import is still running, so its claim holds.
    const { body, first } = await longImport(bob, 50, key);
    const repeat = importText(t, bob.session, body, key).then((res) => res);
    await sleep(300);
    first.finish();
    const [done, refused] = await Promise.all([first.answer, repeat]);
    expect(done.status).toBe(200);
    expect(done.body.data.imported.memories).toBe(50);
    if (t.database.kind === 'postgres' || refused.status !== 200) {
      expectError(refused, 400, 'idempotency_key_in_use', true);
    } else {
      // On the embedded database the repeat's statements wait for the import's transaction, and
      // may find its answer already stored.
      expect(refused.headers['idempotent-replayed']).toBe('true');
    }
    const replayed = await importText(t, bob.session, body, key);
    expect(replayed.status).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toEqual(done.body);
    expect(await memoryTexts(bob)).toHaveLength(50);
  });

  test('when a second import into the account starts while one runs, then it is refused as 409 import_in_progress: never both at once', async () => {
    const bob = await t.account();
    const firstFile = memoriesFile(30, 'first import');
    const first = heldUpload(bob.session, firstFile.text, firstFile.held);
    await sleep(500);
    const refused = await importText(t, bob.session, toText([header(), memoryLine(fileId('mem', 1), 'second import'), end({ memories: 1 })]));
    expectError(refused, 409, 'import_in_progress', true);
    expect(refused.headers['retry-after']).toBe('5');
    first.finish();
    expect((await first.answer).status).toBe(200);
    expect(await memoryTexts(bob)).not.toContain('second import');
    expect((await memoryTexts(bob)).filter((text) => text.startsWith('first import'))).toHaveLength(30);
    // Once the first has ended, the next runs.
    expect((await importText(t, bob.session, toText([header(), memoryLine(fileId('mem', 1), 'third import'), end({ memories: 1 })]))).status).toBe(200);
  });

  test('when an import\'s body is still arriving, then the requests of other accounts are answered meanwhile', async () => {
    const bob = await t.account();
    const carol = await t.account();
    const file = memoriesFile(20, 'slow sender');
    const upload = heldUpload(bob.session, file.text, file.held);
    await sleep(300);
    const listed = request(t.app.express).get('/v1/memories').set(bearer(carol.readOnlyKey)).then((res) => res.status);
    const waited = sleep(5_000).then(() => 'still waiting');
    expect(await Promise.race([listed, waited])).toBe(200);
    upload.finish();
    expect((await upload.answer).status).toBe(200);
    expect(await memoryTexts(bob)).toHaveLength(20);
  });

  test("when an import's body is still arriving, then the same account's writes go on meanwhile: the import holds no lock or connection while it waits for its sender", async () => {
    const bob = await t.account();
    const carol = await t.account();
    const file = memoriesFile(20, 'trickled');
    const upload = heldUpload(bob.session, file.text, file.held);
    await sleep(300);
    // More writes at once than the pool has connections: each would wait on the import's lock.
    const writes = Promise.all(
      Array.from({ length: 12 }, (_, i) => request(t.app.express).post('/v1/memories').set(bearer(bob.readWriteKey)).send({ text: `written meanwhile ${i}` })),
    ).then((answers) => answers.map((res) => res.status));
    const others = request(t.app.express).post('/v1/memories').set(bearer(carol.readWriteKey)).send({ text: 'another account' }).then((res) => res.status);
    const waited = sleep(10_000).then(() => 'still waiting');
    expect(await Promise.race([writes, waited])).toEqual(new Array(12).fill(201));
    expect(await Promise.race([others, waited])).toBe(201);
    upload.finish();
    expect((await upload.answer).status).toBe(200);
    expect(await memoryTexts(bob)).toHaveLength(32);
  });

  test('when its declared body is over 512 MiB, then it is 413 payload_too_large before anything is read', async () => {
    const bob = await t.account();
    const { req, answer: pending } = postImport(bob.session, { 'Content-Length': String(513 * 1024 * 1024) });
    req.write(toText([header()]));
    const answer = await pending;
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('payload_too_large');
    expect(await memoryTexts(bob)).toEqual([]);
  });
});

postgresOnly('tests of a second server on the same database')('an import that runs long, seen from a second server', () => {
  let second: App;
  beforeAll(() => {
    second = createApp({ config: t.config, database: t.database, clock, idempotencyRenewMs: RENEW_MS });
  });
  afterAll(() => second.close());

  test('when the repeat reaches another server after a minute, then the running import has renewed its claim: the repeat is refused as in use, not run again', async () => {
    const bob = await t.account();
    const key = { 'Idempotency-Key': 'long-2' };
    const { body, first } = await longImport(bob, 40, key);
    const elsewhere = () => request(second.express).post('/v1/import').set(bearer(bob.session)).set('Content-Type', NDJSON).set(key).send(body);
    const refused = await elsewhere();
    expectError(refused, 400, 'idempotency_key_in_use', true);
    first.finish();
    const done = await first.answer;
    expect(done.status).toBe(200);
    const replayed = await elsewhere();
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(await memoryTexts(bob)).toHaveLength(40);
  });
});

/** An export of a freshly seeded account whose client has stopped reading after the headers. */
async function pausedExport(account: TestAccount): Promise<IncomingMessage> {
  await seed(account);
  const res = await get('/v1/export', account.session);
  expect(res.statusCode).toBe(200);
  res.on('error', () => undefined);
  res.socket.on('error', () => undefined);
  res.pause();
  return res;
}

describe('exports that hold the server', () => {
  test('when the client takes nothing for RESPONSE_WRITE_TIMEOUT_MS, then its connection is closed short of the end, and the next export runs', async () => {
    const alice = await t.account();
    const res = await pausedExport(alice);
    await sleep(2 * EXPORT_IDLE_MS + 1_000);
    // What the server had sent before it closed the connection, and then the end of the connection.
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk.length < 300 ? chunk : chunk.slice(-300)));
    res.resume();
    await new Promise((resolve) => res.socket.on('close', resolve));
    expect(res.complete).toBe(false);
    expect(text).not.toContain('"type":"end"');
    // The export's slot and snapshot were let go.
    const next = await t.http.get('/v1/export').set(bearer(alice.readOnlyKey));
    expect(next.status).toBe(200);
  });

  test('when as many exports run as the server allows, then another is 503 too_many_exports with Retry-After, and runs once the first has ended', async () => {
    const alice = await t.account();
    const before = new Set(sockets);
    const running = await pausedExport(alice);
    const held = sockets.find((socket) => !before.has(socket))!;
    const refused = await t.http.get('/v1/export').set(bearer(alice.session));
    expectError(refused, 503, 'too_many_exports', true);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body.error.details).toEqual({ retry_after_seconds: 5 });
    // The held export does not hold the database: on PostgreSQL it keeps one connection of the
    // pool, and on the embedded database it was written to a file first. Other requests are
    // served while its client still holds it.
    expect((await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey))).status).toBe(200);
    // Answered before the export was cut for its idle client (which would have freed the database).
    expect(held.destroyed).toBe(false);
    running.destroy();
    const after = await eventually(async () => {
      const answer = await t.http.get('/v1/export').set(bearer(alice.readOnlyKey));
      return answer.status === 200 ? answer : null;
    });
    expect(after.status).toBe(200);
  });

  test('when an export is ended after its header line, as a HEAD of the export ends it, then no spool is made; read past the header, it is', async () => {
    const alice = await t.account();
    await seed(alice, 50);
    // A spool directory of their own: the spool is the one thing that makes it.
    const directory = join(mkdtempSync(join(tmpdir(), 'mtl-spool-')), 'spool');
    const services = { ...t.app.services, spoolDirectory: directory };
    const principal = { kind: 'session' as const, accountId: alice.accountId };
    const ended = await openExport(services, principal);
    expect(JSON.parse((await ended.next()).value as string)).toMatchObject({ type: 'header' });
    await ended.return?.();
    expect(existsSync(directory)).toBe(false);
    // Its slot was given back (one export at a time here), and an export read on is spooled.
    const read = await openExport(services, principal);
    let text = '';
    for await (const piece of read) text += piece;
    expect(existsSync(directory)).toBe(true);
    expect(JSON.parse(text.trimEnd().split('\n').pop()!)).toMatchObject({ type: 'end', data: { counts: { memories: 50 } } });
  });

  test('when Memories are created and deleted while an export is read, then the file is the account as it was when the export began', async () => {
    const alice = await t.account();
    // More than the connection's buffers hold, so the export is still being sent; few enough that
    // the embedded database has read it (and takes the account's changes again) well within
    // RESPONSE_WRITE_TIMEOUT_MS.
    await seed(alice, 1_000);
    const kept = await t.http.post('/v1/memories').set(bearer(alice.session)).send({ text: 'there when the export began' });
    expect(kept.status).toBe(201);
    const before = new Set(sockets);
    const res = await get('/v1/export', alice.session);
    expect(res.statusCode).toBe(200);
    const held = sockets.find((socket) => !before.has(socket))!;
    let text = '';
    res.setEncoding('utf8');
    await new Promise<void>((resolve) =>
      res.once('data', (chunk: string) => {
        text += chunk;
        resolve();
      }),
    );
    res.pause();
    // These run while the export is read, on both databases. The embedded one refuses the account's
    // changes (503 account_busy) while it reads the export from the database into a file, and takes
    // them once it has.
    const [created, deleted] = await Promise.all([
      untilAccepted(() => t.http.post('/v1/memories').set(bearer(alice.session)).send({ text: 'made during the export' })),
      untilAccepted(() => t.http.delete(`/v1/memories/${kept.body.data.id}`).set(bearer(alice.session))),
    ]);
    expect([created.status, deleted.status]).toEqual([201, 200]);
    // Answered before the export was cut for its idle client (which would have freed the database).
    expect(held.destroyed).toBe(false);
    res.on('data', (chunk: string) => (text += chunk));
    res.resume();
    await new Promise((resolve) => res.on('end', resolve));
    const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; data: any });
    const texts = lines.filter((line) => line.type === 'memory').map((line) => line.data.text as string);
    expect(texts).toContain('there when the export began');
    expect(texts).not.toContain('made during the export');
    expect(lines[lines.length - 1]).toMatchObject({ type: 'end', data: { counts: { memories: 1_000 + 1 } } });
    // The account has moved on since.
    expect(await memoryTexts(alice)).toContain('made during the export');
    expect(await memoryTexts(alice)).not.toContain('there when the export began');
  });
});
