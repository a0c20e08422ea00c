import type { Logger } from 'pino';
import type { MemoryRow } from '../../db/schema';
import { applyChanges } from '../projections/projections';
import { beforeMemoryDeleted } from '../memories/memory-effects';
import { deleteMemoryRow, eraseRemains } from '../memories/trash.repository';
import type { Services } from '../services';
import { holdAccountWrites } from '../shared/account-writes';
import { safeError } from '../shared/errors';
import { deleteSubjectRow } from '../subjects/subjects.repository';
import {
  deleteImportedFacts,
  deleteImportedProfile,
  deleteImportedSuggestions,
  deleteImportedTemplates,
  endImportRun,
  importedMemories,
  importRowsOf,
  unfinishedImportRuns,
  unsourceImportedMemories,
} from './import.repository';

/** Memories taken out per transaction: each is a Memory deleted for good, with everything that follows from it. */
const MEMORIES_PER_TRANSACTION = 50;

/**
 * Takes out what an import that committed as it went had written before it failed (or before the
 * process stopped), from its journal, in short transactions like the import's own: its
 * suggestions and Facts, the sources it added to Facts the account had, its Memories (each as a
 * Memory deleted for good is: links, counts, insights, search index, change feed), its Templates,
 * its Subjects and its workspace profile. Then the journal itself goes.
 */
export async function undoImportRun(services: Services, accountId: string, runId: string): Promise<void> {
  const { db } = services;
  const now = services.clock.now();
  const rows = await importRowsOf(db, accountId, runId);
  const ids = (kind: string) => rows.filter((row) => row.kind === kind).map((row) => row.row_id);
  const memoryIds = ids('memory');
  await db.transaction().execute(async (trx) => {
    await holdAccountWrites(trx, accountId);
    await deleteImportedSuggestions(trx, accountId, ids('suggestion'));
    await deleteImportedFacts(trx, accountId, ids('fact'));
    await unsourceImportedMemories(trx, accountId, memoryIds);
  });
  for (let start = 0; start < memoryIds.length; start += MEMORIES_PER_TRANSACTION) {
    await db.transaction().execute(async (trx) => {
      await holdAccountWrites(trx, accountId);
      const memories: MemoryRow[] = await importedMemories(trx, accountId, memoryIds.slice(start, start + MEMORIES_PER_TRANSACTION));
      for (const memory of memories) {
        await beforeMemoryDeleted(trx, memory, now);
        await deleteMemoryRow(trx, accountId, memory.id);
        await eraseRemains(trx, accountId, memory.id);
      }
    });
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await db.transaction().execute(async (trx) => {
    await holdAccountWrites(trx, accountId);
    await deleteImportedTemplates(trx, accountId, ids('template'));
    const subjectIds = ids('subject');
    for (const subjectId of subjectIds) await deleteSubjectRow(trx, accountId, subjectId);
    await applyChanges(trx, accountId, subjectIds.map((subjectId) => ({ kind: 'subject_removed' as const, subjectId })), now);
    if (ids('profile').length > 0) await deleteImportedProfile(trx, accountId);
    await endImportRun(trx, accountId, runId);
  });
}

/**
 * Imports that had not finished when the process stopped, taken out again (at start-up, before
 * anyone can see them). The embedded database's only: on PostgreSQL an import is one transaction.
 */
export async function undoUnfinishedImports(services: Services, logger: Logger): Promise<void> {
  for (const run of await unfinishedImportRuns(services.db)) {
    try {
      await undoImportRun(services, run.account_id, run.id);
      logger.warn({ account_id: run.account_id }, 'an import that had not finished was taken out again');
    } catch (err) {
      logger.error({ error: safeError(err), account_id: run.account_id }, 'taking out an unfinished import failed');
    }
  }
}
