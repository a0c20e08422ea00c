import { runMaintenance } from '../../src/domain/maintenance/maintenance';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { movableClock } from '../support/clock';

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

test('when maintenance runs, then change-feed entries older than 31 days and long-expired deletion tokens go, and recent ones stay', async () => {
  const alice = await t.account();
  const old = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send({ text: 'written long ago' });
  const subject = await t.http.post('/v1/subjects').set(bearer(alice.readWriteKey)).send({ name: `Old ${Date.now()}` });
  await t.http.post(`/v1/subjects/${subject.body.data.id}/deletion/prepare`).set(bearer(alice.readWriteKey));
  clock.advance(32 * 24 * 60 * 60 * 1000);
  const recent = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send({ text: 'written today' });

  await runMaintenance(t.app.services);

  const feed = await t.database.db.selectFrom('changes').select('entity_id').execute();
  const ids = feed.map((row) => row.entity_id);
  expect(ids).toContain(recent.body.data.id);
  expect(ids).not.toContain(old.body.data.id);
  const tokens = await t.database.db
    .selectFrom('subject_deletion_tokens')
    .select('subject_id')
    .where('subject_id', '=', subject.body.data.id)
    .execute();
  expect(tokens).toEqual([]);
});
