import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createHttpServer } from '../../src/edge/http-server';
import { OPERATIONS } from '../../src/pipeline/operations';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import { inArgumentTerms } from '../mcp/rest-parity';
import { createMemory, listMemories } from '../../src/domain/memories/memories';

// Bad input that Node.js, Express or the database would refuse in their own words is answered
// with the error envelope and a stable code, and leaves nothing written.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A tools/call over /mcp as a client sends it; the JSON-RPC result. */
async function callTool(app: TestApp, token: string, name: string, args: Record<string, unknown>) {
  const res = await app.http
    .post('/mcp')
    .set(bearer(token))
    .set('Accept', 'application/json, text/event-stream')
    .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
  expect(res.status).toBe(200);
  return res.body.result as { isError?: boolean; content: Array<{ type: string; text: string }> };
}

const count = async (token: string, path: string) => ((await t.http.get(`${path}?limit=100`).set(bearer(token))).body.data as unknown[]).length;

describe('malformed percent-escapes', () => {
  test.each(['%ZZ', '%', '%E0%A4', 'abc%2'])('GET /v1/memories/%s is 400 invalid_request about the path parameters', async (segment) => {
    const alice = await t.account();
    const res = await t.http.get(`/v1/memories/${segment}`).set(bearer(alice.readOnlyKey));
    expectError(res, 400, 'invalid_request');
    expect(res.body.error.details.errors).toEqual([{ in: 'path', path: '/params', message: 'holds a malformed percent-escape' }]);
  });

  test('on a write, nothing is changed', async () => {
    const alice = await t.account();
    const res = await t.http.patch('/v1/subjects/%ZZ').set(bearer(alice.readWriteKey)).send({ name: 'x' });
    expectError(res, 400, 'invalid_request');
  });
});

describe('NUL in text', () => {
  test('a Memory whose text holds NUL is 400 invalid_request naming /body/text, on create and on update, and nothing is written', async () => {
    const alice = await t.account();
    const key = bearer(alice.readWriteKey);
    const created = await t.http.post('/v1/memories').set(key).send({ text: 'a\u0000b' });
    expectError(created, 400, 'invalid_request');
    expect(created.body.error.details.errors).toEqual([{ in: 'body', path: '/body/text', message: 'must not contain the NUL character (U+0000)' }]);
    expect(await count(alice.readOnlyKey, '/v1/memories')).toBe(0);

    const memory = (await t.http.post('/v1/memories').set(key).send({ text: 'fine', tags: ['one'] }).expect(201)).body.data;
    const patched = await t.http.patch(`/v1/memories/${memory.id}`).set(key).send({ text: 'still\u0000', tags: ['ok', 'bad\u0000'] });
    expectError(patched, 400, 'invalid_request');
    expect(patched.body.error.details.errors.map((e: { path: string }) => e.path)).toEqual(['/body/text', '/body/tags/1']);
    const after = (await t.http.get(`/v1/memories/${memory.id}`).set(key)).body.data;
    expect({ text: after.text, tags: after.tags, revision: after.revision }).toEqual({ text: 'fine', tags: ['one'], revision: 1 });
  });

  test('a Subject name with NUL is named without a regular expression in the message', async () => {
    const alice = await t.account();
    const res = await t.http.post('/v1/subjects').set(bearer(alice.readWriteKey)).send({ name: 'Zor\u0000blat' });
    expectError(res, 400, 'invalid_request');
    expect(res.body.error.message).toBe('/body/name must not contain the NUL character (U+0000)');
    expect(await count(alice.readOnlyKey, '/v1/subjects')).toBe(0);
  });

  test('NUL in a query value is refused the same way', async () => {
    const alice = await t.account();
    const res = await t.http.get('/v1/memories/search').query({ q: 'deploy\u0000' }).set(bearer(alice.readOnlyKey));
    expectError(res, 400, 'invalid_request');
    expect(res.body.error.details.errors).toEqual([{ in: 'query', path: '/query/q', message: 'must not contain the NUL character (U+0000)' }]);
  });

  test('through MCP the same error, and nothing written', async () => {
    const alice = await t.account();
    const result = await callTool(t, alice.readWriteKey, 'create_memory', { text: 'a\u0000b' });
    expect(result.isError).toBe(true);
    const envelope = JSON.parse(result.content[0]!.text);
    expect(envelope.error.code).toBe('invalid_request');
    expect(envelope.error.details.errors).toEqual([{ in: 'body', path: '/text', argument: 'text', message: 'must not contain the NUL character (U+0000)' }]);
    expect(envelope.error.message).toBe('text must not contain the NUL character (U+0000)');
    expect(await count(alice.readOnlyKey, '/v1/memories')).toBe(0);
  });
});

