import { sql, type Insertable, type Transaction } from 'kysely';
import type { DB, Queryable } from '../../db/schema';
import type { Principal } from '../shared/principal';
import { allMemoriesVisibleTo } from '../memories/visibility';

/**
 * What deleting a Subject would remove: its links (with the linked Memories' sensitivity) and
 * Facts, all of them and in ID order, and how many suggestions and insights it has (insights
 * only those whose Memories the principal can all see).
 */
export async function deletionFootprint(db: Queryable, principal: Principal, subjectId: string) {
  const [links, facts, suggestions, insights] = await Promise.all([
    db
      .selectFrom('memory_links as l')
      .innerJoin('memories as m', 'm.id', 'l.memory_id')
      .select(['l.memory_id', 'm.sensitivity'])
      .where('l.subject_id', '=', subjectId)
      .orderBy('l.memory_id')
      .execute(),
    db.selectFrom('facts').select('id').where('subject_id', '=', subjectId).orderBy('id').execute(),
    db
      .selectFrom('fact_suggestions')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('subject_id', '=', subjectId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('memory_insights as i')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('i.subject_id', '=', subjectId)
      .where(allMemoriesVisibleTo(principal, 'i.memory_ids'))
      .executeTakeFirstOrThrow(),
  ]);
  return { links, factIds: facts.map((fact) => fact.id), suggestions: suggestions.count, insights: insights.count };
}

export async function insertDeletionToken(db: Queryable, token: Insertable<DB['subject_deletion_tokens']>): Promise<void> {
  await db.insertInto('subject_deletion_tokens').values(token).execute();
}

/** The account's deletion token with this hash, locked for the rest of the transaction. */
export async function lockDeletionToken(trx: Transaction<DB>, accountId: string, tokenHash: string) {
  return trx
    .selectFrom('subject_deletion_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('account_id', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
}

export async function markDeletionTokenUsed(db: Queryable, tokenHash: string, usedAt: Date): Promise<void> {
  await db.updateTable('subject_deletion_tokens').set({ used_at: usedAt }).where('token_hash', '=', tokenHash).execute();
}
