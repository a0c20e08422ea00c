import type { Queryable } from '../../db/schema';

/** Of these Memories of the account, the IDs of those linked to the Subject. */
export async function memoriesLinkedTo(db: Queryable, accountId: string, subjectId: string, memoryIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('memory_links')
    .select('memory_id')
    .where('account_id', '=', accountId)
    .where('subject_id', '=', subjectId)
    .where('memory_id', 'in', memoryIds)
    .execute();
  return rows.map((row) => row.memory_id);
}

/** The IDs of the Subjects a Memory of the account is linked to. */
export async function subjectsLinkedTo(db: Queryable, accountId: string, memoryId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('memory_links')
    .select('subject_id')
    .where('account_id', '=', accountId)
    .where('memory_id', '=', memoryId)
    .execute();
  return rows.map((row) => row.subject_id);
}
