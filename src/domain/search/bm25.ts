import { sql, type RawBuilder } from 'kysely';

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

/** A term's BM25 weight in a Memory where it occurs `tf` times, of `length` terms against `averageLength`. */
export function termWeight(tf: number, length: number, averageLength: number): number {
  return (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / averageLength));
}

/** `termWeight` as the database computes it, for the same formula in statements. */
export function termWeightSql(tf: RawBuilder<unknown>, length: RawBuilder<unknown>, averageLength: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(${tf} * ${K1 + 1}::float8 / (${tf} + ${K1}::float8 * (${1 - B}::float8 + ${B}::float8 * ${length} / ${averageLength})))`;
}

/** The average Memory length of a corpus (1 when it is empty). */
export function averageLength(stats: { docs: number; length: number }): number {
  return stats.docs > 0 && stats.length > 0 ? stats.length / stats.docs : 1;
}
