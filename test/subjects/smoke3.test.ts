import { bearer, startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('smoke of subjects, links, facts, insights and context', async () => {
  const a = await t.account();
  const rw = bearer(a.readWriteKey);
  const m1 = (await t.http.post('/v1/memories').set(rw).send({ text: 'Ada Lovelace wrote the first program.' })).body.data;
  const m2 = (await t.http.post('/v1/memories').set(rw).send({ text: 'Ada Lovelace wrote the first program!' })).body.data;
  const s = await t.http.post('/v1/subjects').set(rw).send({ name: 'Ada Lovelace', kind: 'person', aliases: ['Ada'] });
  expect(s.status).toBe(201);
  const sid = s.body.data.id;
  let ins = await t.http.get(`/v1/subjects/${sid}/memory-insights`).set(rw);
  console.log(JSON.stringify(ins.body.data.map((i: any) => [i.kind, i.memory_ids])));
  expect((await t.http.post(`/v1/subjects/${sid}/memories`).set(rw).send({ memory_id: m1.id })).status).toBe(201);
  expect((await t.http.post(`/v1/subjects/${sid}/memories`).set(rw).send({ memory_id: m1.id })).status).toBe(200);
  expect((await t.http.post(`/v1/subjects/${sid}/memories`).set(rw).send({ memory_id: m2.id })).status).toBe(201);
  ins = await t.http.get(`/v1/subjects/${sid}/memory-insights`).set(rw);
  console.log(JSON.stringify(ins.body.data.map((i: any) => [i.kind, i.memory_ids, i.summary])));
  const sug = await t.http.post(`/v1/subjects/${sid}/fact-suggestions`).set(rw).send({ statement: 'Ada wrote the first program', source_memory_ids: [m1.id] });
  expect(sug.status).toBe(201);
  const acc = await t.http.post(`/v1/fact-suggestions/${sug.body.data.id}/accept`).set(bearer(a.session));
  expect(acc.status).toBe(200);
  expect((await t.http.delete(`/v1/memories/${m1.id}`).set(rw)).body.error.code).toBe('memory_in_use');
  const st = await t.http.get('/v1/context/startup').set(rw);
  expect(st.status).toBe(200);
  console.log(JSON.stringify(st.body.data).slice(0, 600));
  await t.http.patch(`/v1/memories/${m2.id}`).set(rw).send({ text: 'changed entirely now' });
  const rs = await t.http.get('/v1/context/resume').query({ checkpoint: st.body.data.checkpoint }).set(rw);
  console.log(JSON.stringify(rs.body));
  const sc = await t.http.get(`/v1/subjects/${sid}/context`).set(rw);
  console.log(JSON.stringify(sc.body).slice(0, 800));
  const map = await t.http.get(`/v1/memories/${m1.id}/context-map`).set(rw);
  console.log(JSON.stringify(map.body));
  const list = await t.http.get('/v1/subjects?q=lovelac').set(rw);
  console.log(JSON.stringify(list.body.data.map((x: any) => [x.name, x.memory_count])));
  const fuzzy = await t.http.get('/v1/subjects?q=lovlace').set(rw);
  console.log(JSON.stringify(fuzzy.body.data.map((x: any) => x.name)));
  const prep = await t.http.post(`/v1/subjects/${sid}/deletion/prepare`).set(rw);
  console.log(JSON.stringify(prep.body));
  const del = await t.http.delete(`/v1/subjects/${sid}`).query({ confirmation_token: prep.body.data.confirmation_token }).set(rw);
  expect(del.status).toBe(200);
  expect((await t.http.get(`/v1/memories/${m1.id}`).set(rw)).status).toBe(200);
});
