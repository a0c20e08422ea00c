import { sql, type Kysely } from 'kysely';

/**
 * The trash and expiry. A trashed Memory leaves the memories table, so that no route, count,
 * index or derived view can see it, and waits in memory_trash with the Subjects it was linked to;
 * its revisions stay where they are until it is restored or purged. Revisions therefore no longer
 * hang on the memories row: they belong to the account, and purging deletes them.
 */
// Frozen in time: takes Kysely<any>, never the application's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table memories add column expires_at timestamptz`.execute(db);
  await sql`create index memories_expiry on memories (expires_at) where expires_at is not null`.execute(db);

  await sql`
    create table memory_trash (
      id text primary key,
      account_id text not null references accounts (id) on delete cascade,
      text text not null,
      type text not null,
      sensitivity text not null,
      tags text[] not null,
      pinned boolean not null,
      revision integer not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      trashed_at timestamptz not null,
      reason text not null,
      links jsonb not null
    )`.execute(db);
  await sql`create index memory_trash_page on memory_trash (account_id, trashed_at desc, id desc)`.execute(db);
  await sql`create index memory_trash_retention on memory_trash (trashed_at)`.execute(db);

  // The foreign key to memories goes (whatever its generated name), one to accounts comes.
  const { rows } = await sql<{ name: string }>`
    select c.conname as name from pg_constraint c
    where c.conrelid = 'memory_revisions'::regclass and c.contype = 'f' and c.confrelid = 'memories'::regclass`.execute(db);
  for (const { name } of rows) await sql`alter table memory_revisions drop constraint ${sql.ref(name)}`.execute(db);
  await sql`
    alter table memory_revisions add constraint memory_revisions_account
    foreign key (account_id) references accounts (id) on delete cascade`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from memory_revisions r where not exists (select 1 from memories m where m.id = r.memory_id)`.execute(db);
  await sql`alter table memory_revisions drop constraint memory_revisions_account`.execute(db);
  await sql`
    alter table memory_revisions add constraint memory_revisions_memory_id_fkey
    foreign key (memory_id) references memories (id) on delete cascade`.execute(db);
  await db.schema.dropTable('memory_trash').ifExists().execute();
  await sql`drop index if exists memories_expiry`.execute(db);
  await sql`alter table memories drop column if exists expires_at`.execute(db);
}
