import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { memoryTerms, tokenize } from './analyzer';
import { termWeight } from './bm25';

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

const isSecret = (memory: { sensitivity: string }) => memory.sensitivity === 'secret';

/** Postings go to the database in statements of at most this many. */
const POSTINGS_PER_STATEMENT = 20_000;

/** Indexes Memories that are not indexed yet (new ones, or ones just unindexed), of any accounts. */
export async function indexMemories(db: Queryable, memories: readonly IndexableMemory[]): Promise<void> {
  const byAccount = new Map<string, IndexableMemory[]>();
  for (const memory of memories) byAccount.set(memory.account_id, [...(byAccount.get(memory.account_id) ?? []), memory]);
  for (const [accountId, group] of [...byAccount].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await indexAccountMemories(db, accountId, group);
  }
}

async function indexAccountMemories(db: Queryable, accountId: string, memories: readonly IndexableMemory[]): Promise<void> {
  const analysed = memories.map((memory) => ({ memory, ...memoryTerms(memory.text, memory.tags) }));
  const docs = new Map(
    (
      await sql<{ id: string; search_doc: string | number }>`
        select id, search_doc from memories where id = any(${sql.val(memories.map((m) => m.id))}::text[])`.execute(db)
    ).rows.map((row) => [row.id, Number(row.search_doc)]),
  );

  // A Memory without terms (stop words only) can match nothing and does not count.
  const counted = analysed.filter((entry) => entry.counts.size > 0);
  const visible = counted.filter((entry) => !isSecret(entry.memory));
  const sum = (entries: typeof analysed) => entries.reduce((total, entry) => total + entry.length, 0);
  const stats = await addToStats(db, accountId, {
    docs: counted.length,
    keyDocs: visible.length,
    length: sum(counted),
    keyLength: sum(visible),
  });
  // Impacts order a term's postings for prefix reads. Those of Memories that keys see are weighed
  // against what keys see, so that the order a key reads in owes nothing to secret Memories.
  const averageOf = (docs: number, length: number) => (docs > 0 && length > 0 ? length / docs : 1);
  const averageLength = (memory: IndexableMemory) =>
    isSecret(memory) ? averageOf(stats.docs, stats.length) : averageOf(stats.keyDocs, stats.keyLength);

  // Each distinct term once, with the number of these Memories that contain it.
  const termDocs = new Map<string, { docs: number; keyDocs: number }>();
  for (const entry of analysed) {
    for (const term of entry.counts.keys()) {
      const counts = termDocs.get(term) ?? { docs: 0, keyDocs: 0 };
      counts.docs += 1;
      if (!isSecret(entry.memory)) counts.keyDocs += 1;
      termDocs.set(term, counts);
    }
  }
  const terms = [...termDocs.keys()].sort();
  const termIds = new Map<string, number>();
  if (terms.length > 0) {
    const rows = await sql<{ id: number; term: string }>`
      insert into search_terms (account_id, term, docs, key_docs)
      select ${accountId}, t.term, t.docs, t.key_docs
      from unnest(${sql.val(terms)}::text[], ${sql.val(terms.map((t) => termDocs.get(t)!.docs))}::int[],
                  ${sql.val(terms.map((t) => termDocs.get(t)!.keyDocs))}::int[]) as t(term, docs, key_docs)
      order by t.term
      on conflict (account_id, term) do update
        set docs = search_terms.docs + excluded.docs, key_docs = search_terms.key_docs + excluded.key_docs
      returning id, term`.execute(db);
    for (const row of rows.rows) termIds.set(row.term, row.id);
  }

  const postings = { term: [] as number[], doc: [] as number[], impact: [] as number[], tf: [] as number[], secret: [] as boolean[] };
  const flush = async () => {
    if (postings.term.length === 0) return;
    await sql`
      insert into search_postings (term_id, doc, impact, tf, secret)
      select * from unnest(${sql.val(postings.term)}::int[], ${sql.val(postings.doc)}::bigint[], ${sql.val(postings.impact)}::real[],
                           ${sql.val(postings.tf)}::smallint[], ${sql.val(postings.secret)}::boolean[])`.execute(db);
    for (const column of Object.values(postings)) column.length = 0;
  };
  const forward: Array<{ id: string; terms: number[]; length: number }> = [];
  for (const entry of analysed) {
    const doc = docs.get(entry.memory.id);
    if (doc === undefined) continue;
    const ids: number[] = [];
    for (const [term, count] of entry.counts) {
      const id = termIds.get(term)!;
      ids.push(id);
      const tf = Math.min(count, 32_767);
      postings.term.push(id);
      postings.doc.push(doc);
      postings.impact.push(termWeight(tf, entry.length, averageLength(entry.memory)));
      postings.tf.push(tf);
      postings.secret.push(isSecret(entry.memory));
      if (postings.term.length >= POSTINGS_PER_STATEMENT) await flush();
    }
    forward.push({ id: entry.memory.id, terms: ids, length: entry.length });
  }
  await flush();
  await sql`
    update memories m set search_terms = f.terms, search_length = f.length
    from jsonb_to_recordset(${JSON.stringify(forward)}::jsonb) as f(id text, terms integer[], length integer)
    where m.id = f.id`.execute(db);
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

/**
 * A condition on `memories` rows: the Memory is indexed under every term of `words` (a narrowing
 * for callers that then apply rules of their own to the text).
 */
export function containsTerms(accountId: string, words: string): RawBuilder<boolean> {
  const terms = [...new Set(tokenize(words).flatMap((token) => (token.term === null ? [] : [token.term])))];
  if (terms.length === 0) return sql<boolean>`false`;
  return sql<boolean>`memories.search_doc in (
    select p.doc from search_terms t join search_postings p on p.term_id = t.id
    where t.account_id = ${accountId} and t.term = any(${sql.val(terms)}::text[])
    group by p.doc having count(*) = ${terms.length})`;
}
