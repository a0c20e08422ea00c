/**
 * Okapi BM25, the ranking function: a term's weight in a Memory saturates with how often it occurs
 * (K1) and is normalised by the Memory's length against the average (B); a query term counts by
 * its inverse document frequency over the Memories the caller may see.
 */
export const K1 = 1.2;
// Memories are short and of every length; measured on the retrieval benchmark, weak length
// normalisation ranks better than the textbook 0.75.
export const B = 0.1;

/** The inverse document frequency of a term that `docs` of `total` Memories contain. */
export function inverseDocumentFrequency(docs: number, total: number): number {
  return Math.log(1 + (total - docs + 0.5) / (docs + 0.5));
}
