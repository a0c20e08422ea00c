import { sql } from 'kysely';
import type { Queryable } from '../../db/schema';

export type ChangedEntity = 'memory' | 'subject';
export type ChangeOp = 'upsert' | 'delete';

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

