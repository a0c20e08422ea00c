import type { MemoryRow, MemorySection } from '../../db/schema';
import type { Queryable } from './memories.repository';
import { sectionCountRows } from './section-counts.repository';

const INSTRUCTION_TYPES: readonly string[] = ['instruction', 'preference'];

/** The startup-context section a Memory belongs to. */
export function sectionOf(memory: Pick<MemoryRow, 'pinned' | 'type'>): MemorySection {
  if (memory.pinned) return 'pinned';
  return INSTRUCTION_TYPES.includes(memory.type) ? 'instructions' : 'recent';
}

/** How many Memories of each section an account has, counting only the given sensitivities (kept by projections/section-counts.ts). */
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
