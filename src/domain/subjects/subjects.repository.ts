import { sql, type Transaction } from 'kysely';
import type { DB, SubjectRow } from '../../db/schema';
import { AppError } from '../shared/errors';
import type { Principal } from '../shared/principal';
import { canSeeSecrets } from '../memories/visibility';

import type { Queryable } from '../../db/schema';
export type { Queryable };

export const SUBJECT_COLUMNS = [
  'subjects.id',
  'subjects.account_id',
  'subjects.name',
  'subjects.kind',
  'subjects.aliases',
  'subjects.description',
  'subjects.created_at',
  'subjects.updated_at',
] as const;

export type SubjectWithCount = Omit<SubjectRow, 'search_text'> & { memory_count: number };

/**
 * Linked Memories the principal can see: secret ones are not counted for API keys. Read from the
 * maintained counts (see link-counts.repository.ts), not counted.
 */
export function memoryCount(principal: Principal) {
  return sql<number>`coalesce((select ${visibleLinks(principal)} from subject_memory_counts c where c.subject_id = subjects.id), 0)`;
}

/** Of a subject_memory_counts row named `c`, the linked Memories the principal can see. */
export function visibleLinks(principal: Principal) {
  return canSeeSecrets(principal) ? sql<number>`c.links` : sql<number>`(c.links - c.secret_links)`;
}

/** The caller's Subjects, each with its visible memory_count. */
export function subjectsOf(db: Queryable, principal: Principal) {
  return db
    .selectFrom('subjects')
    .select(SUBJECT_COLUMNS)
    .select(memoryCount(principal).as('memory_count'))
    .where('subjects.account_id', '=', principal.accountId);
}

export async function findSubject(
  db: Queryable,
  principal: Principal,
  id: string,
): Promise<SubjectWithCount | undefined> {
  return subjectsOf(db, principal).where('subjects.id', '=', id).executeTakeFirst();
}

/** The Subject row itself, locked for the rest of the transaction. */
export async function lockSubject(trx: Transaction<DB>, accountId: string, id: string) {
  return trx
    .selectFrom('subjects')
    .select(SUBJECT_COLUMNS)
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
}

export const subjectNotFound = (): AppError => new AppError('subject_not_found', 'No Subject with this ID.');

/** 404 subject_not_found unless the Subject belongs to the caller's account. */
export async function assertSubjectExists(db: Queryable, principal: Principal, subjectId: string): Promise<void> {
  const found = await db
    .selectFrom('subjects')
    .select('id')
    .where('id', '=', subjectId)
    .where('account_id', '=', principal.accountId)
    .executeTakeFirst();
  if (!found) throw subjectNotFound();
}

/** The Subject row locked for the rest of the transaction, or 404 subject_not_found. */
export async function lockOwnedSubject(trx: Transaction<DB>, principal: Principal, subjectId: string) {
  const subject = await lockSubject(trx, principal.accountId, subjectId);
  if (!subject) throw subjectNotFound();
  return subject;
}

export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
