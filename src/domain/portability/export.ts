import type { Queryable } from '../../db/schema';
import type { Services } from '../services';
import type { Principal } from '../shared/principal';
import { fileContents } from '../library/templates.repository';
import {
  factsToExport,
  findWorkspaceProfile,
  linksToExport,
  memoriesToExport,
  readInBatches,
  readInPages,
  revisionsToExport,
  snapshotTime,
  subjectsToExport,
  suggestionsToExport,
  templatesToExport,
  type Paged,
} from './export.repository';
import {
  toExportFact,
  toExportLink,
  toExportMemory,
  toExportProfile,
  toExportRevision,
  type ExportRevisionRow,
  toExportSubject,
  toExportSuggestion,
  toExportTemplate,
} from './export-mapper';
import { spooled } from './spool';
import { EXPORT_FORMAT, EXPORT_VERSION, emptyCounts, type ExportCounts, type ExportData, type ExportRecordType } from './records';

/**
 * The account's data as export lines (see docs/export-format.md), one consistent state of it:
 * on PostgreSQL read through cursors of one repeatable-read, read-only transaction; on the
 * embedded database a page at a time, the account's changes refused meanwhile (see
 * pagedExportLines). Batches are produced one at a time: the caller pulls the next only when it
 * has sent the last, so memory stays bounded whatever the account's size.
 *
 * The header is read before this returns, so a database that is down is an error answer, not a
 * cut stream. Ending the iteration early (`return()`, as a stream does when the client goes
 * away) ends the transaction (or the refusal of changes). An export holds one of the process's
 * export slots until its reader is done: when none is free, it is refused before it starts. With
 * `services.spoolDirectory`, the lines after the header are written to a temporary file there as
 * fast as they are read, from the reader's first request for them, so the reading ends at the
 * database's pace, and the reader is served from the file at its own.
 */
export async function openExport(services: Services, principal: Principal): Promise<AsyncIterableIterator<string>> {
  const release = services.exports.take();
  try {
    const lines = exportLines(services, principal);
    const first = await lines.next();
    const directory = services.spoolDirectory;
    // The spool is made when the reader asks for more than the header: one that stops there (HEAD) leaves no file and reads no batch.
    const rest = directory ? whenPulled(() => spooled(lines, directory), lines) : lines;
    return releasing(startingWith(first, rest), release);
  } catch (err) {
    release();
    throw err;
  }
}

/** `rest` with the result already taken from it put back in front. */
function startingWith(first: IteratorResult<string>, rest: AsyncIterator<string>): AsyncIterableIterator<string> {
  let pending: IteratorResult<string> | undefined = first;
  const iterator: AsyncIterableIterator<string> = {
    [Symbol.asyncIterator]: () => iterator,
    next: async () => {
      if (!pending) return rest.next();
      const result = pending;
      pending = undefined;
      return result;
    },
    return: async () => {
      pending = undefined;
      return (await rest.return?.()) ?? { value: undefined, done: true };
    },
  };
  return iterator;
}

/**
 * The iterator `make` returns (reading `original`), made on the first `next()`; ended before
 * that, `original` is ended instead. When `make` fails, it has ended `original` itself.
 */
function whenPulled(make: () => Promise<AsyncIterator<string>>, original: AsyncIterator<string>): AsyncIterator<string> {
  let made: Promise<AsyncIterator<string>> | undefined;
  const done: IteratorResult<string> = { value: undefined, done: true };
  return {
    next: async () => (await (made ??= make())).next(),
    return: async () => {
      const iterator = made ? await made.catch(() => undefined) : original;
      return (await iterator?.return?.()) ?? done;
    },
  };
}

/** `lines`, calling `release` once they are done with: read to their end, ended early, or failed. */
function releasing(lines: AsyncIterableIterator<string>, release: () => void): AsyncIterableIterator<string> {
  const iterator: AsyncIterableIterator<string> = {
    [Symbol.asyncIterator]: () => iterator,
    next: async () => {
      try {
        const result = await lines.next();
        if (result.done) release();
        return result;
      } catch (err) {
        release();
        throw err;
      }
    },
    return: async () => {
      try {
        return (await lines.return?.()) ?? { value: undefined, done: true };
      } finally {
        release();
      }
    },
  };
  return iterator;
}

