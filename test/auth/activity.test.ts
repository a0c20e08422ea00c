import type { Response } from 'supertest';
import { bearer, startTestApp, uniqueName, type TestApp } from '../support/app';
import { ACTIVITY_ID_PATTERN, eventually, sleep } from './helpers';
import { expectError, TIMESTAMP_PATTERN } from '../support/assertions';

// SPEC section 8: each API key has an activity list (application only), newest first, that
// never holds bodies, query strings, Memory text or Template content.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Entry {
  id: string;
  at: string;
  method: string;
  route: string | null;
  operation: string | null;
  status: number;
  request_id: string;
  duration_ms: number;
}

const ENTRY_FIELDS = ['at', 'duration_ms', 'id', 'method', 'operation', 'request_id', 'route', 'status'];

async function activityPage(session: string, keyId: string, query: Record<string, string | number> = {}): Promise<Response> {
  const res = await t.http.get(`/v1/account/api-keys/${keyId}/activity`).query(query).set(bearer(session));
  expect(res.status).toBe(200);
  return res;
}

async function activity(session: string, keyId: string): Promise<Entry[]> {
  return (await activityPage(session, keyId, { limit: 100 })).body.data;
}

/** What a key's request should leave in its activity list. */
interface Expected {
  method: string;
  route: string | null;
  operation: string | null;
  status: number;
  request_id: string;
}

const expected = (res: Response, method: string, route: string | null, operation: string | null): Expected => ({
  method,
  route,
  operation,
  status: res.status,
  request_id: String(res.headers['request-id']),
});

function expectEntries(entries: Entry[], newestFirst: Expected[]): void {
  expect(entries.map(({ method, route, operation, status, request_id }) => ({ method, route, operation, status, request_id }))).toEqual(
    newestFirst,
  );
  for (const entry of entries) {
    expect(Object.keys(entry).sort()).toEqual(ENTRY_FIELDS);
    expect(entry.id).toMatch(ACTIVITY_ID_PATTERN);
    expect(entry.at).toMatch(TIMESTAMP_PATTERN);
    expect(Number.isInteger(entry.duration_ms)).toBe(true);
    expect(entry.duration_ms).toBeGreaterThanOrEqual(0);
  }
  const times = entries.map((entry) => Date.parse(entry.at));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
}

