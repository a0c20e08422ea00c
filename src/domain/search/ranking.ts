import type { Principal } from '../shared/principal';
import { inverseDocumentFrequency, termWeight } from './bm25';

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
  /** How many postings of each term are read at most (by default `prefixSize` of the query's terms). */
  readonly prefix?: number;
}

export interface CorpusStats {
  /** How many Memories the caller may see are indexed. */
  readonly docs: number;
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
  /**
   * The term IDs the Memory is indexed under, as the database writes an array (`{12,345}`; read
   * only by feedback, in one pass), and its length in terms.
   */
  readonly termList: string;
  readonly length: number;
  /** When the Memory was last updated, in microseconds since the epoch: the tie-breaker. */
  readonly updatedAt: number;
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

/** Ranked first by score, then the more recently updated, then the greater ID. */
function byRank(a: { score: number; doc: RankedDoc }, b: { score: number; doc: RankedDoc }): number {
  return b.score - a.score || b.doc.updatedAt - a.doc.updatedAt || (a.doc.id < b.doc.id ? 1 : a.doc.id > b.doc.id ? -1 : 0);
}

/**
 * The best `limit` of `candidates` once feedback terms add to their scores: for every feedback
 * term (ID → weight, FEEDBACK weight times idf) a Memory has, its weight times the BM25 weight of
 * one occurrence in a Memory of its length, scaled like the rest of its score by coordination.
 * Ties go to the more recently updated Memory, then to the greater ID, as in ranking.
 */
export function rerankWithFeedback(
  candidates: readonly RankedDoc[],
  feedback: ReadonlyMap<number, number>,
  limit: number,
): Array<{ readonly doc: RankedDoc; readonly score: number }> {
  const ids = [...feedback.keys()];
  const weights = [...feedback.values()];
  const lookup = new IdLookup(ids);
  const rescored = candidates.map((doc) => {
    let weight = 0;
    forEachId(doc.termList, (id) => {
      const index = lookup.indexOf(id);
      if (index >= 0) weight += weights[index]!;
    });
    return { doc, score: doc.score + doc.coordination * weight * termWeight(1, doc.length) };
  });
  return rescored.sort(byRank).slice(0, limit);
}

/**
 * The scores of re-ranked hits (best first) that follow kept ones, scaled in proportion when the
 * best of them would pass the last kept score, so that no score is above the one before it; a
 * score equal to it after rounding is held to it.
 */
export function scaledBelow(lowestKept: number, scores: readonly number[]): number[] {
  const scale = scores.length > 0 && scores[0]! > lowestKept ? lowestKept / scores[0]! : 1;
  return scores.map((score) => Math.min(score * scale, lowestKept));
}

/**
 * Where each of a few IDs stands in a list, looked up thousands of times per search (every term
 * of a hundred candidates): an open-addressing table at most a quarter full, so that most lookups
 * of an ID it does not hold end at the first slot.
 */
class IdLookup {
  private readonly ids: Int32Array;
  private readonly positions: Int32Array;
  private readonly mask: number;

  constructor(ids: readonly number[]) {
    let size = 16;
    while (size < ids.length * 4) size *= 2;
    this.mask = size - 1;
    this.ids = new Int32Array(size).fill(-1);
    this.positions = new Int32Array(size);
    ids.forEach((id, position) => {
      let slot = id & this.mask;
      while (this.ids[slot] !== -1 && this.ids[slot] !== id) slot = (slot + 1) & this.mask;
      if (this.ids[slot] === id) return;
      this.ids[slot] = id;
      this.positions[slot] = position;
    });
  }

  /** The position of `id` in the list, or -1. */
  indexOf(id: number): number {
    for (let slot = id & this.mask; this.ids[slot] !== -1; slot = (slot + 1) & this.mask) {
      if (this.ids[slot] === id) return this.positions[slot]!;
    }
    return -1;
  }
}

/** Calls `visit` with each number of a list (any other character separates them), read digit by digit. */
export function forEachId(list: string, visit: (id: number) => void): void {
  let id = 0;
  let digits = false;
  for (let i = 0; i <= list.length; i += 1) {
    const code = i < list.length ? list.charCodeAt(i) : 0;
    if (code >= 48 && code <= 57) {
      id = id * 10 + (code - 48);
      digits = true;
    } else if (digits) {
      visit(id);
      id = 0;
      digits = false;
    }
  }
}
