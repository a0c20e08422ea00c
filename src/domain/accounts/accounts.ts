import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../shared/clock';
import { upsertAccount } from './accounts.repository';

const CACHE_LIMIT = 10_000;

/**
 * Maps a session's `sub` to an account, creating the account the first time it is seen and
 * keeping its display name in step with the `name` claim.
 */
export class AccountDirectory {
  private readonly cache = new Map<string, string>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async accountFor(externalId: string, displayName: string | null): Promise<string> {
    const cacheKey = `${externalId}\u0000${displayName ?? ''}`;
    const cached = this.cache.get(cacheKey);
    if (cached) return cached;
    const accountId = await upsertAccount(this.db, externalId, displayName, this.clock.now());
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(cacheKey, accountId);
    return accountId;
  }
}
