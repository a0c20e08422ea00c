import { sql, type Kysely } from 'kysely';

/**
 * The trash did not keep a Memory's `expires_at`, so the trash list could not show it and a
 * Memory deleted by hand came back from the trash without it. It is kept now.
 */
// Frozen in time: takes Kysely<any>, never the application's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table memory_trash add column expires_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table memory_trash drop column if exists expires_at`.execute(db);
}
