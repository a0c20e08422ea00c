import type { MemoryInsightRow } from '../../db/schema';
import type { components } from '../../generated/openapi';

export type MemoryInsight = components['schemas']['MemoryInsight'];

export function toMemoryInsight(row: MemoryInsightRow): MemoryInsight {
  return {
    id: row.id,
    subject_id: row.subject_id,
    kind: row.kind,
    status: row.status,
    summary: row.summary,
    memory_ids: row.memory_ids,
    created_at: row.created_at.toISOString(),
  };
}
