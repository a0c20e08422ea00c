import type { MemoryRow } from '../../db/schema';
import type { RequestQuery } from '../../contract-types';
import type { MemoryCreate, MemoryUpdate } from '../../generated/openapi';
import type { Services } from '../services';
import { writeInAccount } from '../shared/account-writes';
import { AppError } from '../shared/errors';
import { newId } from '../shared/ids';
import { instantOf } from '../shared/instants';
import { cursorInteger, decodeCursor, encodeCursor, pageByTimeAndId, pageRequest, pageSize, toPage } from '../shared/pagination';
import type { Page, PageQuery } from '../shared/pagination';
import type { Principal } from '../shared/principal';
import { limits } from '../../generated/contract';
import {
  normalizeTags,
  toMemory,
  toMemoryPreview,
  toMemoryRevision,
  type Memory,
  type MemoryRevision,
} from './memory-mapper';
import { applyChanges } from '../projections/projections';
import {
  filteredMemories,
  findVisibleRevision,
  insertMemory,
  insertRevision,
  requireVisibleMemory,
  updateMemoryRow,
  visibleRevisionsBefore,
} from './memories.repository';
import { isMemoryVisibleTo } from './visibility';

export type ListMemoriesQuery = RequestQuery<'listMemories'>;

/** A principal may give a Memory only a sensitivity that leaves the Memory visible to it. */
function assertMayUseSensitivity(principal: Principal, sensitivity: string | undefined): void {
  if (sensitivity !== undefined && !isMemoryVisibleTo(principal, { sensitivity })) {
    throw new AppError('secret_memory_forbidden', 'Secret Memories can only be created or set through the application.');
  }
}

/** An expiry must lie ahead: a Memory is not created or updated already expired. */
function expiryOf(value: string | null | undefined, now: Date): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const at = instantOf(value, { in: 'body', name: 'expires_at' });
  if (at.getTime() <= now.getTime()) {
    const error = { in: 'body', path: '/body/expires_at', message: 'must be in the future' };
    throw new AppError('invalid_request', `${error.path} ${error.message}`, { errors: [error] });
  }
  return at;
}

export async function createMemory(services: Services, principal: Principal, input: MemoryCreate): Promise<Memory> {
  assertMayUseSensitivity(principal, input.sensitivity);
  const now = services.clock.now();
  const expiresAt = expiryOf(input.expires_at, now) ?? null;
  return writeInAccount(services, principal.accountId, async (trx) => {
    const row = await insertMemory(trx, {
      id: newId('memory', now.getTime()),
      account_id: principal.accountId,
      text: input.text,
      type: input.type ?? 'note',
      sensitivity: input.sensitivity ?? 'normal',
      tags: normalizeTags(input.tags ?? []),
      pinned: input.pinned ?? false,
      revision: 1,
      created_at: now,
      updated_at: now,
      expires_at: expiresAt,
    });
    await insertRevision(trx, row, principal);
    await applyChanges(trx, row.account_id, [{ kind: 'memory_added', memory: row }], row.updated_at);
    return toMemory(row);
  });
}

export async function getMemory(services: Services, principal: Principal, id: string): Promise<Memory> {
  return toMemory(await requireVisibleMemory(services.db, principal, id));
}

export async function listMemories(
  services: Services,
  principal: Principal,
  query: ListMemoriesQuery,
): Promise<Page<Memory>> {
  const filters = {
    type: query.type,
    tag: query.tag?.trim().toLowerCase(),
    sensitivity: query.sensitivity,
    pinned: query.pinned,
    updated_since: query.updated_since ? instantOf(query.updated_since, { in: 'query', name: 'updated_since' }).toISOString() : undefined,
  };
  return pageByTimeAndId(
    filteredMemories(services.db, principal, {
      type: filters.type,
      tag: filters.tag,
      sensitivity: filters.sensitivity,
      pinned: filters.pinned,
      updatedSince: filters.updated_since ? new Date(filters.updated_since) : undefined,
    }),
    pageRequest('memories', filters, query),
    { time: 'updated_at', id: 'id' },
    (row) => [row.updated_at, row.id],
    toMemoryPreview,
  );
}

