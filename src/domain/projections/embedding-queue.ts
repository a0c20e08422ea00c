import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The queue of Memories whose text is to be embedded (search by meaning): a Memory is queued in
 * the transaction that writes its text, and its vector of the older text is deleted there, so
 * search never scores a Memory by what it no longer says. The embedding worker
 * (embeddings/indexer.ts) drains the queue after the write commits, so a write never waits for a
 * model. Queuing again a Memory being embedded drops that claim: the worker then keeps its Memory
 * queued for the newer text.
 */
export async function queueForEmbedding(
  trx: Transaction<DB>,
  accountId: string,
  memoryIds: readonly string[],
  at: Date,   options: { readonly textChanged: boolean },
): Promise<void> {
  if (memoryIds.length === 0) return;
  // A new Memory has no vector yet: only a changed text's is deleted.
  if (options.textChanged) await trx.deleteFrom('memory_embeddings').where('account_id', '=', accountId).where('memory_id', 'in', memoryIds).execute();
  await trx
    .insertInto('embedding_queue')
    .values(memoryIds.map((memory_id) => ({ account_id: accountId, memory_id, queued_at: at })))
    .onConflict((oc) => oc.columns(['account_id', 'memory_id']).doUpdateSet({ queued_at: at, backfill: false, attempts: 0, claim: null, claimed_until: null }))
    .execute();
}
