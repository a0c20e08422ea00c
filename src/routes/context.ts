import { contextMap } from '../domain/context/context-map';
import { getWorkspaceProfile, setWorkspaceProfile } from '../domain/context/profile';
import { resumeContext } from '../domain/context/resume';
import { startupContext } from '../domain/context/startup';
import { subjectContext } from '../domain/context/subject-context';
import type { HandlerGroup } from '../pipeline/handlers';

type ContextOperations =
  | 'getWorkspaceProfile'
  | 'updateWorkspaceProfile'
  | 'getStartupContext'
  | 'resumeContext'
  | 'getSubjectContext'
  | 'getContextMap';

export const contextHandlers: HandlerGroup<ContextOperations> = {
  getWorkspaceProfile: async (ctx, { principal }) => ({
    status: 200,
    body: { ok: true, data: await getWorkspaceProfile(ctx, principal) },
  }),
  updateWorkspaceProfile: async (ctx, { principal, body }) => ({
    status: 200,
    body: { ok: true, data: await setWorkspaceProfile(ctx, principal, body.guidance) },
  }),
  getStartupContext: async (ctx, { principal, query }) => ({
    status: 200,
    body: { ok: true, data: await startupContext(ctx, principal, query) },
  }),
  resumeContext: async (ctx, { principal, query }) => ({
    status: 200,
    body: { ok: true, data: await resumeContext(ctx, principal, query.checkpoint, query) },
  }),
  getSubjectContext: async (ctx, { principal, path, query }) => ({
    status: 200,
    body: { ok: true, data: await subjectContext(ctx, principal, path.subject_id, query) },
  }),
  getContextMap: async (ctx, { principal, path, query }) => ({
    status: 200,
    body: { ok: true, data: await contextMap(ctx, principal, path.id, query) },
  }),
};
