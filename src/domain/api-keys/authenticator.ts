import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../shared/clock';
import type { Principal } from '../shared/principal';
import { findKeyByHash, findLegacyCredentialAccount } from './api-keys.repository';
import { hashKey, parseKey } from './key-format';

interface CachedKey {
  readonly keyId: string;
  readonly lineId: string;
  readonly accountId: string;
  readonly mode: 'read_only' | 'read_write';
  readonly expiresAt: Date | null;
  readonly revokedAt: Date | null;
  readonly fetchedAt: number;
}

/**
 * Resolves API keys to principals. Lookups are cached briefly: a key revoked through another
 * instance stops working here within CACHE_TTL_MS (the contract allows at most 5 seconds), and
 * at once when revoked through this one.
 */
export class ApiKeyAuthenticator {
  static readonly CACHE_TTL_MS = 2000;
  private static readonly CACHE_LIMIT = 10_000;
  private readonly cache = new Map<string, CachedKey | null>();
  private readonly fetchedAt = new Map<string, number>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async authenticate(token: string): Promise<Principal | null> {
    const claimed = parseKey(token);
    if (!claimed) return null;
    const hash = hashKey(token);
    const key = await this.lookup(claimed.accountId, hash);
    if (!key || key.mode !== claimed.kind) return null;
    const now = this.clock.now().getTime();
    if (key.revokedAt && key.revokedAt.getTime() <= now) return null;
    if (key.expiresAt && key.expiresAt.getTime() <= now) return null;
    return { kind: 'api_key', accountId: key.accountId, keyId: key.keyId, lineId: key.lineId, mode: key.mode };
  }

  /** Drops every cached lookup of a key (after a revocation through this instance). */
  forget(keyId: string): void {
    for (const [hash, cached] of this.cache) {
      if (cached?.keyId === keyId) {
        this.cache.delete(hash);
        this.fetchedAt.delete(hash);
      }
    }
  }

  /** The key of this hash in the account the key names (for a key made before keys named their account, in the one the directory of such keys names). */
  private async lookup(accountId: string | null, hash: string): Promise<CachedKey | null> {
    const now = Date.now();
    const fetched = this.fetchedAt.get(hash);
    if (fetched !== undefined && now - fetched < ApiKeyAuthenticator.CACHE_TTL_MS) {
      return this.cache.get(hash) ?? null;
    }
    const account = accountId ?? (await findLegacyCredentialAccount(this.db, hash));
    const row = account === undefined ? undefined : await findKeyByHash(this.db, account, hash);
    const key: CachedKey | null = row
      ? {
          keyId: row.id,
          lineId: row.line_id ?? row.id,
          accountId: row.account_id,
          mode: row.mode,
          expiresAt: row.expires_at,
          revokedAt: row.revoked_at,
          fetchedAt: now,
        }
      : null;
    if (this.cache.size >= ApiKeyAuthenticator.CACHE_LIMIT) {
      this.cache.clear();
      this.fetchedAt.clear();
    }
    this.cache.set(hash, key);
    this.fetchedAt.set(hash, now);
    return key;
  }
}
