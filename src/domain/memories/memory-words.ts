import { sql } from 'kysely';
import type { Queryable } from './memories.repository';

/** Words shorter than this are not corrected (they have too few trigrams to compare). */
export const MIN_WORD_CHARS = 3;
const MAX_WORD_CHARS = 40;

/**
 * Adds the words of a Memory's text and tags to its account's word list. Words are never removed
 * (a word no Memory uses any more only costs a correction that finds nothing). The words go in
 * sorted, so two writers adding the same new words wait for each other instead of deadlocking.
 */
export async function recordMemoryWords(db: Queryable, accountId: string, memory: { text: string; tags: readonly string[] }): Promise<void> {
  await sql`
    insert into memory_words (account_id, word)
    select ${accountId}, w.word
    from unnest(tsvector_to_array(to_tsvector('simple', ${memory.text} || ' ' || ${memory.tags.join(' ')}))) as w(word)
    where length(w.word) between ${MIN_WORD_CHARS} and ${MAX_WORD_CHARS}
    order by w.word
    on conflict do nothing`.execute(db);
}
