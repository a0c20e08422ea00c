import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../../src/app';
import { loadConfig } from '../../src/config';
import { CONTRACT } from '../../src/contract-file';
import { enums, operations, type OperationId } from '../../src/generated/contract';
import { mcpTools } from '../../src/generated/mcp-tools';
import { startServer } from '../../src/server';
import { openTestDatabase, testDatabaseUrl } from '../support/database';
import { bearer, signSession, startTestApp, TEST_JWT_SECRET, type TestAccount, type TestApp } from '../support/app';

/*
 * A schema-driven fuzz of the whole contract. Every operation gets a valid request built from its
 * parameter and body schemas, then deterministic mutations of its body, query, path and headers,
 * sent with each kind of credential. Whatever the input, the service must answer below 500, and
 * every error must be the contract's envelope. Failures are collected and reported all at once.
 *
 * FUZZ_SEED changes the seed (the default run is the same every time).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed2024);
const ERROR_CODES: readonly string[] = enums.errorCode;
const ENVELOPE_ERROR_FIELDS = new Set(['code', 'message', 'status', 'retryable', 'request_id', 'details']);

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

type Rng = () => number;

/** mulberry32: a small seeded PRNG, so every run sends the same requests. */
function prng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)] as T;

function pickSome<T>(rng: Rng, list: readonly T[], count: number): T[] {
  const pool = [...list];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(rng() * pool.length), 1)[0] as T);
  return chosen;
}

/**
 * Hands out the items of a list a few at a time, cyclically: over a run every item is used, while
 * each operation gets only some of them.
 */
class Rotation<T> {
  private next = 0;
  constructor(private readonly items: readonly T[]) {}
  all(): readonly T[] {
    return this.items;
  }
  take(count: number): T[] {
    const out: T[] = [];
    for (let i = 0; i < Math.min(count, this.items.length); i += 1) {
      out.push(this.items[this.next % this.items.length] as T);
      this.next += 1;
    }
    return out;
  }
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A well-formed ID that names nothing. */
function unknownId(rng: Rng, prefix: string): string {
  let id = `${prefix}_01`;
  while (id.length < prefix.length + 27) id += pick(rng, [...CROCKFORD]);
  return id;
}

// ---------------------------------------------------------------------------------------------
// Schemas

type Schema = Record<string, any>;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = Array<string | number>;

/** allOf folded into one schema (the contract uses allOf only to add a default to a $ref). */
function normalize(schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  return Object.assign({}, ...allOf.map((part: Schema) => normalize(part)), rest);
}

const ID_PATTERN = /^\^([a-z]+)_\[0-9A-HJKMNP-TV-Z\]\{26\}\$$/;

/** The ID prefix a string schema asks for ("mem", "sub", …), if it is an ID. */
function idPrefix(schema: Schema): string | undefined {
  const match = typeof schema.pattern === 'string' ? ID_PATTERN.exec(schema.pattern) : null;
  return match?.[1];
}

const README = '# Fuzzed template\n\nA short description of a template written to exercise the draft rules.\n';

/** Known-good values for fields whose schemas do not say enough to build one. */
const HINTS: Record<string, Json> = {
  text: 'Fuzzing note: Ada reviewed the engine design',
  name: 'Fuzz name',
  statement: 'Ada wrote the first published program',
  content: README,
  path: 'README.md',
  paths: 'README.md',
  release_notes: 'Release notes written by the fuzz suite.',
  summary: 'A summary written by the fuzz suite',
  description: 'A description written by the fuzz suite',
  note: 'A note for the reviewer',
  guidance: 'Prefer short answers.',
  license: 'MIT',
  files_public: true,
  base_revision: 1,
  revision: 1,
  reviewed_revision: 1,
  q: 'Ada',
  query: 'review',
  tag: 'fuzz',
  tags: 'fuzz',
  aliases: 'Fuzzy',
  confirmation_token: 'not-a-real-confirmation-token',
};

/** The IDs of one account's fixtures, by ID prefix. */
type IdSet = Record<string, string>;

interface SampleContext {
  readonly rng: Rng;
  readonly ids: IdSet;
  /** Values for particular fields (such as a checkpoint), overriding the hints. */
  readonly values?: Record<string, Json>;
}

/** A value that satisfies the schema (as far as a schema can tell). */
function sample(raw: Schema | undefined, field: string, ctx: SampleContext): Json {
  const schema = normalize(raw);
  if (Array.isArray(schema.oneOf)) return sample(pick(ctx.rng, schema.oneOf), field, ctx);
  if (ctx.values && field in ctx.values) return ctx.values[field] as Json;
  if (Array.isArray(schema.enum)) return schema.enum[0] as Json;
  const type = schema.type ?? (schema.properties ? 'object' : 'string');
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        out[name] = sample(property, name, ctx);
      }
      return out;
    }
    case 'array': {
      const count = Math.min(Math.max(schema.minItems ?? 0, 1), schema.maxItems ?? 1);
      return Array.from({ length: count }, () => sample(schema.items, field, ctx));
    }
    case 'integer':
    case 'number': {
      if (typeof HINTS[field] === 'number') return HINTS[field] as number;
      const value = schema.default ?? schema.minimum ?? 1;
      return Math.min(value, schema.maximum ?? value);
    }
    case 'boolean':
      return typeof HINTS[field] === 'boolean' ? (HINTS[field] as boolean) : true;
    default: {
      const prefix = idPrefix(schema);
      if (prefix) return ctx.ids[prefix] ?? unknownId(ctx.rng, prefix);
      if (schema.format === 'date-time') return '2024-01-01T00:00:00.000Z';
      if (field === 'idempotency_key' || field === 'Idempotency-Key') {
        return `fuzz-${Math.floor(ctx.rng() * 2 ** 32).toString(16)}`;
      }
      let value = typeof HINTS[field] === 'string' ? (HINTS[field] as string) : `fuzz ${field}`;
      while (value.length < (schema.minLength ?? 0)) value += ' padding';
      return value.slice(0, schema.maxLength ?? value.length);
    }
  }
}

/** The schema of the value at `path` inside a value built from `root`. */
function schemaAt(root: Schema | undefined, value: Json, path: Path): Schema {
  let schema = normalize(root);
  let current: Json = value;
  for (const step of path) {
    if (Array.isArray(schema.oneOf)) schema = branchFor(schema, current);
    schema = typeof step === 'number' ? normalize(schema.items) : normalize(schema.properties?.[step]);
    current = (current as any)?.[step] as Json;
  }
  return Array.isArray(schema.oneOf) ? branchFor(schema, current) : schema;
}

/** The oneOf branch a value was built from (the workflow's branches differ by `action`). */
function branchFor(schema: Schema, value: Json): Schema {
  const action = (value as Record<string, Json> | null)?.action;
  const branches = (schema.oneOf as Schema[]).map(normalize);
  return branches.find((b) => (b.properties?.action?.enum ?? []).includes(action)) ?? branches[0] ?? {};
}

/** Paths of every scalar inside a value. */
function leaves(value: Json, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, item]) => leaves(item, [...path, name]));
  }
  return [path];
}

