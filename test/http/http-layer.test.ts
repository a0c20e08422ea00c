import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pino from 'pino';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const ENVELOPE_ERROR_FIELDS = ['code', 'details', 'message', 'request_id', 'retryable', 'status'];

let t: TestApp;
let alice: TestAccount;
beforeAll(async () => {
  t = await startTestApp();
  alice = await t.account();
});
afterAll(() => t.close());

/** The error envelope: exactly {ok: false, error: {code, message, status, retryable, request_id, details?}}. */
function expectEnvelope(
  res: { status: number; body: any; headers: Record<string, string | undefined> },
  status: number,
  code: string,
): void {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(Object.keys(res.body).sort()).toEqual(['error', 'ok']);
  expect(res.body.ok).toBe(false);
  const error = res.body.error;
  for (const key of Object.keys(error)) expect(ENVELOPE_ERROR_FIELDS).toContain(key);
  expect(typeof error.message).toBe('string');
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.status).toBe(status);
  expect(error.retryable).toBe([429, 500, 503].includes(status));
  expect(error.request_id).toBe(res.headers['request-id']);
  if ('details' in error) expect(typeof error.details).toBe('object');
  expect(res.headers['content-type']).toMatch(/^application\/json/);
}

describe('Request-Id', () => {
  test('a valid incoming Request-Id is echoed in the header and in error.request_id', async () => {
    const ok = await t.http.get('/healthz').set('Request-Id', 'trace-42.abc:def_1');
    expect(ok.headers['request-id']).toBe('trace-42.abc:def_1');

    const failed = await t.http.get('/v1/memories').set('Request-Id', 'my-request-7');
    expect(failed.headers['request-id']).toBe('my-request-7');
    expectEnvelope(failed, 401, 'unauthorized');
    expect(failed.body.error.request_id).toBe('my-request-7');
  });

  test('an authenticated success echoes the Request-Id too', async () => {
    const res = await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey)).set('Request-Id', 'listing-1');
    expect(res.status).toBe(200);
    expect(res.headers['request-id']).toBe('listing-1');
  });

  test('without a Request-Id a UUID is generated, and it differs per request', async () => {
    const a = await t.http.get('/healthz');
    const b = await t.http.get('/healthz');
    expect(a.headers['request-id']).toMatch(UUID);
    expect(b.headers['request-id']).toMatch(UUID);
    expect(a.headers['request-id']).not.toBe(b.headers['request-id']);
  });

  test('an invalid Request-Id (spaces, or too long) is replaced by a generated UUID', async () => {
    const spaced = await t.http.get('/v1/memories').set('Request-Id', 'has spaces <script>');
    expect(spaced.headers['request-id']).toMatch(UUID);
    expectEnvelope(spaced, 401, 'unauthorized');
    expect(spaced.body.error.request_id).toBe(spaced.headers['request-id']);

    const long = await t.http.get('/healthz').set('Request-Id', 'x'.repeat(129));
    expect(long.headers['request-id']).toMatch(UUID);
  });
});

describe('request bodies', () => {
  test('malformed JSON is 400 invalid_json', async () => {
    const res = await t.http
      .post('/v1/memories')
      .set(bearer(alice.readWriteKey))
      .set('Content-Type', 'application/json')
      .send('{"text": "unterminated');
    expectEnvelope(res, 400, 'invalid_json');
  });

  test('a body over 1 MiB is 413 payload_too_large', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10) });
    const res = await t.http
      .post('/v1/memories')
      .set(bearer(alice.readWriteKey))
      .set('Content-Type', 'application/json')
      .send(body);
    expectEnvelope(res, 413, 'payload_too_large');
  });

  test('a text/plain body is 415 unsupported_media_type', async () => {
    const res = await t.http
      .post('/v1/memories')
      .set(bearer(alice.readWriteKey))
      .set('Content-Type', 'text/plain')
      .send('remember this');
    expectEnvelope(res, 415, 'unsupported_media_type');
  });

  test('an operation that takes no body ignores one sent with it, whatever its media type', async () => {
    for (const type of ['text/plain', 'application/json']) {
      const res = await t.http.get('/v1/principal').set(bearer(alice.readWriteKey)).set('Content-Type', type).send('{"not": "read"');
      expect(res.status).toBe(200);
      expect(res.body.data.kind).toBe('api_key');
    }
  });

  test('a form-encoded body is 415 unsupported_media_type', async () => {
    const res = await t.http
      .post('/v1/memories')
      .set(bearer(alice.readWriteKey))
      .type('form')
      .send({ text: 'remember this' });
    expectEnvelope(res, 415, 'unsupported_media_type');
  });

  test('a valid JSON body with an unknown field is 400 invalid_request with details', async () => {
    const res = await t.http
      .post('/v1/memories')
      .set(bearer(alice.readWriteKey))
      .send({ text: 'fine', colour: 'blue' });
    expectEnvelope(res, 400, 'invalid_request');
    expect(res.body.error.details).toEqual(expect.any(Object));
  });
});

