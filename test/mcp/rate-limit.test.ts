import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { bearer } from '../support/app';
import { startMcpTestApp, type McpTestApp } from './helpers';
import { expectError } from '../support/assertions';
import { eventually } from '../auth/helpers';

// SPEC section 10: the same rate limits; a key has one budget for /v1 and /mcp together.

const MCP_HEADERS = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };

let t: McpTestApp;
beforeAll(async () => {
  t = await startMcpTestApp({ env: { RATE_LIMIT_PER_MINUTE: '4' } });
});
afterAll(() => t.close());

test('requests to /v1 and /mcp draw on one budget per key; over it /mcp answers 429 rate_limited', async () => {
  const alice = await t.account();
  for (let i = 0; i < 2; i += 1) expect((await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey))).status).toBe(200);
  for (let i = 0; i < 2; i += 1) {
    const res = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(alice.readOnlyKey)).send(listTools);
    expect(res.status).toBe(200);
    expect(res.headers['ratelimit']).toMatch(new RegExp(`r=${1 - i}`));
  }
  const limited = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(alice.readOnlyKey)).send(listTools);
  expectError(limited, 429, 'rate_limited', true);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expectError(await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey)), 429, 'rate_limited', true);
  // The key's budget, not the account's: the other key still works.
  expect((await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(alice.readWriteKey)).send(listTools)).status).toBe(200);
});

test('an SDK client over its budget gets an HTTP 429 error from the transport', async () => {
  const bob = await t.account();
  // Connecting takes several requests of the budget (initialize, initialized, the stream probe).
  const client = await t.connect(bob.readOnlyKey);
  let error: unknown = null;
  for (let i = 0; i < 5 && error === null; i += 1) {
    error = await client.listTools().then(
      () => null,
      (err: unknown) => err,
    );
  }
  expect(error).toBeInstanceOf(StreamableHTTPError);
  expect((error as StreamableHTTPError).code).toBe(429);
  expect((error as Error).message).toContain('rate_limited');
});

test('each tools/call of a JSON-RPC batch draws on the budget; the calls over it are refused with rate_limited', async () => {
  const carol = await t.account();
  // Requests first, so that the batch (at most 2 messages) outgrows what is left of the budget.
  for (let i = 0; i < 3; i += 1) expect((await t.http.get('/v1/memories').set(bearer(carol.readWriteKey))).status).toBe(200);
  const batch = Array.from({ length: 2 }, (_, i) => ({
    jsonrpc: '2.0',
    id: i + 1,
    method: 'tools/call',
    params: { name: 'create_memory', arguments: { text: `batched note ${i}` } },
  }));
  const res = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(carol.readWriteKey)).send(batch);
  expect(res.status).toBe(200);
  const answers = res.body as Array<{ id: number; result: { isError?: boolean; content: Array<{ text: string }> } }>;
  expect(answers).toHaveLength(2);
  const refused = answers.filter((answer) => answer.result.isError);
  // The HTTP request pays for the first call, the last of the budget of 4.
  expect(refused).toHaveLength(1);
  for (const answer of refused) {
    const envelope = JSON.parse(answer.result.content[0]!.text);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'rate_limited', status: 429, retryable: true } });
    expect(envelope.error.details.retry_after_seconds).toBeGreaterThan(0);
  }
  expect(res.headers['ratelimit']).toMatch(/r=0;/);
  const listed = await t.http.get('/v1/memories').set(bearer(carol.session));
  expect(listed.body.data).toHaveLength(1);
  expectError(await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(carol.readWriteKey)).send(listTools), 429, 'rate_limited', true);
});

test('each tools/list of a JSON-RPC batch draws on the budget too; those over it are JSON-RPC errors carrying the rate_limited envelope', async () => {
  const dave = await t.account();
  for (let i = 0; i < 3; i += 1) expect((await t.http.get('/v1/memories').set(bearer(dave.readOnlyKey))).status).toBe(200);
  const batch = Array.from({ length: 2 }, (_, i) => ({ ...listTools, id: i + 1 }));
  const res = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(dave.readOnlyKey)).send(batch);
  expect(res.status).toBe(200);
  const answers = res.body as Array<{ id: number; result?: { tools: unknown[] }; error?: { code: number; message: string; data: any } }>;
  expect(answers).toHaveLength(2);
  // The HTTP request pays for the first listing, the last of the budget of 4.
  expect(answers.filter((answer) => answer.result)).toHaveLength(1);
  for (const answer of answers.filter((answer) => answer.result)) expect(answer.result!.tools.length).toBeGreaterThan(10);
  const refused = answers.filter((answer) => answer.error);
  expect(refused).toHaveLength(1);
  for (const { error } of refused) {
    expect(error!.code).toBe(-32000);
    expect(error!.message).toMatch(/Too many requests; retry after \d+ seconds\./);
    expect(error!.data).toMatchObject({ ok: false, error: { code: 'rate_limited', status: 429, retryable: true } });
    expect(error!.data.error.details.retry_after_seconds).toBeGreaterThan(0);
  }
  expect(res.headers['ratelimit']).toMatch(/r=0;/);
  expectError(await t.http.get('/v1/memories').set(bearer(dave.readOnlyKey)), 429, 'rate_limited', true);
});

test('a request to /mcp refused before any tool call (over the budget, or not JSON) is an activity entry of the key, as on /v1', async () => {
  const erin = await t.account();
  const notJson = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(erin.readOnlyKey)).send('{"jsonrpc": ');
  expect(notJson.status).toBe(400);
  for (let i = 0; i < 3; i += 1) expect((await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(erin.readOnlyKey)).send(listTools)).status).toBe(200);
  expectError(await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(erin.readOnlyKey)).send(listTools), 429, 'rate_limited', true);
  const entries = await eventually(async () => {
    const res = await t.http.get(`/v1/account/api-keys/${erin.readOnlyKeyId}/activity`).set(bearer(erin.session));
    expect(res.status).toBe(200);
    return res.body.data.length >= 2 ? res.body.data : null;
  });
  // Listings are not tool calls and leave nothing; the two refusals are recorded, newest first.
  expect(entries.map(({ method, route, operation, status }: Record<string, unknown>) => ({ method, route, operation, status }))).toEqual([
    { method: 'POST', route: '/mcp', operation: null, status: 429 },
    { method: 'POST', route: '/mcp', operation: null, status: 400 },
  ]);
});