async function* exportLines(services: Services, principal: Principal): AsyncGenerator<string, undefined> {
  if (services.singleConnection) {
    yield* pagedExportLines(services, principal);
    return undefined;
  }
  const trx = await services.db.startTransaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute();
  try {
    // The snapshot is taken by the first statement: the export's time is read in it.
    const now = await snapshotTime(trx);
    let cursors = 0;
    yield* linesOf(new ExportSource(trx, principal, (query, size) => readInBatches(trx, `export_${(cursors += 1)}`, query(undefined), size)), now);
    await trx.commit().execute();
    return undefined;
  } finally {
    if (!trx.isCommitted) await trx.rollback().execute();
  }
}

/**
 * On the embedded database, whose one connection a transaction would hold for the whole export
 * (every account waiting meanwhile), the records are read a page at a time by statements of their
 * own, other accounts' requests served in between; the account's changes are refused
 * (`503 account_busy`) until the last page is read, so the file is still one consistent state of it.
 */
async function* pagedExportLines(services: Services, principal: Principal): AsyncGenerator<string, undefined> {
  const release = services.exports.reading(principal.accountId);
  try {
    const now = await snapshotTime(services.db);
    // Pages a quarter of the batches read through a cursor: each is a statement every account waits for.
    const read: Reader = (query, size) => readInPages(services.db, query, Math.ceil(size / 4));
    yield* linesOf(new ExportSource(services.db, principal, read), now);
    return undefined;
  } finally {
    release();
  }
}

/** The file's lines: the header, the records, and the end line that counts them. */
async function* linesOf(source: ExportSource, now: Date): AsyncGenerator<string, undefined> {
  const counts = emptyCounts();
  const line = <T extends ExportRecordType>(type: T, data: ExportData<T>) => `${JSON.stringify({ type, data })}\n`;
  yield line('header', { format: EXPORT_FORMAT, version: EXPORT_VERSION, exported_at: new Date(now).toISOString() });
  for await (const chunk of source.records()) {
    counts[chunk.counted] += chunk.count;
    yield chunk.text;
  }
  yield line('end', { counts });
  return undefined;
}

/** How the export reads a query's rows, a batch at a time: through a cursor of its snapshot, or page by page. */
type Reader = <R>(query: Paged<R>, size: number) => AsyncGenerator<R[]>;

/** One batch of lines and what they count as. */
interface Chunk {
  readonly text: string;
  readonly counted: keyof ExportCounts;
  readonly count: number;
}

/**
 * The most revisions one line holds: a Memory's record holds its first ones, and each
 * memory_history record after it as many more, so no line is longer than about 4 MiB (32
 * revisions of 32,000 code points of up to 4 bytes) however long the history.
 */
const REVISIONS_PER_LINE = 32;

/** Rows fetched from a cursor at a time, per record type: a batch's lines are one piece of the stream. */
const BATCH = { subjects: 1_000, memories: 50, revisions: 2 * REVISIONS_PER_LINE, links: 2_000, facts: 500, templates: 10 } as const;

const lines = (type: ExportRecordType, items: readonly unknown[]) => items.map((data) => JSON.stringify({ type, data })).join('\n') + '\n';

/**
 * Reads the account's records through cursors of the snapshot's transaction: each table is read
 * in one query, in its index's order, a batch at a time, so no batch re-reads or re-sorts what
 * came before it (and a query plan made without statistics cannot make the export quadratic).
 */
class ExportSource {
  constructor(
    private readonly db: Queryable,
    private readonly principal: Principal,
    private readonly read: Reader,
  ) {}

  private get accountId(): string {
    return this.principal.accountId;
  }

