import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { operations, type OperationId } from '../../src/generated/contract';
import { mcpTools } from '../../src/generated/mcp-tools';
import type { components } from '../../src/generated/openapi';
import { isOperationAllowed, type Principal } from '../../src/domain/shared/principal';
import { listingFor } from '../../src/mcp/server';
import { bearer, type TestAccount } from '../support/app';
import { callError, callOk, startMcpTestApp, type McpTestApp } from './helpers';

let app: McpTestApp;
let alice: TestAccount;
let readOnly: Client;
let readWrite: Client;
let session: Client;
let readOnlyTools: Tool[];
let readWriteTools: Tool[];
let sessionTools: Tool[];

beforeAll(async () => {
  app = await startMcpTestApp();
  alice = await app.account();
  [readOnly, readWrite, session] = await Promise.all([
    app.connect(alice.readOnlyKey),
    app.connect(alice.readWriteKey),
    app.connect(alice.session),
  ]);
  [readOnlyTools, readWriteTools, sessionTools] = await Promise.all([
    readOnly.listTools().then((listed) => listed.tools),
    readWrite.listTools().then((listed) => listed.tools),
    session.listTools().then((listed) => listed.tools),
  ]);
});
afterAll(() => app.close());

const readOnlyPrincipal: Principal = { kind: 'api_key', accountId: 'acc', keyId: 'key', lineId: 'key', mode: 'read_only' };
const readWritePrincipal: Principal = { kind: 'api_key', accountId: 'acc', keyId: 'key', lineId: 'key', mode: 'read_write' };
const sessionPrincipal: Principal = { kind: 'session', accountId: 'acc' };

const operationIds = Object.keys(operations) as OperationId[];
const accessOf = (id: OperationId) => operations[id].access;
const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name).sort();
const definitionOf = (name: string) => {
  const definition = mcpTools.find((tool) => tool.name === name);
  if (!definition) throw new Error(`no generated definition for the listed tool ${name}`);
  return definition;
};

/** Every action of the workflow operation; the Record makes a new action a compile error here. */
const WORKFLOW_ACTIONS: Record<components['schemas']['WorkflowAction'], true> = {
  create: true,
  submit_review: true,
  retry: true,
  publish: true,
  unpublish: true,
  republish: true,
};

