import { sql } from 'kysely';
import type { Queryable } from '../../db/schema';

export interface ClientRow {
  readonly id: string;
  readonly name: string;
  readonly redirect_uris: string[];
  readonly registered_at: Date;
}

export async function insertClient(db: Queryable, client: ClientRow): Promise<void> {
  await db
    .insertInto('oauth_clients')
    .values({ ...client, redirect_uris: JSON.stringify(client.redirect_uris) })
    .execute();
}

export async function findClient(db: Queryable, id: string): Promise<ClientRow | undefined> {
  return db.selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account's code with this hash, locked until the transaction ends. */
export async function findCode(db: Queryable, accountId: string, codeHash: string, options: { forUpdate?: boolean } = {}) {
  const query = db.selectFrom('oauth_codes').selectAll().where('account_id', '=', accountId).where('code_hash', '=', codeHash);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** A token of the account of one kind with this hash, and the state of its connection. */
function tokenAndConnection(db: Queryable, accountId: string, tokenHash: string, kind: 'access' | 'refresh') {
  return db
    .selectFrom('oauth_tokens')
    .innerJoin('api_keys', (join) => join.onRef('api_keys.account_id', '=', 'oauth_tokens.account_id').onRef('api_keys.id', '=', 'oauth_tokens.connection_id'))
    .select([
      'oauth_tokens.connection_id',
      'oauth_tokens.resource',
      'oauth_tokens.expires_at',
      'oauth_tokens.used_at',
      'api_keys.account_id',
      'api_keys.mode',
      'api_keys.revoked_at',
      'api_keys.oauth_client_id',
    ])
    .where('oauth_tokens.account_id', '=', accountId)
    .where('oauth_tokens.token_hash', '=', tokenHash)
    .where('oauth_tokens.kind', '=', kind);
}

/** A refresh token and its connection's state, locked until the transaction ends. */
export async function findRefreshTokenForUpdate(db: Queryable, accountId: string, tokenHash: string) {
  return tokenAndConnection(db, accountId, tokenHash, 'refresh').forUpdate().executeTakeFirst();
}

/** An access token and the state of its connection (revocation is read here, on every request). */
export async function findAccessToken(db: Queryable, accountId: string, tokenHash: string) {
  return tokenAndConnection(db, accountId, tokenHash, 'access').executeTakeFirst();
}

/** A token of any kind with this hash whose connection belongs to the client. */
export async function findClientToken(db: Queryable, accountId: string, tokenHash: string, clientId: string) {
  return db
    .selectFrom('oauth_tokens')
    .innerJoin('api_keys', (join) => join.onRef('api_keys.account_id', '=', 'oauth_tokens.account_id').onRef('api_keys.id', '=', 'oauth_tokens.connection_id'))
    .select(['oauth_tokens.kind', 'oauth_tokens.connection_id', 'api_keys.account_id'])
    .where('oauth_tokens.account_id', '=', accountId)
    .where('oauth_tokens.token_hash', '=', tokenHash)
    .where('api_keys.oauth_client_id', '=', clientId)
    .executeTakeFirst();
}

/** Revokes a connection as of `now` (a revoked one keeps its first revocation time). */
export async function revokeConnectionRow(db: Queryable, accountId: string, connectionId: string, now: Date): Promise<void> {
  await db
    .updateTable('api_keys')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)) }))
    .where('account_id', '=', accountId)
    .where('id', '=', connectionId)
    .where('oauth_client_id', 'is not', null)
    .execute();
}

/** How many connections of the account are in force. */
export async function countActiveConnections(db: Queryable, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('account_id', '=', accountId)
    .where('oauth_client_id', 'is not', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.count;
}

/**
 * Retention: codes and tokens a day past their expiry, and clients registered more than a day ago
 * that never made a connection and have no code pending.
 */
export async function pruneOAuth(db: Queryable, before: Date): Promise<void> {
  await db.deleteFrom('oauth_codes').where('expires_at', '<', before).execute();
  await db.deleteFrom('oauth_tokens').where('expires_at', '<', before).execute();
  await db
    .deleteFrom('oauth_clients')
    .where('registered_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('api_keys').select('api_keys.id').whereRef('api_keys.oauth_client_id', '=', 'oauth_clients.id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('oauth_codes').select('oauth_codes.code_hash').whereRef('oauth_codes.client_id', '=', 'oauth_clients.id'))),
    )
    .execute();
}
