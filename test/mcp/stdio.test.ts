import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mcpTools } from '../../src/generated/mcp-tools';
import { bearer } from '../support/app';
import { callError, callOk, sharedSchemaValidator, startMcpTestApp, type McpTestApp } from './helpers';

// The stdio entry serves the same tools by calling a running MTL's REST API.

const ROOT = join(__dirname, '..', '..');
const ENTRY = ['-r', join(ROOT, 'test/support/register-ts.cjs'), join(ROOT, 'src/mcp/stdio.ts')];

let t: McpTestApp;
const clients: Client[] = [];
beforeAll(async () => {
  t = await startMcpTestApp();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t.close();
});

async function stdioClient(env: Record<string, string>): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ENTRY,
    env: { PATH: process.env.PATH ?? '', ...env },
    cwd: ROOT,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'mtl-stdio-tests', version: '1.0.0' }, { jsonSchemaValidator: sharedSchemaValidator });
  await client.connect(transport);
  clients.push(client);
  return client;
}

function runEntry(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ENTRY, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('close', (code) => resolve({ code, stderr, stdout }));
  });
}

test('a read-only key is offered only the read tools; a read-write key every public tool', async () => {
  const alice = await t.account();
  const readOnly = await stdioClient({ MTL_BASE_URL: t.baseUrl, MTL_API_KEY: alice.readOnlyKey });
  const readWrite = await stdioClient({ MTL_BASE_URL: t.baseUrl, MTL_API_KEY: alice.readWriteKey });
  const names = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name).sort();
  expect(await names(readOnly)).toEqual(mcpTools.filter((tool) => tool.readOnly).map((tool) => tool.name).sort());
  expect(await names(readWrite)).toEqual(mcpTools.map((tool) => tool.name).sort());
  // The same list as /mcp gives the same key.
  const http = await t.connect(alice.readOnlyKey);
  expect(await names(readOnly)).toEqual(await names(http));
});

test('tool calls become REST requests: results, refusals and codes are the REST ones', async () => {
  const alice = await t.account();
  const bob = await t.account();
  const client = await stdioClient({ MTL_BASE_URL: t.baseUrl, MTL_API_KEY: alice.readWriteKey });

  const created = await callOk(client, 'create_memory', { text: 'Written through the stdio entry', tags: ['stdio'] });
  const rest = await t.http.get(`/v1/memories/${created.data.id}`).set(bearer(alice.readWriteKey));
  expect(rest.status).toBe(200);
  expect(rest.body.data).toEqual(created.data);

  // Another account's Memory: the server's 404, message and all.
  const bobs = await t.http.post('/v1/memories').set(bearer(bob.readWriteKey)).send({ text: "Bob's memory" });
  const restError = (await t.http.get(`/v1/memories/${bobs.body.data.id}`).set(bearer(alice.readWriteKey))).body.error;
  const error = await callError(client, 'get_memory', { id: bobs.body.data.id });
  expect({ code: error.code, message: error.message, status: error.status }).toEqual({
    code: restError.code,
    message: restError.message,
    status: 404,
  });

  // Array and number parameters travel in the query string as the contract says (ids comma-separated).
  const second = await callOk(client, 'create_memory', { text: 'A second one' });
  const batch = await callOk(client, 'get_memories', { ids: [second.data.id, created.data.id] });
  const restBatch = await t.http
    .get('/v1/memories/batch')
    .query({ ids: `${second.data.id},${created.data.id}` })
    .set(bearer(alice.readWriteKey));
  expect(batch.data).toEqual(restBatch.body.data);
  expect(batch.data.items.map((item: { id: string; status: string }) => [item.id, item.status])).toEqual([
    [second.data.id, 'ok'],
    [created.data.id, 'ok'],
  ]);
  expect((await callOk(client, 'list_memories', { limit: 1 })).data).toHaveLength(1);

  // Invalid arguments are refused with the validator's code, before any request.
  const invalid = await callError(client, 'create_memory', { text: 42 });
  expect(invalid.code).toBe('invalid_request');
  expect(invalid.details.errors).toEqual([{ in: 'body', path: '/text', argument: 'text', message: 'must be string' }]);
  expect(invalid.message).toBe('text must be string');
});

