import { contextMap } from '../domain/context/context-map';
import { getWorkspaceProfile, setWorkspaceProfile } from '../domain/context/profile';
import { resumeContext } from '../domain/context/resume';
import { startupContext } from '../domain/context/startup';
import { subjectContext } from '../domain/context/subject-context';
import { ok, type HandlerGroup, type TaggedOperations } from '../pipeline/handlers';


export const contextHandlers: HandlerGroup<TaggedOperations<'Context'>> = {
  getWorkspaceProfile: async (ctx, { principal }) => ok(await getWorkspaceProfile(ctx, principal)),
  updateWorkspaceProfile: async (ctx, { principal, body }) => ok(await setWorkspaceProfile(ctx, principal, body.guidance)),
  getStartupContext: async (ctx, { principal, query }) => ok(await startupContext(ctx, principal, query)),
  resumeContext: async (ctx, { principal, query }) => ok(await resumeContext(ctx, principal, query.checkpoint, query)),
  getSubjectContext: async (ctx, { principal, path, query }) => ok(await subjectContext(ctx, principal, path.subject_id, query)),
  getContextMap: async (ctx, { principal, path, query }) => ok(await contextMap(ctx, principal, path.id, query)),
};