function setAt(value: Json, path: Path, replacement: Json | undefined): Json {
  const copy = structuredClone(value);
  if (path.length === 0) return replacement ?? null;
  let parent: any = copy;
  for (const step of path.slice(0, -1)) parent = parent[step];
  const last = path[path.length - 1] as string | number;
  if (replacement === undefined) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else {
    parent[last] = replacement;
  }
  return copy;
}

const describePath = (path: Path) => (path.length === 0 ? '(root)' : path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join(''));

// ---------------------------------------------------------------------------------------------
// Sending requests

interface Outgoing {
  readonly method: string;
  /** The request target exactly as sent (already percent-encoded, or deliberately not). */
  readonly target: string;
  readonly headers: Record<string, string | string[]>;
  readonly body?: string | Buffer;
}

interface Incoming {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
  readonly json: unknown;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

function send(port: number, out: Outgoing): Promise<Incoming> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | string[]> = { ...out.headers };
    if (out.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(out.body));
    const req = http.request({ host: '127.0.0.1', port, method: out.method, path: out.target, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        if (/json/.test(String(res.headers['content-type'] ?? ''))) {
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    req.end(out.body);
  });
}

/** What is wrong with an error response's envelope, or null when it is the contract's. */
function envelopeProblem(body: unknown, status: number, requestId: string | undefined): string | null {
  if (body === undefined) return 'no JSON body';
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'body is not an object';
  const { ok, error, ...rest } = body as Record<string, unknown>;
  if (ok !== false) return 'ok is not false';
  if (Object.keys(rest).length > 0) return `unexpected top-level fields ${Object.keys(rest).join(', ')}`;
  if (error === null || typeof error !== 'object' || Array.isArray(error)) return 'error is not an object';
  const e = error as Record<string, unknown>;
  if (typeof e.code !== 'string') return 'error.code is not a string';
  if (!ERROR_CODES.includes(e.code)) return `error.code ${e.code} is not in the contract`;
  if (typeof e.message !== 'string' || e.message.length === 0) return 'error.message is not a non-empty string';
  if (e.status !== status) return `error.status ${String(e.status)} differs from ${status}`;
  if (typeof e.retryable !== 'boolean') return 'error.retryable is not a boolean';
  if (typeof e.request_id !== 'string' || (requestId !== undefined && e.request_id !== requestId)) {
    return 'error.request_id does not match the Request-Id header';
  }
  const extra = Object.keys(e).filter((key) => !ENVELOPE_ERROR_FIELDS.has(key));
  if (extra.length > 0) return `unexpected error fields ${extra.join(', ')}`;
  if ('details' in e && (e.details === null || typeof e.details !== 'object' || Array.isArray(e.details))) {
    return 'error.details is not an object';
  }
  return null;
}

const snippet = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}…` : text).replace(/\s+/g, ' ');

/** Everything wrong with one REST response. */
function responseProblems(res: Incoming): string[] {
  const problems: string[] = [];
  if (res.status >= 500) problems.push(`status ${res.status}`);
  if (res.status >= 400) {
    const contentType = String(res.headers['content-type'] ?? '');
    // A replay is the first answer as it was stored, request_id included.
    const replayed = res.headers['idempotent-replayed'] === 'true';
    const why = envelopeProblem(res.json, res.status, replayed ? undefined : (res.headers['request-id'] as string | undefined));
    if (why) problems.push(`no envelope (${why})`);
    else if (!/^application\/json/.test(contentType)) problems.push(`envelope sent as ${contentType || 'no content type'}`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Cases

type Credential = 'session' | 'read_write' | 'read_only' | 'none';

interface Case {
  readonly operation: string;
  readonly method: string;
  /** The contract path (the path pattern). */
  readonly pattern: string;
  readonly mutation: string;
  readonly credential: Credential;
  readonly target: string;
  readonly headers?: Record<string, string | string[]>;
  /** Replaces the credential's Authorization header (a malformed one, say). */
  readonly authorization?: string;
  readonly body?: string | Buffer;
  /** The body's Content-Type; null sends none. Defaults to application/json when there is a body. */
  readonly contentType?: string | null;
}

interface Fixtures {
  readonly account: TestAccount;
  readonly ids: IdSet;
  /** Path values for particular operations (objects the fuzz may delete, revoke or rotate). */
  readonly pathOverrides: Partial<Record<OperationId, Record<string, string>>>;
  readonly checkpoint: string;
  readonly etag: string;
}

type Operation = (typeof operations)[OperationId];
type Parameter = Operation['parameters'][number];

const ALLOWED: Record<string, readonly Credential[]> = {
  read: ['session', 'read_write', 'read_only'],
  write: ['session', 'read_write'],
  session: ['session'],
};

/** The contract's serialization of a parameter (form, exploded, unless it says otherwise). */
function explodes(op: Operation, name: string): boolean {
  const item = (CONTRACT.paths as Record<string, Record<string, any>>)[op.path]?.[op.method.toLowerCase()];
  const declared = (item?.parameters ?? []).find((p: any) => p.name === name);
  return declared?.explode ?? true;
}

/** A valid query parameter as raw `name=value` pairs. */
function queryPairs(op: Operation, parameter: Parameter, value: Json): string[] {
  const name = encodeURIComponent(parameter.name);
  if (Array.isArray(value)) {
    return explodes(op, parameter.name)
      ? value.map((item) => `${name}=${encodeURIComponent(String(item))}`)
      : [`${name}=${value.map((item) => encodeURIComponent(String(item))).join(',')}`];
  }
  return [`${name}=${encodeURIComponent(String(value))}`];
}

interface Builder {
  readonly op: Operation;
  readonly id: OperationId;
  /** Path values by name, already encoded. */
  readonly path: Record<string, string>;
  /** The valid query: required parameters only. */
  readonly query: Record<string, string[]>;
  readonly headers: Record<string, string>;
  readonly idempotent: boolean;
  /** The current ETag, for operations that take If-Match. */
  readonly etag: string | undefined;
  readonly body: Json | undefined;
  readonly bodySchema: Schema | undefined;
}

function builderFor(id: OperationId, fx: Fixtures, rng: Rng): Builder {
  const op = operations[id];
  const ctx: SampleContext = { rng, ids: fx.ids, values: { checkpoint: fx.checkpoint } };
  const path: Record<string, string> = {};
  const query: Record<string, string[]> = {};
  const headers: Record<string, string> = {};
  for (const parameter of op.parameters) {
    const schema = parameter.schema as Schema;
    if (parameter.in === 'path') {
      const override = fx.pathOverrides[id]?.[parameter.name];
      path[parameter.name] = encodeURIComponent(String(override ?? sample(schema, parameter.name, ctx)));
    } else if (parameter.in === 'query' && parameter.required) {
      query[parameter.name] = queryPairs(op, parameter, sample(schema, parameter.name, ctx));
    }
  }
  // Idempotency-Key and If-Match are left out of most requests (a shared key would turn later
  // requests into replays or reuse errors, a fixed revision into 412s): the valid request and the
  // header cases send them.
  const bodySchema = (op.requestBody ?? undefined) as Schema | undefined;
  const idempotent = op.parameters.some((p) => p.name === 'Idempotency-Key');
  const etag = op.parameters.some((p) => p.name === 'If-Match') ? fx.etag : undefined;
  const body = bodySchema ? sample(bodySchema, 'body', ctx) : undefined;
  return { op, id, path, query, headers, idempotent, etag, body, bodySchema };
}

function targetOf(op: Operation, path: Record<string, string>, query: Record<string, string[]> | string[]): string {
  const route = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => path[name] ?? '');
  const pairs = Array.isArray(query) ? query : Object.values(query).flat();
  return `/v1${route}${pairs.length > 0 ? `?${pairs.join('&')}` : ''}`;
}

/**
 * Rotates through credentials: the ones the operation allows (so the request gets past the access
 * check), and unless `allowedOnly`, now and then one it refuses or none.
 */
function credentials(op: Operation, allowedOnly = false): () => Credential {
  const allowed = ALLOWED[op.access] ?? ALLOWED.read!;
  const others = (['session', 'read_write', 'read_only', 'none'] as const).filter((c) => !allowed.includes(c));
  let n = 0;
  return () => {
    n += 1;
    if (!allowedOnly && n % 6 === 0 && others.length > 0) return others[(n / 6) % others.length] as Credential;
    return allowed[n % allowed.length] as Credential;
  };
}

/** Sent to every string field. */
const NASTY_STRINGS: ReadonlyArray<[string, (base: string) => string]> = [
  ['NUL inside', (s) => `${s}\u0000after`],
  ['C0 control characters', (s) => `\u0001${s}\u0008\u000b\u001b\u007f`],
  ['lone high surrogate', (s) => `${s}\ud800`],
  ['lone low surrogate', (s) => `\udfff${s}`],
];

/** Sent to string fields in turn, one each. */
const ODD_STRINGS = new Rotation<[string, (base: string) => string]>([
  ['only NUL', () => '\u0000'],
  ['line breaks and separators', (s) => `${s}\r\n\u0085\u2028\u2029\ufeff`],
  ['reversed surrogate pair', (s) => `${s}\udc00\ud800`],
  ['empty', () => ''],
  ['whitespace only', () => ' \t\n '],
  ['percent and SQL-ish', (s) => `${s}%' OR 1=1; -- \\ _ %ZZ`],
]);

