import { sql, type Kysely, type Transaction } from 'kysely';
import { termWeightSql } from '../search/bm25';

/** What indexing needs of a Memory. */
export interface IndexableMemory {
  readonly id: string;
  readonly account_id: string;
  readonly text: string;
  readonly tags: readonly string[];
  readonly sensitivity: string;
}

/**
 * The statements of the search index's write side (see search-index.ts).
 */
export type IndexQueryable = Kysely<any> | Transaction<any>;

// Array parameters of many integers or booleans, written as array literals directly: the
// driver's general array encoding quotes and escapes every element.
const numbers = (values: readonly number[]) => sql.val(`{${values.join(',')}}`);
const booleans = (values: readonly boolean[]) => sql.val(`{${values.map((value) => (value ? 't' : 'f')).join(',')}}`);

/** Writes the search columns of Memories of the account; returns their index numbers. */
export async function writeIndexColumns(
  db: IndexQueryable,
  accountId: string,
  columns: ReadonlyArray<{ id: string; terms: readonly number[]; length: number }>,
): Promise<Array<{ id: string; search_doc: string | number }>> {
  const rows = await sql<{ id: string; search_doc: string | number }>`
      update memories m set search_terms = c.terms, search_length = c.length
      from (select * from jsonb_to_recordset(${JSON.stringify(columns)}::jsonb)
            as c(id text, terms int[], length int)) c
      where m.account_id = ${accountId} and m.id = c.id
      returning m.id, m.search_doc`.execute(db);
  return rows.rows;
}

export interface StatsDelta {
  readonly docs: number;
  readonly keyDocs: number;
  readonly length: number;
  readonly keyLength: number;
}

/** How many Memories (and of those API keys may see) newly contain a term. */
export interface TermDelta {
  readonly docs: number;
  readonly keyDocs: number;
}

/**
 * Adds to an account's statistics and its terms' counts (adding new terms), in one statement;
 * `terms` are given in sorted order, which is the order their rows are locked in. Returns each
 * term's ID.
 */
export async function addTermsAndStats(
  db: IndexQueryable,
  accountId: string,
  delta: StatsDelta,
  terms: readonly string[],
  termDocs: ReadonlyMap<string, TermDelta>,
): Promise<Array<{ id: number; term: string }>> {
  const { rows } = await sql<{ id: number; term: string }>`
    with stats as (
      insert into search_stats as s (account_id, docs, key_docs, length, key_length)
      values (${accountId}, ${delta.docs}, ${delta.keyDocs}, ${delta.length}, ${delta.keyLength})
      on conflict (account_id) do update set
        docs = s.docs + excluded.docs, key_docs = s.key_docs + excluded.key_docs,
        length = s.length + excluded.length, key_length = s.key_length + excluded.key_length
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
    select id, term from terms`.execute(db);
  return rows;
}

/** The postings of Memories, column by column: a posting is the same position in each. */
export interface Postings {
  readonly term: readonly number[];
  readonly doc: readonly number[];
  readonly tf: readonly number[];
  readonly length: readonly number[];
  readonly secret: readonly boolean[];
}

/** Inserts postings with their impacts: each term's BM25 weight in its Memory (see bm25.ts). */
export async function insertPostings(db: IndexQueryable, accountId: string, postings: Postings): Promise<void> {
  // In term order, as the impact index takes them best; sorted here rather than by the statement,
  // which on the embedded database costs a noticeable share of an import.
  const order = postings.term.map((_, i) => i).sort((a, b) => postings.term[a]! - postings.term[b]! || postings.doc[a]! - postings.doc[b]!);
  const inOrder = <T>(column: readonly T[]) => order.map((i) => column[i]!);
  // Impacts order a term's postings for prefix reads, and are the postings' share of a score.
  await sql`
        insert into search_postings (account_id, term_id, doc, impact, tf, secret)
        select ${accountId}, term_id, doc, ${termWeightSql(sql`tf`, sql`length`)}, tf, secret
        from unnest(${numbers(inOrder(postings.term))}::int[], ${numbers(inOrder(postings.doc))}::bigint[], ${numbers(inOrder(postings.tf))}::int[],
                    ${numbers(inOrder(postings.length))}::int[], ${booleans(inOrder(postings.secret))}::boolean[]) as p(term_id, doc, tf, length, secret)`.execute(db);
}

