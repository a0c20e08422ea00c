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
  const lookalike = generateKey('read_write');
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
