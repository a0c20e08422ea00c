import { limits } from '../../generated/contract';
import type { MemorySearchHit as SearchHit } from '../../generated/openapi';
import type { Services } from '../services';
import { highlight, phrasesIn } from '../search/highlight';
import { clauseTerms, parseQuery, type Clause, type ParsedQuery } from '../search/query-parser';
import type { MemoryRow } from '../../db/schema';
import {
  idfOf,
  MAX_QUERY_TERMS,
  prefixSize,
  rerankWithFeedback,
  scaledBelow,
  type CorpusStats,
  type RankedDoc,
  type RankingOptions,
  type Requirement,
  type ScoringTerm,
} from '../search/ranking';
import { rankMemories } from '../search/ranking.repository';
import { withinOneEdit } from '../search/edits';
import { lookUpTerms, nearestTerms, termsOfDocs, type VocabularyRow } from '../search/vocabulary.repository';
import type { Principal } from '../shared/principal';
import { readsKeyIndex } from './visibility';
import { toMemoryPreview } from './memory-mapper';
import { memoriesWithIndexNumbers, type Queryable } from './memories.repository';

export interface SearchQuery {
  q: string;
  limit?: number;
  type?: string;
  tag?: string;
  require_all?: boolean;
}

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

/**
 * Pseudo-relevance feedback: the terms that best characterise the top FEEDBACK_DOCS hits (the
 * rarest of those they share) rank the next FEEDBACK_CANDIDATES again, at FEEDBACK_WEIGHT; the top
 * hits keep their places. Measured on the retrieval benchmark, this finds answers phrased in other
 * words than the question.
 */
const FEEDBACK_DOCS = 3;
const FEEDBACK_CANDIDATES = 100;
const FEEDBACK_TERMS = 20;
const FEEDBACK_WEIGHT = 0.3;

/**
 * How many postings of each word a narrowed query that found too few hits reads the second time:
 * at 100,000 Memories, every posting of any word (about 40 ms of the database's time for two
 * words in 8% of them each); in larger accounts, a bound on the cost.
 */
const NARROWED_POSTINGS = 32_000;

/** With phrases to check, this many of the best candidates per hit asked for are checked for them... */
const PHRASE_CANDIDATES_PER_HIT = 4;
/**
 * ...and when too few of them have the phrases, up to this many of all that have the phrases'
 * words, read in batches of twice the size each time from this size, within this many characters
 * of their texts in all.
 */
const PHRASE_CANDIDATES_MAX = 10_000;
const PHRASE_FIRST_BATCH = 100;
const PHRASE_TEXT_BUDGET = 2_000_000;

/**
 * Ranked retrieval over the account's Memories (see SPEC section 12): every matching Memory the
 * caller may see is ranked by BM25 with coordination, misspelt words are matched through their
 * nearest vocabulary terms at a discount, and pseudo-relevance feedback ranks the rest.
 */
export async function searchMemories(services: Services, principal: Principal, query: SearchQuery): Promise<SearchHit[]> {
  const parsed = parseQuery(query.q);
  const hits = await search(services, principal, query, parsed);
  // A question often quotes a title or a saying that the Memories word a little differently:
  // when no Memory has the quoted words in that order, the quotes are taken as plain words.
  if (hits.length > 0 || !hasPhrase(parsed)) return hits;
  return search(services, principal, query, withoutPhrases(parsed));
}

const hasPhrase = (parsed: ParsedQuery) => parsed.groups.some((group) => group.some((clause) => clause.kind === 'phrase'));

function withoutPhrases(parsed: ParsedQuery): ParsedQuery {
  return {
    groups: parsed.groups.map((group) => group.map((clause) => ({ ...clause, kind: 'word' as const }))),
    excluded: parsed.excluded,
  };
}

