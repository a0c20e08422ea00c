import { sql, type Kysely } from 'kysely';

/**
 * Memory texts lose their trigram index: finding the Memories that mention a Subject now goes
 * through the search index (see refreshMentionsOfSubject), and the trigram index cost every write
 * of a Memory more than the rest of its indexes together.
 */
// Frozen in time: takes Kysely<any>, never the application's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists memories_text_trgm`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists memories_text_trgm on memories using gin (text gin_trgm_ops)`.execute(db);
}