const ENUM_VARIANTS = new Rotation<[string, (value: string) => string]>([
  ['enum value upper-cased', (v) => v.toUpperCase()],
  ['enum value with a trailing space', (v) => `${v} `],
  ['unknown enum value', () => 'bogus'],
]);

function stringMutations(schema: Schema, base: string, rng: Rng, other: IdSet): Array<[string, Json]> {
  const out: Array<[string, Json]> = [...NASTY_STRINGS, ...ODD_STRINGS.take(1)].map(([label, make]) => [label, make(base)]);
  const max = schema.maxLength as number | undefined;
  if (max !== undefined) {
    out.push([`at maxLength ${max}`, 'x'.repeat(max)]);
    out.push([`maxLength+1 (${max + 1})`, 'x'.repeat(max + 1)]);
    if (max <= 40000) out.push([`${max} astral code points`, '\u{1F600}'.repeat(max)]);
  } else {
    out.push(['200,000 characters', 'y'.repeat(200_000)]);
  }
  if (Array.isArray(schema.enum)) {
    for (const [label, make] of ENUM_VARIANTS.take(1)) out.push([label, make(String(schema.enum[0]))]);
  }
  const prefix = idPrefix(schema);
  if (prefix) {
    out.push(["another account's ID", other[prefix] ?? unknownId(rng, prefix)]);
    out.push(['unknown ID', unknownId(rng, prefix)]);
    out.push(['lower-case ID', base.toLowerCase()]);
  }
  return out;
}

/** Raw JSON text to splice in after serialization (tokens JSON.stringify cannot make). */
const rawTokens: string[] = [];
function raw(text: string): string {
  rawTokens.push(text);
  return `\u0002raw:${rawTokens.length - 1}`;
}

function serialize(value: Json | undefined): string {
  return JSON.stringify(value).replace(/"\\u0002raw:(\d+)"/g, (_, index: string) => rawTokens[Number(index)] ?? 'null');
}

const ODD_NUMBERS = new Rotation<[string, () => Json]>([
  ['2^31', () => 2 ** 31],
  ['-2^31-1', () => -(2 ** 31) - 1],
  ['2^53+2', () => 2 ** 53 + 2],
  ['fraction', () => 1.5],
  ['raw number 1e400', () => raw('1e400')],
  ['raw number -0', () => raw('-0')],
  ['raw number 12345678901234567890123', () => raw('12345678901234567890123')],
  ['raw number 1.0', () => raw('1.0')],
  ['raw number 0.5e-400', () => raw('0.5e-400')],
]);

function numberMutations(schema: Schema): Array<[string, Json]> {
  const out: Array<[string, Json]> = [];
  if (schema.maximum !== undefined) out.push([`maximum+1`, schema.maximum + 1]);
  if (schema.minimum !== undefined) out.push([`minimum-1`, schema.minimum - 1]);
  for (const [label, make] of ODD_NUMBERS.take(3)) out.push([label, make()]);
  return out;
}

const WRONG_TYPES: ReadonlyArray<[string, Json, string]> = [
  ['number', 12345, 'number'],
  ['negative fraction', -1.5, 'number'],
  ['boolean', true, 'boolean'],
  ['null', null, 'null'],
  ['string', 'a string', 'string'],
  ['numeric string', '1', 'string'],
  ['empty array', [], 'array'],
  ['array of numbers', [1, 2], 'array'],
  ['empty object', {}, 'object'],
  ['object', { a: 1 }, 'object'],
];

