import type { Queryable } from '../../db/schema';
import type { Principal } from '../shared/principal';
import { visibleMemories } from '../memories/memories.repository';
import { subjectsOf } from './subjects.repository';

const LINK_COLUMNS = ['subject_id', 'memory_id', 'created_at'] as const;

/** The new link, or undefined when the Memory was already linked to the Subject. */
export async function insertLink(
  db: Queryable,
  link: { account_id: string; subject_id: string; memory_id: string; created_at: Date },
) {
  return db
    .insertInto('memory_links')
    .values(link)
    .onConflict((oc) => oc.columns(['account_id', 'subject_id', 'memory_id']).doNothing())
    .returning(LINK_COLUMNS)
    .executeTakeFirst();
}

export async function getLink(db: Queryable, accountId: string, subjectId: string, memoryId: string) {
  return db
    .selectFrom('memory_links')
    .select(LINK_COLUMNS)
    .where('account_id', '=', accountId)
    .where('subject_id', '=', subjectId)
    .where('memory_id', '=', memoryId)
    .executeTakeFirstOrThrow();
}

/** Whether there was a link of the account to remove. */
export async function deleteLink(db: Queryable, accountId: string, subjectId: string, memoryId: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('memory_links')
    .where('account_id', '=', accountId)
    .where('subject_id', '=', subjectId)
    .where('memory_id', '=', memoryId)
    .returning('memory_id')
    .executeTakeFirst();
  return removed !== undefined;
}

/** The Memories linked to a Subject that the principal can see, each with when it was linked. */
export function memoriesLinkedTo(db: Queryable, principal: Principal, subjectId: string) {
  return visibleMemories(db, principal)
    .innerJoin('memory_links as l', (join) => join.onRef('l.account_id', '=', 'memories.account_id').onRef('l.memory_id', '=', 'memories.id'))
    .select(['l.created_at as linked_at'])
    .where('l.subject_id', '=', subjectId);
}

/** The Subjects a Memory is linked to, each with its visible memory_count and when it was linked. */
export function subjectsLinkedTo(db: Queryable, principal: Principal, memoryId: string) {
  return subjectsOf(db, principal)
    .innerJoin('memory_links as l', (join) => join.onRef('l.account_id', '=', 'subjects.account_id').onRef('l.subject_id', '=', 'subjects.id'))
    .select(['l.created_at as linked_at'])
    .where('l.memory_id', '=', memoryId);
}
