import type { MemoryRow } from '../../db/schema';
import type { ContextMemory, ContextSubject, SubjectKind } from '../../generated/openapi';
import type { MemoryType, Sensitivity } from '../memories/memory-mapper';
import type { Shortened } from '../shared/text';

/** A Memory in a context, with its text as the budget shortened it. */
export function toContextMemory(row: MemoryRow, text: Shortened): ContextMemory {
  return {
    id: row.id,
    type: row.type as MemoryType,
    sensitivity: row.sensitivity as Sensitivity,
    pinned: row.pinned,
    tags: row.tags,
    text: text.text,
    text_truncated: text.truncated,
    updated_at: row.updated_at.toISOString(),
  };
}

export function toContextSubject(
  row: { id: string; name: string; kind: string; memory_count: number },
  factCount: number,
): ContextSubject {
  return { id: row.id, name: row.name, kind: row.kind as SubjectKind, memory_count: row.memory_count, fact_count: factCount };
}
