import type { MemorySection, Queryable } from '../../db/schema';

/** How many of an account's Memories of one sensitivity a section holds, as a row of memory_section_counts does. */
export interface SectionCount {
  readonly section: MemorySection;
  readonly memories: number;
}

/** An account's counts of Memories per section, of the given sensitivities. */
export async function sectionCountRows(db: Queryable, accountId: string, sensitivities: readonly string[]): Promise<SectionCount[]> {
  return db
    .selectFrom('memory_section_counts')
    .select(['section', 'memories'])
    .where('account_id', '=', accountId)
    .where('sensitivity', 'in', sensitivities)
    .execute();
}
