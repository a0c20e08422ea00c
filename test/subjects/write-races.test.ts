import request from 'supertest';
import { createApp, type App } from '../../src/app';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { postgresOnly } from '../support/database';
import { createMemory, createSubject, linkMemory } from '../support/factories';
import { pidOf, waiterOn, withLocker } from '../support/locks';

let t: TestApp;
// A second process of the service on the same database: within one process an account's writes
// run one after the other, so only two processes' writes meet in the database.
let peer: App;
beforeAll(async () => {
  t = await startTestApp();
  peer = createApp({ config: t.config, database: t.database });
});
afterAll(async () => {
  await peer.close();
  await t.close();
});

const onPostgres = postgresOnly('tests of writes racing a change to a Memory (a second connection)');

onPostgres('a link or a suggestion racing a change to its Memory (PostgreSQL: a second connection holds the change open)', () => {
  const TEXT = 'Ada Lovelace wrote the first program for the engine.';

  test.each(['linkMemory', 'createFactSuggestion'] as const)(
    'when %s waits for a Memory whose change then writes an insight of the same Subject, then both succeed, one after the other, not a deadlock',
    async (operation) => {
      const a = await t.account();
      const ada = (await createSubject(t, a.readWriteKey, { name: 'Ada Lovelace' })).id;
      const babbage = (await createSubject(t, a.readWriteKey, { name: 'Charles Babbage' })).id;
      // The Memory mentions Babbage without a link (an insight of Babbage's); the change makes it
      // mention Ada instead, in the words of another Memory linked to her: unlinked, it gets a
      // mention insight of Ada's, linked, a duplicate one. Writing either takes a share lock on
      // her row, which the link or suggestion holds for update while it waits for the Memory.
      const memory = (await createMemory(t, a.readWriteKey, { text: 'Charles Babbage designed the engine.' })).id;
      const twin = (await createMemory(t, a.readWriteKey, { text: TEXT })).id;
      await linkMemory(t, a.readWriteKey, ada, twin);
      if (operation === 'createFactSuggestion') await linkMemory(t, a.readWriteKey, ada, memory);

      await withLocker(t, async (locker) => {
        // Babbage's insight, which the change deletes before it writes Ada's: it waits there,
        // holding the Memory.
        const held = await locker.query('select id from memory_insights where subject_id = $1 and $2 = any(memory_ids) for update', [babbage, memory]);
        expect(held.rowCount).toBe(1);
        const changed = t.http.patch(`/v1/memories/${memory}`).set(bearer(a.readWriteKey)).send({ text: TEXT }).then((res) => res);
        const lockerPid = await pidOf(locker);
        const changing = (await waiterOn(locker, [lockerPid]))!;
        let answered = false;
        const other = request(peer.express);
        const racing =
          operation === 'linkMemory'
            ? other.post(`/v1/subjects/${ada}/memories`).set(bearer(a.readWriteKey)).send({ memory_id: memory })
            : other
                .post(`/v1/subjects/${ada}/fact-suggestions`)
                .set(bearer(a.readWriteKey))
                .send({ statement: 'Ada wrote the first program', source_memory_ids: [memory] });
        const written = racing.then((res) => {
          answered = true;
          return res;
        });
        // The link or suggestion waits for what the change holds.
        expect(await waiterOn(locker, [lockerPid, changing], [changing], () => answered)).not.toBeNull();
        await locker.query('commit');
        const [change, res] = await Promise.all([changed, written]);
        expect(change.status).toBe(200);
        expect(change.body.data.text).toBe(TEXT);
        expect(res.status).toBe(201);
      });
      const linked = await t.http.get(`/v1/subjects/${ada}/memories`).set(bearer(a.readWriteKey));
      expect(linked.body.data.map((m: { id: string }) => m.id).sort()).toEqual([memory, twin].sort());
    },
  );
});
