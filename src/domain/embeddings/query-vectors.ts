import type { Embedder } from './embedder';

/** Queries whose vectors are kept: an agent often asks the same thing again. */
const KEPT = 1_000;
/** The longest query embedded, in characters. */
const QUERY_MAX = 1_000;

const kept = new WeakMap<Embedder, Map<string, Promise<Float32Array>>>();

/**
 * A query's vector, from the embedder or from the last KEPT queries it embedded (a query being
 * embedded is waited for, not embedded twice). A failure is not kept.
 */
export function queryVector(embedder: Embedder, query: string): Promise<Float32Array> {
  const text = query.trim().slice(0, QUERY_MAX);
  let cache = kept.get(embedder);
  if (!cache) kept.set(embedder, (cache = new Map()));
  const hit = cache.get(text);
  if (hit) {
    cache.delete(text);
    cache.set(text, hit);
    return hit;
  }
  const made = embedder.embed([text]).then(([vector]) => vector!);
  cache.set(text, made);
  made.catch(() => cache.delete(text));
  if (cache.size > KEPT) cache.delete(cache.keys().next().value!);
  return made;
}
