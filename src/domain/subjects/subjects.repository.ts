import { sql, type Insertable, type Transaction, type Updateable } from 'kysely';
import type { DB, SubjectRow } from '../../db/schema';
import { escapeLike } from '../insights/mentions';
import { AppError } from '../shared/errors';
import { cursorInteger, type CursorPosition } from '../shared/pagination';
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
  return sql<number>`coalesce((select ${visibleLinks(principal)} from subject_memory_counts c
    where c.account_id = subjects.account_id and c.subject_id = subjects.id), 0)`;
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

/** What a Subject's mentions are matched by: its ID, name and aliases. */
const MENTIONED_AS = ['id', 'name', 'aliases'] as const;

/** The account's Subject with this name, case-insensitively, other than `exceptId`. */
export async function findSubjectNamed(
  db: Queryable,
  accountId: string,
  name: string,
  exceptId?: string,
): Promise<{ id: string } | undefined> {
  let query = db
    .selectFrom('subjects')
    .select('id')
    .where('account_id', '=', accountId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

export async function insertSubject(db: Queryable, row: Insertable<DB['subjects']>) {
  return db.insertInto('subjects').values(row).returning(MENTIONED_AS).executeTakeFirstOrThrow();
}

export async function updateSubjectRow(db: Queryable, accountId: string, id: string, changes: Updateable<DB['subjects']>) {
  return db
    .updateTable('subjects')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returning(MENTIONED_AS)
    .executeTakeFirstOrThrow();
}

/** Deletes the account's Subject; its links, Facts, suggestions, insights and counts go with it (on delete cascade). */
export async function deleteSubjectRow(db: Queryable, accountId: string, id: string): Promise<void> {
  await db.deleteFrom('subjects').where('account_id', '=', accountId).where('id', '=', id).execute();
}

export interface SubjectSearch {
  /** Trimmed and lower-cased. */
  readonly q: string | undefined;
  readonly kind: string | undefined;
  /** The (match group, lower-cased name, ID) of the last row of the previous page. */
  readonly position: CursorPosition | null;
  readonly limit: number;
}

/**
 * Subjects by name; with `q`, matches on name or alias in four groups (exact, word prefix,
 * substring, trigram), each by name. Keyset order: (group, name, id).
 */
export function searchSubjects(db: Queryable, principal: Principal, search: SubjectSearch) {
  const { q, kind, position, limit } = search;
  const like = q ? escapeLike(q) : '';
  const group = q
    ? sql<number>`(case
        when lower(subjects.name) = ${q} or ${q} = any(select lower(a) from unnest(subjects.aliases) a) then 0
        when ' ' || subjects.search_text like ${`% ${like}%`} then 1
        when subjects.search_text like ${`%${like}%`} then 2
        else 3 end)`
    : sql<number>`0::int`; // an expression: a bare 0 in ORDER BY would mean a column position
  let select = subjectsOf(db, principal)
    .select(group.as('match_group'))
    .select(sql<string>`lower(subjects.name)`.as('sort_name'))
    .orderBy(group)
    .orderBy(sql`lower(subjects.name)`)
    .orderBy('subjects.id')
    .limit(limit);
  if (kind) select = select.where('subjects.kind', '=', kind);
  if (q) {
    select = select.where(sql<boolean>`(subjects.search_text like ${`%${like}%`} or ${q} <% subjects.search_text)`);
  }
  if (position) {
    const [matchGroup, sortName, id] = position;
    select = select.where(
      sql<boolean>`(${group}, lower(subjects.name), subjects.id) > (${cursorInteger(matchGroup)}, ${String(sortName)}, ${String(id)})`,
    );
  }
  return select.execute();
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

export { isUniqueViolation } from '../shared/errors';
