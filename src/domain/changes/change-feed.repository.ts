import { sql, type Transaction } from 'kysely';
import type { DB, Queryable } from '../../db/schema';

export type ChangedEntity = 'memory' | 'subject';
export type ChangeOp = 'upsert' | 'delete';

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

/** A change to record: what changed, and whether API keys could see it before and after. */
export interface NewChange {
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
export async function insertChanges(trx: Transaction<DB>, accountId: string, firstSeq: number, at: Date, rows: readonly NewChange[]): Promise<void> {
  await sql`
    insert into changes (account_id, seq, entity, entity_id, op, at, key_visible_before, key_visible_after)
    select ${accountId}, ${String(firstSeq)}::bigint + c.n - 1, c.entity, c.entity_id, c.op, ${at}, c.before, c.after
    from unnest(${sql.val(rows.map((row) => row.entity))}::text[], ${sql.val(rows.map((row) => row.entityId))}::text[],
                ${sql.val(rows.map((row) => row.op))}::text[], ${sql.val(rows.map((row) => row.keyVisibleBefore))}::boolean[],
                ${sql.val(rows.map((row) => row.keyVisibleAfter))}::boolean[]) with ordinality as c(entity, entity_id, op, before, after, n)`.execute(trx);
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
