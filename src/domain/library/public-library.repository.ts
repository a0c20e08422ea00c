import { sql, type Insertable } from 'kysely';
import type { DB, Queryable } from '../../db/schema';
import { textArray } from '../../db/sql';
import { AppError } from '../shared/errors';
import { cursorDate, type CursorPosition } from '../shared/pagination';

/**
 * Makes a listing the public one of its Template (insert or replace). A replaced listing keeps
 * its uses: a copy counted meanwhile (under the source's row lock) is not overwritten.
 */
export async function upsertListing(db: Queryable, listing: Insertable<DB['public_templates']>): Promise<void> {
  const { uses: _counted, ...replaced } = listing;
  await db
    .insertInto('public_templates')
    .values(listing)
    .onConflict((oc) => oc.columns(['account_id', 'template_id']).doUpdateSet(replaced))
    .execute();
}

export async function deleteListing(db: Queryable, accountId: string, templateId: string): Promise<void> {
  await db.deleteFrom('public_templates').where('account_id', '=', accountId).where('template_id', '=', templateId).execute();
}

/** The README's excerpt is made from its beginning: this much of it is read. */
const EXCERPT_SOURCE_CHARS = 4_000;

/** Listings with what a result shows: never the search vector, and of the README its beginning. */
function listings(db: Queryable) {
  return db
    .selectFrom('public_templates as p')
    .leftJoin('accounts as a', 'a.id', 'p.account_id')
    .select([
      'p.template_id',
      'p.revision',
      'p.version',
      'p.name',
      'p.summary',
      'p.category',
      'p.tags',
      'p.license',
      'p.release_notes',
      'p.published_at',
      'p.uses',
      sql<string>`left(p.readme, ${EXCERPT_SOURCE_CHARS})`.as('readme'),
      'a.display_name',
    ]);
}

/** The orders of a search: `relevance` ranks by the query (newest first without one). */
export type ListingOrder = 'relevance' | 'newest' | 'most_used';

export interface ListingSearch {
  readonly query: string | undefined;
  readonly order: ListingOrder;
  readonly category: string | undefined;
  /** Trimmed and lower-cased. */
  readonly tag: string | undefined;
  /** The (score, published_at, template_id) of the last row of the previous page. */
  readonly position: CursorPosition | null;
  readonly limit: number;
}

/**
 * With a query: full-text search over name, tags, summary and README, ranked by name, tags,
 * summary and the README's beginning (a bounded part, so ranking a match costs the same however
 * long its README), then newest publication; without: newest publication first. `most_used`
 * ranks the same matches by their uses instead, and `newest` by publication alone.
 */
export function searchListings(db: Queryable, search: ListingSearch) {
  const tsQuery = search.query ? sql`websearch_to_tsquery('english', ${search.query})` : null;
  const score =
    search.order === 'most_used'
      ? sql<number>`p.uses`
      : tsQuery && search.order === 'relevance'
        ? sql<number>`ts_rank_cd(p.ranking, ${tsQuery})::float8`
        : sql<number>`0::float8`;
  let select = listings(db)
    .select(score.as('score'))
    .orderBy(score, 'desc')
    .orderBy('p.published_at', 'desc')
    .orderBy('p.template_id', 'desc')
    .limit(search.limit);
  if (tsQuery) select = select.where(sql<boolean>`p.search @@ ${tsQuery}`);
  if (search.category) select = select.where('p.category', '=', search.category);
  // A tag of only spaces is trimmed to '', which no tag is: it finds nothing rather than dropping the filter.
  if (search.tag !== undefined) select = select.where('p.tags', '@>', textArray([search.tag]));
  if (search.position) {
    const [lastScore, publishedAt, id] = search.position;
    if (typeof lastScore !== 'number') throw new AppError('invalid_cursor', 'The cursor is malformed.', { parameter: 'cursor' });
    select = select.where(
      sql<boolean>`(${score}, p.published_at, p.template_id) < (${lastScore}::float8, ${cursorDate(publishedAt)}::timestamptz, ${String(id)})`,
    );
  }
  return select.execute();
}

export function findListing(db: Queryable, templateId: string) {
  // With its account: what the Template's files are read by.
  return listings(db).select('p.account_id').where('p.template_id', '=', templateId).executeTakeFirst();
}

/** The versions of a Template of the account published so far, newest first. */
export function listVersions(db: Queryable, accountId: string, templateId: string, limit: number) {
  return db
    .selectFrom('template_versions')
    .select(['version', 'published_at', 'release_notes'])
    .where('account_id', '=', accountId)
    .where('template_id', '=', templateId)
    .orderBy('version', 'desc')
    .limit(limit)
    .execute();
}

export async function insertVersion(db: Queryable, version: Insertable<DB['template_versions']>): Promise<void> {
  await db.insertInto('template_versions').values(version).execute();
}

/** The notes a version of the account's Template is public with, when it is published again with new ones. */
export async function setVersionNotes(
  db: Queryable,
  accountId: string,
  templateId: string,
  version: number,
  releaseNotes: string,
): Promise<void> {
  await db
    .updateTable('template_versions')
    .set({ release_notes: releaseNotes })
    .where('account_id', '=', accountId)
    .where('template_id', '=', templateId)
    .where('version', '=', version)
    .execute();
}

/** One more account has copied the Template, whose owner is `accountId`. */
export async function countUse(db: Queryable, accountId: string, templateId: string): Promise<void> {
  await db
    .updateTable('public_templates')
    .set({ uses: sql`uses + 1` })
    .where('account_id', '=', accountId)
    .where('template_id', '=', templateId)
    .execute();
}
