import express from 'express';
import request from 'supertest';
import pino from 'pino';
import { AccountQueue } from '../../src/domain/shared/account-queue';
import { IdempotencyStore } from '../../src/domain/idempotency/idempotency';
import { errorHandler, unknownRoute } from '../../src/edge/errors';
import { ResponseChecker } from '../../src/http/response-check';
import { restRouter } from '../../src/http/rest-router';
import { OperationPipeline } from '../../src/pipeline/pipeline';
import { handlers } from '../../src/routes';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';

/** An answer without what differs on every request. */
function answer(res: { status: number; body: any; headers: Record<string, string | undefined> }) {
  const { request_id: _requestId, ...error } = res.body?.error ?? {};
  return { status: res.status, allow: res.headers.allow, error };
}

let shared: TestApp;
beforeAll(async () => {
  shared = await startTestApp();
});
afterAll(() => shared.close());

describe('contract validation gives the same answer to the same request, every time', () => {
  let t: TestApp;
  let alice: TestAccount;
  beforeAll(async () => {
    t = shared;
    alice = await t.account();
  });

  // Each case is an operation's first request (the validator looks its route up) and then the
  // same request again (the route found the first time is reused): the answers must be equal.
  const cases: Array<[string, () => request.Test]> = [
    ['a malformed path parameter', () => t.http.get('/v1/memories/not-a-memory-id').set(bearer(alice.readWriteKey))],
    ['an unknown query parameter and a bad limit', () => t.http.get('/v1/memories?limit=0&colour=red').set(bearer(alice.readWriteKey))],
    [
      'a body of the wrong types',
      () => t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send({ text: 7, type: 'nonsense', extra: true }),
    ],
    ['a bad header parameter', () => t.http.patch('/v1/memories/mem_01ARZ3NDEKTSV4RRFFQ69G5FAV').set(bearer(alice.readWriteKey)).set('If-Match', '"x"').send({ pinned: 'yes' })],
    ['an undeclared method', () => t.http.put('/v1/memories').set(bearer(alice.readWriteKey)).send({})],
    ['HEAD on a read with a bad limit', () => t.http.head('/v1/subjects?limit=0').set(bearer(alice.readWriteKey))],
  ];

  test.each(cases)('%s', async (_name, send) => {
    const first = await send();
    const again = await send();
    expect(first.status).toBeGreaterThanOrEqual(400);
    expect(answer(again)).toEqual(answer(first));
  });

  test('a valid request after an invalid one still succeeds, and the reverse still fails', async () => {
    const created = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send({ text: 'seen once' });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const bad = await t.http.get(`/v1/memories/${id}?limit=5`).set(bearer(alice.readWriteKey));
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_request');
    const good = await t.http.get(`/v1/memories/${id}`).set(bearer(alice.readWriteKey));
    expect(good.status).toBe(200);
    expect(good.body.data.text).toBe('seen once');
    // Another Memory's ID on the reused route: the path parameters are this request's, not the first's.
    const other = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send({ text: 'seen twice' });
    const second = await t.http.get(`/v1/memories/${other.body.data.id}`).set(bearer(alice.readWriteKey));
    expect(second.body.data.text).toBe('seen twice');
  });
});

describe('the REST transport on its own', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = shared;
  });

  /** The REST router over a pipeline whose getMemory answers `body`, as a session of an account. */
  function appAnswering(body: unknown) {
    const logger = pino({ level: 'silent' });
    const getMemory = async (_ctx: unknown, call: { path: { id: string } }) => ({
      status: 200,
      body: typeof body === 'function' ? body(call.path.id) : body,
    });
    const pipeline = new OperationPipeline({
      services: t.app.services,
      handlers: { ...handlers, getMemory } as never,
      idempotency: new IdempotencyStore(t.database.db, t.app.services.clock),
      logger,
      accounts: new AccountQueue(1, 10_000),
    });
    const app = express();
    app.use((_req, res, next) => {
      Object.assign(res.locals, { requestId: 'test', principal: { kind: 'session', accountId: 'acc_none' } });
      next();
    });
    app.use('/v1', restRouter({ pipeline, basePath: '/v1', validateResponses: true }));
    app.use(unknownRoute);
    app.use(errorHandler(logger));
    return app;
  }

  test('responses are validated on every request, not only the first of an operation', async () => {
    const app = appAnswering({ ok: true, data: { id: 42 } });
    for (let i = 0; i < 3; i += 1) {
      const res = await request(app).get('/v1/memories/mem_01ARZ3NDEKTSV4RRFFQ69G5FAV');
      expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 500, code: 'internal_error' });
    }
  });

  test('an answer that breaks the contract is an internal_error that names the difference', async () => {
    const res = await request(appAnswering({ ok: true, data: { id: 42 } })).get('/v1/memories/mem_01ARZ3NDEKTSV4RRFFQ69G5FAV');
    expect(res.status).toBe(500);
    expect(res.body.error.message).toMatch(/^The answer does not match the contract: .*response\/data\/id must be string/);
  });

  test('the check takes the schema of the answer\'s status, and refuses a status the operation does not declare', () => {
    const checker = new ResponseChecker();
    const getMemory = { path: '/memories/{id}', method: 'GET' };
    const notFound = { ok: false, error: { code: 'not_found', message: 'No such Memory.', status: 404, retryable: false, request_id: 'req_1' } };
    expect(checker.check(getMemory, 404, notFound)).toBeNull();
    expect(checker.check(getMemory, 404, { ok: false })).toMatch(/response must have required property 'error'/);
    expect(checker.check(getMemory, 200, notFound)).toMatch(/response must have required property 'data'/);
    expect(checker.check(getMemory, 418, {})).toBe('the contract declares no 418 answer for GET /memories/{id}');
  });

  test('each request is validated with its own path parameters', async () => {
    const app = appAnswering((id: string) => ({ id }));
    const ok = 'mem_01ARZ3NDEKTSV4RRFFQ69G5FAV';
    expect((await request(app).get('/v1/memories/nope')).status).toBe(400);
    // The handler's body is not an envelope, so the response check fails: the request passed.
    expect((await request(app).get(`/v1/memories/${ok}`)).status).toBe(500);
    expect((await request(app).get('/v1/memories/nope-again')).status).toBe(400);
  });

  test('a path the contract does not have is 404, a method it does not have on a path 405 with Allow', async () => {
    const app = appAnswering({});
    for (let i = 0; i < 2; i += 1) expect((await request(app).get('/v1/nothing-here')).status).toBe(404);
    const wrongMethod = await request(app).put('/v1/memories/mem_01ARZ3NDEKTSV4RRFFQ69G5FAV').send({});
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET, HEAD, PATCH, DELETE');
    expect(wrongMethod.body.error.code).toBe('method_not_allowed');
  });
});
