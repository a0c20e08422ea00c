import type { SelectQueryBuilder } from 'kysely';
import type { Services } from '../services';
import { applyChanges } from '../projections/projections';
import { toMemoryPreview, type Memory } from '../memories/memory-mapper';
import { findVisibleMemory, requireVisibleMemory } from '../memories/memories.repository';
import { writeInAccount } from '../shared/account-writes';
import { AppError } from '../shared/errors';
import { pageByTimeAndId, pageRequest, type Page, type PageQuery, type PageRequest } from '../shared/pagination';
import type { Principal } from '../shared/principal';
import { deleteLink, getLink, insertLink, memoriesLinkedTo, subjectsLinkedTo } from './links.repository';
import { toLink, toSubject, type Link, type Subject } from './subject-mapper';
import { assertSubjectExists, lockOwnedSubject } from './subjects.repository';

/** Links a Memory the caller can see to a Subject; linking twice is not an error. */
export async function linkMemory(
  services: Services,
  principal: Principal,
  subjectId: string,
  memoryId: string,
): Promise<{ link: Link; created: boolean }> {
  return writeInAccount(services, principal.accountId, async (trx) => {
    await lockOwnedSubject(trx, principal, subjectId);
    // Held until the link is in: a Memory trashed or deleted meanwhile is not found, instead of
    // failing the link's foreign key.
    const memory = await requireVisibleMemory(trx, principal, memoryId, { forShare: true });
    const now = services.clock.now();
    const inserted = await insertLink(trx, { account_id: principal.accountId, subject_id: subjectId, memory_id: memoryId, created_at: now });
    if (!inserted) {
      const existing = await getLink(trx, principal.accountId, subjectId, memoryId);
      return { link: toLink(existing), created: false };
    }
    await applyChanges(trx, principal.accountId, [{ kind: 'linked', memory, subjectId }], now);
    return { link: toLink(inserted), created: true };
  });
}

export async function unlinkMemory(services: Services, principal: Principal, subjectId: string, memoryId: string): Promise<void> {
  await writeInAccount(services, principal.accountId, async (trx) => {
    await lockOwnedSubject(trx, principal, subjectId);
    // A Memory the caller cannot see has no link the caller can remove.
    const visible = await findVisibleMemory(trx, principal, memoryId);
    const removed = visible !== undefined && (await deleteLink(trx, principal.accountId, subjectId, memoryId));
    if (!removed) throw new AppError('link_not_found', 'This Memory is not linked to this Subject.');
    const now = services.clock.now();
    await applyChanges(trx, principal.accountId, [{ kind: 'unlinked', memory: visible, subjectId }], now);
  });
}

export async function listSubjectMemories(services: Services, principal: Principal, subjectId: string, query: PageQuery): Promise<Page<Memory>> {
  await assertSubjectExists(services.db, principal, subjectId);
  const request = pageRequest('subject_memories', { subject_id: subjectId }, query);
  return pageOfLinked(memoriesLinkedTo(services.db, principal, subjectId), request, 'memories.id', toMemoryPreview);
}

export async function listMemorySubjects(services: Services, principal: Principal, memoryId: string, query: PageQuery): Promise<Page<Subject>> {
  await requireVisibleMemory(services.db, principal, memoryId);
  const request = pageRequest('memory_subjects', { memory_id: memoryId }, query);
  return pageOfLinked(subjectsLinkedTo(services.db, principal, memoryId), request, 'subjects.id', toSubject);
}

/** A page of what links lead to (a Subject's Memories, a Memory's Subjects), the most recently linked first. */
function pageOfLinked<Row extends { linked_at: Date; id: string }, Item>(
  // Any tables: the link is `l`, and the other side's ID column is named.
  select: SelectQueryBuilder<any, any, Row>,
  request: PageRequest,
  idColumn: string,
  map: (row: Row) => Item,
): Promise<Page<Item>> {
  return pageByTimeAndId(select, request, { time: 'l.created_at', id: idColumn }, (row) => [row.linked_at, row.id], map);
}
