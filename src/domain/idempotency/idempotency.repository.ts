import type { Insertable, Selectable } from 'kysely';
import type { DB, IdempotencyKeysTable, Queryable } from '../../db/schema';

/** Whose idempotency key it is: an account, and the session or one API key of it. */
export interface KeyScope {
  readonly account_id: string;
  readonly principal: string;
}

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;

/** Claims a key: false when the scope holds it already (nothing is written then). */
export async function insertKeyClaim(db: Queryable, row: Insertable<DB['idempotency_keys']>): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) => oc.columns(['account_id', 'principal', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findKey(db: Queryable, scope: KeyScope, key: string): Promise<IdempotencyKeyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('account_id', '=', scope.account_id)
    .where('principal', '=', scope.principal)
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Marks the claim `claim` (the row its request inserted) done with the answer to replay. When that
 * claim is gone (a retry took it for abandoned and let it go), the answer is written in its place,
 * unless another claim of the key holds the place now: an answer of a request that ran is never lost.
 */
export async function storeAnswer(
  db: Queryable,
  claim: Insertable<DB['idempotency_keys']>,
  answer: { status: number; body: string; headers: string; content_sha256: string | null },
): Promise<void> {
  const stored = await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', ...answer })
    .where('account_id', '=', claim.account_id)
    .where('principal', '=', claim.principal)
    .where('key', '=', claim.key)
    .where('created_at', '=', claim.created_at)
    .executeTakeFirst();
  if (stored.numUpdatedRows > 0n) return;
  await db
    .insertInto('idempotency_keys')
    .values({ ...claim, state: 'done', ...answer })
    .onConflict((oc) => oc.columns(['account_id', 'principal', 'key']).doNothing())
    .execute();
}

/** Renews the running claim made at `claimedAt`. */
export async function renewClaim(db: Queryable, scope: KeyScope, key: string, claimedAt: Date, now: Date): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ renewed_at: now })
    .where('account_id', '=', scope.account_id)
    .where('principal', '=', scope.principal)
    .where('key', '=', key)
    .where('created_at', '=', claimedAt)
    .where('state', '=', 'running')
    .execute();
}

/**
 * Deletes the claim of a key made at `claimedAt` (not a newer one that replaced it) unless its
 * request's write committed; true when it was deleted.
 */
export async function deleteKey(db: Queryable, scope: KeyScope, key: string, claimedAt: Date): Promise<boolean> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('account_id', '=', scope.account_id)
    .where('principal', '=', scope.principal)
    .where('key', '=', key)
    .where('created_at', '=', claimedAt)
    .where('wrote_at', 'is', null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Keeps `answer` as a claim's, when its request's write committed but its answer was lost. */
export async function storeLostAnswer(db: Queryable, row: IdempotencyKeyRow, answer: { status: number; body: string }): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', status: answer.status, body: answer.body, headers: '{}' })
    .where('account_id', '=', row.account_id)
    .where('principal', '=', row.principal)
    .where('key', '=', row.key)
    .where('created_at', '=', row.created_at)
    .where('wrote_at', 'is not', null)
    .execute();
}

/** Marks a claim's write, in the transaction that writes. */
export async function markWrite(db: Queryable, scope: KeyScope, key: string, claimedAt: Date, at: Date): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ wrote_at: at })
    .where('account_id', '=', scope.account_id)
    .where('principal', '=', scope.principal)
    .where('key', '=', key)
    .where('created_at', '=', claimedAt)
    .execute();
}

/** Deletes a key's row for a new claim to take its place, unless it has changed since it was read (renewed or completed). */
export async function replaceKey(db: Queryable, row: IdempotencyKeyRow): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('account_id', '=', row.account_id)
    .where('principal', '=', row.principal)
    .where('key', '=', row.key)
    .where('created_at', '=', row.created_at)
    .where('state', '=', row.state)
    .where('renewed_at', row.renewed_at === null ? 'is' : '=', row.renewed_at)
    .execute();
}

export async function deleteExpiredIdempotencyKeys(db: Queryable, now: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).execute();
}
