import { sql, type Kysely } from 'kysely';

// Frozen in time: takes Kysely<any>, never the application's current types.
export async function up(db: Kysely<any>): Promise<void> {
  // How many Memories each Subject is linked to, and how many of those are secret (API keys do
  // not see them). Kept apart from the Subject row so that keeping it current takes no lock on
  // the Subject itself; one row per Subject, created with it.
  await db.schema
    .createTable('subject_memory_counts')
    .addColumn('subject_id', 'text', (c) => c.primaryKey().references('subjects.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('links', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('secret_links', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    create function subjects_memory_counts_row() returns trigger language plpgsql as $$
    begin
      insert into subject_memory_counts (subject_id, account_id) values (new.id, new.account_id);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger subjects_memory_counts_row after insert on subjects
    for each row execute function subjects_memory_counts_row()`.execute(db);
  await sql`
    insert into subject_memory_counts (subject_id, account_id, links, secret_links)
    select s.id, s.account_id, count(m.id)::int, (count(m.id) filter (where m.sensitivity = 'secret'))::int
    from subjects s
    left join memory_links l on l.subject_id = s.id
    left join memories m on m.id = l.memory_id
    group by s.id, s.account_id`.execute(db);

  // How many Memories of each startup-context section and sensitivity an account has, so the
  // startup context reports what it left out without counting every Memory.
  await db.schema
    .createTable('memory_section_counts')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('section', 'text', (c) => c.notNull().check(sql`section in ('pinned', 'instructions', 'recent')`))
    .addColumn('sensitivity', 'text', (c) => c.notNull())
    .addColumn('memories', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('memory_section_counts_pk', ['account_id', 'section', 'sensitivity'])
    .execute();
  await sql`
    insert into memory_section_counts (account_id, section, sensitivity, memories)
    select account_id,
      case when pinned then 'pinned' when type in ('instruction', 'preference') then 'instructions' else 'recent' end,
      sensitivity, count(*)::int
    from memories
    group by 1, 2, 3`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('memory_section_counts').ifExists().execute();
  await sql`drop trigger if exists subjects_memory_counts_row on subjects`.execute(db);
  await sql`drop function if exists subjects_memory_counts_row()`.execute(db);
  await db.schema.dropTable('subject_memory_counts').ifExists().execute();
}
