import request from 'supertest';
import { createApp } from '../../src/app';
import { bearer } from '../support/app';
import { eventually } from '../auth/helpers';
import { callError, callOk, startMcpTestApp, type McpTestApp } from './helpers';
import { expectSameError } from './rest-parity';
import { expectError } from '../support/assertions';

// SPEC section 10: /mcp takes the same bearer tokens as /v1, with the same limits and activity.

const MCP_HEADERS = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };

let t: McpTestApp;
beforeAll(async () => {
  t = await startMcpTestApp();
});
afterAll(() => t.close());

describe('authentication and transport', () => {
  test('without a token, /mcp answers 401 unauthorized in the error envelope, with WWW-Authenticate', async () => {
    const res = await t.http.post('/mcp').set(MCP_HEADERS).send(listTools);
    expectError(res, 401, 'unauthorized');
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  test('a JSON-RPC request that accepts application/json alone is 406, as Streamable HTTP requires (the README says which Accept to send)', async () => {
    const alice = await t.account();
    const res = await t.http.post('/mcp').set(bearer(alice.readOnlyKey)).set('Content-Type', 'application/json').set('Accept', 'application/json').send(listTools);
    expect(res.status).toBe(406);
    const both = await t.http.post('/mcp').set(bearer(alice.readOnlyKey)).set(MCP_HEADERS).send(listTools);
    expect(both.status).toBe(200);
  });

  test('a revoked key is refused on /mcp as on /v1', async () => {
    const alice = await t.account();
    const revoked = await t.http.delete(`/v1/account/api-keys/${alice.readWriteKeyId}`).set(bearer(alice.session));
    expect(revoked.status).toBe(200);
    const rest = await t.http.get('/v1/memories').set(bearer(alice.readWriteKey));
    const mcp = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(alice.readWriteKey)).send(listTools);
    expectError(rest, 401, 'unauthorized');
    expectError(mcp, 401, 'unauthorized');
    expect(mcp.body.error.message).toBe(rest.body.error.message);
  });

  test('credentials in the query string are refused before anything runs', async () => {
    const alice = await t.account();
    const res = await t.http.post(`/mcp?api_key=${alice.readWriteKey}`).set(MCP_HEADERS).send(listTools);
    expectError(res, 400, 'credentials_in_query');
  });

  test('GET and DELETE are 405 with Allow: POST (the server keeps no sessions)', async () => {
    const alice = await t.account();
    for (const method of ['get', 'delete'] as const) {
      const res = await t.http[method]('/mcp').set(bearer(alice.readOnlyKey)).set('Accept', 'text/event-stream');
      expectError(res, 405, 'method_not_allowed');
      expect(res.headers.allow).toBe('POST');
    }
  });

  test('a body that is not JSON is 415', async () => {
    const alice = await t.account();
    const res = await t.http.post('/mcp').set(bearer(alice.readOnlyKey)).set('Content-Type', 'text/plain').send('tools/list');
    expectError(res, 415, 'unsupported_media_type');
  });

  test('a JSON-RPC request answers with JSON, no session ID, and the rate-limit headers', async () => {
    const alice = await t.account();
    const res = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(alice.readOnlyKey)).send(listTools);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['mcp-session-id']).toBeUndefined();
    expect(res.headers['ratelimit-policy']).toBeDefined();
    expect(res.headers['request-id']).toBeDefined();
    expect(res.body.result.tools.length).toBeGreaterThan(0);
  });
});