function wrongTypes(schema: Schema, rng: Rng, count: number): Array<[string, Json]> {
  const type = schema.type ?? (Array.isArray(schema.enum) ? 'string' : undefined);
  // An integer schema takes 12345; a fraction is the wrong type for it.
  const candidates = WRONG_TYPES.filter(([, value, kind]) => kind !== type && !(type === 'integer' && value === 12345));
  return pickSome(rng, candidates, count).map(([label, value]) => [`wrong type (${label})`, value]);
}

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Body-level cases: whole-body shapes, encodings and media types. */
function bodyShapes(validText: string, firstKey: string | undefined, headers: Record<string, string>): Array<[string, string | Buffer | undefined, Partial<Case>?]> {
  return [
    ['extra property', `${validText.slice(0, -1)}${validText.length > 2 ? ',' : ''}"unexpected_field":"x"}`],
    ['__proto__ property', `{"__proto__":{"polluted":true},${validText.slice(1)}`],
    ['constructor.prototype property', `{"constructor":{"prototype":{"polluted":true}},${validText.slice(1)}`],
    ...(firstKey ? [[`duplicate key .${firstKey}`, `${validText.slice(0, -1)},"${firstKey}":12345}`] as [string, string]] : []),
    ['empty object', '{}'],
    ['null', 'null'],
    ['array', '[]'],
    ['JSON string', '"text"'],
    ['JSON number', '42'],
    ['empty body as application/json', ''],
    ['no body at all', undefined, { contentType: null }],
    ['deeply nested array body (10,000)', deepArray(10_000)],
    ['deeply nested object body (10,000)', deepObject(10_000)],
    ['truncated JSON', validText.slice(0, Math.max(1, Math.floor(validText.length / 2)))],
    ['not JSON', 'this is not json'],
    ['trailing garbage', `${validText} trailing`],
    ['NaN literal', `{"${firstKey ?? 'x'}":NaN}`],
    ['byte order mark', `\ufeff${validText}`],
    [
      'invalid UTF-8 bytes',
      Buffer.concat([Buffer.from(validText.slice(0, -1)), Buffer.from(`${validText.length > 2 ? ',' : ''}"x":"`), Buffer.from([0xff, 0xfe, 0xc0, 0xaf]), Buffer.from('"}')]),
    ],
    ['1.1 MiB body', `${validText.slice(0, -1)}${validText.length > 2 ? ',' : ''}"padding":"${'p'.repeat(1_100_000)}"}`],
    ['text/plain', validText, { contentType: 'text/plain' }],
    ['form-encoded', 'text=hello&name=x', { contentType: 'application/x-www-form-urlencoded' }],
    ['multipart', '--x\r\nContent-Disposition: form-data; name="text"\r\n\r\nhello\r\n--x--\r\n', { contentType: 'multipart/form-data; boundary=x' }],
    ['no Content-Type', validText, { contentType: null }],
    ['application/json; charset=latin1', validText, { contentType: 'application/json; charset=latin1' }],
    ['application/json; charset=utf-16', validText, { contentType: 'application/json; charset=utf-16' }],
    ['application/vnd.api+json', validText, { contentType: 'application/vnd.api+json' }],
    ['malformed Content-Type', validText, { contentType: 'application/json; charset' }],
    ['gzip-encoded body', gzipSync(Buffer.from(validText)), { headers: { ...headers, 'Content-Encoding': 'gzip' } }],
    ['gzip header on plain body', validText, { headers: { ...headers, 'Content-Encoding': 'gzip' } }],
    ['deflate header on garbage', Buffer.from([1, 2, 3, 4, 5, 6]), { headers: { ...headers, 'Content-Encoding': 'deflate' } }],
    ['br header on garbage', Buffer.from([1, 2, 3, 4, 5, 6]), { headers: { ...headers, 'Content-Encoding': 'br' } }],
    ['unknown Content-Encoding', validText, { headers: { ...headers, 'Content-Encoding': 'x-unknown' } }],
  ];
}

let uniqueNames = 0;

/** The body with its valid name made unique, so a mutation of another field is not a duplicate_subject. */
function withUniqueName<T extends string | Buffer | undefined>(body: T): T {
  if (typeof body !== 'string') return body;
  uniqueNames += 1;
  return body.replace(`"${String(HINTS.name)}"`, `"${String(HINTS.name)} ${uniqueNames}"`) as T;
}

function bodyCases(b: Builder, next: () => Credential, other: IdSet, rng: Rng): Case[] {
  const { op } = b;
  const target = targetOf(op, b.path, b.query);
  const base = { operation: b.id, method: op.method, pattern: op.path, target, headers: b.headers };
  const cases: Case[] = [];
  const add = (mutation: string, body: string | Buffer | undefined, extra: Partial<Case> = {}) =>
    cases.push({ ...base, mutation, credential: next(), body: withUniqueName(body), ...extra });

  if (!b.bodySchema || b.body === undefined) {
    // Operations without a body still get one.
    add('unexpected JSON body', '{"unexpected":true}');
    add('non-JSON body as application/json', 'not json at all');
    add('text/plain body', 'hello', { contentType: 'text/plain' });
    add('gzip header on plain body', '{}', { headers: { ...b.headers, 'Content-Encoding': 'gzip' } });
    return cases;
  }

  const valid = b.body;
  const validText = serialize(valid);
  for (const credential of ALLOWED[op.access] ?? []) add('valid body', validText, { credential });

  // Every scalar field: a wrong type, nasty strings, numbers out of range.
  for (const [index, path] of leaves(valid).entries()) {
    const schema = schemaAt(b.bodySchema, valid, path);
    const current = path.reduce<any>((v, step) => v?.[step], valid) as Json;
    const label = describePath(path);
    for (const [what, value] of wrongTypes(schema, rng, 1)) add(`${label} ${what}`, serialize(setAt(valid, path, value)));
    if (typeof current === 'string') {
      for (const [what, value] of stringMutations(schema, current, rng, other)) add(`${label} ${what}`, serialize(setAt(valid, path, value)));
    } else if (typeof current === 'number') {
      for (const [what, value] of numberMutations(schema)) add(`${label} ${what}`, serialize(setAt(valid, path, value)));
    }
    if (index === 0) {
      add(`${label} deeply nested array (3,000)`, serialize(setAt(valid, path, raw(deepArray(3000)))));
      add(`${label} deeply nested object (1,000)`, serialize(setAt(valid, path, raw(deepObject(1000)))));
    }
  }

  // Arrays: empty, too many items, duplicates.
  const rootSchema = normalize(schemaAt(b.bodySchema, valid, []));
  for (const [name, property] of Object.entries((rootSchema.properties ?? {}) as Record<string, Schema>)) {
    const schema = normalize(property);
    const current = (valid as Record<string, Json>)[name];
    if (schema.type !== 'array' || !Array.isArray(current)) continue;
    const first = current[0] ?? 'x';
    add(`.${name} empty array`, serialize(setAt(valid, [name], [])));
    add(`.${name} maxItems+1 (${(schema.maxItems ?? 50) + 1}) items`, serialize(setAt(valid, [name], Array.from({ length: (schema.maxItems ?? 50) + 1 }, (_, i) => (typeof first === 'string' ? `${first}${i}` : first)))));
    add(`.${name} duplicate items`, serialize(setAt(valid, [name], [first, first])));
  }

  // Structure, encodings and media types.
  for (const name of (rootSchema.required ?? []) as string[]) add(`missing required .${name}`, serialize(setAt(valid, [name], undefined)));
  for (const [mutation, body, extra] of bodyShapes(validText, Object.keys(valid as object)[0], b.headers)) add(mutation, body, extra);
  return cases;
}

/** Query shapes every parameter gets. */
const QUERY_ALWAYS: ReadonlyArray<[string, (name: string, valid: string) => string[]]> = [
  ['empty value', (n) => [`${n}=`]],
  ['name only', (n) => [n]],
  ['%ZZ', (n) => [`${n}=%ZZ`]],
  ['%00', (n, v) => [`${n}=${v}%00`]],
  ['repeated', (n, v) => [`${n}=${v}`, `${n}=${v}`]],
];

