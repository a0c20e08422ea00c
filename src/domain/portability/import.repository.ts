import { sql, type Insertable } from 'kysely';
import type { DB, MemoryRow, NewMemoryRow, Queryable } from '../../db/schema';
import { visibleMemories } from '../memories/memories.repository';
import type { IndexColumns } from '../projections/projections';
import { isWellFormed } from '../shared/text';

/**
 * The import's writes, and what it reads of the account before them. Many rows go as one JSON
 * parameter: a statement of thousands of parameters costs more to build and send than the rows
 * themselves.
 */

/** Whether this transaction now holds the account's import lock (held until it ends); false when another import holds it. */
export async function tryImportLock(db: Queryable, accountId: string): Promise<boolean> {
  const { locked } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${`mtl-import:${accountId}`})) as locked`
    .execute(db)
    .then((result) => result.rows[0]!);
  return locked;
}

/** Opens the journal of an import that commits as it goes (see migration 0021). */
export async function beginImportRun(db: Queryable, accountId: string, runId: string, at: Date): Promise<void> {
  await db.insertInto('import_runs').values({ account_id: accountId, id: runId, started_at: at }).execute();
}

/** Notes records an import wrote, in the transaction that wrote them. */
export async function noteImportRows(db: Queryable, accountId: string, runId: string, rows: ReadonlyArray<{ kind: string; id: string }>): Promise<void> {
  if (rows.length === 0) return;
  await sql`
      insert into import_run_rows (account_id, run_id, kind, row_id)
      select ${accountId}, ${runId}, kind, id from json_to_recordset(${JSON.stringify(rows)}::json) as r(kind text, id text)
      on conflict do nothing`.execute(db);
}

/** Ends an import's journal: the import is complete, in the transaction that completes it. */
export async function endImportRun(db: Queryable, accountId: string, runId: string): Promise<void> {
  await db.deleteFrom('import_runs').where('account_id', '=', accountId).where('id', '=', runId).execute();
}

/** What an import's journal names, by kind. */
export function importRowsOf(db: Queryable, accountId: string, runId: string) {
  return db.selectFrom('import_run_rows').select(['kind', 'row_id']).where('account_id', '=', accountId).where('run_id', '=', runId).execute();
}

/** Imports whose journal was not ended: they had not finished when the process stopped. */
export function unfinishedImportRuns(db: Queryable) {
  return db.selectFrom('import_runs').select(['account_id', 'id']).orderBy('started_at').execute();
}

export async function deleteImportedSuggestions(db: Queryable, accountId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('fact_suggestions').where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

export async function deleteImportedFacts(db: Queryable, accountId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  // A Fact the import wrote may have been named as superseded by another it wrote.
  await db.updateTable('facts').set({ superseded_by: null }).where('account_id', '=', accountId).where('superseded_by', 'in', ids).execute();
  await db.deleteFrom('facts').where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

/** Takes imported Memories out of the sources of the Facts the account had, which the import added them to. */
export async function unsourceImportedMemories(db: Queryable, accountId: string, memoryIds: readonly string[]): Promise<void> {
  for (let start = 0; start < memoryIds.length; start += 1_000) {
    await db.deleteFrom('fact_sources').where('account_id', '=', accountId).where('memory_id', 'in', memoryIds.slice(start, start + 1_000)).execute();
  }
}

/** Imported Memories still there, locked for their deletion. */
export async function importedMemories(db: Queryable, accountId: string, ids: readonly string[]): Promise<MemoryRow[]> {
  if (ids.length === 0) return [];
  return visibleMemories(db, { kind: 'session', accountId }).where('memories.id', 'in', ids).forUpdate().execute();
}

export async function deleteImportedTemplates(db: Queryable, accountId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('templates').where('account_id', '=', accountId).where('id', 'in', ids).execute();
}

export async function deleteImportedProfile(db: Queryable, accountId: string): Promise<void> {
  await db.deleteFrom('workspace_profiles').where('account_id', '=', accountId).execute();
}

/** What an import needs to know of the account before it writes. */
export async function accountBeforeImport(db: Queryable, accountId: string) {
  const [subjects, profile, templates, memory] = await Promise.all([
    db.selectFrom('subjects').select(['id', 'name', 'aliases']).where('account_id', '=', accountId).execute(),
    db.selectFrom('workspace_profiles').select('account_id').where('account_id', '=', accountId).executeTakeFirst(),
    db
      .selectFrom('templates')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('memories').select('id').where('account_id', '=', accountId).limit(1).executeTakeFirst(),
  ]);
  return { subjects, hasProfile: profile !== undefined, templates: templates.count, hasMemories: memory !== undefined };
}

export async function insertWorkspaceProfile(db: Queryable, accountId: string, profile: { guidance: string; updated_at: Date }): Promise<void> {
  await db
    .insertInto('workspace_profiles')
    .values({ account_id: accountId, guidance: profile.guidance, updated_at: profile.updated_at })
    .execute();
}

/**
 * Inserts a Subject unless the account has one of its name, as the database compares names (its
 * `lower()`, which the unique index on names uses); whether it was inserted.
 */
export async function insertSubjectUnlessNamed(db: Queryable, subject: Insertable<DB['subjects']>): Promise<boolean> {
  const inserted = await db.insertInto('subjects').values(subject).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
  return inserted !== undefined;
}

/** The account's Subject of a name, compared as the unique index on names compares them. */
export async function subjectNamed(db: Queryable, accountId: string, name: string): Promise<string | undefined> {
  const found = await db
    .selectFrom('subjects')
    .select('id')
    .where('account_id', '=', accountId)
    .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`)
    .executeTakeFirst();
  return found?.id;
}

