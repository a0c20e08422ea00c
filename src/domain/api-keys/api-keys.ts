import type { Kysely, Transaction } from 'kysely';
import type { ApiKeyRow, ActivityRow, DB } from '../../db/schema';
import type { components } from '../../generated/openapi';
import type { Services } from '../services';
import { AppError } from '../shared/errors';
import { newId } from '../shared/ids';
import { pageByTimeAndId, type Page } from '../shared/pagination';
import type { ApiKeyMode, Principal } from '../shared/principal';
import { displayPrefix, generateKey, hashKey } from './key-format';

type ApiKey = components['schemas']['ApiKey'];
type ApiKeyWithSecret = components['schemas']['ApiKeyWithSecret'];
type ActivityEntry = components['schemas']['ActivityEntry'];
type ApiKeyCreate = components['schemas']['ApiKeyCreate'];

const DAY_MS = 24 * 60 * 60 * 1000;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    prefix: row.prefix,
    created_at: row.created_at.toISOString(),
    last_used_at: iso(row.last_used_at),
    expires_at: iso(row.expires_at),
    revoked_at: iso(row.revoked_at),
  };
}

function toActivityEntry(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    method: row.method,
    route: row.route,
    operation: row.operation,
    status: row.status,
    request_id: row.request_id,
    duration_ms: row.duration_ms,
  };
}

async function insertKey(
  db: Kysely<DB> | Transaction<DB>,
  accountId: string,
  name: string,
  mode: ApiKeyMode,
  now: Date,
  expiresAt: Date | null,
): Promise<ApiKeyWithSecret> {
  const secret = generateKey(mode);
  const row = await db
    .insertInto('api_keys')
    .values({
      id: newId('apiKey', now.getTime()),
      account_id: accountId,
      name,
      mode,
      prefix: displayPrefix(secret),
      key_hash: hashKey(secret),
      created_at: now,
      expires_at: expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...toApiKey(row), secret };
}

async function findOwnedKey(
  db: Kysely<DB> | Transaction<DB>,
  accountId: string,
  keyId: string,
  lock = false,
): Promise<ApiKeyRow> {
  let query = db.selectFrom('api_keys').selectAll().where('id', '=', keyId).where('account_id', '=', accountId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError('api_key_not_found', 'No API key with this ID.');
  return row;
}

export async function createApiKey(
  services: Services,
  principal: Principal,
  input: ApiKeyCreate,
): Promise<ApiKeyWithSecret> {
  const now = services.clock.now();
  const expiresAt = input.expires_in_days ? new Date(now.getTime() + input.expires_in_days * DAY_MS) : null;
  return insertKey(services.db, principal.accountId, input.name.trim(), input.mode, now, expiresAt);
}

export async function listApiKeys(
  services: Services,
  principal: Principal,
  query: { limit?: number; cursor?: string },
): Promise<Page<ApiKey>> {
  return pageByTimeAndId(
    services.db.selectFrom('api_keys').selectAll().where('account_id', '=', principal.accountId),
    { scope: 'api_keys', filters: {}, cursor: query.cursor, limit: query.limit },
    { time: 'created_at', id: 'id' },
    (row) => [row.created_at, row.id],
    toApiKey,
  );
}

export async function getApiKey(services: Services, principal: Principal, keyId: string): Promise<ApiKey> {
  return toApiKey(await findOwnedKey(services.db, principal.accountId, keyId));
}

/** Revokes a key at once; revoking a revoked key returns it unchanged. */
export async function revokeApiKey(services: Services, principal: Principal, keyId: string): Promise<ApiKey> {
  const row = await services.db
    .updateTable('api_keys')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(services.clock.now())) }))
    .where('id', '=', keyId)
    .where('account_id', '=', principal.accountId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('api_key_not_found', 'No API key with this ID.');
  services.apiKeys.forget(keyId);
  return toApiKey(row);
}

/** Revokes a key and issues a new one with the same name, mode and lifetime. */
export async function rotateApiKey(
  services: Services,
  principal: Principal,
  keyId: string,
): Promise<ApiKeyWithSecret> {
  const replacement = await services.db.transaction().execute(async (trx) => {
    const old = await findOwnedKey(trx, principal.accountId, keyId, true);
    if (old.revoked_at) {
      throw new AppError('invalid_request', 'This key is already revoked; create a new key instead.', {
        revoked_at: old.revoked_at.toISOString(),
      });
    }
    const now = services.clock.now();
    await trx.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', old.id).execute();
    const lifetime = old.expires_at ? old.expires_at.getTime() - old.created_at.getTime() : null;
    const expiresAt = lifetime !== null ? new Date(now.getTime() + lifetime) : null;
    return insertKey(trx, principal.accountId, old.name, old.mode, now, expiresAt);
  });
  services.apiKeys.forget(keyId);
  return replacement;
}

export async function listApiKeyActivity(
  services: Services,
  principal: Principal,
  keyId: string,
  query: { limit?: number; cursor?: string },
): Promise<Page<ActivityEntry>> {
  await findOwnedKey(services.db, principal.accountId, keyId);
  // Entries buffered by this instance are written first, so a key's own requests show at once.
  await services.activity.flush();
  return pageByTimeAndId(
    services.db.selectFrom('api_key_activity').selectAll().where('key_id', '=', keyId).where('account_id', '=', principal.accountId),
    { scope: 'api_key_activity', filters: { key_id: keyId }, cursor: query.cursor, limit: query.limit },
    { time: 'at', id: 'id' },
    (row) => [row.at, row.id],
    toActivityEntry,
  );
}
