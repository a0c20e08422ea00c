import type { Queryable } from '../../db/schema';
import { withinOneEdit } from './edits';
import { clauseTerms, type Clause, type ParsedQuery } from './query-parser';
import { MAX_QUERY_TERMS, type CorpusStats, type Requirement, type ScoringTerm } from './ranking';
import { lookUpTerms, nearestTerms, type VocabularyRow } from './vocabulary.repository';

/**
 * A query planned against the caller's vocabulary: the terms ranking scores with, misspelt words
 * corrected to their nearest vocabulary terms, and what each hit must satisfy.
 */

/** A query term no visible Memory has is corrected to at most this many vocabulary terms... */
const CORRECTIONS_PER_TERM = 3;
/** ...at least this similar to it (pg_trgm similarity; its default, 0.3, finds too much)... */
const CORRECTION_SIMILARITY = 0.45;
/**
 * ...or, one typing slip away from it, at least as similar as pg_trgm's default: trigrams score a
 * slip in a short word low (`brithday` and `birthday` 0.38, `dentsit` and `dentist` 0.33), so the
 * nearest few terms above that are read and such slips kept among them.
 */
const SLIP_SIMILARITY = 0.3;
const SLIP_CANDIDATES_PER_TERM = 8;
/** ...for at most this many terms of a query, of at least this many characters. */
const CORRECTED_TERMS_MAX = 8;
const CORRECTABLE_CHARS = 3;
const NOT_CORRECTABLE = /^\p{N}+$|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export interface QueryPlan {
  /** The distinct terms of the query's positive clauses; a term's index is its bit in match masks. */
  readonly queryTerms: readonly string[];
  readonly terms: readonly ScoringTerm[];
  readonly stats: CorpusStats;
  readonly knownTerms: number;
  readonly requirements: readonly Requirement[];
  readonly excluded: ReadonlyArray<ReadonlyArray<number>>;
  /** The terms to mark in a hit that matched query term i: the term and its corrections. */
  readonly marks: ReadonlyArray<ReadonlySet<string>>;
}

/** What the query's words are in the caller's vocabulary, and what each hit must satisfy; null when nothing can match. */
export async function planQuery(db: Queryable, accountId: string, keysOnly: boolean, parsed: ParsedQuery, requireAll: boolean): Promise<QueryPlan | null> {
  const queryTerms: string[] = [];
  const indexOf = (term: string): number | null => {
    const index = queryTerms.indexOf(term);
    if (index >= 0) return index;
    if (queryTerms.length >= MAX_QUERY_TERMS) return null;
    queryTerms.push(term);
    return queryTerms.length - 1;
  };
  const clauseIndexes = (clause: Clause) => clauseTerms(clause).map(indexOf);
  const groups = parsed.groups.map((group) => group.map((clause) => ({ clause, terms: clauseIndexes(clause) })));
  if (queryTerms.length === 0) return null;

  const excludedTerms = parsed.excluded.filter((clause) => clause.kind === 'word').map(clauseTerms);
  const { stats, vocabulary } = await lookUpTerms(db, accountId, keysOnly, [...queryTerms, ...excludedTerms.flat()]);
  const visibleDocs = (row: VocabularyRow | undefined) => (row ? (keysOnly ? row.key_docs : row.docs) : 0);

  const terms: ScoringTerm[] = [];
  const marks = queryTerms.map((term) => new Set([term]));
  const unknown: number[] = [];
  for (const [index, term] of queryTerms.entries()) {
    const row = vocabulary.get(term);
    const docs = visibleDocs(row);
    if (row && docs > 0) terms.push({ termId: row.id, term, docs, weight: 1, queryTerm: index, exact: true });
    else unknown.push(index);
  }
  // Words of phrases must occur as written; plain words may be corrected.
  const inWords = new Set(groups.flatMap((group) => group.filter((c) => c.clause.kind === 'word').flatMap((c) => c.terms)));
  const correctable = unknown
    .filter((index) => inWords.has(index) && [...queryTerms[index]!].length >= CORRECTABLE_CHARS && !NOT_CORRECTABLE.test(queryTerms[index]!))
    .slice(0, CORRECTED_TERMS_MAX);
  const words = correctable.map((index) => ({ index, term: queryTerms[index]! }));
  const nearest = { similarity: SLIP_SIMILARITY, perWord: SLIP_CANDIDATES_PER_TERM };
  const corrected = queryTerms.map(() => 0);
  const candidates = (await nearestTerms(db, accountId, keysOnly, words, nearest)).sort(
    (a, b) => a.index - b.index || b.similarity - a.similarity || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0),
  );
  for (const correction of candidates) {
    const near = correction.similarity >= CORRECTION_SIMILARITY || withinOneEdit(queryTerms[correction.index]!, correction.term);
    if (!near || corrected[correction.index]! >= CORRECTIONS_PER_TERM) continue;
    corrected[correction.index]! += 1;
    terms.push({ termId: correction.id, term: correction.term, docs: visibleDocs(correction), weight: correction.similarity, queryTerm: correction.index, exact: false });
    marks[correction.index]!.add(correction.term);
  }
  if (terms.length === 0) return null;
  const found = new Set(terms.map((term) => term.queryTerm));

  // A group is required when it holds a phrase, or with require_all; it is met by any one of its
  // clauses, and a clause by all of its terms.
  const requirements: Requirement[] = [];
  for (const group of groups) {
    if (!requireAll && !group.some((c) => c.clause.kind === 'phrase')) continue;
    const alternatives = group
      .map((c) => c.terms)
      .filter((indexes): indexes is number[] => indexes.every((index) => index !== null && found.has(index)));
    if (alternatives.length === 0) return null;
    requirements.push(alternatives);
  }
  const excluded = excludedTerms
    .map((clauseTermList) => clauseTermList.map((term) => vocabulary.get(term)))
    .filter((rows): rows is VocabularyRow[] => rows.every((row) => visibleDocs(row) > 0))
    .map((rows) => rows.map((row) => row.id));

  return { queryTerms, terms, stats, knownTerms: found.size, requirements, excluded, marks };
}
