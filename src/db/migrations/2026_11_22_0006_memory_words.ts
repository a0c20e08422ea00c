import { sql, type Kysely } from 'kysely';

// Frozen in time: takes Kysely<any>, never the application's current types.
export async function up(db: Kysely<any>): Promise<void> {
  // The words each account's Memories use (text and tags, lower-cased), so a misspelt search
  // word is corrected against a short list of words instead of compared with every text.
  await db.schema
    .createTable('memory_words')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('word', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('memory_words_pk', ['account_id', 'word'])
    .execute();
  await sql`create index memory_words_trgm on memory_words using gin (word gin_trgm_ops)`.execute(db);
  await sql`
    insert into memory_words (account_id, word)
    select distinct m.account_id, w.word
    from memories m
    cross join lateral unnest(tsvector_to_array(to_tsvector('simple', m.text || ' ' || array_to_string(m.tags, ' ')))) as w(word)
    where length(w.word) between 3 and 40
    on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('memory_words').ifExists().execute();
}
