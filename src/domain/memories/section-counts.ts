import type { Transaction } from 'kysely';
import type { DB, MemoryRow, MemorySection } from '../../db/schema';
import type { Queryable } from './memories.repository';
import { addToSectionCounts, sectionCountRows, type SectionCountDelta } from './section-counts.repository';

const INSTRUCTION_TYPES: readonly string[] = ['instruction', 'preference'];

/** The startup-context section a Memory belongs to. */
export function sectionOf(memory: Pick<MemoryRow, 'pinned' | 'type'>): MemorySection {
  if (memory.pinned) return 'pinned';
  return INSTRUCTION_TYPES.includes(memory.type) ? 'instructions' : 'recent';
}

type Counted = Pick<MemoryRow, 'account_id' | 'pinned' | 'type' | 'sensitivity'>;

/**
 * Keeps memory_section_counts current after a Memory is created (before = null), changed, or
 * deleted (after = null). Call it after recordChanges: the account row's lock is held then, so
 * one account's counts change one transaction at a time.
 */
export async function countMemoryChange(trx: Transaction<DB>, before: Counted | null, after: Counted | null): Promise<void> {
  const deltas = new SectionDeltas();
  if (before) deltas.add(before, -1);
  if (after) deltas.add(after, 1);
  const changes = deltas.nonZero();
  if (changes.length === 0) return;
  await addToSectionCounts(trx, (after ?? before)!.account_id, changes);
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

/** How many Memories of each section an account has, counting only the given sensitivities. */
export async function sectionCounts(
  db: Queryable,
  accountId: string,
  sensitivities: readonly string[],
): Promise<Record<MemorySection, number>> {
  const rows = await sectionCountRows(db, accountId, sensitivities);
  const counts: Record<MemorySection, number> = { pinned: 0, instructions: 0, recent: 0 };
  for (const row of rows) counts[row.section] += row.memories;
  return counts;
}
