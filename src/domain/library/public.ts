import type { Transaction } from 'kysely';
import type { DB, TemplateRow } from '../../db/schema';
import { limits } from '../../generated/contract';
import type { components } from '../../generated/openapi';
import type { Services } from '../services';
import { decodeCursor, encodeCursor, toPage, type Page } from '../shared/pagination';
import { findListing, listVersions, searchListings, upsertListing, type ListingOrder } from './public-library.repository';
import { copiersOf, fileContents, filesOf, findRevision, inOneSnapshot, templateNotFound } from './templates.repository';
import { readBounded, readmeOf, type BoundedRead } from './templates';
import { toPublicTemplate, type PublicTemplate } from './template-mapper';

type PublicTemplateDetail = components['schemas']['PublicTemplateResponse']['data'];
type PublishedFiles = components['schemas']['PublishedFilesResponse']['data'];

/** The versions a Template's public answer lists at most (the contract's `maxItems`). */
const VERSIONS_SHOWN = 100;

/** Makes a revision's snapshot the public listing of a Template (insert or replace). */
export async function publishListing(
  trx: Transaction<DB>,
  template: TemplateRow,
  revision: number,
  releaseNotes: string,
  now: Date,
): Promise<void> {
  const snapshot = await findRevision(trx, template.account_id, template.id, revision);
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
    readme: await readmeOf(trx, template.account_id, template.id, revision),
    published_at: now,
    // Kept across unpublishing: the accounts that copied it, each once.
    uses: await copiersOf(trx, template.id),
  };
  await upsertListing(trx, listing);
}

export interface LibrarySearch {
  query?: string;
  category?: string;
  tag?: string;
  sort?: ListingOrder;
  limit?: number;
  cursor?: string;
}

/** Published Templates only, best match, newest publication or most uses first (see searchListings). */
export async function searchLibrary(services: Services, search: LibrarySearch): Promise<Page<PublicTemplate>> {
  const size = search.limit ?? limits.librarySearchLimitDefault;
  const query = search.query?.trim();
  const order = search.sort ?? 'relevance';
  // A cursor is bound to its filters; `relevance` is left out, so cursors made before `sort` existed still hold.
  const filters = { query, category: search.category, tag: search.tag?.trim().toLowerCase(), ...(order === 'relevance' ? {} : { sort: order }) };
  const position = decodeCursor('library', filters, search.cursor, 3);
  const rows = await searchListings(services.db, { query, category: filters.category, tag: filters.tag, order, position, limit: size + 1 });
  return toPage(
    rows,
    size,
    toPublicTemplate,
    (row) => [Number(row.score), row.published_at.toISOString(), row.template_id],
    (p) => encodeCursor('library', filters, p),
  );
}

/**
 * One published Template: its public listing and published file list; 404 when not published.
 * Both are read in one snapshot: a publication committed between the reads prunes the revision
 * the listing named, whose file list would then be empty.
 */
export async function getLibraryTemplate(services: Services, templateId: string): Promise<PublicTemplateDetail> {
  const { row, files, versions } = await inOneSnapshot(services.db, async (trx) => {
    const row = await findListing(trx, templateId);
    if (!row) return { row, files: [], versions: [] };
    const [files, versions] = await Promise.all([
      filesOf(trx, row.account_id, row.template_id, row.revision),
      listVersions(trx, row.account_id, row.template_id, VERSIONS_SHOWN),
    ]);
    return { row, files, versions };
  });
  if (!row) throw templateNotFound();
  return {
    template: toPublicTemplate(row),
    files,
    release_notes: row.release_notes,
    versions: versions.map((version) => ({ ...version, published_at: version.published_at.toISOString() })),
  };
}

/** The published version's files, bounded as a draft's read is; 404 when the Template is not published. */
export async function readPublishedFiles(services: Services, templateId: string, request: BoundedRead): Promise<PublishedFiles> {
  const { row, contents } = await inOneSnapshot(services.db, async (trx) => {
    const row = await findListing(trx, templateId);
    return { row, contents: row ? await fileContents(trx, row.account_id, row.template_id, row.revision) : [] };
  });
  if (!row) throw templateNotFound();
  return { template_id: templateId, version: row.version, ...readBounded(contents, request) };
}
