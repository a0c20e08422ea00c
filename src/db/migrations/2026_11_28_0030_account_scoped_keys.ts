import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Every table that holds an account's data gets `account_id` first in its primary key, in each of
 * its unique keys and in each of its foreign keys, so that the schema can be distributed by
 * account (docs/scaling.md; the tables shared by all accounts are named in db/distribution.ts).
 * `template_revisions`, `template_files`, `template_versions`, `embedding_queue`, `oauth_tokens`
 * and `search_postings` gain the column, filled from their parent rows.
 *
 * Online-safe: it runs outside a transaction (see migrate.ts), and no step holds a lock that stops
 * reads or writes for longer than a catalog change:
 *
 * 1. The new columns are added without a default (a catalog change), with a trigger that fills
 *    them in rows written meanwhile by instances of the release before (the trigger stays: its
 *    `when` clause costs nothing once every writer sets the column). Those instances stop working
 *    at step 5 (their upserts name the keys it replaces): replace them before it, or stop them.
 * 2. Rows written before are filled in batches of parent keys, each batch its own transaction.
 * 3. NOT NULL is proven by a CHECK constraint added NOT VALID and then validated, which takes no
 *    lock that stops writes; SET NOT NULL then needs no scan.
 * 4. The new unique indexes are built CONCURRENTLY.
 * 5. One short transaction swaps the keys: drops the old foreign keys, primary keys and unique
 *    constraints, makes the new indexes the keys, and adds the new foreign keys NOT VALID.
 * 6. Each new foreign key is validated, again without a lock that stops writes.
 *
 * The replaced keys' columns keep a plain index (`<key>_lookup`) where some query still finds rows
 * by them without naming the account; a later migration drops each once none does.
 *
 * Each DDL statement waits at most 200 ms for its lock and is tried again, up to 100 times, after a
 * jittered pause (a long query on a table must not make every later query on it queue behind the
 * migration's lock request for long). The swap takes all its locks with its first statement. Every step can run
 * again: a migration stopped half-way finishes when the service next starts.
 */
// Frozen in time: takes Kysely<any>, never the application's current types or code.

/** Runs outside Kysely's migration transaction: CREATE INDEX CONCURRENTLY cannot run inside one. */
export const transactional = false;

interface NewColumn {
  readonly table: string;
  /** The parent that holds the account: its table, its key column and the child's column that names it. */
  readonly parent: string;
  readonly parentKey: string;
  readonly childKey: string;
}

const NEW_COLUMNS: readonly NewColumn[] = [
  { table: 'template_revisions', parent: 'templates', parentKey: 'id', childKey: 'template_id' },
  { table: 'template_files', parent: 'templates', parentKey: 'id', childKey: 'template_id' },
  { table: 'template_versions', parent: 'templates', parentKey: 'id', childKey: 'template_id' },
  { table: 'embedding_queue', parent: 'memories', parentKey: 'id', childKey: 'memory_id' },
  { table: 'oauth_tokens', parent: 'api_keys', parentKey: 'id', childKey: 'connection_id' },
  { table: 'search_postings', parent: 'memories', parentKey: 'search_doc', childKey: 'doc' },
];

interface Key {
  readonly table: string;
  /** The constraint replaced (a primary key or unique constraint), or an index for `index: true`. */
  readonly replaces: string;
  readonly index?: boolean;
  readonly name: string;
  readonly columns: readonly string[];
  readonly primary: boolean;
  /**
   * Whether the replaced key's columns keep an index of their own (not unique: `<name>_lookup`),
   * for the queries that still find rows by them without naming the account. False where every
   * lookup names its account already.
   */
  readonly lookup?: boolean;
}

const KEYS: readonly Key[] = [
  { table: 'api_keys', replaces: 'api_keys_pkey', name: 'api_keys_key', columns: ['account_id', 'id'], primary: true },
  { table: 'api_keys', replaces: 'api_keys_key_hash_key', name: 'api_keys_hash', columns: ['account_id', 'key_hash'], primary: false, lookup: false },
  { table: 'api_key_activity', replaces: 'api_key_activity_pkey', name: 'api_key_activity_key', columns: ['account_id', 'id'], primary: true },
  { table: 'embedding_queue', replaces: 'embedding_queue_pkey', name: 'embedding_queue_key', columns: ['account_id', 'memory_id'], primary: true },
  { table: 'facts', replaces: 'facts_pkey', name: 'facts_key', columns: ['account_id', 'id'], primary: true },
  { table: 'fact_sources', replaces: 'fact_sources_pk', name: 'fact_sources_key', columns: ['account_id', 'fact_id', 'memory_id'], primary: true },
  { table: 'fact_suggestions', replaces: 'fact_suggestions_pkey', name: 'fact_suggestions_key', columns: ['account_id', 'id'], primary: true },
  {
    table: 'fact_suggestion_sources',
    replaces: 'fact_suggestion_sources_pk',
    name: 'fact_suggestion_sources_key',
    columns: ['account_id', 'suggestion_id', 'memory_id'],
    primary: true,
  },
  { table: 'memories', replaces: 'memories_pkey', name: 'memories_key', columns: ['account_id', 'id'], primary: true },
  { table: 'memories', replaces: 'memories_search_doc', index: true, name: 'memories_doc', columns: ['account_id', 'search_doc'], primary: false },
  { table: 'memory_embeddings', replaces: 'memory_embeddings_pkey', name: 'memory_embeddings_key', columns: ['account_id', 'memory_id'], primary: true },
  { table: 'memory_insights', replaces: 'memory_insights_pkey', name: 'memory_insights_key', columns: ['account_id', 'id'], primary: true },
  {
    table: 'memory_insights',
    replaces: 'memory_insights_cause',
    name: 'memory_insights_cause_key',
    columns: ['account_id', 'subject_id', 'cause_key'],
    primary: false,
  },
  { table: 'memory_links', replaces: 'memory_links_pk', name: 'memory_links_key', columns: ['account_id', 'subject_id', 'memory_id'], primary: true },
  { table: 'memory_revisions', replaces: 'memory_revisions_pk', name: 'memory_revisions_key', columns: ['account_id', 'memory_id', 'revision'], primary: true },
  { table: 'memory_trash', replaces: 'memory_trash_pkey', name: 'memory_trash_key', columns: ['account_id', 'id'], primary: true },
  { table: 'oauth_codes', replaces: 'oauth_codes_pkey', name: 'oauth_codes_key', columns: ['account_id', 'code_hash'], primary: true, lookup: false },
  { table: 'oauth_tokens', replaces: 'oauth_tokens_pkey', name: 'oauth_tokens_key', columns: ['account_id', 'token_hash'], primary: true, lookup: false },
  { table: 'public_templates', replaces: 'public_templates_pkey', name: 'public_templates_key', columns: ['account_id', 'template_id'], primary: true },
  { table: 'search_postings', replaces: 'search_postings_pkey', name: 'search_postings_key', columns: ['account_id', 'doc', 'term_id'], primary: true, lookup: false },
  { table: 'search_terms', replaces: 'search_terms_pkey', name: 'search_terms_key', columns: ['account_id', 'id'], primary: true },
  {
    table: 'subject_deletion_tokens',
    replaces: 'subject_deletion_tokens_pkey',
    name: 'subject_deletion_tokens_key',
    columns: ['account_id', 'token_hash'],
    primary: true,
  },
  { table: 'subject_memory_counts', replaces: 'subject_memory_counts_pkey', name: 'subject_memory_counts_key', columns: ['account_id', 'subject_id'], primary: true },
  { table: 'subjects', replaces: 'subjects_pkey', name: 'subjects_key', columns: ['account_id', 'id'], primary: true },
  { table: 'templates', replaces: 'templates_pkey', name: 'templates_key', columns: ['account_id', 'id'], primary: true },
  {
    table: 'template_files',
    replaces: 'template_files_pk',
    name: 'template_files_key',
    columns: ['account_id', 'template_id', 'revision', 'path'],
    primary: true,
  },
  { table: 'template_revisions', replaces: 'template_revisions_pk', name: 'template_revisions_key', columns: ['account_id', 'template_id', 'revision'], primary: true },
  { table: 'template_runs', replaces: 'template_runs_pkey', name: 'template_runs_key', columns: ['account_id', 'id'], primary: true },
  { table: 'template_versions', replaces: 'template_versions_pkey', name: 'template_versions_key', columns: ['account_id', 'template_id', 'version'], primary: true },
  { table: 'web_sessions', replaces: 'web_sessions_pkey', name: 'web_sessions_key', columns: ['account_id', 'id'], primary: true, lookup: false },
  { table: 'web_sessions', replaces: 'web_sessions_token_hash_key', name: 'web_sessions_hash', columns: ['account_id', 'token_hash'], primary: false, lookup: false },
];

interface ForeignKey {
  readonly table: string;
  /** The foreign keys it replaces (dropped in the swap). */
  readonly replaces: readonly string[];
  readonly name: string;
  readonly columns: readonly string[];
  readonly references: string;
  readonly referencedColumns: readonly string[];
  readonly onDelete: 'cascade' | 'restrict' | { setNull: string };
}

const fk = (
  table: string,
  replaces: string | readonly string[],
  column: string,
  references: string,
  onDelete: ForeignKey['onDelete'] = 'cascade',
  referencedColumn = 'id',
): ForeignKey => ({
  table,
  replaces: typeof replaces === 'string' ? [replaces] : replaces,
  name: `${table}_${column}_account_fkey`,
  columns: ['account_id', column],
  references,
  referencedColumns: ['account_id', referencedColumn],
  onDelete,
});

const FOREIGN_KEYS: readonly ForeignKey[] = [
  fk('api_key_activity', 'api_key_activity_key_id_fkey', 'key_id', 'api_keys'),
  fk('oauth_codes', 'oauth_codes_connection_id_fkey', 'connection_id', 'api_keys'),
  fk('oauth_tokens', 'oauth_tokens_connection_id_fkey', 'connection_id', 'api_keys'),
  fk('embedding_queue', 'embedding_queue_memory_id_fkey', 'memory_id', 'memories'),
  fk('memory_embeddings', 'memory_embeddings_memory_id_fkey', 'memory_id', 'memories'),
  fk('memory_links', 'memory_links_memory_id_fkey', 'memory_id', 'memories'),
  fk('memory_links', 'memory_links_subject_id_fkey', 'subject_id', 'subjects'),
  fk('fact_sources', 'fact_sources_fact_id_fkey', 'fact_id', 'facts'),
  fk('fact_sources', 'fact_sources_memory_id_fkey', 'memory_id', 'memories', 'restrict'),
  fk('fact_suggestion_sources', 'fact_suggestion_sources_suggestion_id_fkey', 'suggestion_id', 'fact_suggestions'),
  fk('fact_suggestion_sources', 'fact_suggestion_sources_memory_id_fkey', 'memory_id', 'memories'),
  fk('facts', 'facts_subject_id_fkey', 'subject_id', 'subjects'),
  fk('facts', 'facts_superseded_by_fkey', 'superseded_by', 'facts', { setNull: 'superseded_by' }),
  fk('fact_suggestions', 'fact_suggestions_subject_id_fkey', 'subject_id', 'subjects'),
  fk('fact_suggestions', 'fact_suggestions_supersedes_fkey', 'supersedes', 'facts', { setNull: 'supersedes' }),
  fk('memory_insights', 'memory_insights_subject_id_fkey', 'subject_id', 'subjects'),
  fk('subject_memory_counts', 'subject_memory_counts_subject_id_fkey', 'subject_id', 'subjects'),
  fk('template_revisions', 'template_revisions_template_id_fkey', 'template_id', 'templates'),
  fk('template_versions', 'template_versions_template_id_fkey', 'template_id', 'templates'),
  fk('template_runs', 'template_runs_template_id_fkey', 'template_id', 'templates'),
  fk('public_templates', 'public_templates_template_id_fkey', 'template_id', 'templates'),
  {
    table: 'template_files',
    replaces: ['template_files_revision'],
    name: 'template_files_revision_account_fkey',
    columns: ['account_id', 'template_id', 'revision'],
    references: 'template_revisions',
    referencedColumns: ['account_id', 'template_id', 'revision'],
    onDelete: 'cascade',
  },
  // Tables that name their account without a key to it yet.
  ...['embedding_queue', 'oauth_tokens', 'template_revisions', 'template_files', 'template_versions', 'search_postings', 'facts', 'fact_suggestions'].map(
    (table): ForeignKey => ({
      table,
      replaces: [],
      name: `${table}_account_fkey`,
      columns: ['account_id'],
      references: 'accounts',
      referencedColumns: ['id'],
      onDelete: 'cascade',
    }),
  ),
];

/** Parent keys per backfill batch: each batch is one short transaction. */
const BATCH = 500;
const LOCK_WAIT = '200ms';
const LOCK_ATTEMPTS = 100;

const id = (name: string) => sql.id(name);
const ids = (names: readonly string[]) =>
  sql.join(
    names.map((name) => sql.id(name)),
    sql`, `,
  );

/** Runs `statements` in one transaction that waits at most LOCK_WAIT for each lock, tried again while locks are busy. */
async function briefly(db: Kysely<any>, statements: readonly RawBuilder<unknown>[]): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction().execute(async (trx) => {
        await sql`set local lock_timeout = ${sql.lit(LOCK_WAIT)}`.execute(trx);
        for (const statement of statements) await statement.execute(trx);
      });
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== '55P03' || attempt >= LOCK_ATTEMPTS) throw error;
      // Jittered, so that the migration does not queue behind a long query in step with it.
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400));
    }
  }
}

