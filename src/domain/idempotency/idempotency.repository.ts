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

/** Marks the claim made at `claimedAt` done with the answer to replay (nothing when that claim is gone). */
export async function storeAnswer(
  db: Queryable,
  scope: KeyScope,
  key: string,
  claimedAt: Date,
  answer: { status: number; body: string; headers: string; content_sha256: string | null },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', ...answer })
    .where('account_id', '=', scope.account_id)
    .where('principal', '=', scope.principal)
    .where('key', '=', key)
    .where('created_at', '=', claimedAt)
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

/** Deletes the claim of a key made at `claimedAt` (not a newer one that replaced it). */
export async function deleteKey(db: Queryable, scope: KeyScope, key: string, claimedAt: Date): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('account_id', '=', scope.account_id)
    .where('principal', '=', scope.principal)
    .where('key', '=', key)
    .where('created_at', '=', claimedAt)
    .execute();
}

export async function deleteExpiredIdempotencyKeys(db: Queryable, now: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).execute();
}
