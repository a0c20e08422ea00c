/**
 * How the schema is laid out for distribution by account (docs/scaling.md): the one place that
 * names the tables shared by all accounts, with the reason. Every other table holds one account's
 * data: it has `account_id` first in its primary key, in each unique key and in each foreign key
 * to another such table (test/db/distribution.test.ts reads the catalog and fails otherwise), and
 * on a Citus cluster it is distributed by `account_id`, colocated with every other such table.
 */

export const DISTRIBUTION_COLUMN = 'account_id';

/**
 * Tables read before any account is known, or by every account. On a cluster each is a reference
 * table (a copy on every node): the account tables' foreign keys to them stay, and a join with
 * them stays on one node.
 */
export const REFERENCE_TABLES: Readonly<Record<string, string>> = {
  accounts:
    'The directory of accounts: every account table names it in a foreign key, and a session token names its account by `external_id`, looked up before the account is known.',
  account_identities: 'Sign-in: an OpenID identity (issuer, subject) is looked up before the account it belongs to is known.',
  local_credentials: 'Sign-in with a password: the email address is looked up before the account is known; one owner across the service.',
  invitations: 'An invitation is redeemed by someone who has no account yet: it is found by its token alone.',
  legacy_credentials:
    'The account of each API key and OAuth token made before credentials named their account, looked up by the credential before the account is known.',
  oauth_clients: 'OAuth clients register themselves before any account allows them, and one client serves every account that connects it.',
};

/**
 * Tables of the service itself, never joined with an account's data. On a cluster they stay
 * local to the coordinator, where the service connects.
 */
export const LOCAL_TABLES: Readonly<Record<string, string>> = {
  kysely_migration: 'Which migrations have run.',
  kysely_migration_lock: 'The lock that keeps migrations one at a time.',
  service_secrets: 'Keys the service signs and seals with, shared by its instances.',
  oidc_sign_ins: 'A sign-in in progress with an OpenID provider, before the account is known; kept for minutes.',
};

/**
 * Reads that span accounts on purpose, each by a background job or a public page rather than an
 * account's request: on a cluster they run on every node. The hot-path check
 * (test/db/distribution.test.ts) knows them by these names.
 */
export const CROSS_ACCOUNT_READS: Readonly<Record<string, string>> = {
  'public library': 'The public Library lists published Templates of every account (a page of at most 50, newest or most used first).',
  'embedding queue': 'The embedding worker drains one queue shared by every account, a few dozen Memories at a time.',
  expiry: 'Maintenance deletes what has expired (Memories, trash, idempotency records, activity) across accounts, in batches.',
  restore: 'A restore with `keep_ids` checks that no other account holds the IDs it would take.',
};

/** Whether a table holds one account's data (neither a reference nor a local table). */
export function isAccountTable(table: string): boolean {
  return !(table in REFERENCE_TABLES) && !(table in LOCAL_TABLES);
}
