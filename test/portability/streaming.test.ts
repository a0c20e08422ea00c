import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { eventually, sleep } from '../auth/helpers';
import { end, exportLines, fileId, header, importText, memoryLine, NDJSON, ofType, toText } from './helpers';

/**
 * The export and import through a real socket: the export is produced as the client reads it
 * (a client that stops reading stops the export), and an upload cut off midway leaves nothing.
 * A Unix socket, whose buffers are small (a loopback TCP connection can hold megabytes), so
 * what the server has produced shows in what it has written.
 */
let t: TestApp;
let server: Server;
const socketPath = join(mkdtempSync(join(tmpdir(), 'mtl-export-')), 'http.sock');
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
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
const TEXT_CHARS = 1_200;

let seeded = 0;
/** Six characters that tell one seeding's IDs from another's. */
const batchTag = () => `ABCDEF${(seeded += 1)}`.slice(-6);

/** Many Memories at once, written straight into the database (the test is about reading them out). */
async function seed(account: TestAccount): Promise<void> {
  const { id: accountId } = await t.database.db
    .selectFrom('accounts')
    .select('id')
    .where('external_id', '=', account.subject)
    .executeTakeFirstOrThrow();
  await sql`
    insert into memories (id, account_id, text, type, sensitivity, tags, pinned, revision, created_at, updated_at)
    select 'mem_01JD2X5Y7Z' || ${batchTag()} || lpad(i::text, 10, '0'), ${accountId},
           'memory ' || i || ' ' || repeat('lorem ipsum ', ${TEXT_CHARS / 12}), 'note', 'normal', '{}', false, 1, now(), now()
    from generate_series(1, ${MEMORIES}) as i`.execute(t.database.db);
}

/**
 * A GET on a connection of its own (no keep-alive pool: a reused socket would carry one test's
 * reset into the next), whose socket errors are expected: these clients cut connections.
 */
function get(path: string, token: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    httpRequest({ socketPath, path, headers: bearer(token), agent: false }, resolve)
      .on('error', reject)
      .on('socket', (socket) => socket.on('error', () => undefined))
      .end();
  });
}

describe('a large export', () => {
  test('when the client stops reading, then the server stops producing: what it has sent or buffered is a small part of the file', async () => {
    const alice = await t.account();
    await seed(alice);
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
    expect(received).toBeGreaterThan(MEMORIES * TEXT_CHARS);
    expect(whilePaused).toBeLessThan(received / 5);
    const last = JSON.parse(text.trimEnd().split('\n').pop()!);
    expect(last).toMatchObject({ type: 'end', data: { counts: { memories: MEMORIES } } });
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
    const lines = toText([header(), ...Array.from({ length: 600 }, (_, i) => memoryLine(fileId('mem', i), `cut off ${i}`))]);
    const req = httpRequest({
      socketPath,
      method: 'POST',
      path: '/v1/import',
      headers: { ...bearer(bob.session), 'Content-Type': NDJSON, 'Content-Length': String(Buffer.byteLength(lines) * 10) },
    });
    req.on('error', () => undefined);
    req.write(lines);
    // Long enough for the server to have written the first batches in its transaction.
    await sleep(1_000);
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