/** Whether an If-Match header value matches a revision (`*`, or any listed entity tag). */
export function ifMatchAccepts(ifMatch: string, revision: number): boolean {
  return ifMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag === `"${revision}"`);
}

function changedFields(row: MemoryRow, patch: MemoryUpdate, now: Date): Partial<MemoryRow> {
  const changes: Partial<MemoryRow> = {};
  const expiresAt = expiryOf(patch.expires_at, now);
  if (expiresAt !== undefined && expiresAt?.getTime() !== row.expires_at?.getTime()) changes.expires_at = expiresAt;
  if (patch.text !== undefined && patch.text !== row.text) changes.text = patch.text;
  if (patch.type !== undefined && patch.type !== row.type) changes.type = patch.type;
  if (patch.sensitivity !== undefined && patch.sensitivity !== row.sensitivity) changes.sensitivity = patch.sensitivity;
  if (patch.pinned !== undefined && patch.pinned !== row.pinned) changes.pinned = patch.pinned;
  if (patch.tags !== undefined) {
    const tags = normalizeTags(patch.tags);
    if (tags.length !== row.tags.length || tags.some((tag, i) => tag !== row.tags[i])) changes.tags = tags;
  }
  return changes;
}

/**
 * Applies a partial update. A real change bumps the revision and records it; a request that
 * changes nothing leaves the Memory (and its revision) as it was.
 */
export async function updateMemory(
  services: Services,
  principal: Principal,
  id: string,
  patch: MemoryUpdate,
  ifMatch?: string,
): Promise<Memory> {
  assertMayUseSensitivity(principal, patch.sensitivity);
  return writeInAccount(services, principal.accountId, async (trx) => {
    const row = await requireVisibleMemory(trx, principal, id, { forUpdate: true });
    if (ifMatch !== undefined && !ifMatchAccepts(ifMatch, row.revision)) {
      throw new AppError(
        'precondition_failed',
        `The Memory is at revision ${row.revision}; If-Match does not match it.`,
        { current_revision: row.revision },
        { ETag: `"${row.revision}"` },
      );
    }
    const now = services.clock.now();
    const changes = changedFields(row, patch, now);
    if (Object.keys(changes).length === 0) return toMemory(row);
    if (row.revision >= limits.memoryRevisionMax) {
      throw new AppError(
        'revision_limit_reached',
        `The Memory is at revision ${row.revision}, the highest there is: it cannot be changed again.`,
        { current_revision: row.revision },
      );
    }
    const updated = await updateMemoryRow(trx, row, changes, now);
    await insertRevision(trx, updated, principal);
    await applyChanges(trx, updated.account_id, [{ kind: 'memory_changed', before: row, after: updated }], updated.updated_at);
    return toMemory(updated);
  });
}

export async function listMemoryRevisions(services: Services, principal: Principal, memoryId: string, query: PageQuery): Promise<Page<MemoryRevision>> {
  await requireVisibleMemory(services.db, principal, memoryId);
  const size = pageSize(query.limit);
  const filters = { memory_id: memoryId };
  const position = decodeCursor('memory_revisions', filters, query.cursor, 1);
  const before = position ? cursorInteger(position[0]) : undefined;
  const rows = await visibleRevisionsBefore(services.db, principal, memoryId, size + 1, before);
  return toPage(
    rows,
    size,
    (row) => toMemoryRevision(row, limits.memoryPreviewChars),
    (row) => [row.revision],
    (p) => encodeCursor('memory_revisions', filters, p),
  );
}

export async function getMemoryRevision(
  services: Services,
  principal: Principal,
  memoryId: string,
  revision: number,
): Promise<MemoryRevision> {
  await requireVisibleMemory(services.db, principal, memoryId);
  const row = await findVisibleRevision(services.db, principal, memoryId, revision);
  if (!row) throw new AppError('revision_not_found', `This Memory has no revision ${revision}.`);
  return toMemoryRevision(row);
}
