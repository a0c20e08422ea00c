import pino from 'pino';
import { operations } from '../../src/generated/contract';
import { mcpTools } from '../../src/generated/mcp-tools';
import { OPERATIONS } from '../../src/pipeline/operations';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { connectClient } from '../oauth/helpers';
import { publishTemplate } from '../library/helpers';
import { expectError, must } from '../support/assertions';

/*
 * Integer parameters are integers as written: `1.0`, `1e3` or `0x1` name a number, but one the
 * database would read as text it cannot take (or, on one engine and not the other, as that
 * number). Every integer path and query parameter of the contract, and every integer argument of
 * an MCP tool, refuses them with 400 invalid_request in the words of any other broken parameter,
 * and no such request is logged as a failure on our side.
 */

const MCP_HEADERS = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
/** Texts that read as an integer to a lenient parser, but are not one written in decimal. */
const NOT_DECIMAL = ['1.0', '1e0', '1e3', '0x1', ' 1', '1 ', '+1', '١'];
/** pino's level of error lines. */
const ERROR_LEVEL = 50;

const lines: string[] = [];
let t: TestApp;
let alice: TestAccount;
/** Values for the parameters that are not under test, by name. */
let fixed: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp({ logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }) });
  alice = await t.account();
  const memory = must(await t.http.post('/v1/memories').set(bearer(alice.session)).send({ text: 'A note to read back.' }), 201, 'memory');
  const subject = must(await t.http.post('/v1/subjects').set(bearer(alice.session)).send({ name: 'Integer parameters' }), 201, 'subject');
  const startup = must(await t.http.get('/v1/context/startup').set(bearer(alice.session)), 200, 'startup');
  const template = await publishTemplate(t, alice.session);
  await connectClient(t, alice.accountId);
  const connection = must(await t.http.get('/v1/account/connections').set(bearer(alice.session)), 200, 'connections');
  fixed = {
    template_id: template,
    id: memory.body.data.id,
    subject_id: subject.body.data.id,
    key_id: alice.readOnlyKeyId,
    connection_id: connection.body.data[0].id,
    revision: '1',
    q: 'note',
    checkpoint: startup.body.data.checkpoint,
  };
});
afterAll(() => t.close());

// Each test's own log lines: none is an error.
afterEach(() => {
  const failures = lines.splice(0).filter((line) => (JSON.parse(line) as { level: number }).level >= ERROR_LEVEL);
  expect(failures).toEqual([]);
});

interface Parameter {
  readonly in: 'path' | 'query';
  readonly name: string;
  readonly required: boolean;
  readonly schema: { type?: string; minimum?: number; enum?: number[] } | null;
}

const parametersOf = (id: keyof typeof operations) => operations[id].parameters as readonly Parameter[];

/** A valid value of an integer parameter: its least allowed one. */
const validValue = (parameter: Parameter) => String(parameter.schema?.enum?.[0] ?? parameter.schema?.minimum ?? 1);

/** The operation's URL with `value` (as written, percent-encoded) for the parameter under test. */
function urlOf(operation: (typeof OPERATIONS)[number], tested: Parameter, value: string): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(name === tested.name ? value : fixed[name]!),
  );
  const query = new URLSearchParams();
  for (const parameter of parametersOf(operation.id)) {
    if (parameter.in === 'query' && parameter.required && parameter.name !== tested.name) query.set(parameter.name, fixed[parameter.name]!);
  }
  if (tested.in === 'query') query.set(tested.name, value);
  const search = query.toString().replace(/\+/g, '%20');
  return `/v1${path}${search ? `?${search}` : ''}`;
}

const REST_CASES = OPERATIONS.flatMap((operation) =>
  parametersOf(operation.id)
    .filter((parameter) => (parameter.in === 'path' || parameter.in === 'query') && parameter.schema?.type === 'integer')
    .map((parameter) => [`${operation.method} ${operation.path} ${parameter.in} ${parameter.name}`, operation, parameter] as const),
);

