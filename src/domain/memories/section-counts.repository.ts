import { sql } from 'kysely';
import type { MemorySection, Queryable } from '../../db/schema';

/** How many of an account's Memories of one sensitivity a section holds, as a row of memory_section_counts does. */
export interface SectionCount {
  readonly section: MemorySection;
  readonly memories: number;
}

/** A change to a section's count of Memories of one sensitivity (`memories` may be negative). */
export interface SectionCountDelta {
  readonly section: MemorySection;
  readonly sensitivity: string;
  readonly memories: number;
}

/** Adds to an account's memory_section_counts (a delta may be negative). */
export async function addToSectionCounts(db: Queryable, accountId: string, deltas: readonly SectionCountDelta[]): Promise<void> {
  await db
    .insertInto('memory_section_counts')
    .values(deltas.map((entry) => ({ account_id: accountId, section: entry.section, sensitivity: entry.sensitivity, memories: entry.memories })))
    .onConflict((oc) =>
      oc.columns(['account_id', 'section', 'sensitivity']).doUpdateSet({ memories: sql`memory_section_counts.memories + excluded.memories` }),
    )
    .execute();
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
