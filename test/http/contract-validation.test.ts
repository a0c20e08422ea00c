import express from 'express';
import request from 'supertest';
import { contractForValidation } from '../../src/contract-file';
import { compose } from '../../src/http/compose';
import { contractValidation } from '../../src/http/validation';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';

/** An answer without what differs on every request. */
function answer(res: { status: number; body: any; headers: Record<string, string | undefined> }) {
  const { request_id: _requestId, ...error } = res.body?.error ?? {};
  return { status: res.status, allow: res.headers.allow, error };
}

describe('contract validation keeps its answers once an operation has been seen', () => {
  let t: TestApp;
  let alice: TestAccount;
  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.account();
  });
  afterAll(() => t.close());

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
    ['HEAD on a read', () => t.http.head('/v1/subjects').set(bearer(alice.readWriteKey))],
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

describe('contractValidation on its own', () => {
  /** An app whose "resolver" names the operation, as resolveOperations does, and whose handler answers `body`. */
  function appAnswering(body: unknown) {
    const app = express();
    app.use(express.json());
    app.use((req, res, next) => {
      const match = /^\/v1\/memories\/([^/]+)$/.exec(req.path);
      if (match) Object.assign(res.locals, { operationId: 'getMemory', route: '/v1/memories/{id}', pathParams: { id: match[1] } });
      next();
    });
    app.use(
      contractValidation({
        apiSpec: contractForValidation() as never,
        validateRequests: { allErrors: true, allowUnknownQueryParameters: false, coerceTypes: false },
        validateResponses: { allErrors: true },
        validateSecurity: false,
        ignoreUndocumented: false,
      }),
    );
    app.get('/v1/memories/:id', (req, res) => {
      res.json(typeof body === 'function' ? body(req.params.id) : body);
    });
    app.use((err: { status?: number; message: string }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(err.status ?? 500).json({ message: err.message });
    });
    return app;
  }

  test('responses are validated on every request, not only the first of an operation', async () => {
    const app = appAnswering({ ok: true, data: { id: 42 } });
    for (let i = 0; i < 3; i += 1) {
      const res = await request(app).get('/v1/memories/mem_01ARZ3NDEKTSV4RRFFQ69G5FAV');
      expect(res.status).toBe(500);
      expect(res.body.message).toMatch(/response/);
    }
  });

  test('each request is validated with its own path parameters', async () => {
    const app = appAnswering((id: string) => ({ id }));
    const ok = 'mem_01ARZ3NDEKTSV4RRFFQ69G5FAV';
    const bad = (await request(app).get('/v1/memories/nope')).status;
    expect(bad).toBe(400);
    const valid = await request(app).get(`/v1/memories/${ok}`);
    // The handler's body is not an envelope, so the response check fails: the request passed.
    expect(valid.status).toBe(500);
    expect((await request(app).get('/v1/memories/nope-again')).status).toBe(400);
  });

  test('a path the contract does not have is the validator\'s 404, every time', async () => {
    const app = appAnswering({});
    for (let i = 0; i < 2; i += 1) expect((await request(app).get('/v1/nothing-here')).status).toBe(404);
  });
});

describe('compose', () => {
  const run = (handlers: express.RequestHandler[]) => {
    const app = express();
    app.get('/', compose(handlers), (_req, res) => {
      res.json({ reached: true, seen: res.locals.seen ?? [] });
    });
    app.use((err: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(418).json({ error: err.message, seen: res.locals.seen ?? [] });
    });
    return request(app).get('/');
  };
  const mark =
    (name: string): express.RequestHandler =>
    (_req, res, next) => {
      res.locals.seen = [...(res.locals.seen ?? []), name];
      next();
    };

  test('runs every handler in order, then the next layer', async () => {
    const res = await run([mark('a'), mark('b'), mark('c')]);
    expect(res.body).toEqual({ reached: true, seen: ['a', 'b', 'c'] });
  });

  test('an asynchronous handler continues the chain when it calls next', async () => {
    const later: express.RequestHandler = async (_req, res, next) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      res.locals.seen = [...(res.locals.seen ?? []), 'later'];
      next();
    };
    expect((await run([mark('a'), later, mark('b')])).body).toEqual({ reached: true, seen: ['a', 'later', 'b'] });
  });

  test.each<[string, express.RequestHandler]>([
    ['passed to next', (_req, _res, next) => next(new Error('stop'))],
    [
      'thrown',
      () => {
        throw new Error('stop');
      },
    ],
    ['a rejected promise', async () => Promise.reject(new Error('stop'))],
  ])('an error %s skips the rest and reaches the error handler', async (_name, failing) => {
    const res = await run([mark('a'), failing, mark('b')]);
    expect(res.status).toBe(418);
    expect(res.body).toEqual({ error: 'stop', seen: ['a'] });
  });
});
