// A client team's first flow with openapi-typescript (default options) and openapi-fetch, compiled
// with `tsc --strict` against types generated from openapi.yaml and run against a server.
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/openapi-typescript/schema.js';

const baseUrl = `${required('MTL_BASE_URL')}/v1`;
const querySerializer = { array: { style: 'form', explode: false } } as const;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`openapi-fetch flow: ${message}`);
}

// Request bodies a client writes with only the fields it cares about.
const note: components['schemas']['MemoryCreate'] = { text: 'Standup moved to 9:30 on Tuesdays.' };
const readAll: components['schemas']['DraftReadRequest'] = {};

async function main(): Promise<void> {
  const session = createClient<paths>({ baseUrl, querySerializer, headers: { Authorization: `Bearer ${required('MTL_SESSION')}` } });
  const key = await session.POST('/account/api-keys', { body: { name: 'sdk check', mode: 'read_write' } });
  check(key.data !== undefined, `key: ${key.error?.error.code}`);

  const api = createClient<paths>({ baseUrl, querySerializer, headers: { Authorization: `Bearer ${key.data.data.secret}` } });
  const memory = await api.POST('/memories', { body: note });
  check(memory.data !== undefined && memory.data.data.type === 'note', 'a Memory with only text');
  const memoryId: string = memory.data.data.id;
  const second = await api.POST('/memories', { body: { text: 'Prefers written agendas before meetings.', tags: ['meetings'] } });
  check(second.data !== undefined, 'a Memory with text and tags');

  const search = await api.GET('/memories/search', { params: { query: { q: 'when is the standup', limit: 5 } } });
  check(search.data?.data.some((hit) => hit.memory.id === memoryId) === true, 'search finds the Memory');

  const batch = await api.GET('/memories/batch', { params: { query: { ids: [memoryId, second.data.data.id] } } });
  check(batch.data?.data.items.length === 2, 'batch returns both');

  const subject = await api.POST('/subjects', { body: { name: 'Weekly standup' } });
  check(subject.data !== undefined && subject.data.data.kind === 'other', 'a Subject with only a name');
  const subjectId = subject.data.data.id;
  const link = await api.POST('/subjects/{subject_id}/memories', { params: { path: { subject_id: subjectId } }, body: { memory_id: memoryId } });
  check(link.response.status === 201 || link.response.status === 200, `link: ${link.response.status}`);

  const stale = await api.PATCH('/memories/{id}', {
    params: { path: { id: memoryId }, header: { 'If-Match': '"7"' } },
    body: { text: 'Standup moved to 10:00.' },
  });
  const staleRevision: number | undefined = stale.error?.error.details?.current_revision;
  check(stale.response.status === 412 && staleRevision === 1, 'a stale If-Match names the current revision');

  const created = await api.POST('/library/templates/workflow', {
    body: { action: 'create', name: 'Standup notes', summary: 'Notes for a short daily standup.', category: 'productivity', license: 'MIT' },
  });
  check(created.data !== undefined, `create: ${created.error?.error.code}`);
  const templateId = created.data.data.template.id;
  const draft = await api.POST('/library/templates/{template_id}/read', { params: { path: { template_id: templateId } }, body: readAll });
  check(draft.data?.data.revision === 1, 'read a draft with {}');
  const files = [
    { path: 'README.md', content: '# Standup notes\n\nWhat to say in a daily standup, in three short questions.\n' },
    { path: 'questions.md', content: '- What did I finish?\n- What is next?\n- What blocks me?\n' },
  ];
  const update = await api.PUT('/library/templates/{template_id}/draft', { params: { path: { template_id: templateId } }, body: { base_revision: 1, files } });
  check(update.data?.data.draft.revision === 2, 'update the draft');
  const conflict = await api.PUT('/library/templates/{template_id}/draft', { params: { path: { template_id: templateId } }, body: { base_revision: 1, files } });
  const error = conflict.error?.error;
  if (error?.code === 'draft_changed') {
    const current: number | undefined = error.details?.current_revision;
    check(current === 2, '409 draft_changed names the current revision');
  } else {
    check(false, `expected draft_changed, got ${conflict.response.status} ${error?.code}`);
  }
  const review = await api.POST('/library/templates/workflow', { body: { action: 'submit_review', template_id: templateId, revision: 2 } });
  check(review.data?.data.template.review.state === 'ready_to_publish', `review: ${review.error?.error.code}`);
  const publish = await api.POST('/library/templates/workflow', {
    body: {
      action: 'publish',
      template_id: templateId,
      revision: 2,
      release_notes: 'First public version.',
      confirm: { license: 'MIT', files_public: true, reviewed_revision: 2 },
    },
  });
  check(publish.data?.data.template.publication.state === 'published', `publish: ${publish.error?.error.code}`);
  process.stdout.write('openapi-fetch flow: ok\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
