import { getLibraryTemplate, readPublishedFiles, searchLibrary } from '../domain/library/public';
import { creatorStatus, readDraft, updateDraft } from '../domain/library/templates';
import { copyTemplate, runWorkflow } from '../domain/library/workflow';
import { createdAt, ok, okPage, type HandlerGroup, type TaggedOperations } from '../pipeline/handlers';

export const libraryHandlers: HandlerGroup<TaggedOperations<'Library'>> = {
  searchLibraryTemplates: async (services, { query }) => okPage(await searchLibrary(services, query)),
  getLibraryTemplate: async (services, { path }) => ok(await getLibraryTemplate(services, path.template_id)),
  readLibraryTemplateFiles: async (services, { path, query }) => ok(await readPublishedFiles(services, path.template_id, query)),
  copyLibraryTemplate: async (services, { principal, path, body }) =>
    createdAt('/library/creator/status', await copyTemplate(services, principal, path.template_id, body?.name)),
  getCreatorStatus: async (services, { principal }) => ok(await creatorStatus(services, principal)),
  readTemplateDraft: async (services, { principal, path, body }) => ok(await readDraft(services, principal, path.template_id, body)),
  updateTemplateDraft: async (services, { principal, path, body }) => ok(await updateDraft(services, principal, path.template_id, body)),
  runTemplateWorkflow: async (services, { principal, body }) => {
    const { template, run, created } = await runWorkflow(services, principal, body);
    return created ? createdAt('/library/creator/status', { template, run }) : ok({ template, run });
  },
};
