import {
  acceptFactSuggestion,
  createFactSuggestion,
  listFactSuggestions,
  listSubjectFacts,
  rejectFactSuggestion,
} from '../domain/facts/facts';
import { dismissMemoryInsight, listMemoryInsights } from '../domain/insights/insights';
import { locationOf, ok, okPage, type HandlerGroup, type TaggedOperations } from '../pipeline/handlers';


export const factHandlers: HandlerGroup<TaggedOperations<'Facts' | 'Insights'>> = {
  listSubjectFacts: async (ctx, { principal, path, query }) => okPage(await listSubjectFacts(ctx, principal, path.subject_id, query)),
  listFactSuggestions: async (ctx, { principal, path, query }) => okPage(await listFactSuggestions(ctx, principal, path.subject_id, query)),
  createFactSuggestion: async (ctx, { principal, path, body }) => {
    const { suggestion, created } = await createFactSuggestion(ctx, principal, path.subject_id, body);
    return created
      ? {
          status: 201,
          body: { ok: true, created, data: suggestion },
          headers: locationOf(`/subjects/${suggestion.subject_id}/fact-suggestions`),
        }
      : { status: 200, body: { ok: true, created, data: suggestion } };
  },
  acceptFactSuggestion: async (ctx, { principal, path }) => ok(await acceptFactSuggestion(ctx, principal, path.suggestion_id)),
  rejectFactSuggestion: async (ctx, { principal, path }) => ok(await rejectFactSuggestion(ctx, principal, path.suggestion_id)),
  listMemoryInsights: async (ctx, { principal, path, query }) => okPage(await listMemoryInsights(ctx, principal, path.subject_id, query)),
  dismissMemoryInsight: async (ctx, { principal, path }) => ok(await dismissMemoryInsight(ctx, principal, path.insight_id)),
};
