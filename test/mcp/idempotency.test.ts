import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { bearer, type TestAccount } from '../support/app';
import { callError, callOk, envelopeOf, startMcpTestApp, type McpTestApp } from './helpers';
import { expectError } from '../support/assertions';

let app: McpTestApp;
beforeAll(async () => {
  app = await startMcpTestApp();
});
afterAll(() => app.close());

const REPLAYED = 'mtl/idempotent-replayed';

async function caller(): Promise<{ account: TestAccount; rw: Client; ro: Client }> {
  const account = await app.account();
  const [rw, ro] = await Promise.all([app.connect(account.readWriteKey), app.connect(account.readOnlyKey)]);
  return { account, rw, ro };
}

/** A tool call's whole result: the envelope, whether it was refused, and its replay mark. */
async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  return { envelope: envelopeOf(result), isError: result.isError === true, replayed: result._meta?.[REPLAYED] };
}

async function memories(account: TestAccount): Promise<Array<{ id: string; text: string }>> {
  const res = await app.http.get('/v1/memories?limit=100').set(bearer(account.session));
  expect(res.status).toBe(200);
  return res.body.data;
}

const restCreate = (account: TestAccount, key: string, body: Record<string, unknown>) =>
  app.http.post('/v1/memories').set(bearer(account.readWriteKey)).set('Idempotency-Key', key).send(body);

