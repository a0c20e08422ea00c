import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { DB, TemplateRevisionRow, TemplateRow, TemplateRunRow } from '../../db/schema';
import { AppError } from '../shared/errors';

import type { Queryable } from '../../db/schema';
export type { Queryable };

export interface TemplateState {
  readonly template: TemplateRow;
  readonly revision: TemplateRevisionRow;
  readonly files: Array<{ path: string; size: number }>;
}

export const templateNotFound = (): AppError => new AppError('template_not_found', 'No Template with this ID.');

/** An owned Template with its current draft revision; 404 for any other account's. */
export async function loadTemplate(
  db: Queryable,
  accountId: string,
  templateId: string,
  options: { lock?: boolean } = {},
): Promise<TemplateState> {
  let query = db.selectFrom('templates').selectAll().where('id', '=', templateId).where('account_id', '=', accountId);
  if (options.lock) query = query.forUpdate();
  const template = await query.executeTakeFirst();
  if (!template) throw templateNotFound();
  const [revision, files] = await Promise.all([
    findRevision(db, accountId, templateId, template.draft_revision),
    filesOf(db, accountId, templateId, template.draft_revision),
  ]);
  return { template, revision, files };
}

/** Every Template of an account with its current draft revision, oldest first: three statements, however many Templates. */
export async function loadTemplatesOf(db: Queryable, accountId: string): Promise<TemplateState[]> {
  const templates = await db.selectFrom('templates').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
  if (templates.length === 0) return [];
  const drafts = sql`unnest(${sql.val(templates.map((template) => template.id))}::text[], ${sql.val(templates.map((template) => template.draft_revision))}::int[])`;
  const [revisions, files] = await Promise.all([
    sql<TemplateRevisionRow>`
      select r.* from template_revisions r join ${drafts} as d(template_id, revision) using (template_id, revision)
      where r.account_id = ${accountId}`.execute(db),
    sql<{ template_id: string; path: string; size: number }>`
      select f.template_id, f.path, f.size from template_files f join ${drafts} as d(template_id, revision) using (template_id, revision)
      where f.account_id = ${accountId}
      order by f.template_id, f.path collate "C"`.execute(db),
  ]);
  const revisionOf = new Map(revisions.rows.map((revision) => [revision.template_id, revision]));
  const filesOfTemplate = new Map<string, Array<{ path: string; size: number }>>();
  for (const { template_id, path, size } of files.rows) {
    const list = filesOfTemplate.get(template_id);
    if (list) list.push({ path, size });
    else filesOfTemplate.set(template_id, [{ path, size }]);
  }
  return templates.map((template) => {
    const revision = revisionOf.get(template.id);
    if (!revision) throw new Error(`template ${template.id} has no revision ${template.draft_revision}`);
    return { template, revision, files: filesOfTemplate.get(template.id) ?? [] };
  });
}

/**
 * Reads that must agree with each other outside a write (a Template, its draft revision and its
 * files): one snapshot, so an update committed in between cannot remove the revision they name.
 */
export function inOneSnapshot<T>(db: Kysely<DB>, read: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').execute(read);
}

/** The IDs of an account's Templates, oldest first. */
export async function templateIdsOf(db: Queryable, accountId: string): Promise<string[]> {
  const rows = await db.selectFrom('templates').select('id').where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** Takes a Template's row for share (any account's): its publication waits until the transaction ends. */
export async function lockForRead(db: Queryable, templateId: string): Promise<void> {
  await db.selectFrom('templates').select('id').where('id', '=', templateId).forShare().execute();
}