test('a surrogate escape without its pair is stored and answered as U+FFFD, through REST and MCP', async () => {
  const alice = await t.account();
  const key = bearer(alice.readWriteKey);
  // supertest would send the JS string as UTF-8 (already replaced); the escape is what a client sends.
  const created = await t.http.post('/v1/memories').set(key).set('content-type', 'application/json').send('{"text": "tea \\ud800 time"}');
  expect(created.status).toBe(201);
  expect(created.body.data.text).toBe('tea \uFFFD time');
  expect((await t.http.get(`/v1/memories/${created.body.data.id}`).set(key)).body.data.text).toBe('tea \uFFFD time');

  const result = await callTool(t, alice.readWriteKey, 'create_memory', { text: 'low \udc00 first' });
  expect(result.isError).toBeFalsy();
  expect(JSON.parse(result.content[0]!.text).data.text).toBe('low \uFFFD first');
});

test('a + in any query value is a space, as form encoders send it', async () => {
  const alice = await t.account();
  await t.http.post('/v1/subjects').set(bearer(alice.readWriteKey)).send({ name: 'Zorblat O' }).expect(201);
  const res = await t.http.get('/v1/subjects?q=Zorblat+O').set(bearer(alice.readOnlyKey));
  expect(res.status).toBe(200);
  expect(res.body.data.map((s: { name: string }) => s.name)).toEqual(['Zorblat O']);
});

