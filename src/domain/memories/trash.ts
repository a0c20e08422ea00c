import type { Transaction } from 'kysely';
import type { DB, MemoryRow, TrashedLink, TrashedMemoryRow } from '../../db/schema';
import type { TrashedMemory } from '../../generated/openapi';
import type { Services } from '../services';
import { writeInAccount } from '../shared/account-writes';
import { AppError } from '../shared/errors';
import { pageByTimeAndId, pageRequest, type Page, type PageQuery } from '../shared/pagination';
import type { Principal } from '../shared/principal';
import { beforeMemoryDeleted } from './memory-effects';
import { applyChanges } from '../projections/projections';
import { factsSourcedFrom, findVisibleMemory, insertMemory, memoryNotFound } from './memories.repository';
import { toMemory, toMemoryPreview, type Memory } from './memory-mapper';
import {
  deleteMemoryRow,
  deleteTrashed,
  eraseRemains,
  insertLinks,
  insertSuggestionSourcesOf,
  insertTrashed,
  linksOfMemory,
  lockExistingSubjects,
  lockExpiringMemory,
  lockTrashed,
  lockTrashToPurge,
  memoriesDueToExpire,
  shareUnacceptedSuggestions,
  subjectsOfSuggestions,
  suggestionsSourcedFrom,
  visibleTrash,
} from './trash.repository';

/**
 * The trash. Trashing takes a Memory out of the memories table (so that nothing that reads
 * Memories can see it: routes, counts, the search index, insights, contexts) into memory_trash,
 * with the Subjects it was linked to and the Fact suggestions it was a source of; its revisions
 * stay. Restoring puts it back as it was, with the links whose Subjects still exist and its place
 * among the sources of the suggestions that still exist and are not accepted. Purging, by request
 * or after the retention period, leaves nothing of it.
 */

export type TrashReason = TrashedMemoryRow['reason'];

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a Memory trashed at `trashedAt` is purged. */
export function purgeTime(services: Services, trashedAt: Date): Date {
  return new Date(trashedAt.getTime() + services.trashRetentionDays * DAY_MS);
}

async function assertNotInUse(trx: Transaction<DB>, accountId: string, memoryId: string): Promise<void> {
  const factIds = await factsSourcedFrom(trx, accountId, memoryId);
  if (factIds.length > 0) {
    throw new AppError('memory_in_use', 'This Memory is a source of reviewed Facts and cannot be deleted.', { fact_ids: factIds });
  }
}

/**
 * Moves a live Memory (whose row lock the caller holds, so no link or suggestion can take it as a
 * source meanwhile) to the trash: its links and the suggestions it is a source of are kept with
 * it (deleting its row takes it out of their sources), then everything a deletion does (links,
 * counts, insights, index, change feed) happens.
 */
async function moveToTrash(trx: Transaction<DB>, memory: MemoryRow, reason: TrashReason, now: Date): Promise<void> {
  const links = await linksOfMemory(trx, memory.account_id, memory.id);
  const kept: TrashedLink[] = links.map((link) => ({ subject_id: link.subject_id, created_at: link.created_at.toISOString() }));
  const suggestionIds = await suggestionsSourcedFrom(trx, memory.account_id, memory.id);
  await beforeMemoryDeleted(trx, memory, now);
  await deleteMemoryRow(trx, memory.account_id, memory.id);
  await insertTrashed(trx, memory, { at: now, reason, links: kept, suggestionIds });
}

/**
 * The expiry a restored Memory comes back with. An expired Memory's is cleared, and so is one that
 * passed while the Memory was in the trash: otherwise the next expiry run, within a minute, would
 * undo the restore. A Memory trashed by hand before its expiry keeps it.
 */
function expiryAfterRestore(trashed: TrashedMemoryRow, now: Date): Date | null {
  if (trashed.reason === 'expired' || trashed.expires_at === null) return null;
  return trashed.expires_at.getTime() > now.getTime() ? trashed.expires_at : null;
}

export interface DeleteOutcome {
  readonly permanent: boolean;
  readonly purgeAt: Date | null;
}

/**
 * DELETE /memories/{id}: to the trash, or, with `permanent`, for good (a trashed Memory too).
 * A Memory that backs a reviewed Fact stays.
 */
export async function deleteMemory(
  services: Services,
  principal: Principal,
  id: string,
  options: { permanent?: boolean | undefined } = {},
): Promise<DeleteOutcome> {
  return writeInAccount(services, principal.accountId, async (trx) => {
    const now = services.clock.now();
    const live = await findVisibleMemory(trx, principal, id, { forUpdate: true });
    if (live) {
      await assertNotInUse(trx, principal.accountId, id);
      if (!options.permanent) {
        await moveToTrash(trx, live, 'deleted', now);
        return { permanent: false, purgeAt: purgeTime(services, now) };
      }
      await beforeMemoryDeleted(trx, live, now);
      await deleteMemoryRow(trx, principal.accountId, id);
      await eraseRemains(trx, principal.accountId, id);
      return { permanent: true, purgeAt: null };
    }
    // In the trash, a Memory exists only for the trash's own routes.
    if (!options.permanent || !(await lockTrashed(trx, principal, id))) throw memoryNotFound();
    await eraseRemains(trx, principal.accountId, id);
    return { permanent: true, purgeAt: null };
  });
}

