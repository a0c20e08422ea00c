import { sql, type Kysely } from 'kysely';

/**
 * When a request with an Idempotency-Key writes, its transaction marks the key's claim
 * (`wrote_at`), so the mark commits exactly when the write does. A request that fails after its
 * write committed (its answer lost with the database's connection, in a failover) then never lets
 * a retry run the write again: the retry is told the write was made (idempotency/idempotency.ts).
 */
// Frozen in time: takes Kysely<any>, never the application's current types or code.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table idempotency_keys add column wrote_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table idempotency_keys drop column wrote_at`.execute(db);
}
