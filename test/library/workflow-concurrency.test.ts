import type { Response } from 'supertest';
import { startTestApp, type TestApp } from '../support/app';
import { expectError, must } from '../support/assertions';
import { newCreator, STATUS, WORKFLOW, type Creator, type StatusEntry, type Template, type WorkflowRun } from './helpers';

/*
 * Concurrent requests on one Template are serialised: of several requests built on the same
 * premise, exactly one wins and the others are told that the draft or the workflow state changed.
 * Meaningful on PostgreSQL (real parallel transactions); must hold on the embedded database too.
 */

const NOTES = 'Publishes the reviewed weekly checklist.';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const readme = (n: number) => ({
  path: 'README.md',
  content: `# Weekly review ${n}\n\nA checklist to close the week calmly and plan the next one.\n`,
});

async function createTemplate(c: Creator): Promise<Template> {
  const res = await t.http
    .post(WORKFLOW)
    .set(c.rw)
    .send({ action: 'create', name: 'Weekly review', summary: 'A calm weekly review checklist', category: 'productivity', license: 'MIT' });
  must(res, 201, 'create');
  return res.body.data.template;
}

async function putDraft(c: Creator, tpl: Template, n: number): Promise<Template> {
  const res = await t.http
    .put(`/v1/library/templates/${tpl.id}/draft`)
    .set(c.rw)
    .send({ base_revision: tpl.draft.revision, files: [readme(n)] });
  must(res, 200, 'draft update');
  return res.body.data;
}

async function act(c: Creator, body: Record<string, unknown>): Promise<{ template: Template; run: WorkflowRun }> {
  const res = await t.http.post(WORKFLOW).set(c.rw).send(body);
  must(res, 200, String(body.action));
  return res.body.data;
}

const publishBody = (tpl: Template) => ({
  action: 'publish',
  template_id: tpl.id,
  revision: tpl.draft.revision,
  release_notes: NOTES,
  confirm: { license: tpl.license, files_public: true, reviewed_revision: tpl.draft.revision },
});

async function readyTemplate(c: Creator): Promise<Template> {
  const tpl = await putDraft(c, await createTemplate(c), 1);
  const { template } = await act(c, { action: 'submit_review', template_id: tpl.id, revision: tpl.draft.revision });
  expect(template.review.state).toBe('ready_to_publish');
  return template;
}

async function statusOf(c: Creator, id: string): Promise<StatusEntry> {
  const res = await t.http.get(STATUS).set(c.ro);
  must(res, 200, 'creator status');
  const entry = (res.body.data.templates as StatusEntry[]).find((e) => e.template.id === id);
  if (!entry) throw new Error(`${id} is not in the creator status`);
  return entry;
}

/** Sends all the requests at once and waits for every answer. */
function together(requests: Array<PromiseLike<Response>>): Promise<Response[]> {
  return Promise.all(requests.map((r) => Promise.resolve(r)));
}

/** Exactly one winner; every loser is one of the refusals a lost race may give. */
function expectOneWinner(responses: Response[], losers: Array<[number, string]>): Response {
  const winners = responses.filter((r) => r.status === 200);
  const outcomes = responses.map((r) => `${r.status} ${r.body?.error?.code ?? 'ok'}`);
  // On failure, the message lists every outcome.
  expect(winners.length === 1 ? 'exactly one 200' : outcomes).toBe('exactly one 200');
  for (const res of responses.filter((r) => r.status !== 200)) {
    const found = losers.find(([status, code]) => res.status === status && res.body?.error?.code === code);
    expect({ status: res.status, code: res.body?.error?.code, allowed: Boolean(found) }).toMatchObject({ allowed: true });
    if (found) expectError(res, found[0], found[1]);
  }
  return winners[0] as Response;
}

test('while the draft is replaced again and again, every read of it, of the creator status and every update answers from one revision, never 500', async () => {
  const c = await newCreator(t);
  let tpl = await createTemplate(c);
  for (let round = 1; round <= 8; round += 1) {
    // Each update prunes the revision it replaces: a read must not name one and then miss it.
    const [updated, ...reads] = await together([
      t.http.put(`/v1/library/templates/${tpl.id}/draft`).set(c.rw).send({ base_revision: tpl.draft.revision, files: [readme(round)] }),
      ...[1, 2, 3].map(() => t.http.post(`/v1/library/templates/${tpl.id}/read`).set(c.ro).send({})),
      t.http.get(STATUS).set(c.ro),
      t.http.put(`/v1/library/templates/${tpl.id}/draft`).set(c.rw).send({ base_revision: tpl.draft.revision, files: [] }),
    ]);
    must(updated as Response, 200, 'draft update');
    for (const read of reads.slice(0, 3)) {
      must(read, 200, 'draft read');
      expect([tpl.draft.revision, tpl.draft.revision + 1]).toContain(read.body.data.revision);
      // The files are that revision's: round n stored revision n + 1 with "Weekly review n".
      const { revision, files } = read.body.data as { revision: number; files: Array<{ path: string; content: string }> };
      if (revision > 1) expect(files.find((file) => file.path === 'README.md')?.content).toContain(`Weekly review ${revision - 1}\n`);
    }
    must(reads[3] as Response, 200, 'creator status');
    // Refused for its empty files or for the revision that moved on: an answer, not a failure.
    expect((reads[4] as Response).status).toBeLessThan(500);
    tpl = (updated as Response).body.data;
  }
});