describe('malformed JSON-RPC', () => {
  test('a tools/call without a tool name is "invalid params" (-32602), not an internal error', async () => {
    const alice = await t.account();
    const res = await t.http
      .post('/mcp')
      .set(MCP_HEADERS)
      .set(bearer(alice.readWriteKey))
      .send({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { arguments: { text: 'no tool named' } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: expect.stringContaining('name') } });
    const unknown = await t.http
      .post('/mcp')
      .set(MCP_HEADERS)
      .set(bearer(alice.readWriteKey))
      .send({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'no_such_tool', arguments: {} } });
    expect(unknown.body).toMatchObject({ id: 8, error: { code: -32602, message: expect.stringContaining('no_such_tool') } });
    expect((await t.http.get('/v1/memories').set(bearer(alice.session))).body.data).toEqual([]);
  });

  test('an empty batch is one "invalid request" error (-32600) with 400, as JSON-RPC 2.0 says', async () => {
    const alice = await t.account();
    const res = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(alice.readWriteKey)).send([]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringMatching(/^Invalid Request/) } });
  });
});

describe('arguments that are not an object', () => {
  const call = (id: number | string, name: string, args: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  const refusalOf = (answer: { result?: { isError?: boolean; content: Array<{ text: string }> }; error?: unknown }) => {
    expect(answer.error).toBeUndefined();
    expect(answer.result?.isError).toBe(true);
    return JSON.parse(answer.result!.content[0]!.text).error;
  };

  test('are a tool error with invalid_request, alone or in a JSON-RPC batch beside calls that succeed', async () => {
    const alice = await t.account();
    const alone = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(alice.readWriteKey)).send(call(1, 'list_memories', [1]));
    expect(alone.status).toBe(200);
    const refusal = refusalOf(alone.body);
    expect(refusal).toMatchObject({ code: 'invalid_request', status: 400, message: 'arguments must be an object', details: { errors: [{ in: 'body', path: '', message: 'must be an object' }] } });

    const batches = [
      [call(1, 'list_memories', [1]), call(2, 'create_memory', { text: 'in a batch' })],
      [call('three', 'get_memory', 'mem'), call(4, 'list_memories', null)],
    ];
    const answers = new Map<number | string, never>();
    for (const batch of batches) {
      const res = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(alice.readWriteKey)).send(batch);
      expect(res.status).toBe(200);
      for (const answer of res.body as Array<{ id: number | string }>) answers.set(answer.id, answer as never);
    }
    expect(answers.size).toBe(4);
    for (const id of [1, 'three', 4]) {
      expect({ id, ...refusalOf(answers.get(id)!) }).toMatchObject({ id, code: 'invalid_request', details: refusal.details });
    }
    const created = answers.get(2) as unknown as { result: { isError?: boolean; structuredContent: { data: { text: string } } } };
    expect(created.result.isError).toBeUndefined();
    expect(created.result.structuredContent.data.text).toBe('in a batch');
  });

  test('a read-only key is told first that it may not write, as over REST', async () => {
    const alice = await t.account();
    const res = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(alice.readOnlyKey)).send([call(1, 'create_memory', 'text'), call(2, 'list_memories', [])]);
    const answers = new Map((res.body as Array<{ id: number }>).map((answer) => [answer.id, answer as never]));
    expect(refusalOf(answers.get(1)!).code).toBe('insufficient_key_mode');
    expect(refusalOf(answers.get(2)!).code).toBe('invalid_request');
  });
});

describe('body size', () => {
  test('a body over the REST limit is payload_too_large before its content is checked, as over REST', async () => {
    const alice = await t.account();
    const client = await t.connect(alice.readWriteKey);
    const text = 'x'.repeat(1024 * 1024 + 10); // also far over the 32,000-character limit
    const rest = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send({ text });
    const error = await callError(client, 'create_memory', { text });
    expectSameError(error, rest, 'payload_too_large');
    expect((await t.http.get('/v1/memories').set(bearer(alice.session))).body.data).toEqual([]);
  });
});

