import { sql } from 'kysely';
import type { Queryable } from '../../db/schema';
import { decodeVector, encodeVector, vectorLiteral } from './embedder';

/**
 * Queues every Memory that has no vector of this model for its current text: at start, which
 * backfills what was written before search by meaning (or under another embedder).
 */
export async function queueUnembedded(db: Queryable, model: string, at: Date): Promise<number> {
  const result = await sql`
    insert into embedding_queue (account_id, memory_id, queued_at, backfill)
    select m.account_id, m.id, ${at}, true from memories m
    where not exists (
      select 1 from memory_embeddings e
      where e.account_id = m.account_id and e.memory_id = m.id and e.model = ${model} and e.text_hash = md5(m.text)
    )
    on conflict (account_id, memory_id) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Claims up to `size` queued Memories not claimed by a worker (or whose claim expired): those
 * writes queued before those the backfill queued, oldest first; Memories another worker is
 * claiming at this moment are skipped, not waited for.
 */
export async function claimQueued(db: Queryable, claim: string, now: Date, until: Date, size: number): Promise<Array<{ id: string; account_id: string; text: string }>> {
  const claimed = await sql<{ memory_id: string }>`
    update embedding_queue set claim = ${claim}, claimed_until = ${until}
    where memory_id in (
      select memory_id from embedding_queue
      where claimed_until is null or claimed_until < ${now}
      order by backfill, queued_at
      limit ${size}
      for update skip locked
    )
    returning memory_id`.execute(db);
  const ids = claimed.rows.map((row) => row.memory_id);
  if (ids.length === 0) return [];
  return db.selectFrom('memories').select(['id', 'account_id', 'text']).where('id', 'in', ids).execute();
}

/**
 * Stores a Memory's vector, unless its text changed since it was read (the newer text is queued
 * and embedded next), then takes the claimed Memories off the queue, except those queued again
 * since the claim (their claim was dropped). `pgvector`: the vector is also written to the
 * `embedding` column (vector-index.ts).
 */
export async function storeEmbeddings(
  db: Queryable,
  model: string,
  claim: string,
  embedded: ReadonlyArray<{ id: string; textHash: string; vector: Float32Array }>,
  at: Date,
  pgvector = false,
): Promise<void> {
  for (const { id, textHash, vector } of embedded) {
    const column = pgvector ? sql`, embedding` : sql``;
    const value = pgvector ? sql`, ${vectorLiteral(vector)}::vector` : sql``;
    const update = pgvector ? sql`, embedding = excluded.embedding` : sql``;
    await sql`
      insert into memory_embeddings (memory_id, account_id, model, text_hash, vector, embedded_at${column})
      select m.id, m.account_id, ${model}, ${textHash}, ${encodeVector(vector)}, ${at}${value}
      from memories m where m.id = ${id} and md5(m.text) = ${textHash}
      on conflict (account_id, memory_id) do update set
        model = excluded.model, text_hash = excluded.text_hash,
        vector = excluded.vector, embedded_at = excluded.embedded_at${update}`.execute(db);
  }
  await db.deleteFrom('embedding_queue').where('claim', '=', claim).execute();
}

/**
 * Memories the embedder refused one by one (their own text, not the embedder, is the trouble):
 * each goes to the back of the queue with one more attempt, and is dropped after `maxAttempts`
 * (search finds it by its words alone). Returns the IDs dropped.
 */
export async function failedAlone(db: Queryable, claim: string, ids: readonly string[], at: Date, maxAttempts: number): Promise<string[]> {
  if (ids.length === 0) return [];
  await db
    .updateTable('embedding_queue')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), queued_at: at, claim: null, claimed_until: null }))
    .where('claim', '=', claim)
    .where('memory_id', 'in', ids)
    .execute();
  const dropped = await db.deleteFrom('embedding_queue').where('memory_id', 'in', ids).where('attempts', '>=', maxAttempts).returning('memory_id').execute();
  return dropped.map((row) => row.memory_id);
}

/** Gives claimed Memories back to the queue (the embedder failed). */
export async function releaseClaim(db: Queryable, claim: string): Promise<void> {
  await db.updateTable('embedding_queue').set({ claim: null, claimed_until: null }).where('claim', '=', claim).execute();
}

/** Whether some Memory waits to be embedded. */
export async function embeddingPending(db: Queryable): Promise<boolean> {
  return (await db.selectFrom('embedding_queue').select('memory_id').limit(1).executeTakeFirst()) !== undefined;
}

export interface VectorFilter {
  readonly accountId: string;
  readonly model: string;
  /** Leaves secret Memories out (an API key's search). */
  readonly keysOnly: boolean;
  readonly type?: string | undefined;
  readonly tag?: string | undefined;
}

/** The vectors of these Memories (those the filter lets through), by Memory ID. */
export async function vectorsOf(db: Queryable, filter: VectorFilter, ids: readonly string[]): Promise<Map<string, Float32Array>> {
  if (ids.length === 0) return new Map();
  const rows = await vectorRows(db, filter).where('e.memory_id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.memory_id, decodeVector(row.vector)]));
}

/** The vectors of the account's most recently updated Memories the filter lets through, at most `size`. */
export async function recentVectors(db: Queryable, filter: VectorFilter, size: number): Promise<Array<{ id: string; vector: Float32Array }>> {
  const rows = await vectorRows(db, filter).orderBy('m.updated_at', 'desc').orderBy('m.id', 'desc').limit(size).execute();
  return rows.map((row) => ({ id: row.memory_id, vector: decodeVector(row.vector) }));
}

function vectorRows(db: Queryable, filter: VectorFilter) {
  return db
    .selectFrom('memory_embeddings as e')
    .innerJoin('memories as m', 'm.id', 'e.memory_id')
    .select(['e.memory_id', 'e.vector'])
    .where('e.account_id', '=', filter.accountId)
    .where('m.account_id', '=', filter.accountId)
    // A write that changes a Memory's text deletes its vector (embedding-queue.ts): every vector
    // read here is of the Memory's text as it is.
    .where('e.model', '=', filter.model)
    .$if(filter.keysOnly, (query) => query.where('m.sensitivity', '<>', 'secret'))
    .$if(filter.type !== undefined, (query) => query.where('m.type', '=', filter.type!))
    .$if(filter.tag !== undefined, (query) => query.where(sql<boolean>`${filter.tag} = any(m.tags)`));
}
