import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { secretMemory } from '../memories/visibility';
import { subjectsLinkedTo } from '../shared/memory-links.repository';

/**
 * The linked-Memory counts of Subjects (subject_memory_counts) are kept current by the
 * transaction that changes a link or a linked Memory. Each first locks the count rows it will
 * change, in Subject ID order (so two writers never deadlock), and only then reads the links and
 * sensitivities it counts, in a later statement: a writer that waited for the lock sees what the
 * previous one committed, so no change is counted twice or missed. Every Subject, Memory and link
 * named is of the account given.
 *
 * Call these before recordChanges: the account row's lock is always taken last.
 */
async function lockCounts(trx: Transaction<DB>, accountId: string, subjectIds: readonly string[]): Promise<void> {
  if (subjectIds.length === 0) return;
  await trx
    .selectFrom('subject_memory_counts')
    .select('subject_id')
    .where('account_id', '=', accountId)
    .where('subject_id', 'in', [...new Set(subjectIds)].sort())
    .orderBy('subject_id')
    .forUpdate()
    .execute();
}

/** 1 when the account's Memory is secret, else 0. */
const isSecret = (accountId: string, memoryId: string) =>
  sql<number>`(select count(*)::int from memories m where m.account_id = ${accountId} and m.id = ${memoryId} and ${secretMemory('m')})`;

/** After a new link of a Memory to a Subject. */
export async function countLinkAdded(trx: Transaction<DB>, accountId: string, subjectId: string, memoryId: string): Promise<void> {
  await lockCounts(trx, accountId, [subjectId]);
  await trx
    .updateTable('subject_memory_counts')
    .set({ links: sql`links + 1`, secret_links: sql`secret_links + ${isSecret(accountId, memoryId)}` })
    .where('account_id', '=', accountId)
    .where('subject_id', '=', subjectId)
    .execute();
}

/** After a link was removed. */
export async function countLinkRemoved(trx: Transaction<DB>, accountId: string, subjectId: string, memoryId: string): Promise<void> {
  await lockCounts(trx, accountId, [subjectId]);
  await trx
    .updateTable('subject_memory_counts')
    .set({ links: sql`links - 1`, secret_links: sql`secret_links - ${isSecret(accountId, memoryId)}` })
    .where('account_id', '=', accountId)
    .where('subject_id', '=', subjectId)
    .execute();
}

/**
 * After a Memory's links were removed with it (the link rows go before the counts are locked, the
 * order unlinkMemory takes them in): the Subjects it was linked to count it down.
 */
export async function countLinksRemoved(trx: Transaction<DB>, accountId: string, subjectIds: readonly string[], wasSecret: boolean): Promise<void> {
  if (subjectIds.length === 0) return;
  await lockCounts(trx, accountId, subjectIds);
  await trx
    .updateTable('subject_memory_counts')
    .set({ links: sql`links - 1`, secret_links: sql`secret_links - ${wasSecret ? 1 : 0}` })
    .where('account_id', '=', accountId)
    .where('subject_id', 'in', [...subjectIds])
    .execute();
}

/** After a Memory became secret, or stopped being secret (the caller holds its row lock). */
export async function countSecrecyChanged(trx: Transaction<DB>, accountId: string, memoryId: string, nowSecret: boolean): Promise<void> {
  const subjects = await subjectsLinkedTo(trx, accountId, memoryId);
  if (subjects.length === 0) return;
  await lockCounts(trx, accountId, subjects);
  await trx
    .updateTable('subject_memory_counts')
    .set({ secret_links: sql`secret_links + ${nowSecret ? 1 : -1}` })
    .where('account_id', '=', accountId)
    .where('subject_id', 'in', (eb) =>
      eb.selectFrom('memory_links').select('subject_id').where('account_id', '=', accountId).where('memory_id', '=', memoryId),
    )
    .execute();
}

/** After links were added in bulk (an import): each Subject counts its new links, and the secret Memories among them. */
export async function countLinksAdded(
  trx: Transaction<DB>,
  accountId: string,
  links: ReadonlyArray<{ subjectId: string; memoryId: string }>,
): Promise<void> {
  if (links.length === 0) return;
  await lockCounts(trx, accountId, links.map((link) => link.subjectId));
  await sql`
    update subject_memory_counts c set links = c.links + d.links, secret_links = c.secret_links + d.secret_links
    from (select l.subject_id, count(*)::int as links, (count(*) filter (where ${secretMemory('m')}))::int as secret_links
          from unnest(${sql.val(links.map((link) => link.subjectId))}::text[], ${sql.val(links.map((link) => link.memoryId))}::text[])
            as l(subject_id, memory_id)
          join memories m on m.account_id = ${accountId} and m.id = l.memory_id
          group by l.subject_id) d
    where c.account_id = ${accountId} and c.subject_id = d.subject_id`.execute(trx);
}
