import { sql, type Kysely } from 'kysely';

/**
 * The application's accounts and sign-in: an account's local credentials (email and password
 * hash; at most one owner, the account `/setup` created), the web sessions (stored by the hash of
 * the cookie's value, so that any instance can serve them and signing out is immediate
 * everywhere), invitations by link, identities from an OpenID Connect provider, and the short-lived
 * state of a sign-in at that provider.
 */
// Frozen in time: takes Kysely<any>, never the application's current types or code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('local_credentials')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_owner', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // One owner per instance: two first visitors racing through /setup cannot both become it.
  await sql`create unique index local_credentials_one_owner on local_credentials (is_owner) where is_owner`.execute(db);

  await db.schema
    .createTable('web_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('auth_method', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index web_sessions_account on web_sessions (account_id, last_seen_at desc)`.execute(db);

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('used_by', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .execute();
  await sql`create index invitations_account on invitations (account_id, created_at desc)`.execute(db);

  await db.schema
    .createTable('account_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_identities_pk', ['issuer', 'subject'])
    .execute();
  await sql`create index account_identities_account on account_identities (account_id)`.execute(db);

  await db.schema
    .createTable('oidc_sign_ins')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['oidc_sign_ins', 'account_identities', 'invitations', 'web_sessions', 'local_credentials']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
