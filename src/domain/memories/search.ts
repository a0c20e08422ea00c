import { sql } from 'kysely';
import { limits } from '../../generated/contract';
import type { components } from '../../generated/openapi';
import type { DomainContext } from '../context';
import { containsPhrase, highlight } from '../search/highlight';
import { clauseTerms, parseQuery, type Clause, type ParsedQuery } from '../search/query-parser';
import { idfOf, MAX_QUERY_TERMS, rankMemories, type CorpusStats, type RankedRow, type RankingOptions, type Requirement, type ScoringTerm } from '../search/ranking';
import { canSeeSecrets, type Principal } from '../shared/principal';
import { toMemoryPreview } from './memory-mapper';
import type { Queryable } from './memories.repository';

type SearchHit = components['schemas']['MemorySearchHit'];

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
/** ...for at most this many terms of a query, of at least this many characters. */
const CORRECTED_TERMS_MAX = 8;
const CORRECTABLE_CHARS = 3;
const NOT_CORRECTABLE = /^\p{N}+$|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Pseudo-relevance feedback: the terms that best characterise the first pass's top
 * FEEDBACK_DOCS hits (by term frequency times idf) join the query at FEEDBACK_WEIGHT, and rank the
 * Memories the query matches again; the first pass's top hits keep their places. Measured on the
 * retrieval benchmark, this finds answers phrased in other words than the question.
 */
const FEEDBACK_DOCS = 3;
const FEEDBACK_TERMS = 20;
const FEEDBACK_WEIGHT = 0.3;

/** With phrases to check, the best this many candidates are checked for them. */
const PHRASE_CANDIDATES = 200;

/**
 * Ranked retrieval over the account's Memories (see SPEC section 12): every matching Memory the
 * caller may see is ranked by BM25 with coordination, misspelt words are matched through their
 * nearest vocabulary terms at a discount, and pseudo-relevance feedback ranks the rest.
 */
export async function searchMemories(ctx: DomainContext, principal: Principal, query: SearchQuery): Promise<SearchHit[]> {
  const parsed = parseQuery(query.q);
  const hits = await search(ctx, principal, query, parsed);
  // A question often quotes a title or a saying that the Memories word a little differently:
  // when no Memory has the quoted words in that order, the quotes are taken as plain words.
  if (hits.length > 0 || !hasPhrase(parsed)) return hits;
  return search(ctx, principal, query, withoutPhrases(parsed));
}

const hasPhrase = (parsed: ParsedQuery) => parsed.groups.some((group) => group.some((clause) => clause.kind === 'phrase'));

function withoutPhrases(parsed: ParsedQuery): ParsedQuery {
  return {
    groups: parsed.groups.map((group) => group.map((clause) => ({ ...clause, kind: 'word' as const }))),
    excluded: parsed.excluded,
  };
}

