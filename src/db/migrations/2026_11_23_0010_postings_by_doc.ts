import { sql, type Kysely } from 'kysely';

/**
 * A posting is found by its Memory first: the key (doc, term_id) puts a new Memory's postings at
 * the end of the index, one page after another, where (term_id, doc) scattered them over every
 * term's range. Lookups by Memory (removing its postings, checking its terms) read one range.
 */
// Frozen in time: takes Kysely<any>, never the application's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table search_postings drop constraint search_postings_pkey`.execute(db);
  await sql`alter table search_postings add constraint search_postings_pkey primary key (doc, term_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table search_postings drop constraint search_postings_pkey`.execute(db);
  await sql`alter table search_postings add constraint search_postings_pkey primary key (term_id, doc)`.execute(db);
}
