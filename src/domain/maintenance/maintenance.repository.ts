import type { Queryable } from '../../db/schema';

/** Drops the Subject deletion tokens that expired before `before`, used or not. */
export async function deleteDeletionTokensExpiredBefore(db: Queryable, before: Date): Promise<void> {
  await db.deleteFrom('subject_deletion_tokens').where('expires_at', '<', before).execute();
}
