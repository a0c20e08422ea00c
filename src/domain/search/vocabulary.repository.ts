import { sql } from 'kysely';
import type { Queryable } from '../../db/schema';
import type { CorpusStats } from './ranking';

/** A term of an account's vocabulary, with how many Memories (and of those API keys may see) contain it. */
export interface VocabularyRow {
  id: number;
  term: string;
  docs: number;
  key_docs: number;
}

/** The corpus statistics the caller's ranking uses, and the vocabulary rows of `terms`, in one round trip. */
export async function lookUpTerms(
  db: Queryable,
  accountId: string,
  keysOnly: boolean,
  terms: readonly string[],
): Promise<{ stats: CorpusStats; vocabulary: Map<string, VocabularyRow> }> {
  const row = (
    await sql<{ docs: number | null; terms: VocabularyRow[] }>`
      select ${sql.raw(keysOnly ? 's.key_docs' : 's.docs')} as docs,
        (select coalesce(json_agg(json_build_object('id', t.id, 'term', t.term, 'docs', t.docs, 'key_docs', t.key_docs)), '[]')
         from search_terms t where t.account_id = a.id and t.term = any(${sql.val([...new Set(terms)])}::text[])) as terms
      from (select ${accountId}::text as id) a left join search_stats s on s.account_id = a.id`.execute(db)
  ).rows[0]!;
  return {
    stats: { docs: row.docs ?? 0 },
    vocabulary: new Map(row.terms.map((term) => [term.term, term])),
  };
}

/**
 * The vocabulary terms nearest each of `words`, by pg_trgm similarity: for each, at most `perWord`
 * of at least `similarity`. For API keys the vocabulary is the terms of Memories they may see, so
 * a word of secret Memories is never offered.
 */
export async function nearestTerms(
  db: Queryable,
  accountId: string,
  keysOnly: boolean,
  words: ReadonlyArray<{ index: number; term: string }>,
  nearest: { similarity: number; perWord: number },
): Promise<Array<VocabularyRow & { index: number; similarity: number }>> {
  if (words.length === 0) return [];
  const visible = keysOnly ? sql`key_docs > 0` : sql`docs > 0`;
  // One subquery per word, with the word as a value, so the trigram index serves each; `%` uses
  // pg_trgm's default threshold, below ours, so the index finds a superset that is then filtered.
  // The index gets the word through a subquery, which the planner does not look into: the plan
  // is then the same for every word, so a prepared statement keeps one plan instead of planning
  // again for each word (0.3 ms, more than running it).
  const perWord = words.map(
    ({ index, term }) => sql`(
      select ${index}::int as index, id, term, docs, key_docs, similarity(term, ${term})::float8 as similarity
      from search_terms
      where account_id = ${accountId} and term % (select ${term}::text) and ${visible} and similarity(term, ${term}) >= ${nearest.similarity}
      order by similarity(term, ${term}) desc, term
      limit ${nearest.perWord})`,
  );
  return (await sql<VocabularyRow & { index: number; similarity: number }>`${sql.join(perWord, sql` union all `)}`.execute(db)).rows;
}

/** Of each indexed Memory numbered in `docs`, its term IDs in order, and how many Memories (that the caller may see) have each. */
export async function termsOfDocs(
  db: Queryable,
  keysOnly: boolean,
  docs: readonly number[],
): Promise<Array<{ ids: number[]; docs: number[] }>> {
  const rows = await sql<{ doc: string | number; ids: string; docs: string }>`
      select m.search_doc as doc, string_agg(t.id::text, ',' order by t.id) as ids,
        string_agg(${sql.raw(keysOnly ? 't.key_docs' : 't.docs')}::text, ',' order by t.id) as docs
      from memories m join search_terms t on t.id = any(m.search_terms)
      where m.search_doc = any(${sql.val(docs)}::bigint[])
      group by m.search_doc`.execute(db);
  return rows.rows.map((row) => ({ ids: row.ids.split(',').map(Number), docs: row.docs.split(',').map(Number) }));
}
