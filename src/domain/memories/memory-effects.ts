import type { Transaction } from 'kysely';
import type { DB, MemoryRow } from '../../db/schema';
import { recordChanges, subjectChangedByLink, type Change } from '../changes/change-feed';
import { subjectsOfFactsSourcedFrom } from '../facts/facts.repository';
import { countMemoryRemoved, countSecrecyChanged } from '../subjects/link-counts.repository';
import { indexMemories, setIndexedSecrecy, unindexMemory } from '../search/search-index';
import { countMemoryChange } from './section-counts';
import { isSecret } from './visibility';
import {
  refreshDuplicatesOfMemory,
  refreshMentionsOfMemory,
} from '../insights/insights';
import { removeInsightsOfMemory } from '../insights/insights.repository';

/**
 * What a Memory write does besides the write itself, in the same transaction: keep the insights
 * and the linked-Memory counts that the change can affect current, append to the change feed
 * (see recordChanges), then, under the account row's lock that it took, the section counts and
 * the search index. The index's statistics are one row per account and its terms are shared by
 * the account's Memories, so their locks are taken last, under the account's, for the shortest
 * time and always in the same order.
 */
/** Whether API keys can see a Memory in this state (a secret one does not exist for them). */
const keyVisible = (memory: MemoryRow | null): boolean => memory !== null && !isSecret(memory);

/** After a Memory is created, or restored from the trash (`at`: when, if not at its last update). */
export async function afterMemoryCreated(trx: Transaction<DB>, memory: MemoryRow, at: Date = memory.updated_at): Promise<void> {
  await refreshMentionsOfMemory(trx, memory.account_id, memory, at);
  const change: Change = { entity: 'memory', entityId: memory.id, op: 'upsert', keyVisible: { before: false, after: keyVisible(memory) } };
  await recordChanges(trx, memory.account_id, [change], at);
  await countMemoryChange(trx, null, memory);
  await indexMemories(trx, [memory]);
}

export async function afterMemoryUpdated(trx: Transaction<DB>, before: MemoryRow, after: MemoryRow): Promise<void> {
  if (before.text !== after.text) {
    await refreshMentionsOfMemory(trx, after.account_id, after, after.updated_at);
    await refreshDuplicatesOfMemory(trx, after.account_id, after.id, after.updated_at);
  }
  const secrecyChanged = isSecret(before) !== isSecret(after);
  // The Subjects it is linked to change for API keys when it turns secret or back (their count),
  // and so may those of the Facts it backs (a Fact exists for keys through a source they can see).
  const subjects = secrecyChanged
    ? [...new Set([...(await countSecrecyChanged(trx, after.id, isSecret(after))), ...(await subjectsOfFactsSourcedFrom(trx, after.id))])]
    : [];
  const change: Change = {
    entity: 'memory',
    entityId: after.id,
    op: 'upsert',
    keyVisible: { before: keyVisible(before), after: keyVisible(after) },
  };
  const subjectChanges = subjects.map((subjectId): Change => ({ entity: 'subject', entityId: subjectId, op: 'upsert' }));
  await recordChanges(trx, after.account_id, [change, ...subjectChanges], after.updated_at);
  await countMemoryChange(trx, before, after);
  if (before.text !== after.text || before.tags.join(' ') !== after.tags.join(' ')) {
    await unindexMemory(trx, after.id, isSecret(before));
    await indexMemories(trx, [after]);
  } else if (secrecyChanged) {
    await setIndexedSecrecy(trx, after.id, isSecret(after));
  }
}

/**
 * Before the delete (the caller holds the Memory's row lock): its links go first, so the
 * Subjects it was linked to are counted down, and they change too (their memory_count).
 */
export async function beforeMemoryDeleted(trx: Transaction<DB>, memory: MemoryRow, now: Date): Promise<void> {
  const links = await countMemoryRemoved(trx, memory.id, isSecret(memory));
  await removeInsightsOfMemory(trx, memory.account_id, memory.id);
  const changes: Change[] = [
    { entity: 'memory', entityId: memory.id, op: 'delete', keyVisible: { before: keyVisible(memory), after: false } },
    ...links.map((link) => subjectChangedByLink(link.subject_id, keyVisible(memory))),
  ];
  await recordChanges(trx, memory.account_id, changes, now);
  await countMemoryChange(trx, memory, null);
  await unindexMemory(trx, memory.id, isSecret(memory));
}