describe('Cache-Control', () => {
  test('answers of /v1 and /mcp, successes and errors, carry no-store', async () => {
    const alice = await t.account();
    const answers = [
      await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey)),
      await t.http.get('/v1/memories'),
      await t.http.get('/v1/memories/mem_00000000000000000000000000').set(bearer(alice.readOnlyKey)),
      await t.http.get('/v1/nowhere').set(bearer(alice.readOnlyKey)),
      await t.http.post('/mcp').set(bearer(alice.readOnlyKey)).set('Accept', 'application/json, text/event-stream').send({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 401, 404, 404, 200]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the HTTP server', () => {
  /** The file's app behind the production HTTP server, with these timeouts. */
  async function serve(timeouts: { requestTimeoutMs?: number; headersTimeoutMs?: number } = {}): Promise<{ app: TestApp; server: Server; port: number }> {
    const server = createHttpServer(t.app.express, { ...t.config, ...timeouts });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { app: t, server, port: (server.address() as AddressInfo).port };
  }

  async function close({ server }: { server: Server }): Promise<void> {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Sends raw bytes and reads until the server closes: the status and the parsed body. */
  function exchange(port: number, write: (socket: Socket) => void): Promise<{ status: number; headers: string; body: unknown; ms: number; raw: string }> {
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        // The first response only: its head, then as many bytes as its Content-Length says.
        const text = Buffer.concat(chunks).toString('utf8');
        const headEnd = text.indexOf('\r\n\r\n');
        const head = headEnd === -1 ? text : text.slice(0, headEnd);
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        const body = headEnd === -1 ? '' : text.slice(headEnd + 4, headEnd + 4 + length);
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
        try {
          resolve({ status, headers: head, body: body ? JSON.parse(body) : null, ms: Date.now() - started, raw: text });
        } catch (err) {
          reject(new Error(`not a JSON answer: ${text}`, { cause: err }));
        }
      });
      socket.on('connect', () => write(socket));
    });
  }

  test('a request line over 16 KiB is 414 uri_too_long and headers over it 431 headers_too_large, with the envelope', async () => {
    const running = await serve();
    try {
      const longLine = await exchange(running.port, (s) => s.write(`GET /v1/memories?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`));
      expect(longLine.status).toBe(414);
      expect(longLine.body).toMatchObject({ ok: false, error: { code: 'uri_too_long', status: 414, retryable: false, request_id: expect.any(String) } });
      expect(longLine.headers).toMatch(/cache-control: no-store/i);

      const longHeaders = await exchange(running.port, (s) => s.write(`GET /v1/memories HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`));
      expect(longHeaders.status).toBe(431);
      expect(longHeaders.body).toMatchObject({ ok: false, error: { code: 'headers_too_large', status: 431 } });
    } finally {
      await close(running);
    }
  });

  test('a request line over 16 KiB on a kept-alive connection, after an answered request, is answered 414 too; the envelope names the Request-Id of its header', async () => {
    const running = await serve();
    try {
      // Node's fetch keeps its connection alive and writes the whole request line at once.
      const base = `http://127.0.0.1:${running.port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const res = await fetch(`${base}/v1/memories?q=${'a'.repeat(70_000)}`);
      const body = (await res.json()) as { error: { code: string; request_id: string } };
      expect({ status: res.status, code: body.error.code }).toEqual({ status: 414, code: 'uri_too_long' });
      expect(body.error.request_id).toBe(res.headers.get('request-id'));

      // The same over one raw connection: the first answer, then the 414 on the same socket.
      const raw = await exchange(running.port, (s) => {
        s.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
        let sent = false;
        s.on('data', () => {
          if (sent) return;
          sent = true;
          s.write(`GET /v1/memories?q=${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
        });
      });
      const second = raw.raw.slice(raw.raw.indexOf('HTTP/1.1', 1));
      expect(second).toMatch(/^HTTP\/1\.1 414 /);
      const header = /request-id: ([^\r]+)/i.exec(second)?.[1];
      expect(header).toEqual(expect.any(String));
      expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4)).error.request_id).toBe(header);
    } finally {
      await close(running);
    }
  });

  test("a refused request line or header names the client's own Request-Id when it was read, in the envelope and the header", async () => {
    const running = await serve();
    try {
      const longLine = await exchange(running.port, (s) => s.write(`GET /v1/memories?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nRequest-Id: trace-414\r\n\r\n`));
      expect(longLine.status).toBe(414);
      expect((longLine.body as { error: { request_id: string } }).error.request_id).toBe('trace-414');
      expect(longLine.headers).toMatch(/\r\nrequest-id: trace-414\r\n/i);

      const longHeaders = await exchange(running.port, (s) => s.write(`GET /v1/memories HTTP/1.1\r\nHost: x\r\nRequest-Id: trace-431\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`));
      expect(longHeaders.status).toBe(431);
      expect((longHeaders.body as { error: { request_id: string } }).error.request_id).toBe('trace-431');

      // One that is not a valid request ID is not echoed: the answer has an ID of its own.
      const invalid = await exchange(running.port, (s) => s.write(`GET /v1/memories?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nRequest-Id: not valid!\r\n\r\n`));
      const id = (invalid.body as { error: { request_id: string } }).error.request_id;
      expect(id).not.toBe('not valid!');
      expect(invalid.headers).toContain(`Request-Id: ${id}`);
    } finally {
      await close(running);
    }
  });

  test('headers never finished, or a body sent a byte at a time, are cut off at their timeouts with 408 request_timeout', async () => {
    const running = await serve({ headersTimeoutMs: 1000, requestTimeoutMs: 2000 });
    try {
      const headers = await exchange(running.port, (s) => s.write('GET /v1/memories HTTP/1.1\r\nHost: x\r\n'));
      expect(headers.status).toBe(408);
      expect(headers.body).toMatchObject({ ok: false, error: { code: 'request_timeout', status: 408 } });
      expect(headers.ms).toBeLessThan(5_000);

      const alice = await running.app.account();
      let timer: NodeJS.Timeout | undefined;
      const body = await exchange(running.port, (s) => {
        s.write(`POST /v1/memories HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${alice.readWriteKey}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`);
        timer = setInterval(() => s.writable && s.write(' '), 300);
      });
      clearInterval(timer);
      expect(body.ms).toBeLessThan(6_000);
      expect({ status: body.status, raw: body.raw }).toEqual({ status: 408, raw: expect.stringContaining('request_timeout') });
      // The request ID the app gave the request, in the envelope and the header alike.
      expect((body.body as { error: { request_id: string } }).error.request_id).toBe(/request-id: ([^\r]+)/i.exec(body.headers)?.[1]);
    } finally {
      await close(running);
    }
  });

  test('a request without a body is answered as one with an empty body of its type; a body without its type is 415', async () => {
    const running = await serve();
    const alice = await running.app.account();
    /** The error of a POST with these extra header lines and this body (nothing sent after the headers when empty). */
    const post = async (path: string, headerLines: string[], body = '') => {
      const head = [`POST ${path} HTTP/1.1`, 'Host: x', `Authorization: Bearer ${alice.session}`, 'Connection: close', ...headerLines];
      const answer = await exchange(running.port, (s) => s.write(`${head.join('\r\n')}\r\n\r\n${body}`));
      const { request_id: _id, ...error } = (answer.body as { error: Record<string, unknown> }).error;
      return error;
    };
    try {
      const noFields = await post('/v1/memories', ['Content-Type: application/json', 'Content-Length: 0']);
      expect(noFields).toMatchObject({ code: 'invalid_request', details: { errors: [{ in: 'body', path: '/body/text', message: "must have required property 'text'" }] } });
      expect(await post('/v1/memories', ['Content-Type: application/json'])).toEqual(noFields);
      expect(await post('/v1/memories', [])).toEqual(noFields);
      expect(await post('/v1/memories', ['Content-Length: 0'])).toEqual(noFields);
      expect(await post('/v1/memories', ['Content-Length: 2'], '{}')).toMatchObject({ code: 'unsupported_media_type', status: 415 });
      expect(await post('/v1/memories', ['Content-Type: text/plain'])).toMatchObject({ code: 'unsupported_media_type', status: 415 });

      const emptyFile = await post('/v1/import', ['Content-Type: application/x-ndjson', 'Content-Length: 0']);
      expect(emptyFile).toMatchObject({ code: 'invalid_import', status: 400, details: { line: 1 } });
      expect(await post('/v1/import', ['Content-Type: application/x-ndjson'])).toEqual(emptyFile);
      expect(await post('/v1/import', [])).toEqual(emptyFile);
      expect(await post('/v1/import', ['Content-Length: 2'], '{}')).toMatchObject({ code: 'unsupported_media_type', status: 415 });
      expect(await post('/v1/import', ['Content-Type: application/json'])).toMatchObject({ code: 'unsupported_media_type', status: 415 });
    } finally {
      await close(running);
    }
  });
});