/** GET /memories/trash: most recently trashed first. */
export async function listTrash(services: Services, principal: Principal, query: PageQuery): Promise<Page<TrashedMemory>> {
  return pageByTimeAndId(
    visibleTrash(services.db, principal),
    pageRequest('memory_trash', {}, query),
    { time: 'trashed_at', id: 'id' },
    (row) => [row.trashed_at, row.id],
    (row) => ({
      memory: toMemoryPreview(row),
      trashed_at: row.trashed_at.toISOString(),
      purge_at: purgeTime(services, row.trashed_at).toISOString(),
      reason: row.reason,
    }),
  );
}

/**
 * POST /memories/{id}/restore: the Memory comes back as it was (its expiry as expiryAfterRestore
 * says), then its links to Subjects that still exist, each with what linking does (counts,
 * insights, change), and its place among the sources of the suggestions that still exist and are
 * not accepted (an accepted one's sources are its Fact's, fixed when it was accepted).
 */
export async function restoreMemory(services: Services, principal: Principal, id: string): Promise<Memory> {
  return writeInAccount(services, principal.accountId, async (trx) => {
    const trashed = await lockTrashed(trx, principal, id);
    if (!trashed) {
      if (await findVisibleMemory(trx, principal, id)) {
        throw new AppError('memory_not_in_trash', 'This Memory is not in the trash.');
      }
      throw memoryNotFound();
    }
    const now = services.clock.now();
    // After the account's write lock, the Subjects, as linking, accepting and deleting a Subject
    // take them: their rows (the linked ones and those of the suggestions), then the suggestions',
    // then the account's.
    const linkedIds = trashed.links.map((link) => link.subject_id);
    const subjectIds = [...new Set([...linkedIds, ...(await subjectsOfSuggestions(trx, principal.accountId, trashed.suggestion_ids))])];
    const subjects = subjectIds.length === 0 ? [] : await lockExistingSubjects(trx, principal.accountId, subjectIds);
    const existing = new Set(subjects.map((subject) => subject.id));
    const links = trashed.links.filter((link) => existing.has(link.subject_id));
    const suggestionIds = await shareUnacceptedSuggestions(trx, principal.accountId, trashed.suggestion_ids);
    await deleteTrashed(trx, principal.accountId, id);
    const memory = await insertMemory(trx, {
      id: trashed.id,
      account_id: trashed.account_id,
      text: trashed.text,
      type: trashed.type,
      sensitivity: trashed.sensitivity,
      tags: trashed.tags,
      pinned: trashed.pinned,
      revision: trashed.revision,
      created_at: trashed.created_at,
      updated_at: trashed.updated_at,
      expires_at: expiryAfterRestore(trashed, now),
    });
    if (links.length > 0) await insertLinks(trx, principal.accountId, id, links);
    await insertSuggestionSourcesOf(trx, principal.accountId, id, suggestionIds);
    await applyChanges(
      trx,
      principal.accountId,
      [{ kind: 'memory_added', memory }, ...links.map((link) => ({ kind: 'linked' as const, memory, subjectId: link.subject_id }))],
      now,
    );
    return toMemory(memory);
  });
}

/**
 * Trashes, with reason `expired`, the Memories whose time has come, across accounts. Each goes in
 * its own transaction, which takes its account's write lock first as every write of the account
 * does (see holdAccountWrites), and instances that run this at the same time share the work: each
 * skips the Memories another has locked, or has trashed meanwhile. A Memory that backs a reviewed
 * Fact waits until it no longer does.
 */
export async function expireMemories(services: Services, batch = 100): Promise<number> {
  let expired = 0;
  for (;;) {
    const due = await memoriesDueToExpire(services.db, services.clock.now(), batch);
    let passed = 0;
    for (const { id, account_id: accountId } of due) {
      const trashed = await writeInAccount(services, accountId, async (trx) => {
        const now = services.clock.now();
        const row = await lockExpiringMemory(trx, accountId, id, now);
        if (!row || (await factsSourcedFrom(trx, row.account_id, id)).length > 0) return false;
        await moveToTrash(trx, row, 'expired', now);
        return true;
      }).catch((err: unknown) => {
        // An account whose import or export holds its writes: its Memories wait for the next pass.
        if (err instanceof AppError && err.code === 'account_busy') {
          passed += 1;
          return false;
        }
        throw err;
      });
      if (trashed) expired += 1;
    }
    // A batch of nothing but waiting Memories would be read again and again.
    if (due.length < batch || passed === due.length) return expired;
  }
}

/** Purges what has been in the trash longer than the retention period. */
export async function purgeOldTrash(services: Services, batch = 100): Promise<number> {
  const before = new Date(services.clock.now().getTime() - services.trashRetentionDays * DAY_MS);
  let purged = 0;
  for (;;) {
    const done = await services.db.transaction().execute(async (trx) => {
      const rows = await lockTrashToPurge(trx, before, batch);
      for (const row of rows) await eraseRemains(trx, row.account_id, row.id);
      return rows.length;
    });
    purged += done;
    if (done < batch) return purged;
  }
}
