import { contextMap } from '../domain/context/context-map';
import { getWorkspaceProfile, setWorkspaceProfile } from '../domain/context/profile';
import { resumeContext } from '../domain/context/resume';
import { startupContext } from '../domain/context/startup';
import { subjectContext } from '../domain/context/subject-context';
import { ok, type HandlerGroup, type TaggedOperations } from '../pipeline/handlers';


export const contextHandlers: HandlerGroup<TaggedOperations<'Context'>> = {
  getWorkspaceProfile: async (services, { principal }) => ok(await getWorkspaceProfile(services, principal)),
  updateWorkspaceProfile: async (services, { principal, body }) => ok(await setWorkspaceProfile(services, principal, body.guidance)),
  getStartupContext: async (services, { principal, query }) => ok(await startupContext(services, principal, query)),
  resumeContext: async (services, { principal, query }) => ok(await resumeContext(services, principal, query.checkpoint, query)),
  getSubjectContext: async (services, { principal, path, query }) => ok(await subjectContext(services, principal, path.subject_id, query)),
  getContextMap: async (services, { principal, path, query }) => ok(await contextMap(services, principal, path.id, query)),
};