async function search(ctx: DomainContext, principal: Principal, query: SearchQuery, parsed: ParsedQuery): Promise<SearchHit[]> {
  const limit = query.limit ?? limits.searchLimitDefault;
  const keysOnly = !canSeeSecrets(principal);
  const plan = await planQuery(ctx.db, principal.accountId, keysOnly, parsed, query.require_all ?? false);
  if (!plan) return [];

  const phrases = hasPhrase(parsed) || parsed.excluded.some((clause) => clause.kind === 'phrase');
  const base: Omit<RankingOptions, 'terms' | 'limit'> = {
    accountId: principal.accountId,
    keysOnly,
    stats: plan.stats,
    knownTerms: plan.knownTerms,
    requirements: plan.requirements,
    excluded: plan.excluded,
    ...(query.type ? { type: query.type } : {}),
    ...(query.tag ? { tag: query.tag.trim().toLowerCase() } : {}),
  };
  const verified = (rows: RankedRow[]) => (phrases ? rows.filter((row) => satisfiesPhrases(row, parsed, plan)) : rows);

  const first = verified(
    await rankMemories(ctx.db, { ...base, terms: plan.terms, limit: phrases ? PHRASE_CANDIDATES : Math.max(limit, FEEDBACK_DOCS + 1) }),
  );
  if (first.length <= FEEDBACK_DOCS || limit <= FEEDBACK_DOCS) return first.slice(0, limit).map((row) => toHit(row, row.score, plan));

  const kept = first.slice(0, FEEDBACK_DOCS);
  const feedback = await feedbackTerms(ctx.db, principal.accountId, keysOnly, kept, plan);
  const keptDocs = new Set(kept.map((row) => row.search_doc));
  const rest = verified(
    await rankMemories(ctx.db, { ...base, terms: [...plan.terms, ...feedback], limit: phrases ? PHRASE_CANDIDATES : limit + FEEDBACK_DOCS }),
  )
    .filter((row) => !keptDocs.has(row.search_doc))
    .slice(0, limit - kept.length);
  // The feedback pass scores on another scale: bring it below the kept hits, so scores still
  // fall along the list.
  const lowestKept = kept[kept.length - 1]!.score;
  const scale = rest.length > 0 && rest[0]!.score > lowestKept ? lowestKept / rest[0]!.score : 1;
  return [...kept.map((row) => toHit(row, row.score, plan)), ...rest.map((row) => toHit(row, row.score * scale, plan))];
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

interface VocabularyRow {
  id: number;
  term: string;
  docs: number;
  key_docs: number;
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
  const stats = await corpusStats(db, accountId, keysOnly);
  const vocabulary = await lookUpTerms(db, accountId, [...queryTerms, ...excludedTerms.flat()]);
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
  for (const correction of await corrections(db, accountId, keysOnly, correctable.map((index) => ({ index, term: queryTerms[index]! })))) {
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

async function corpusStats(db: Queryable, accountId: string, keysOnly: boolean): Promise<CorpusStats> {
  const row = (
    await sql<{ docs: number; length: string | number }>`
      select ${sql.raw(keysOnly ? 'key_docs' : 'docs')} as docs, ${sql.raw(keysOnly ? 'key_length' : 'length')} as length
      from search_stats where account_id = ${accountId}`.execute(db)
  ).rows[0];
  return { docs: row?.docs ?? 0, length: Number(row?.length ?? 0) };
}

async function lookUpTerms(db: Queryable, accountId: string, terms: readonly string[]): Promise<Map<string, VocabularyRow>> {
  if (terms.length === 0) return new Map();
  const rows = await sql<VocabularyRow>`
    select id, term, docs, key_docs from search_terms
    where account_id = ${accountId} and term = any(${sql.val([...new Set(terms)])}::text[])`.execute(db);
  return new Map(rows.rows.map((row) => [row.term, row]));
}

/**
 * The vocabulary terms nearest each misspelt term, by pg_trgm similarity. For API keys the
 * vocabulary is the terms of Memories they may see, so a word of secret Memories is never offered.
 */
async function corrections(
  db: Queryable,
  accountId: string,
  keysOnly: boolean,
  words: ReadonlyArray<{ index: number; term: string }>,
): Promise<Array<VocabularyRow & { index: number; similarity: number }>> {
  if (words.length === 0) return [];
  const visible = keysOnly ? sql`key_docs > 0` : sql`docs > 0`;
  // One subquery per word, with the word as a value, so the trigram index serves each; `%` uses
  // pg_trgm's default threshold, below ours, so the index finds a superset that is then filtered.
  const perWord = words.map(
    ({ index, term }) => sql`(
      select ${index}::int as index, id, term, docs, key_docs, similarity(term, ${term})::float8 as similarity
      from search_terms
      where account_id = ${accountId} and term % ${term} and ${visible} and similarity(term, ${term}) >= ${CORRECTION_SIMILARITY}
      order by similarity(term, ${term}) desc, term
      limit ${CORRECTIONS_PER_TERM})`,
  );
  return (await sql<VocabularyRow & { index: number; similarity: number }>`${sql.join(perWord, sql` union all `)}`.execute(db)).rows;
}

/** The FEEDBACK_TERMS terms of the kept hits with the highest summed tf × idf, the query's own left out. */
async function feedbackTerms(
  db: Queryable,
  accountId: string,
  keysOnly: boolean,
  kept: readonly RankedRow[],
  plan: QueryPlan,
): Promise<ScoringTerm[]> {
  const rows = await sql<VocabularyRow & { tf: number }>`
    select t.id, t.term, t.docs, t.key_docs, p.tf
    from memories m
    cross join lateral unnest(m.search_terms) as u(term_id)
    join search_postings p on p.term_id = u.term_id and p.doc = m.search_doc
    join search_terms t on t.id = u.term_id
    where m.account_id = ${accountId} and m.search_doc = any(${sql.val(kept.map((row) => row.search_doc))}::bigint[])`.execute(db);
  const own = new Set(plan.terms.map((term) => term.termId));
  const weightOf = new Map<number, { row: VocabularyRow; weight: number }>();
  for (const row of rows.rows) {
    if (own.has(row.id)) continue;
    const docs = keysOnly ? row.key_docs : row.docs;
    const entry = weightOf.get(row.id) ?? { row, weight: 0 };
    entry.weight += row.tf * idfOf({ docs }, plan.stats);
    weightOf.set(row.id, entry);
  }
  return [...weightOf.values()]
    .sort((a, b) => b.weight - a.weight || (a.row.term < b.row.term ? -1 : 1))
    .slice(0, FEEDBACK_TERMS)
    .map(({ row }) => ({ termId: row.id, term: row.term, docs: keysOnly ? row.key_docs : row.docs, weight: FEEDBACK_WEIGHT, queryTerm: -1, exact: false }));
}

/** Whether a candidate has the phrases its required groups ask for, and none of the excluded ones. */
function satisfiesPhrases(row: RankedRow, parsed: ParsedQuery, plan: QueryPlan): boolean {
  for (const clause of parsed.excluded) {
    if (clause.kind === 'phrase' && containsPhrase(row.text, clause.tokens)) return false;
  }
  for (const group of parsed.groups) {
    if (!group.some((clause) => clause.kind === 'phrase')) continue;
    const met = group.some((clause) => {
      if (clause.kind === 'phrase') return containsPhrase(row.text, clause.tokens);
      return clauseTerms(clause).every((term) => {
        const index = plan.queryTerms.indexOf(term);
        return index >= 0 && (row.matched & (1n << BigInt(index))) !== 0n;
      });
    });
    if (!met) return false;
  }
  return true;
}

function toHit(row: RankedRow, score: number, plan: QueryPlan): SearchHit {
  const terms = new Set<string>();
  for (const [index, marks] of plan.marks.entries()) {
    if ((row.matched & (1n << BigInt(index))) !== 0n) for (const term of marks) terms.add(term);
  }
  return {
    memory: toMemoryPreview(row),
    score,
    match: row.exact ? 'fulltext' : 'fuzzy',
    highlight: highlight(row.text, terms),
  };
}
