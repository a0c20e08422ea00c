import type { Logger } from 'pino';
import { pruneChanges } from './changes/change-feed';
import type { DomainContext } from './context';
import { safeError } from './shared/errors';

const EVERY_MS = 60 * 60 * 1000;
const TOKEN_GRACE_MS = 24 * 60 * 60 * 1000;

/** Retention work: change-feed entries past any checkpoint's life, long-expired deletion tokens and idempotency keys. */
export async function runMaintenance(ctx: DomainContext): Promise<void> {
  const now = ctx.clock.now();
  await pruneChanges(ctx.db, now);
  await ctx.db
    .deleteFrom('subject_deletion_tokens')
    .where('expires_at', '<', new Date(now.getTime() - TOKEN_GRACE_MS))
    .execute();
  await ctx.db.deleteFrom('idempotency_keys').where('expires_at', '<', now).execute();
}

/** Runs maintenance hourly in the background; the returned function stops it. */
export function scheduleMaintenance(ctx: DomainContext, logger: Logger): () => void {
  const timer = setInterval(() => {
    runMaintenance(ctx).catch((err: unknown) => logger.warn({ error: safeError(err) }, 'maintenance failed'));
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