describe('what a key leaves in its activity list', () => {
  test('when a read-write key makes a few requests, then the list holds one entry per request, newest first, with the route template and operationId', async () => {
    const alice = await t.account();
    const rw = bearer(alice.readWriteKey);
    const text = `Activity must never hold this text ${uniqueName('memo')}`;
    const done: Expected[] = [];
    // A few milliseconds between requests, so each entry has its own `at`.
    const step = async (res: Response, method: string, route: string | null, operation: string | null) => {
      done.push(expected(res, method, route, operation));
      await sleep(3);
    };

    const created = await t.http.post('/v1/memories').set(rw).send({ text, tags: ['activity-tag'] });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    await step(created, 'POST', '/v1/memories', 'createMemory');

    const got = await t.http.get(`/v1/memories/${id}`).set(rw);
    expect(got.status).toBe(200);
    await step(got, 'GET', '/v1/memories/{id}', 'getMemory');

    const patched = await t.http.patch(`/v1/memories/${id}`).set(rw).send({ pinned: true });
    expect(patched.status).toBe(200);
    await step(patched, 'PATCH', '/v1/memories/{id}', 'updateMemory');

    const missing = await t.http.get('/v1/memories/mem_00000000000000000000000000').set(rw);
    expectError(missing, 404, 'memory_not_found');
    await step(missing, 'GET', '/v1/memories/{id}', 'getMemory');

    const forbidden = await t.http.get('/v1/account/api-keys').set(rw);
    expectError(forbidden, 403, 'session_required');
    await step(forbidden, 'GET', '/v1/account/api-keys', 'listApiKeys');

    const revisions = await t.http.get(`/v1/memories/${id}/revisions`).set(rw);
    expect(revisions.status).toBe(200);
    await step(revisions, 'GET', '/v1/memories/{id}/revisions', 'listMemoryRevisions');

    const entries = await activity(alice.session, alice.readWriteKeyId);
    expectEntries(entries, done.reverse());
    expect(entries.map((entry) => entry.status)).toEqual([200, 403, 404, 200, 200, 201]);

    const page = JSON.stringify(entries);
    expect(page).not.toContain(text);
    expect(page).not.toContain('Activity must never hold');
    expect(page).not.toContain('activity-tag');
    expect(page).not.toContain(id);
    expect(page).not.toContain(alice.readWriteKey);
  });

  test('when a read-only key is refused a write, then the 403 insufficient_key_mode is in its activity', async () => {
    const alice = await t.account();
    const ro = bearer(alice.readOnlyKey);
    const listed = await t.http.get('/v1/memories').set(ro);
    expect(listed.status).toBe(200);
    await sleep(3);
    const text = `refused write ${uniqueName('text')}`;
    const refused = await t.http.post('/v1/memories').set(ro).send({ text });
    expectError(refused, 403, 'insufficient_key_mode');
    await sleep(3);
    const deleted = await t.http.delete('/v1/memories/mem_00000000000000000000000000').set(ro);
    expectError(deleted, 403, 'insufficient_key_mode');

    const entries = await activity(alice.session, alice.readOnlyKeyId);
    expectEntries(entries, [
      expected(deleted, 'DELETE', '/v1/memories/{id}', 'deleteMemory'),
      expected(refused, 'POST', '/v1/memories', 'createMemory'),
      expected(listed, 'GET', '/v1/memories', 'listMemories'),
    ]);
    expect(JSON.stringify(entries)).not.toContain(text);
    // The other key of the account has no entries.
    expect(await activity(alice.session, alice.readWriteKeyId)).toEqual([]);
  });

  test('when a request carries a query string, then no part of it is stored', async () => {
    const alice = await t.account();
    const marker = `qsmarker${Date.now()}`;
    const res = await t.http.get(`/v1/memories?limit=5&type=note`).set(bearer(alice.readWriteKey));
    expect(res.status).toBe(200);
    await sleep(3);
    const search = await t.http.get('/v1/memories/search').query({ q: `${marker}search` }).set(bearer(alice.readWriteKey));
    expect(search.status).toBe(200);

    const entries = await activity(alice.session, alice.readWriteKeyId);
    expectEntries(entries, [
      expected(search, 'GET', '/v1/memories/search', 'searchMemories'),
      expected(res, 'GET', '/v1/memories', 'listMemories'),
    ]);
    const page = JSON.stringify(entries);
    expect(page).not.toContain('?');
    expect(page).not.toContain('limit');
    expect(page).not.toContain(marker);
  });

  test('when a key calls an unknown route, then its entry has null route and operation', async () => {
    const alice = await t.account();
    const res = await t.http.get('/v1/no-such-route/123').set(bearer(alice.readWriteKey));
    expectError(res, 404, 'not_found');
    const entries = await activity(alice.session, alice.readWriteKeyId);
    expectEntries(entries, [expected(res, 'GET', null, null)]);
    expect(JSON.stringify(entries)).not.toContain('no-such-route');
  });

  test('when a key calls a route with a method it does not have, then its entry names the route and no operation', async () => {
    const alice = await t.account();
    const res = await t.http.delete('/v1/memories/search').set(bearer(alice.readWriteKey));
    expectError(res, 405, 'method_not_allowed');
    expectEntries(await activity(alice.session, alice.readWriteKeyId), [expected(res, 'DELETE', '/v1/memories/search', null)]);
  });

  test('when a client sends its own Request-Id, then the entry carries that ID', async () => {
    const alice = await t.account();
    const requestId = `client-${uniqueName('req')}`;
    const res = await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey)).set('Request-Id', requestId);
    expect(res.status).toBe(200);
    expect(res.headers['request-id']).toBe(requestId);
    const entries = await activity(alice.session, alice.readOnlyKeyId);
    expect(entries.map((entry) => entry.request_id)).toEqual([requestId]);
  });

  test('when requests follow each other in quick succession, then the entries are still newest first', async () => {
    const alice = await t.account();
    const requestIds: string[] = [];
    for (let i = 0; i < 15; i += 1) {
      const res = await t.http.get('/v1/memories/mem_00000000000000000000000000').set(bearer(alice.readOnlyKey));
      expect(res.status).toBe(404);
      requestIds.push(String(res.headers['request-id']));
    }
    const entries = await activity(alice.session, alice.readOnlyKeyId);
    expect(entries.map((entry) => entry.request_id)).toEqual(requestIds.reverse());
  });
});

