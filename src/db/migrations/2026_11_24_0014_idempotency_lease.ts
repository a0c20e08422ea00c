import { sql, type Kysely } from 'kysely';

/**
 * A running idempotency claim is a lease that its request renews while it runs, so a long request
 * (an import of a large file) is not taken for a dead one and run a second time by a retry. A
 * claim without a renewal counts from when it was made, as before. A streamed body's SHA-256 is
 * kept with the answer, so a repeat with another body of the same length is told apart.
 */
// Frozen in time: takes Kysely<any>, never the application's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table idempotency_keys add column renewed_at timestamptz`.execute(db);
  await sql`alter table idempotency_keys add column content_sha256 text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table idempotency_keys drop column content_sha256`.execute(db);
  await sql`alter table idempotency_keys drop column renewed_at`.execute(db);
}