describe('tools/list', () => {
  test('a read-only key sees exactly the tools of the operations it may call: the read operations', () => {
    const allowed = mcpTools.filter((tool) => isOperationAllowed(readOnlyPrincipal, tool.operationId));
    const reads = mcpTools.filter((tool) => accessOf(tool.operationId) === 'read');
    expect(names(allowed)).toEqual(names(reads));
    expect(names(readOnlyTools)).toEqual(names(allowed));
    expect(readOnlyTools.length).toBeGreaterThan(0);
    for (const tool of readOnlyTools) {
      expect({ tool: tool.name, access: accessOf(definitionOf(tool.name).operationId) }).toEqual({ tool: tool.name, access: 'read' });
      expect({ tool: tool.name, readOnlyHint: tool.annotations?.readOnlyHint }).toEqual({ tool: tool.name, readOnlyHint: true });
    }
    // The retrieval tools a client starts with are there; the writes are not.
    expect(names(readOnlyTools)).toEqual(expect.arrayContaining(['get_memories', 'get_memory', 'list_memories', 'search_memories', 'read_template_draft']));
    expect(names(readOnlyTools).filter((name) => ['create_memory', 'update_memory', 'delete_memory'].includes(name))).toEqual([]);
  });

  test('a read-write key and a session see the same full list: every generated tool', () => {
    expect(names(readWriteTools)).toEqual(names(mcpTools));
    expect(names(sessionTools)).toEqual(names(readWriteTools));
    expect(names(mcpTools.filter((tool) => isOperationAllowed(readWritePrincipal, tool.operationId)))).toEqual(names(mcpTools));
    expect(names(mcpTools.filter((tool) => isOperationAllowed(sessionPrincipal, tool.operationId)))).toEqual(names(mcpTools));
    // Listing the same principal twice gives the same answer, in the same order.
    expect(sessionTools.map((tool) => tool.name)).toEqual(readWriteTools.map((tool) => tool.name));
  });

  test('the listing of each kind of principal is made once and shared by every key of that mode', () => {
    const otherReadOnly: Principal = { kind: 'api_key', accountId: 'other', keyId: 'other', lineId: 'other', mode: 'read_only' };
    expect(listingFor(otherReadOnly)).toBe(listingFor(readOnlyPrincipal));
    expect(listingFor({ kind: 'session', accountId: 'other' })).toBe(listingFor(sessionPrincipal));
    expect(listingFor(readWritePrincipal)).not.toBe(listingFor(readOnlyPrincipal));
    expect(listingFor(readOnlyPrincipal).result.tools.map((tool) => tool.name)).toEqual(readOnlyTools.map((tool) => tool.name));
    expect(listingFor(readOnlyPrincipal).bytes).toBe(Buffer.byteLength(JSON.stringify({ tools: readOnlyTools })));
  });

  test('tool names are unique', () => {
    expect(new Set(mcpTools.map((tool) => tool.name)).size).toBe(mcpTools.length);
    expect(new Set(sessionTools.map((tool) => tool.name)).size).toBe(sessionTools.length);
  });

  test('no application-only operation has a tool, not even for a session', () => {
    const sessionOnly = operationIds.filter((id) => accessOf(id) === 'session');
    expect(sessionOnly).toEqual(expect.arrayContaining(['createApiKey', 'acceptFactSuggestion', 'updateWorkspaceProfile']));
    const withTools = new Set(mcpTools.map((tool) => tool.operationId));
    expect(sessionOnly.filter((id) => withTools.has(id))).toEqual([]);
    const listed = new Set(sessionTools.map((tool) => definitionOf(tool.name).operationId));
    expect(sessionOnly.filter((id) => listed.has(id))).toEqual([]);
  });

  test('every public operation has at least one tool (but the REST-only ones the contract names), and the workflow has one per action', () => {
    const publicOperations = operationIds.filter((id) => (accessOf(id) === 'read' || accessOf(id) === 'write') && operations[id].mcpTool);
    expect(operationIds.filter((id) => accessOf(id) !== 'session' && !operations[id].mcpTool).sort()).toEqual(['exportAccount', 'importAccount']);
    const listed = new Set(sessionTools.map((tool) => definitionOf(tool.name).operationId));
    expect(publicOperations.filter((id) => !listed.has(id))).toEqual([]);

    const workflowTools = mcpTools.filter((tool) => tool.operationId === 'runTemplateWorkflow');
    expect(workflowTools.map((tool) => tool.fixedBody.action).sort()).toEqual(Object.keys(WORKFLOW_ACTIONS).sort());
    for (const tool of workflowTools) {
      // The tool sets the action itself: a caller cannot pass another one.
      expect({ tool: tool.name, action: (tool.inputSchema.properties as Record<string, unknown>).action }).toEqual({ tool: tool.name, action: undefined });
      expect(names(sessionTools)).toContain(tool.name);
    }
    // Every other operation has exactly one tool.
    const others = publicOperations.filter((id) => id !== 'runTemplateWorkflow');
    for (const id of others) {
      expect({ id, tools: mcpTools.filter((tool) => tool.operationId === id).length }).toEqual({ id, tools: 1 });
    }
  });

  test('every listed tool has a short description, its compact input schema, no output schema, and annotations matching its access', () => {
    for (const tool of sessionTools) {
      const definition = definitionOf(tool.name);
      const operation = operations[definition.operationId];
      const readOnlyTool = operation.access === 'read';
      expect({
        tool: tool.name,
        description: tool.description === definition.listedDescription && tool.description!.length <= 300,
        inputType: tool.inputSchema.type,
        outputSchema: tool.outputSchema,
        readOnlyHint: tool.annotations?.readOnlyHint,
        destructiveHint: tool.annotations?.destructiveHint,
      }).toEqual({
        tool: tool.name,
        description: true,
        inputType: 'object',
        outputSchema: undefined,
        readOnlyHint: readOnlyTool,
        // Said of writes only: MCP reads it only when readOnlyHint is false.
        destructiveHint: readOnlyTool ? undefined : ['DELETE', 'PUT', 'PATCH'].includes(operation.method) || tool.name === 'unpublish_template',
      });
      expect(tool.inputSchema).toEqual(definition.listedInputSchema);
      // Every argument of the full schema is listed, with its type, and the required ones as required.
      const full = definition.inputSchema as unknown as { properties: Record<string, { type?: unknown }>; required?: string[] };
      const listed = tool.inputSchema as unknown as { properties: Record<string, { type?: unknown; anyOf?: unknown }>; required?: string[] };
      expect(Object.keys(listed.properties)).toEqual(Object.keys(full.properties));
      expect(listed.required ?? []).toEqual(full.required ?? []);
    }
  });

  test("the list fits in an agent's context: at most 30,000 bytes for a read-write key, with no type arrays in input schemas", async () => {
    const answer = await fetch(`${app.baseUrl}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${alice.readWriteKey}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    const text = await answer.text();
    const bytes = Buffer.byteLength(text);
    const listed = (JSON.parse(text) as { result: { tools: Tool[] } }).result.tools;
    process.stdout.write(`tools/list for a read-write key: ${listed.length} tools in ${bytes} bytes\n`);
    expect(listed.map((tool) => tool.name).sort()).toEqual(names(readWriteTools));
    expect(bytes).toBeLessThanOrEqual(30_000);
    expect(text).not.toMatch(/"type":\[/);
  });

  test('a tool still answers with its envelope as structured content, and is checked against its full input schema', async () => {
    const created = await callOk(readWrite, 'create_memory', { text: 'Structured without an output schema' });
    expect(created).toMatchObject({ ok: true, data: { text: 'Structured without an output schema' } });
    // The listing leaves the ID's pattern out; the server's check keeps it.
    const refused = await callError(readWrite, 'get_memory', { id: 'not-an-id' });
    expect(refused.code).toBe('invalid_request');
  });

  test('the tools that replace, change or remove data are marked destructive; those that only add or read are not', () => {
    const destructive = (name: string) => sessionTools.find((tool) => tool.name === name)?.annotations?.destructiveHint;
    // A draft update replaces every file; a Memory or Subject update overwrites its fields; an
    // unpublish takes a public Template away.
    for (const name of ['update_template_draft', 'update_memory', 'update_subject', 'unpublish_template', 'delete_memory', 'unlink_memory']) {
      expect({ name, destructiveHint: destructive(name) }).toEqual({ name, destructiveHint: true });
    }
    for (const name of ['create_memory', 'link_memory', 'suggest_fact', 'create_template', 'publish_template']) {
      expect({ name, destructiveHint: destructive(name) }).toEqual({ name, destructiveHint: false });
    }
  });

  test('every listed tool is callable by the read-only key without an access refusal', async () => {
    // Empty arguments are often invalid; what matters is that the key's mode never refuses a listed tool.
    for (const tool of readOnlyTools) {
      const result = await readOnly.callTool({ name: tool.name, arguments: {} });
      if (!result.isError) continue;
      const error = JSON.parse((result.content as Array<{ type: string; text: string }>)[0]!.text).error;
      expect({ tool: tool.name, code: error.code }).not.toEqual({ tool: tool.name, code: 'insufficient_key_mode' });
      expect({ tool: tool.name, code: error.code }).not.toEqual({ tool: tool.name, code: 'session_required' });
    }
  });
});

describe('tools/call outside the list', () => {
  test('an unknown tool name is a protocol error: the call itself is rejected', async () => {
    for (const client of [readOnly, readWrite, session]) {
      const call = client.callTool({ name: 'no_such_tool', arguments: {} });
      await expect(call).rejects.toBeInstanceOf(McpError);
      await expect(call).rejects.toMatchObject({ code: ErrorCode.InvalidParams });
    }
    // An application-only operation has no tool, so its would-be name is just as unknown.
    await expect(session.callTool({ name: 'create_api_key', arguments: { name: 'x', mode: 'read_only' } })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    });
  });

  test('a read-only key calling a write tool it cannot see gets insufficient_key_mode, as over REST, and nothing is written', async () => {
    const bob = await app.account();
    const client = await app.connect(bob.readOnlyKey);

    const rest = await app.http.post('/v1/memories').set(bearer(bob.readOnlyKey)).send({ text: 'not written' });
    expect(rest.status).toBe(403);
    const error = await callError(client, 'create_memory', { text: 'not written' });
    expect(error).toEqual({ ...rest.body.error, request_id: expect.any(String) });
    expect(error).toMatchObject({ code: 'insufficient_key_mode', status: 403, retryable: false });
    expect(error.request_id).not.toBe(rest.body.error.request_id);

    // The mode is checked before the arguments, over both transports.
    const restInvalid = await app.http.post('/v1/memories').set(bearer(bob.readOnlyKey)).send({ text: 5 });
    const invalid = await callError(client, 'create_memory', { text: 5 });
    expect({ code: invalid.code, message: invalid.message }).toEqual({ code: restInvalid.body.error.code, message: restInvalid.body.error.message });
    expect(invalid.code).toBe('insufficient_key_mode');

    const listed = await app.http.get('/v1/memories').set(bearer(bob.session));
    expect(listed.body.data).toEqual([]);
  });

  test('every write tool refuses the read-only key with insufficient_key_mode, whatever the arguments', async () => {
    const listed = new Set(names(readOnlyTools));
    const writes = mcpTools.filter((tool) => !listed.has(tool.name));
    expect(writes.length).toBeGreaterThan(0);
    for (const tool of writes) {
      expect(accessOf(tool.operationId)).toBe('write');
      const error = await callError(readOnly, tool.name, {});
      expect({ tool: tool.name, code: error.code, status: error.status }).toEqual({ tool: tool.name, code: 'insufficient_key_mode', status: 403 });
    }
  });
});
