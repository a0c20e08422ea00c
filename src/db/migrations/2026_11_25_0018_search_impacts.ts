import { sql, type Kysely } from 'kysely';

/**
 * A posting's impact, its term's BM25 weight in its Memory, is now normalised against a fixed pivot
 * length of 32 terms instead of the account's average Memory length when the posting was written:
 * with an average, identical Memories written at different times weighed differently, and a
 * Memory written as secret kept a weight that counted secret Memories after it stopped being
 * secret. Every posting is weighed again by the new rule (K1 1.2, B 0.1).
 */
// Frozen in time: takes Kysely<any>, never the application's current types, and writes the
// formula out rather than importing the application's.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update search_postings p
    set impact = p.tf * 2.2 / (p.tf + 1.2 * (0.9 + 0.1 * m.search_length / 32.0))
    from memories m
    where m.search_doc = p.doc`.execute(db);
}

// The weights by the average cannot be recovered; the fixed pivot ranks about as well.
export async function down(): Promise<void> {}
