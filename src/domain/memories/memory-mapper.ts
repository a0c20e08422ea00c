import type { MemoryRevisionRow, MemoryRow } from '../../db/schema';
import { limits } from '../../generated/contract';
import type { components } from '../../generated/openapi';
import { shortenToCodePoints } from '../shared/text';

export type Memory = components['schemas']['Memory'];
export type MemoryRevision = components['schemas']['MemoryRevision'];
export type MemoryType = components['schemas']['MemoryType'];
export type Sensitivity = components['schemas']['Sensitivity'];

/** What a Memory and each of its revisions hold; `maxChars` shortens the text. */
function contentOf(row: MemoryRow | MemoryRevisionRow, maxChars: number) {
  const { text, truncated } = shortenToCodePoints(row.text, maxChars);
  return {
    text,
    text_truncated: truncated,
    type: row.type as MemoryType,
    sensitivity: row.sensitivity as Sensitivity,
    tags: row.tags,
    pinned: row.pinned,
  };
}

/** The API view of a Memory; `maxChars` shortens the text (lists, search, batch). */
export function toMemory(row: MemoryRow, maxChars: number = Number.POSITIVE_INFINITY): Memory {
  return {
    id: row.id,
    ...contentOf(row, maxChars),
    revision: row.revision,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    expires_at: row.expires_at ? row.expires_at.toISOString() : null,
  };
}

export function toMemoryPreview(row: MemoryRow): Memory {
  return toMemory(row, limits.memoryPreviewChars);
}

export function toMemoryRevision(row: MemoryRevisionRow, maxChars: number = Number.POSITIVE_INFINITY): MemoryRevision {
  return {
    memory_id: row.memory_id,
    revision: row.revision,
    ...contentOf(row, maxChars),
    created_at: row.created_at.toISOString(),
    actor: row.actor_kind === 'api_key' && row.actor_key_id ? { kind: 'api_key', key_id: row.actor_key_id } : { kind: 'session' },
  };
}

/** Tags are trimmed, lower-cased and de-duplicated, keeping their first order. */
export function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim().toLowerCase()))];
}
