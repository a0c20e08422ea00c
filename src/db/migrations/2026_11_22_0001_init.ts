import { sql, type Kysely } from 'kysely';

// Frozen in time: takes Kysely<any>, never the application's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('external_id', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('read_only', 'read_write')`))
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await sql`create index api_keys_account_page on api_keys (account_id, created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('api_key_activity')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull().references('api_keys.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text')
    .addColumn('operation', 'text')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  await sql`create index api_key_activity_page on api_key_activity (key_id, at desc, id desc)`.execute(db);
  await sql`create index api_key_activity_retention on api_key_activity (at)`.execute(db);

  await db.schema
    .createTable('memories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('sensitivity', 'text', (c) => c.notNull())
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('pinned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('search', sql`tsvector`, (c) => c.notNull().defaultTo(sql`''::tsvector`))
    .execute();
  // Tags weigh more than body text; the trigger keeps the vector current on every write.
  await sql`
    create function memories_search_vector() returns trigger language plpgsql as $$
    begin
      new.search :=
        setweight(to_tsvector('english', array_to_string(new.tags, ' ')), 'A') ||
        setweight(to_tsvector('english', new.text), 'B');
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger memories_search_vector before insert or update of text, tags on memories
    for each row execute function memories_search_vector()`.execute(db);
  await sql`create index memories_account_page on memories (account_id, updated_at desc, id desc)`.execute(db);
  await sql`create index memories_account_type_page on memories (account_id, type, updated_at desc, id desc)`.execute(db);
  await sql`create index memories_account_sensitivity_page on memories (account_id, sensitivity, updated_at desc, id desc)`.execute(db);
  await sql`create index memories_account_pinned_page on memories (account_id, updated_at desc, id desc) where pinned`.execute(db);
  await sql`create index memories_tags on memories using gin (tags)`.execute(db);
  await sql`create index memories_search on memories using gin (search)`.execute(db);
  await sql`create index memories_text_trgm on memories using gin (text gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('memory_revisions')
    .addColumn('memory_id', 'text', (c) => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('sensitivity', 'text', (c) => c.notNull())
    .addColumn('tags', sql`text[]`, (c) => c.notNull())
    .addColumn('pinned', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_key_id', 'text')
    .addPrimaryKeyConstraint('memory_revisions_pk', ['memory_id', 'revision'])
    .execute();

  await db.schema
    .createTable('subjects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('aliases', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index subjects_account_name on subjects (account_id, lower(name))`.execute(db);

  await db.schema
    .createTable('memory_links')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('memory_id', 'text', (c) => c.notNull().references('memories.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('memory_links_pk', ['subject_id', 'memory_id'])
    .execute();
  await sql`create index memory_links_by_memory on memory_links (memory_id, subject_id)`.execute(db);

  await db.schema
    .createTable('facts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('statement', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index facts_subject_page on facts (subject_id, created_at desc, id desc)`.execute(db);

  await db.schema
    .createTable('fact_sources')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('fact_id', 'text', (c) => c.notNull().references('facts.id').onDelete('cascade'))
    // restrict: a Memory that backs a Fact cannot be deleted (the domain reports memory_in_use first).
    .addColumn('memory_id', 'text', (c) => c.notNull().references('memories.id').onDelete('restrict'))
    .addPrimaryKeyConstraint('fact_sources_pk', ['fact_id', 'memory_id'])
    .execute();
  await sql`create index fact_sources_by_memory on fact_sources (memory_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'fact_sources',
    'facts',
    'memory_links',
    'subjects',
    'memory_revisions',
    'memories',
    'api_key_activity',
    'api_keys',
    'accounts',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop function if exists memories_search_vector()`.execute(db);
}
