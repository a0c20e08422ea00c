import { deleteSubject, prepareSubjectDeletion } from '../domain/subjects/deletion';
import { linkMemory, listMemorySubjects, listSubjectMemories, unlinkMemory } from '../domain/subjects/links';
import { createSubject, getSubject, listSubjects, updateSubject } from '../domain/subjects/subjects';
import { createdAt, ok, okPage, type HandlerGroup, type TaggedOperations } from '../pipeline/handlers';


export const subjectHandlers: HandlerGroup<TaggedOperations<'Subjects' | 'Links'>> = {
  listSubjects: async (services, { principal, query }) => okPage(await listSubjects(services, principal, query)),
  createSubject: async (services, { principal, body }) => {
    const subject = await createSubject(services, principal, body);
    return createdAt(`/subjects/${subject.id}`, subject);
  },
  getSubject: async (services, { principal, path }) => ok(await getSubject(services, principal, path.subject_id)),
  updateSubject: async (services, { principal, path, body }) => ok(await updateSubject(services, principal, path.subject_id, body)),
  prepareSubjectDeletion: async (services, { principal, path }) => ok(await prepareSubjectDeletion(services, principal, path.subject_id)),
  deleteSubject: async (services, { principal, path, query }) => {
    await deleteSubject(services, principal, path.subject_id, query.confirmation_token);
    return ok({ id: path.subject_id, deleted: true });
  },
  listSubjectMemories: async (services, { principal, path, query }) => okPage(await listSubjectMemories(services, principal, path.subject_id, query)),
  linkMemory: async (services, { principal, path, body }) => {
    const { link, created } = await linkMemory(services, principal, path.subject_id, body.memory_id);
    return created ? createdAt(`/subjects/${link.subject_id}/memories/${link.memory_id}`, link) : ok(link);
  },
  unlinkMemory: async (services, { principal, path }) => {
    await unlinkMemory(services, principal, path.subject_id, path.memory_id);
    return ok({ subject_id: path.subject_id, memory_id: path.memory_id, deleted: true });
  },
  listMemorySubjects: async (services, { principal, path, query }) => okPage(await listMemorySubjects(services, principal, path.id, query)),
};
