import { sql, type RawBuilder } from 'kysely';
import type { MemoryRow } from '../../db/schema';
import type { Queryable } from '../memories/memories.repository';
import { B, inverseDocumentFrequency, K1 } from './bm25';

/**
 * One ranking query over the inverted index (see migration 0008): BM25 over the postings of the
 * query's terms, read in descending impact and at most `prefix` of them per term, so the work is
 * bounded by the query and not by how many Memories match. A term in fewer Memories than that is
 * read in full, so its ranking is exact; a very common term contributes through its best Memories.
 */

/** A term a query scores with: a query word's own term, a correction of it, or a feedback term. */
export interface ScoringTerm {
  readonly termId: number;
  readonly term: string;
  /** Memories that contain it, among those the caller may see. */
  readonly docs: number;
  /** 1 for the query's own terms, less for corrections and feedback terms. */
  readonly weight: number;
  /**
   * The query term this term stands for (its bit in match masks: itself, or the term it
   * corrects), or -1 for a feedback term, which adds to the score of a Memory the query matches
   * but never makes it match.
   */
  readonly queryTerm: number;
  /** True for a query term itself, false for a correction or a feedback term. */
  readonly exact: boolean;
}

/** Which query terms a hit must match: any one of the alternatives, each a set of query terms. */
export type Requirement = ReadonlyArray<ReadonlyArray<number>>;

export interface RankingOptions {
  readonly accountId: string;
  /** API keys see no secret Memories: their postings are not read and their statistics are not counted. */
  readonly keysOnly: boolean;
  readonly terms: readonly ScoringTerm[];
  readonly stats: CorpusStats;
  /** How many query terms the caller's Memories have, directly or through corrections (coordination divides by it). */
  readonly knownTerms: number;
  readonly requirements: readonly Requirement[];
  /** The term IDs of each excluded word: a Memory that contains every term of one is left out. */
  readonly excluded: ReadonlyArray<ReadonlyArray<number>>;
  readonly type?: string;
  readonly tag?: string;
  readonly limit: number;
}

export interface CorpusStats {
  readonly docs: number;
  readonly length: number;
}

export type RankedRow = MemoryRow & {
  readonly search_doc: number;
  readonly score: number;
  /** Bit i set when query term i matched (directly or through a correction). */
  readonly matched: bigint;
  /** Whether some query term matched directly (false: through corrections only). */
  readonly exact: boolean;
};

/** Query terms beyond this many are not used (match masks are 64-bit). */
export const MAX_QUERY_TERMS = 60;

/** Postings read per query, in all: shared among the query's terms. */
const POSTINGS_BUDGET = 24_000;
/** A term's prefix is never cut below this, however many terms the query has. */
const MIN_PREFIX = 1_000;
/**
 * Coordination: a Memory's BM25 score is multiplied by (words matched / words known) to this
 * power, so matching more of a question's words counts beyond their summed weights.
 */
const COORDINATION = 0.5;

/** How many postings of one term a query of `terms` terms reads at most. */
export function prefixSize(terms: number): number {
  return Math.max(MIN_PREFIX, Math.floor(POSTINGS_BUDGET / Math.max(1, terms)));
}

/** The idf of a term for this corpus. */
export function idfOf(term: { docs: number }, stats: CorpusStats): number {
  return inverseDocumentFrequency(term.docs, Math.max(stats.docs, term.docs));
}

const bit = (queryTerm: number) => (queryTerm < 0 ? 0n : 1n << BigInt(queryTerm));

function postingsPrefix(slot: number, term: ScoringTerm, keysOnly: boolean, prefix: number): RawBuilder<unknown> {
  const read = (secret: boolean) => sql`(
    select ${slot}::int as slot, doc, tf, length from search_postings
    where term_id = ${term.termId} and secret = ${secret}
    order by impact desc limit ${Math.min(prefix, term.docs)})`;
  return keysOnly ? read(false) : sql`${read(false)} union all ${read(true)}`;
}

/** Whether a Memory `doc` (of the scored rows `s`) has one of these terms. */
function hasAnyTerm(termIds: readonly number[], keysOnly: boolean): RawBuilder<boolean> {
  return sql<boolean>`exists (
    select 1 from search_postings x
    where x.term_id = any(${sql.val(termIds)}::int[]) and x.doc = s.doc ${keysOnly ? sql`and not x.secret` : sql``})`;
}

/**
 * The best `limit` Memories for the query, ordered by score, then the more recently updated,
 * then ID. A Memory qualifies when it matches at least one query word (feedback terms only add to
 * scores), meets every requirement and contains no excluded word.
 */
