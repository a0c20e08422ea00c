import { limits } from '../../generated/contract';
import type { components, MemoryBatchItem as BatchItem } from '../../generated/openapi';
import type { Services } from '../services';
import { AppError } from '../shared/errors';
import type { Principal } from '../shared/principal';
import { codePointLength } from '../shared/text';
import { toMemory } from './memory-mapper';
import { findVisibleMemories } from './memories.repository';

type BatchResult = components['schemas']['MemoryBatchResponse']['data'];

/**
 * Reads up to eight known Memories with exact budgets: each item's text is cut to the per-item
 * budget, and items are filled in order until the response's total budget is spent.
 */
export async function batchGetMemories(services: Services, principal: Principal, ids: readonly string[]): Promise<BatchResult> {
  if (ids.length === 0) throw new AppError('invalid_request', 'Send at least one ID.', { parameter: 'ids' });
  if (ids.length > limits.batchMaxIds) {
    throw new AppError('batch_too_large', `Send at most ${limits.batchMaxIds} IDs per batch.`, { parameter: 'ids' });
  }
  const unique = [...new Set(ids)];
  const rows = await findVisibleMemories(services.db, principal, unique);
  const byId = new Map(rows.map((row) => [row.id, row]));
  let used = 0;
  const items = unique.map((id): BatchItem => {
    const row = byId.get(id);
    if (!row) return { id, status: 'error', error: { code: 'memory_not_found', message: 'No Memory with this ID.' } };
    const left = limits.batchTotalChars - used;
    if (left <= 0) {
      return {
        id,
        status: 'error',
        error: { code: 'body_budget_exceeded', message: 'The response text budget is used up; request this Memory again.' },
      };
    }
    const memory = toMemory(row, Math.min(limits.memoryPreviewChars, left));
    used += codePointLength(memory.text);
    return { id, status: 'ok', memory, truncated: memory.text_truncated, text_length: codePointLength(row.text) };
  });
  return {
    items,
    budget: { per_item: limits.memoryPreviewChars as 2000, total: limits.batchTotalChars as 12000, used },
  };
}
