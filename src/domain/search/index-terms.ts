import { sql, type RawBuilder } from 'kysely';
import { tokenize } from './analyzer';

/**
 * Narrowing by the search index's terms, for reads that then apply rules of their own to the
 * text (the index itself is written by its projection, projections/search-index.ts).
 */

const termsOf = (words: string) => [...new Set(tokenize(words).flatMap((token) => (token.term === null ? [] : [token.term])))];

/** Whether `words` has a word the index holds (not only stop words or symbols). */
export function hasIndexedWords(words: string): boolean {
  return termsOf(words).length > 0;
}

/**
 * A condition on `memories` rows: the Memory is indexed under every term of `words`. Words the
 * index does not hold (see hasIndexedWords) narrow nothing: without any, no Memory qualifies.
 * The postings are read by term alone, as ranking reads them (see ranking.repository.ts).
 */
export function containsTerms(accountId: string, words: string): RawBuilder<boolean> {
  const terms = termsOf(words);
  if (terms.length === 0) return sql<boolean>`false`;
  return sql<boolean>`memories.search_doc in (
    select p.doc from search_terms t join search_postings p on p.account_id = t.account_id and p.term_id = t.id
    where t.account_id = ${accountId} and t.term = any(${sql.val(terms)}::text[])
    group by p.doc having count(*) = ${terms.length})`;
}