test('a call whose arguments are not an object is a tool error with invalid_request, as over HTTP', async () => {
  const alice = await t.account();
  const child = spawn(process.execPath, ENTRY, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', MTL_BASE_URL: t.baseUrl, MTL_API_KEY: alice.readOnlyKey },
  });
  try {
    const answers: Array<{ id: number; result?: { isError?: boolean; content: Array<{ text: string }> }; error?: unknown }> = [];
    let pending = '';
    let reusedSent = false;
    const answered = new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop()!;
        answers.push(...lines.filter((line) => line.trim() !== '').map((line) => JSON.parse(line)));
        const third = answers.filter((answer) => answer.id === 3).length;
        if (third === 1 && !reusedSent) {
          reusedSent = true;
          send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'list_memories', arguments: { limit: 1 } } });
        }
        if (third === 2) resolve();
      });
    });
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_memories', arguments: [1] } });
    // A call without a tool name is refused before any tool runs; a later call that reuses its ID
    // is given its own arguments, not those the refused call left behind.
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { arguments: 'left behind' } });
    await answered;
    const [unnamed, reused] = answers.filter((message) => message.id === 3);
    expect(unnamed!.error).toMatchObject({ code: -32602 });
    expect(reused!.error).toBeUndefined();
    expect(reused!.result?.isError).toBeUndefined();
    const answer = answers.find((message) => message.id === 2)!;
    expect(answer.error).toBeUndefined();
    expect(answer.result?.isError).toBe(true);
    expect(JSON.parse(answer.result!.content[0]!.text).error).toMatchObject({
      code: 'invalid_request',
      message: 'arguments must be an object', details: { errors: [{ in: 'body', path: '', message: 'must be an object' }] },
    });
  } finally {
    child.kill();
  }
});

test('a read-only key calling a write tool gets insufficient_key_mode, as over REST', async () => {
  const alice = await t.account();
  const client = await stdioClient({ MTL_BASE_URL: t.baseUrl, MTL_API_KEY: alice.readOnlyKey });
  const rest = await t.http.post('/v1/memories').set(bearer(alice.readOnlyKey)).send({ text: 'no' });
  const error = await callError(client, 'create_memory', { text: 'no' });
  expect({ code: error.code, message: error.message }).toEqual({ code: rest.body.error.code, message: rest.body.error.message });
  expect((await t.http.get('/v1/memories').set(bearer(alice.session))).body.data).toEqual([]);
});

test('an idempotent retry through stdio is replayed by the server', async () => {
  const alice = await t.account();
  const client = await stdioClient({ MTL_BASE_URL: t.baseUrl, MTL_API_KEY: alice.readWriteKey });
  const args = { text: 'Created once', idempotency_key: 'stdio-retry-1' };
  const first = await client.callTool({ name: 'create_memory', arguments: args });
  const second = await client.callTool({ name: 'create_memory', arguments: args });
  expect(second.structuredContent).toEqual(first.structuredContent);
  expect(second._meta).toEqual({ 'mtl/idempotent-replayed': true });
  expect((await t.http.get('/v1/memories').set(bearer(alice.session))).body.data).toHaveLength(1);
});

test('when MTL cannot be reached, a call is a retryable service_unavailable tool error', async () => {
  const alice = await t.account();
  // A listener of its own, so it can be stopped while the app stays up.
  const server: Server = createServer(t.app.express);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = await stdioClient({ MTL_BASE_URL: baseUrl, MTL_API_KEY: alice.readOnlyKey });
  await callOk(client, 'list_memories');
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  const error = await callError(client, 'list_memories');
  expect(error).toMatchObject({ code: 'service_unavailable', status: 503, retryable: true });
  expect(error.message).toContain(baseUrl);
});

