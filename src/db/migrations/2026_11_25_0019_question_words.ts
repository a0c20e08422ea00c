import { sql, type Kysely } from 'kysely';
import { indexAllMemories, unindexMemory } from '../../domain/search/search-index';

/**
 * The words that questions put around what they ask for (`type`, `kind`, `ever`, …) were stop
 * words, so no search could find "Blood type: O negative" by `type`. Memories are now indexed under
 * them, and queries leave them out only when they have other words. Every Memory that holds one
 * of them, in its text or tags, is taken out of the index and indexed again (see migration 0008:
 * indexing uses the application's current analysis).
 */
// Frozen in time: the word list is written out rather than taken from the application's.
const QUESTION_WORD = String.raw`\m(kind|type|types|thing|things|something|describe|mention|mentioned|ever|likely)\M`;
const BATCH = 500;

export async function up(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: string; secret: boolean; search_doc: string }>`
      select id, sensitivity = 'secret' as secret, search_doc from memories
      where search_doc > ${after} and search_length > 0
        and (text ~* ${QUESTION_WORD} or array_to_string(tags, ' ') ~* ${QUESTION_WORD})
      order by search_doc limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) await unindexMemory(db, row.id, row.secret);
    after = Number(rows[rows.length - 1]!.search_doc);
  }
  // Those just taken out, and those of question and stop words alone, which had no terms.
  await indexAllMemories(db);
}

// The Memories stay indexed under the question words: an earlier build's queries never ask for them.
export async function down(): Promise<void> {}
