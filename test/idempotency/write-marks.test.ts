import { IdempotencyStore } from '../../src/domain/idempotency/idempotency';
import { findKey } from '../../src/domain/idempotency/idempotency.repository';
import { bearer, startTestApp, type TestApp } from '../support/app';

/**
 * A request with an Idempotency-Key marks its claim in the transaction that writes: when it then
 * fails (its answer lost with the database's connection, in a failover), a retry is never run
 * again if the write committed, and runs again if it did not.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const FAILED = { response: { status: 503, body: { ok: false }, headers: {} }, contentSha256: null };

async function claimed(store: IdempotencyStore, key: string) {
  const account = await t.account();
  const principal = { kind: 'session', accountId: account.accountId } as const;
  const claim = await store.claim(principal, key, 'createMemory', 'print');
  if (claim.kind !== 'claimed') throw new Error('not claimed');
  return { principal, row: claim.row, scope: { account_id: account.accountId, principal: 'session' } };
}

test('when a request fails after its write committed, then a retry is told so and not run again', async () => {
  const store = new IdempotencyStore(t.database.db, t.app.services.clock);
  const { principal, row } = await claimed(store, 'committed');
  await t.database.db.transaction().execute((trx) => store.writeMark(principal, row)(trx));
  await store.complete(principal, row, FAILED);
  const retry = await store.claim(principal, 'committed', 'createMemory', 'print');
  expect(retry).toMatchObject({ kind: 'replay', response: { status: 400, body: { error: { code: 'idempotency_answer_lost', retryable: false } } } });
});

test('when a request fails before its write committed (its transaction rolled back), then a retry runs again', async () => {
  const store = new IdempotencyStore(t.database.db, t.app.services.clock);
  const { principal, row } = await claimed(store, 'rolled-back');
  await expect(
    t.database.db.transaction().execute(async (trx) => {
      await store.writeMark(principal, row)(trx);
      throw new Error('the connection was lost');
    }),
  ).rejects.toThrow('the connection was lost');
  await store.complete(principal, row, FAILED);
  expect(await store.claim(principal, 'rolled-back', 'createMemory', 'print')).toMatchObject({ kind: 'claimed' });
});

test('when a request died after its write committed, then a retry that takes over its abandoned claim is told so', async () => {
  const store = new IdempotencyStore(t.database.db, t.app.services.clock);
  const { principal, row, scope } = await claimed(store, 'died');
  await t.database.db.transaction().execute((trx) => store.writeMark(principal, row)(trx));
  // Its process is gone: the claim was last renewed two minutes ago.
  await t.database.db
    .updateTable('idempotency_keys')
    .set({ created_at: new Date(Date.now() - 120_000) })
    .where('account_id', '=', scope.account_id)
    .where('key', '=', 'died')
    .execute();
  const another = new IdempotencyStore(t.database.db, t.app.services.clock);
  expect(await another.claim(principal, 'died', 'createMemory', 'print')).toMatchObject({
    kind: 'replay',
    response: { status: 400, body: { error: { code: 'idempotency_answer_lost' } } },
  });
  expect(await findKey(t.database.db, scope, 'died')).toMatchObject({ state: 'done', status: 400 });
});

test("a write with an Idempotency-Key marks its claim in the write's transaction", async () => {
  const alice = await t.account();
  await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).set('Idempotency-Key', 'marked').send({ text: 'Marked' }).expect(201);
  const rows = await t.database.db.selectFrom('idempotency_keys').select(['key', 'wrote_at', 'state']).where('account_id', '=', alice.accountId).execute();
  expect(rows).toEqual([{ key: 'marked', wrote_at: expect.any(Date), state: 'done' }]);
});
