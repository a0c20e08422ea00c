import { batchGetMemories } from '../domain/memories/batch';
import { createMemory, getMemory, getMemoryRevision, listMemories, listMemoryRevisions, updateMemory } from '../domain/memories/memories';
import { searchMemories } from '../domain/memories/search';
import { deleteMemory, listTrash, restoreMemory } from '../domain/memories/trash';
import { createdAt, etagOf, ok, okPage, type HandlerGroup, type TaggedOperations } from '../pipeline/handlers';


export const memoryHandlers: HandlerGroup<TaggedOperations<'Memories'>> = {
  listMemories: async (services, { principal, query }) => okPage(await listMemories(services, principal, query)),
  createMemory: async (services, { principal, body }) => {
    const memory = await createMemory(services, principal, body);
    return createdAt(`/memories/${memory.id}`, memory, etagOf(memory.revision));
  },
  searchMemories: async (services, { principal, query }) => ok(await searchMemories(services, principal, query)),
  batchGetMemories: async (services, { principal, query }) => ok(await batchGetMemories(services, principal, query.ids)),
  getMemory: async (services, { principal, path }) => {
    const memory = await getMemory(services, principal, path.id);
    return { ...ok(memory), headers: etagOf(memory.revision) };
  },
  updateMemory: async (services, { principal, path, body, headers }) => {
    const memory = await updateMemory(services, principal, path.id, body, headers['If-Match']);
    return { ...ok(memory), headers: etagOf(memory.revision) };
  },
  deleteMemory: async (services, { principal, path, query }) => {
    const outcome = await deleteMemory(services, principal, path.id, { permanent: query.permanent });
    return ok({ id: path.id, deleted: true, permanent: outcome.permanent, purge_at: outcome.purgeAt?.toISOString() ?? null });
  },
  listTrashedMemories: async (services, { principal, query }) => okPage(await listTrash(services, principal, query)),
  restoreMemory: async (services, { principal, path }) => {
    const memory = await restoreMemory(services, principal, path.id);
    return { ...ok(memory), headers: etagOf(memory.revision) };
  },
  listMemoryRevisions: async (services, { principal, path, query }) => okPage(await listMemoryRevisions(services, principal, path.id, query)),
  getMemoryRevision: async (services, { principal, path }) => ok(await getMemoryRevision(services, principal, path.id, path.revision)),
};
