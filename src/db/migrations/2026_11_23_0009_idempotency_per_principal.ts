import { sql, type Kysely } from 'kysely';

/**
 * Idempotency keys belong to the caller that sent them: the application's session, or one API
 * key. Answers stored before this migration are the session's: the session may see whatever a
 * key saw, while a key must never be given an answer made for the session.
 */
// Frozen in time: takes Kysely<any>, never the application's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table idempotency_keys add column principal text not null default 'session'`.execute(db);
  await sql`alter table idempotency_keys alter column principal drop default`.execute(db);
  await sql`alter table idempotency_keys drop constraint idempotency_keys_pk`.execute(db);
  await sql`alter table idempotency_keys add constraint idempotency_keys_pk primary key (account_id, principal, key)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from idempotency_keys where principal <> 'session'`.execute(db);
  await sql`alter table idempotency_keys drop constraint idempotency_keys_pk`.execute(db);
  await sql`alter table idempotency_keys add constraint idempotency_keys_pk primary key (account_id, key)`.execute(db);
  await sql`alter table idempotency_keys drop column principal`.execute(db);
}