async function search(services: Services, principal: Principal, query: SearchQuery, parsed: ParsedQuery): Promise<SearchHit[]> {
  const limit = query.limit ?? limits.searchLimitDefault;
  const keysOnly = readsKeyIndex(principal);
  const plan = await planQuery(services.db, principal.accountId, keysOnly, parsed, query.require_all ?? false);
  if (!plan) return [];

  const phrases = hasPhrase(parsed) || parsed.excluded.some((clause) => clause.kind === 'phrase');
  const options: RankingOptions = {
    principal,
    terms: plan.terms,
    stats: plan.stats,
    knownTerms: plan.knownTerms,
    requirements: plan.requirements,
    excluded: plan.excluded,
    ...(query.type ? { type: query.type } : {}),
    ...(query.tag ? { tag: query.tag.trim().toLowerCase() } : {}),
    limit: phrases ? Math.max(FEEDBACK_CANDIDATES, limit * PHRASE_CANDIDATES_PER_HIT) : FEEDBACK_CANDIDATES,
    describeBest: phrases ? 0 : FEEDBACK_DOCS,
  };
  let ranked = await rankMemories(services.db, options);
  // Phrases are checked on the candidates' texts, so those are read now; otherwise only the hits'.
  const rows = new Map<number, MemoryRow>();
  const checked = new Map<number, PhrasesFound>();
  if (phrases) ranked = await withPhrases(services.db, principal.accountId, ranked, rows, checked, parsed, plan, Number.POSITIVE_INFINITY);

  // The postings read are a bounded prefix of each word's. A query that narrows its hits (filters,
  // exclusions, required words or phrases) and found fewer than asked for in them is ranked again
  // over a far longer prefix (every posting of a word in up to NARROWED_POSTINGS Memories), so
  // that a Memory that qualifies is not missed for lying just beyond the first; phrases are then
  // checked on the best candidates until enough are found.
  const narrowed = phrases || options.requirements.length > 0 || options.excluded.length > 0 || options.type || options.tag;
  const prefix = prefixSize(plan.terms.length);
  const readInPart = plan.terms.some((term) => term.docs > prefix);
  if (narrowed && ranked.length < limit && (readInPart || (phrases && checked.size >= options.limit))) {
    const longer = Math.min(NARROWED_POSTINGS, Math.max(...plan.terms.map((term) => term.docs)));
    const all = await rankMemories(services.db, { ...options, prefix: longer, limit: phrases ? PHRASE_CANDIDATES_MAX : options.limit });
    ranked = phrases ? await withPhrases(services.db, principal.accountId, all, rows, checked, parsed, plan, limit) : all;
  }

  if (limit > FEEDBACK_DOCS && ranked.length > FEEDBACK_DOCS) return withFeedback(services.db, principal.accountId, keysOnly, ranked, rows, plan, limit);
  const best = ranked.slice(0, limit);
  for (const row of await memoriesOf(services.db, principal.accountId, best.filter((doc) => !rows.has(doc.doc)))) rows.set(row.search_doc, row);
  return best.map((doc) => toHit(rows.get(doc.doc)!, doc, doc.score, plan));
}

/** Which of the query's phrases a candidate's text holds. */
type PhrasesFound = ReadonlyMap<Clause, boolean>;

/**
 * The candidates, in rank order, that have the query's phrases (and none of its excluded ones),
 * their texts read into `rows` in growing batches and each read once for all the phrases
 * (`checked`), so a query's phrases cost one reading of each text however many there are: after
 * `enough` of them are found, or PHRASE_TEXT_BUDGET characters of text are read, the rest are
 * left out.
 */
async function withPhrases(
  db: Queryable,
  accountId: string,
  candidates: readonly RankedDoc[],
  rows: Map<number, MemoryRow>,
  checked: Map<number, PhrasesFound>,
  parsed: ParsedQuery,
  plan: QueryPlan,
  enough: number,
): Promise<RankedDoc[]> {
  const phrases = [...parsed.excluded, ...parsed.groups.flat()].filter((clause) => clause.kind === 'phrase');
  const found: RankedDoc[] = [];
  let budget = PHRASE_TEXT_BUDGET;
  for (let start = 0, size = PHRASE_FIRST_BATCH; start < candidates.length && found.length < enough && budget > 0; start += size, size *= 2) {
    const batch = candidates.slice(start, start + size);
    for (const row of await memoriesOf(db, accountId, batch.filter((doc) => !rows.has(doc.doc)))) rows.set(row.search_doc, row);
    for (const doc of batch) {
      let held = checked.get(doc.doc);
      if (!held) {
        // A batch is read whole, but no more of its texts are read for phrases than the budget allows.
        if (budget <= 0) break;
        const text = rows.get(doc.doc)!.text;
        const inText = phrasesIn(text, phrases.map((clause) => clause.tokens));
        held = new Map(phrases.map((clause, i) => [clause, inText[i]!]));
        checked.set(doc.doc, held);
        budget -= text.length;
      }
      if (satisfiesPhrases(held, doc.matched, parsed, plan)) found.push(doc);
    }
  }
  return found;
}

/** The Memories of ranked documents, with their index numbers. */
async function memoriesOf(db: Queryable, accountId: string, docs: readonly RankedDoc[]): Promise<Array<MemoryRow & { search_doc: number }>> {
  if (docs.length === 0) return [];
  return memoriesWithIndexNumbers(db, accountId, docs.map((doc) => doc.id));
}

