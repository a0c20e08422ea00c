import type { Transaction } from 'kysely';
import type { DB, MemoryRow } from '../../db/schema';
import { applyChanges } from '../projections/projections';

/**
 * Before a Memory's row is deleted (to the trash, for good, or with the import that brought it;
 * the caller holds its row lock, so no link to it can be added meanwhile): its links go first,
 * then the derived state learns that it went, while its row, which the search index reads to take
 * it out, is still there.
 */
export async function beforeMemoryDeleted(trx: Transaction<DB>, memory: MemoryRow, at: Date): Promise<void> {
  const removed = await trx
    .deleteFrom('memory_links')
    .where('account_id', '=', memory.account_id)
    .where('memory_id', '=', memory.id)
    .returning('subject_id')
    .execute();
  await applyChanges(trx, memory.account_id, [{ kind: 'memory_removed', memory, linkedSubjects: removed.map((row) => row.subject_id) }], at);
}
