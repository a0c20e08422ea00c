import { deleteSubject, prepareSubjectDeletion } from '../domain/subjects/deletion';
import { linkMemory, listMemorySubjects, listSubjectMemories, unlinkMemory } from '../domain/subjects/links';
import { createSubject, getSubject, listSubjects, updateSubject } from '../domain/subjects/subjects';
import { locationOf, type HandlerGroup } from '../pipeline/handlers';

type SubjectOperations =
  | 'listSubjects'
  | 'createSubject'
  | 'getSubject'
  | 'updateSubject'
  | 'deleteSubject'
  | 'prepareSubjectDeletion'
  | 'listSubjectMemories'
  | 'linkMemory'
  | 'unlinkMemory'
  | 'listMemorySubjects';

export const subjectHandlers: HandlerGroup<SubjectOperations> = {
  listSubjects: async (ctx, { principal, query }) => {
    const page = await listSubjects(ctx, principal, query);
    return { status: 200, body: { ok: true, data: page.items, next_cursor: page.nextCursor } };
  },
  createSubject: async (ctx, { principal, body }) => {
    const subject = await createSubject(ctx, principal, body);
    return { status: 201, body: { ok: true, data: subject }, headers: locationOf(`/subjects/${subject.id}`) };
  },
  getSubject: async (ctx, { principal, path }) => ({
    status: 200,
    body: { ok: true, data: await getSubject(ctx, principal, path.subject_id) },
  }),
  updateSubject: async (ctx, { principal, path, body }) => ({
    status: 200,
    body: { ok: true, data: await updateSubject(ctx, principal, path.subject_id, body) },
  }),
  prepareSubjectDeletion: async (ctx, { principal, path }) => ({
    status: 200,
    body: { ok: true, data: await prepareSubjectDeletion(ctx, principal, path.subject_id) },
  }),
  deleteSubject: async (ctx, { principal, path, query }) => {
    await deleteSubject(ctx, principal, path.subject_id, query.confirmation_token);
    return { status: 200, body: { ok: true, data: { id: path.subject_id, deleted: true } } };
  },
  listSubjectMemories: async (ctx, { principal, path, query }) => {
    const page = await listSubjectMemories(ctx, principal, path.subject_id, query);
    return { status: 200, body: { ok: true, data: page.items, next_cursor: page.nextCursor } };
  },
  linkMemory: async (ctx, { principal, path, body }) => {
    const { link, created } = await linkMemory(ctx, principal, path.subject_id, body.memory_id);
    return created
      ? {
          status: 201,
          body: { ok: true, data: link },
          headers: locationOf(`/subjects/${link.subject_id}/memories/${link.memory_id}`),
        }
      : { status: 200, body: { ok: true, data: link } };
  },
  unlinkMemory: async (ctx, { principal, path }) => {
    await unlinkMemory(ctx, principal, path.subject_id, path.memory_id);
    return {
      status: 200,
      body: { ok: true, data: { subject_id: path.subject_id, memory_id: path.memory_id, deleted: true } },
    };
  },
  listMemorySubjects: async (ctx, { principal, path, query }) => {
    const page = await listMemorySubjects(ctx, principal, path.id, query);
    return { status: 200, body: { ok: true, data: page.items, next_cursor: page.nextCursor } };
  },
};
