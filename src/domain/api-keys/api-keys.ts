import type { Queryable } from '../../db/schema';
import { limits } from '../../generated/contract';
import type { ApiKeyCreate, ApiKeyWithSecret } from '../../generated/openapi';
import { lockAccount } from '../accounts/accounts.repository';
import type { Services } from '../services';
import { AppError } from '../shared/errors';
import { newId } from '../shared/ids';
import { mapPage, pageRequest, type Page, type PageQuery } from '../shared/pagination';
import type { ApiKeyMode, Principal } from '../shared/principal';
import { pageOfActivity, type StatusClass } from './activity.repository';
import { toActivityEntry, toApiKey, type ActivityEntry, type ApiKey } from './api-key-mapper';
import { apiKeyNotFound, countActiveKeys, findOwnedKey, insertKey, pageOfKeys, revokeKey } from './api-keys.repository';
import { displayPrefix, generateKey, hashKey } from './key-format';

const DAY_MS = 24 * 60 * 60 * 1000;

interface NewKey {
  readonly accountId: string;
  readonly name: string;
  readonly mode: ApiKeyMode;
  readonly now: Date;
  readonly expiresAt: Date | null;
  /** The first key of the rotation line the new key continues; null when it begins one. */
  readonly lineId: string | null;
}

/** A new key with a new secret; the secret is returned this once and only its hash is kept. */
async function issueKey(db: Queryable, key: NewKey): Promise<ApiKeyWithSecret> {
  const secret = generateKey(key.mode, key.accountId);
  const row = await insertKey(db, {
    id: newId('apiKey', key.now.getTime()),
    account_id: key.accountId,
    name: key.name,
    mode: key.mode,
    prefix: displayPrefix(secret),
    key_hash: hashKey(secret),
    created_at: key.now,
    expires_at: key.expiresAt,
    line_id: key.lineId,
  });
  return { ...toApiKey(row), secret };
}

/** A new key, unless the account already has as many keys in force as it may have. */
export async function createApiKey(
  services: Services,
  principal: Principal,
  input: ApiKeyCreate,
): Promise<ApiKeyWithSecret> {
  return services.db.transaction().execute(async (trx) => {
    // Two creations at once must not both find room for one more key.
    await lockAccount(trx, principal.accountId);
    const now = services.clock.now();
    if ((await countActiveKeys(trx, principal.accountId, now)) >= limits.apiKeysMax) {
      throw new AppError(
        'api_key_limit_reached',
        `An account can have at most ${limits.apiKeysMax} API keys in force (neither revoked nor expired); revoke one to create another.`,
        { api_keys_max: limits.apiKeysMax },
      );
    }
    const expiresAt = input.expires_in_days ? new Date(now.getTime() + input.expires_in_days * DAY_MS) : null;
    return issueKey(trx, { accountId: principal.accountId, name: input.name.trim(), mode: input.mode, now, expiresAt, lineId: null });
  });
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

/**
 * Revokes a key and issues a new one with the same name, mode and lifetime. The new key takes
 * the old one's place: it continues its rotation line (and so its rate budget), and it is not
 * one more key for the account's cap.
 */
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
    return issueKey(trx, { accountId: principal.accountId, name: old.name, mode: old.mode, now, expiresAt, lineId: old.line_id ?? old.id });
  });
  services.apiKeys.forget(keyId);
  return replacement;
}

export async function listApiKeyActivity(
  services: Services,
  principal: Principal,
  keyId: string,
  query: PageQuery & { readonly status_class?: StatusClass },
): Promise<Page<ActivityEntry>> {
  await findOwnedKey(services.db, principal.accountId, keyId);
  // Entries buffered by this instance are written first, so a key's own requests show at once.
  await services.activity.flush();
  const filters = { key_id: keyId, ...(query.status_class ? { status_class: query.status_class } : {}) };
  const page = await pageOfActivity(services.db, principal.accountId, keyId, query.status_class, pageRequest('api_key_activity', filters, query));
  return mapPage(page, toActivityEntry);
}
