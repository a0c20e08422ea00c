import { sql, type Kysely } from 'kysely';

/**
 * A trashed Memory kept its links but lost its place among the sources of Fact suggestions:
 * deleting its memories row deletes its fact_suggestion_sources rows (their foreign key
 * cascades), so a restore could not bring it back there. The trash now keeps the IDs of the
 * suggestions it was a source of, as it keeps the Subjects it was linked to.
 */
// Frozen in time: takes Kysely<any>, never the application's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table memory_trash add column suggestion_ids text[] not null default '{}'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table memory_trash drop column if exists suggestion_ids`.execute(db);
}
