import { limits } from '../../src/generated/contract';
import { MCP_ANSWER_LIMIT_BYTES, MCP_BATCH_MAX_MESSAGES } from '../../src/mcp/http';
import { eventually, sleep } from '../auth/helpers';
import { templateWithLargestDraft } from '../library/helpers';
import { bearer } from '../support/app';
import { holdOperations } from '../support/held-operations';
import { bodyOf, listenOnUnixSocket, readAfter, type SocketServer } from '../support/unix-socket';
import { startMcpTestApp, type McpTestApp } from './helpers';

// What one HTTP request to /mcp may cost the server: a JSON-RPC batch holds a few messages, runs
// them a few at a time, and answers up to a size; an answer its client does not take is let go.

const MCP_HEADERS = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
/** How long an answer may wait for its client here (30 seconds by default). */
const WRITE_TIMEOUT_MS = 1_000;

const call = (id: number, name: string, args: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const readDraft = (id: number, templateId: string) =>
  call(id, 'read_template_draft', { template_id: templateId, max_chars_per_file: limits.draftFileCharsMax, max_total_chars: limits.draftTotalCharsMax });

interface Answer {
  id: number;
  result?: { isError?: boolean; structuredContent?: any };
  error?: { code: number; message: string; data?: any };
}

const byId = (answers: Answer[]) => new Map(answers.map((answer) => [answer.id, answer]));

let t: McpTestApp;
let socket: SocketServer;
beforeAll(async () => {
  t = await startMcpTestApp({ env: { RESPONSE_WRITE_TIMEOUT_MS: String(WRITE_TIMEOUT_MS) } });
  socket = await listenOnUnixSocket(t.app);
});
afterAll(async () => {
  await socket.close();
  await t.close();
});

describe('the size of a batch', () => {
  test(`a batch of more than ${MCP_BATCH_MAX_MESSAGES} messages is one JSON-RPC error (-32600) with 400 carrying batch_too_large, and none of its calls runs`, async () => {
    const alice = await t.account();
    const batch = Array.from({ length: MCP_BATCH_MAX_MESSAGES + 1 }, (_, i) => call(i + 1, 'create_memory', { text: `batched ${i}` }));
    const res = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(alice.readWriteKey)).send(batch);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: `Invalid Request: A JSON-RPC batch holds at most ${MCP_BATCH_MAX_MESSAGES} messages.`,
        data: {
          ok: false,
          error: {
            code: 'batch_too_large',
            message: `A JSON-RPC batch holds at most ${MCP_BATCH_MAX_MESSAGES} messages.`,
            status: 400,
            retryable: false,
            request_id: res.headers['request-id'],
            details: { max_messages: MCP_BATCH_MAX_MESSAGES },
          },
        },
      },
    });
    expect((await t.http.get('/v1/memories').set(bearer(alice.session))).body.data).toEqual([]);

    const most = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(alice.readWriteKey)).send(batch.slice(0, MCP_BATCH_MAX_MESSAGES));
    expect(most.status).toBe(200);
    expect((most.body as Answer[]).map((answer) => answer.result?.isError)).toEqual(Array(MCP_BATCH_MAX_MESSAGES).fill(undefined));
  });
});

