import { sql, type Kysely } from 'kysely';

/**
 * Facts that change over time: a Fact is valid from its acceptance until a later Fact of the same
 * Subject supersedes it. Only current Facts (no `valid_until`) take part in the statement's
 * uniqueness, so a statement that was superseded may be stated again later. A suggestion may name
 * the current Fact it supersedes.
 */
// Frozen in time: takes Kysely<any>, never the application's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table facts add column valid_from timestamptz`.execute(db);
  await sql`update facts set valid_from = accepted_at`.execute(db);
  await sql`alter table facts alter column valid_from set not null`.execute(db);
  await sql`alter table facts add column valid_until timestamptz`.execute(db);
  // A successor is a Fact of the same Subject, so both go together when the Subject is deleted.
  await sql`alter table facts add column superseded_by text references facts (id) on delete set null`.execute(db);
  await sql`drop index facts_subject_statement`.execute(db);
  await sql`create unique index facts_subject_statement on facts (subject_id, statement_key) where valid_until is null`.execute(db);
  await sql`alter table fact_suggestions add column supersedes text references facts (id) on delete set null`.execute(db);
}

/** Going back keeps current Facts only: superseded ones would break the statement's uniqueness. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table fact_suggestions drop column supersedes`.execute(db);
  await sql`delete from facts where valid_until is not null`.execute(db);
  await sql`drop index facts_subject_statement`.execute(db);
  await sql`create unique index facts_subject_statement on facts (subject_id, statement_key)`.execute(db);
  await sql`alter table facts drop column superseded_by`.execute(db);
  await sql`alter table facts drop column valid_until`.execute(db);
  await sql`alter table facts drop column valid_from`.execute(db);
}
