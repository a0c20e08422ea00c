import { sql, type Kysely } from 'kysely';

/**
 * The account-wide review lists (`GET /fact-suggestions`, `GET /memory-insights`): a page of an
 * account's suggestions, newest first, of one status or of any, and of its pending insights,
 * oldest first, read from an index rather than by sorting all of them.
 */
// Frozen in time: takes Kysely<any>, never the application's current types or code.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index fact_suggestions_account_status_page on fact_suggestions (account_id, status, created_at desc, id desc)`.execute(db);
  await sql`create index fact_suggestions_account_page on fact_suggestions (account_id, created_at desc, id desc)`.execute(db);
  await sql`create index memory_insights_account_page on memory_insights (account_id, status, created_at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists memory_insights_account_page`.execute(db);
  await sql`drop index if exists fact_suggestions_account_page`.execute(db);
  await sql`drop index if exists fact_suggestions_account_status_page`.execute(db);
}
