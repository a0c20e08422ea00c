import { batchGetMemories } from '../domain/memories/batch';
import {
  createMemory,
  deleteMemory,
  getMemory,
  getMemoryRevision,
  listMemories,
  listMemoryRevisions,
  updateMemory,
} from '../domain/memories/memories';
import { searchMemories } from '../domain/memories/search';
import { etagOf, locationOf, type HandlerGroup } from '../pipeline/handlers';

type MemoryOperations =
  | 'listMemories'
  | 'createMemory'
  | 'searchMemories'
  | 'batchGetMemories'
  | 'getMemory'
  | 'updateMemory'
  | 'deleteMemory'
  | 'listMemoryRevisions'
  | 'getMemoryRevision';

export const memoryHandlers: HandlerGroup<MemoryOperations> = {
  listMemories: async (ctx, { principal, query }) => {
    const page = await listMemories(ctx, principal, query);
    return { status: 200, body: { ok: true, data: page.items, next_cursor: page.nextCursor } };
  },
  createMemory: async (ctx, { principal, body }) => {
    const memory = await createMemory(ctx, principal, body);
    return {
      status: 201,
      body: { ok: true, data: memory },
      headers: { ...locationOf(`/memories/${memory.id}`), ...etagOf(memory.revision) },
    };
  },
  searchMemories: async (ctx, { principal, query }) => ({
    status: 200,
    body: { ok: true, data: await searchMemories(ctx, principal, query) },
  }),
  batchGetMemories: async (ctx, { principal, query }) => ({
    status: 200,
    body: { ok: true, data: await batchGetMemories(ctx, principal, query.ids) },
  }),
  getMemory: async (ctx, { principal, path }) => {
    const memory = await getMemory(ctx, principal, path.id);
    return { status: 200, body: { ok: true, data: memory }, headers: etagOf(memory.revision) };
  },
  updateMemory: async (ctx, { principal, path, body, headers }) => {
    const memory = await updateMemory(ctx, principal, path.id, body, headers['If-Match']);
    return { status: 200, body: { ok: true, data: memory }, headers: etagOf(memory.revision) };
  },
  deleteMemory: async (ctx, { principal, path }) => {
    await deleteMemory(ctx, principal, path.id);
    return { status: 200, body: { ok: true, data: { id: path.id, deleted: true } } };
  },
  listMemoryRevisions: async (ctx, { principal, path, query }) => {
    const page = await listMemoryRevisions(ctx, principal, path.id, query);
    return { status: 200, body: { ok: true, data: page.items, next_cursor: page.nextCursor } };
  },
  getMemoryRevision: async (ctx, { principal, path }) => ({
    status: 200,
    body: { ok: true, data: await getMemoryRevision(ctx, principal, path.id, path.revision) },
  }),
};
