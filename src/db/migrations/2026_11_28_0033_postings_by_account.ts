import { sql, type Kysely } from 'kysely';

/**
 * Search reads a term's best postings from an index in descending impact (migration 0008). The
 * index now begins with the account, so that each read names its account (one shard of a
 * distributed database, docs/scaling.md) and is still a prefix of the index alone: with the
 * account outside the index, each posting would be read from the table to check it, a common
 * term's all of them. Built CONCURRENTLY, outside a transaction (see migrate.ts), so writes go on;
 * a build stopped half-way is dropped and made again when the service next starts.
 */
// Frozen in time: takes Kysely<any>, never the application's current types or code.
export const transactional = false;

const NAME = 'search_postings_by_account_impact';

export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ valid: boolean }>`
    select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
    where c.relname = ${NAME} and c.relnamespace = current_schema()::regnamespace`.execute(db);
  if (rows[0] && !rows[0].valid) await sql`drop index concurrently ${sql.id(NAME)}`.execute(db);
  if (!rows[0]?.valid) {
    await sql`create index concurrently ${sql.id(NAME)} on search_postings (account_id, term_id, secret, impact desc) include (doc)`.execute(db);
  }
  await sql`drop index concurrently if exists search_postings_by_impact`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index concurrently if not exists search_postings_by_impact on search_postings (term_id, secret, impact desc) include (doc)`.execute(db);
  await sql`drop index concurrently if exists ${sql.id(NAME)}`.execute(db);
}
