import { batchGetMemories } from '../domain/memories/batch';
import {
  createMemory,
  getMemory,
  getMemoryRevision,
  listMemories,
  listMemoryRevisions,
  updateMemory,
} from '../domain/memories/memories';
import { searchMemories } from '../domain/memories/search';
import { deleteMemory, listTrash, restoreMemory } from '../domain/memories/trash';
import { createdAt, etagOf, ok, okPage, type HandlerGroup, type TaggedOperations } from '../pipeline/handlers';


export const memoryHandlers: HandlerGroup<TaggedOperations<'Memories'>> = {
  listMemories: async (ctx, { principal, query }) => okPage(await listMemories(ctx, principal, query)),
  createMemory: async (ctx, { principal, body }) => {
    const memory = await createMemory(ctx, principal, body);
    return createdAt(`/memories/${memory.id}`, memory, etagOf(memory.revision));
  },
  searchMemories: async (ctx, { principal, query }) => ok(await searchMemories(ctx, principal, query)),
  batchGetMemories: async (ctx, { principal, query }) => ok(await batchGetMemories(ctx, principal, query.ids)),
  getMemory: async (ctx, { principal, path }) => {
    const memory = await getMemory(ctx, principal, path.id);
    return { ...ok(memory), headers: etagOf(memory.revision) };
  },
  updateMemory: async (ctx, { principal, path, body, headers }) => {
    const memory = await updateMemory(ctx, principal, path.id, body, headers['If-Match']);
    return { ...ok(memory), headers: etagOf(memory.revision) };
  },
  deleteMemory: async (ctx, { principal, path, query }) => {
    const outcome = await deleteMemory(ctx, principal, path.id, { permanent: query.permanent });
    return ok({ id: path.id, deleted: true, permanent: outcome.permanent, purge_at: outcome.purgeAt?.toISOString() ?? null });
  },
  listTrashedMemories: async (ctx, { principal, query }) => okPage(await listTrash(ctx, principal, query)),
  restoreMemory: async (ctx, { principal, path }) => {
    const memory = await restoreMemory(ctx, principal, path.id);
    return { ...ok(memory), headers: etagOf(memory.revision) };
  },
  listMemoryRevisions: async (ctx, { principal, path, query }) => okPage(await listMemoryRevisions(ctx, principal, path.id, query)),
  getMemoryRevision: async (ctx, { principal, path }) => ok(await getMemoryRevision(ctx, principal, path.id, path.revision)),
};
