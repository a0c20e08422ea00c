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
    await indexAccountMemories(db, accountId, group);
  }
}

/**
 * One statement, so that the locks it takes on the account's statistics and shared terms (under
 * the account's own, see memory-effects.ts) are held for one round trip: the statistics grow, each
 * term's counts grow (new terms are added), the postings go in with their impacts, and each Memory
 * records the terms it is indexed under.
 */
async function indexAccountMemories(db: Queryable, accountId: string, memories: readonly IndexableMemory[]): Promise<void> {
  const input = { id: [] as string[], term: [] as string[], tf: [] as number[], length: [] as number[], secret: [] as boolean[] };
  const delta = { docs: 0, keyDocs: 0, length: 0, keyLength: 0 };
  for (const memory of memories) {
    const { counts, length } = memoryTerms(memory.text, memory.tags);
    // A Memory without terms (stop words only) can match nothing and does not count.
    if (counts.size === 0) continue;
    delta.docs += 1;
    delta.length += length;
    if (!isSecret(memory)) {
      delta.keyDocs += 1;
      delta.keyLength += length;
    }
    for (const [term, count] of counts) {
      input.id.push(memory.id);
      input.term.push(term);
      input.tf.push(Math.min(count, 32_767));
      input.length.push(length);
      input.secret.push(isSecret(memory));
    }
  }
  if (input.id.length === 0) return;
  // Impacts order a term's postings for prefix reads. Those of Memories that keys see are weighed
  // against the average length of what keys see, so the order a key reads in owes nothing to
  // secret Memories.
  await sql`
    with input as (
      select * from unnest(${sql.val(input.id)}::text[], ${sql.val(input.term)}::text[], ${sql.val(input.tf)}::int[],
                           ${sql.val(input.length)}::int[], ${sql.val(input.secret)}::boolean[]) as i(memory_id, term, tf, length, secret)
    ),
    stats as (
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
      select ${accountId}, term, count(*), count(*) filter (where not secret) from input group by term order by term
      on conflict (account_id, term) do update
        set docs = search_terms.docs + excluded.docs, key_docs = search_terms.key_docs + excluded.key_docs
      returning id, term
    ),
    postings as (
      insert into search_postings (term_id, doc, impact, tf, secret)
      select t.id, m.search_doc,
        i.tf * ${K1 + 1}::float8 / (i.tf + ${K1}::float8 * (${1 - B}::float8
          + ${B}::float8 * i.length / (case when i.secret then s.average else s.key_average end))),
        i.tf, i.secret
      from input i join terms t on t.term = i.term join memories m on m.id = i.memory_id cross join stats s
    )
    update memories m set search_terms = f.ids, search_length = f.length
    from (select i.memory_id, array_agg(t.id order by t.id) as ids, max(i.length) as length
          from input i join terms t on t.term = i.term group by i.memory_id) f
    where m.id = f.memory_id`.execute(db);
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
