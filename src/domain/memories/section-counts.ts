import { sql, type Transaction } from 'kysely';
import type { DB, MemoryRow, MemorySection } from '../../db/schema';
import type { Queryable } from './memories.repository';

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
  const deltas = new Map<string, { section: MemorySection; sensitivity: string; delta: number }>();
  const add = (memory: Counted, delta: number) => {
    const section = sectionOf(memory);
    const key = `${section}|${memory.sensitivity}`;
    const entry = deltas.get(key) ?? { section, sensitivity: memory.sensitivity, delta: 0 };
    entry.delta += delta;
    deltas.set(key, entry);
  };
  if (before) add(before, -1);
  if (after) add(after, 1);
  const changes = [...deltas.values()].filter((entry) => entry.delta !== 0);
  if (changes.length === 0) return;
  const accountId = (after ?? before)!.account_id;
  await trx
    .insertInto('memory_section_counts')
    .values(changes.map((entry) => ({ account_id: accountId, section: entry.section, sensitivity: entry.sensitivity, memories: entry.delta })))
    .onConflict((oc) =>
      oc.columns(['account_id', 'section', 'sensitivity']).doUpdateSet({ memories: sql`memory_section_counts.memories + excluded.memories` }),
    )
    .execute();
}

/** How many Memories of each section an account has, counting only the given sensitivities. */
export async function sectionCounts(
  db: Queryable,
  accountId: string,
  sensitivities: readonly string[],
): Promise<Record<MemorySection, number>> {
  const rows = await db
    .selectFrom('memory_section_counts')
    .select(['section', 'memories'])
    .where('account_id', '=', accountId)
    .where('sensitivity', 'in', sensitivities)
    .execute();
  const counts: Record<MemorySection, number> = { pinned: 0, instructions: 0, recent: 0 };
  for (const row of rows) counts[row.section] += row.memories;
  return counts;
}
