import type { Compilable, InferResult } from 'kysely';
import type {
  factsToExport,
  findWorkspaceProfile,
  linksToExport,
  memoriesToExport,
  revisionsToExport,
  subjectsToExport,
  suggestionsToExport,
  templatesToExport,
} from './export.repository';

/** The rows of the export's queries as its lines' data (see docs/export-format.md): timestamps as ISO strings. */

type RowOf<Query extends Compilable<unknown>> = InferResult<Query>[number];

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export function toExportProfile(row: NonNullable<Awaited<ReturnType<typeof findWorkspaceProfile>>>) {
  return { guidance: row.guidance, updated_at: row.updated_at.toISOString() };
}

export function toExportSubject(row: RowOf<ReturnType<typeof subjectsToExport>>) {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

export type ExportRevisionRow = RowOf<ReturnType<typeof revisionsToExport>>;

export function toExportRevision(row: ExportRevisionRow) {
  return {
    revision: row.revision,
    text: row.text,
    type: row.type,
    sensitivity: row.sensitivity,
    tags: row.tags,
    pinned: row.pinned,
    created_at: row.created_at.toISOString(),
    actor: row.actor_key_id === null ? { kind: row.actor_kind } : { kind: row.actor_kind, key_id: row.actor_key_id },
  };
}

/** A Memory with the first revisions of its history (the rest follow in memory_history records). */
export function toExportMemory(row: RowOf<ReturnType<typeof memoriesToExport>>, revisions: ReadonlyArray<ReturnType<typeof toExportRevision>>) {
  return {
    id: row.id,
    text: row.text,
    type: row.type,
    sensitivity: row.sensitivity,
    tags: row.tags,
    pinned: row.pinned,
    revision: row.revision,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    ...(row.expires_at ? { expires_at: row.expires_at.toISOString() } : {}),
    revisions,
  };
}

export function toExportLink(row: RowOf<ReturnType<typeof linksToExport>>) {
  return { ...row, created_at: row.created_at.toISOString() };
}

/** What a Fact and a suggestion start with: which statement, of which Subject. */
const statementOf = (row: { id: string; subject_id: string; statement: string }) => ({
  id: row.id,
  subject_id: row.subject_id,
  statement: row.statement,
});

export function toExportFact(row: RowOf<ReturnType<typeof factsToExport>>) {
  return {
    ...statementOf(row),
    sources: row.sources,
    accepted_at: row.accepted_at.toISOString(),
    created_at: row.created_at.toISOString(),
    valid_from: row.valid_from.toISOString(),
    valid_until: iso(row.valid_until),
    superseded_by: row.superseded_by,
  };
}

export function toExportSuggestion(row: RowOf<ReturnType<typeof suggestionsToExport>>) {
  return {
    ...statementOf(row),
    note: row.note,
    sources: row.sources,
    status: row.status,
    fact_id: row.fact_id,
    supersedes: row.supersedes,
    created_at: row.created_at.toISOString(),
    reviewed_at: iso(row.reviewed_at),
  };
}

export type TemplateExportRow = RowOf<ReturnType<typeof templatesToExport>>;
type ExportFile = { path: string; content: string };

/** A Template with the files of its draft and of its published revision. */
export function toExportTemplate(row: TemplateExportRow, files: { draft: ExportFile[]; published: ExportFile[] }) {
  return {
    id: row.id,
    name: row.name,
    summary: row.summary,
    category: row.category,
    tags: row.tags,
    license: row.license,
    release_notes: row.release_notes,
    draft: { revision: row.draft_revision, files: files.draft, updated_at: row.draft_updated_at.toISOString() },
    review: { state: row.review_state, reviewed_revision: row.reviewed_revision },
    publication: {
      state: row.publication_state,
      version: row.version,
      published_revision: row.published_revision,
      published_at: iso(row.published_at),
      files: files.published,
    },
    copied_from:
      row.copied_from_template_id !== null && row.copied_from_version !== null
        ? { template_id: row.copied_from_template_id, version: row.copied_from_version }
        : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