/** Whether the account already has a copy of this Template (made at any version). */
export async function hasCopied(db: Queryable, accountId: string, sourceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('templates')
    .select('id')
    .where('copied_from_template_id', '=', sourceId)
    .where('account_id', '=', accountId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many accounts have copied this Template (each once). */
export async function copiersOf(db: Queryable, sourceId: string): Promise<number> {
  const row = await db
    .selectFrom('templates')
    .select(sql<number>`count(distinct account_id)::int`.as('copiers'))
    .where('copied_from_template_id', '=', sourceId)
    .executeTakeFirstOrThrow();
  return row.copiers;
}

export async function insertTemplate(db: Queryable, template: Insertable<DB['templates']>): Promise<void> {
  await db.insertInto('templates').values(template).execute();
}

export async function setLastRun(db: Queryable, accountId: string, templateId: string, runId: string): Promise<void> {
  await db.updateTable('templates').set({ last_run_id: runId }).where('account_id', '=', accountId).where('id', '=', templateId).execute();
}

/**
 * Moves a Template of the account to other states. state_version counts every move, so that a
 * request that waited for the row lock can tell whether the Template moved meanwhile;
 * `newVersion` also counts a new public version.
 */
export async function moveTemplate(
  db: Queryable,
  accountId: string,
  templateId: string,
  changes: Updateable<DB['templates']>,
  options: { newVersion?: boolean } = {},
): Promise<TemplateRow> {
  return db
    .updateTable('templates')
    .set({ ...changes, state_version: sql`state_version + 1`, ...(options.newVersion ? { version: sql`version + 1` } : {}) })
    .where('account_id', '=', accountId)
    .where('id', '=', templateId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A revision with its files: the files' total size is the revision's. */
export async function insertRevision(
  db: Queryable,
  revision: Insertable<DB['template_revisions']>,
  files: ReadonlyArray<{ path: string; content: string; size: number }>,
): Promise<void> {
  await db.insertInto('template_revisions').values(revision).execute();
  await db
    .insertInto('template_files')
    .values(files.map((file) => ({ account_id: revision.account_id, template_id: revision.template_id, revision: revision.revision, ...file })))
    .execute();
}

/** A revision of a Template of the account (as are the revisions and files named below). */
export function findRevision(db: Queryable, accountId: string, templateId: string, revision: number): Promise<TemplateRevisionRow> {
  return db
    .selectFrom('template_revisions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('template_id', '=', templateId)
    .where('revision', '=', revision)
    .executeTakeFirstOrThrow();
}

export async function setReleaseNotes(db: Queryable, accountId: string, templateId: string, revision: number, releaseNotes: string): Promise<void> {
  await db
    .updateTable('template_revisions')
    .set({ release_notes: releaseNotes })
    .where('account_id', '=', accountId)
    .where('template_id', '=', templateId)
    .where('revision', '=', revision)
    .execute();
}

function filesOfRevision(db: Queryable, accountId: string, templateId: string, revision: number) {
  return db
    .selectFrom('template_files')
    .where('account_id', '=', accountId)
    .where('template_id', '=', templateId)
    .where('revision', '=', revision);
}

/** A revision's file list, in path order. */
export function filesOf(db: Queryable, accountId: string, templateId: string, revision: number) {
  return filesOfRevision(db, accountId, templateId, revision).select(['path', 'size']).orderBy(sql`path collate "C"`).execute();
}

/** A revision's files with their contents, in path order. */
export function fileContents(db: Queryable, accountId: string, templateId: string, revision: number) {
  return filesOfRevision(db, accountId, templateId, revision).select(['path', 'content', 'size']).orderBy(sql`path collate "C"`).execute();
}

/** One file's content, if the revision has a file at this path. */
export async function fileContent(
  db: Queryable,
  accountId: string,
  templateId: string,
  revision: number,
  path: string,
): Promise<string | undefined> {
  const row = await filesOfRevision(db, accountId, templateId, revision).select('content').where('path', '=', path).executeTakeFirst();
  return row?.content;
}

export async function insertRun(
  db: Queryable,
  run: Omit<TemplateRunRow, 'checks'> & { checks: TemplateRunRow['checks'] },
): Promise<TemplateRunRow> {
  return db
    .insertInto('template_runs')
    .values({ ...run, checks: JSON.stringify(run.checks) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The latest runs of each of an account's Templates. */
export async function latestRuns(db: Queryable, accountId: string, perTemplate: number): Promise<TemplateRunRow[]> {
  const { rows } = await sql<TemplateRunRow>`
    select id, template_id, account_id, action, revision, status, checks, error_code, created_at from (
      select r.*, row_number() over (partition by template_id order by created_at desc, id desc) as position
      from template_runs r where r.account_id = ${accountId}
    ) ranked
    where position <= ${perTemplate}
    order by template_id, created_at desc, id desc`.execute(db);
  return rows;
}

/** Drops revisions nothing refers to any more: not current, reviewed or published. */
export async function pruneRevisions(db: Queryable, template: TemplateRow): Promise<void> {
  const keep = [template.draft_revision, template.reviewed_revision, template.published_revision].filter(
    (revision): revision is number => revision !== null,
  );
  await db
    .deleteFrom('template_revisions')
    .where('account_id', '=', template.account_id)
    .where('template_id', '=', template.id)
    .where('revision', 'not in', keep)
    .execute();
}
