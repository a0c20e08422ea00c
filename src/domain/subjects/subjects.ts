import type { SubjectCreate, SubjectUpdate } from '../../generated/openapi';
import { applyChanges } from '../projections/projections';
import type { Services } from '../services';
import { writeInAccount } from '../shared/account-writes';
import { AppError } from '../shared/errors';
import { newId } from '../shared/ids';
import { decodeCursor, encodeCursor, pageSize, toPage, type Page } from '../shared/pagination';
import type { Principal } from '../shared/principal';
import { TYPO_WORD_SIMILARITY, withTrigramThreshold } from '../../db/sql';
import {
  findSubject,
  findSubjectNamed,
  insertSubject,
  isUniqueViolation,
  lockSubject,
  searchSubjects,
  subjectNotFound,
  type SubjectWithCount,
  updateSubjectRow,
} from './subjects.repository';
import { toSubject, type Subject } from './subject-mapper';

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
  const clash = await findSubjectNamed(services.db, accountId, name, exceptId);
  if (clash) throw new AppError('duplicate_subject', `A Subject named "${name}" already exists.`, { name, subject_id: clash.id });
}

export async function createSubject(services: Services, principal: Principal, input: SubjectCreate): Promise<Subject> {
  const name = input.name.trim();
  await assertNameFree(services, principal.accountId, name);
  const now = services.clock.now();
  try {
    const id = await writeInAccount(services, principal.accountId, async (trx) => {
      const row = await insertSubject(trx, {
        id: newId('subject', now.getTime()),
        account_id: principal.accountId,
        name,
        kind: input.kind ?? 'other',
        aliases: normalizeAliases(input.aliases ?? []),
        description: input.description ?? '',
        created_at: now,
        updated_at: now,
      });
      await applyChanges(trx, principal.accountId, [{ kind: 'subject_saved', subject: row, named: true }], now);
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
    await writeInAccount(services, principal.accountId, async (trx) => {
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
      const row = await updateSubjectRow(trx, principal.accountId, id, { ...changes, updated_at: now });
      await applyChanges(trx, principal.accountId, [{ kind: 'subject_saved', subject: row, named: 'name' in changes || 'aliases' in changes }], now);
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

/** Subjects by name, or those matching `q` best first (see searchSubjects); keyset-paged. */
export async function listSubjects(
  services: Services,
  principal: Principal,
  query: ListSubjectsQuery,
): Promise<Page<Subject>> {
  const size = pageSize(query.limit);
  const q = query.q?.trim().toLowerCase();
  const filters = { q, kind: query.kind };
  const position = decodeCursor('subjects', filters, query.cursor, 3);
  const search = { q, kind: query.kind, position, limit: size + 1 };
  const rows = q
    ? await withTrigramThreshold(services.db, 'word_similarity', TYPO_WORD_SIMILARITY, (trx) => searchSubjects(trx, principal, search))
    : await searchSubjects(services.db, principal, search);
  return toPage(
    rows,
    size,
    toSubject,
    (row) => [row.match_group, row.sort_name, row.id],
    (p) => encodeCursor('subjects', filters, p),
  );
}
