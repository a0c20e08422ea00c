import { getLibraryTemplate, searchLibrary } from '../domain/library/public';
import { creatorStatus, readDraft, updateDraft } from '../domain/library/templates';
import { runWorkflow } from '../domain/library/workflow';
import { createdAt, ok, okPage, type HandlerGroup, type TaggedOperations } from '../pipeline/handlers';


export const libraryHandlers: HandlerGroup<TaggedOperations<'Library'>> = {
  searchLibraryTemplates: async (ctx, { query }) => okPage(await searchLibrary(ctx, query)),
  getLibraryTemplate: async (ctx, { path }) => ok(await getLibraryTemplate(ctx, path.template_id)),
  getCreatorStatus: async (ctx, { principal }) => ok(await creatorStatus(ctx, principal)),
  readTemplateDraft: async (ctx, { principal, path, body }) => ok(await readDraft(ctx, principal, path.template_id, body)),
  updateTemplateDraft: async (ctx, { principal, path, body }) => ok(await updateDraft(ctx, principal, path.template_id, body)),
  runTemplateWorkflow: async (ctx, { principal, body }) => {
    const { template, run, created } = await runWorkflow(ctx, principal, body);
    return created ? createdAt('/library/creator/status', { template, run }) : ok({ template, run });
  },
};
