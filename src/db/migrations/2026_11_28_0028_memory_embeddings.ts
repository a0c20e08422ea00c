import { sql, type Kysely } from 'kysely';

/**
 * Search by meaning: each Memory's text embedded by the configured embedder (`model` names it),
 * as float32 values (`vector`, little-endian, in base64), of the text whose MD5 is `text_hash`; and the queue of
 * Memories to embed, which the writes that change a Memory's text fill in their own transaction
 * and a background worker drains after they commit (a claim, with its expiry, lets several
 * instances share the work and lets a claim lost with its instance be taken again). A Memory's
 * vector is deleted in the transaction that changes its text, so search never reads a vector of
 * an older text.
 */
// Frozen in time: takes Kysely<any>, never the application's current types or code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('memory_embeddings')
    .addColumn('memory_id', 'text', (c) => c.primaryKey().references('memories.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('text_hash', 'text', (c) => c.notNull())
    // Base64 of the float32 values: the embedded database reads text about twenty times faster than bytea.
    .addColumn('vector', 'text', (c) => c.notNull())
    .addColumn('embedded_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index memory_embeddings_account on memory_embeddings (account_id, model)`.execute(db);

  await db.schema
    .createTable('embedding_queue')
    .addColumn('memory_id', 'text', (c) => c.primaryKey().references('memories.id').onDelete('cascade'))
    .addColumn('queued_at', 'timestamptz', (c) => c.notNull())
    // Queued by the backfill at start (taken after what writes queued), not by a write.
    .addColumn('backfill', 'boolean', (c) => c.notNull().defaultTo(false))
    // Rounds in which this Memory failed alone (the embedder refused its text): it is dropped after a few.
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claim', 'text')
    .addColumn('claimed_until', 'timestamptz')
    .execute();
  await sql`create index embedding_queue_order on embedding_queue (backfill, queued_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('embedding_queue').ifExists().execute();
  await db.schema.dropTable('memory_embeddings').ifExists().execute();
}