describe('the calls of a batch', () => {
  test('run one after the other: the next begins once the one before has ended', async () => {
    const alice = await t.account();
    const held = holdOperations();
    try {
      const batch = Array.from({ length: MCP_BATCH_MAX_MESSAGES }, (_, i) => call(i + 1, 'list_memories'));
      const answered = t.http.post('/mcp').set(MCP_HEADERS).set(bearer(alice.readOnlyKey)).send(batch).then((res) => res);
      await eventually(async () => held.running >= 1);
      // Time for the next call to begin, were the batch's calls all started at once.
      await sleep(300);
      expect(held.running).toBe(1);
      held.release();
      const res = await answered;
      expect(res.status).toBe(200);
      expect((res.body as Answer[]).map((answer) => answer.result?.structuredContent?.ok)).toEqual(Array(MCP_BATCH_MAX_MESSAGES).fill(true));
      expect(held.most).toBe(1);
    } finally {
      held.release();
      held.restore();
    }
  });

  test(`once the answers come to ${MCP_ANSWER_LIMIT_BYTES} bytes, the calls not yet begun are JSON-RPC errors (-32000) carrying batch_response_too_large, and do not run`, async () => {
    const alice = await t.account();
    const templateId = await templateWithLargestDraft(t, alice.readWriteKey);
    // The read answers with more than the limit: the call after it does not run.
    const batch = [readDraft(1, templateId), call(2, 'create_memory', { text: 'never written' })];
    const res = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(alice.readWriteKey)).send(batch);
    expect(res.status).toBe(200);
    const answers = byId(res.body as Answer[]);
    expect(answers.get(1)!.result!.structuredContent.data.files[0].content).toHaveLength(limits.draftFileCharsMax);
    expect(answers.get(2)).toMatchObject({
      error: {
        code: -32000,
        message: expect.stringContaining(String(MCP_ANSWER_LIMIT_BYTES)),
        data: { ok: false, error: { code: 'batch_response_too_large', status: 400, retryable: false, details: { limit_bytes: MCP_ANSWER_LIMIT_BYTES } } },
      },
    });
    expect((await t.http.get('/v1/memories').set(bearer(alice.session))).body.data).toEqual([]);

    // A call alone is answered, whatever its size; so is a batch whose answers stay below the limit.
    const alone = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(alice.readOnlyKey)).send(readDraft(9, templateId));
    expect(alone.body.result.structuredContent.data.files).toHaveLength(limits.draftTotalCharsMax / limits.draftFileCharsMax);
    const small = await t.http.post('/mcp').set(MCP_HEADERS).set(bearer(alice.readWriteKey)).send([call(1, 'list_memories'), call(2, 'create_memory', { text: 'written' })]);
    expect(byId(small.body as Answer[]).get(2)!.result!.structuredContent.data.text).toBe('written');
  });
});

describe('an answer its client does not take', () => {
  const postMcp = (token: string, message: unknown) => {
    const body = JSON.stringify(message);
    return socket.request('POST', '/mcp', { ...MCP_HEADERS, ...bearer(token), 'Content-Length': Buffer.byteLength(body) }, body);
  };

  test('when the client reads none of a large answer, then its connection is closed after RESPONSE_WRITE_TIMEOUT_MS', async () => {
    const alice = await t.account();
    const templateId = await templateWithLargestDraft(t, alice.readWriteKey);
    const res = await postMcp(alice.readOnlyKey, readDraft(1, templateId));
    expect(res.statusCode).toBe(200);
    // Cut between the timeout and about twice it after the last read: the rest never comes.
    const { complete, bytes } = await readAfter(res, 4 * WRITE_TIMEOUT_MS);
    expect(complete).toBe(false);
    expect(bytes).toBeLessThan(Number(res.headers['content-length']) / 2);
  });

  test('when the client takes its answer late, but before the timeout, then it gets all of it', async () => {
    const alice = await t.account();
    const templateId = await templateWithLargestDraft(t, alice.readWriteKey);
    const res = await postMcp(alice.readOnlyKey, readDraft(1, templateId));
    res.pause();
    await sleep(WRITE_TIMEOUT_MS / 2);
    res.resume();
    const answer = JSON.parse(await bodyOf(res));
    expect(answer.result.structuredContent.data.files[0].content).toHaveLength(limits.draftFileCharsMax);
  });

  test('when a call takes longer than the timeout to work out, then it is answered all the same', async () => {
    const alice = await t.account();
    const held = holdOperations();
    try {
      const res = postMcp(alice.readOnlyKey, call(1, 'list_memories'));
      await eventually(async () => held.running >= 1);
      await sleep(2 * WRITE_TIMEOUT_MS + 500);
      held.release();
      const answer = JSON.parse(await bodyOf(await res));
      expect(answer.result.structuredContent).toEqual({ ok: true, data: [], next_cursor: null });
    } finally {
      held.release();
      held.restore();
    }
  });
});
