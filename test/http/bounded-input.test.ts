import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';

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
  test('when a draft update sends 40,000 files that are not objects, then it is one invalid_request for the array, and the answer stays small', async () => {
    const id = await newTemplate(alice.readWriteKey);
    const res = await t.http
      .put(`/v1/library/templates/${id}/draft`)
      .set(bearer(alice.readWriteKey))
      .send({ base_revision: 1, files: new Array(40_000).fill(1) });
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

  test('when a Memory is created with 100,000 tags, over REST and MCP, then it is one error for the array', async () => {
    const tags = new Array(100_000).fill(7);
    const res = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send({ text: 'tagged', tags });
    expectError(res, 400, 'invalid_request');
    expect(res.body.error.details.errors).toEqual([{ in: 'body', path: '/body/tags', message: 'must NOT have more than 20 items' }]);
    const mcp = await toolError(alice.readWriteKey, 'create_memory', { text: 'tagged', tags });
    expect(mcp.code).toBe('invalid_request');
    expect(mcp.details.errors.map((error) => error.path)).toEqual(['/body/tags']);
    expect((await t.http.get('/v1/memories').set(bearer(alice.session))).body.data).toEqual([]);
  });
});

describe('fields the operation does not have', () => {
  test('when a body has 50,000 unknown fields and a wrong type, then it is refused for the unknown fields alone: 20 listed, the rest counted', async () => {
    const body: Record<string, unknown> = { text: 'x', tags: [1] };
    for (let i = 0; i < 50_000; i += 1) body[`field${i}`] = i;
    const res = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send(body);
    expectError(res, 400, 'invalid_request');
    const details = res.body.error.details as Details;
    expect(details.errors).toHaveLength(20);
    expect(details.errors[0]).toEqual({ in: 'body', path: '/body/field0', message: 'must NOT have additional properties' });
    expect(details.omitted_errors).toBe(50_000 - 20);
    expect(res.body.error.message).toMatch(/; and 49980 more$/);
    expect(res.text.length).toBeLessThan(5_000);
  });

  test('when MCP arguments carry 30,000 unknown body fields, then the tool error lists 20 and counts the rest', async () => {
    const args: Record<string, unknown> = { text: 'x' };
    for (let i = 0; i < 30_000; i += 1) args[`field${i}`] = i;
    const error = await toolError(alice.readWriteKey, 'create_memory', args);
    expect(error.code).toBe('invalid_request');
    expect(error.details.errors).toHaveLength(20);
    expect(error.details.omitted_errors).toBe(30_000 - 20);
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