/** Query shapes handed out in turn. */
const QUERY_SHAPES = new Rotation<[string, (name: string, valid: string) => string[]]>([
  ['lone %', (n) => [`${n}=%`]],
  ['truncated UTF-8 %E0%A4', (n) => [`${n}=%E0%A4`]],
  ['plus signs', (n, v) => [`${n}=${v}+a+%2B+`]],
  ['4,000 characters', (n) => [`${n}=${'v'.repeat(4000)}`]],
  ['overlong UTF-8 %C0%AF', (n) => [`${n}=%C0%AF`]],
  ['encoded surrogate %ED%A0%80', (n) => [`${n}=%ED%A0%80`]],
  ['control characters', (n, v) => [`${n}=${v}%01%1B%7F`]],
  ['only a plus', (n) => [`${n}=+`]],
  ['repeated, different values', (n, v) => [`${n}=${v}`, `${n}=other`]],
  ['bracket syntax', (n, v) => [`${n}[]=${v}`]],
  ['object syntax', (n, v) => [`${n}[a]=${v}`]],
  ['malformed name', (n, v) => [`${n}%ZZ=${v}`]],
]);

function queryValueMutations(schema: Schema, rng: Rng, other: IdSet): Array<[string, string]> {
  const s = normalize(schema);
  const out: Array<[string, string]> = [];
  switch (s.type) {
    case 'integer':
      out.push(['not a number', 'abc'], ['fraction', '1.5'], ['huge', '99999999999999999999999']);
      if (s.maximum !== undefined) out.push(['maximum+1', String(s.maximum + 1)]);
      if (s.minimum !== undefined) out.push(['minimum-1', String(s.minimum - 1)]);
      break;
    case 'boolean':
      out.push(['yes', 'yes'], ['1', '1'], ['TRUE', 'TRUE']);
      break;
    case 'array': {
      const item = normalize(s.items);
      const prefix = idPrefix(item) ?? 'mem';
      out.push(['invalid item', 'not-an-id'], ['empty items', ',,,'], ["another account's ID", other[prefix] ?? unknownId(rng, prefix)]);
      out.push([`maxItems+1`, Array.from({ length: (s.maxItems ?? 8) + 1 }, () => unknownId(rng, prefix)).join(',')]);
      break;
    }
    default:
      if (Array.isArray(s.enum)) out.push(['unknown enum value', 'bogus'], ['upper-cased enum value', String(s.enum[0]).toUpperCase()]);
      if (s.format === 'date-time') out.push(['not a date', 'yesterday'], ['impossible date', '2024-13-45T99:99:99Z']);
      if (s.maxLength !== undefined) out.push(['maxLength+1', 'q'.repeat(s.maxLength + 1)]);
      out.push(['NUL encoded', `a%00b`]);
  }
  return out;
}

const QUERY_EXTRAS = new Rotation<[string, string[]]>([
  ['unknown parameter', ['unknown_param=1']],
  ['__proto__ parameter', ['__proto__=1', '__proto__[polluted]=1']],
  ['constructor and toString parameters', ['constructor=x', 'toString=1', 'hasOwnProperty=1']],
  ['empty pairs', ['', '', '=']],
  ['malformed escape in a name', ['%ZZ=1']],
  ['lone % name', ['%=%']],
  ['200 parameters', Array.from({ length: 200 }, (_, i) => `p${i}=${i}`)],
  ['credential-looking parameter', ['access_token=abc']],
]);

function queryCases(b: Builder, fx: Fixtures, next: () => Credential, other: IdSet, rng: Rng): Case[] {
  const { op } = b;
  const cases: Case[] = [];
  const ctx: SampleContext = { rng, ids: fx.ids, values: { checkpoint: fx.checkpoint } };
  const base = { operation: b.id, method: op.method, pattern: op.path, headers: b.headers };
  const body = b.body === undefined ? undefined : serialize(b.body);
  const add = (mutation: string, pairs: string[]) =>
    cases.push({ ...base, mutation, credential: next(), target: targetOf(op, b.path, pairs), body });
  const without = (name: string) => Object.entries(b.query).filter(([n]) => n !== name).flatMap(([, pairs]) => pairs);

  const parameters = op.parameters.filter((p) => p.in === 'query');
  for (const parameter of parameters) {
    const name = encodeURIComponent(parameter.name);
    const schema = parameter.schema as Schema;
    const validPairs = queryPairs(op, parameter, sample(schema, parameter.name, ctx));
    const validValue = validPairs[0]?.split('=')[1] ?? 'x';
    add(`?${parameter.name} valid`, [...without(parameter.name), ...validPairs]);
    if (parameter.required) add(`?${parameter.name} missing`, without(parameter.name));
    for (const [what, value] of queryValueMutations(schema, rng, other)) add(`?${parameter.name} ${what}`, [...without(parameter.name), `${name}=${value}`]);
    // An array parameter (ids) has the most ways to be spelled: it gets every shape.
    const shapes = normalize(schema).type === 'array' ? QUERY_SHAPES.all() : QUERY_SHAPES.take(3);
    for (const [what, make] of [...QUERY_ALWAYS, ...shapes]) {
      add(`?${parameter.name} ${what}`, [...without(parameter.name), ...make(name, validValue)]);
    }
  }
  const required = Object.values(b.query).flat();
  for (const [what, pairs] of QUERY_EXTRAS.take(parameters.length > 0 ? 3 : 1)) add(what, [...required, ...pairs]);
  return cases;
}

/** Path segments every path parameter gets. */
const PATH_ALWAYS: ReadonlyArray<[string, string]> = [
  ['%ZZ', '%ZZ'],
  ['NUL %00', '%00'],
  ['dot segment ..', '..'],
  ['4,000 characters', 'z'.repeat(4000)],
];

