import { limits } from '../../generated/contract';
import type { MemorySearchHit as SearchHit } from '../../generated/openapi';
import type { MemoryRow } from '../../db/schema';
import type { Services } from '../services';
import { vectorsOf, type VectorFilter } from '../embeddings/embeddings.repository';
import type { Embedder } from '../embeddings/embedder';
import { queryVector } from '../embeddings/query-vectors';
import { search, type FoundDocument, type SearchRequest } from '../search/engine';
import { highlight } from '../search/highlight';
import { fuse, RERANK_CANDIDATES, SEMANTIC_CANDIDATES } from '../search/meaning';
import { hasPhrase } from '../search/phrases';
import { parseQuery } from '../search/query-parser';
import type { Principal } from '../shared/principal';
import { isMemoryVisibleTo, readsKeyIndex } from './visibility';
import { toMemoryPreview } from './memory-mapper';
import { memoriesWithIndexNumbers } from './memories.repository';

export interface SearchQuery {
  q: string;
  limit?: number;
  type?: string;
  tag?: string;
  require_all?: boolean;
}

type Found = FoundDocument<MemoryRow & { search_doc: number }>;

/**
 * Ranked retrieval over the account's Memories (see SPEC sections 12 and 19): every matching
 * Memory the caller may see is ranked by BM25 with coordination, misspelt words are matched through
 * their nearest vocabulary terms at a discount, and pseudo-relevance feedback ranks the rest (the
 * search engine, search/engine.ts). With an embedder, the best of that ranking are scored again
 * for their meaning's closeness to the query's, and Memories close in meaning that share no word
 * with it join them (search/meaning.ts). The Memories found are read here.
 */
export async function searchMemories(services: Services, principal: Principal, query: SearchQuery): Promise<SearchHit[]> {
  const request: SearchRequest = {
    principal,
    keysOnly: readsKeyIndex(principal),
    q: query.q,
    limit: query.limit ?? limits.searchLimitDefault,
    requireAll: query.require_all ?? false,
    type: query.type,
    tag: query.tag?.trim().toLowerCase(),
  };
  const source = (ids: readonly string[]) => memoriesWithIndexNumbers(services.db, principal.accountId, ids);
  const embedder = services.embedder;
  if (!embedder) return (await search(services.db, request, source)).map(lexicalHit);

  const [found, vector] = await Promise.all([
    search(services.db, { ...request, limit: Math.max(request.limit, RERANK_CANDIDATES) }, source),
    // Null when the embedder failed or is slow: the words alone rank, as with EMBEDDINGS=off.
    queryVector(embedder, principal.accountId, query.q),
  ]);
  if (!vector) return found.slice(0, request.limit).map(lexicalHit);
  return byMeaning(services, request, embedder, vector, found);
}

/** The lexical candidates scored again with the query's vector, with what meaning alone finds. */
async function byMeaning(services: Services, request: SearchRequest, embedder: Embedder, vector: Float32Array, found: readonly Found[]): Promise<SearchHit[]> {
  const filter: VectorFilter = { accountId: request.principal.accountId, model: embedder.name, keysOnly: request.keysOnly, type: request.type, tag: request.tag };
  // A query that excludes words, needs phrases or every word asks for what its words say: only
  // the Memories its words found may be hits.
  const parsed = parseQuery(request.q);
  const wordsOnly = request.requireAll || hasPhrase(parsed) || parsed.excluded.length > 0;
  const [lexicalVectors, closest] = await Promise.all([
    vectorsOf(services.db, filter, found.map(({ row }) => row.id)),
    wordsOnly ? Promise.resolve([]) : services.vectors.closest(filter, vector, SEMANTIC_CANDIDATES, found.map(({ row }) => row.id)),
  ]);
  const fused = fuse(
    vector,
    found.map(({ row, score }) => ({ id: row.id, score })),
    lexicalVectors,
    closest,
  ).slice(0, request.limit);
  const byId = new Map(found.map((hit) => [hit.row.id, hit]));
  const others = fused.filter((hit) => !byId.has(hit.id)).map((hit) => hit.id);
  const rows = new Map((await memoriesWithIndexNumbers(services.db, request.principal.accountId, others)).map((row) => [row.id, row]));
  const hits: SearchHit[] = [];
  for (const { id, score, leg } of fused) {
    const lexical = byId.get(id);
    if (lexical) hits.push({ ...lexicalHit(lexical), score });
    else {
      const row = rows.get(id);
      // Gone, or changed out of the search's reach, between the two reads: not a hit.
      if (!row || !withinReach(request, row)) continue;
      const excerpt = highlight(row.text, new Set());
      hits.push({ memory: toMemoryPreview(row), score, match: leg === 'semantic' ? 'semantic' : 'fulltext', highlight: excerpt.text, highlight_html: excerpt.html });
    }
  }
  return hits;
}

/** Whether a Memory read after the vectors still passes the search's filters and the caller's sight. */
function withinReach(request: SearchRequest, row: MemoryRow): boolean {
  if (!isMemoryVisibleTo(request.principal, row)) return false;
  if (request.type !== undefined && row.type !== request.type) return false;
  return request.tag === undefined || row.tags.includes(request.tag);
}

/** A Memory found by its words, as the contract shows it: its preview, its score, how it matched and its excerpt. */
function lexicalHit({ row, score, exact, excerpt }: Found): SearchHit {
  return {
    memory: toMemoryPreview(row),
    score,
    match: exact ? 'fulltext' : 'fuzzy',
    highlight: excerpt.text,
    highlight_html: excerpt.html,
  };
}
