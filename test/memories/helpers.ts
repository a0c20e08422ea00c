import type { RequestQuery } from '../../src/contract-types';
import type { TestApp } from '../support/app';
import { clientOf } from '../support/client';

/* Shared helpers of the Memory tests. */

/** The IDs of the caller's Memories on one page of up to 100, newest first. */
export async function listIds(t: TestApp, token: string, query: RequestQuery<'listMemories'> = {}): Promise<string[]> {
  const memories = await clientOf(t, token).ok('listMemories', { query: { limit: 100, ...query } });
  return memories.map((memory) => memory.id);
}

/** The revision numbers of a Memory, newest first. */
export async function revisionNumbers(t: TestApp, token: string, id: string): Promise<number[]> {
  const revisions = await clientOf(t, token).ok('listMemoryRevisions', { path: { id }, query: { limit: 100 } });
  return revisions.map((revision) => revision.revision);
}
