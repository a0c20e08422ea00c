import { sql, type Kysely } from 'kysely';

/**
 * The words that questions put around what they ask for (`type`, `kind`, `ever`, …) were stop
 * words, so no search could find "Blood type: O negative" by `type`. Memories are now indexed under
 * them, and queries leave them out only when they have other words. Every Memory that holds one
 * of them, in its text or tags, is taken out of the index here; the application indexes it again
 * with its own analysis when it starts (see indexUnindexedMemories), as it indexes every Memory
 * that is not indexed.
 */
// Frozen in time: takes Kysely<any>, never the application's current types or code; the word list is
// written out rather than taken from the application's.
const QUESTION_WORD = String.raw`\m(kind|type|types|thing|things|something|describe|mention|mentioned|ever|likely)\M`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create temporary table question_word_memories as
    select id, account_id, sensitivity = 'secret' as secret, search_doc, search_terms, search_length from memories
    where search_length > 0 and (text ~* ${QUESTION_WORD} or array_to_string(tags, ' ') ~* ${QUESTION_WORD})`.execute(db);
  // Each account's statistics, each term's counts, the postings, the terms no Memory holds any
  // more, and the Memories' own columns: as taking each Memory out of the index one by one did.
  await sql`
    update search_stats s set
      docs = s.docs - a.docs, key_docs = s.key_docs - a.key_docs, length = s.length - a.length, key_length = s.key_length - a.key_length
    from (
      select account_id, count(*)::int as docs, (count(*) filter (where not secret))::int as key_docs,
        sum(search_length)::bigint as length, coalesce(sum(search_length) filter (where not secret), 0)::bigint as key_length
      from question_word_memories group by account_id
    ) a
    where s.account_id = a.account_id`.execute(db);
  await sql`
    update search_terms t set docs = t.docs - c.docs, key_docs = t.key_docs - c.key_docs
    from (
      select term_id, count(*)::int as docs, (count(*) filter (where not q.secret))::int as key_docs
      from question_word_memories q, unnest(q.search_terms) as term_id group by term_id
    ) c
    where t.id = c.term_id`.execute(db);
  await sql`delete from search_postings p using question_word_memories q where p.doc = q.search_doc`.execute(db);
  await sql`delete from search_terms where docs <= 0 and id in (select unnest(search_terms) from question_word_memories)`.execute(db);
  await sql`update memories set search_terms = '{}', search_length = 0 where id in (select id from question_word_memories)`.execute(db);
  await sql`drop table question_word_memories`.execute(db);
}

// The Memories stay indexed under the question words: an earlier build's queries never ask for them.
export async function down(): Promise<void> {}
