import { deleteSubject, prepareSubjectDeletion } from '../domain/subjects/deletion';
import { linkMemory, listMemorySubjects, listSubjectMemories, unlinkMemory } from '../domain/subjects/links';
import { createSubject, getSubject, listSubjects, updateSubject } from '../domain/subjects/subjects';
import { createdAt, ok, okPage, type HandlerGroup, type TaggedOperations } from '../pipeline/handlers';


export const subjectHandlers: HandlerGroup<TaggedOperations<'Subjects' | 'Links'>> = {
  listSubjects: async (ctx, { principal, query }) => okPage(await listSubjects(ctx, principal, query)),
  createSubject: async (ctx, { principal, body }) => {
    const subject = await createSubject(ctx, principal, body);
    return createdAt(`/subjects/${subject.id}`, subject);
  },
  getSubject: async (ctx, { principal, path }) => ok(await getSubject(ctx, principal, path.subject_id)),
  updateSubject: async (ctx, { principal, path, body }) => ok(await updateSubject(ctx, principal, path.subject_id, body)),
  prepareSubjectDeletion: async (ctx, { principal, path }) => ok(await prepareSubjectDeletion(ctx, principal, path.subject_id)),
  deleteSubject: async (ctx, { principal, path, query }) => {
    await deleteSubject(ctx, principal, path.subject_id, query.confirmation_token);
    return ok({ id: path.subject_id, deleted: true });
  },
  listSubjectMemories: async (ctx, { principal, path, query }) => okPage(await listSubjectMemories(ctx, principal, path.subject_id, query)),
  linkMemory: async (ctx, { principal, path, body }) => {
    const { link, created } = await linkMemory(ctx, principal, path.subject_id, body.memory_id);
    return created ? createdAt(`/subjects/${link.subject_id}/memories/${link.memory_id}`, link) : ok(link);
  },
  unlinkMemory: async (ctx, { principal, path }) => {
    await unlinkMemory(ctx, principal, path.subject_id, path.memory_id);
    return ok({ subject_id: path.subject_id, memory_id: path.memory_id, deleted: true });
  },
  listMemorySubjects: async (ctx, { principal, path, query }) => okPage(await listMemorySubjects(ctx, principal, path.id, query)),
};
