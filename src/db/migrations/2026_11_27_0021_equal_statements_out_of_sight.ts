import { sql, type Kysely } from 'kysely';

/**
 * A Fact or suggestion none of whose sources an API key can see does not exist for the key, so
 * the key may state the same again: a current Fact, or a pending suggestion, equal to one it
 * cannot see. A statement is unique among what each caller sees, which the application checks
 * under the account's write lock; the indexes stay, no longer unique, for those checks.
 */
// Frozen in time: takes Kysely<any>, never the application's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index facts_subject_statement`.execute(db);
  await sql`create index facts_subject_statement on facts (subject_id, statement_key) where valid_until is null`.execute(db);
  await sql`drop index fact_suggestions_pending`.execute(db);
  await sql`create index fact_suggestions_pending on fact_suggestions (subject_id, statement_key) where status = 'pending'`.execute(db);
}

/** Going back keeps the oldest of equal current Facts and of equal pending suggestions: the unique indexes allow one. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from facts f where f.valid_until is null and exists (
      select 1 from facts older where older.subject_id = f.subject_id and older.statement_key = f.statement_key
        and older.valid_until is null and (older.created_at, older.id) < (f.created_at, f.id))`.execute(db);
  await sql`drop index facts_subject_statement`.execute(db);
  await sql`create unique index facts_subject_statement on facts (subject_id, statement_key) where valid_until is null`.execute(db);
  await sql`delete from fact_suggestions s where s.status = 'pending' and exists (
      select 1 from fact_suggestions older where older.subject_id = s.subject_id and older.statement_key = s.statement_key
        and older.status = 'pending' and (older.created_at, older.id) < (s.created_at, s.id))`.execute(db);
  await sql`drop index fact_suggestions_pending`.execute(db);
  await sql`create unique index fact_suggestions_pending on fact_suggestions (subject_id, statement_key) where status = 'pending'`.execute(db);
}