describe('routes', () => {
  test('an unknown route under /v1 (authenticated) is 404 not_found', async () => {
    const res = await t.http.get('/v1/no-such-thing').set(bearer(alice.readOnlyKey));
    expectEnvelope(res, 404, 'not_found');
  });

  test('an unknown route outside /v1 is 404 not_found', async () => {
    const res = await t.http.get('/no-such-thing');
    expectEnvelope(res, 404, 'not_found');
    const post = await t.http.post('/v2/memories').send({ text: 'x' });
    expectEnvelope(post, 404, 'not_found');
  });

  test('a wrong method (PUT /v1/memories) is 405 method_not_allowed with an Allow header', async () => {
    const res = await t.http.put('/v1/memories').set(bearer(alice.readWriteKey)).send({ text: 'x' });
    expectEnvelope(res, 405, 'method_not_allowed');
    const allow = (res.headers.allow ?? '').split(',').map((m: string) => m.trim().toUpperCase());
    expect(allow).toEqual(expect.arrayContaining(['GET', 'POST']));
    expect(allow).not.toContain('PUT');
  });

  test('DELETE on the Memory list is 405 method_not_allowed too', async () => {
    const res = await t.http.delete('/v1/memories').set(bearer(alice.readWriteKey));
    expectEnvelope(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBeDefined();
  });

  test('a concrete path with a method it lacks is 405 with its own Allow, never taken for the templated path beside it', async () => {
    const cases: Array<[string, string, string]> = [
      ['get', '/v1/library/templates/workflow', 'POST'],
      ['head', '/v1/library/templates/workflow', 'POST'],
      ['delete', '/v1/memories/search', 'GET, HEAD'],
      ['delete', '/v1/memories/trash', 'GET, HEAD'],
      ['patch', '/v1/memories/batch', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await t.http[method as 'get'](path).set(bearer(alice.readWriteKey));
      expect({ request: `${method} ${path}`, status: res.status, allow: res.headers.allow }).toEqual({ request: `${method} ${path}`, status: 405, allow });
      if (method !== 'head') expectEnvelope(res, 405, 'method_not_allowed');
    }
  });

  test('a request to /v1 without a token is 401 unauthorized in the envelope', async () => {
    const res = await t.http.get('/v1/memories');
    expectEnvelope(res, 401, 'unauthorized');
  });
});

describe('a crash', () => {
  test('is 500 internal_error with retryable true, in the envelope; /readyz reports 503', async () => {
    const broken = await startTestApp();
    const bob = await broken.account();
    await broken.database.close();
    try {
      const res = await broken.http.get('/v1/memories').set(bearer(bob.session)).set('Request-Id', 'crash-1');
      expectEnvelope(res, 500, 'internal_error');
      expect(res.body.error.retryable).toBe(true);
      expect(res.body.error.request_id).toBe('crash-1');
      // Nothing of the underlying error leaks out.
      expect(JSON.stringify(res.body)).not.toMatch(/kysely|pglite|pool|destroy|stack/i);

      const ready = await broken.http.get('/readyz');
      expectEnvelope(ready, 503, 'service_unavailable');
      expect(ready.body.error.retryable).toBe(true);
    } finally {
      await broken.app.close().catch(() => undefined);
    }
  });
});

describe('unauthenticated routes outside /v1', () => {
  test('GET /healthz needs no Authorization', async () => {
    const res = await t.http.get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
  });

  test('GET /readyz needs no Authorization and reports the database reachable', async () => {
    const res = await t.http.get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
  });

  test('GET /openapi.yaml serves the contract as YAML', async () => {
    const res = await t.http.get('/openapi.yaml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/yaml/);
    expect(res.text).toContain('openapi: 3.0.3');
    expect(res.text).toContain('/memories/batch:');
  });

  test('GET /docs serves an HTML API reference', async () => {
    const res = await t.http.get('/docs').redirects(2);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toMatch(/<html/i);
  });

  test('when "Try it out" sends a request from /docs, then it goes to the server the page came from, which its Content-Security-Policy allows', async () => {
    const page = await t.http.get('/docs/').redirects(2);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const init = await t.http.get('/docs/swagger-ui-init.js');
    expect(init.status).toBe(200);
    const servers = /"servers": (\[[^\]]*\])/.exec(init.text);
    expect(JSON.parse(servers![1]!)).toEqual([{ url: '/v1', description: 'This server' }]);
  });

  test('helmet headers are present on API and non-API responses', async () => {
    for (const res of [
      await t.http.get('/healthz'),
      await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey)),
      await t.http.get('/v1/memories'),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toEqual(expect.any(String));
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

/** A pino logger writing JSON lines into an array. */
function collectingLogger(lines: string[]) {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(...String(chunk).split('\n').filter((line) => line.length > 0));
      callback();
    },
  });
  return pino({ level: 'info' }, stream);
}

/** Request lines are written when each response finishes; give the last ones a moment to arrive. */
async function requestLines(lines: string[], requestIds: string[]): Promise<Array<Record<string, unknown>>> {
  const parse = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  for (let i = 0; i < 50; i += 1) {
    const done = new Set(parse().filter((e) => e.msg === 'request').map((e) => e.request_id));
    if (requestIds.every((id) => done.has(id))) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return parse();
}

describe('logs', () => {
  let logged: TestApp;
  let carol: TestAccount;
  const lines: string[] = [];
  beforeAll(async () => {
    logged = await startTestApp({ logger: collectingLogger(lines) });
    carol = await logged.account();
  });
  afterAll(() => logged.close());

  async function linesFor(requestIds: string[]): Promise<Array<Record<string, unknown>>> {
    return requestLines(lines, requestIds);
  }

  function expectRequestLine(parsed: Array<Record<string, unknown>>, id: string): Record<string, unknown> {
    const line = parsed.find((entry) => entry.request_id === id && entry.msg === 'request');
    expect(line).toBeDefined();
    expect(line).toEqual(
      expect.objectContaining({ request_id: id, method: expect.any(String), status: expect.any(Number) }),
    );
    expect(line).toHaveProperty('route');
    return line!;
  }

  test('request lines carry request_id, method, status and route, and never tokens, query strings or Memory text', async () => {
    const memoryText = `unique-memory-text-${Date.now()}-do-not-log`;
    const requests = [
      await logged.http
        .post('/v1/memories')
        .set(bearer(carol.readWriteKey))
        .set('Request-Id', 'log-create')
        .send({ text: memoryText, tags: ['secretquery'] }),
      await logged.http
        .get('/v1/memories/search?q=secretquery')
        .set(bearer(carol.session))
        .set('Request-Id', 'log-search'),
      await logged.http
        .get('/v1/memories?type=note&limit=5')
        .set(bearer(carol.readOnlyKey))
        .set('Request-Id', 'log-list'),
      await logged.http
        .post('/v1/memories')
        .set(bearer(carol.readWriteKey))
        .set('Request-Id', 'log-bad-json')
        .set('Content-Type', 'application/json')
        .send(`{"text": "${memoryText}`),
      await logged.http.get(`/v1/memories?api_key=${carol.readWriteKey}`).set('Request-Id', 'log-key-in-query'),
      await logged.http.get('/no-such-page?secretquery=1').set(bearer(carol.session)).set('Request-Id', 'log-404'),
    ];
    expect(requests.map((r) => r.status)).toEqual([201, 200, 200, 400, 400, 404]);
    expect(requests[4]!.body.error.code).toBe('credentials_in_query');

    const wanted = ['log-create', 'log-search', 'log-list', 'log-bad-json', 'log-key-in-query', 'log-404'];
    const parsed = await linesFor(wanted);
    const all = lines.join('\n');
    for (const forbidden of [carol.readWriteKey, carol.readOnlyKey, carol.session, 'secretquery', memoryText, 'Bearer']) {
      expect(all).not.toContain(forbidden);
    }
    for (const id of wanted) expectRequestLine(parsed, id);
    expect(expectRequestLine(parsed, 'log-create')).toMatchObject({ method: 'POST', status: 201, route: '/v1/memories' });
    expect(expectRequestLine(parsed, 'log-search')).toMatchObject({
      method: 'GET',
      status: 200,
      route: '/v1/memories/search',
    });
    expect(expectRequestLine(parsed, 'log-list')).toMatchObject({ method: 'GET', status: 200, route: '/v1/memories' });
    expect(expectRequestLine(parsed, 'log-bad-json')).toMatchObject({ method: 'POST', status: 400 });
    expect(expectRequestLine(parsed, 'log-key-in-query')).toMatchObject({ method: 'GET', status: 400 });
    expect(expectRequestLine(parsed, 'log-404')).toMatchObject({ method: 'GET', status: 404, route: null });
  });

  test('a tag filter value in the query string (?tag=secretquery) is never logged', async () => {
    const res = await logged.http
      .get('/v1/memories?tag=secretquery')
      .set(bearer(carol.readOnlyKey))
      .set('Request-Id', 'log-tag-filter');
    const parsed = await linesFor(['log-tag-filter']);
    expect(expectRequestLine(parsed, 'log-tag-filter')).toMatchObject({
      method: 'GET',
      status: res.status,
      route: '/v1/memories',
    });
    expect(lines.join('\n')).not.toContain('secretquery');
    expect(lines.join('\n')).not.toContain(carol.readOnlyKey);
    expect(res.status).toBe(200);
  });

  test('a crash while storing a Memory logs the failure without the Memory text or the token', async () => {
    const crashLines: string[] = [];
    const crashing = await startTestApp({ logger: collectingLogger(crashLines) });
    try {
      const dave = await crashing.account();
      // Every new Memory now fails inside the database, as an unexpected server-side error would.
      await sql`alter table memories add constraint refuse_new_rows check (length(text) < 0) not valid`.execute(
        crashing.database.db,
      );
      const memoryText = `crash-memory-text-${Date.now()}-never-logged`;
      const res = await crashing.http
        .post('/v1/memories')
        .set(bearer(dave.readWriteKey))
        .set('Request-Id', 'log-crash')
        .send({ text: memoryText, tags: ['crashtag'] });
      expectEnvelope(res, 500, 'internal_error');
      expect(JSON.stringify(res.body)).not.toContain(memoryText);

      const parsed = await requestLines(crashLines, ['log-crash']);
      expect(parsed.find((e) => e.request_id === 'log-crash' && e.msg === 'request')).toMatchObject({
        method: 'POST',
        status: 500,
        route: '/v1/memories',
      });
      // The failure itself is logged (level error) with the request ID ...
      expect(parsed.some((e) => e.request_id === 'log-crash' && Number(e.level) >= 50)).toBe(true);
      // ... but never what the caller sent.
      const all = crashLines.join('\n');
      expect(all).not.toContain(memoryText);
      expect(all).not.toContain('crashtag');
      expect(all).not.toContain(dave.readWriteKey);
    } finally {
      await crashing.close();
    }
  });
});
