import type { Transaction } from 'kysely';
import type { DB, MemoryRow } from '../../db/schema';
import { recordChanges, type Change } from '../changes/change-feed';
import {
  refreshDuplicatesOfMemory,
  refreshMentionsOfMemory,
  removeInsightsOfMemory,
} from '../insights/insights';

/**
 * What a Memory write does besides the write itself, in the same transaction: keep the insights
 * that the change can affect current, and append to the change feed (last, see recordChanges).
 */
export async function afterMemoryCreated(trx: Transaction<DB>, memory: MemoryRow): Promise<void> {
  await refreshMentionsOfMemory(trx, memory.account_id, memory, memory.updated_at);
  await recordChanges(trx, memory.account_id, [{ entity: 'memory', entityId: memory.id, op: 'upsert' }], memory.updated_at);
}

export async function afterMemoryUpdated(trx: Transaction<DB>, before: MemoryRow, after: MemoryRow): Promise<void> {
  if (before.text !== after.text) {
    await refreshMentionsOfMemory(trx, after.account_id, after, after.updated_at);
    await refreshDuplicatesOfMemory(trx, after.account_id, after.id, after.updated_at);
  }
  await recordChanges(trx, after.account_id, [{ entity: 'memory', entityId: after.id, op: 'upsert' }], after.updated_at);
}

/** Before the delete: the Subjects it was linked to change too (their memory_count). */
export async function beforeMemoryDeleted(trx: Transaction<DB>, memory: MemoryRow, now: Date): Promise<void> {
  const links = await trx.selectFrom('memory_links').select('subject_id').where('memory_id', '=', memory.id).execute();
  await removeInsightsOfMemory(trx, memory.account_id, memory.id);
  const changes: Change[] = [
    { entity: 'memory', entityId: memory.id, op: 'delete' },
    ...links.map((link): Change => ({ entity: 'subject', entityId: link.subject_id, op: 'upsert' })),
  ];
  await recordChanges(trx, memory.account_id, changes, now);
}