describe('what leaves no entry', () => {
  test('when only a session makes requests, then neither key of the account gets an entry', async () => {
    const alice = await t.account();
    const s = bearer(alice.session);
    const created = await t.http.post('/v1/memories').set(s).send({ text: 'by the application' });
    expect(created.status).toBe(201);
    expect((await t.http.get(`/v1/memories/${created.body.data.id}`).set(s)).status).toBe(200);
    expect((await t.http.get('/v1/memories').set(s)).status).toBe(200);
    expect((await t.http.get('/v1/account/api-keys').set(s)).status).toBe(200);
    expect((await t.http.get('/v1/memories/mem_00000000000000000000000000').set(s)).status).toBe(404);
    await sleep(100);

    expect(await activity(alice.session, alice.readWriteKeyId)).toEqual([]);
    expect(await activity(alice.session, alice.readOnlyKeyId)).toEqual([]);
    const rows = await t.database.db
      .selectFrom('api_key_activity')
      .select('id')
      .where('key_id', 'in', [alice.readWriteKeyId, alice.readOnlyKeyId])
      .execute();
    expect(rows).toEqual([]);
  });

  test('when a revoked key keeps trying, then its 401s add nothing to its activity', async () => {
    const alice = await t.account();
    const used = await t.http.get('/v1/memories').set(bearer(alice.readWriteKey));
    expect(used.status).toBe(200);
    await t.http.delete(`/v1/account/api-keys/${alice.readWriteKeyId}`).set(bearer(alice.session)).expect(200);
    for (let i = 0; i < 3; i += 1) {
      expectError(await t.http.get('/v1/memories').set(bearer(alice.readWriteKey)), 401, 'unauthorized');
    }
    await sleep(100);
    const entries = await activity(alice.session, alice.readWriteKeyId);
    expectEntries(entries, [expected(used, 'GET', '/v1/memories', 'listMemories')]);
  });

  test('when a key puts credentials in the query string, then the refused request holds no query string anywhere', async () => {
    const alice = await t.account();
    const refused = await t.http.get('/v1/memories?token=querysecret').set(bearer(alice.readWriteKey));
    expectError(refused, 400, 'credentials_in_query');
    await sleep(100);
    const entries = await activity(alice.session, alice.readWriteKeyId);
    expect(JSON.stringify(entries)).not.toContain('querysecret');
  });
});

