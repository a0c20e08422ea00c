import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { holdAccountWrites } from '../shared/account-writes';
import { memoryTerms } from '../search/analyzer';
import { isSecret } from '../memories/visibility';
import type { IndexableMemory } from './search-index.repository';
export type { IndexableMemory };
import {
  addTermsAndStats,
  addToKeyDocs,
  addToStats,
  clearIndexColumns,
  countTermsDown,
  deletePostings,
  deleteUnusedTerms,
  indexColumnsOf,
  insertPostings,
  setPostingsSecrecy,
  unindexedAmong,
  unindexedMemories,
  writeIndexColumns,
  type IndexQueryable as Queryable,
} from './search-index.repository';

/**
 * The write side of the search index (tables search_terms, search_postings and search_stats, and
 * the search_* columns of memories; see migration 0008). Every change of a Memory's text, tags or
 * secrecy goes through here in the writing transaction, so that term statistics are always
 * current. Callers write in one account at a time under the account's locks; terms are upserted
 * in sorted order so two writers that share terms wait for each other instead of deadlocking.
 */



/** Indexes Memories that are not indexed yet (new ones, or ones just unindexed), of any accounts. */
export async function indexMemories(db: Queryable, memories: readonly IndexableMemory[]): Promise<void> {
  const byAccount = new Map<string, IndexableMemory[]>();
  for (const memory of memories) byAccount.set(memory.account_id, [...(byAccount.get(memory.account_id) ?? []), memory]);
  for (const [accountId, group] of [...byAccount].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const index = await prepareIndex(db, accountId, group);
    if (index.empty) continue;
    const rows = await writeIndexColumns(db, accountId, group.map((memory) => ({ id: memory.id, ...columnsJson(index.columns(memory.id)) })));
    await index.writePostings(rows);
  }
}

const columnsJson = (columns: IndexColumns) => ({ terms: columns.search_terms, length: columns.search_length });

/** A Memory row's own part of the index: the IDs of its terms (sorted) and its length in terms. */
export interface IndexColumns {
  readonly search_terms: number[];
  readonly search_length: number;
}

/** The index entries of one account's Memories, between their terms and their postings. */
export interface PreparedIndex {
  /** Whether none of the Memories has a term (so there are no postings to write). */
  readonly empty: boolean;
  /** The search columns of a Memory's row. */
  columns(memoryId: string): IndexColumns;
  /** Writes the Memories' postings, once their rows hold these columns and have their index numbers. */
  writePostings(rows: ReadonlyArray<{ id: string; search_doc: string | number }>): Promise<void>;
}

const UNINDEXED: IndexColumns = { search_terms: [], search_length: 0 };

/**
 * The first half of indexing one account's Memories: the account's statistics and each term's
 * counts grow (new terms are added), in one statement, so that the locks it takes on them (under
 * the account's own, see projections.ts) are taken together, in term order. The Memories' rows
 * are then written with their search columns (new rows take them on insert, which spares a second
 * write of each row), and their postings last.
 */