describe('create_memory with idempotency_key', () => {
  test('a repeat returns the same Memory, marked as replayed, and only one Memory exists', async () => {
    const { account, rw } = await caller();
    const first = await call(rw, 'create_memory', { text: 'only once', tags: ['retry'], idempotency_key: 'create-1' });
    expect(first.isError).toBe(false);
    expect(first.replayed).toBeUndefined();
    expect(first.envelope.data).toMatchObject({ text: 'only once', tags: ['retry'], revision: 1 });

    const again = await call(rw, 'create_memory', { text: 'only once', tags: ['retry'], idempotency_key: 'create-1' });
    expect(again.isError).toBe(false);
    expect(again.replayed).toBe(true);
    expect(again.envelope).toEqual(first.envelope);

    // A third time is still a replay, and the argument order does not matter.
    const third = await call(rw, 'create_memory', { idempotency_key: 'create-1', tags: ['retry'], text: 'only once' });
    expect(third.replayed).toBe(true);
    expect(third.envelope.data.id).toBe(first.envelope.data.id);

    expect((await memories(account)).map((memory) => memory.id)).toEqual([first.envelope.data.id]);
  });

  test('the same key with another text is idempotency_key_reused, as over REST, and nothing more is created', async () => {
    const { account, rw } = await caller();
    const first = await callOk(rw, 'create_memory', { text: 'first text', idempotency_key: 'k' });

    const reused = await callError(rw, 'create_memory', { text: 'second text', idempotency_key: 'k' });
    const rest = await restCreate(account, 'k', { text: 'third text' });
    expect(rest.status).toBe(400);
    expect(reused).toEqual({ ...rest.body.error, request_id: expect.any(String) });
    expect(reused).toMatchObject({ code: 'idempotency_key_reused', status: 400, retryable: false });

    // Another field than the text, or the same content sent to another tool, is another request too.
    const pinned = await callError(rw, 'create_memory', { text: 'first text', pinned: true, idempotency_key: 'k' });
    expect(pinned.code).toBe('idempotency_key_reused');
    const subject = await callError(rw, 'create_subject', { name: 'first text', idempotency_key: 'k' });
    expect(subject).toEqual({ ...rest.body.error, request_id: expect.any(String) });
    expect((await app.http.get('/v1/subjects').set(bearer(account.session))).body.data).toEqual([]);

    // The first request itself still replays.
    const again = await call(rw, 'create_memory', { text: 'first text', idempotency_key: 'k' });
    expect(again.replayed).toBe(true);
    expect(again.envelope).toEqual(first);
    expect((await memories(account)).map((memory) => memory.id)).toEqual([first.data.id]);
  });

  test('a key first used over REST replays the REST answer to the same call over MCP', async () => {
    const { account, rw } = await caller();
    const body = { text: 'made over REST', type: 'decision', tags: ['Shared'] };
    const rest = await restCreate(account, 'from-rest', body);
    expect(rest.status).toBe(201);
    expect(rest.headers['idempotent-replayed']).toBeUndefined();

    const replay = await call(rw, 'create_memory', { ...body, idempotency_key: 'from-rest' });
    expect(replay.isError).toBe(false);
    expect(replay.replayed).toBe(true);
    expect(replay.envelope).toEqual(rest.body);
    expect((await memories(account)).map((memory) => memory.id)).toEqual([rest.body.data.id]);
  });

  test('a key first used over MCP replays the MCP answer to the same request over REST, with its Location and ETag', async () => {
    const { account, rw } = await caller();
    const args = { text: 'made over MCP', pinned: true };
    const first = await callOk(rw, 'create_memory', { ...args, idempotency_key: 'from-mcp' });

    const rest = await restCreate(account, 'from-mcp', args);
    expect(rest.status).toBe(201);
    expect(rest.headers['idempotent-replayed']).toBe('true');
    expect(rest.body).toEqual(first);
    expect(rest.headers.location).toBe(`/v1/memories/${first.data.id}`);
    expect(rest.headers.etag).toBe('"1"');
    expect((await memories(account)).map((memory) => memory.id)).toEqual([first.data.id]);
  });

  test('default values count as sent: a REST body without them and a call naming them are the same request', async () => {
    const { account, rw } = await caller();
    const rest = await restCreate(account, 'defaults', { text: 'plain' });
    expect(rest.status).toBe(201);
    const replay = await call(rw, 'create_memory', {
      text: 'plain',
      type: 'note',
      sensitivity: 'normal',
      pinned: false,
      idempotency_key: 'defaults',
    });
    expect(replay.replayed).toBe(true);
    expect(replay.envelope).toEqual(rest.body);
    expect(await memories(account)).toHaveLength(1);
  });

  test('keys belong to one account: another account with the same key and text gets its own Memory', async () => {
    const alice = await caller();
    const bob = await caller();
    const a = await call(alice.rw, 'create_memory', { text: 'same words', idempotency_key: 'shared' });
    const b = await call(bob.rw, 'create_memory', { text: 'same words', idempotency_key: 'shared' });
    expect([a.isError, b.isError]).toEqual([false, false]);
    expect(b.replayed).toBeUndefined();
    expect(b.envelope.data.id).not.toBe(a.envelope.data.id);

    // Bob's key does not collide with Alice's even with another text, over MCP or REST.
    const other = await call(bob.rw, 'create_memory', { text: 'different words', idempotency_key: 'other' });
    expect(other.isError).toBe(false);
    const aliceRest = await restCreate(alice.account, 'other', { text: 'alice words' });
    expect(aliceRest.status).toBe(201);
    expect(aliceRest.headers['idempotent-replayed']).toBeUndefined();

    expect((await memories(alice.account)).map((memory) => memory.id).sort()).toEqual([a.envelope.data.id, aliceRest.body.data.id].sort());
    expect((await memories(bob.account)).map((memory) => memory.id).sort()).toEqual([b.envelope.data.id, other.envelope.data.id].sort());
  });

  test('a call refused before it runs does not use the key: invalid arguments, or a read-only key', async () => {
    const { account, rw, ro } = await caller();
    const invalid = await callError(rw, 'create_memory', { text: 5, idempotency_key: 'unused' });
    expect(invalid.code).toBe('invalid_request');
    const readOnly = await callError(ro, 'create_memory', { text: 'from the read-only key', idempotency_key: 'unused' });
    expect(readOnly.code).toBe('insufficient_key_mode');

    const created = await call(rw, 'create_memory', { text: 'the real one', idempotency_key: 'unused' });
    expect(created.isError).toBe(false);
    expect(created.replayed).toBeUndefined();
    expect((await memories(account)).map((memory) => memory.text)).toEqual(['the real one']);
  });

  test('a refusal from the operation is kept and answered again, over MCP and over REST', async () => {
    const { account, rw } = await caller();
    const args = { text: 'hush', sensitivity: 'secret' };
    const first = await callError(rw, 'create_memory', { ...args, idempotency_key: 'secret' });
    expect(first.code).toBe('secret_memory_forbidden');

    // The first refusal again, each naming the request that received it.
    const again = await callError(rw, 'create_memory', { ...args, idempotency_key: 'secret' });
    expect(again.request_id).not.toBe(first.request_id);
    expect({ ...again, request_id: first.request_id }).toEqual(first);
    const rest = await restCreate(account, 'secret', args);
    expectError(rest, 403, 'secret_memory_forbidden');
    expect(rest.headers['idempotent-replayed']).toBe('true');
    expect({ ...rest.body.error, request_id: first.request_id }).toEqual(first);
    expect(await memories(account)).toEqual([]);
  });
});