describe('last_used_at and paging', () => {
  test('when a fresh key is used, then its last_used_at becomes non-null shortly after', async () => {
    const alice = await t.account();
    const before = await t.http.get('/v1/account/api-keys').set(bearer(alice.session));
    expect(before.body.data.every((key: { last_used_at: string | null }) => key.last_used_at === null)).toBe(true);

    const startedAt = Date.now();
    expect((await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey))).status).toBe(200);

    // No activity read here: the buffer must flush by itself.
    const lastUsed = await eventually(async () => {
      const res = await t.http.get('/v1/account/api-keys').set(bearer(alice.session));
      const key = res.body.data.find((item: { id: string }) => item.id === alice.readOnlyKeyId);
      return key?.last_used_at as string | null;
    });
    expect(lastUsed).toMatch(TIMESTAMP_PATTERN);
    expect(Date.parse(lastUsed)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(Date.parse(lastUsed)).toBeLessThanOrEqual(Date.now() + 1000);

    const list = await t.http.get('/v1/account/api-keys').set(bearer(alice.session));
    const unused = list.body.data.find((item: { id: string }) => item.id === alice.readWriteKeyId);
    expect(unused.last_used_at).toBeNull();
  });

  test('when the activity list is read page by page, then every entry appears once, newest first', async () => {
    const alice = await t.account();
    const requestIds: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey));
      expect(res.status).toBe(200);
      requestIds.push(String(res.headers['request-id']));
      await sleep(3);
    }
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string | number> = cursor === null ? { limit: 2 } : { limit: 2, cursor };
      const res = await activityPage(alice.session, alice.readOnlyKeyId, query);
      sizes.push(res.body.data.length);
      seen.push(...res.body.data.map((entry: Entry) => entry.request_id));
      cursor = res.body.next_cursor;
      expect(sizes.length).toBeLessThan(10);
    } while (cursor !== null);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(requestIds.reverse());
  });

  test('when the list is filtered by status class, then it keeps only that class, page by page, and a cursor keeps to its filter', async () => {
    const alice = await t.account();
    for (let i = 0; i < 3; i += 1) {
      expect((await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey))).status).toBe(200);
      expect((await t.http.get('/v1/memories/mem_00000000000000000000000000').set(bearer(alice.readOnlyKey))).status).toBe(404);
    }
    expect((await t.http.post('/v1/memories').set(bearer(alice.readOnlyKey)).send({ text: 'no' })).status).toBe(403);
    await eventually(async () => ((await activity(alice.session, alice.readOnlyKeyId)).length === 7 ? true : null));
    const refusals: number[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string | number> = cursor === null ? { status_class: '4xx', limit: 2 } : { status_class: '4xx', limit: 2, cursor };
      const res = await activityPage(alice.session, alice.readOnlyKeyId, query);
      refusals.push(...res.body.data.map((entry: Entry) => entry.status));
      cursor = res.body.next_cursor;
    } while (cursor !== null);
    expect(refusals).toEqual([403, 404, 404, 404]);
    const successes = (await activityPage(alice.session, alice.readOnlyKeyId, { status_class: '2xx' })).body.data as Entry[];
    expect(successes.map((entry) => entry.status)).toEqual([200, 200, 200]);
    expect((await activityPage(alice.session, alice.readOnlyKeyId, { status_class: '5xx' })).body.data).toEqual([]);

    // A cursor of the filtered list is not one of the whole list.
    const filtered = await activityPage(alice.session, alice.readOnlyKeyId, { status_class: '4xx', limit: 1 });
    const mixed = await t.http.get(`/v1/account/api-keys/${alice.readOnlyKeyId}/activity`).query({ cursor: filtered.body.next_cursor }).set(bearer(alice.session));
    expectError(mixed, 400, 'invalid_cursor');
    const wrong = await t.http.get(`/v1/account/api-keys/${alice.readOnlyKeyId}/activity`).query({ status_class: '6xx' }).set(bearer(alice.session));
    expectError(wrong, 400, 'invalid_request');
  });

  test("when one key's activity cursor is used for another key, then it gets 400 invalid_cursor", async () => {
    const alice = await t.account();
    for (let i = 0; i < 2; i += 1) {
      expect((await t.http.get('/v1/memories').set(bearer(alice.readOnlyKey))).status).toBe(200);
    }
    const first = await activityPage(alice.session, alice.readOnlyKeyId, { limit: 1 });
    expect(first.body.next_cursor).toEqual(expect.any(String));
    expectError(
      await t.http
        .get(`/v1/account/api-keys/${alice.readWriteKeyId}/activity`)
        .query({ limit: 1, cursor: first.body.next_cursor })
        .set(bearer(alice.session)),
      400,
      'invalid_cursor',
    );
  });

  test('when the activity of an unknown or malformed key ID is read, then it gets 404 api_key_not_found or 400 invalid_request', async () => {
    const alice = await t.account();
    expectError(
      await t.http.get('/v1/account/api-keys/key_00000000000000000000000000/activity').set(bearer(alice.session)),
      404,
      'api_key_not_found',
    );
    expectError(
      await t.http.get('/v1/account/api-keys/not-a-key/activity').set(bearer(alice.session)),
      400,
      'invalid_request',
    );
  });
});
