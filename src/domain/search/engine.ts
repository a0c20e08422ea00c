import type { Queryable } from '../../db/schema';
import type { Principal } from '../shared/principal';
import { DocumentRows, type DocumentSource, type IndexedDocument } from './documents';
import { FEEDBACK_CANDIDATES, FEEDBACK_DOCS, withFeedback } from './feedback';
import { highlight, type Highlight } from './highlight';
import { PHRASE_CANDIDATES_MAX, PHRASE_CANDIDATES_PER_HIT, hasPhrase, withoutPhrases, withPhrases, type PhrasesFound } from './phrases';
import { planQuery, type QueryPlan } from './plan';
import { parseQuery, type ParsedQuery } from './query-parser';
import { prefixSize, type RankedDoc, type RankingOptions } from './ranking';
import { rankMemories } from './ranking.repository';

/**
 * A whole search, stage by stage: the query is parsed (query-parser.ts) and planned against the
 * caller's vocabulary (plan.ts), the candidates are ranked (ranking.repository.ts) and checked for
 * phrases (phrases.ts), feedback ranks the rest (feedback.ts), and the hits' excerpts are marked
 * (highlight.ts). The rows of the documents found are read through the caller's source.
 */

/**
 * How many postings of each word a narrowed query that found too few hits reads the second time:
 * at 100,000 Memories, every posting of any word (about 40 ms of the database's time for two
 * words in 8% of them each); in larger accounts, a bound on the cost.
 */
const NARROWED_POSTINGS = 32_000;

/** What a search asks for. */
export interface SearchRequest {
  /** Whose documents are searched: those of its account that it may see. */
  readonly principal: Principal;
  /** Whether the principal reads the index's key side (see readsKeyIndex in memories/visibility.ts). */
  readonly keysOnly: boolean;
  /** The query, in the syntax query-parser.ts reads. */
  readonly q: string;
  readonly limit: number;
  /** Whether every group of the query must match, not only those that hold a phrase. */
  readonly requireAll: boolean;
  /** Only documents of this type. */
  readonly type?: string | undefined;
  /** Only documents with this tag, written as tags are kept (trimmed, lower-cased). */
  readonly tag?: string | undefined;
}

/** A document found: its row, its score, whether a query term matched it as written, and its excerpt. */
export interface FoundDocument<Row extends IndexedDocument> {
  readonly row: Row;
  readonly score: number;
  readonly exact: boolean;
  readonly excerpt: Highlight;
}

/**
 * Ranked retrieval over the index (see SPEC section 12): every matching document the caller may
 * see is ranked by BM25 with coordination, misspelt words are matched through their nearest
 * vocabulary terms at a discount, and pseudo-relevance feedback ranks the rest. The best
 * `limit`, best first, with their rows read from `source`.
 */
export async function search<Row extends IndexedDocument>(
  db: Queryable,
  request: SearchRequest,
  source: DocumentSource<Row>,
): Promise<Array<FoundDocument<Row>>> {
  const parsed = parseQuery(request.q);
  const found = await searchParsed(db, request, parsed, source);
  // A question often quotes a title or a saying that the Memories word a little differently:
  // when no Memory has the quoted words in that order, the quotes are taken as plain words.
  if (found.length > 0 || !hasPhrase(parsed)) return found;
  return searchParsed(db, request, withoutPhrases(parsed), source);
}

async function searchParsed<Row extends IndexedDocument>(
  db: Queryable,
  request: SearchRequest,
  parsed: ParsedQuery,
  source: DocumentSource<Row>,
): Promise<Array<FoundDocument<Row>>> {
  const { principal, keysOnly, limit } = request;
  const plan = await planQuery(db, principal.accountId, keysOnly, parsed, request.requireAll);
  if (!plan) return [];

  const phrases = hasPhrase(parsed) || parsed.excluded.some((clause) => clause.kind === 'phrase');
  const options: RankingOptions = {
    principal,
    terms: plan.terms,
    stats: plan.stats,
    knownTerms: plan.knownTerms,
    requirements: plan.requirements,
    excluded: plan.excluded,
    ...(request.type ? { type: request.type } : {}),
    ...(request.tag ? { tag: request.tag } : {}),
    limit: phrases ? Math.max(FEEDBACK_CANDIDATES, limit * PHRASE_CANDIDATES_PER_HIT) : FEEDBACK_CANDIDATES,
    describeBest: phrases ? 0 : FEEDBACK_DOCS,
  };
  let ranked = await rankMemories(db, options);
  // Phrases are checked on the candidates' texts, so those are read now; otherwise only the hits'.
  const documents = new DocumentRows(source);
  const checked = new Map<number, PhrasesFound>();
  if (phrases) ranked = await withPhrases(documents, ranked, checked, parsed, plan, Number.POSITIVE_INFINITY);

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
    const all = await rankMemories(db, { ...options, prefix: longer, limit: phrases ? PHRASE_CANDIDATES_MAX : options.limit });
    ranked = phrases ? await withPhrases(documents, all, checked, parsed, plan, limit) : all;
  }

  const best = await withFeedback(db, keysOnly, ranked, plan, limit);
  await documents.read(best.map(({ doc }) => doc));
  return best.map(({ doc, score }) => foundDocument(documents.of(doc), doc, score, plan));
}

/**
 * A hit with its excerpt, the terms of the query terms it matched marked: each term and its
 * corrections. The excerpt is made when first read: search by meaning asks for more candidates
 * than it answers with.
 */
function foundDocument<Row extends IndexedDocument>(row: Row, ranked: RankedDoc, score: number, plan: QueryPlan): FoundDocument<Row> {
  const terms = new Set<string>();
  for (const [index, marks] of plan.marks.entries()) {
    if ((ranked.matched & (1n << BigInt(index))) !== 0n) for (const term of marks) terms.add(term);
  }
  let excerpt: Highlight | undefined;
  return {
    row,
    score,
    exact: ranked.exact,
    get excerpt() {
      return (excerpt ??= highlight(row.text, terms));
    },
  };
}
