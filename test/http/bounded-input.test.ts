import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import { operations } from '../../src/generated/contract';
import { mcpTools } from '../../src/generated/mcp-tools';
import { BODY_VALUES_MAX } from '../../src/edge/body';
import { MCP_BATCH_MAX_MESSAGES } from '../../src/mcp/http';

/**
 * What checking a request may cost is bounded by the request's size, whatever it holds: an array
 * over its limit or a field the operation does not have is refused before the request is checked
 * any further, and a refusal lists at most 20 broken rules, with how many more there were.
 */

let t: TestApp;
let alice: TestAccount;

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.account();
});
afterAll(() => t.close());

type Details = { errors: Array<{ path: string; message: string }>; omitted_errors?: number; violations?: unknown[]; omitted_violations?: number };

/** A JSON-RPC tools/call over /mcp, answered with the tool's error envelope. */
async function toolError(token: string, name: string, args: unknown): Promise<{ code: string; message: string; details: Details }> {
  const res = await t.http
    .post('/mcp')
    .set(bearer(token))
    .set('Accept', 'application/json, text/event-stream')
    .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
  expect(res.status).toBe(200);
  const result = res.body.result as { isError: boolean; content: Array<{ text: string }> };
  expect(result.isError).toBe(true);
  return (JSON.parse(result.content[0]!.text) as { error: { code: string; message: string; details: Details } }).error;
}

async function newTemplate(token: string): Promise<string> {
  const res = await t.http
    .post('/v1/library/templates/workflow')
    .set(bearer(token))
    .send({ action: 'create', name: 'Bounded', summary: 'A summary of ten', category: 'other', tags: [], license: 'MIT' });
  expect(res.status).toBe(201);
  return res.body.data.template.id as string;
}

describe('an array longer than its limit', () => {
  test('when a draft update sends 900 files that are not objects, then it is one invalid_request for the array, and the answer stays small', async () => {
    const id = await newTemplate(alice.readWriteKey);
    const res = await t.http
      .put(`/v1/library/templates/${id}/draft`)
      .set(bearer(alice.readWriteKey))
      .send({ base_revision: 1, files: new Array(900).fill(1) });
    expectError(res, 400, 'invalid_request');
    expect(res.body.error.details.errors).toEqual([{ in: 'body', path: '/body/files', message: 'must NOT have more than 50 items' }]);
    expect(res.text.length).toBeLessThan(2_000);
  });

  test('when a draft update sends 51 valid files, then it is still invalid_draft naming the file count, as before', async () => {
    const id = await newTemplate(alice.readWriteKey);
    const files = [{ path: 'README.md', content: '# Read me\n' }, ...Array.from({ length: 50 }, (_, i) => ({ path: `f${i}.md`, content: 'x' }))];
    const res = await t.http.put(`/v1/library/templates/${id}/draft`).set(bearer(alice.readWriteKey)).send({ base_revision: 1, files });
    expectError(res, 400, 'invalid_draft');
    expect(res.body.error.details.violations).toContainEqual(expect.objectContaining({ rule: 'file_count' }));
  });

  test('when a Memory is created with 900 tags, over REST and MCP, then it is one error for the array', async () => {
    const tags = new Array(900).fill(7);
    const res = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send({ text: 'tagged', tags });
    expectError(res, 400, 'invalid_request');
    expect(res.body.error.details.errors).toEqual([{ in: 'body', path: '/body/tags', message: 'must NOT have more than 20 items' }]);
    const mcp = await toolError(alice.readWriteKey, 'create_memory', { text: 'tagged', tags });
    expect(mcp.code).toBe('invalid_request');
    expect(mcp.details.errors.map((error) => error.path)).toEqual(['/tags']);
    expect((await t.http.get('/v1/memories').set(bearer(alice.session))).body.data).toEqual([]);
  });
});