export async function prepareIndex(db: Queryable, accountId: string, memories: readonly IndexableMemory[]): Promise<PreparedIndex> {
  const analysed = new Map<string, { counts: ReadonlyMap<string, number>; length: number; secret: boolean }>();
  const termDocs = new Map<string, { docs: number; keyDocs: number }>();
  const delta = { docs: 0, keyDocs: 0, length: 0, keyLength: 0 };
  for (const memory of memories) {
    const { counts, length } = memoryTerms(memory.text, memory.tags);
    // A Memory without terms (stop words only) can match nothing and does not count.
    if (counts.size === 0) continue;
    const secret = isSecret(memory);
    analysed.set(memory.id, { counts, length, secret });
    delta.docs += 1;
    delta.length += length;
    if (!secret) {
      delta.keyDocs += 1;
      delta.keyLength += length;
    }
    for (const term of counts.keys()) {
      const entry = termDocs.get(term) ?? { docs: 0, keyDocs: 0 };
      entry.docs += 1;
      if (!secret) entry.keyDocs += 1;
      termDocs.set(term, entry);
    }
  }
  if (analysed.size === 0) return { empty: true, columns: () => UNINDEXED, writePostings: async () => {} };
  const terms = [...termDocs.keys()].sort();
  const rows = await addTermsAndStats(db, accountId, delta, terms, termDocs);
  const termIds = new Map(rows.map((row) => [row.term, row.id]));
  const columns = new Map<string, IndexColumns>();
  for (const [id, memory] of analysed) {
    const ids = [...memory.counts.keys()].map((term) => termIds.get(term)!).sort((a, b) => a - b);
    columns.set(id, { search_terms: ids, search_length: memory.length });
  }
  return {
    empty: false,
    columns: (memoryId) => columns.get(memoryId) ?? UNINDEXED,
    writePostings: async (written) => {
      const postings = { term: [] as number[], doc: [] as number[], tf: [] as number[], length: [] as number[], secret: [] as boolean[] };
      for (const row of written) {
        const memory = analysed.get(row.id);
        if (!memory) continue;
        for (const [term, count] of memory.counts) {
          postings.term.push(termIds.get(term)!);
          postings.doc.push(Number(row.search_doc));
          postings.tf.push(Math.min(count, 32_767));
          postings.length.push(memory.length);
          postings.secret.push(memory.secret);
        }
      }
      if (postings.term.length === 0) return;
      await insertPostings(db, accountId, postings);
    },
  };
}

/** How a Memory of the account is indexed (its term IDs sorted, for locking in order), or null when it is not. */
async function indexedMemory(db: Queryable, accountId: string, memoryId: string) {
  const row = await indexColumnsOf(db, accountId, memoryId);
  if (!row || row.search_terms.length === 0) return null;
  return { ...row, termIds: [...row.search_terms].sort((a, b) => a - b) };
}

/**
 * Takes a Memory of the account out of the index: its postings, its share of the term and account
 * statistics, and terms that no Memory has any more. `secret` is whether it was indexed as secret.
 */
export async function unindexMemory(db: Queryable, accountId: string, memoryId: string, secret: boolean): Promise<void> {
  const row = await indexedMemory(db, accountId, memoryId);
  if (!row) return;
  const termIds = row.termIds;
  await addToStats(db, accountId, {
    docs: -1,
    keyDocs: secret ? 0 : -1,
    length: -row.search_length,
    keyLength: secret ? 0 : -row.search_length,
  });
  await deletePostings(db, accountId, termIds, Number(row.search_doc));
  await countTermsDown(db, accountId, termIds, secret);
  await deleteUnusedTerms(db, accountId, termIds);
  await clearIndexColumns(db, accountId, memoryId);
}

/** Moves an indexed Memory of the account between secret and visible to API keys. */
export async function setIndexedSecrecy(db: Queryable, accountId: string, memoryId: string, secret: boolean): Promise<void> {
  const row = await indexedMemory(db, accountId, memoryId);
  if (!row) return;
  const termIds = row.termIds;
  const sign = secret ? -1 : 1;
  await addToStats(db, accountId, { docs: 0, keyDocs: sign, length: 0, keyLength: sign * row.search_length });
  await setPostingsSecrecy(db, accountId, termIds, Number(row.search_doc), secret);
  await addToKeyDocs(db, accountId, termIds, sign);
}

/**
 * Indexes every Memory that is not indexed yet, a batch at a time, and returns how many it looked
 * at: those a migration left to the application (it indexes with the application's analysis,
 * which no migration may import), when the application starts. Each account's share of a batch
 * is read again and indexed in a transaction that holds the account's write lock, so that
 * instances starting together, or the account's own writes, never index a Memory twice.
 */
export async function indexAllMemories(db: Kysely<DB>, batch = 500): Promise<number> {
  let after = 0;
  let looked = 0;
  for (;;) {
    const rows = await unindexedMemories(db, after, batch);
    if (rows.length === 0) return looked;
    for (const accountId of [...new Set(rows.map((row) => row.account_id))].sort()) {
      const ids = rows.filter((row) => row.account_id === accountId).map((row) => row.id);
      looked += await db.transaction().execute(async (trx) => {
        await holdAccountWrites(trx, accountId);
        const still = await unindexedAmong(trx, accountId, ids);
        await indexMemories(trx, still);
        return still.length;
      });
    }
    after = Number(rows[rows.length - 1]!.search_doc);
  }
}
