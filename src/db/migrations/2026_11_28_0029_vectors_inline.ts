import { sql, type Kysely } from 'kysely';

/**
 * A stored vector (512 float32 values are 2,732 characters of base64) is kept in its row rather
 * than moved to the TOAST table: search reads up to 1,000 of them at once, and each moved value
 * costs a lookup (a 1,000-vector read went from 11.8 to 8.3 ms, median of 15, on PostgreSQL 15).
 * It still moves out when its row would not fit a page (vectors of more than about 1,500
 * dimensions). Rows written before keep where they are until rewritten.
 */
// Frozen in time: takes Kysely<any>, never the application's current types or code.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table memory_embeddings alter column vector set storage main`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table memory_embeddings alter column vector set storage extended`.execute(db);
}