  async *records(): AsyncGenerator<Chunk> {
    const { db, principal, accountId } = this;
    yield* this.profile();
    yield* this.table((after) => subjectsToExport(db, accountId, after), BATCH.subjects, 'subject', 'subjects', toExportSubject);
    yield* this.memories();
    yield* this.table((after) => linksToExport(db, principal, after), BATCH.links, 'link', 'links', toExportLink);
    yield* this.table((after) => factsToExport(db, principal, after), BATCH.facts, 'fact', 'facts', toExportFact);
    yield* this.table((after) => suggestionsToExport(db, principal, after), BATCH.facts, 'fact_suggestion', 'fact_suggestions', toExportSuggestion);
    yield* this.templates();
  }

  /** A query's rows as lines of one record type, a batch at a time. */
  private async *table<R>(
    query: Paged<R>,
    size: number,
    type: ExportRecordType,
    counted: keyof ExportCounts,
    toData: (row: R) => unknown,
  ): AsyncGenerator<Chunk> {
    for await (const rows of this.read(query, size)) {
      yield { text: lines(type, rows.map(toData)), counted, count: rows.length };
    }
  }

  /**
   * The Memories, each with its history: read through two cursors in the same order (Memories,
   * and their revisions), so that however long a history is, a bounded piece of it is held at a
   * time, and a history longer than a line holds goes on in memory_history records right after
   * its Memory.
   */
  private async *memories(): AsyncGenerator<Chunk> {
    const revisions = new RevisionStream(this.read((after?: { memory_id: string; revision: number }) => revisionsToExport(this.db, this.principal, after), BATCH.revisions));
    for await (const rows of this.read((after?: { id: string }) => memoriesToExport(this.db, this.principal, after), BATCH.memories)) {
      let text = '';
      let count = 0;
      for (const row of rows) {
        const pieces = revisions.historyOf(row.id, REVISIONS_PER_LINE);
        const first = await pieces.next();
        text += lines('memory', [toExportMemory(row, first.done ? [] : first.value)]);
        count += 1;
        for await (const piece of pieces) {
          // What is gathered goes first, so the history follows its Memory and only one piece of it is held.
          if (count > 0) yield { text, counted: 'memories', count };
          text = '';
          count = 0;
          yield { text: lines('memory_history', [{ memory_id: row.id, revisions: piece }]), counted: 'memory_histories', count: 1 };
        }
      }
      if (count > 0) yield { text, counted: 'memories', count };
    }
  }

  private async *profile(): AsyncGenerator<Chunk> {
    const row = await findWorkspaceProfile(this.db, this.accountId);
    if (!row) return;
    yield { text: lines('workspace_profile', [toExportProfile(row)]), counted: 'workspace_profile', count: 1 };
  }

  private async *templates(): AsyncGenerator<Chunk> {
    const files = async (templateId: string, revision: number | null) =>
      revision === null ? [] : (await fileContents(this.db, this.accountId, templateId, revision)).map(({ path, content }) => ({ path, content }));
    for await (const rows of this.read((after?: { id: string }) => templatesToExport(this.db, this.accountId, after), BATCH.templates)) {
      const data = [];
      for (const row of rows) {
        const draft = await files(row.id, row.draft_revision);
        const published = await files(row.id, row.published_revision);
        data.push(toExportTemplate(row, { draft, published }));
      }
      yield { text: lines('template', data), counted: 'templates', count: rows.length };
    }
  }
}

/**
 * The revisions cursor's rows, in the Memories' order: each Memory's in pieces of at most `size`,
 * fetched as they are needed.
 */
class RevisionStream {
  private buffered: ExportRevisionRow[] = [];
  private ended = false;

  constructor(private readonly source: AsyncGenerator<ExportRevisionRow[]>) {}

  async *historyOf(memoryId: string, size: number): AsyncGenerator<Array<ReturnType<typeof toExportRevision>>> {
    let piece: Array<ReturnType<typeof toExportRevision>> = [];
    for (;;) {
      if (this.buffered.length === 0 && !(await this.fill())) break;
      const row = this.buffered[0]!;
      if (row.memory_id !== memoryId) break;
      this.buffered.shift();
      piece.push(toExportRevision(row));
      if (piece.length === size) {
        yield piece;
        piece = [];
      }
    }
    if (piece.length > 0) yield piece;
  }

  private async fill(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.buffered = next.value;
    return this.buffered.length > 0;
  }
}
