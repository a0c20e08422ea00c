import { textArray, TYPO_WORD_SIMILARITY, withTrigramThreshold } from '../../db/sql';
import { sql, type RawBuilder } from 'kysely';
import type { MemoryRow } from '../../db/schema';
import { limits } from '../../generated/contract';
import type { components } from '../../generated/openapi';
import type { DomainContext } from '../context';
import type { Principal } from '../shared/principal';
import { fuzzyHighlight, MARK_END, MARK_START } from './highlight';
import { toMemoryPreview } from './memory-mapper';
import { MIN_WORD_CHARS } from './memory-words';
import { visibleMemories, type Queryable } from './memories.repository';

type SearchHit = components['schemas']['MemorySearchHit'];

export interface SearchQuery {
  q: string;
  limit?: number;
  type?: string;
  tag?: string;
}

const TEXT_SEARCH_CONFIG = 'english';
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * Full-text hits are ranked among this many of the most recently updated matches. Ranking every
 * match of a common word would read every matching row; this bounds the work per query while a
 * query with fewer matches is ranked in full.
 */
export const SEARCH_CANDIDATES = 200;

const tsQuery = (q: string) => sql`websearch_to_tsquery(${TEXT_SEARCH_CONFIG}::regconfig, ${q})`;

function filtered(db: Queryable, principal: Principal, query: SearchQuery) {
  let select = visibleMemories(db, principal);
  if (query.type) select = select.where('type', '=', query.type);
  if (query.tag) select = select.where('tags', '@>', textArray([query.tag.trim().toLowerCase()]));
  return select;
}

/**
 * The best matches of a text-search query among the SEARCH_CANDIDATES most recently updated
 * Memories it matches, ranked by relevance then recency.
 */
async function rankedMatches(
  ctx: DomainContext,
  principal: Principal,
  query: SearchQuery,
  tsquery: RawBuilder<unknown>,
  limit: number,
  highlightQuery: RawBuilder<unknown> | null,
) {
  const candidates = filtered(ctx.db, principal, query)
    .select('memories.search')
    .where(sql<boolean>`search @@ ${tsquery}`)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SEARCH_CANDIDATES);
  return ctx.db
    .selectFrom(candidates.as('c'))
    .select(['c.id', 'c.account_id', 'c.text', 'c.type', 'c.sensitivity', 'c.tags', 'c.pinned', 'c.revision', 'c.created_at', 'c.updated_at'])
    .select(sql<number>`ts_rank_cd(c.search, ${tsquery}, 1)`.as('score'))
    // PostgreSQL computes an expensive output column such as this after the sort and limit, so
    // only for the hits returned.
    .select(
      highlightQuery
        ? sql<string>`ts_headline(${TEXT_SEARCH_CONFIG}::regconfig, c.text, ${highlightQuery}, ${HEADLINE_OPTIONS})`.as('headline')
        : sql<string>`''`.as('headline'),
    )
    .orderBy('score', 'desc')
    .orderBy('c.updated_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Full-text search (web-search syntax) ranked by relevance then recency, among the
 * SEARCH_CANDIDATES most recently updated matches; when it finds nothing, the query's words are
 * corrected against the words the account's Memories use, so a typo still finds its Memory.
 */
export async function searchMemories(
  ctx: DomainContext,
  principal: Principal,
  query: SearchQuery,
): Promise<SearchHit[]> {
  const limit = query.limit ?? limits.searchLimitDefault;
  const fulltext = await rankedMatches(ctx, principal, query, tsQuery(query.q), limit, tsQuery(query.q));
  if (fulltext.length > 0) return fulltext.map((row) => hit(row, row.score, 'fulltext', row.headline));
  const corrected = await correctedQuery(ctx, principal.accountId, query.q);
  if (!corrected) return [];
  const fuzzy = await rankedMatches(ctx, principal, query, corrected, limit, null);
  return fuzzy.map((row) => hit(row, row.score, 'fuzzy', fuzzyHighlight(row.text, query.q)));
}

const QUERY_WORD = /[\p{L}\p{N}]+/gu;
/** At most this many words of a query are corrected, each to at most CORRECTIONS_PER_WORD words. */
const CORRECTED_WORDS_MAX = 8;
const CORRECTIONS_PER_WORD = 3;

/**
 * The typo-tolerant form of a query: each of its words (of three characters or more) becomes
 * "any of the account's words most similar to it" (pg_trgm similarity at least
 * TYPO_WORD_SIMILARITY), and a Memory must match every word that has such a correction.
 * Null when no word has one.
 */
async function correctedQuery(ctx: DomainContext, accountId: string, q: string): Promise<RawBuilder<unknown> | null> {
  const words = [...new Set([...q.toLowerCase().matchAll(QUERY_WORD)].map((m) => m[0]))]
    .filter((word) => [...word].length >= MIN_WORD_CHARS)
    .slice(0, CORRECTED_WORDS_MAX);
  if (words.length === 0) return null;
  // One subquery per word, each with the word as a value, so the trigram index serves it.
  const perWord = words.map(
    (word) => sql`(
      select ${word}::text as word, w.word as correction from memory_words w
      where w.account_id = ${accountId} and w.word % ${word}
      order by similarity(w.word, ${word}) desc, w.word
      limit ${CORRECTIONS_PER_WORD})`,
  );
  const rows = await withTrigramThreshold(ctx.db, 'similarity', TYPO_WORD_SIMILARITY, async (trx) =>
    (await sql<{ word: string; correction: string }>`${sql.join(perWord, sql` union all `)}`.execute(trx)).rows,
  );
  const byWord = new Map<string, string[]>();
  for (const row of rows) byWord.set(row.word, [...(byWord.get(row.word) ?? []), row.correction]);
  if (byWord.size === 0) return null;
  const anyOf = (corrections: string[]) =>
    sql`(${sql.join(
      corrections.map((word) => sql`plainto_tsquery(${TEXT_SEARCH_CONFIG}::regconfig, ${word})`),
      sql` || `,
    )})`;
  return sql`(${sql.join([...byWord.values()].map(anyOf), sql` && `)})`;
}

function hit(row: Omit<MemoryRow, 'search'>, score: number, match: SearchHit['match'], highlight: string): SearchHit {
  return { memory: toMemoryPreview(row), score: Number(score), match, highlight };
}

