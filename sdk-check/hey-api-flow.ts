// A client team's first flow with @hey-api/openapi-ts (default options), compiled with
// `tsc --strict` against the SDK generated from openapi.yaml and run against a server.
import { client } from './generated/hey-api/client.gen.js';
import {
  createApiKey,
  createMemory,
  createSubject,
  batchGetMemories,
  linkMemory,
  readTemplateDraft,
  runTemplateWorkflow,
  searchMemories,
  updateMemory,
  updateTemplateDraft,
} from './generated/hey-api/sdk.gen.js';
import type { DraftReadRequest, MemoryCreate } from './generated/hey-api/types.gen.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`hey-api flow: ${message}`);
}

const note: MemoryCreate = { text: 'Standup moved to 9:30 on Tuesdays.' };
const readAll: DraftReadRequest = {};

async function main(): Promise<void> {
  // The generated default is the contract's first server, a local MTL.
  check(client.getConfig().baseUrl === 'http://localhost:3000/v1', `default base URL: ${client.getConfig().baseUrl}`);
  client.setConfig({ baseUrl: `${required('MTL_BASE_URL')}/v1`, auth: () => required('MTL_SESSION') });

  const key = await createApiKey({ body: { name: 'sdk check', mode: 'read_write' } });
  check(key.data !== undefined, `key: ${key.error?.error.code}`);
  const secret = key.data.data.secret;
  client.setConfig({ auth: () => secret });

  const memory = await createMemory({ body: note });
  check(memory.data !== undefined && memory.data.data.type === 'note', 'a Memory with only text');
  const memoryId: string = memory.data.data.id;
  const second = await createMemory({ body: { text: 'Prefers written agendas before meetings.', tags: ['meetings'] } });
  check(second.data !== undefined, 'a Memory with text and tags');

  const search = await searchMemories({ query: { q: 'when is the standup', limit: 5 } });
  check(search.data?.data.some((hit) => hit.memory.id === memoryId) === true, 'search finds the Memory');

  const batch = await batchGetMemories({ query: { ids: [memoryId, second.data.data.id] } });
  check(batch.data?.data.items.length === 2, `batch returns both: ${batch.error?.error.code}`);

  const subject = await createSubject({ body: { name: 'Weekly standup' } });
  check(subject.data !== undefined && subject.data.data.kind === 'other', 'a Subject with only a name');
  const link = await linkMemory({ path: { subject_id: subject.data.data.id }, body: { memory_id: memoryId } });
  check(link.data !== undefined, `link: ${link.error?.error.code}`);

  const stale = await updateMemory({ path: { id: memoryId }, headers: { 'If-Match': '"7"' }, body: { text: 'Standup moved to 10:00.' } });
  const staleRevision: number | undefined = stale.error?.error.details?.current_revision;
  check(stale.response?.status === 412 && staleRevision === 1, 'a stale If-Match names the current revision');

  const created = await runTemplateWorkflow({
    body: { action: 'create', name: 'Standup notes', summary: 'Notes for a short daily standup.', category: 'productivity', license: 'MIT' },
  });
  check(created.data !== undefined, `create: ${created.error?.error.code}`);
  const templateId = created.data.data.template.id;
  const draft = await readTemplateDraft({ path: { template_id: templateId }, body: readAll });
  check(draft.data?.data.revision === 1, 'read a draft with {}');
  const files = [
    { path: 'README.md', content: '# Standup notes\n\nWhat to say in a daily standup, in three short questions.\n' },
    { path: 'questions.md', content: '- What did I finish?\n- What is next?\n- What blocks me?\n' },
  ];
  const update = await updateTemplateDraft({ path: { template_id: templateId }, body: { base_revision: 1, files } });
  check(update.data?.data.draft.revision === 2, 'update the draft');
  const conflict = await updateTemplateDraft({ path: { template_id: templateId }, body: { base_revision: 1, files } });
  const error = conflict.error?.error;
  if (error?.code === 'draft_changed') {
    const current: number | undefined = error.details?.current_revision;
    check(current === 2, '409 draft_changed names the current revision');
  } else {
    check(false, `expected draft_changed, got ${conflict.response?.status} ${error?.code}`);
  }
  const review = await runTemplateWorkflow({ body: { action: 'submit_review', template_id: templateId, revision: 2 } });
  check(review.data?.data.template.review.state === 'ready_to_publish', `review: ${review.error?.error.code}`);
  const publish = await runTemplateWorkflow({
    body: {
      action: 'publish',
      template_id: templateId,
      revision: 2,
      release_notes: 'First public version.',
      confirm: { license: 'MIT', files_public: true, reviewed_revision: 2 },
    },
  });
  check(publish.data?.data.template.publication.state === 'published', `publish: ${publish.error?.error.code}`);
  process.stdout.write('hey-api flow: ok\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
