import type { Logger } from 'pino';
import { pruneChanges } from '../projections/projections';
import { deleteExpiredIdempotencyKeys } from '../idempotency/idempotency.repository';
import type { Services } from '../services';
import { expireMemories, purgeOldTrash } from '../memories/trash';
import { safeError } from '../shared/errors';
import { WebSessions } from '../accounts/web-sessions';
import { deleteDeletionTokensExpiredBefore } from './maintenance.repository';
import { pruneOAuth } from '../oauth/oauth.repository';

const EVERY_MS = 60 * 60 * 1000;
/** Memories are trashed within a minute of their expiry. */
const EXPIRY_EVERY_MS = 30 * 1000;
const TOKEN_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Retention work: change-feed entries past any checkpoint's life, long-expired deletion tokens and
 * idempotency keys, Memories trashed longer ago than the retention period, web sessions past
 * their end, sign-ins at an identity provider never completed, and OAuth codes and tokens a day
 * past their expiry (with clients registered a day ago that never connected).
 */
export async function runMaintenance(services: Services): Promise<void> {
  const now = services.clock.now();
  await purgeOldTrash(services);
  await pruneChanges(services.db, now);
  await deleteDeletionTokensExpiredBefore(services.db, new Date(now.getTime() - TOKEN_GRACE_MS));
  await deleteExpiredIdempotencyKeys(services.db, now);
  await new WebSessions(services.db, services.clock).prune();
  await services.db.deleteFrom('oidc_sign_ins').where('expires_at', '<=', now).execute();
  await pruneOAuth(services.db, new Date(now.getTime() - TOKEN_GRACE_MS));
}

/**
 * Runs maintenance hourly and the expiry of Memories every EXPIRY_EVERY_MS in the background, on
 * every instance (they share the work: see expireMemories); the returned function stops both.
 */
export function scheduleMaintenance(services: Services, logger: Logger): () => void {
  const every = (ms: number, task: () => Promise<unknown>, failure: string) => {
    let running = false;
    const timer = setInterval(() => {
      // A pass that outlasts the interval is not run twice at once.
      if (running) return;
      running = true;
      task()
        .catch((err: unknown) => logger.warn({ error: safeError(err) }, failure))
        .finally(() => {
          running = false;
        });
    }, ms);
    timer.unref();
    return timer;
  };
  const timers = [
    every(EVERY_MS, () => runMaintenance(services), 'maintenance failed'),
    every(EXPIRY_EVERY_MS, () => expireMemories(services), 'expiring Memories failed'),
  ];
  return () => timers.forEach((timer) => clearInterval(timer));
}