async function exists(db: Kysely<any>, query: RawBuilder<{ found: number }>): Promise<boolean> {
  const { rows } = await query.execute(db);
  return rows.length > 0;
}

const constraintExists = (db: Kysely<any>, name: string) =>
  exists(db, sql<{ found: number }>`select 1 as found from pg_constraint where conname = ${name} and connamespace = current_schema()::regnamespace`);

async function columnExists(db: Kysely<any>, table: string, column: string): Promise<boolean> {
  return exists(
    db,
    sql<{ found: number }>`select 1 as found from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} and column_name = ${column}`,
  );
}

/** Steps 1–3 for one table: the column, its trigger, the backfill and NOT NULL. */
async function addAccountColumn(db: Kysely<any>, column: NewColumn): Promise<void> {
  const { table, parent, parentKey, childKey } = column;
  const fill = `${table}_fill_account`;
  if (!(await columnExists(db, table, 'account_id'))) {
    await sql`create or replace function ${id(fill)}() returns trigger language plpgsql as $$
      begin
        select account_id into new.account_id from ${id(parent)} where ${id(parentKey)} = new.${id(childKey)};
        return new;
      end $$`.execute(db);
    await briefly(db, [
      sql`alter table ${id(table)} add column account_id text`,
      sql`create trigger ${id(fill)} before insert or update on ${id(table)}
        for each row when (new.account_id is null) execute function ${id(fill)}()`,
    ]);
  }
  // Batches of parent keys, in key order: each reads the child rows through its index on childKey.
  let after: string | number | null = null;
  for (;;) {
    const { rows }: { rows: { key: string | number }[] } = await sql<{ key: string | number }>`
      select ${id(parentKey)} as key from ${id(parent)}
      where ${id(parentKey)} is not null ${after === null ? sql`` : sql`and ${id(parentKey)} > ${after}`}
      order by ${id(parentKey)} limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    const keys = rows.map((row) => row.key);
    await sql`update ${id(table)} c set account_id = p.account_id
      from ${id(parent)} p
      where p.${id(parentKey)} = any(${sql.val(keys)}) and c.${id(childKey)} = p.${id(parentKey)} and c.account_id is null`.execute(db);
    after = keys[keys.length - 1] ?? null;
  }
  // What is left names no parent (postings of a Memory already gone): nothing reads it.
  await sql`delete from ${id(table)} where account_id is null`.execute(db);
  // Every row was written again: their old versions are made reusable now (without a lock that
  // stops reads or writes), not when autovacuum comes round, and the planner learns the column.
  await sql`vacuum (analyze) ${id(table)}`.execute(db);
  const check = `${table}_account_present`;
  const notNull = await exists(
    db,
    sql<{ found: number }>`select 1 as found from pg_attribute
      where attrelid = ${table}::regclass and attname = 'account_id' and attnotnull`,
  );
  if (!notNull) {
    if (!(await constraintExists(db, check))) {
      await briefly(db, [sql`alter table ${id(table)} add constraint ${id(check)} check (account_id is not null) not valid`]);
    }
    await sql`alter table ${id(table)} validate constraint ${id(check)}`.execute(db);
    await briefly(db, [sql`alter table ${id(table)} alter column account_id set not null`, sql`alter table ${id(table)} drop constraint ${id(check)}`]);
  }
}

/** Step 4: an index built without stopping writes (an earlier, failed build is dropped first). */
async function buildIndex(db: Kysely<any>, table: string, name: string, columns: readonly string[], unique: boolean): Promise<void> {
  if (await constraintExists(db, name)) return;
  const { rows } = await sql<{ valid: boolean }>`
    select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
    where c.relname = ${name} and c.relnamespace = current_schema()::regnamespace`.execute(db);
  if (rows[0]?.valid) return;
  if (rows[0]) await sql`drop index concurrently ${id(name)}`.execute(db);
  await sql`create ${unique ? sql`unique` : sql``} index concurrently ${id(name)} on ${id(table)} (${ids(columns)})`.execute(db);
}

function onDelete(action: ForeignKey['onDelete']): RawBuilder<unknown> {
  if (action === 'cascade') return sql`on delete cascade`;
  if (action === 'restrict') return sql`on delete restrict`;
  return sql`on delete set null (${id(action.setNull)})`;
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of NEW_COLUMNS) await addAccountColumn(db, column);
  for (const key of KEYS) {
    await buildIndex(db, key.table, key.name, key.columns, true);
    if (key.lookup !== false) await buildIndex(db, key.table, `${key.name}_lookup`, key.columns.slice(1), false);
  }

  // Step 5: the swap, done once (its last foreign key marks it done).
  const last = FOREIGN_KEYS[FOREIGN_KEYS.length - 1];
  if (last && !(await constraintExists(db, last.name))) {
    const tables = [...new Set([...KEYS.map((key) => key.table), ...FOREIGN_KEYS.flatMap((key) => [key.table, key.references])])];
    await briefly(db, [
      // Every lock at once, first thing: a wait for one table (a long query on it) holds no other.
      sql`lock table ${ids(tables)} in access exclusive mode`,
      ...FOREIGN_KEYS.flatMap((key) => key.replaces.map((name) => sql`alter table ${id(key.table)} drop constraint if exists ${id(name)}`)),
      ...KEYS.map((key) =>
        key.index ? sql`drop index if exists ${id(key.replaces)}` : sql`alter table ${id(key.table)} drop constraint if exists ${id(key.replaces)}`,
      ),
      ...KEYS.map(
        (key) => sql`alter table ${id(key.table)} add constraint ${id(key.name)} ${key.primary ? sql`primary key` : sql`unique`} using index ${id(key.name)}`,
      ),
      ...FOREIGN_KEYS.map(
        (key) => sql`alter table ${id(key.table)} add constraint ${id(key.name)}
          foreign key (${ids(key.columns)}) references ${id(key.references)} (${ids(key.referencedColumns)}) ${onDelete(key.onDelete)} not valid`,
      ),
    ]);
  }
  // Step 6.
  for (const key of FOREIGN_KEYS) {
    const { rows } = await sql<{ validated: boolean }>`
      select convalidated as validated from pg_constraint where conname = ${key.name} and connamespace = current_schema()::regnamespace`.execute(db);
    if (rows[0] && !rows[0].validated) await sql`alter table ${id(key.table)} validate constraint ${id(key.name)}`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('2026_11_28_0030_account_scoped_keys cannot be undone: restore the backup taken before it');
}
