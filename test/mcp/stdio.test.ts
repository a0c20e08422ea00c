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
  expect(invalid.details.errors).toEqual([expect.objectContaining({ path: '/body/text' })]);
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
