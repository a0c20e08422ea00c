import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startListeningApp, type ListeningTestApp, type TestAccount } from '../../../test/support/app';
import { callOperation, callOperationUntyped, createMtlClient, errorWithCode, type MtlClient } from '../src';

// The official client against the real service over HTTP.

let t: ListeningTestApp;
let alice: TestAccount;
let client: MtlClient;
beforeAll(async () => {
  t = await startListeningApp();
  alice = await t.account();
  client = createMtlClient({ baseUrl: t.baseUrl, token: alice.readWriteKey });
});
afterAll(() => t.close());

async function createMemory(text: string): Promise<string> {
  const { data, error } = await client.POST('/memories', { body: { text } });
  if (!data) throw new Error(`create failed: ${error?.error.code}`);
  return data.data.id;
}

test('a Memory is created with only its text, read back, found by search and in a batch', async () => {
  const { data: created, response } = await client.POST('/memories', { body: { text: 'Prefers tea over coffee in the morning.' } });
  expect(response.status).toBe(201);
  expect(created?.data).toMatchObject({ type: 'note', sensitivity: 'normal', pinned: false, revision: 1 });
  const id = created!.data.id;

  const { data: read } = await client.GET('/memories/{id}', { params: { path: { id } } });
  expect(read?.data.text).toBe('Prefers tea over coffee in the morning.');

  const { data: found } = await client.GET('/memories/search', { params: { query: { q: 'what does the user drink in the morning', limit: 5 } } });
  expect(found?.data.map((hit) => hit.memory.id)).toContain(id);

  // Array parameters go comma-separated, as the contract says.
  const other = await createMemory('Cycles to work on Fridays.');
  const { data: batch } = await client.GET('/memories/batch', { params: { query: { ids: [id, other] } } });
  expect(batch?.data.items.map((item) => item.memory?.id)).toEqual([id, other]);
});

test('errors come back typed: the code, and the details its schema promises', async () => {
  const id = await createMemory('A note to edit twice.');
  await client.PATCH('/memories/{id}', { params: { path: { id } }, body: { text: 'Edited once.' } });

  const { data, error, response } = await client.PATCH('/memories/{id}', {
    params: { path: { id }, header: { 'If-Match': '"1"' } },
    body: { text: 'Edited from a stale read.' },
  });
  expect(data).toBeUndefined();
  expect(response.status).toBe(412);
  const stale = errorWithCode(error?.error, 'precondition_failed');
  expect(stale?.details.current_revision).toBe(2);
  // A generic read of the same field is typed too.
  expect(error?.error.details?.current_revision).toBe(2);
  expect(errorWithCode(error?.error, 'draft_changed')).toBeUndefined();

  const missing = await client.GET('/memories/{id}', { params: { path: { id: 'mem_00000000000000000000000000' } } });
  expect(missing.error?.error).toMatchObject({ code: 'memory_not_found', status: 404, retryable: false });

  const readOnly = createMtlClient({ baseUrl: t.baseUrl, token: alice.readOnlyKey });
  const refused = await readOnly.POST('/memories', { body: { text: 'Not allowed.' } });
  expect(refused.error?.error.code).toBe('insufficient_key_mode');
});

test('a Template goes from create to publish, and a stale draft update is 409 with the current revision', async () => {
  const created = await client.POST('/library/templates/workflow', {
    body: { action: 'create', name: 'Client check', summary: 'A template made by the client tests.', category: 'productivity', license: 'MIT' },
  });
  const templateId = created.data!.data.template.id;
  const draft = await client.POST('/library/templates/{template_id}/read', { params: { path: { template_id: templateId } }, body: {} });
  expect(draft.data?.data.revision).toBe(1);

  const files = [
    { path: 'README.md', content: '# Client check\n\nA template that shows the official client from create to publish.\n' },
    { path: 'notes.md', content: 'Nothing secret here.\n' },
  ];
  const updated = await client.PUT('/library/templates/{template_id}/draft', { params: { path: { template_id: templateId } }, body: { base_revision: 1, files } });
  expect(updated.data?.data.draft.revision).toBe(2);

  const stale = await client.PUT('/library/templates/{template_id}/draft', { params: { path: { template_id: templateId } }, body: { base_revision: 1, files } });
  expect(stale.response.status).toBe(409);
  expect(errorWithCode(stale.error?.error, 'draft_changed')?.details.current_revision).toBe(2);

  const reviewed = await client.POST('/library/templates/workflow', { body: { action: 'submit_review', template_id: templateId, revision: 2 } });
  expect(reviewed.data?.data.template.review.state).toBe('ready_to_publish');
  const published = await client.POST('/library/templates/workflow', {
    body: {
      action: 'publish',
      template_id: templateId,
      revision: 2,
      release_notes: 'First public version.',
      confirm: { license: 'MIT', files_public: true, reviewed_revision: 2 },
    },
  });
  expect(published.data?.data.template.publication).toMatchObject({ state: 'published', published_revision: 2 });
});

test('an operation called by its ID answers as the typed method does', async () => {
  const id = await createMemory('Called by operation ID.');
  const typed = await callOperation(client, 'getMemory', { path: { id } });
  expect(typed.status).toBe(200);
  expect(typed.body).toMatchObject({ ok: true, data: { id } });
  const untyped = await callOperationUntyped(client, 'getMemory', { path: { id: 'mem_00000000000000000000000000' } });
  expect(untyped.status).toBe(404);
  expect(untyped.body).toMatchObject({ ok: false, error: { code: 'memory_not_found' } });
  expect(untyped.headers.get('request-id')).toBeTruthy();
});

test('a request that gets no answer is abandoned after timeoutMs', async () => {
  const silent: Server = await new Promise((resolve) => {
    const server = createServer(() => undefined).listen(0, '127.0.0.1', () => resolve(server));
  });
  try {
    const port = (silent.address() as AddressInfo).port;
    const slow = createMtlClient({ baseUrl: `http://127.0.0.1:${port}`, token: 'mtl_ro_x', timeoutMs: 200 });
    await expect(slow.GET('/principal')).rejects.toThrow(/timeout|aborted/i);
  } finally {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  }
});

test('a request that gets no answer is abandoned after timeoutMs even when garbage is collected while it waits', async () => {
  setFlagsFromString('--expose-gc');
  const collectGarbage = runInNewContext('gc') as () => void;
  const silent: Server = await new Promise((resolve) => {
    const server = createServer(() => undefined).listen(0, '127.0.0.1', () => resolve(server));
  });
  const collecting = setInterval(collectGarbage, 20);
  try {
    const port = (silent.address() as AddressInfo).port;
    const slow = createMtlClient({ baseUrl: `http://127.0.0.1:${port}`, token: 'mtl_ro_x', timeoutMs: 300 });
    const outcome = await Promise.race([
      slow.GET('/principal').then(
        () => 'answered',
        (err: { name?: string }) => err.name,
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
    ]);
    expect(outcome).toBe('TimeoutError');
  } finally {
    clearInterval(collecting);
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  }
});

test('a caller can still abandon a request with its own signal', async () => {
  const silent: Server = await new Promise((resolve) => {
    const server = createServer(() => undefined).listen(0, '127.0.0.1', () => resolve(server));
  });
  try {
    const port = (silent.address() as AddressInfo).port;
    const slow = createMtlClient({ baseUrl: `http://127.0.0.1:${port}`, token: 'mtl_ro_x' });
    const controller = new AbortController();
    const pending = slow.GET('/principal', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow(/abort/i);
  } finally {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  }
});
