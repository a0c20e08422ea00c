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

test.each([
  ['a name of stop words only', 'The Who', 'Saw The Who play in 1975.', 'The whole band was late.'],
  ['a name with an accent and a stemmed word', 'Zürich Meetings', 'Notes from the zürich meetings, part two.', 'The meeting in Zurich went well.'],
  ['a name written with a possessive', 'Ada', "Ada's notebook is on the shelf.", 'Adaline called twice.'],
  ['a name in Japanese', '東京', '来週 東京 に行く', '東京都の地図'],
])('when a Subject has %s, then the Memory that mentions it as a whole word gets an unlinked_mention insight and the other does not', async (_case, name, mentioning, other) => {
  const alice = await t.account();
  const key = bearer(alice.readWriteKey);
  const mention = await t.http.post('/v1/memories').set(key).send({ text: mentioning });
  const near = await t.http.post('/v1/memories').set(key).send({ text: other });
  const subject = await t.http.post('/v1/subjects').set(key).send({ name });
  expect(subject.status).toBe(201);
  const insights = await t.http.get(`/v1/subjects/${subject.body.data.id}/memory-insights`).set(key);
  expect(insights.body.data.map((insight: { memory_ids: string[] }) => insight.memory_ids)).toEqual([[mention.body.data.id]]);
  expect(JSON.stringify(insights.body)).not.toContain(near.body.data.id);
});

test('when a Memory is written after many Subjects, then it gets an insight for each Subject it mentions as a whole word and none for names inside its words', async () => {
  const alice = await t.account();
  const key = bearer(alice.readWriteKey);
  const names = ['C++', '#launch', 'Zoë', "O'Brien", 'Ada', 'New York', '東京', 'Jo'];
  const crowd = Array.from({ length: 20 }, (_, i) => ({ name: `Crowd ${i}`, aliases: [`xq${i}`, `Adam${i}`] }));
  const subjects = new Map<string, string>();
  for (const body of [...names.map((name) => ({ name, aliases: [] })), ...crowd]) {
    const created = await t.http.post('/v1/subjects').set(key).send(body);
    expect(created.status).toBe(201);
    subjects.set(body.name, created.body.data.id);
  }
  const text = "Notes: c++ and #LAUNCH with ZOË, o'brien and ADA in new york, then 東京 again. Jogging with adam3x and xq12x; crowd.";
  const memory = await t.http.post('/v1/memories').set(key).send({ text });
  expect(memory.status).toBe(201);
  const mentioned: string[] = [];
  for (const [name, id] of subjects) {
    const insights = await t.http.get(`/v1/subjects/${id}/memory-insights`).set(key);
    if (insights.body.data.length > 0) mentioned.push(name);
  }
  expect(mentioned).toEqual(['C++', '#launch', 'Zoë', "O'Brien", 'Ada', 'New York', '東京']);
});
