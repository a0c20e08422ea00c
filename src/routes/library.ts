import { getLibraryTemplate, searchLibrary } from '../domain/library/public';
import { creatorStatus, readDraft, updateDraft } from '../domain/library/templates';
import { runWorkflow } from '../domain/library/workflow';
import { locationOf, type HandlerGroup } from '../pipeline/handlers';

type LibraryOperations =
  | 'searchLibraryTemplates'
  | 'getLibraryTemplate'
  | 'getCreatorStatus'
  | 'readTemplateDraft'
  | 'updateTemplateDraft'
  | 'runTemplateWorkflow';

export const libraryHandlers: HandlerGroup<LibraryOperations> = {
  searchLibraryTemplates: async (ctx, { query }) => {
    const page = await searchLibrary(ctx, query);
    return { status: 200, body: { ok: true, data: page.items, next_cursor: page.nextCursor } };
  },
  getLibraryTemplate: async (ctx, { path }) => ({
    status: 200,
    body: { ok: true, data: await getLibraryTemplate(ctx, path.template_id) },
  }),
  getCreatorStatus: async (ctx, { principal }) => ({
    status: 200,
    body: { ok: true, data: await creatorStatus(ctx, principal) },
  }),
  readTemplateDraft: async (ctx, { principal, path, body }) => ({
    status: 200,
    body: { ok: true, data: await readDraft(ctx, principal, path.template_id, body) },
  }),
  updateTemplateDraft: async (ctx, { principal, path, body }) => ({
    status: 200,
    body: { ok: true, data: await updateDraft(ctx, principal, path.template_id, body) },
  }),
  runTemplateWorkflow: async (ctx, { principal, body }) => {
    const { template, run, created } = await runWorkflow(ctx, principal, body);
    return created
      ? { status: 201, body: { ok: true, data: { template, run } }, headers: locationOf(`/library/creator/status`) }
      : { status: 200, body: { ok: true, data: { template, run } } };
  },
};
