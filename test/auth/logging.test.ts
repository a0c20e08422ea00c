import { newId } from '../../src/domain/shared/ids';
import pino from 'pino';
import { generateKey } from '../../src/domain/api-keys/key-format';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { sleep } from './helpers';
import { expectError } from '../support/assertions';

// SPEC sections 1 and 11: credentials never reach the logs, neither from the Authorization
// header nor from a refused query string.

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
  t = await startTestApp({ logger });
});
afterAll(() => t.close());

/** The log lines written for one request, found by its request ID. */
async function logsOf(requestId: string): Promise<string[]> {
  await sleep(20);
  return lines.filter((line) => line.includes(requestId));
}

test('when a key is sent in the query string, then neither the key nor the query string is logged', async () => {
  const alice = await t.account();
  const lookalike = generateKey('read_write', newId('account'));
  const res = await t.http
    .get(`/v1/memories?api_key=${alice.readWriteKey}&q=${lookalike}`)
    .set(bearer(alice.readOnlyKey));
  expectError(res, 400, 'credentials_in_query');
  const own = await logsOf(String(res.headers['request-id']));
  expect(own.length).toBeGreaterThan(0);
  const all = lines.join('\n');
  expect(all).not.toContain(alice.readWriteKey);
  expect(all).not.toContain(lookalike);
  expect(own.join('\n')).not.toContain('api_key=');
});

/** The key with its last character changed (to another one, whatever it was). */
const altered = (key: string) => key.slice(0, -1) + (key.endsWith('x') ? 'y' : 'x');

test('when keys and sessions are sent in the Authorization header, then no token is logged', async () => {
  const alice = await t.account();
  const responses = [
    await t.http.get('/v1/memories').set(bearer(alice.readWriteKey)),
    await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey)),
    await t.http.get('/v1/memories').set(bearer(alice.session)),
    await t.http.post('/v1/memories').set(bearer(alice.readOnlyKey)).send({ text: 'refused' }),
    await t.http.get('/v1/memories').set(bearer(altered(alice.readWriteKey))),
  ];
  expect(responses.map((res) => res.status)).toEqual([200, 200, 200, 403, 401]);
  for (const res of responses) {
    expect((await logsOf(String(res.headers['request-id']))).length).toBeGreaterThan(0);
  }
  const all = lines.join('\n');
  for (const token of [alice.readWriteKey, alice.readOnlyKey, alice.session, altered(alice.readWriteKey)]) {
    expect(all).not.toContain(token);
  }
  // The signature part of the session alone is not logged either.
  expect(all).not.toContain(alice.session.split('.')[2]);
});

test('when a key is sent as a path segment, then it is refused with 400 credentials_in_query and the path is logged redacted', async () => {
  const alice = await t.account();
  for (const path of [`/v1/${alice.readWriteKey}`, `/v1/memories/${alice.readWriteKey}`, `/v1/memories/${alice.readWriteKey.replace(/_/g, '%5F')}`]) {
    const res = await t.http.get(path).set(bearer(alice.readOnlyKey));
    expectError(res, 400, 'credentials_in_query');
    expect(JSON.stringify(res.body)).not.toContain(alice.readWriteKey.slice(7));
    const own = await logsOf(String(res.headers['request-id']));
    expect(own.length).toBeGreaterThan(0);
    expect(own.join('\n')).toContain('(redacted)');
  }
  // An unknown path that merely holds a session token is logged redacted too.
  const res = await t.http.get(`/v1/nowhere/${alice.session}`).set(bearer(alice.readOnlyKey));
  expectError(res, 404, 'not_found');
  await logsOf(String(res.headers['request-id']));
  expect(lines.join('\n')).not.toContain(alice.readWriteKey.slice(7));
  expect(lines.join('\n')).not.toContain(alice.session);
});

describe('a key percent-encoded once or more in a path, on any path of the service', () => {
  /** The key with each "_" percent-encoded `times` times (`%5F`, `%255F`, `%25255F`). */
  const encoded = (key: string, times: number) => key.replace(/_/g, `%${'25'.repeat(times - 1)}5F`);
  /** The key with every character encoded, so that no part of it is left as written. */
  const wholly = (key: string, times: number) =>
    [...key].map((char) => `%${'25'.repeat(times - 1)}${char.charCodeAt(0).toString(16).toUpperCase()}`).join('');
  const PLACES = [
    ['a known route', (key: string) => `/v1/memories/${key}`],
    ['an unknown path under /v1', (key: string) => `/v1/nowhere-marker/${key}`],
    ['an MCP path', (key: string) => `/mcp/${key}`],
    ['an unknown path outside the API', (key: string) => `/nowhere-marker/${key}/page`],
    ['the API reference', (key: string) => `/docs/${key}`],
    ['a path beside a malformed escape', (key: string) => `/nowhere-marker/%zz/${key}%E0%A4`],
  ] as const;

  test.each(PLACES.flatMap(([place, path]) => [1, 2, 3].map((times) => [place, times, path] as const)))(
    'in %s, encoded %i time(s): 400 credentials_in_query, and no log line holds the key or the path',
    async (_place, times, pathOf) => {
      const alice = await t.account();
      for (const key of [encoded(alice.readWriteKey, times), wholly(alice.readOnlyKey, times)]) {
        const res = await t.http.get(pathOf(key)).set(bearer(alice.session));
        expectError(res, 400, 'credentials_in_query');
        expect(res.body.error.details).toEqual({ parameter: '(path)' });
        expect(res.headers['cache-control']).toBe('no-store');
        const own = await logsOf(String(res.headers['request-id']));
        expect(own.length).toBeGreaterThan(0);
        expect(own.join('\n')).not.toContain('nowhere-marker');
        expect(own.join('\n')).not.toContain(key);
      }
      const all = lines.join('\n');
      for (const secret of [alice.readWriteKey, alice.readOnlyKey]) expect(all).not.toContain(secret.slice(7));
    },
  );

  test('a path still changing after eight rounds of decoding cannot be told from one holding a key, and is refused as one', async () => {
    const alice = await t.account();
    const res = await t.http.get(`/nowhere-marker/${encoded(alice.readWriteKey, 10)}`).set(bearer(alice.session));
    expectError(res, 400, 'credentials_in_query');
    expect((await logsOf(String(res.headers['request-id']))).join('\n')).not.toContain('nowhere-marker');
    const nested = await t.http.get(`/nowhere-marker/%${'25'.repeat(9)}41`).set(bearer(alice.session));
    expectError(nested, 400, 'credentials_in_query');
  });

  test('a path with malformed escapes and no key is answered as before: 404 for a path no route has, logged as sent', async () => {
    const alice = await t.account();
    for (const path of ['/nowhere-marker/%zz', '/nowhere-marker/100%', '/nowhere-marker/%E0%A4%A', '/nowhere-marker/%25%25%2541']) {
      const res = await t.http.get(path).set(bearer(alice.session));
      expectError(res, 404, 'not_found');
      const own = await logsOf(String(res.headers['request-id']));
      expect(own.map((line) => JSON.parse(line).path)).toContain(path);
    }
  });

  test('a key in the query string of a path outside the API is refused too', async () => {
    const alice = await t.account();
    for (const url of [`/healthz?token=${alice.readWriteKey}`, `/docs/?q=${encoded(alice.readWriteKey, 1)}`]) {
      expectError(await t.http.get(url), 400, 'credentials_in_query');
    }
    expect(lines.join('\n')).not.toContain(alice.readWriteKey.slice(7));
  });
});
