import { deleteKey, findKey, insertKeyClaim, renewClaim, replaceKey, storeAnswer } from '../../src/domain/idempotency/idempotency.repository';
import { startTestApp, type TestApp } from '../support/app';

/**
 * A retry may replace a claim it has read as abandoned (or expired) only if the claim is still as
 * it read it: the request that holds it may have renewed it, or completed it, between the retry's
 * read and its replacement, and then the claim, or the answer stored in it, must stay.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ANSWER = { status: 200, body: '{"imported":1}', headers: '{}', content_sha256: null };

async function runningClaim(key: string) {
  const account = await t.account();
  const scope = { account_id: account.accountId, principal: 'session' };
  const claimedAt = new Date(Date.now() - 120_000);
  const row = {
    ...scope,
    key,
    operation: 'importAccount',
    fingerprint: 'print',
    state: 'running' as const,
    status: null,
    body: null,
    headers: null,
    created_at: claimedAt,
    expires_at: new Date(claimedAt.getTime() + 86_400_000),
  };
  expect(await insertKeyClaim(t.database.db, row)).toBe(true);
  // What a retry reads.
  const read = (await findKey(t.database.db, scope, key))!;
  return { scope, claimedAt, row, read };
}

test('when the request completes after a retry read its claim as abandoned, then the retry\'s replacement leaves the stored answer', async () => {
  const { scope, row, read } = await runningClaim('completed-meanwhile');
  await storeAnswer(t.database.db, row, ANSWER);
  await replaceKey(t.database.db, read);
  expect(await findKey(t.database.db, scope, 'completed-meanwhile')).toMatchObject({ state: 'done', status: 200, body: { imported: 1 } });
});

test('when the request renews its claim after a retry read it as abandoned, then the retry\'s replacement leaves the claim', async () => {
  const { scope, claimedAt, read } = await runningClaim('renewed-meanwhile');
  await renewClaim(t.database.db, scope, 'renewed-meanwhile', claimedAt, new Date());
  await replaceKey(t.database.db, read);
  expect(await findKey(t.database.db, scope, 'renewed-meanwhile')).toMatchObject({ state: 'running' });
});

test('when the claim is still as the retry read it, then the replacement removes it', async () => {
  const { scope, read } = await runningClaim('abandoned');
  await replaceKey(t.database.db, read);
  expect(await findKey(t.database.db, scope, 'abandoned')).toBeUndefined();
});

test('when a request completes after its claim was let go by a retry, then its answer takes the empty place, and a newer claim keeps its place', async () => {
  const { scope, claimedAt, row } = await runningClaim('let-go');
  // A retry took the claim for abandoned, ran, was refused (409) and let its own claim go.
  await deleteKey(t.database.db, scope, 'let-go', claimedAt);
  await storeAnswer(t.database.db, row, ANSWER);
  expect(await findKey(t.database.db, scope, 'let-go')).toMatchObject({ state: 'done', status: 200, body: { imported: 1 } });

  const other = await runningClaim('taken-over');
  await deleteKey(t.database.db, other.scope, 'taken-over', other.claimedAt);
  const newer = { ...other.row, created_at: new Date(), fingerprint: 'newer' };
  expect(await insertKeyClaim(t.database.db, newer)).toBe(true);
  await storeAnswer(t.database.db, other.row, ANSWER);
  expect(await findKey(t.database.db, other.scope, 'taken-over')).toMatchObject({ state: 'running', fingerprint: 'newer' });
});
