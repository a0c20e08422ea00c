import type { MemoryRow } from '../../db/schema';
import type { Principal } from '../shared/principal';
import { inverseDocumentFrequency } from './bm25';

/**
 * What ranking is asked and answers, and its measures: how many postings a query reads, how
 * coordination weighs, a term's idf. The ranking queries themselves are in ranking.repository.ts.
 */

/** A term a query scores with: a query term itself, or a correction of a misspelt one. */
export interface ScoringTerm {
  readonly termId: number;
  readonly term: string;
  /** Memories that contain it, among those the caller may see. */
  readonly docs: number;
  /** 1 for a query term itself, the similarity for a correction. */
  readonly weight: number;
  /** The query term this term stands for: its bit in match masks. */
  readonly queryTerm: number;
  /** True for a query term itself, false for a correction. */
  readonly exact: boolean;
}

/** Which query terms a hit must match: any one of the alternatives, each a set of query terms. */
export type Requirement = ReadonlyArray<ReadonlyArray<number>>;

export interface RankingOptions {
  /**
   * Whose Memories are ranked: those of its account that it may see. For an API key, secret
   * Memories' postings are not read and their statistics are not counted.
   */
  readonly principal: Principal;
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
  /** For this many of the best Memories, also how many Memories (the caller may see) have each of their terms. */
  readonly describeBest: number;
}

export interface CorpusStats {
  readonly docs: number;
  readonly length: number;
}

/** A ranked Memory: what ranking knows of it (its text is read for the hits returned only). */
export interface RankedDoc {
  readonly id: string;
  readonly doc: number;
  readonly score: number;
  /** The factor coordination multiplied the BM25 score by. */
  readonly coordination: number;
  /** Bit i set when query term i matched (directly or through a correction). */
  readonly matched: bigint;
  /** Whether some query term matched directly (false: through corrections only). */
  readonly exact: boolean;
  /** For the `describeBest` best: the Memory's term IDs, and how many Memories have each. */
  readonly terms: { readonly ids: readonly number[]; readonly docs: readonly number[] } | null;
}

/** Query terms beyond this many are not used (match masks are 64-bit). */
export const MAX_QUERY_TERMS = 60;

/** Postings read per query, in all: shared among the query's terms... */
const POSTINGS_BUDGET = 2_000;
/** ...but a term's prefix is never cut below this, however many terms the query has. */
const MIN_PREFIX = 400;
/**
 * Coordination: a Memory's BM25 score is multiplied by (terms matched / terms known) to this
 * power, so matching more of a question's words counts beyond their summed weights.
 */
export const COORDINATION = 0.5;

/** How many postings of one term a query of `terms` terms reads at most. */
export function prefixSize(terms: number): number {
  return Math.max(MIN_PREFIX, Math.floor(POSTINGS_BUDGET / Math.max(1, terms)));
}

/** The idf of a term for this corpus. */
export function idfOf(term: { docs: number }, stats: CorpusStats): number {
  return inverseDocumentFrequency(term.docs, Math.max(stats.docs, term.docs));
}

export interface FeedbackOptions {
  readonly accountId: string;
  readonly candidates: readonly RankedDoc[];
  /** Feedback term ID → its weight. */
  readonly feedback: ReadonlyMap<number, number>;
  readonly stats: CorpusStats;
  readonly limit: number;
}

/** A Memory ranked again with feedback: its row, and its new score. */
export type RerankedRow = MemoryRow & { readonly search_doc: number; readonly score: number };
