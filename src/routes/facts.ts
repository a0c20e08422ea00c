import {
  acceptFactSuggestion,
  createFactSuggestion,
  listAccountFactSuggestions,
  listFactSuggestions,
  listSubjectFacts,
  rejectFactSuggestion,
} from '../domain/facts/facts';
import { dismissMemoryInsight, listAccountMemoryInsights, listMemoryInsights } from '../domain/insights/insights';
import { locationOf, ok, okPage, type HandlerGroup, type TaggedOperations } from '../pipeline/handlers';


export const factHandlers: HandlerGroup<TaggedOperations<'Facts' | 'Insights'>> = {
  listSubjectFacts: async (services, { principal, path, query }) => okPage(await listSubjectFacts(services, principal, path.subject_id, query)),
  listFactSuggestions: async (services, { principal, path, query }) => okPage(await listFactSuggestions(services, principal, path.subject_id, query)),
  listAccountFactSuggestions: async (services, { principal, query }) => okPage(await listAccountFactSuggestions(services, principal, query)),
  createFactSuggestion: async (services, { principal, path, body }) => {
    const { suggestion, created } = await createFactSuggestion(services, principal, path.subject_id, body);
    return created
      ? {
          status: 201,
          body: { ok: true, created, data: suggestion },
          headers: locationOf(`/subjects/${suggestion.subject_id}/fact-suggestions`),
        }
      : { status: 200, body: { ok: true, created, data: suggestion } };
  },
  acceptFactSuggestion: async (services, { principal, path }) => ok(await acceptFactSuggestion(services, principal, path.suggestion_id)),
  rejectFactSuggestion: async (services, { principal, path }) => ok(await rejectFactSuggestion(services, principal, path.suggestion_id)),
  listMemoryInsights: async (services, { principal, path, query }) => okPage(await listMemoryInsights(services, principal, path.subject_id, query)),
  listAccountMemoryInsights: async (services, { principal, query }) => okPage(await listAccountMemoryInsights(services, principal, query)),
  dismissMemoryInsight: async (services, { principal, path }) => ok(await dismissMemoryInsight(services, principal, path.insight_id)),
};
