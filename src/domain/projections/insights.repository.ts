import { sql, type Insertable, type Transaction } from 'kysely';
import { textArray } from '../../db/sql';
import type { DB } from '../../db/schema';

/** The statements that write memory_insights for its projection (insights.ts); the reads are insights/insights.repository.ts. */

type NewInsightRow = Insertable<DB['memory_insights']>;

export async function deleteInsights(trx: Transaction<DB>, accountId: string, ids: readonly string[]): Promise<void> {
  await trx.deleteFrom('memory_insights').where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

/** Inserts pending insights; one whose Subject has an insight with its cause already is skipped. */
export async function insertPendingInsights(trx: Transaction<DB>, rows: readonly NewInsightRow[]): Promise<void> {
  // A statement's parameters are limited: 1,000 rows of nine columns at a time.
  for (let start = 0; start < rows.length; start += 1_000) {
    await trx
      .insertInto('memory_insights')
      .values(rows.slice(start, start + 1_000))
      .onConflict((oc) => oc.columns(['account_id', 'subject_id', 'cause_key']).doNothing())
      .execute();
  }
}

/** The insight of a Subject of the account with this cause, if any. */
export async function deleteInsightOfCause(trx: Transaction<DB>, accountId: string, subjectId: string, causeKey: string): Promise<void> {
  await trx
    .deleteFrom('memory_insights')
    .where('account_id', '=', accountId)
    .where('subject_id', '=', subjectId)
    .where('cause_key', '=', causeKey)
    .execute();
}

/** The insights of these Subjects of the account with these causes, pair by pair. */
export async function deleteInsightsOfCauses(
  trx: Transaction<DB>,
  accountId: string,
  causes: ReadonlyArray<{ subjectId: string; causeKey: string }>,
): Promise<void> {
  await sql`
    delete from memory_insights i
    using unnest(${sql.val(causes.map((cause) => cause.subjectId))}::text[], ${sql.val(causes.map((cause) => cause.causeKey))}::text[])
      as l(subject_id, cause_key)
    where i.account_id = ${accountId} and i.subject_id = l.subject_id and i.cause_key = l.cause_key`.execute(trx);
}

/** Every insight a Memory is part of. */
export async function removeInsightsOfMemory(trx: Transaction<DB>, accountId: string, memoryId: string): Promise<void> {
  await trx
    .deleteFrom('memory_insights')
    .where('account_id', '=', accountId)
    .where('memory_ids', '@>', textArray([memoryId]))
    .execute();
}
