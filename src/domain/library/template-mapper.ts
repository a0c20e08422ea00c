import type { PublicTemplateRow, TemplateRunRow } from '../../db/schema';
import type { components, TemplateCategory as Category, TemplateLicense as License } from '../../generated/openapi';
import { shortenToCodePoints } from '../shared/text';
import type { TemplateState } from './templates.repository';

export type Template = components['schemas']['Template'];
export type WorkflowRun = components['schemas']['WorkflowRun'];
export type PublicTemplate = components['schemas']['PublicTemplate'];

/** What a Template says of itself, as stored with each revision and copied into its public listing. */
export function describedAs(row: Pick<TemplateState['revision'], 'name' | 'summary' | 'category' | 'tags' | 'license'>) {
  return { name: row.name, summary: row.summary, category: row.category as Category, tags: row.tags, license: row.license as License };
}

export function toTemplate({ template, revision, files }: TemplateState): Template {
  return {
    id: template.id,
    ...describedAs(revision),
    release_notes: revision.release_notes,
    draft: {
      revision: template.draft_revision,
      files,
      total_size: revision.total_size,
      updated_at: revision.created_at.toISOString(),
    },
    review: {
      state: template.review_state,
      reviewed_revision: template.reviewed_revision,
      last_run_id: template.last_run_id,
    },
    publication: {
      state: template.publication_state,
      version: template.version,
      published_revision: template.published_revision,
      published_at: template.published_at ? template.published_at.toISOString() : null,
    },
    copied_from:
      template.copied_from_template_id !== null && template.copied_from_version !== null
        ? { template_id: template.copied_from_template_id, version: template.copied_from_version }
        : null,
    created_at: template.created_at.toISOString(),
    updated_at: template.updated_at.toISOString(),
  };
}

export function toRun(row: TemplateRunRow): WorkflowRun {
  return {
    id: row.id,
    template_id: row.template_id,
    action: row.action as WorkflowRun['action'],
    revision: row.revision,
    status: row.status,
    checks: row.checks as WorkflowRun['checks'],
    error_code: row.error_code,
    created_at: row.created_at.toISOString(),
  };
}

const EXCERPT_CHARS = 300;

/** Folding a README's start of this many characters usually gives more than an excerpt's worth. */
const EXCERPT_SOURCE_PREFIX = 1_200;

/** The README as plain text: headings' markers and runs of whitespace folded, then cut to 300. */
export function readmeExcerpt(readme: string): string {
  // Folding works line by line and run by run: when the start alone folds to more than an
  // excerpt (and a little more, where the cut may fall), its excerpt is the whole README's.
  if (readme.length > EXCERPT_SOURCE_PREFIX) {
    const start = plainText(readme.slice(0, EXCERPT_SOURCE_PREFIX));
    const excerpt = shortenToCodePoints(start, EXCERPT_CHARS + 8);
    if (excerpt.truncated) return shortenToCodePoints(start, EXCERPT_CHARS).text;
  }
  return shortenToCodePoints(plainText(readme), EXCERPT_CHARS).text;
}

function plainText(markdown: string): string {
  return markdown
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

type ListingRow = Omit<PublicTemplateRow, 'search' | 'ranking' | 'account_id'> & { display_name: string | null };

export function toPublicTemplate(row: ListingRow): PublicTemplate {
  return {
    id: row.template_id,
    ...describedAs(row),
    version: row.version,
    published_at: row.published_at.toISOString(),
    creator: { display_name: row.display_name },
    readme_excerpt: readmeExcerpt(row.readme),
    uses: row.uses,
  };
}