/** A Subject name as the database folds it for the unique index on names (its `lower()`). */
export async function foldedName(db: Queryable, name: string): Promise<string> {
  const { folded } = await sql<{ folded: string }>`select lower(${name}) as folded`.execute(db).then((result) => result.rows[0]!);
  return folded;
}

const LONE_SURROGATES = /\p{Cs}/gu;
const SURROGATE_ESCAPE = /\\ud[89a-f]/i;

/**
 * Rows as a JSON parameter. A lone surrogate (which JSON may escape but PostgreSQL's JSON refuses)
 * becomes U+FFFD, as it does in any text parameter. JSON.stringify escapes every lone surrogate,
 * so only rows whose JSON has such an escape are written again with the replacement.
 */
function rowsJson(rows: readonly object[]): string {
  const json = JSON.stringify(rows);
  if (!SURROGATE_ESCAPE.test(json)) return json;
  return JSON.stringify(rows, (_key, value: unknown) =>
    typeof value === 'string' && !isWellFormed(value) ? value.replace(LONE_SURROGATES, '\uFFFD') : value,
  );
}

/** Inserts an account's new Memories with their search columns; returns their index numbers. */
export async function insertMemories(
  db: Queryable,
  accountId: string,
  rows: ReadonlyArray<NewMemoryRow & IndexColumns>,
): Promise<Array<{ id: string; search_doc: string | number }>> {
  const written = await sql<{ id: string; search_doc: string | number }>`
      insert into memories (id, account_id, text, type, sensitivity, tags, pinned, revision, created_at, updated_at, expires_at,
                            search_terms, search_length)
      select id, ${accountId}, text, type, sensitivity, tags, pinned, revision, created_at, updated_at, expires_at,
             search_terms, search_length
      from json_to_recordset(${rowsJson(rows)}::json)
        as r(id text, text text, type text, sensitivity text, tags text[], pinned boolean, revision int, created_at timestamptz,
             updated_at timestamptz, expires_at timestamptz, search_terms int[], search_length int)
      returning id, search_doc`.execute(db);
  return written.rows;
}

export interface ImportedRevision {
  readonly memory_id: string;
  readonly revision: number;
  readonly text: string;
  readonly type: string;
  readonly sensitivity: string;
  readonly tags: string[];
  readonly pinned: boolean;
  readonly created_at: string;
  readonly actor_kind: string;
  /** The importing API key, when a key imports; the file's keys belong to the exporting account and are never kept. */
  readonly actor_key_id: string | null;
}