export async function rankMemories(db: Queryable, options: RankingOptions): Promise<RankedRow[]> {
  const { terms, stats, keysOnly } = options;
  if (terms.length === 0 || stats.docs === 0) return [];
  const averageLength = stats.length / stats.docs || 1;
  const prefix = prefixSize(terms.length);

  const weights = sql.join(
    terms.map((term, slot) => sql`(${slot}::int, ${term.weight * idfOf(term, stats)}::float8, ${bit(term.queryTerm).toString()}::bigint, ${term.exact}::boolean)`),
  );
  const hits = sql.join(
    terms.map((term, slot) => postingsPrefix(slot, term, keysOnly, prefix)),
    sql` union all `,
  );

  // Requirements: a required query term matched if its bit is set, or, when its postings (or its
  // corrections') were not read in full, if the Memory has one of them after all.
  const termIdsOf = new Map<number, number[]>();
  for (const term of terms) {
    if (term.queryTerm >= 0) termIdsOf.set(term.queryTerm, [...(termIdsOf.get(term.queryTerm) ?? []), term.termId]);
  }
  const readInFull = (queryTerm: number) => terms.filter((t) => t.queryTerm === queryTerm).every((t) => t.docs <= prefix);
  const termMatched = (queryTerm: number): RawBuilder<boolean> => {
    const ids = termIdsOf.get(queryTerm);
    if (!ids) return sql<boolean>`false`;
    const byBit = sql<boolean>`(s.matched & ${bit(queryTerm).toString()}::bigint) <> 0`;
    return readInFull(queryTerm) ? byBit : sql<boolean>`(${byBit} or ${hasAnyTerm(ids, keysOnly)})`;
  };
  const conditions: RawBuilder<boolean>[] = options.requirements.map(
    (alternatives) =>
      sql<boolean>`(${sql.join(
        alternatives.map((all) => sql`(${sql.join(all.map(termMatched), sql` and `)})`),
        sql` or `,
      )})`,
  );
  for (const termIds of options.excluded) {
    conditions.push(sql<boolean>`not (${sql.join(termIds.map((id) => hasAnyTerm([id], keysOnly)), sql` and `)})`);
  }
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;

  const filters: RawBuilder<unknown>[] = [];
  if (keysOnly) filters.push(sql`and m.sensitivity <> 'secret'`);
  if (options.type) filters.push(sql`and m.type = ${options.type}`);
  if (options.tag) filters.push(sql`and m.tags @> ${sql.val([options.tag])}::text[]`);
  // Without filters on the Memory itself, only the best rows (and those tied with the last of them)
  // need their Memory read; with filters, every candidate does.
  const preLimit = options.type || options.tag ? sql`` : sql`order by score desc fetch first ${options.limit} rows with ties`;

  const knownTerms = Math.max(1, options.knownTerms);
  const rows = await sql<Omit<RankedRow, 'search_doc' | 'matched'> & { search_doc: string | number; matched: string }>`
    with weights (slot, weight, bit, exact) as (values ${weights}),
    hits as (${hits}),
    scored as (
      select h.doc,
        sum(w.weight * h.tf * ${K1 + 1}::float8 / (h.tf + ${K1}::float8 * (${1 - B}::float8 + ${B / averageLength}::float8 * h.length))) as bm25,
        bit_or(w.bit) as matched,
        bool_or(w.exact) as exact,
        count(distinct w.bit) filter (where w.bit <> 0) as terms
      from hits h join weights w on w.slot = h.slot
      group by h.doc
      having bit_or(w.bit) <> 0
    ),
    ranked as (
      select s.doc, s.bm25 * power(s.terms::float8 / ${knownTerms}::float8, ${COORDINATION}::float8) as score, s.matched, s.exact
      from scored s ${where} ${preLimit}
    )
    select m.id, m.account_id, m.text, m.type, m.sensitivity, m.tags, m.pinned, m.revision, m.created_at, m.updated_at,
      r.doc as search_doc, r.score, r.matched::text as matched, r.exact
    from ranked r join memories m on m.search_doc = r.doc
    where m.account_id = ${options.accountId} ${filters.length > 0 ? sql.join(filters, sql` `) : sql``}
    order by r.score desc, m.updated_at desc, m.id desc
    limit ${options.limit}`.execute(db);
  return rows.rows.map((row) => ({ ...row, search_doc: Number(row.search_doc), matched: BigInt(row.matched), score: Number(row.score) }));
}
