import request from 'supertest';
import { createApp, type App } from '../../src/app';
import { bearer, startTestApp, type TestApp } from '../support/app';

let t: TestApp;
let second: App;
beforeAll(async () => {
  t = await startTestApp();
  // A second instance of the service on the same database.
  second = createApp({ config: t.config, database: t.database });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

test('when two instances receive concurrent draft updates on one Template, then exactly one wins and the others get 409 draft_changed', async () => {
  const alice = await t.account();
  const key = bearer(alice.readWriteKey);
  const created = await t.http
    .post('/v1/library/templates/workflow')
    .set(key)
    .send({ action: 'create', name: 'Shared draft', summary: 'Edited from two instances', category: 'other', license: 'MIT' });
  const id = created.body.data.template.id as string;
  const instances = [t.http, request(second.express)];
  const results = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      instances[i % 2]!
        .put(`/v1/library/templates/${id}/draft`)
        .set(key)
        .send({ base_revision: 1, files: [{ path: 'README.md', content: `# Shared draft\n\nVersion ${i} of a long enough readme.\n` }] }),
    ),
  );
  expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  for (const res of results.filter((r) => r.status !== 200)) {
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('draft_changed');
    expect(res.body.error.details.current_revision).toBe(2);
  }
  const status = await t.http.get('/v1/library/creator/status').set(key);
  expect(status.body.data.templates[0].template.draft.revision).toBe(2);
});
