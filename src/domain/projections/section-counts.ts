import { sql, type Transaction } from 'kysely';
import type { DB, MemoryRow, MemorySection } from '../../db/schema';
import { sectionOf } from '../memories/section-counts';

/**
 * How many Memories of each startup-context section an account has, by sensitivity
 * (memory_section_counts), kept current by the transaction that changes a Memory; the startup
 * context reads them (memories/section-counts.ts).
 */

/** A change to a section's count of Memories of one sensitivity (`memories` may be negative). */
export interface SectionCountDelta {
  readonly section: MemorySection;
  readonly sensitivity: string;
  readonly memories: number;
}

type Counted = Pick<MemoryRow, 'account_id' | 'pinned' | 'type' | 'sensitivity'>;

/**
 * After a Memory is created (before = null), changed, or deleted (after = null). Call it after
 * recordChanges: the account row's lock is held then, so one account's counts change one
 * transaction at a time.
 */
export async function countMemoryChange(trx: Transaction<DB>, before: Counted | null, after: Counted | null): Promise<void> {
  const deltas = new SectionDeltas();
  if (before) deltas.add(before, -1);
  if (after) deltas.add(after, 1);
  await addToSectionCounts(trx, (after ?? before)!.account_id, deltas.nonZero());
}

/** Changes to section counts, summed by section and sensitivity. */
export class SectionDeltas {
  private readonly deltas = new Map<string, { section: MemorySection; sensitivity: string; memories: number }>();

  add(memory: Pick<MemoryRow, 'pinned' | 'type' | 'sensitivity'>, memories: number): void {
    const section = sectionOf(memory);
    const key = `${section}|${memory.sensitivity}`;
    const entry = this.deltas.get(key) ?? { section, sensitivity: memory.sensitivity, memories: 0 };
    entry.memories += memories;
    this.deltas.set(key, entry);
  }

  nonZero(): SectionCountDelta[] {
    return [...this.deltas.values()].filter((entry) => entry.memories !== 0);
  }
}

/** Adds to an account's memory_section_counts (a delta may be negative). */
export async function addToSectionCounts(trx: Transaction<DB>, accountId: string, deltas: readonly SectionCountDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await trx
    .insertInto('memory_section_counts')
    .values(deltas.map((entry) => ({ account_id: accountId, section: entry.section, sensitivity: entry.sensitivity, memories: entry.memories })))
    .onConflict((oc) =>
      oc.columns(['account_id', 'section', 'sensitivity']).doUpdateSet({ memories: sql`memory_section_counts.memories + excluded.memories` }),
    )
    .execute();
}