/** Inserts Memories' revisions of an account. */
export async function insertRevisions(db: Queryable, accountId: string, revisions: readonly ImportedRevision[]): Promise<void> {
  await sql`
      insert into memory_revisions (memory_id, account_id, revision, text, type, sensitivity, tags, pinned, created_at, actor_kind, actor_key_id)
      select memory_id, ${accountId}, revision, text, type, sensitivity, tags, pinned, created_at, actor_kind, actor_key_id
      from json_to_recordset(${rowsJson(revisions)}::json)
        as r(memory_id text, revision int, text text, type text, sensitivity text, tags text[], pinned boolean,
             created_at timestamptz, actor_kind text, actor_key_id text)`.execute(db);
}

/** Inserts the links that do not exist yet; returns those inserted. */
export async function insertNewLinks(
  db: Queryable,
  accountId: string,
  links: ReadonlyArray<{ subject_id: string; memory_id: string; created_at: Date }>,
): Promise<Array<{ subject_id: string; memory_id: string }>> {
  return db
    .insertInto('memory_links')
    .values(links.map((link) => ({ account_id: accountId, ...link })))
    .onConflict((oc) => oc.columns(['account_id', 'subject_id', 'memory_id']).doNothing())
    .returning(['subject_id', 'memory_id'])
    .execute();
}

/** Adds sources to a Fact; one it has already stays once. */
export async function addFactSources(db: Queryable, accountId: string, factId: string, memoryIds: readonly string[]): Promise<void> {
  await db
    .insertInto('fact_sources')
    .values(memoryIds.map((memory_id) => ({ account_id: accountId, fact_id: factId, memory_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Points each Fact of `ids` at the successor of the same position in `successorIds`. */
export async function setSuccessors(db: Queryable, ids: readonly string[], successorIds: readonly string[]): Promise<void> {
  await sql`update facts f set superseded_by = u.successor
        from unnest(${ids}::text[], ${successorIds}::text[]) as u(id, successor)
        where f.id = u.id`.execute(db);
}

/** A Template with its first draft revision and that revision's files. */
export async function insertTemplate(
  db: Queryable,
  template: Insertable<DB['templates']>,
  revision: Insertable<DB['template_revisions']>,
  files: ReadonlyArray<Insertable<DB['template_files']>>,
): Promise<void> {
  await db.insertInto('templates').values(template).execute();
  await db.insertInto('template_revisions').values(revision).execute();
  await db.insertInto('template_files').values(files).execute();
}


/** The tables whose IDs a restore keeps, by the kind of record; a Memory's ID is also taken while it is in the trash. */
const ID_TABLES = {
  subject: ['subjects'],
  memory: ['memories', 'memory_trash'],
  fact: ['facts'],
  suggestion: ['fact_suggestions'],
  template: ['templates'],
} as const;

export type RestoredKind = keyof typeof ID_TABLES;

/**
 * Which of these IDs records of this kind have, in the account (`ours`) and in other accounts
 * (`theirs`); `trashed`, those of `ours` that are Memories in the trash.
 */
export async function idsTaken(
  db: Queryable,
  kind: RestoredKind,
  accountId: string,
  ids: readonly string[],
): Promise<{ ours: Set<string>; theirs: Set<string>; trashed: Set<string> }> {
  const taken = { ours: new Set<string>(), theirs: new Set<string>(), trashed: new Set<string>() };
  if (ids.length === 0) return taken;
  for (const table of ID_TABLES[kind]) {
    const rows = await sql<{ id: string; account_id: string }>`
      select id, account_id from ${sql.table(table)} where id = any(${sql.val(ids)}::text[])`.execute(db);
    for (const row of rows.rows) {
      if (row.account_id !== accountId) taken.theirs.add(row.id);
      else {
        taken.ours.add(row.id);
        if (table === 'memory_trash') taken.trashed.add(row.id);
      }
    }
  }
  return taken;
}
