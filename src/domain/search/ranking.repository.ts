import { sql, type RawBuilder } from 'kysely';
import type { Queryable } from '../../db/schema';
import { memoryVisibleTo, readsKeyIndex } from '../memories/visibility';
import { termWeightSql } from './bm25';
import { COORDINATION, forEachId, idfOf, prefixSize, type CorpusStats, type RankedDoc, type RankingOptions, type ScoringTerm } from './ranking';

/**
 * One ranking query over the inverted index (see migration 0008): BM25 over the postings of the
 * query's terms, each term's read in descending impact and at most `prefixSize` of them, so the
 * work is bounded by the query and not by how many Memories match. A term in fewer Memories than
 * that is read in full, so its ranking is exact; a very common term contributes through the
 * Memories where it weighs most.
 *
 * Each read of search_postings names the account, although a term's postings are all its
 * account's: so the read stays on the account's shard of a distributed database. The index it
 * reads begins with the account (migration 0033), so the read is still a prefix of the index.
 */

const bit = (queryTerm: number) => (1n << BigInt(queryTerm)).toString();

/**
 * The best postings of one term, each with its share of the score: `prefix` of them, or with
 * `ties`, also those of the same impact as the last.
 */
function postingsPrefix(accountId: string, term: ScoringTerm, stats: CorpusStats, keysOnly: boolean, prefix: number, ties = false): RawBuilder<unknown> {
  const weight = term.weight * idfOf(term, stats);
  const count = Math.min(prefix, term.docs);
  const read = (secret: boolean) => sql`(
    select doc, ${weight}::float8 * impact as part, ${bit(term.queryTerm)}::bigint as bit, ${term.exact}::boolean as exact
    from search_postings
    where account_id = ${accountId} and term_id = ${term.termId} and secret = ${secret}
    order by impact desc ${ties ? sql`fetch first ${count} rows with ties` : sql`limit ${count}`})`;
  return keysOnly ? read(false) : sql`${read(false)} union all ${read(true)}`;
}

/** Whether the Memory `s.doc` has one of these terms. */
function hasAnyTerm(accountId: string, termIds: readonly number[], keysOnly: boolean): RawBuilder<boolean> {
  return sql<boolean>`exists (
    select 1 from search_postings x
    where x.account_id = ${accountId} and x.doc = s.doc and x.term_id = any(${sql.val(termIds)}::int[]) ${keysOnly ? sql`and not x.secret` : sql``})`;
}

/**
 * Completes the candidates' scores with the terms (of those whose postings were read only in
 * part) that they hold although their postings were not read: a candidate found through one word
 * may hold another whose posting lies beyond what was read, as its term list tells. Such a term adds what
 * one occurrence of it weighs in a Memory of the candidate's length (a lower bound of its real
 * weight, exact for one occurrence) and counts for coordination and highlights.
 */
function completion(terms: readonly ScoringTerm[], stats: CorpusStats, knownTerms: number): RawBuilder<unknown> {
  const column = <T>(pick: (term: ScoringTerm) => T) => sql.val(terms.map(pick));
  return sql`
    select c.doc, c.id, c.updated_at, c.search_terms, c.search_length, c.bm25, c.matched | x.bits as matched, c.exact or x.exact as exact,
      power(bit_count((c.matched | x.bits)::bit(64))::float8 / ${knownTerms}::float8, ${COORDINATION}::float8) as coordination,
      (c.bm25 + x.added * ${termWeightSql(sql`1`, sql`c.search_length`)})
        * power(bit_count((c.matched | x.bits)::bit(64))::float8 / ${knownTerms}::float8, ${COORDINATION}::float8) as score
    from candidates c
    cross join lateral (
      select coalesce(sum(q.part), 0) as added, coalesce(bit_or(q.bit), 0) as bits, coalesce(bool_or(q.exact), false) as exact
      from unnest(${column((term) => term.termId)}::int[], ${column((term) => term.weight * idfOf(term, stats))}::float8[],
                  ${column((term) => bit(term.queryTerm))}::bigint[], ${column((term) => term.exact)}::boolean[]) as q(id, part, bit, exact)
      where (c.matched & q.bit) = 0 and q.id = any(c.search_terms)) x`;
}

/**
 * The best `limit` Memories for the query, ordered by score, then the more recently updated,
 * then ID. A Memory qualifies when it matches at least one query term, meets every requirement
 * and contains no excluded word.
 */
