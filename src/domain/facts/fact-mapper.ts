import type { FactRow, FactSuggestionRow } from '../../db/schema';
import type { components } from '../../generated/openapi';

export type Fact = components['schemas']['Fact'];
export type FactSuggestion = components['schemas']['FactSuggestion'];

/** The API view of a Fact; `sources` are the IDs of the source Memories the caller may see. */
export function toFact(row: FactRow, sources: readonly string[]): Fact {
  return {
    id: row.id,
    subject_id: row.subject_id,
    statement: row.statement,
    sources: sources.map((memory_id) => ({ memory_id })),
    accepted_at: row.accepted_at.toISOString(),
    created_at: row.created_at.toISOString(),
    valid_from: row.valid_from.toISOString(),
    valid_until: row.valid_until ? row.valid_until.toISOString() : null,
    superseded_by: row.superseded_by,
  };
}

/** The API view of a suggestion; `sources` are the IDs of the source Memories the caller may see. */
export function toFactSuggestion(row: FactSuggestionRow, sources: readonly string[]): FactSuggestion {
  return {
    id: row.id,
    subject_id: row.subject_id,
    statement: row.statement,
    note: row.note,
    sources: sources.map((memory_id) => ({ memory_id })),
    status: row.status,
    fact_id: row.fact_id,
    supersedes: row.supersedes,
    created_at: row.created_at.toISOString(),
    reviewed_at: row.reviewed_at ? row.reviewed_at.toISOString() : null,
  };
}
