import { bearer, startTestApp, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /v1/account/api-keys/{key_id}', () => {
  test('when a session follows the Location of a new key, then it reads that key without its secret', async () => {
    const alice = await t.account();
    const created = await t.http.post('/v1/account/api-keys').set(bearer(alice.session)).send({ name: 'ci', mode: 'read_only' });
    const res = await t.http.get(created.headers.location as string).set(bearer(alice.session));
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(created.body.data.id);
    expect(res.body.data.prefix).toBe(created.body.data.secret.slice(0, 12));
    expect(res.body.data).not.toHaveProperty('secret');
    expect(JSON.stringify(res.body)).not.toContain(created.body.data.secret);
  });

  test("when another account asks for a key, then it gets 404 api_key_not_found", async () => {
    const alice = await t.account();
    const bob = await t.account();
    expectError(await t.http.get(`/v1/account/api-keys/${alice.readOnlyKeyId}`).set(bearer(bob.session)), 404, 'api_key_not_found');
  });

  test('when an API key asks for a key, then it gets 403 session_required', async () => {
    const alice = await t.account();
    expectError(
      await t.http.get(`/v1/account/api-keys/${alice.readOnlyKeyId}`).set(bearer(alice.readWriteKey)),
      403,
      'session_required',
    );
  });
});

test('when credentials are missing, then the 401 names the Bearer scheme in WWW-Authenticate', async () => {
  const res = await t.http.get('/v1/memories');
  expectError(res, 401, 'unauthorized');
  expect(res.headers['www-authenticate']).toMatch(/^Bearer\b/);
});
