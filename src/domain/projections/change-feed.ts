import { sql, type Transaction } from 'kysely';
import type { DB, Queryable } from '../../db/schema';
import type { ChangedEntity, ChangeOp } from '../changes/change-feed.repository';

/**
 * The account's change feed (table changes), which `resume` reads (context/resume.ts): the
 * writing transaction appends what it changed, numbered in commit order.
 */

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
  await db
    .deleteFrom('changes')
    .where('at', '<', sql<Date>`${now}::timestamptz - make_interval(days => ${FEED_RETENTION_DAYS})`)
    .execute();
}

/**
 * Advances the account's change counter by `count` and returns its new value. The update takes
 * the account row's lock, held until commit, so changes are numbered in commit order.
 */
async function advanceChangeSeq(trx: Transaction<DB>, accountId: string, count: number): Promise<number> {
  const { seq } = await trx
    .updateTable('accounts')
    .set({ change_seq: sql`change_seq + ${count}` })
    .where('id', '=', accountId)
    .returning(sql<string>`change_seq::text`.as('seq'))
    .executeTakeFirstOrThrow();
  return Number(seq);
}

/** A change to record: what changed, and whether API keys could see it before and after. */
interface NewChange {
  readonly entity: ChangedEntity;
  readonly entityId: string;
  readonly op: ChangeOp;
  readonly keyVisibleBefore: boolean | null;
  readonly keyVisibleAfter: boolean | null;
}

/**
 * Inserts an account's changes numbered from `firstSeq` on, all made at `at`. One statement of
 * the same shape whatever their number: columns as arrays, not a parameter per value.
 */
async function insertChanges(trx: Transaction<DB>, accountId: string, firstSeq: number, at: Date, rows: readonly NewChange[]): Promise<void> {
  await sql`
    insert into changes (account_id, seq, entity, entity_id, op, at, key_visible_before, key_visible_after)
    select ${accountId}, ${String(firstSeq)}::bigint + c.n - 1, c.entity, c.entity_id, c.op, ${at}, c.before, c.after
    from unnest(${sql.val(rows.map((row) => row.entity))}::text[], ${sql.val(rows.map((row) => row.entityId))}::text[],
                ${sql.val(rows.map((row) => row.op))}::text[], ${sql.val(rows.map((row) => row.keyVisibleBefore))}::boolean[],
                ${sql.val(rows.map((row) => row.keyVisibleAfter))}::boolean[]) with ordinality as c(entity, entity_id, op, before, after, n)`.execute(trx);
}
