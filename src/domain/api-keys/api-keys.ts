import type { Queryable } from '../../db/schema';
import type { ApiKeyCreate, ApiKeyWithSecret } from '../../generated/openapi';
import type { Services } from '../services';
import { AppError } from '../shared/errors';
import { newId } from '../shared/ids';
import { mapPage, pageRequest, type Page, type PageQuery } from '../shared/pagination';
import type { ApiKeyMode, Principal } from '../shared/principal';
import { pageOfActivity } from './activity.repository';
import { toActivityEntry, toApiKey, type ActivityEntry, type ApiKey } from './api-key-mapper';
import { apiKeyNotFound, findOwnedKey, insertKey, pageOfKeys, revokeKey } from './api-keys.repository';
import { displayPrefix, generateKey, hashKey } from './key-format';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new key with a new secret; the secret is returned this once and only its hash is kept. */
async function issueKey(
  db: Queryable,
  accountId: string,
  name: string,
  mode: ApiKeyMode,
  now: Date,
  expiresAt: Date | null,
): Promise<ApiKeyWithSecret> {
  const secret = generateKey(mode);
  const row = await insertKey(db, {
    id: newId('apiKey', now.getTime()),
    account_id: accountId,
    name,
    mode,
    prefix: displayPrefix(secret),
    key_hash: hashKey(secret),
    created_at: now,
    expires_at: expiresAt,
  });
  return { ...toApiKey(row), secret };
}

export async function createApiKey(
  services: Services,
  principal: Principal,
  input: ApiKeyCreate,
): Promise<ApiKeyWithSecret> {
  const now = services.clock.now();
  const expiresAt = input.expires_in_days ? new Date(now.getTime() + input.expires_in_days * DAY_MS) : null;
  return issueKey(services.db, principal.accountId, input.name.trim(), input.mode, now, expiresAt);
}

export async function listApiKeys(services: Services, principal: Principal, query: PageQuery): Promise<Page<ApiKey>> {
  const page = await pageOfKeys(services.db, principal.accountId, pageRequest('api_keys', {}, query));
  return mapPage(page, toApiKey);
}

export async function getApiKey(services: Services, principal: Principal, keyId: string): Promise<ApiKey> {
  return toApiKey(await findOwnedKey(services.db, principal.accountId, keyId));
}

/** Revokes a key at once; revoking a revoked key returns it unchanged. */
export async function revokeApiKey(services: Services, principal: Principal, keyId: string): Promise<ApiKey> {
  const row = await revokeKey(services.db, principal.accountId, keyId, services.clock.now());
  if (!row) throw apiKeyNotFound();
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
    const old = await findOwnedKey(trx, principal.accountId, keyId, { lock: true });
    if (old.revoked_at) {
      throw new AppError('invalid_request', 'This key is already revoked; create a new key instead.', {
        revoked_at: old.revoked_at.toISOString(),
      });
    }
    const now = services.clock.now();
    // Not revoked (checked under the lock above): it is revoked as of now.
    await revokeKey(trx, principal.accountId, old.id, now);
    const lifetime = old.expires_at ? old.expires_at.getTime() - old.created_at.getTime() : null;
    const expiresAt = lifetime !== null ? new Date(now.getTime() + lifetime) : null;
    return issueKey(trx, principal.accountId, old.name, old.mode, now, expiresAt);
  });
  services.apiKeys.forget(keyId);
  return replacement;
}

export async function listApiKeyActivity(services: Services, principal: Principal, keyId: string, query: PageQuery): Promise<Page<ActivityEntry>> {
  await findOwnedKey(services.db, principal.accountId, keyId);
  // Entries buffered by this instance are written first, so a key's own requests show at once.
  await services.activity.flush();
  const page = await pageOfActivity(services.db, principal.accountId, keyId, pageRequest('api_key_activity', { key_id: keyId }, query));
  return mapPage(page, toActivityEntry);
}
