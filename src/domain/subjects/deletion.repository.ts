import { sql, type Insertable, type Transaction } from 'kysely';
import type { DB, Queryable } from '../../db/schema';
import type { Principal } from '../shared/principal';
import { allMemoriesVisibleTo, sourcedVisibleTo } from '../memories/visibility';

/**
 * What deleting a Subject would remove: its links (with the linked Memories' sensitivity) and
 * Facts (with whether the principal may see each), all of them and in ID order, and how many
 * suggestions and insights it has that the principal may see (insights whose Memories it can
 * all see).
 */
export async function deletionFootprint(db: Queryable, principal: Principal, subjectId: string) {
  const { accountId } = principal;
  const [links, facts, suggestions, insights] = await Promise.all([
    db
      .selectFrom('memory_links as l')
      .innerJoin('memories as m', (join) => join.onRef('m.account_id', '=', 'l.account_id').onRef('m.id', '=', 'l.memory_id'))
      .select(['l.memory_id', 'm.sensitivity'])
      .where('l.account_id', '=', accountId)
      .where('l.subject_id', '=', subjectId)
      .orderBy('l.memory_id')
      .execute(),
    db
      .selectFrom('facts')
      .select(['id', sourcedVisibleTo(principal, 'fact', 'facts.id').as('visible')])
      .where('account_id', '=', accountId)
      .where('subject_id', '=', subjectId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('fact_suggestions')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('account_id', '=', accountId)
      .where('subject_id', '=', subjectId)
      .where(sourcedVisibleTo(principal, 'suggestion', 'fact_suggestions.id'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('memory_insights as i')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('i.account_id', '=', accountId)
      .where('i.subject_id', '=', subjectId)
      .where(allMemoriesVisibleTo(principal, 'i.memory_ids'))
      .executeTakeFirstOrThrow(),
  ]);
  return { links, facts, suggestions: suggestions.count, insights: insights.count };
}

export async function insertDeletionToken(db: Queryable, token: Insertable<DB['subject_deletion_tokens']>): Promise<void> {
  await db.insertInto('subject_deletion_tokens').values(token).execute();
}

/**
 * Marks the account's deletion token with this hash used, if it is for this Subject, unused and
 * not expired at `now`, and returns the state it was prepared for; nothing when it is not. The
 * row stays locked until the transaction ends, and a rolled-back deletion leaves the token unused.
 */
export async function useDeletionToken(trx: Transaction<DB>, accountId: string, subjectId: string, tokenHash: string, now: Date) {
  return trx
    .updateTable('subject_deletion_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('account_id', '=', accountId)
    .where('subject_id', '=', subjectId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('state_fingerprint')
    .executeTakeFirst();
}