test('missing settings or a refused key stop the entry with a message on stderr and nothing on stdout', async () => {
  const noUrl = await runEntry({ MTL_API_KEY: 'mtl_rw_x' });
  expect(noUrl.code).toBe(1);
  expect(noUrl.stderr).toContain('MTL_BASE_URL');
  expect(noUrl.stdout).toBe('');

  const noKey = await runEntry({ MTL_BASE_URL: t.baseUrl });
  expect(noKey.code).toBe(1);
  expect(noKey.stderr).toContain('MTL_API_KEY');

  const badKey = await runEntry({ MTL_BASE_URL: t.baseUrl, MTL_API_KEY: 'mtl_rw_not_a_real_key' });
  expect(badKey.code).toBe(1);
  expect(badKey.stderr).toContain('unauthorized');
  expect(badKey.stdout).toBe('');
});

/** A server that says it is MTL for the key check, then answers every other request as `answer` says. */
async function impostor(answer: { status: number; headers?: Record<string, string>; body: string }): Promise<{ baseUrl: string; close(): Promise<void>; set(next: typeof answer): void }> {
  let current = answer;
  const server = createServer((req, res) => {
    if (req.url === '/v1/principal') {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ ok: true, data: { kind: 'api_key', account_id: 'acc_x', key_id: 'key_01M88C9CDJ1A57EMA6FC557HYH', key_mode: 'read_write' } }));
      return;
    }
    res.writeHead(current.status, current.headers ?? {});
    res.end(current.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set: (next) => (current = next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test("an answer without MTL's envelope (a proxy's page, a gateway's 429) is a tool error with MTL's codes", async () => {
  const gateway = await impostor({ status: 502, headers: { 'Content-Type': 'text/html' }, body: '<html><body>Bad Gateway</body></html>' });
  try {
    const client = await stdioClient({ MTL_BASE_URL: gateway.baseUrl, MTL_API_KEY: 'mtl_rw_x' });
    const badGateway = await callError(client, 'list_memories');
    expect(badGateway).toMatchObject({ code: 'service_unavailable', status: 503, retryable: true });
    expect(badGateway.message).toContain('502');

    gateway.set({ status: 429, headers: { 'Retry-After': '7', 'Content-Type': 'text/plain' }, body: 'Too Many Requests' });
    expect(await callError(client, 'create_memory', { text: 'x' })).toMatchObject({
      code: 'rate_limited',
      status: 429,
      retryable: true,
      details: { retry_after_seconds: 7 },
    });

    gateway.set({ status: 503, headers: { 'Content-Length': '0' }, body: '' });
    expect(await callError(client, 'list_memories')).toMatchObject({ code: 'service_unavailable', retryable: true });

    gateway.set({ status: 200, headers: { 'Content-Type': 'text/html' }, body: '<html>Welcome</html>' });
    const notJson = await callError(client, 'list_memories');
    expect(notJson).toMatchObject({ code: 'service_unavailable', retryable: true });
    expect(notJson.message).toContain('other than JSON');
  } finally {
    await gateway.close();
  }
});

test('at start-up, an unreachable MTL, another server or a failing MTL is named clearly on stderr', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((resolve) => closed.close(resolve));
  const down = await runEntry({ MTL_BASE_URL: closedUrl, MTL_API_KEY: 'mtl_rw_x' });
  expect(down.code).toBe(1);
  expect(down.stderr).toContain(`MTL at ${closedUrl} could not be reached`);
  expect(down.stdout).toBe('');

  const other = createServer((_req, res) => {
    res.writeHead(404, { 'Content-Type': 'text/html' });
    res.end('<html>Not Found</html>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  try {
    const wrong = await runEntry({ MTL_BASE_URL: otherUrl, MTL_API_KEY: 'mtl_rw_x' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(`MTL at ${otherUrl} answered HTTP 404`);
    expect(wrong.stderr).not.toContain('mtl_rw_x');
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }

  const failing = createServer((_req, res) => {
    res.writeHead(503, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ ok: false, error: { code: 'service_unavailable', message: 'The database is unavailable right now; retry shortly.', status: 503, retryable: true, request_id: 'r' } }));
  });
  await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
  const failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
  try {
    const unavailable = await runEntry({ MTL_BASE_URL: failingUrl, MTL_API_KEY: 'mtl_rw_x' });
    expect(unavailable.code).toBe(1);
    expect(unavailable.stderr).toContain('service_unavailable');
    expect(unavailable.stderr).not.toContain('refused the credential');
  } finally {
    await new Promise((resolve) => failing.close(resolve));
  }
});