describe('the HTTP server and a streamed import', () => {
  test('an import that keeps sending may take longer than the request timeout; one that stalls is cut off with 408', async () => {
    const server = createHttpServer(t.app.express, { ...t.config, headersTimeoutMs: 1000, requestTimeoutMs: 3000 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const alice = await t.account();
      const lines = [
        '{"type":"header","data":{"format":"mtl-export","version":1,"exported_at":"2026-11-01T10:00:00.000Z"}}',
        ...Array.from({ length: 6 }, (_, i) =>
          JSON.stringify({ type: 'subject', data: { id: `sub_01JD2X5Y7Z8A9B0C1D2E3F000${i}`, name: `Slow ${i}`, kind: 'other', aliases: [], description: '', created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-01T10:00:00.000Z' } }),
        ),
        '{"type":"end","data":{"counts":{"workspace_profile":0,"subjects":6,"memories":0,"links":0,"facts":0,"fact_suggestions":0,"templates":0}}}',
      ].map((line) => `${line}\n`);
      const head = (length: number) =>
        `POST /v1/import HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${alice.session}\r\nContent-Type: application/x-ndjson\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
      const total = lines.reduce((sum, line) => sum + Buffer.byteLength(line), 0);
      // A line every 500 ms: 4 s in all, longer than the timeout, and never 3 s without a byte (a
      // margin wide enough for a busy machine's late timers).
      const steady = await rawExchange(port, async (socket) => {
        socket.write(head(total));
        for (const line of lines) {
          socket.write(line);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      });
      expect(steady.status).toBe(200);
      expect(JSON.parse(steady.raw.split('\r\n\r\n')[1]!)).toMatchObject({ ok: true, data: { imported: { subjects: 6 } } });
      const stalled = await rawExchange(port, async (socket) => {
        socket.write(head(total));
        socket.write(lines[0]!);
      });
      expect(stalled.status).toBe(408);
      expect(stalled.raw).toContain('request_timeout');
      expect(stalled.ms).toBeLessThan(7_000);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

/** Sends what `write` writes and reads until the server closes: the status and the raw answer. */
function rawExchange(port: number, write: (socket: Socket) => Promise<void>): Promise<{ status: number; raw: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0), raw, ms: Date.now() - started });
    });
    socket.on('connect', () => void write(socket).catch(reject));
  });
}

describe('one error vocabulary', () => {
  test('validation errors name the part of the request, and a pattern failure says what it asks in words', async () => {
    const alice = await t.account();
    const badId = await t.http.get('/v1/memories/not-an-id').set(bearer(alice.readOnlyKey));
    expectError(badId, 400, 'invalid_request');
    expect(badId.body.error.details.errors).toEqual([
      { in: 'path', path: '/params/id', message: 'must be an ID that starts with "mem_" followed by 26 letters and digits' },
    ]);
    const blank = await t.http.post('/v1/subjects').set(bearer(alice.readWriteKey)).send({ name: '   ' });
    expectError(blank, 400, 'invalid_request');
    expect(blank.body.error.details.errors).toEqual([
      { in: 'body', path: '/body/name', message: 'must contain a visible character and no control characters' },
    ]);
    const query = await t.http.get('/v1/memories?limit=0').set(bearer(alice.readOnlyKey));
    expect(query.body.error.details.errors).toEqual([{ in: 'query', path: '/query/limit', message: expect.any(String) }]);
    for (const res of [badId, blank, query]) expect(res.body.error.message).not.toMatch(/pattern|\\u00|\^/);

    // A body checked by its action names its fields as every other route does.
    const workflow = await t.http.post('/v1/library/templates/workflow').set(bearer(alice.readWriteKey)).send({ action: 'create', name: 'x' });
    expect(workflow.body.error.details.errors).toContainEqual({ in: 'body', path: '/body/category', message: "must have required property 'category'" });
    const action = await t.http.post('/v1/library/templates/workflow').set(bearer(alice.readWriteKey)).send({ action: 'bogus' });
    expect(action.body.error.details.errors).toEqual([
      { in: 'body', path: '/body/action', message: expect.stringMatching(/^must be equal to one of the allowed values: create, /) },
    ]);

    const viaMcp = await callTool(t, alice.readWriteKey, 'create_subject', { name: '   ' });
    expect(JSON.parse(viaMcp.content[0]!.text).error).toMatchObject(inArgumentTerms(blank.body.error));
  });
});

describe('timestamps that are no instant', () => {
  // Not a calendar date (a format error), or a date-time that RFC 3339 allows but no stored
  // instant matches: a leap second, the year 0000, an offset that moves it past 9999.
  const notDates = ['2026-13-01T00:00:00Z', '2999-02-30T00:00:00Z', '2026-01-01T25:00:00Z', '2026-02-29T00:00:00Z'];
  const notInstants = ['2026-12-31T23:59:60Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59-01:00'];
  const refusals = [...notDates, ...notInstants];

  test.each(refusals)('%s is 400 invalid_request naming the field in each place that takes a date-time, on REST and MCP', async (value) => {
    const message = 'must match format "date-time"';
    const alice = await t.account();
    const key = bearer(alice.readWriteKey);
    const memory = (await t.http.post('/v1/memories').set(key).send({ text: 'keeps its expiry' }).expect(201)).body.data;
    const subject = (await t.http.post('/v1/subjects').set(key).send({ name: 'Zorblat' }).expect(201)).body.data;
    const asked = [
      {
        rest: t.http.get('/v1/memories').query({ updated_since: value }).set(key),
        tool: ['list_memories', { updated_since: value }],
        error: { in: 'query', path: '/query/updated_since', message },
      },
      {
        rest: t.http.get(`/v1/subjects/${subject.id}/facts`).query({ as_of: value }).set(key),
        tool: ['list_subject_facts', { subject_id: subject.id, as_of: value }],
        error: { in: 'query', path: '/query/as_of', message },
      },
      {
        rest: t.http.post('/v1/memories').set(key).send({ text: 'expires', expires_at: value }),
        tool: ['create_memory', { text: 'expires', expires_at: value }],
        error: { in: 'body', path: '/body/expires_at', message },
      },
      {
        rest: t.http.patch(`/v1/memories/${memory.id}`).set(key).send({ expires_at: value }),
        tool: ['update_memory', { id: memory.id, expires_at: value }],
        error: { in: 'body', path: '/body/expires_at', message },
      },
    ] as const;
    for (const { rest, tool, error } of asked) {
      const res = await rest;
      expectError(res, 400, 'invalid_request');
      expect(res.body.error.details.errors).toEqual([error]);
      const viaMcp = await callTool(t, alice.readWriteKey, tool[0], tool[1]);
      expect(viaMcp.isError).toBe(true);
      expect(JSON.parse(viaMcp.content[0]!.text).error).toMatchObject(inArgumentTerms(res.body.error));
    }
    // Nothing was written: one Memory, still without an expiry.
    const listed = (await t.http.get('/v1/memories').set(key)).body.data;
    expect(listed.map((item: { id: string; expires_at: string | null }) => [item.id, item.expires_at])).toEqual([[memory.id, null]]);
  });

  test('a date-time that reaches the domain without the contract\'s check is refused there, never stored moved or failed on', async () => {
    const alice = await t.account();
    const { services } = t.app;
    const principal = { kind: 'session', accountId: alice.accountId } as const;
    for (const value of [...notDates, ...notInstants]) {
      const refusal = { code: 'invalid_request', details: { errors: [{ in: 'query', path: '/query/updated_since', message: 'must match format "date-time"' }] } };
      await expect(listMemories(services, principal, { updated_since: value } as never)).rejects.toMatchObject(refusal);
      await expect(createMemory(services, principal, { text: 'expires', expires_at: value })).rejects.toMatchObject({
        code: 'invalid_request',
        details: { errors: [{ in: 'body', path: '/body/expires_at', message: 'must match format "date-time"' }] },
      });
    }
    expect(await count(alice.readOnlyKey, '/v1/memories')).toBe(0);
  });

  test('the first and last instants of the years 0100 to 9999, and an offset that stays within them, are taken as sent', async () => {
    const alice = await t.account();
    const key = bearer(alice.readWriteKey);
    expect((await t.http.get('/v1/memories').query({ updated_since: '0100-01-01T00:00:00Z' }).set(key)).status).toBe(200);
    const created = await t.http.post('/v1/memories').set(key).send({ text: 'far ahead', expires_at: '9999-12-31T23:59:59.999Z' });
    expect(created.status).toBe(201);
    expect(created.body.data.expires_at).toBe('9999-12-31T23:59:59.999Z');
    const shifted = await t.http.patch(`/v1/memories/${created.body.data.id}`).set(key).send({ expires_at: '2999-03-01T01:30:00+02:00' });
    expect(shifted.body.data.expires_at).toBe('2999-02-28T23:30:00.000Z');
  });
});

describe('HEAD', () => {
  // Every GET of the contract, its path parameters filled with IDs that do not exist.
  const gets = OPERATIONS.filter((operation) => operation.method === 'GET').map((operation) => ({
    id: operation.id,
    path: `/v1${operation.path.replace(/\{[^}]+\}/g, 'mem_01JD2X5Y7Z8A9B0C1D2E3F4G5H')}${operation.id === 'searchMemories' ? '?q=x' : ''}`,
  }));

  test.each(gets)('HEAD of $id ($path) is answered as its GET, without a body', async ({ path }) => {
    const alice = await t.account();
    const get = await t.http.get(path).set(bearer(alice.session));
    const head = await t.http.head(path).set(bearer(alice.session));
    expect(head.status).toBe(get.status);
    expect(head.status).toBeLessThan(500);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.text ?? '').toBe('');
  });

  test('HEAD of the export starts no export: the next export runs at once', async () => {
    const alice = await t.account();
    const head = await t.http.head('/v1/export').set(bearer(alice.session));
    expect(head.status).toBe(200);
    const next = await t.http.get('/v1/export').set(bearer(alice.session));
    expect(next.status).toBe(200);
  });
});