describe('a body that holds more values than any request needs', () => {
  const tooMany = { in: 'body', path: '/body', message: `must not hold more than ${BODY_VALUES_MAX} values (items and members of all its arrays and objects)` };

  test(`when a draft update sends ${BODY_VALUES_MAX + 1} files, or a Memory as many unknown fields, then it is refused before it is parsed, in one error`, async () => {
    const id = await newTemplate(alice.readWriteKey);
    const draft = await t.http
      .put(`/v1/library/templates/${id}/draft`)
      .set(bearer(alice.readWriteKey))
      .send({ base_revision: 1, files: new Array(BODY_VALUES_MAX + 1).fill(1) });
    expectError(draft, 400, 'invalid_request');
    expect(draft.body.error.details.errors).toEqual([tooMany]);
    const fields: Record<string, unknown> = { text: 'x' };
    for (let i = 0; i < BODY_VALUES_MAX; i += 1) fields[`field${i}`] = i;
    const memory = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send(fields);
    expectError(memory, 400, 'invalid_request');
    expect(memory.body.error.details.errors).toEqual([tooMany]);
    expect((await t.http.get('/v1/memories').set(bearer(alice.session))).body.data).toEqual([]);
  });

  test('when a body nests deeper than 64 levels, then it is refused before it is parsed', async () => {
    const deep = `{"text":"x","tags":${'['.repeat(65)}${']'.repeat(65)}}`;
    const res = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).set('Content-Type', 'application/json').send(deep);
    expectError(res, 400, 'invalid_request');
    expect(res.body.error.details.errors).toEqual([{ in: 'body', path: '/body', message: 'must not nest deeper than 64 levels' }]);
  });

  test('when commas and brackets are inside strings, then they are not counted', async () => {
    const res = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send({ text: `${',['.repeat(3_000)} "quoted\\" ]` });
    expect(res.status).toBe(201);
  });

  test(`when an MCP request holds more than ${MCP_BATCH_MAX_MESSAGES} × ${BODY_VALUES_MAX} values, then it is refused before it is parsed`, async () => {
    const res = await t.http
      .post('/mcp')
      .set(bearer(alice.readWriteKey))
      .set('Accept', 'application/json, text/event-stream')
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_memory', arguments: { text: 'x', tags: new Array(MCP_BATCH_MAX_MESSAGES * BODY_VALUES_MAX).fill(1) } } });
    expectError(res, 400, 'invalid_request');
    expect(res.body.error.details.errors[0].path).toBe('/body');
  });

  test('when any request the contract allows is as large as it may be, then it holds fewer values than the bound, over REST and MCP', () => {
    // An upper bound on the values of a schema's instances: items and members at every level.
    const most = (schema: Record<string, any> | undefined): number => {
      if (!schema) return 1;
      const parts = schema.allOf ?? schema.oneOf ?? schema.anyOf;
      if (parts) return Math.max(...parts.map(most));
      if (schema.items) return schema.maxItems === undefined ? Infinity : 1 + schema.maxItems * most(schema.items);
      if (schema.additionalProperties && schema.additionalProperties !== false) return Infinity;
      return 1 + Object.values((schema.properties ?? {}) as Record<string, any>).reduce((sum: number, property) => sum + most(property), 0);
    };
    const rest = Object.entries(operations).filter(([, operation]) => operation.requestBody).map(([id, operation]) => [id, most(operation.requestBody as never)] as const);
    expect(rest.filter(([, values]) => values > BODY_VALUES_MAX / 2)).toEqual([]);
    const tools = mcpTools.map((tool) => [tool.name, most(tool.inputSchema as never)] as const);
    expect(tools.filter(([, values]) => values > BODY_VALUES_MAX / 2)).toEqual([]);
    expect(rest.length).toBeGreaterThan(10);
  });
});

describe('fields the operation does not have', () => {
  test('when a body has 900 unknown fields and a wrong type, then it is refused for the unknown fields alone: 20 listed, the rest counted', async () => {
    const body: Record<string, unknown> = { text: 'x', tags: [1] };
    for (let i = 0; i < 900; i += 1) body[`field${i}`] = i;
    const res = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send(body);
    expectError(res, 400, 'invalid_request');
    const details = res.body.error.details as Details;
    expect(details.errors).toHaveLength(20);
    expect(details.errors[0]).toEqual({ in: 'body', path: '/body/field0', message: 'must NOT have additional properties' });
    expect(details.omitted_errors).toBe(900 - 20);
    expect(res.body.error.message).toMatch(/; and 880 more$/);
    expect(res.text.length).toBeLessThan(5_000);
  });

  test('when MCP arguments carry 1,500 unknown body fields, then the tool error lists 20 and counts the rest', async () => {
    const args: Record<string, unknown> = { text: 'x' };
    for (let i = 0; i < 1_500; i += 1) args[`field${i}`] = i;
    const error = await toolError(alice.readWriteKey, 'create_memory', args);
    expect(error.code).toBe('invalid_request');
    expect(error.details.errors).toHaveLength(20);
    expect(error.details.omitted_errors).toBe(1_500 - 20);
  });
});

describe('error lists are capped at 20 on every route', () => {
  test('when a body breaks 22 rules within its limits, then 20 are listed and the rest counted', async () => {
    // 20 aliases that are not text, a description that is not text, a kind that is not a kind.
    const res = await t.http
      .post('/v1/subjects')
      .set(bearer(alice.readWriteKey))
      .send({ name: 'Capped', aliases: new Array(20).fill(5), description: 5, kind: 'nonsense' });
    expectError(res, 400, 'invalid_request');
    const details = res.body.error.details as Details;
    expect(details.errors).toHaveLength(20);
    expect(details.omitted_errors).toBe(2);
  });

  test('when a draft breaks more than 20 rules, then 20 violations are listed and the rest counted', async () => {
    const id = await newTemplate(alice.readWriteKey);
    const files = Array.from({ length: 30 }, (_, i) => ({ path: `../bad${i}`, content: 'x' }));
    const res = await t.http.put(`/v1/library/templates/${id}/draft`).set(bearer(alice.readWriteKey)).send({ base_revision: 1, files });
    expectError(res, 400, 'invalid_draft');
    const details = res.body.error.details as Details;
    expect(details.violations).toHaveLength(20);
    // 30 bad paths, and no README.md.
    expect(details.omitted_violations).toBe(11);
  });

  test('when a body holds 100 strings with NUL, then 20 are listed and the rest counted', async () => {
    const res = await t.http
      .post('/v1/subjects')
      .set(bearer(alice.readWriteKey))
      .send({ name: 'Nul', aliases: Array.from({ length: 20 }, (_, i) => `a\u0000${i}`), description: 'd\u0000' });
    expectError(res, 400, 'invalid_request');
    const details = res.body.error.details as Details;
    expect(details.errors).toHaveLength(20);
    expect(details.omitted_errors).toBe(1);
  });
});
