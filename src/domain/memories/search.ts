import { limits } from '../../generated/contract';
import type { MemorySearchHit as SearchHit } from '../../generated/openapi';
import type { MemoryRow } from '../../db/schema';
import type { Services } from '../services';
import { search, type FoundDocument } from '../search/engine';
import type { Principal } from '../shared/principal';
import { readsKeyIndex } from './visibility';
import { toMemoryPreview } from './memory-mapper';
import { memoriesWithIndexNumbers } from './memories.repository';

export interface SearchQuery {
  q: string;
  limit?: number;
  type?: string;
  tag?: string;
  require_all?: boolean;
}

/**
 * Ranked retrieval over the account's Memories (see SPEC section 12): every matching Memory the
 * caller may see is ranked by BM25 with coordination, misspelt words are matched through their
 * nearest vocabulary terms at a discount, and pseudo-relevance feedback ranks the rest. The
 * search itself is the search engine's (search/engine.ts); the Memories it finds are read here.
 */
export async function searchMemories(services: Services, principal: Principal, query: SearchQuery): Promise<SearchHit[]> {
  const request = {
    principal,
    keysOnly: readsKeyIndex(principal),
    q: query.q,
    limit: query.limit ?? limits.searchLimitDefault,
    requireAll: query.require_all ?? false,
    type: query.type,
    tag: query.tag?.trim().toLowerCase(),
  };
  const found = await search(services.db, request, (ids) => memoriesWithIndexNumbers(services.db, principal.accountId, ids));
  return found.map(toHit);
}

/** A Memory found, as the contract shows it: its preview, its score, how it matched and its excerpt. */
function toHit({ row, score, exact, excerpt }: FoundDocument<MemoryRow & { search_doc: number }>): SearchHit {
  return {
    memory: toMemoryPreview(row),
    score,
    match: exact ? 'fulltext' : 'fuzzy',
    highlight: excerpt.text,
    highlight_html: excerpt.html,
  };
}
