import type { components, SubjectKind } from '../../generated/openapi';
import type { SubjectWithCount } from './subjects.repository';

export type Subject = components['schemas']['Subject'];
export type Link = components['schemas']['Link'];

export function toSubject(row: SubjectWithCount): Subject {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as SubjectKind,
    aliases: row.aliases,
    description: row.description,
    memory_count: row.memory_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toLink(row: { subject_id: string; memory_id: string; created_at: Date }): Link {
  return { ...row, created_at: row.created_at.toISOString() };
}
