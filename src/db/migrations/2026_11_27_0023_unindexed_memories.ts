import { sql, type Kysely } from 'kysely';

/**
 * The Memories the search index does not hold yet (`search_length` 0): those written before a
 * migration that built or rebuilt part of the index, which the application indexes when it
 * starts, and those of stop words alone. It finds them here without reading every Memory.
 */
// Frozen in time: takes Kysely<any>, never the application's current types or code.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index memories_unindexed on memories (search_doc) where search_length = 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists memories_unindexed`.execute(db);
}