/**
 * Pseudo-relevance feedback: the first FEEDBACK_DOCS hits keep their places; the terms that best
 * characterise them add, at FEEDBACK_WEIGHT, to the scores of the other candidates that have
 * them, which are ranked again. Scores stay comparable: the re-ranked ones are brought below the
 * kept ones when they would pass them.
 */
async function withFeedback(
  db: Queryable,
  accountId: string,
  keysOnly: boolean,
  ranked: readonly RankedDoc[],
  rows: Map<number, MemoryRow>,
  plan: QueryPlan,
  limit: number,
): Promise<SearchHit[]> {
  const kept = ranked.slice(0, FEEDBACK_DOCS);
  const feedback = await feedbackTerms(db, keysOnly, kept, plan);
  const keptDocs = new Set(kept.map((doc) => doc.doc));
  // The kept hits are re-scored with the others; those that pass them are not.
  const rest = rerankWithFeedback(ranked, feedback, limit + FEEDBACK_DOCS)
    .filter(({ doc }) => !keptDocs.has(doc.doc))
    .slice(0, limit - kept.length);
  const missing = [...kept, ...rest.map(({ doc }) => doc)].filter((doc) => !rows.has(doc.doc));
  for (const row of await memoriesOf(db, accountId, missing)) rows.set(row.search_doc, row);
  const scores = scaledBelow(kept[kept.length - 1]!.score, rest.map(({ score }) => score));
  return [
    ...kept.map((doc) => toHit(rows.get(doc.doc)!, doc, doc.score, plan)),
    ...rest.map(({ doc }, i) => toHit(rows.get(doc.doc)!, doc, scores[i]!, plan)),
  ];
}

interface QueryPlan {
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
async function planQuery(db: Queryable, accountId: string, keysOnly: boolean, parsed: ParsedQuery, requireAll: boolean): Promise<QueryPlan | null> {
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

/**
 * The FEEDBACK_TERMS terms of the kept hits with the highest summed idf, the query's own left out:
 * term ID → its weight, FEEDBACK_WEIGHT times its idf. Ranking describes the best hits' terms;
 * hits checked for phrases are described here.
 */
async function feedbackTerms(db: Queryable, keysOnly: boolean, kept: readonly RankedDoc[], plan: QueryPlan): Promise<Map<number, number>> {
  const described = kept.flatMap((doc) => (doc.terms ? [doc.terms] : []));
  if (described.length < kept.length) {
    // Hits checked for phrases were not described by ranking: describe them here.
    described.push(...(await termsOfDocs(db, keysOnly, kept.filter((doc) => !doc.terms).map((doc) => doc.doc))));
  }
  const own = new Set(plan.terms.map((term) => term.termId));
  const weightOf = new Map<number, { idf: number; weight: number }>();
  for (const { ids, docs } of described) {
    ids.forEach((id, i) => {
      if (own.has(id)) return;
      const idf = idfOf({ docs: docs[i]! }, plan.stats);
      const entry = weightOf.get(id) ?? { idf, weight: 0 };
      entry.weight += idf;
      weightOf.set(id, entry);
    });
  }
  return new Map(
    [...weightOf]
      .sort(([idA, a], [idB, b]) => b.weight - a.weight || idA - idB)
      .slice(0, FEEDBACK_TERMS)
      .map(([id, entry]) => [id, FEEDBACK_WEIGHT * entry.idf]),
  );
}

/** Whether a candidate has the phrases its required groups ask for, and none of the excluded ones. */
function satisfiesPhrases(held: PhrasesFound, matched: bigint, parsed: ParsedQuery, plan: QueryPlan): boolean {
  if (parsed.excluded.some((clause) => held.get(clause) === true)) return false;
  return parsed.groups.every(
    (group) =>
      !group.some((clause) => clause.kind === 'phrase') ||
      group.some((clause) => {
        if (clause.kind === 'phrase') return held.get(clause) === true;
        return clauseTerms(clause).every((term) => {
          const index = plan.queryTerms.indexOf(term);
          return index >= 0 && (matched & (1n << BigInt(index))) !== 0n;
        });
      }),
  );
}

function toHit(row: MemoryRow, ranked: RankedDoc, score: number, plan: QueryPlan): SearchHit {
  const terms = new Set<string>();
  for (const [index, marks] of plan.marks.entries()) {
    if ((ranked.matched & (1n << BigInt(index))) !== 0n) for (const term of marks) terms.add(term);
  }
  const excerpt = highlight(row.text, terms);
  return {
    memory: toMemoryPreview(row),
    score,
    match: ranked.exact ? 'fulltext' : 'fuzzy',
    highlight: excerpt.text,
    highlight_html: excerpt.html,
  };
}
