import { sql, type Kysely } from 'kysely';

// Frozen in time: takes Kysely<any>, never the application's current types.
export async function up(db: Kysely<any>): Promise<void> {
  // The change feed: a per-account sequence, advanced under the account row's lock inside the
  // writing transaction, so sequence numbers of one account commit in order.
  await sql`alter table accounts add column change_seq bigint not null default 0`.execute(db);
  await db.schema
    .createTable('changes')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull().check(sql`entity in ('memory', 'subject')`))
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('op', 'text', (c) => c.notNull().check(sql`op in ('upsert', 'delete')`))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('changes_pk', ['account_id', 'seq'])
    .execute();
  await sql`create index changes_retention on changes (at)`.execute(db);

  // Subject search over name and aliases (prefix, substring and trigram).
  await sql`alter table subjects add column search_text text not null default ''`.execute(db);
  await sql`
    create function subjects_search_text() returns trigger language plpgsql as $$
    begin
      new.search_text := lower(new.name || ' ' || array_to_string(new.aliases, ' '));
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger subjects_search_text before insert or update of name, aliases on subjects
    for each row execute function subjects_search_text()`.execute(db);
  await sql`create index subjects_search_trgm on subjects using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index subjects_account_kind on subjects (account_id, kind, lower(name), id)`.execute(db);

  await sql`drop index memory_links_by_memory`.execute(db);
  await sql`create index memory_links_subject_page on memory_links (subject_id, created_at desc, memory_id desc)`.execute(db);
  await sql`create index memory_links_memory_page on memory_links (memory_id, created_at desc, subject_id desc)`.execute(db);
  await sql`create index memory_links_account on memory_links (account_id, subject_id)`.execute(db);

  await sql`alter table facts add column statement_key text not null default ''`.execute(db);
  await sql`create unique index facts_subject_statement on facts (subject_id, statement_key)`.execute(db);

  await db.schema
    .createTable('fact_suggestions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('statement', 'text', (c) => c.notNull())
    .addColumn('statement_key', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'accepted', 'rejected')`))
    .addColumn('fact_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('reviewed_at', 'timestamptz')
    .execute();
  await sql`create unique index fact_suggestions_pending on fact_suggestions (subject_id, statement_key) where status = 'pending'`.execute(db);
  await sql`create index fact_suggestions_page on fact_suggestions (subject_id, created_at desc, id desc)`.execute(db);
  await db.schema
    .createTable('fact_suggestion_sources')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('suggestion_id', 'text', (c) => c.notNull().references('fact_suggestions.id').onDelete('cascade'))
    .addColumn('memory_id', 'text', (c) => c.notNull().references('memories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('fact_suggestion_sources_pk', ['suggestion_id', 'memory_id'])
    .execute();
  await sql`create index fact_suggestion_sources_by_memory on fact_suggestion_sources (memory_id)`.execute(db);

  await db.schema
    .createTable('memory_insights')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('cause_key', 'text', (c) => c.notNull())
    .addColumn('memory_ids', sql`text[]`, (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'dismissed')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('dismissed_at', 'timestamptz')
    .addUniqueConstraint('memory_insights_cause', ['subject_id', 'cause_key'])
    .execute();
  await sql`create index memory_insights_page on memory_insights (subject_id, status, created_at, id)`.execute(db);
  await sql`create index memory_insights_memories on memory_insights using gin (memory_ids)`.execute(db);

  await db.schema
    .createTable('subject_deletion_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('state_fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await sql`create index subject_deletion_tokens_expiry on subject_deletion_tokens (expires_at)`.execute(db);

  await db.schema
    .createTable('workspace_profiles')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('guidance', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // Secrets the service keeps for itself (the key that signs checkpoints), shared by every instance.
  await db.schema
    .createTable('service_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'service_secrets',
    'workspace_profiles',
    'subject_deletion_tokens',
    'memory_insights',
    'fact_suggestion_sources',
    'fact_suggestions',
    'changes',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop index if exists facts_subject_statement`.execute(db);
  await sql`alter table facts drop column if exists statement_key`.execute(db);
  await sql`drop trigger if exists subjects_search_text on subjects`.execute(db);
  await sql`drop function if exists subjects_search_text()`.execute(db);
  await sql`alter table subjects drop column if exists search_text`.execute(db);
  await sql`alter table accounts drop column if exists change_seq`.execute(db);
}
