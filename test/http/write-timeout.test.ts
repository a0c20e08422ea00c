import { limits } from '../../src/generated/contract';
import { eventually, sleep } from '../auth/helpers';
import { templateWithLargestDraft } from '../library/helpers';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { holdOperations } from '../support/held-operations';
import { bodyOf, listenOnUnixSocket, readAfter, type SocketServer } from '../support/unix-socket';

// Every answer, not only an export's: one its client does not take is let go after
// RESPONSE_WRITE_TIMEOUT_MS, with its connection.

/** How long an answer may wait for its client here (30 seconds by default). */
const WRITE_TIMEOUT_MS = 1_000;

let t: TestApp;
let socket: SocketServer;
beforeAll(async () => {
  t = await startTestApp({ env: { RESPONSE_WRITE_TIMEOUT_MS: String(WRITE_TIMEOUT_MS) } });
  socket = await listenOnUnixSocket(t.app);
});
afterAll(async () => {
  await socket.close();
  await t.close();
});

/** Reads the whole draft of a Template: an answer of megabytes. */
function readDraft(token: string, templateId: string) {
  const body = JSON.stringify({ max_chars_per_file: limits.draftFileCharsMax, max_total_chars: limits.draftTotalCharsMax });
  const headers = { ...bearer(token), 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) };
  return socket.request('POST', `/v1/library/templates/${templateId}/read`, headers, body);
}

describe('an answer its client does not take', () => {
  test('when the client reads none of a large answer, then its connection is closed after RESPONSE_WRITE_TIMEOUT_MS', async () => {
    const alice = await t.account();
    const templateId = await templateWithLargestDraft(t, alice.readWriteKey);
    const res = await readDraft(alice.readOnlyKey, templateId);
    expect(res.statusCode).toBe(200);
    // Cut between the timeout and about twice it after the last read: the rest never comes.
    const { complete, bytes } = await readAfter(res, 4 * WRITE_TIMEOUT_MS);
    expect(complete).toBe(false);
    expect(bytes).toBeLessThan(Number(res.headers['content-length']) / 2);
    // The server goes on answering.
    expect((await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey))).status).toBe(200);
  });

  test('when the client takes its answer late, but before the timeout, then it gets all of it', async () => {
    const alice = await t.account();
    const templateId = await templateWithLargestDraft(t, alice.readWriteKey);
    const res = await readDraft(alice.readOnlyKey, templateId);
    res.pause();
    await sleep(WRITE_TIMEOUT_MS / 2);
    res.resume();
    const answer = JSON.parse(await bodyOf(res));
    expect(answer.data.files).toHaveLength(limits.draftTotalCharsMax / limits.draftFileCharsMax);
  });

  test('when an operation takes longer than the timeout to work out, then it is answered all the same', async () => {
    const alice = await t.account();
    const held = holdOperations();
    try {
      const res = socket.request('GET', '/v1/memories', bearer(alice.readOnlyKey));
      await eventually(async () => held.running >= 1);
      await sleep(2 * WRITE_TIMEOUT_MS + 500);
      held.release();
      expect(JSON.parse(await bodyOf(await res))).toEqual({ ok: true, data: [], next_cursor: null });
    } finally {
      held.release();
      held.restore();
    }
  });
});
