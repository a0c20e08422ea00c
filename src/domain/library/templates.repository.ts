import { sql } from 'kysely';
import type { TemplateRevisionRow, TemplateRow, TemplateRunRow } from '../../db/schema';
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
    db
      .selectFrom('template_revisions')
      .selectAll()
      .where('template_id', '=', templateId)
      .where('revision', '=', template.draft_revision)
      .executeTakeFirstOrThrow(),
    filesOf(db, templateId, template.draft_revision),
  ]);
  return { template, revision, files };
}

export function filesOf(db: Queryable, templateId: string, revision: number) {
  return db
    .selectFrom('template_files')
    .select(['path', 'size'])
    .where('template_id', '=', templateId)
    .where('revision', '=', revision)
    .orderBy(sql`path collate "C"`)
    .execute();
}

export function fileContents(db: Queryable, templateId: string, revision: number) {
  return db
    .selectFrom('template_files')
    .select(['path', 'content', 'size'])
    .where('template_id', '=', templateId)
    .where('revision', '=', revision)
    .orderBy(sql`path collate "C"`)
    .execute();
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
  await db.deleteFrom('template_revisions').where('template_id', '=', template.id).where('revision', 'not in', keep).execute();
}
