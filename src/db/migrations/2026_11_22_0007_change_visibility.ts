import { sql, type Kysely } from 'kysely';

// Frozen in time: takes Kysely<any>, never the application's current types.
export async function up(db: Kysely<any>): Promise<void> {
  // For a Memory's change: whether API keys could see the Memory before it and after it (a
  // secret Memory does not exist for them). Resume reports a Memory as removed to a key only if
  // the key could have seen it since its checkpoint. Null for Subjects, and for changes recorded
  // before this migration (those are reported as before).
  await sql`alter table changes add column key_visible_before boolean`.execute(db);
  await sql`alter table changes add column key_visible_after boolean`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table changes drop column if exists key_visible_before`.execute(db);
  await sql`alter table changes drop column if exists key_visible_after`.execute(db);
}