test('five concurrent draft updates from the same base revision: one is stored, four are told the draft changed', async () => {
  const c = await newCreator(t);
  const tpl = await createTemplate(c);
  const responses = await together(
    [1, 2, 3, 4, 5].map((n) =>
      t.http
        .put(`/v1/library/templates/${tpl.id}/draft`)
        .set(c.rw)
        .send({ base_revision: 1, files: [readme(n), { path: `notes/update-${n}.md`, content: `Update ${n}\n` }] }),
    ),
  );
  const winner = expectOneWinner(responses, [[409, 'draft_changed']]);
  for (const res of responses.filter((r) => r.status === 409)) expect(res.body.error.details).toMatchObject({ current_revision: 2 });

  const status = await statusOf(c, tpl.id);
  expect(status.template.draft.revision).toBe(2);
  expect(status.template.draft.files).toEqual(winner.body.data.draft.files);
  // The stored files are the winner's, whole: no mix of two updates.
  const read = await t.http.post(`/v1/library/templates/${tpl.id}/read`).set(c.ro).send({});
  expect(read.body.data.revision).toBe(2);
  expect(read.body.data.files.map((f: { path: string }) => f.path)).toEqual(winner.body.data.draft.files.map((f: { path: string }) => f.path));
  const n = /update-(\d)/.exec(JSON.stringify(winner.body.data.draft.files))?.[1];
  expect(read.body.data.files.find((f: { path: string }) => f.path === 'README.md').content).toContain(`Weekly review ${n}`);
});

test('five concurrent publish requests for a ready Template: one publishes version 1, the others are refused', async () => {
  const c = await newCreator(t);
  const tpl = await readyTemplate(c);
  const responses = await together([1, 2, 3, 4, 5].map(() => t.http.post(WORKFLOW).set(c.rw).send(publishBody(tpl))));
  const winner = expectOneWinner(responses, [
    [409, 'workflow_state_changed'],
    [400, 'invalid_template_state'],
  ]);
  expect(winner.body.data.template.publication).toMatchObject({ state: 'published', version: 1, published_revision: tpl.draft.revision });

  const status = await statusOf(c, tpl.id);
  expect(status.template.publication).toMatchObject({ state: 'published', version: 1, published_revision: tpl.draft.revision });
  // The five latest runs are these five requests: one succeeded, four failed with their codes.
  const runs = status.latest_runs.map((r) => [r.action, r.status, r.error_code]);
  expect(runs.filter(([, s]) => s === 'succeeded')).toEqual([['publish', 'succeeded', null]]);
  expect(runs.filter(([, s]) => s === 'failed').map(([, , code]) => code).sort()).toEqual(
    responses.filter((r) => r.status !== 200).map((r) => r.body.error.code).sort(),
  );

  const detail = await t.http.get(`/v1/library/templates/${tpl.id}`).set(c.ro);
  expect(detail.status).toBe(200);
  expect(detail.body.data.template.version).toBe(1);
});

test('three concurrent unpublish requests: one takes the Template out of the Library, the others are refused', async () => {
  const c = await newCreator(t);
  const tpl = await readyTemplate(c);
  const published = (await act(c, publishBody(tpl))).template;
  const responses = await together(
    [1, 2, 3].map(() => t.http.post(WORKFLOW).set(c.rw).send({ action: 'unpublish', template_id: published.id })),
  );
  expectOneWinner(responses, [
    [409, 'workflow_state_changed'],
    [400, 'invalid_template_state'],
  ]);
  const status = await statusOf(c, tpl.id);
  expect(status.template.publication).toMatchObject({ state: 'unpublished', version: 1, published_revision: tpl.draft.revision });
  expectError(await t.http.get(`/v1/library/templates/${tpl.id}`).set(c.ro), 404, 'template_not_found');
});

test('three concurrent submit_review requests on one revision: the review runs once', async () => {
  const c = await newCreator(t);
  const tpl = await putDraft(c, await createTemplate(c), 1);
  const responses = await together(
    [1, 2, 3].map(() => t.http.post(WORKFLOW).set(c.rw).send({ action: 'submit_review', template_id: tpl.id, revision: tpl.draft.revision })),
  );
  const winner = expectOneWinner(responses, [
    [409, 'workflow_state_changed'],
    [400, 'invalid_template_state'],
  ]);
  expect(winner.body.data.template.review).toMatchObject({ state: 'ready_to_publish', reviewed_revision: tpl.draft.revision });
  const status = await statusOf(c, tpl.id);
  expect(status.latest_runs.filter((r) => r.action === 'submit_review' && r.status === 'succeeded')).toHaveLength(1);
});

test('a draft update racing a publish never gets the unreviewed revision published', async () => {
  const c = await newCreator(t);
  const tpl = await readyTemplate(c);
  const [published, updated] = await together([
    t.http.post(WORKFLOW).set(c.rw).send(publishBody(tpl)),
    t.http
      .put(`/v1/library/templates/${tpl.id}/draft`)
      .set(c.rw)
      .send({ base_revision: tpl.draft.revision, files: [readme(2)] }),
  ]);
  // The update always lands (it is based on the current revision); the publish wins only if it came first.
  expect(updated?.status).toBe(200);
  const status = await statusOf(c, tpl.id);
  expect(status.template.draft.revision).toBe(tpl.draft.revision + 1);
  expect(status.template.review.state).toBe('draft');
  if (published?.status === 200) {
    expect(status.template.publication).toMatchObject({ state: 'published', version: 1, published_revision: tpl.draft.revision });
  } else {
    expect([409, 400]).toContain(published?.status);
    expect(['workflow_state_changed', 'draft_changed', 'invalid_template_state']).toContain(published?.body.error.code);
    expect(status.template.publication).toMatchObject({ state: 'never_published', version: 0, published_revision: null });
  }
});
