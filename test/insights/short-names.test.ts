import { bearer, startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('when a Subject has a two-character name, then Memories that mention it as a word get an unlinked_mention insight', async () => {
  const alice = await t.account();
  const key = bearer(alice.readWriteKey);
  const mention = await t.http.post('/v1/memories').set(key).send({ text: 'Lunch with Jo on Friday.' });
  const inside = await t.http.post('/v1/memories').set(key).send({ text: 'Jogging is good for Joan.' });
  const subject = await t.http.post('/v1/subjects').set(key).send({ name: 'Jo', kind: 'person' });
  expect(subject.status).toBe(201);

  const insights = await t.http.get(`/v1/subjects/${subject.body.data.id}/memory-insights`).set(key);
  expect(insights.status).toBe(200);
  const mentioned = insights.body.data.map((insight: { kind: string; memory_ids: string[] }) => [insight.kind, insight.memory_ids]);
  expect(mentioned).toEqual([['unlinked_mention', [mention.body.data.id]]]);
  expect(JSON.stringify(insights.body)).not.toContain(inside.body.data.id);
});
