import type { Transaction } from 'kysely';
import type { DB, Queryable } from '../../db/schema';
import { advanceChangeSeq, deleteChangesOlderThan, insertChanges } from './change-feed.repository';
import type { ChangedEntity, ChangeOp } from './change-feed.repository';
export type { ChangedEntity, ChangeOp };


export interface Change {
  readonly entity: ChangedEntity;
  readonly entityId: string;
  readonly op: ChangeOp;
  /**
   * Whether API keys could see the change: for a Memory, whether they could see it before and
   * after (secret Memories they cannot); for a Subject, false for both when all that changed is
   * a secret Memory's link to it or Facts that keys cannot see, which keys are not told of.
   * Absent: they could.
   */
  readonly keyVisible?: { readonly before: boolean; readonly after: boolean };
}

/** A Subject changed: news to API keys only if `keysSeeIt`. */
export function subjectChanged(subjectId: string, keysSeeIt: boolean): Change {
  return { entity: 'subject', entityId: subjectId, op: 'upsert', keyVisible: { before: keysSeeIt, after: keysSeeIt } };
}

/** A Subject changed by a link to a Memory, added or removed: news to API keys only if they can see the Memory. */
export function subjectChangedByLink(subjectId: string, memoryKeyVisible: boolean): Change {
  return subjectChanged(subjectId, memoryKeyVisible);
}

/**
 * Appends changes to the account's feed. Call it at the end of the writing transaction: it takes the
 * account row's lock (to number the changes in commit order) and holds it until commit.
 */
export async function recordChanges(trx: Transaction<DB>, accountId: string, changes: readonly Change[], at: Date): Promise<void> {
  if (changes.length === 0) return;
  const last = await advanceChangeSeq(trx, accountId, changes.length);
  await insertChanges(
    trx,
    accountId,
    last - changes.length + 1,
    at,
    changes.map((change) => ({
      entity: change.entity,
      entityId: change.entityId,
      op: change.op,
      keyVisibleBefore: change.keyVisible?.before ?? null,
      keyVisibleAfter: change.keyVisible?.after ?? null,
    })),
  );
}

const FEED_RETENTION_DAYS = 31;

/** Drops changes older than any checkpoint can reach (checkpoints live 30 days). */
export async function pruneChanges(db: Queryable, now: Date): Promise<void> {
  await deleteChangesOlderThan(db, now, FEED_RETENTION_DAYS);
}
