import { sql, type Insertable, type Transaction } from 'kysely';
import type { DB, Queryable } from '../../db/schema';
import type { ChangedEntity, ChangeOp } from './change-feed';

/**
 * Advances the account's change counter by `count` and returns its new value. The update takes
 * the account row's lock, held until commit, so changes are numbered in commit order.
 */
export async function advanceChangeSeq(trx: Transaction<DB>, accountId: string, count: number): Promise<number> {
  const { seq } = await trx
    .updateTable('accounts')
    .set({ change_seq: sql`change_seq + ${count}` })
    .where('id', '=', accountId)
    .returning(sql<string>`change_seq::text`.as('seq'))
    .executeTakeFirstOrThrow();
  return Number(seq);
}

export async function insertChanges(trx: Transaction<DB>, rows: ReadonlyArray<Insertable<DB['changes']>>): Promise<void> {
  await trx.insertInto('changes').values(rows).execute();
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

/** Drops the changes recorded more than `days` days before `now`. */
export async function deleteChangesOlderThan(db: Queryable, now: Date, days: number): Promise<void> {
  await db
    .deleteFrom('changes')
    .where('at', '<', sql<Date>`${now}::timestamptz - make_interval(days => ${days})`)
    .execute();
}
