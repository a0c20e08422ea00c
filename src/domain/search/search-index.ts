import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { memoryTerms, tokenize } from './analyzer';
import { B, K1 } from './bm25';
import { isSecret } from '../memories/visibility';

/**
 * The write side of the search index (tables search_terms, search_postings and search_stats, and
 * the search_* columns of memories; see migration 0008). Every change of a Memory's text, tags or
 * secrecy goes through here in the writing transaction, so that term statistics are always
 * current. Callers write in one account at a time under the account's locks; terms are upserted
 * in sorted order so two writers that share terms wait for each other instead of deadlocking.
 */

// Functions here take any Kysely, so that the migration that builds the index can use them.
type Queryable = Kysely<any> | Transaction<any>;

/** What indexing needs of a Memory. */
export interface IndexableMemory {
  readonly id: string;
  readonly account_id: string;
  readonly text: string;
  readonly tags: readonly string[];
  readonly sensitivity: string;
}

/** Indexes Memories that are not indexed yet (new ones, or ones just unindexed), of any accounts. */
export async function indexMemories(db: Queryable, memories: readonly IndexableMemory[]): Promise<void> {
  const byAccount = new Map<string, IndexableMemory[]>();
  for (const memory of memories) byAccount.set(memory.account_id, [...(byAccount.get(memory.account_id) ?? []), memory]);
  for (const [accountId, group] of [...byAccount].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const index = await prepareIndex(db, accountId, group);
    if (index.empty) continue;
    const rows = await sql<{ id: string; search_doc: string | number }>`
      update memories m set search_terms = c.terms, search_length = c.length
      from (select * from jsonb_to_recordset(${JSON.stringify(group.map((memory) => ({ id: memory.id, ...columnsJson(index.columns(memory.id)) })))}::jsonb)
            as c(id text, terms int[], length int)) c
      where m.id = c.id
      returning m.id, m.search_doc`.execute(db);
    await index.writePostings(rows.rows);
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

// Array parameters of many integers or booleans, written as array literals directly: the
// driver's general array encoding quotes and escapes every element.
const numbers = (values: readonly number[]) => sql.val(`{${values.join(',')}}`);
const booleans = (values: readonly boolean[]) => sql.val(`{${values.map((value) => (value ? 't' : 'f')).join(',')}}`);

/**
 * The first half of indexing one account's Memories: the account's statistics and each term's
 * counts grow (new terms are added), in one statement, so that the locks it takes on them (under
 * the account's own, see memory-effects.ts) are taken together, in term order. The Memories' rows
 * are then written with their search columns (new rows take them on insert, which spares a second
 * write of each row), and their postings last, weighed against the statistics that include them.
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
  const { rows } = await sql<{ id: number; term: string; average: number; key_average: number }>`
    with stats as (
      insert into search_stats as s (account_id, docs, key_docs, length, key_length)
      values (${accountId}, ${delta.docs}, ${delta.keyDocs}, ${delta.length}, ${delta.keyLength})
      on conflict (account_id) do update set
        docs = s.docs + excluded.docs, key_docs = s.key_docs + excluded.key_docs,
        length = s.length + excluded.length, key_length = s.key_length + excluded.key_length
      returning
        case when docs > 0 and length > 0 then length::float8 / docs else 1 end as average,
        case when key_docs > 0 and key_length > 0 then key_length::float8 / key_docs else 1 end as key_average
    ),
    terms as (
      insert into search_terms (account_id, term, docs, key_docs)
      select ${accountId}, term, docs, key_docs
      from unnest(${sql.val(terms)}::text[], ${numbers(terms.map((term) => termDocs.get(term)!.docs))}::int[],
                  ${numbers(terms.map((term) => termDocs.get(term)!.keyDocs))}::int[]) with ordinality as i(term, docs, key_docs, n)
      order by n
      on conflict (account_id, term) do update
        set docs = search_terms.docs + excluded.docs, key_docs = search_terms.key_docs + excluded.key_docs
      returning id, term
    )
    select t.id, t.term, s.average, s.key_average from terms t cross join stats s`.execute(db);
  const termIds = new Map(rows.map((row) => [row.term, row.id]));
  const { average, key_average: keyAverage } = rows[0]!;
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
      // Impacts order a term's postings for prefix reads. Those of Memories that keys see are
      // weighed against the average length of what keys see, so the order a key reads in owes
      // nothing to secret Memories.
      await sql`
        insert into search_postings (term_id, doc, impact, tf, secret)
        select term_id, doc,
          tf * ${K1 + 1}::float8 / (tf + ${K1}::float8 * (${1 - B}::float8
            + ${B}::float8 * length / (case when secret then ${average}::float8 else ${keyAverage}::float8 end))),
          tf, secret
        from unnest(${numbers(postings.term)}::int[], ${numbers(postings.doc)}::bigint[], ${numbers(postings.tf)}::int[],
                    ${numbers(postings.length)}::int[], ${booleans(postings.secret)}::boolean[]) as p(term_id, doc, tf, length, secret)
        order by term_id, doc`.execute(db);
    },
  };
}

async function addToStats(
  db: Queryable,
  accountId: string,
  delta: { docs: number; keyDocs: number; length: number; keyLength: number },
): Promise<{ docs: number; length: number; keyDocs: number; keyLength: number }> {
  const row = await sql<{ docs: number; length: string | number; key_docs: number; key_length: string | number }>`
    insert into search_stats as s (account_id, docs, key_docs, length, key_length)
    values (${accountId}, ${delta.docs}, ${delta.keyDocs}, ${delta.length}, ${delta.keyLength})
    on conflict (account_id) do update set
      docs = s.docs + excluded.docs, key_docs = s.key_docs + excluded.key_docs,
      length = s.length + excluded.length, key_length = s.key_length + excluded.key_length
    returning docs, length, key_docs, key_length`.execute(db);
  const stats = row.rows[0]!;
  return { docs: stats.docs, length: Number(stats.length), keyDocs: stats.key_docs, keyLength: Number(stats.key_length) };
}

/** How a Memory is indexed (its term IDs sorted, for locking in order), or null when it is not. */
async function indexedMemory(db: Queryable, memoryId: string) {
  const row = (
    await sql<{ account_id: string; search_doc: string | number; search_terms: number[]; search_length: number }>`
      select account_id, search_doc, search_terms, search_length from memories where id = ${memoryId}`.execute(db)
  ).rows[0];
  if (!row || row.search_terms.length === 0) return null;
  return { ...row, termIds: [...row.search_terms].sort((a, b) => a - b) };
}

/**
 * Takes a Memory out of the index: its postings, its share of the term and account statistics,
 * and terms that no Memory has any more. `secret` is whether it was indexed as secret.
 */
export async function unindexMemory(db: Queryable, memoryId: string, secret: boolean): Promise<void> {
  const row = await indexedMemory(db, memoryId);
  if (!row) return;
  const termIds = row.termIds;
  await addToStats(db, row.account_id, {
    docs: -1,
    keyDocs: secret ? 0 : -1,
    length: -row.search_length,
    keyLength: secret ? 0 : -row.search_length,
  });
  await sql`delete from search_postings where term_id = any(${sql.val(termIds)}::int[]) and doc = ${Number(row.search_doc)}`.execute(db);
  await sql`
    update search_terms set docs = docs - 1, key_docs = key_docs - ${secret ? 0 : 1}
    where id in (select id from search_terms where id = any(${sql.val(termIds)}::int[]) order by id for update)`.execute(db);
  await sql`delete from search_terms where id = any(${sql.val(termIds)}::int[]) and docs <= 0`.execute(db);
  await sql`update memories set search_terms = '{}', search_length = 0 where id = ${memoryId}`.execute(db);
}

/** Moves an indexed Memory between secret and visible to API keys. */
export async function setIndexedSecrecy(db: Queryable, memoryId: string, secret: boolean): Promise<void> {
  const row = await indexedMemory(db, memoryId);
  if (!row) return;
  const termIds = row.termIds;
  const sign = secret ? -1 : 1;
  await addToStats(db, row.account_id, { docs: 0, keyDocs: sign, length: 0, keyLength: sign * row.search_length });
  await sql`update search_postings set secret = ${secret} where term_id = any(${sql.val(termIds)}::int[]) and doc = ${Number(row.search_doc)}`.execute(db);
  await sql`
    update search_terms set key_docs = key_docs + ${sign}
    where id in (select id from search_terms where id = any(${sql.val(termIds)}::int[]) order by id for update)`.execute(db);
}

/** Indexes every Memory that is not indexed yet, a batch at a time (the migration's backfill). */
export async function indexAllMemories(db: Kysely<any>, batch = 500): Promise<number> {
  let after = 0;
  let indexed = 0;
  for (;;) {
    const rows = (
      await sql<IndexableMemory & { search_doc: string | number }>`
        select id, account_id, text, tags, sensitivity, search_doc from memories
        where search_doc > ${after} and search_length = 0
        order by search_doc limit ${batch}`.execute(db)
    ).rows;
    if (rows.length === 0) return indexed;
    await indexMemories(db, rows);
    indexed += rows.length;
    after = Number(rows[rows.length - 1]!.search_doc);
  }
}

const termsOf = (words: string) => [...new Set(tokenize(words).flatMap((token) => (token.term === null ? [] : [token.term])))];

/** Whether `words` has a word the index holds (not only stop words or symbols). */
export function hasIndexedWords(words: string): boolean {
  return termsOf(words).length > 0;
}

/**
 * A condition on `memories` rows: the Memory is indexed under every term of `words` (a narrowing
 * for callers that then apply rules of their own to the text). Words the index does not hold
 * (see hasIndexedWords) narrow nothing: without any, no Memory qualifies.
 */
export function containsTerms(accountId: string, words: string): RawBuilder<boolean> {
  const terms = termsOf(words);
  if (terms.length === 0) return sql<boolean>`false`;
  return sql<boolean>`memories.search_doc in (
    select p.doc from search_terms t join search_postings p on p.term_id = t.id
    where t.account_id = ${accountId} and t.term = any(${sql.val(terms)}::text[])
    group by p.doc having count(*) = ${terms.length})`;
}
