import { sql, type Kysely } from 'kysely';

/**
 * Library search ranks by a bounded part of each listing. Ranking (`ts_rank_cd`) reads every
 * position of the query's words in a listing's vector, so with the whole README in it, ranking a
 * hundred listings of 100,000-character READMEs took more than half a second of the database's
 * CPU. A listing now also has `ranking`: its name and tags (weight A), its summary (B) and the
 * first 4,000 characters of its README (C). Matching still reads `search`, which holds the whole
 * README, so every word of a README still finds its listing.
 */
// Frozen in time: takes Kysely<any>, never the application's current types.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table public_templates add column ranking tsvector not null default ''::tsvector`.execute(db);
  await sql`
    create or replace function public_templates_search_vector() returns trigger language plpgsql as $$
    declare
      described tsvector :=
        setweight(to_tsvector('english', new.name), 'A') ||
        setweight(to_tsvector('english', array_to_string(new.tags, ' ')), 'A') ||
        setweight(to_tsvector('english', new.summary), 'B');
    begin
      new.search := described || setweight(to_tsvector('english', new.readme), 'C');
      new.ranking := described || setweight(to_tsvector('english', substr(new.readme, 1, 4000)), 'C');
      return new;
    end
    $$`.execute(db);
  // Fills `ranking` for the listings there are: the trigger runs on any update.
  await sql`update public_templates set readme = readme`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function public_templates_search_vector() returns trigger language plpgsql as $$
    begin
      new.search :=
        setweight(to_tsvector('english', new.name), 'A') ||
        setweight(to_tsvector('english', array_to_string(new.tags, ' ')), 'A') ||
        setweight(to_tsvector('english', new.summary), 'B') ||
        setweight(to_tsvector('english', new.readme), 'C');
      return new;
    end
    $$`.execute(db);
  await sql`alter table public_templates drop column ranking`.execute(db);
}
