import { sql, type RawBuilder } from 'kysely';

/**
 * Okapi BM25, the ranking function: a term's weight in a Memory saturates with how often it occurs
 * (K1) and is normalised by the Memory's length against a pivot length (B); a query term counts by
 * its inverse document frequency over the Memories the caller may see.
 */
export const K1 = 1.2;
// Memories are short and of every length; measured on the retrieval benchmark, weak length
// normalisation ranks better than the textbook 0.75.
export const B = 0.1;
/**
 * The length (in terms) that length normalisation is relative to: fixed, where textbook BM25 takes
 * the corpus's average. A term's weight in a Memory is written with its posting, once, and postings
 * are read in that order; weighed against an average, it would depend on when the Memory was
 * written, so two identical Memories could score differently, and on Memories the reader may not
 * see (secret ones, for an API key). With a fixed pivot it depends on the Memory alone.
 */
export const PIVOT_LENGTH = 32;

/** The inverse document frequency of a term that `docs` of `total` Memories contain. */
export function inverseDocumentFrequency(docs: number, total: number): number {
  return Math.log(1 + (total - docs + 0.5) / (docs + 0.5));
}

/** A term's BM25 weight in a Memory where it occurs `tf` times, of `length` terms. */
export function termWeight(tf: number, length: number): number {
  return (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / PIVOT_LENGTH));
}

/** `termWeight` as the database computes it, for the same formula in statements. */
export function termWeightSql(tf: RawBuilder<unknown>, length: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(${tf} * ${K1 + 1}::float8 / (${tf} + ${K1}::float8 * (${1 - B}::float8 + ${B}::float8 * ${length} / ${PIVOT_LENGTH}::float8)))`;
}