describe('activity', () => {
  interface Entry {
    method: string;
    route: string | null;
    operation: string | null;
    status: number;
  }
  const activity = async (session: string, keyId: string): Promise<Entry[]> => {
    const res = await t.http.get(`/v1/account/api-keys/${keyId}/activity`).query({ limit: 100 }).set(bearer(session));
    expect(res.status).toBe(200);
    return res.body.data;
  };

  test('each tool call by an API key is one activity entry named after the tool, with the REST status', async () => {
    const alice = await t.account();
    const client = await t.connect(alice.readWriteKey);
    await client.listTools();
    const created = await callOk(client, 'create_memory', { text: 'Activity is recorded per tool call' });
    await callError(client, 'get_memory', { id: 'mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H' });
    await callOk(client, 'get_memory', { id: created.data.id });
    const entries = await eventually(async () => {
      const list = await activity(alice.session, alice.readWriteKeyId);
      return list.length >= 3 ? list : null;
    });
    // Newest first; initialize and tools/list are not tool calls and leave nothing.
    expect(entries.map(({ method, route, operation, status }) => ({ method, route, operation, status }))).toEqual([
      { method: 'POST', route: '/mcp', operation: 'get_memory', status: 200 },
      { method: 'POST', route: '/mcp', operation: 'get_memory', status: 404 },
      { method: 'POST', route: '/mcp', operation: 'create_memory', status: 201 },
    ]);
  });

  test('a refused write by a read-only key is recorded with its 403', async () => {
    const alice = await t.account();
    const client = await t.connect(alice.readOnlyKey);
    expect((await callError(client, 'create_memory', { text: 'no' })).code).toBe('insufficient_key_mode');
    const entries = await eventually(async () => {
      const list = await activity(alice.session, alice.readOnlyKeyId);
      return list.length >= 1 ? list : null;
    });
    expect(entries[0]).toMatchObject({ route: '/mcp', operation: 'create_memory', status: 403 });
  });
});

describe('getPrincipal', () => {
  test('REST and MCP describe the calling credential', async () => {
    const alice = await t.account();
    const ro = await t.http.get('/v1/principal').set(bearer(alice.readOnlyKey));
    expect(ro.status).toBe(200);
    expect(ro.body).toEqual({ ok: true, data: { kind: 'api_key', key_id: alice.readOnlyKeyId, key_mode: 'read_only' } });
    const session = await t.http.get('/v1/principal').set(bearer(alice.session));
    expect(session.body).toEqual({ ok: true, data: { kind: 'session', key_id: null, key_mode: null } });
    expectError(await t.http.get('/v1/principal').query({ mode: 'x' }).set(bearer(alice.readOnlyKey)), 400, 'invalid_request');
    const client = await t.connect(alice.readWriteKey);
    expect((await callError(client, 'get_principal', { mode: 'x' })).code).toBe('invalid_request');
    expect(await callOk(client, 'get_principal')).toEqual({
      ok: true,
      data: { kind: 'api_key', key_id: alice.readWriteKeyId, key_mode: 'read_write' },
    });
  });
});

describe('several instances', () => {
  test('the server keeps no session: initialize on one instance, then list and call tools on another', async () => {
    const second = createApp({ config: t.config, database: t.database });
    try {
      const alice = await t.account();
      const auth = bearer(alice.readWriteKey);
      const init = await t.http
        .post('/mcp')
        .set(MCP_HEADERS)
        .set(auth)
        .send({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        });
      expect(init.status).toBe(200);
      expect(init.body.result.serverInfo.name).toBe('mtl');
      const version = { 'MCP-Protocol-Version': init.body.result.protocolVersion };
      const other = request(second.express);
      const listed = await other.post('/mcp').set(MCP_HEADERS).set(version).set(auth).send(listTools);
      expect(listed.status).toBe(200);
      expect(listed.body.result.tools.map((tool: { name: string }) => tool.name)).toContain('create_memory');
      const called = await other
        .post('/mcp')
        .set(MCP_HEADERS)
        .set(version)
        .set(auth)
        .send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'create_memory', arguments: { text: 'Through the second instance' } } });
      expect(called.status).toBe(200);
      expect(called.body.result.isError).toBeUndefined();
      const id = called.body.result.structuredContent.data.id;
      expect((await t.http.get(`/v1/memories/${id}`).set(auth)).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
