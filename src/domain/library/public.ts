import type { Transaction } from 'kysely';
import type { DB, TemplateRow } from '../../db/schema';
import { limits } from '../../generated/contract';
import type { components } from '../../generated/openapi';
import type { Services } from '../services';
import { decodeCursor, encodeCursor, toPage, type Page } from '../shared/pagination';
import { findListing, searchListings, upsertListing } from './public-library.repository';
import { filesOf, findRevision, inOneSnapshot, templateNotFound } from './templates.repository';
import { readmeOf } from './templates';
import { toPublicTemplate, type PublicTemplate } from './template-mapper';

type PublicTemplateDetail = components['schemas']['PublicTemplateResponse']['data'];

/** Makes a revision's snapshot the public listing of a Template (insert or replace). */
export async function publishListing(
  trx: Transaction<DB>,
  template: TemplateRow,
  revision: number,
  releaseNotes: string,
  now: Date,
): Promise<void> {
  const snapshot = await findRevision(trx, template.id, revision);
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
  await upsertListing(trx, listing);
}

export interface LibrarySearch {
  query?: string;
  category?: string;
  tag?: string;
  limit?: number;
  cursor?: string;
}

/** Published Templates only, best match or newest publication first (see searchListings). */
export async function searchLibrary(services: Services, search: LibrarySearch): Promise<Page<PublicTemplate>> {
  const size = search.limit ?? limits.librarySearchLimitDefault;
  const query = search.query?.trim();
  const filters = { query, category: search.category, tag: search.tag?.trim().toLowerCase() };
  const position = decodeCursor('library', filters, search.cursor, 3);
  const rows = await searchListings(services.db, { ...filters, position, limit: size + 1 });
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
  const { row, files } = await inOneSnapshot(services.db, async (trx) => {
    const row = await findListing(trx, templateId);
    return { row, files: row ? await filesOf(trx, row.template_id, row.revision) : [] };
  });
  if (!row) throw templateNotFound();
  return { template: toPublicTemplate(row), files, release_notes: row.release_notes };
}