test('the table covers integer path parameters and integer query parameters of several kinds', () => {
  const kinds = new Set(REST_CASES.map(([, , parameter]) => `${parameter.in} ${parameter.name}`));
  for (const kind of ['path revision', 'query limit', 'query max_chars', 'query depth', 'query max_nodes']) expect(kinds).toContain(kind);
});

describe.each(REST_CASES)('REST: %s', (_name, operation, parameter) => {
  test('a decimal integer is accepted', async () => {
    must(await t.http.get(urlOf(operation, parameter, validValue(parameter))).set(bearer(alice.session)), 200, operation.id);
  });

  test.each(NOT_DECIMAL)('%j is 400 invalid_request: must be integer', async (value) => {
    const res = await t.http.get(urlOf(operation, parameter, value)).set(bearer(alice.session));
    expectError(res, 400, 'invalid_request');
    const pointer = `/${parameter.in === 'path' ? 'params' : 'query'}/${parameter.name}`;
    expect(res.body.error.details.errors).toEqual([{ in: parameter.in, path: pointer, message: 'must be integer' }]);
    expect(res.body.error.message).toBe(`${pointer} must be integer`);
  });
});

const MCP_CASES = mcpTools.flatMap((tool) =>
  Object.entries((tool.inputSchema.properties ?? {}) as Record<string, { type?: string }>)
    .filter(([argument, schema]) => schema.type === 'integer' && tool.parameters[argument] !== undefined)
    .map(([argument]) => [`${tool.name} ${argument}`, tool, argument] as const),
);

async function callTool(name: string, args: Record<string, unknown>) {
  const res = await t.http
    .post('/mcp')
    .set(MCP_HEADERS)
    .set(bearer(alice.readWriteKey))
    .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
  expect(res.status).toBe(200);
  const result = res.body.result as { isError?: boolean; content: Array<{ text: string }> };
  return { isError: result.isError === true, envelope: JSON.parse(result.content[0]!.text) };
}

test('the MCP table covers integer path and query arguments', () => {
  const where = new Set(MCP_CASES.map(([, tool, argument]) => tool.parameters[argument]!.in));
  expect([...where].sort()).toEqual(['path', 'query']);
});

describe.each(MCP_CASES)('MCP: %s', (_name, tool, argument) => {
  const operationParameter = () => parametersOf(tool.operationId).find((parameter) => parameter.name === tool.parameters[argument]!.name)!;
  const argumentsWith = (value: unknown) => {
    const args: Record<string, unknown> = { [argument]: value };
    for (const [name, parameter] of Object.entries(tool.parameters)) {
      const required = parametersOf(tool.operationId).find((p) => p.name === parameter.name)?.required;
      if (name !== argument && required) args[name] = parameter.name === 'revision' ? 1 : fixed[parameter.name];
    }
    return args;
  };

  test('an integer is accepted', async () => {
    const { isError, envelope } = await callTool(tool.name, argumentsWith(Number(validValue(operationParameter()))));
    expect({ isError, ok: envelope.ok }).toEqual({ isError: false, ok: true });
  });

  test.each([...NOT_DECIMAL, 1.5, 1e300])('%j is 400 invalid_request', async (value) => {
    const { isError, envelope } = await callTool(tool.name, argumentsWith(value));
    expect(isError).toBe(true);
    expect(envelope.error).toMatchObject({ code: 'invalid_request', status: 400 });
    const { in: part, name } = tool.parameters[argument]!;
    // An enum's parameter may be named twice: not an integer, and not one of its values.
    // Over MCP the field is named by its argument: `path` points into the arguments.
    const errors = envelope.error.details.errors as Array<{ in: string; path: string; argument: string }>;
    expect(errors.length).toBeGreaterThan(0);
    expect(name).toBe(argument);
    for (const error of errors) expect(error).toMatchObject({ in: part, path: `/${argument}`, argument });
    expect(envelope.error.message).toMatch(new RegExp(`^${argument} `));
  });
});