/** Path segments handed out in turn. */
const PATH_SEGMENTS = new Rotation<[string, string]>([
  ['lone %', '%'],
  ['truncated UTF-8 %E0%A4', '%E0%A4'],
  ['encoded surrogate %ED%A0%80', '%ED%A0%80'],
  ['dot segment .', '.'],
  ['encoded dot segment %2e%2e', '%2e%2e'],
  ['encoded traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['encoded slash', 'a%2Fb'],
  ['encoded space', '%20'],
  ['emoji', '%F0%9F%98%80'],
  ['semicolon parameters', 'x;y=1'],
]);

const ROUTE_VARIANTS = new Rotation<[string, (route: string) => string]>([
  ['trailing slash', (r) => `${r}/`],
  ['double slash', (r) => r.replace('/v1/', '/v1//')],
  ['upper-cased path', (r) => r.toUpperCase()],
  ['%23 in the path', (r) => `${r}%23frag`],
]);

function pathCases(b: Builder, next: () => Credential, ownOther: { own: IdSet; other: IdSet }, rng: Rng): Case[] {
  const { op } = b;
  const cases: Case[] = [];
  const body = b.body === undefined ? undefined : serialize(b.body);
  const base = { operation: b.id, method: op.method, pattern: op.path, headers: b.headers, body };
  const add = (mutation: string, path: Record<string, string>, credential = next()) =>
    cases.push({ ...base, mutation, credential, target: targetOf(op, path, b.query) });
  const pathParameters = op.parameters.filter((p) => p.in === 'path');
  for (const parameter of pathParameters) {
    const name = parameter.name;
    const schema = normalize(parameter.schema as Schema);
    const set = (value: string) => ({ ...b.path, [name]: value });
    const prefix = idPrefix(schema);
    if (prefix) {
      const valid = decodeURIComponent(b.path[name] ?? '');
      add(`{${name}} another account's ID`, set(ownOther.other[prefix] ?? unknownId(rng, prefix)));
      add(`{${name}} unknown ID`, set(unknownId(rng, prefix)));
      add(`{${name}} lower-case ID`, set(valid.toLowerCase()));
      const wrongPrefix = Object.keys(ownOther.own).find((p) => p !== prefix) ?? 'xxx';
      add(`{${name}} ID of another kind`, set(ownOther.own[wrongPrefix] ?? unknownId(rng, wrongPrefix)));
      add(`{${name}} ID with %00 appended`, set(`${valid}%00`));
      add(`{${name}} ID prefix and 3,000 characters`, set(`${prefix}_${'A'.repeat(3000)}`));
    } else {
      for (const value of ['0', '-1', '1.5', '00001', '2147483648', '99999999999999999999', 'abc']) add(`{${name}} ${value}`, set(value));
    }
    for (const [what, value] of [...PATH_ALWAYS, ...PATH_SEGMENTS.take(3)]) add(`{${name}} ${what}`, set(value));
  }
  if (pathParameters.length > 0) {
    const p = pathParameters[0]!.name;
    add(`{${p}} %ZZ without credentials`, { ...b.path, [p]: '%ZZ' }, 'none');
  }
  const [route, query] = targetOf(op, b.path, b.query).split('?') as [string, string | undefined];
  for (const [what, change] of ROUTE_VARIANTS.take(2)) {
    const changed = change(route);
    cases.push({ ...base, mutation: what, credential: next(), target: query ? `${changed}?${query}` : changed });
  }
  return cases;
}

const HEADER_VARIANTS = new Rotation<[string, Record<string, string | string[]>, Partial<Case>]>([
  ['12,000-character custom header', { 'X-Fuzz': 'h'.repeat(12_000) }, {}],
  ['12,000-character bearer token', {}, { authorization: `Bearer ${'t'.repeat(12_000)}` }],
  ['12,000-character Request-Id', { 'Request-Id': 'r'.repeat(12_000) }, {}],
  ['Accept: application/xml', { Accept: 'application/xml' }, {}],
  ['Content-Type without a body', { 'Content-Type': 'text/plain' }, { body: undefined, contentType: null }],
  ['Authorization without a token', {}, { authorization: 'Bearer' }],
  ['Basic Authorization', {}, { authorization: 'Basic dXNlcjpwYXNz' }],
  ['bearer token with a space', {}, { authorization: 'Bearer abc def' }],
  ['malformed API key', {}, { authorization: `Bearer mtl_rw_${'%00'.repeat(10)}` }],
  ['JWT-shaped garbage', {}, { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' }],
  ['two Authorization headers', { Authorization: ['Bearer a', 'Bearer b'] }, { authorization: '' }],
  ['Idempotency-Key on an operation without one', { 'Idempotency-Key': 'fuzz-unused-key' }, {}],
  ['If-Match on an operation without one', { 'If-Match': '"1"' }, {}],
]);

function headerCases(b: Builder, next: () => Credential): Case[] {
  const { op } = b;
  const cases: Case[] = [];
  const body = b.body === undefined ? undefined : serialize(b.body);
  const target = targetOf(op, b.path, b.query);
  const base = { operation: b.id, method: op.method, pattern: op.path, target, body };
  const add = (mutation: string, headers: Record<string, string | string[]>, extra: Partial<Case> = {}) => {
    const sent = { ...base, mutation, credential: next(), headers: { ...b.headers, ...headers }, ...extra };
    cases.push({ ...sent, body: withUniqueName(sent.body) });
  };

  if (b.idempotent) {
    const key = `fuzz-reused-${b.id}`;
    for (const [what, value] of [
      ['empty', ''],
      ['space inside', 'a b'],
      ['Latin-1 byte', 'caf\u00e9'],
      ['256 characters', 'k'.repeat(256)],
      ['8,000 characters', 'k'.repeat(8000)],
      ['two headers', ['fuzz-a', 'fuzz-b']],
      ['percent escapes', '%ZZ%00'],
    ] as Array<[string, string | string[]]>) {
      add(`Idempotency-Key ${what}`, { 'Idempotency-Key': value });
    }
    add('Idempotency-Key then reused with another body', { 'Idempotency-Key': key });
    const changed = body && body.length > 2 ? `${body.slice(0, -1)},"unexpected_field":1}` : '{"unexpected_field":1}';
    add('Idempotency-Key reused with another body', { 'Idempotency-Key': key }, { body: changed });
  }
  if (b.etag !== undefined) {
    for (const [what, value] of [
      ['empty', ''],
      ['star', '*'],
      ['weak', 'W/"1"'],
      ['unquoted', '1'],
      ['unknown revision', '"999999"'],
      ['negative revision', '"-1"'],
      ['not a number', '"abc"'],
      ['list', '"1", "2"'],
      ['201 characters', `"${'9'.repeat(199)}"`],
      ['8,000 characters', `"${'9'.repeat(7998)}"`],
      ['Latin-1 byte', '"\u00e9"'],
    ] as const) {
      add(`If-Match ${what}`, { 'If-Match': value });
    }
  }
  for (const [what, headers, extra] of HEADER_VARIANTS.take(3)) add(what, headers, extra);
  return cases;
}

/** Every operation's cases, with its valid request first and each credential (and none). */
function casesFor(id: OperationId, own: Fixtures, other: Fixtures, rng: Rng): Case[] {
  const b = builderFor(id, own, rng);
  const next = credentials(b.op);
  const body = b.body === undefined ? undefined : serialize(b.body);
  const baseline: Case[] = (['session', 'read_write', 'read_only', 'none'] as const).map((credential) => ({
    operation: id,
    method: b.op.method,
    pattern: b.op.path,
    mutation: 'valid request',
    credential,
    target: targetOf(b.op, b.path, b.query),
    headers: {
      ...b.headers,
      ...(b.idempotent ? { 'Idempotency-Key': `fuzz-${id}-${credential}` } : {}),
      ...(b.etag !== undefined ? { 'If-Match': b.etag } : {}),
    },
    body,
  }));
  return [
    ...baseline,
    ...queryCases(b, own, next, other.ids, rng),
    ...headerCases(b, next),
    // Body cases use allowed credentials only: a refused credential never gets to the body.
    ...bodyCases(b, credentials(b.op, true), other.ids, rng),
    // Path cases last: some of them name objects the fuzz may delete.
    ...pathCases(b, next, { own: own.ids, other: other.ids }, rng),
  ];
}

function authorizationFor(account: TestAccount, credential: Credential): string | undefined {
  switch (credential) {
    case 'session':
      return `Bearer ${account.session}`;
    case 'read_write':
      return `Bearer ${account.readWriteKey}`;
    case 'read_only':
      return `Bearer ${account.readOnlyKey}`;
    case 'none':
      return undefined;
  }
}

function outgoing(c: Case, account: TestAccount): Outgoing {
  const headers: Record<string, string | string[]> = { ...(c.headers ?? {}) };
  const authorization = c.authorization ?? authorizationFor(account, c.credential);
  if (authorization && !('Authorization' in headers)) headers.Authorization = authorization;
  if (c.body !== undefined && c.contentType !== null && !('Content-Type' in headers)) {
    headers['Content-Type'] = c.contentType ?? 'application/json';
  }
  return { method: c.method, target: c.target, headers, ...(c.body !== undefined ? { body: c.body } : {}) };
}

function describeCase(c: Case): string {
  const target = c.target.length > 120 ? `${c.target.slice(0, 120)}…` : c.target;
  return `${c.method} ${c.pattern} [${c.mutation}] as ${c.credential} (${target})`;
}

// ---------------------------------------------------------------------------------------------
// Fixtures

async function expectStatus(res: { status: number; body: any }, status: number, what: string): Promise<any> {
  if (res.status !== status) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** An account with one object of every kind, plus spares the fuzz may delete, revoke or rotate. */
async function fixturesFor(t: TestApp): Promise<Fixtures> {
  const account = await t.account();
  const as = bearer(account.session);
  const post = (path: string, body: unknown) => t.http.post(path).set(as).send(body as object);
  const subject = await expectStatus(await post('/v1/subjects', { name: 'Ada Lovelace', kind: 'person', aliases: ['Ada'] }), 201, 'creating a Subject');
  const spareSubject = await expectStatus(await post('/v1/subjects', { name: 'Spare subject', kind: 'topic' }), 201, 'creating a Subject');
  const linked = await expectStatus(await post('/v1/memories', { text: 'The analytical engine notes', tags: ['fuzz'] }), 201, 'creating a Memory');
  // Mentions the Subject's alias without a link: an unlinked-mention insight.
  await expectStatus(await post('/v1/memories', { text: 'Met Ada at the meetup' }), 201, 'creating a Memory');
  const spareMemory = await expectStatus(await post('/v1/memories', { text: 'A Memory to delete' }), 201, 'creating a Memory');
  const spareLinked = await expectStatus(await post('/v1/memories', { text: 'A Memory to unlink' }), 201, 'creating a Memory');
  for (const memory of [linked, spareLinked]) {
    await expectStatus(await post(`/v1/subjects/${subject.id}/memories`, { memory_id: memory.id }), 201, 'linking a Memory');
  }
  await expectStatus(await t.http.patch(`/v1/memories/${linked.id}`).set(as).send({ text: 'The analytical engine notes, revised' }), 200, 'updating a Memory');
  const suggestion = await expectStatus(
    await post(`/v1/subjects/${subject.id}/fact-suggestions`, { statement: 'Ada wrote the first program', source_memory_ids: [linked.id] }),
    201,
    'suggesting a Fact',
  );
  const insights = await expectStatus(await t.http.get(`/v1/subjects/${subject.id}/memory-insights`).set(as), 200, 'listing insights');
  const template = await expectStatus(
    await post('/v1/library/templates/workflow', { action: 'create', name: 'Fuzz template', category: 'productivity', license: 'MIT' }),
    201,
    'creating a Template',
  );
  const keyToRevoke = await expectStatus(await post('/v1/account/api-keys', { name: 'to revoke', mode: 'read_only' }), 201, 'creating a key');
  const keyToRotate = await expectStatus(await post('/v1/account/api-keys', { name: 'to rotate', mode: 'read_only' }), 201, 'creating a key');
  const startup = await expectStatus(await t.http.get('/v1/context/startup').set(as), 200, 'reading the startup context');
  const memory = await t.http.get(`/v1/memories/${linked.id}`).set(as);
  await expectStatus(memory, 200, 'reading a Memory');
  const ids: IdSet = {
    mem: linked.id,
    sub: subject.id,
    fsg: suggestion.id,
    tpl: template.template.id,
    key: account.readWriteKeyId,
  };
  const insight = (insights as Array<{ id: string }>)[0];
  if (insight) ids.ins = insight.id;
  return {
    account,
    ids,
    pathOverrides: {
      deleteMemory: { id: spareMemory.id },
      deleteSubject: { subject_id: spareSubject.id },
      unlinkMemory: { memory_id: spareLinked.id },
      prepareSubjectDeletion: { subject_id: spareSubject.id },
      revokeApiKey: { key_id: keyToRevoke.id },
      rotateApiKey: { key_id: keyToRotate.id },
    },
    checkpoint: startup.checkpoint,
    etag: String(memory.headers.etag ?? '"1"'),
  };
}

// ---------------------------------------------------------------------------------------------
// MCP

const MCP_HEADERS = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };

interface McpCase {
  readonly tool: string;
  readonly mutation: string;
  readonly credential: Credential;
  /** The params of tools/call, or the raw JSON-RPC body when given as a string. */
  readonly params: Json | string;
}

function mcpCases(own: Fixtures, other: Fixtures, rng: Rng): McpCase[] {
  const cases: McpCase[] = [];
  let n = 0;
  const ctx: SampleContext = { rng, ids: own.ids, values: { checkpoint: own.checkpoint, if_match: own.etag } };
  for (const tool of mcpTools) {
    const allowed = ALLOWED[operations[tool.operationId].access] ?? ALLOWED.read!;
    const credential = () => allowed[n++ % allowed.length] as Credential;
    const schema = tool.inputSchema as Schema;
    const args = sample(schema, 'arguments', ctx) as Record<string, Json>;
    const call = (mutation: string, value: Json, as: Credential = credential()) =>
      cases.push({ tool: tool.name, mutation, credential: as, params: { name: tool.name, arguments: value } });
    call('valid arguments', args);
    const paths = leaves(args).filter((p) => p.length > 0);
    const mutations: Array<[string, () => Json]> = [
      ['extra argument', () => ({ ...args, unexpected_argument: 1 })],
      ['arguments nested 5,000 deep', () => ({ ...args, deep: raw(deepArray(5000)) })],
    ];
    for (const path of paths) {
      const leafSchema = schemaAt(schema, args, path);
      const current = path.reduce<any>((v, step) => v?.[step], args) as Json;
      const label = describePath(path);
      for (const [what, value] of wrongTypes(leafSchema, rng, 1)) mutations.push([`${label} ${what}`, () => setAt(args, path, value)]);
      if (typeof current === 'string') {
        for (const [what, value] of stringMutations(leafSchema, current, rng, other.ids)) {
          if (typeof value === 'string' && value.length > 50_000) continue;
          mutations.push([`${label} ${what}`, () => setAt(args, path, value)]);
        }
        mutations.push([`${label} %ZZ`, () => setAt(args, path, '%ZZ')]);
      }
    }
    for (const name of (schema.required ?? []) as string[]) mutations.push([`missing .${name}`, () => setAt(args, [name], undefined)]);
    for (const [what, make] of pickSome(rng, mutations, 3)) call(what, make());
  }
  // Calls whose arguments are not an object at all, or whose tool does not exist.
  const first = mcpTools[0]!.name;
  cases.push({ tool: first, mutation: 'arguments null', credential: 'session', params: { name: first, arguments: null } });
  cases.push({ tool: first, mutation: 'arguments an array', credential: 'read_only', params: { name: first, arguments: [1, 2] } });
  cases.push({ tool: first, mutation: 'arguments a string', credential: 'read_write', params: { name: first, arguments: 'x' } });
  cases.push({ tool: 'no_such_tool', mutation: 'unknown tool', credential: 'session', params: { name: 'no_such_tool', arguments: {} } });
  cases.push({ tool: 'create_memory', mutation: '.text NUL inside', credential: 'read_write', params: { name: 'create_memory', arguments: { text: 'a\u0000b' } } });
  cases.push({ tool: 'get_memory', mutation: '.id %ZZ', credential: 'read_only', params: { name: 'get_memory', arguments: { id: '%ZZ' } } });
  return cases;
}

// ---------------------------------------------------------------------------------------------

let t: TestApp;
let server: http.Server;
let port: number;
let own: Fixtures;
let other: Fixtures;

beforeAll(async () => {
  t = await startTestApp();
  server = await new Promise<http.Server>((resolve) => {
    const listening = t.app.express.listen(0, '127.0.0.1', () => resolve(listening));
  });
  port = (server.address() as AddressInfo).port;
  own = await fixturesFor(t);
  other = await fixturesFor(t);
});

afterAll(async () => {
  agent.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

test('the fuzz covers every operation of the contract', () => {
  const declared = Object.entries(CONTRACT.paths as Record<string, Record<string, { operationId?: string }>>).flatMap(([, item]) =>
    Object.values(item)
      .map((operation) => operation?.operationId)
      .filter((id): id is string => typeof id === 'string'),
  );
  expect(Object.keys(operations).sort()).toEqual([...declared].sort());
});

test('every mutated REST request is answered below 500, and every error in the envelope', async () => {
  const rng = prng(SEED);
  const all = (Object.keys(operations) as OperationId[]).flatMap((id) => casesFor(id, own, other, rng));
  // The embedded database runs in this process and is the slower one: there, every second case
  // (the whole set runs on PostgreSQL, and with another FUZZ_SEED the other half here).
  const cases = testDatabaseUrl() ? all : all.filter((_, index) => index % 2 === SEED % 2);
  const failures: string[] = [];
  const started = Date.now();
  for (const c of cases) {
    let res: Incoming;
    try {
      res = await send(port, outgoing(c, own.account));
    } catch (err) {
      failures.push(`${describeCase(c)} → no response: ${(err as Error).message}`);
      continue;
    }
    const problems = responseProblems(res);
    if (problems.length > 0) failures.push(`${describeCase(c)} → ${res.status} ${problems.join('; ')}: ${snippet(res.text)}`);
  }
  process.stdout.write(`REST fuzz: ${cases.length} requests in ${Date.now() - started} ms, ${failures.length} failures (seed ${SEED})\n`);
  expect(failures).toEqual([]);
}, 240_000);

test('every mutated MCP tools/call is answered below 500, and every tool error carries the envelope', async () => {
  const rng = prng(SEED + 1);
  const cases = mcpCases(own, other, rng);
  const failures: string[] = [];
  let id = 0;
  for (const c of cases) {
    id += 1;
    const body = typeof c.params === 'string' ? c.params : serialize({ jsonrpc: '2.0', id, method: 'tools/call', params: c.params });
    const authorization = authorizationFor(own.account, c.credential);
    const label = `POST /mcp tools/call ${c.tool} [${c.mutation}] as ${c.credential}`;
    let res: Incoming;
    try {
      res = await send(port, {
        method: 'POST',
        target: '/mcp',
        headers: { ...MCP_HEADERS, ...(authorization ? { Authorization: authorization } : {}) },
        body,
      });
    } catch (err) {
      failures.push(`${label} → no response: ${(err as Error).message}`);
      continue;
    }
    if (res.status !== 200) {
      const problems = responseProblems(res);
      if (problems.length > 0) failures.push(`${label} → ${res.status} ${problems.join('; ')}: ${snippet(res.text)}`);
      continue;
    }
    const message = res.json as { error?: { code?: number; message?: string }; result?: any } | undefined;
    if (!message) {
      failures.push(`${label} → 200 without a JSON-RPC message: ${snippet(res.text)}`);
      continue;
    }
    if (message.error) {
      // A protocol-level refusal (unknown tool, arguments not an object) is fine; an internal error is not.
      if (message.error.code === -32603) failures.push(`${label} → JSON-RPC internal error: ${snippet(res.text)}`);
      continue;
    }
    const result = message.result;
    const text = (result?.content as Array<{ type: string; text?: string }> | undefined)?.find((item) => item.type === 'text')?.text;
    let envelope: any;
    try {
      envelope = text === undefined ? undefined : JSON.parse(text);
    } catch {
      envelope = undefined;
    }
    if (result?.isError) {
      const status = envelope?.error?.status;
      if (typeof status !== 'number') {
        failures.push(`${label} → tool error without an envelope: ${snippet(res.text)}`);
        continue;
      }
      const why = envelopeProblem(envelope, status, res.headers['request-id'] as string | undefined);
      if (status >= 500) failures.push(`${label} → tool error ${status} ${envelope.error.code}: ${snippet(text ?? '')}`);
      else if (why) failures.push(`${label} → tool error without the envelope (${why}): ${snippet(text ?? '')}`);
    } else if (envelope?.ok !== true) {
      failures.push(`${label} → a result that is not a success envelope: ${snippet(res.text)}`);
    }
  }
  process.stdout.write(`MCP fuzz: ${cases.length} tool calls, ${failures.length} failures (seed ${SEED})\n`);
  expect(failures).toEqual([]);
}, 120_000);

test('a request line over 16 KiB is refused with 431 or 414 in the error envelope', async () => {
  // The production listener (startServer), since what answers an oversized request line is the
  // HTTP server rather than the Express app.
  const owned = testDatabaseUrl() ? await openTestDatabase() : undefined;
  const config = loadConfig({
    APP_JWT_SECRET: TEST_JWT_SECRET,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mtl-data-')),
    EMBEDDINGS: 'off',
    ...(owned?.url ? { DATABASE_URL: owned.url } : {}),
  });
  const running = await startServer(config, createLogger(config));
  try {
    const session = await signSession('fuzz-long-request-line');
    const res = await send(running.port, {
      method: 'GET',
      target: `/v1/memories?tag=${'a'.repeat(20_000)}`,
      headers: { Authorization: `Bearer ${session}`, Connection: 'close' },
    });
    const why = envelopeProblem(res.json, res.status, res.headers['request-id'] as string | undefined);
    const answer = { status: res.status, envelope: why ?? 'ok', body: snippet(res.text) };
    expect(answer).toEqual({ status: res.status === 414 ? 414 : 431, envelope: 'ok', body: expect.any(String) });
  } finally {
    await running.stop();
    await owned?.close();
  }
}, 60_000);
