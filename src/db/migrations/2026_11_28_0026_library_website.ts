import { sql, type Kysely } from 'kysely';

/**
 * The Library website: each published version of a Template with its release notes (the
 * version history a Template's page shows), how many accounts have copied a published Template
 * into their drafts (its uses, by which the Library can sort), and, on a copy, the Template and
 * version it came from.
 */
// Frozen in time: takes Kysely<any>, never the application's current types or code.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table template_versions (
      template_id text not null references templates(id) on delete cascade,
      version integer not null,
      revision integer not null,
      release_notes text not null,
      published_at timestamptz not null,
      primary key (template_id, version)
    )`.execute(db);
  // The versions published so far: the history begins with each Template's current version.
  await sql`
    insert into template_versions (template_id, version, revision, release_notes, published_at)
    select t.id, t.version, t.published_revision, coalesce(p.release_notes, r.release_notes, ''), t.published_at
    from templates t
    left join public_templates p on p.template_id = t.id
    left join template_revisions r on r.template_id = t.id and r.revision = t.published_revision
    where t.version > 0 and t.published_revision is not null and t.published_at is not null`.execute(db);

  await sql`alter table public_templates add column uses integer not null default 0`.execute(db);
  await sql`create index public_templates_most_used on public_templates (uses desc, published_at desc, template_id desc)`.execute(db);

  await sql`alter table templates add column copied_from_template_id text`.execute(db);
  await sql`alter table templates add column copied_from_version integer`.execute(db);
  await sql`create index templates_copied_from on templates (copied_from_template_id, account_id) where copied_from_template_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists templates_copied_from`.execute(db);
  await sql`alter table templates drop column if exists copied_from_version`.execute(db);
  await sql`alter table templates drop column if exists copied_from_template_id`.execute(db);
  await sql`drop index if exists public_templates_most_used`.execute(db);
  await sql`alter table public_templates drop column if exists uses`.execute(db);
  await sql`drop table if exists template_versions`.execute(db);
}
