import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from './schema';

/** A text[] parameter (Kysely would otherwise expand a JS array into a list of values). */
export function textArray(values: readonly string[]): RawBuilder<string[]> {
  return sql<string[]>`cast(${sql.val(values)} as text[])`;
}

/**
 * pg_trgm's default word-similarity threshold (0.6) misses ordinary typos ("lovlace" against
 * "lovelace" scores 0.55); typo-tolerant matching uses this one.
 */
export const TYPO_WORD_SIMILARITY = 0.45;

/**
 * Runs `fn` in a transaction where pg_trgm's `%` operator (`similarity`, whole strings) or `<%`
 * operator (`word_similarity`, a word within a text) uses `threshold`, so the trigram index
 * still serves the match.
 */
export async function withTrigramThreshold<T>(
  db: Kysely<DB>,
  kind: 'similarity' | 'word_similarity',
  threshold: number,
  fn: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config(${`pg_trgm.${kind}_threshold`}, ${String(threshold)}, true)`.execute(trx);
    return fn(trx);
  });
}
