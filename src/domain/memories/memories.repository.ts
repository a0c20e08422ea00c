import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB, MemoryRevisionRow, MemoryRow, NewMemoryRow } from '../../db/schema';
import { textArray } from '../../db/sql';
import { AppError } from '../shared/errors';
import type { Principal } from '../shared/principal';
import { memoryVisibleTo } from './visibility';

import type { Queryable } from '../../db/schema';
export type { Queryable };

const MEMORY_COLUMNS = [
  'memories.id',
  'memories.account_id',
  'memories.text',
  'memories.type',
  'memories.sensitivity',
  'memories.tags',
  'memories.pinned',
  'memories.revision',
  'memories.created_at',
  'memories.updated_at',
  'memories.expires_at',
] as const;

/** Memories of the caller's account that the caller may see (see visibility.ts). */
export function visibleMemories(db: Queryable, principal: Principal): SelectQueryBuilder<DB, 'memories', MemoryRow> {
  const query = db
    .selectFrom('memories')
    .select(MEMORY_COLUMNS)
    .where('memories.account_id', '=', principal.accountId)
    .where(memoryVisibleTo(principal, 'memories'));
  return query as unknown as SelectQueryBuilder<DB, 'memories', MemoryRow>;
}

export async function findVisibleMemory(
  db: Queryable,
  principal: Principal,
  id: string,
  options: { forUpdate?: boolean; forShare?: boolean } = {},
): Promise<MemoryRow | undefined> {
  let query = visibleMemories(db, principal).where('memories.id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  else if (options.forShare) query = query.forShare();
  return query.executeTakeFirst();
}

export const memoryNotFound = (): AppError => new AppError('memory_not_found', 'No Memory with this ID.');

/** The Memory, if the caller may see it; otherwise 404 memory_not_found (never 403: its existence is not told). */
export async function requireVisibleMemory(
  db: Queryable,
  principal: Principal,
  id: string,
  options: { forUpdate?: boolean; forShare?: boolean } = {},
): Promise<MemoryRow> {
  const row = await findVisibleMemory(db, principal, id, options);
  if (!row) throw memoryNotFound();
  return row;
}

/** What a list of Memories may be narrowed to. */
export interface MemoryFilters {
  readonly type?: string | undefined;
  readonly tag?: string | undefined;
  readonly sensitivity?: string | undefined;
  readonly pinned?: boolean | undefined;
  readonly updatedSince?: Date | undefined;
}

/** The Memories the principal may see that pass the filters. */
export function filteredMemories(db: Queryable, principal: Principal, filters: MemoryFilters): SelectQueryBuilder<DB, 'memories', MemoryRow> {
  let select = visibleMemories(db, principal);
  if (filters.type) select = select.where('type', '=', filters.type);
  if (filters.sensitivity) select = select.where('sensitivity', '=', filters.sensitivity);
  if (filters.pinned !== undefined) select = select.where('pinned', '=', filters.pinned);
  if (filters.tag) select = select.where('tags', '@>', textArray([filters.tag]));
  if (filters.updatedSince) select = select.where('updated_at', '>=', filters.updatedSince);
  return select;
}

/** Of these Memories, those the principal may see. */
export async function findVisibleMemories(db: Queryable, principal: Principal, ids: readonly string[]): Promise<MemoryRow[]> {
  return visibleMemories(db, principal).where('id', 'in', ids).execute();
}

/** Memories of the account by ID, with their index numbers. */
export async function memoriesWithIndexNumbers(
  db: Queryable,
  accountId: string,
  ids: readonly string[],
): Promise<Array<MemoryRow & { search_doc: number }>> {
  // Written out rather than built: search reads the hits' rows on every request, and the builder
  // costs more than the query. One array parameter keeps one statement text for any count.
  const rows = await sql<MemoryRow & { search_doc: string | number }>`
    select ${sql.join(MEMORY_COLUMNS.map((column) => sql.ref(column)))}, memories.search_doc
    from memories
    where account_id = ${accountId} and id = any(${textArray(ids)})`.execute(db);
  return rows.rows.map((row) => ({ ...row, search_doc: Number(row.search_doc) }));
}

export async function insertMemory(db: Queryable, row: NewMemoryRow): Promise<MemoryRow> {
  return db.insertInto('memories').values(row).returning(MEMORY_COLUMNS).executeTakeFirstOrThrow() as Promise<MemoryRow>;
}

/** Writes changes to a Memory as its next revision, at `now`. */
export async function updateMemoryRow(db: Queryable, memory: MemoryRow, changes: Partial<MemoryRow>, now: Date): Promise<MemoryRow> {
  const updated = await db
    .updateTable('memories')
    .set({ ...changes, revision: memory.revision + 1, updated_at: now })
    .where('account_id', '=', memory.account_id)
    .where('id', '=', memory.id)
    .returning(['id', 'account_id', 'text', 'type', 'sensitivity', 'tags', 'pinned', 'revision', 'created_at', 'updated_at', 'expires_at'])
    .executeTakeFirstOrThrow();
  return updated as MemoryRow;
}

export async function insertRevision(
  db: Queryable,
  memory: MemoryRow,
  principal: Principal,
): Promise<void> {
  await db
    .insertInto('memory_revisions')
    .values({
      memory_id: memory.id,
      account_id: memory.account_id,
      revision: memory.revision,
      text: memory.text,
      type: memory.type,
      sensitivity: memory.sensitivity,
      tags: memory.tags,
      pinned: memory.pinned,
      created_at: memory.updated_at,
      actor_kind: principal.kind,
      actor_key_id: principal.kind === 'api_key' ? principal.keyId : null,
    })
    .execute();
}

/** The reviewed Facts a Memory is a source of: while any exist, the Memory cannot be deleted. */
export async function factsSourcedFrom(db: Queryable, accountId: string, memoryId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('fact_sources')
    .select('fact_id')
    .where('account_id', '=', accountId)
    .where('memory_id', '=', memoryId)
    .orderBy('fact_id')
    .execute();
  return rows.map((row) => row.fact_id);
}

/** Revisions follow the rule of Memories: one in which the Memory was secret is not shown to API keys. */
function visibleRevisions(db: Queryable, principal: Principal, memoryId: string) {
  return db
    .selectFrom('memory_revisions')
    .selectAll()
    .where('memory_id', '=', memoryId)
    .where('account_id', '=', principal.accountId)
    .where(memoryVisibleTo(principal, 'memory_revisions'));
}

/** Up to `limit` of a Memory's revisions the principal may see, newest first, those before `before` if given. */
export async function visibleRevisionsBefore(
  db: Queryable,
  principal: Principal,
  memoryId: string,
  limit: number,
  before: number | undefined,
): Promise<MemoryRevisionRow[]> {
  let select = visibleRevisions(db, principal, memoryId).orderBy('revision', 'desc').limit(limit);
  if (before !== undefined) select = select.where('revision', '<', before);
  return select.execute();
}

export async function findVisibleRevision(
  db: Queryable,
  principal: Principal,
  memoryId: string,
  revision: number,
): Promise<MemoryRevisionRow | undefined> {
  return visibleRevisions(db, principal, memoryId).where('revision', '=', revision).executeTakeFirst();
}
