import { sql, type Kysely } from 'kysely';

/**
 * OAuth 2.1 for MCP clients. A client registers itself (RFC 7591; public clients only, so no
 * secret is kept); an account's approval on the consent page makes a one-time authorization code;
 * exchanging the code makes a connection: a row of `api_keys` whose `oauth_client_id` names the
 * client, so that a connection has a key's mode, budget, activity and revocation. Its access and
 * refresh tokens are kept by their SHA-256 hash only; a refresh token used once is marked, and a
 * second use of it revokes the whole connection.
 */
// Frozen in time: takes Kysely<any>, never the application's current types or code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('redirect_uris', 'jsonb', (c) => c.notNull())
    .addColumn('registered_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index oauth_clients_registered on oauth_clients (registered_at)`.execute(db);

  await db.schema
    .alterTable('api_keys')
    .addColumn('oauth_client_id', 'text', (c) => c.references('oauth_clients.id').onDelete('cascade'))
    .execute();
  await sql`create index api_keys_oauth_client on api_keys (oauth_client_id) where oauth_client_id is not null`.execute(db);
  // One connection in force per account and client: connecting again revokes the earlier one.
  await sql`create unique index api_keys_one_connection on api_keys (account_id, oauth_client_id) where oauth_client_id is not null and revoked_at is null`.execute(db);

  await db.schema
    .createTable('oauth_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('client_id', 'text', (c) => c.notNull().references('oauth_clients.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('connection_id', 'text', (c) => c.references('api_keys.id').onDelete('cascade'))
    .execute();
  await sql`create index oauth_codes_expiry on oauth_codes (expires_at)`.execute(db);

  await db.schema
    .createTable('oauth_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('connection_id', 'text', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('access', 'refresh')`))
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await sql`create index oauth_tokens_connection on oauth_tokens (connection_id)`.execute(db);
  await sql`create index oauth_tokens_expiry on oauth_tokens (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_tokens').ifExists().execute();
  await db.schema.dropTable('oauth_codes').ifExists().execute();
  await db.schema.alterTable('api_keys').dropColumn('oauth_client_id').execute();
  await db.schema.dropTable('oauth_clients').ifExists().execute();
}