export async function rankMemories(db: Queryable, options: RankingOptions): Promise<RankedDoc[]> {
  const { principal, terms, stats } = options;
  const keysOnly = readsKeyIndex(principal);
  if (terms.length === 0 || stats.docs === 0) return [];
  // A query of one term and nothing else to check ranks Memories by that term's impact alone, so
  // its best `limit` postings, with those tied with the last, are exactly the best Memories.
  const alone = terms.length === 1 && options.requirements.length === 0 && options.excluded.length === 0 && !options.type && !options.tag;
  const prefix = alone ? options.limit : (options.prefix ?? prefixSize(terms.length));
  const hits = sql.join(
    terms.map((term) => postingsPrefix(principal.accountId, term, stats, keysOnly, prefix, alone)),
    sql` union all `,
  );

  // Requirements: a required query term matched if its bit is set, or, when its postings (or its
  // corrections') were not read in full, if the Memory has one of them after all.
  const termIdsOf = new Map<number, number[]>();
  for (const term of terms) termIdsOf.set(term.queryTerm, [...(termIdsOf.get(term.queryTerm) ?? []), term.termId]);
  const readInFull = (queryTerm: number) => terms.filter((t) => t.queryTerm === queryTerm).every((t) => t.docs <= prefix);
  const termMatched = (queryTerm: number): RawBuilder<boolean> => {
    const ids = termIdsOf.get(queryTerm);
    if (!ids) return sql<boolean>`false`;
    const byBit = sql<boolean>`(s.matched & ${bit(queryTerm)}::bigint) <> 0`;
    return readInFull(queryTerm) ? byBit : sql<boolean>`(${byBit} or ${hasAnyTerm(principal.accountId, ids, keysOnly)})`;
  };
  const conditions: RawBuilder<boolean>[] = options.requirements.map(
    (alternatives) => sql<boolean>`(${sql.join(alternatives.map((all) => sql`(${sql.join(all.map(termMatched), sql` and `)})`), sql` or `)})`,
  );
  for (const termIds of options.excluded) {
    conditions.push(sql<boolean>`not (${sql.join(termIds.map((id) => hasAnyTerm(principal.accountId, [id], keysOnly)), sql` and `)})`);
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;

  const filters: RawBuilder<unknown>[] = [];
  if (options.type) filters.push(sql`and m.type = ${options.type}`);
  if (options.tag) filters.push(sql`and m.tags @> ${sql.val([options.tag])}::text[]`);
  // Without filters on the Memory itself, only the best rows (and those tied with the last of
  // them) need their Memory read; with filters, every candidate does.
  const preLimit = options.type || options.tag ? sql`` : sql`order by score desc fetch first ${options.limit} rows with ties`;

  // Coordination counts the query terms a Memory matched. When each query term is scored by one
  // term only (no corrections), that is the number of its postings the query read, which costs less to
  // count than the bits of the match mask.
  const oneTermEach = new Set(terms.map((term) => term.queryTerm)).size === terms.length;
  const termsMatched = oneTermEach ? sql`s.postings` : sql`bit_count(s.matched::bit(64))`;
  // Only the terms whose postings were read in part can be missing from a candidate.
  const partial = terms.filter((term) => term.docs > prefix);

  const rows = await sql<{
    id: string;
    doc: string | number;
    score: number;
    coordination: number;
    matched: string;
    exact: boolean;
    term_ids: string | null;
    term_docs: string | null;
    search_terms: string;
    search_length: number;
    updated_at: string;
  }>`
    with hits as (${hits}),
    scored as (
      select doc, sum(part) as bm25, bit_or(bit) as matched, bool_or(exact) as exact, count(*) as postings
      from hits group by doc
    ),
    ranked as (
      select s.doc, s.bm25, power(${termsMatched}::float8 / ${Math.max(1, options.knownTerms)}::float8, ${COORDINATION}::float8) as coordination,
        s.matched, s.exact
      from scored s ${where}
    ),
    scores as (select r.*, r.bm25 * r.coordination as score from ranked r ${preLimit}),
    candidates as (
      select s.doc, s.bm25, s.matched, s.exact, s.coordination, s.score, m.id, m.updated_at, m.search_terms, m.search_length
      from scores s join memories m on m.search_doc = s.doc
      where m.account_id = ${principal.accountId} and ${memoryVisibleTo(principal, 'm')} ${filters.length > 0 ? sql.join(filters, sql` `) : sql``}
      order by s.score desc fetch first ${options.limit} rows with ties
    ),
    completed as (${partial.length > 0 && options.knownTerms > 1 ? completion(partial, stats, options.knownTerms) : sql`select * from candidates`}),
    -- Ties at the boundary of the described ones are described too: cheap, and simpler than exact.
    best as (select c.*, rank() over (order by c.score desc) as rank from completed c)
    select b.id, b.doc, b.score, b.coordination, b.matched::text as matched, b.exact, d.term_ids, d.term_docs,
      b.search_terms::text as search_terms, b.search_length,
      (extract(epoch from b.updated_at) * 1000000)::bigint::text as updated_at
    from best b
    cross join lateral (
      select string_agg(t.id::text, ',' order by t.id) as term_ids, string_agg(${sql.raw(keysOnly ? 't.key_docs' : 't.docs')}::text, ',' order by t.id) as term_docs
      from search_terms t
      where b.rank <= ${options.describeBest} and t.account_id = ${principal.accountId} and t.id = any(b.search_terms)) d
    order by b.score desc, b.updated_at desc, b.id desc
    limit ${options.limit}`.execute(db);
  return rows.rows.map((row) => ({
    id: row.id,
    doc: Number(row.doc),
    score: Number(row.score),
    coordination: Number(row.coordination),
    matched: BigInt(row.matched),
    exact: row.exact,
    terms: row.term_ids === null ? null : { ids: numbers(row.term_ids), docs: numbers(row.term_docs ?? '') },
    termList: row.search_terms,
    length: row.search_length,
    updatedAt: Number(row.updated_at),
  }));
}

/** Integer lists come as comma-separated text, which parses faster than the driver's arrays. */
function numbers(list: string): number[] {
  const out: number[] = [];
  forEachId(list, (id) => out.push(id));
  return out;
}
