import { sql, type Transaction } from 'kysely';
import type { DB, PublicTemplateRow, TemplateRow } from '../../db/schema';
import { limits } from '../../generated/contract';
import type { components } from '../../generated/openapi';
import { textArray } from '../../db/sql';
import type { Services } from '../services';
import { AppError } from '../shared/errors';
import { cursorDate, decodeCursor, encodeCursor, toPage, type Page } from '../shared/pagination';
import { shortenToCodePoints } from '../shared/text';
import { filesOf, templateNotFound } from './templates.repository';
import { describedAs, readmeOf } from './templates';

type PublicTemplate = components['schemas']['PublicTemplate'];
type PublicTemplateDetail = components['schemas']['PublicTemplateResponse']['data'];

const EXCERPT_CHARS = 300;

/** The README as plain text: headings' markers and runs of whitespace folded, then cut to 300. */
export function readmeExcerpt(readme: string): string {
  const plain = readme
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  return shortenToCodePoints(plain, EXCERPT_CHARS).text;
}

/** Makes a revision's snapshot the public listing of a Template (insert or replace). */
export async function publishListing(
  trx: Transaction<DB>,
  template: TemplateRow,
  revision: number,
  releaseNotes: string,
  now: Date,
): Promise<void> {
  const snapshot = await trx
    .selectFrom('template_revisions')
    .selectAll()
    .where('template_id', '=', template.id)
    .where('revision', '=', revision)
    .executeTakeFirstOrThrow();
  const listing = {
    template_id: template.id,
    account_id: template.account_id,
    revision,
    version: template.version,
    name: snapshot.name,
    summary: snapshot.summary,
    category: snapshot.category,
    tags: snapshot.tags,
    license: snapshot.license,
    release_notes: releaseNotes,
    readme: await readmeOf(trx, template.id, revision),
    published_at: now,
  };
  await trx
    .insertInto('public_templates')
    .values(listing)
    .onConflict((oc) => oc.column('template_id').doUpdateSet(listing))
    .execute();
}

export async function removeListing(trx: Transaction<DB>, templateId: string): Promise<void> {
  await trx.deleteFrom('public_templates').where('template_id', '=', templateId).execute();
}

type ListingRow = Omit<PublicTemplateRow, 'search' | 'account_id'> & { display_name: string | null };

function toPublicTemplate(row: ListingRow): PublicTemplate {
  return {
    id: row.template_id,
    ...describedAs(row),
    version: row.version,
    published_at: row.published_at.toISOString(),
    creator: { display_name: row.display_name },
    readme_excerpt: readmeExcerpt(row.readme),
  };
}

/** The README's excerpt is made from its beginning: this much of it is read. */
const EXCERPT_SOURCE_CHARS = 4_000;

/** Listings with what a result shows: never the search vector, and of the README its beginning. */
function listings(services: Services) {
  return services.db
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
      sql<string>`left(p.readme, ${EXCERPT_SOURCE_CHARS})`.as('readme'),
      'a.display_name',
    ]);
}

export interface LibrarySearch {
  query?: string;
  category?: string;
  tag?: string;
  limit?: number;
  cursor?: string;
}

/**
 * Published Templates only. With a query: ranked full-text search over name, tags, summary and
 * README, then newest publication; without: newest publication first.
 */
export async function searchLibrary(services: Services, search: LibrarySearch): Promise<Page<PublicTemplate>> {
  const size = search.limit ?? limits.librarySearchLimitDefault;
  const query = search.query?.trim();
  const filters = { query, category: search.category, tag: search.tag?.trim().toLowerCase() };
  const tsQuery = query ? sql`websearch_to_tsquery('english', ${query})` : null;
  const score = tsQuery ? sql<number>`ts_rank_cd(p.search, ${tsQuery})::float8` : sql<number>`0::float8`;
  const position = decodeCursor('library', filters, search.cursor, 3);
  let select = listings(services)
    .select(score.as('score'))
    .orderBy(score, 'desc')
    .orderBy('p.published_at', 'desc')
    .orderBy('p.template_id', 'desc')
    .limit(size + 1);
  if (tsQuery) select = select.where(sql<boolean>`p.search @@ ${tsQuery}`);
  if (filters.category) select = select.where('p.category', '=', filters.category);
  if (filters.tag) select = select.where('p.tags', '@>', textArray([filters.tag]));
  if (position) {
    const [lastScore, publishedAt, id] = position;
    if (typeof lastScore !== 'number') throw new AppError('invalid_cursor', 'The cursor is malformed.', { parameter: 'cursor' });
    select = select.where(
      sql<boolean>`(${score}, p.published_at, p.template_id) < (${lastScore}::float8, ${cursorDate(publishedAt)}::timestamptz, ${String(id)})`,
    );
  }
  const rows = await select.execute();
  return toPage(
    rows,
    size,
    toPublicTemplate,
    (row) => [Number(row.score), row.published_at.toISOString(), row.template_id],
    (p) => encodeCursor('library', filters, p),
  );
}

/** One published Template: its public listing and published file list; 404 when not published. */
export async function getLibraryTemplate(services: Services, templateId: string): Promise<PublicTemplateDetail> {
  const row = await listings(services).where('p.template_id', '=', templateId).executeTakeFirst();
  if (!row) throw templateNotFound();
  return {
    template: toPublicTemplate(row),
    files: await filesOf(services.db, row.template_id, row.revision),
    release_notes: row.release_notes,
  };
}
