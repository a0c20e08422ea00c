import { sql, type Insertable } from 'kysely';
import type { ApiKeyRow, DB, Queryable } from '../../db/schema';
import { AppError } from '../shared/errors';
import { pageByTimeAndId, type Page, type PageRequest } from '../shared/pagination';

export const apiKeyNotFound = (): AppError => new AppError('api_key_not_found', 'No API key with this ID.');

export async function insertKey(db: Queryable, row: Insertable<DB['api_keys']>): Promise<ApiKeyRow> {
  return db.insertInto('api_keys').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A key of the account (`lock`: held until the transaction ends), or 404 api_key_not_found. */
export async function findOwnedKey(
  db: Queryable,
  accountId: string,
  keyId: string,
  options: { lock?: boolean } = {},
): Promise<ApiKeyRow> {
  const row = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', keyId)
    .where('account_id', '=', accountId)
    .where('oauth_client_id', 'is', null)
    .$if(options.lock === true, (query) => query.forUpdate())
    .executeTakeFirst();
  if (!row) throw apiKeyNotFound();
  return row;
}

/** The key whose secret has this hash, whatever its state. */
export async function findKeyByHash(db: Queryable, accountId: string, hash: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'account_id', 'mode', 'expires_at', 'revoked_at', 'line_id'])
    .where('account_id', '=', accountId)
    .where('key_hash', '=', hash)
    .executeTakeFirst();
}

/**
 * The account of a credential (an API key, an OAuth token) made before credentials named their
 * account, by its SHA-256 hash (migration 0031), if it is one.
 */
export async function findLegacyCredentialAccount(db: Queryable, hash: string): Promise<string | undefined> {
  const row = await db.selectFrom('legacy_credentials').select('account_id').where('hash', '=', hash).executeTakeFirst();
  return row?.account_id;
}

/** How many keys of the account are in force at `now`: neither revoked nor expired. */
export async function countActiveKeys(db: Queryable, accountId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('account_id', '=', accountId)
    .where('oauth_client_id', 'is', null)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function pageOfKeys(db: Queryable, accountId: string, request: PageRequest): Promise<Page<ApiKeyRow>> {
  return pageByTimeAndId(
    db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).where('oauth_client_id', 'is', null),
    request,
    { time: 'created_at', id: 'id' },
    (row) => [row.created_at, row.id],
    (row) => row,
  );
}

/** Revokes a key of the account as of `now`; a revoked key keeps its first revocation time. */
export async function revokeKey(db: Queryable, accountId: string, keyId: string, now: Date): Promise<ApiKeyRow | undefined> {
  return db
    .updateTable('api_keys')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)) }))
    .where('id', '=', keyId)
    .where('account_id', '=', accountId)
    .where('oauth_client_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Moves the last_used_at of a key of the account forward to `at`, never back. */
export async function advanceLastUsed(db: Queryable, accountId: string, keyId: string, at: Date): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('account_id', '=', accountId)
    .where('id', '=', keyId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
    .execute();
}
