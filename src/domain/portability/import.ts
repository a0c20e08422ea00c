import { randomUUID } from 'node:crypto';
import type { ControlledTransaction, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Services } from '../services';
import { holdAccountWrites } from '../shared/account-writes';
import type { Principal } from '../shared/principal';
import { Pacer } from '../shared/pacer';
import { AppError } from '../shared/errors';
import { Importer, type CreatedRow, type ImportMode, type ImportSummary, type ImportWrites } from './importer';
import { beginImportRun, endImportRun, noteImportRows, tryImportLock } from './import.repository';
import { undoImportRun } from './import-undo';
import { importInProgress } from './running-imports';
import type { NumberedLine } from './lines';

export type { ImportSummary };

/**
 * Memories written in one statement: in one transaction (PostgreSQL), and in an import that
 * commits as it goes (the embedded database), where a batch is what another account's request may
 * have to wait for. Indexing a batch's text runs without a break, so its characters bound how
 * long the event loop is held (2,000,000 held it for 200-400 ms).
 */
const BATCH = { memories: 1_000, chars: 200_000 } as const;
const SLICED_BATCH = { memories: 100, chars: 50_000, links: 250 } as const;
/** How long an import that commits as it goes writes before it commits and lets others run. */
const SLICE_MS = 50;
/** How long the import's own work may run before it lets the event loop serve others. */
const PACE_MS = 20;

/**
 * Imports an export into the caller's account, all or nothing. The whole file is checked first,
 * writing nothing: any bad line refuses it before a record is written, and without holding a
 * transaction or a lock. Then it is written: on PostgreSQL in one transaction, which the account's
 * write lock guards; on the embedded database, whose one connection a long transaction would keep
 * from every other account, in short transactions that commit as they go (see `inSlices`). Records
 * get new IDs; references between them are followed through the IDs seen earlier in the file.
 * `lines` reads the file from its start each time it is called.
 */
/**
 * A restore is the user's: it puts the account's own backup back, secret Memories and reviewed
 * Facts included, which an API key can neither see nor write; a key's import is a copy. Checked
 * before the file is received.
 */
export function assertImportModeAllowed(principal: Principal, mode: ImportMode): void {
  if (mode === 'restore' && principal.kind !== 'session') {
    throw new AppError('session_required', 'A restore (mode=restore) is only available to the application (session token); an API key imports a copy.');
  }
}

export async function importAccount(
  services: Services,
  principal: Principal,
  lines: () => AsyncIterable<NumberedLine>,
  mode: ImportMode = 'copy',
): Promise<ImportSummary> {
  const now = services.clock.now();
  const pacer = new Pacer(PACE_MS);
  const check = new Importer(principal, now, services.db, null, mode);
  await check.prepare();
  for await (const line of lines()) {
    await check.take(line);
    await pacer.pace();
  }
  await check.finish();
  const request: ImportRequest = { principal, now, lines, mode };
  return services.singleConnection ? inSlices(services, request) : inOneTransaction(services, request);
}

/** An import whose file was checked, to be written. */
interface ImportRequest {
  readonly principal: Principal;
  readonly now: Date;
  /** The file's lines, read from its start each time it is called. */
  readonly lines: () => AsyncIterable<NumberedLine>;
  readonly mode: ImportMode;
}

async function run(importer: Importer, lines: AsyncIterable<NumberedLine>, writes: ImportWrites): Promise<ImportSummary> {
  try {
    await importer.prepare();
    for await (const line of lines) {
      await importer.take(line);
      await writes.between();
    }
    return await importer.finish();
  } finally {
    // Nothing of the import may still be writing when its transaction ends.
    await importer.settled();
  }
}

/** The import written in one transaction, holding the account's write lock (PostgreSQL). */
function inOneTransaction(services: Services, { principal, now, lines, mode }: ImportRequest): Promise<ImportSummary> {
  const pacer = new Pacer(PACE_MS);
  return services.accountWrites.run(principal.accountId, () =>
    services.imports.writing(principal.accountId, 'writes', () =>
      services.db.transaction().execute(async (trx) => {
        if (!(await tryImportLock(trx, principal.accountId))) throw importInProgress();
        // Then the account's write lock, which every write of the account takes first (see
        // holdAccountWrites): a second import is refused above rather than kept waiting here.
        await holdAccountWrites(trx, principal.accountId);
        const writes: ImportWrites = { trx, memoryBatch: BATCH.memories, memoryBatchChars: BATCH.chars, between: () => pacer.pace() };
        return run(new Importer(principal, now, trx, writes, mode), lines(), writes);
      }),
    ),
  );
}

/**
 * The import written in short transactions, each committed once it has run for SLICE_MS, so that
 * the requests of other accounts waiting for the embedded database's one connection are served
 * between them. Each notes what it wrote in the import's journal (import_run_rows), in the same
 * transaction, and the last one ends the journal: when the import fails before that, or the
 * process stops, what the journal names is taken out again (see undoImportRun). Meanwhile the
 * account's own requests are refused with `account_busy` (see RunningImports.writing), so no one
 * sees the import half written.
 */
async function inSlices(services: Services, { principal, now, lines, mode }: ImportRequest): Promise<ImportSummary> {
  const { accountId } = principal;
  const runId = randomUUID();
  await services.db.transaction().execute((trx) => beginImportRun(trx, accountId, runId, now));
  let trx: ControlledTransaction<DB> = await begin(services, accountId);
  let sliceStarted = Date.now();
  const journal = (created: readonly CreatedRow[]) => noteImportRows(trx, accountId, runId, created);
  const writes: ImportWrites = {
    get trx(): Transaction<DB> {
      return trx;
    },
    memoryBatch: SLICED_BATCH.memories,
    memoryBatchChars: SLICED_BATCH.chars,
    linkBatch: SLICED_BATCH.links,
    between: async () => {
      if (Date.now() - sliceStarted < SLICE_MS) return;
      await importer.written();
      await journal(importer.takeCreated());
      await trx.commit().execute();
      // The connection's queue serves those who waited for it before this import takes it again.
      await new Promise<void>((resolve) => setImmediate(resolve));
      trx = await begin(services, accountId);
      sliceStarted = Date.now();
    },
  };
  const importer = new Importer(principal, now, trx, writes, mode);
  try {
    const summary = await services.imports.writing(accountId, 'everything', () => run(importer, lines(), writes));
    await endImportRun(trx, accountId, runId);
    await trx.commit().execute();
    return summary;
  } catch (err) {
    await trx.rollback().execute().catch(() => undefined);
    await services.imports.writing(accountId, 'everything', () => undoImportRun(services, accountId, runId));
    throw err;
  }
}

async function begin(services: Services, accountId: string): Promise<ControlledTransaction<DB>> {
  const trx = await services.db.startTransaction().execute();
  await holdAccountWrites(trx, accountId);
  return trx;
}
