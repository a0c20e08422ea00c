import { cosine } from '../embeddings/embedder';

/**
 * Fusion of the two legs of search (SPEC §19): the lexical ranking's best candidates are scored
 * again with their meaning's closeness to the query's (cosine of the two vectors), and Memories
 * close in meaning that the words did not find join them when close enough. The weights were
 * tuned on the development half of the retrieval benchmark (docs/retrieval.md).
 */
export interface FusionWeights {
  /** The share of the cosine in a lexical candidate's score (the rest is its place in the lexical ranking). */
  readonly cosineWeight: number;
  /** How fast a place in the lexical ranking counts for less: the candidate at place p has 1 / (1 + p / rankScale). */
  readonly rankScale: number;
  /** The least cosine at which a Memory the words did not find is a hit. */
  readonly semanticFloor: number;
  /** How a Memory found by meaning alone weighs against lexical hits (its cosine times this and cosineWeight). */
  readonly semanticWeight: number;
}

/**
 * Tuned by `npm run tune:fusion` on the development half (docs/retrieval.md): the best recall@10
 * among the weights that leave no question category worse than the words alone.
 */
export const FUSION: FusionWeights = { cosineWeight: 0.5, rankScale: 40, semanticFloor: 0.3, semanticWeight: 1 };

/** How many of the lexical ranking's best are scored again. */
export const RERANK_CANDIDATES = 50;
/** How many of the Memories found by meaning alone may join. */
export const SEMANTIC_CANDIDATES = 20;

export interface LexicalCandidate {
  readonly id: string;
  readonly score: number;
}

export interface FusedHit {
  readonly id: string;
  readonly score: number;
  /** Found by the words (`lexical`), or by meaning alone (`semantic`). */
  readonly leg: 'lexical' | 'semantic';
}

/**
 * One ranking from both legs, best first. A lexical candidate counts by its place in the lexical
 * ranking (BM25 scores are not comparable across queries; places are) and by its cosine; one
 * without a vector (not embedded yet) is given the average cosine of the others. `semantic`: the
 * Memories closest in meaning to the query, with their cosine (`closeness`), found by the database
 * (pgvector) or by the service (vector-index.ts).
 */
export function fuse(
  query: Float32Array,
  lexical: readonly LexicalCandidate[],
  lexicalVectors: ReadonlyMap<string, Float32Array>,
  semantic: ReadonlyArray<{ id: string; closeness: number }>,
  weights: FusionWeights = FUSION,
): FusedHit[] {
  const cosines = lexical.map((candidate) => {
    const vector = lexicalVectors.get(candidate.id);
    return vector ? cosine(query, vector) : null;
  });
  const known = cosines.filter((value): value is number => value !== null);
  const average = known.length > 0 ? known.reduce((sum, value) => sum + value, 0) / known.length : 0;
  const hits: FusedHit[] = lexical.map((candidate, i) => ({
    id: candidate.id,
    leg: 'lexical',
    score: (1 - weights.cosineWeight) / (1 + i / weights.rankScale) + weights.cosineWeight * (cosines[i] ?? average),
  }));
  const found = new Set(lexical.map((candidate) => candidate.id));
  const closest = semantic
    .filter(({ id, closeness }) => !found.has(id) && closeness >= weights.semanticFloor)
    .sort((a, b) => b.closeness - a.closeness || (a.id < b.id ? -1 : 1))
    .slice(0, SEMANTIC_CANDIDATES);
  for (const { id, closeness } of closest) hits.push({ id, leg: 'semantic', score: weights.semanticWeight * weights.cosineWeight * closeness });
  // Ties keep the lexical ranking's order (a stable sort), then the semantic leg's.
  return hits.map((hit, order) => ({ hit, order })).sort((a, b) => b.hit.score - a.hit.score || a.order - b.order).map(({ hit }) => hit);
}
