import { sql } from 'kysely';
import type { components } from '../../generated/openapi';
import { recordChanges } from '../changes/change-feed';
import type { Services } from '../services';
import { refreshMentionsOfSubject } from '../insights/insights';
import { escapeLike } from '../insights/mentions';
import { AppError } from '../shared/errors';
import { newId } from '../shared/ids';
import { cursorInteger, decodeCursor, encodeCursor, pageSize, toPage, type Page } from '../shared/pagination';
import type { Principal } from '../shared/principal';
import { TYPO_WORD_SIMILARITY, withTrigramThreshold } from '../../db/sql';
import {
  findSubject,
  isUniqueViolation,
  type Queryable,
  lockSubject,
  subjectNotFound,
  subjectsOf,
  type SubjectWithCount,
} from './subjects.repository';

export type Subject = components['schemas']['Subject'];
type SubjectCreate = components['schemas']['SubjectCreate'];
type SubjectUpdate = components['schemas']['SubjectUpdate'];
type SubjectKind = components['schemas']['SubjectKind'];

export function toSubject(row: SubjectWithCount): Subject {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as SubjectKind,
    aliases: row.aliases,
    description: row.description,
    memory_count: row.memory_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export { subjectNotFound };

/** Aliases are trimmed and de-duplicated case-insensitively, keeping the first spelling. */
export function normalizeAliases(aliases: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const alias of aliases.map((a) => a.trim())) {
    const key = alias.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      out.push(alias);
    }
  }
  return out;
}

function duplicateName(name: string): AppError {
  return new AppError('duplicate_subject', `A Subject named "${name}" already exists.`, { name });
}

async function assertNameFree(services: Services, accountId: string, name: string, exceptId?: string): Promise<void> {
  let query = services.db
    .selectFrom('subjects')
    .select('id')
    .where('account_id', '=', accountId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  const clash = await query.executeTakeFirst();
  if (clash) throw new AppError('duplicate_subject', `A Subject named "${name}" already exists.`, { name, subject_id: clash.id });
}

export async function createSubject(services: Services, principal: Principal, input: SubjectCreate): Promise<Subject> {
  const name = input.name.trim();
  await assertNameFree(services, principal.accountId, name);
  const now = services.clock.now();
  try {
    const id = await services.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('subjects')
        .values({
          id: newId('subject', now.getTime()),
          account_id: principal.accountId,
          name,
          kind: input.kind ?? 'other',
          aliases: normalizeAliases(input.aliases ?? []),
          description: input.description ?? '',
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'name', 'aliases'])
        .executeTakeFirstOrThrow();
      await refreshMentionsOfSubject(trx, principal.accountId, row, now);
      await recordChanges(trx, principal.accountId, [{ entity: 'subject', entityId: row.id, op: 'upsert' }], now);
      return row.id;
    });
    return toSubject((await findSubject(services.db, principal, id)) as SubjectWithCount);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(name);
    throw err;
  }
}

export async function getSubject(services: Services, principal: Principal, id: string): Promise<Subject> {
  const row = await findSubject(services.db, principal, id);
  if (!row) throw subjectNotFound();
  return toSubject(row);
}

export async function updateSubject(
  services: Services,
  principal: Principal,
  id: string,
  patch: SubjectUpdate,
): Promise<Subject> {
  const name = patch.name?.trim();
  if (name !== undefined) await assertNameFree(services, principal.accountId, name, id);
  try {
    await services.db.transaction().execute(async (trx) => {
      const current = await lockSubject(trx, principal.accountId, id);
      if (!current) throw subjectNotFound();
      const aliases = patch.aliases ? normalizeAliases(patch.aliases) : undefined;
      const changes = {
        ...(name !== undefined && name !== current.name ? { name } : {}),
        ...(patch.kind !== undefined && patch.kind !== current.kind ? { kind: patch.kind } : {}),
        ...(aliases && aliases.join('\u0000') !== current.aliases.join('\u0000') ? { aliases } : {}),
        ...(patch.description !== undefined && patch.description !== current.description
          ? { description: patch.description }
          : {}),
      };
      if (Object.keys(changes).length === 0) return;
      const now = services.clock.now();
      const row = await trx
        .updateTable('subjects')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .returning(['id', 'name', 'aliases'])
        .executeTakeFirstOrThrow();
      if ('name' in changes || 'aliases' in changes) await refreshMentionsOfSubject(trx, principal.accountId, row, now);
      await recordChanges(trx, principal.accountId, [{ entity: 'subject', entityId: id, op: 'upsert' }], now);
    });
  } catch (err) {
    if (isUniqueViolation(err) && name !== undefined) throw duplicateName(name);
    throw err;
  }
  return getSubject(services, principal, id);
}

export interface ListSubjectsQuery {
  q?: string;
  kind?: string;
  limit?: number;
  cursor?: string;
}

/**
 * Subjects by name; with `q`, matches on name or alias in four groups (exact, word prefix,
 * substring, trigram), each by name. Keyset pagination over (group, name, id).
 */
export async function listSubjects(
  services: Services,
  principal: Principal,
  query: ListSubjectsQuery,
): Promise<Page<Subject>> {
  const size = pageSize(query.limit);
  const q = query.q?.trim().toLowerCase();
  const filters = { q, kind: query.kind };
  const position = decodeCursor('subjects', filters, query.cursor, 3);
  const like = q ? escapeLike(q) : '';
  const group = q
    ? sql<number>`(case
        when lower(subjects.name) = ${q} or ${q} = any(select lower(a) from unnest(subjects.aliases) a) then 0
        when ' ' || subjects.search_text like ${`% ${like}%`} then 1
        when subjects.search_text like ${`%${like}%`} then 2
        else 3 end)`
    : sql<number>`0::int`; // an expression: a bare 0 in ORDER BY would mean a column position
  const search = (db: Queryable) => {
    let select = subjectsOf(db, principal)
      .select(group.as('match_group'))
      .select(sql<string>`lower(subjects.name)`.as('sort_name'))
      .orderBy(group)
      .orderBy(sql`lower(subjects.name)`)
      .orderBy('subjects.id')
      .limit(size + 1);
    if (query.kind) select = select.where('subjects.kind', '=', query.kind);
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
  };
  const rows = q ? await withTrigramThreshold(services.db, 'word_similarity', TYPO_WORD_SIMILARITY, search) : await search(services.db);
  return toPage(
    rows,
    size,
    toSubject,
    (row) => [row.match_group, row.sort_name, row.id],
    (p) => encodeCursor('subjects', filters, p),
  );
}