/** Adds to an account's statistics; returns them as they are then. */
export async function addToStats(
  db: IndexQueryable,
  accountId: string,
  delta: StatsDelta,
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

/** The search columns and index number of a Memory of the account, if the Memory exists. */
export async function indexColumnsOf(db: IndexQueryable, accountId: string, memoryId: string) {
  return (
    await sql<{ search_doc: string | number; search_terms: number[]; search_length: number }>`
      select search_doc, search_terms, search_length from memories where account_id = ${accountId} and id = ${memoryId}`.execute(db)
  ).rows[0];
}

export async function deletePostings(db: IndexQueryable, accountId: string, termIds: readonly number[], doc: number): Promise<void> {
  await sql`delete from search_postings where account_id = ${accountId} and doc = ${doc} and term_id = any(${sql.val(termIds)}::int[])`.execute(db);
}

export async function setPostingsSecrecy(db: IndexQueryable, accountId: string, termIds: readonly number[], doc: number, secret: boolean): Promise<void> {
  await sql`update search_postings set secret = ${secret}
    where account_id = ${accountId} and doc = ${doc} and term_id = any(${sql.val(termIds)}::int[])`.execute(db);
}

/** The account's terms of `termIds`, locked in ID order (sorted IDs), as the condition of an update of search_terms. */
const lockedTerms = (accountId: string, termIds: readonly number[]) =>
  sql`where account_id = ${accountId} and id in (
    select id from search_terms where account_id = ${accountId} and id = any(${sql.val(termIds)}::int[]) order by id for update)`;

/** One Memory fewer has each of these terms of the account (`secret`: it was not one API keys see). */
export async function countTermsDown(db: IndexQueryable, accountId: string, termIds: readonly number[], secret: boolean): Promise<void> {
  await sql`
    update search_terms set docs = docs - 1, key_docs = key_docs - ${secret ? 0 : 1}
    ${lockedTerms(accountId, termIds)}`.execute(db);
}

/** One Memory more (`sign` 1) or fewer (-1) that API keys see has each of these terms of the account. */
export async function addToKeyDocs(db: IndexQueryable, accountId: string, termIds: readonly number[], sign: number): Promise<void> {
  await sql`
    update search_terms set key_docs = key_docs + ${sign}
    ${lockedTerms(accountId, termIds)}`.execute(db);
}

/** Deletes those of these terms of the account that no Memory has any more. */
export async function deleteUnusedTerms(db: IndexQueryable, accountId: string, termIds: readonly number[]): Promise<void> {
  await sql`delete from search_terms where account_id = ${accountId} and id = any(${sql.val(termIds)}::int[]) and docs <= 0`.execute(db);
}

export async function clearIndexColumns(db: IndexQueryable, accountId: string, memoryId: string): Promise<void> {
  await sql`update memories set search_terms = '{}', search_length = 0 where account_id = ${accountId} and id = ${memoryId}`.execute(db);
}

/** Up to `limit` Memories, of any account, that are not indexed, numbered after `after`, in index-number order. */
export async function unindexedMemories(
  db: IndexQueryable,
  after: number,
  limit: number,
): Promise<Array<IndexableMemory & { search_doc: string | number }>> {
  return (
    await sql<IndexableMemory & { search_doc: string | number }>`
        select id, account_id, text, tags, sensitivity, search_doc from memories
        where search_doc > ${after} and search_length = 0
        order by search_doc limit ${limit}`.execute(db)
  ).rows;
}

/** Those of the account's Memories that are still not indexed, their rows locked until the transaction ends. */
export async function unindexedAmong(db: IndexQueryable, accountId: string, ids: readonly string[]): Promise<IndexableMemory[]> {
  if (ids.length === 0) return [];
  return (
    await sql<IndexableMemory>`
        select id, account_id, text, tags, sensitivity from memories
        where account_id = ${accountId} and id = any(${ids}) and search_length = 0
        order by search_doc for update`.execute(db)
  ).rows;
}
