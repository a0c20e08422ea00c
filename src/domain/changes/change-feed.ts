import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

import type { Queryable } from '../../db/schema';
export type { Queryable };
export type ChangedEntity = 'memory' | 'subject';
export type ChangeOp = 'upsert' | 'delete';

export interface Change {
  readonly entity: ChangedEntity;
  readonly entityId: string;
  readonly op: ChangeOp;
  /** A Memory's change: whether API keys could see it before and after (secret Memories they cannot). */
  readonly keyVisible?: { readonly before: boolean; readonly after: boolean };
}

/**
 * Appends changes to the account's feed. Call it at the end of the writing transaction: it takes the
 * account row's lock (to number the changes in commit order) and holds it until commit.
 */
export async function recordChanges(trx: Transaction<DB>, accountId: string, changes: readonly Change[], at: Date): Promise<void> {
  if (changes.length === 0) return;
  const { seq } = await trx
    .updateTable('accounts')
    .set({ change_seq: sql`change_seq + ${changes.length}` })
    .where('id', '=', accountId)
    .returning(sql<string>`change_seq::text`.as('seq'))
    .executeTakeFirstOrThrow();
  const last = Number(seq);
  await trx
    .insertInto('changes')
    .values(
      changes.map((change, index) => ({
        account_id: accountId,
        seq: String(last - changes.length + 1 + index),
        entity: change.entity,
        entity_id: change.entityId,
        op: change.op,
        at,
        key_visible_before: change.keyVisible?.before ?? null,
        key_visible_after: change.keyVisible?.after ?? null,
      })),
    )
    .execute();
}

/** The sequence number of the account's latest change (0 before the first). */
export async function latestSequence(db: Queryable, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select(sql<string>`change_seq::text`.as('seq'))
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row ? Number(row.seq) : 0;
}

export interface ChangeRow {
  readonly seq: number;
  readonly entity: ChangedEntity;
  readonly entityId: string;
  readonly op: ChangeOp;
  /** Null for Subjects and for changes recorded before this was kept. */
  readonly keyVisibleBefore: boolean | null;
  readonly keyVisibleAfter: boolean | null;
}

export async function changesAfter(db: Queryable, accountId: string, after: number, limit: number): Promise<ChangeRow[]> {
  const rows = await db
    .selectFrom('changes')
    .select([sql<string>`seq::text`.as('seq_text'), 'entity', 'entity_id', 'op', 'key_visible_before', 'key_visible_after'])
    .where('account_id', '=', accountId)
    .where('changes.seq', '>', String(after))
    // By the bigint column: its text copy would sort 10 before 2.
    .orderBy('changes.seq')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    seq: Number(row.seq_text),
    entity: row.entity,
    entityId: row.entity_id,
    op: row.op,
    keyVisibleBefore: row.key_visible_before,
    keyVisibleAfter: row.key_visible_after,
  }));
}

const FEED_RETENTION_DAYS = 31;

/** Drops changes older than any checkpoint can reach (checkpoints live 30 days). */
export async function pruneChanges(db: Queryable, now: Date): Promise<void> {
  await db
    .deleteFrom('changes')
    .where('at', '<', sql<Date>`${now}::timestamptz - make_interval(days => ${FEED_RETENTION_DAYS})`)
    .execute();
}
