import { sql, type Kysely } from 'kysely';

// Frozen in time: takes Kysely<any>, never the application's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('draft_revision', 'integer', (c) => c.notNull())
    .addColumn('starter_readme', 'text', (c) => c.notNull())
    .addColumn('review_state', 'text', (c) => c.notNull())
    .addColumn('reviewed_revision', 'integer')
    .addColumn('last_run_id', 'text')
    .addColumn('publication_state', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_revision', 'integer')
    .addColumn('published_at', 'timestamptz')
    // Advanced by every change of the row: a workflow request compares it to detect a race.
    .addColumn('state_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index templates_account on templates (account_id, created_at, id)`.execute(db);

  // Every draft revision is a full snapshot: metadata here, files in template_files.
  await db.schema
    .createTable('template_revisions')
    .addColumn('template_id', 'text', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('tags', sql`text[]`, (c) => c.notNull())
    .addColumn('license', 'text', (c) => c.notNull())
    .addColumn('release_notes', 'text', (c) => c.notNull())
    .addColumn('total_size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('template_revisions_pk', ['template_id', 'revision'])
    .execute();
  await db.schema
    .createTable('template_files')
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('template_files_pk', ['template_id', 'revision', 'path'])
    .addForeignKeyConstraint('template_files_revision', ['template_id', 'revision'], 'template_revisions', ['template_id', 'revision'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('template_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('template_id', 'text', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('checks', 'jsonb', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index template_runs_latest on template_runs (template_id, created_at desc, id desc)`.execute(db);

  // The public Library: what was published, and nothing else.
  await db.schema
    .createTable('public_templates')
    .addColumn('template_id', 'text', (c) => c.primaryKey().references('templates.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('tags', sql`text[]`, (c) => c.notNull())
    .addColumn('license', 'text', (c) => c.notNull())
    .addColumn('release_notes', 'text', (c) => c.notNull())
    .addColumn('readme', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .addColumn('search', sql`tsvector`, (c) => c.notNull().defaultTo(sql`''::tsvector`))
    .execute();
  await sql`
    create function public_templates_search_vector() returns trigger language plpgsql as $$
    begin
      new.search :=
        setweight(to_tsvector('english', new.name), 'A') ||
        setweight(to_tsvector('english', array_to_string(new.tags, ' ')), 'A') ||
        setweight(to_tsvector('english', new.summary), 'B') ||
        setweight(to_tsvector('english', new.readme), 'C');
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger public_templates_search_vector before insert or update on public_templates
    for each row execute function public_templates_search_vector()`.execute(db);
  await sql`create index public_templates_search on public_templates using gin (search)`.execute(db);
  await sql`create index public_templates_newest on public_templates (published_at desc, template_id desc)`.execute(db);
  await sql`create index public_templates_category on public_templates (category, published_at desc, template_id desc)`.execute(db);
  await sql`create index public_templates_tags on public_templates using gin (tags)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['public_templates', 'template_runs', 'template_files', 'template_revisions', 'templates']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop function if exists public_templates_search_vector()`.execute(db);
}
