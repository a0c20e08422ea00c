import { textArray, TYPO_WORD_SIMILARITY, withWordSimilarity } from '../../db/sql';
import { sql } from 'kysely';
import type { MemoryRow } from '../../db/schema';
import { limits } from '../../generated/contract';
import type { components } from '../../generated/openapi';
import type { DomainContext } from '../context';
import type { Principal } from '../shared/principal';
import { fuzzyHighlight, MARK_END, MARK_START } from './highlight';
import { toMemoryPreview } from './memory-mapper';
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
 * Full-text search (web-search syntax) ranked by relevance then recency, among the
 * SEARCH_CANDIDATES most recently updated matches; when it finds nothing,
 * trigram matching answers instead, so a typo still finds its Memory.
 */
export async function searchMemories(
  ctx: DomainContext,
  principal: Principal,
  query: SearchQuery,
): Promise<SearchHit[]> {
  const limit = query.limit ?? limits.searchLimitDefault;
  const candidates = filtered(ctx.db, principal, query)
    .select('memories.search')
    .where(sql<boolean>`search @@ ${tsQuery(query.q)}`)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SEARCH_CANDIDATES);
  const fulltext = await ctx.db
    .selectFrom(candidates.as('c'))
    .select(['c.id', 'c.account_id', 'c.text', 'c.type', 'c.sensitivity', 'c.tags', 'c.pinned', 'c.revision', 'c.created_at', 'c.updated_at'])
    .select(sql<number>`ts_rank_cd(c.search, ${tsQuery(query.q)}, 1)`.as('score'))
    .orderBy('score', 'desc')
    .orderBy('c.updated_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
  if (fulltext.length > 0) {
    const highlights = await headlines(
      ctx,
      fulltext.map((row) => row.id),
      query.q,
    );
    return fulltext.map((row) => hit(row, row.score, 'fulltext', highlights.get(row.id) ?? ''));
  }
  const fuzzy = await withWordSimilarity(ctx.db, TYPO_WORD_SIMILARITY, (trx) =>
    filtered(trx, principal, query)
      .select(sql<number>`word_similarity(${query.q}, text)`.as('score'))
      .where(sql<boolean>`${query.q} <% text`)
      .orderBy('score', 'desc')
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  );
  return fuzzy.map((row) => hit(row, row.score, 'fuzzy', fuzzyHighlight(row.text, query.q)));
}

function hit(row: Omit<MemoryRow, 'search'>, score: number, match: SearchHit['match'], highlight: string): SearchHit {
  return { memory: toMemoryPreview(row), score: Number(score), match, highlight };
}

/** ts_headline runs only for the returned hits, not for every match. */
async function headlines(ctx: DomainContext, ids: string[], q: string): Promise<Map<string, string>> {
  const rows = await ctx.db
    .selectFrom('memories')
    .select([
      'id',
      sql<string>`ts_headline(${TEXT_SEARCH_CONFIG}::regconfig, text, ${tsQuery(q)}, ${HEADLINE_OPTIONS})`.as('headline'),
    ])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.headline]));
}
