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

/** Marks a key done with the answer to replay. */
export async function storeAnswer(
  db: Queryable,
  scope: KeyScope,
  key: string,
  answer: { status: number; body: string; headers: string },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'done', ...answer })
    .where('account_id', '=', scope.account_id)
    .where('principal', '=', scope.principal)
    .where('key', '=', key)
    .execute();
}

/** Deletes a key; with `createdAt`, only the claim made then (not a newer one that replaced it). */
export async function deleteKey(db: Queryable, scope: KeyScope, key: string, createdAt?: Date): Promise<void> {
  let query = db
    .deleteFrom('idempotency_keys')
    .where('account_id', '=', scope.account_id)
    .where('principal', '=', scope.principal)
    .where('key', '=', key);
  if (createdAt) query = query.where('created_at', '=', createdAt);
  await query.execute();
}

export async function deleteExpiredIdempotencyKeys(db: Queryable, now: Date): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).execute();
}
