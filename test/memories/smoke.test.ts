import { bearer, startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('a read-write key creates a Memory and reads it back', async () => {
  const alice = await t.account();
  const created = await t.http
    .post('/v1/memories')
    .set(bearer(alice.readWriteKey))
    .send({ text: 'Likes green tea', tags: ['Drinks'] });
  expect(created.status).toBe(201);
  const got = await t.http.get(`/v1/memories/${created.body.data.id}`).set(bearer(alice.readOnlyKey));
  expect(got.status).toBe(200);
  expect(got.body.data.tags).toEqual(['drinks']);
});
