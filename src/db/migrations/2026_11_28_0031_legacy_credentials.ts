import { sql, type Kysely } from 'kysely';

/**
 * API keys and OAuth tokens made from now on name their account (api-keys/key-format.ts) and are
 * looked up within it. One made before names none: this directory gives its account by the
 * credential's SHA-256 hash, for as long as it is in force (a revoked or expired one is refused by
 * its own row, as before). It is shared by all accounts and read before the account is known
 * (db/distribution.ts). Authorization codes live minutes and sessions are signed in again: neither
 * is listed.
 */
// Frozen in time: takes Kysely<any>, never the application's current types or code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('legacy_credentials')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .execute();
  // OAuth connections' rows hold no key's hash ('oauth:…'): their tokens are listed by their own.
  await sql`
    insert into legacy_credentials (hash, account_id)
    select key_hash, account_id from api_keys where revoked_at is null and key_hash not like 'oauth:%'
    union all
    select token_hash, account_id from oauth_tokens`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('legacy_credentials').ifExists().execute();
}
