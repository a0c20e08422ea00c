import { runWorkflow } from '../../src/domain/library/workflow';
import { newId } from '../../src/domain/shared/ids';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import type { DataOf } from '../support/client';
import { postgresOnly } from '../support/database';
import { pidOf, waiterOn, withLocker } from '../support/locks';
import { putDraft, STATUS, workflow, type Template } from './helpers';

/**
 * The creator status: the one place a creator sees every owned Template (owner's view), what
 * its latest workflow requests did, and the limits that apply before any write.
 */

type StatusBody = DataOf<'getCreatorStatus'>;

const OWNER_FIELDS = ['category', 'copied_from', 'created_at', 'draft', 'id', 'license', 'name', 'publication', 'release_notes', 'review', 'summary', 'tags', 'updated_at'];
const README = '# Focus hours\n\nTwo protected hours of deep work every morning, with a short plan first.\n';
const LIMITS = {
  templates_max: 100,
  files_max: 50,
  file_chars_max: 100000,
  total_chars_max: 500000,
  path_chars_max: 200,
  body_bytes_max: 2097152,
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

function createRequest(token: string, name: string) {
  return workflow(t, token, { action: 'create', name, summary: 'Protected focus time', category: 'personal', license: 'MIT' });
}

async function create(token: string, name: string): Promise<Template> {
  const res = await createRequest(token, name);
  if (res.status !== 201) throw new Error(`creating a Template failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.template as Template;
}

async function status(token: string): Promise<StatusBody> {
  const res = await t.http.get(STATUS).set(bearer(token));
  if (res.status !== 200) throw new Error(`creator status failed: ${res.status} ${JSON.stringify(res.body)}`);
  expect(Object.keys(res.body).sort()).toEqual(['data', 'ok']);
  return res.body.data as StatusBody;
}

describe('creator status', () => {
  test("lists only the caller's own Templates, in the owner's view, with the limits that apply", async () => {
    const a = await t.account();
    const b = await t.account();
    const empty = await status(a.readOnlyKey);
    expect(empty).toEqual({ templates: [], limits: { ...LIMITS, templates_used: 0 } });

    const first = await create(a.readWriteKey, 'Focus hours');
    const second = await create(a.session, 'Inbox zero');
    const theirs = await create(b.readWriteKey, 'Not yours');

    for (const token of [a.readOnlyKey, a.readWriteKey, a.session]) {
      const mine = await status(token);
      expect(mine.limits).toEqual({ ...LIMITS, templates_used: 2 });
      expect(mine.templates.map((entry) => entry.template.id).sort()).toEqual([first.id, second.id].sort());
      for (const entry of mine.templates) {
        expect(Object.keys(entry).sort()).toEqual(['latest_runs', 'template']);
        expect(Object.keys(entry.template).sort()).toEqual(OWNER_FIELDS);
        expect(entry.template.draft.revision).toBe(1);
        expect(entry.template.draft.files).toEqual([{ path: 'README.md', size: expect.any(Number) }]);
        expect(entry.template.review).toMatchObject({ state: 'draft', reviewed_revision: null });
        expect(entry.template.publication).toEqual({ state: 'never_published', version: 0, published_revision: null, published_at: null });
        expect(entry.latest_runs).toEqual([
          expect.objectContaining({ template_id: entry.template.id, action: 'create', revision: 1, status: 'succeeded', error_code: null }),
        ]);
        expect(entry.template.review.last_run_id).toBe(entry.latest_runs[0]?.id);
      }
      expect(JSON.stringify(mine)).not.toContain(theirs.id);
    }

    // Another account's workflow request on A's Template is 404 and leaves no run behind.
    expectError(await workflow(t, b.readWriteKey, { action: 'unpublish', template_id: first.id }), 404, 'template_not_found');
    expect((await status(a.readOnlyKey)).templates.find((e) => e.template.id === first.id)?.latest_runs).toHaveLength(1);

    const others = await status(b.readOnlyKey);
    expect(others.templates.map((entry) => entry.template.id)).toEqual([theirs.id]);
    expect(others.limits.templates_used).toBe(1);
  });

  test("each Template shows its own current draft: the revision's files in path order, oldest Template first", async () => {
    const a = await t.account();
    const first = await create(a.readWriteKey, 'Focus hours');
    const second = await create(a.readWriteKey, 'Inbox zero');
    const files = [
      { path: 'notes/b.md', content: 'Second note.' },
      { path: 'README.md', content: README },
      { path: 'notes/a.md', content: 'First note, a little longer.' },
    ];
    const updated = await putDraft(t, a.readWriteKey, first.id, { base_revision: 1, files });
    expect(updated.status).toBe(200);

    const mine = await status(a.readOnlyKey);
    expect(mine.templates.map((entry) => [entry.template.id, entry.template.draft.revision])).toEqual([
      [first.id, 2],
      [second.id, 1],
    ]);
    expect(mine.templates[0]?.template.draft.files).toEqual([
      { path: 'README.md', size: README.length },
      { path: 'notes/a.md', size: 28 },
      { path: 'notes/b.md', size: 12 },
    ]);
    expect(mine.templates[1]?.template.draft.files).toEqual([{ path: 'README.md', size: expect.any(Number) }]);
  });

  test('each Template shows its five latest runs, newest first, refused requests included', async () => {
    const a = await t.account();
    const rw = a.readWriteKey;
    const { id } = await create(rw, 'Focus hours');
    const runIds: string[] = [];
    const run = async (body: Record<string, unknown>, expected: number) => {
      const res = await workflow(t, rw, { template_id: id, ...body });
      expect(res.status).toBe(expected);
      if (res.status === 200) runIds.push(res.body.data.run.id);
      return res;
    };

    // 1 create (above) · 2 review of the starter README: changes requested
    const starterReview = await run({ action: 'submit_review', revision: 1 }, 200);
    expect(starterReview.body.data.run.status).toBe('failed');
    const put = await t.http
      .put(`/v1/library/templates/${id}/draft`)
      .set(bearer(rw))
      .send({ base_revision: 1, files: [{ path: 'README.md', content: README }] });
    expect(put.status).toBe(200);
    await run({ action: 'submit_review', revision: 2 }, 200); // 3 review passes
    await run({ action: 'publish', revision: 2, release_notes: 'The first public version.', confirm: { license: 'MIT', files_public: true, reviewed_revision: 2 } }, 200); // 4
    const refused = await run({ action: 'republish', release_notes: 'It is already published.' }, 400); // 5 refused
    expectError(refused, 400, 'invalid_template_state');
    await run({ action: 'unpublish' }, 200); // 6
    await run({ action: 'republish', release_notes: 'Back in the Library again.' }, 200); // 7

    const mine = await status(a.readOnlyKey);
    expect(mine.templates).toHaveLength(1);
    const entry = mine.templates[0] as StatusBody['templates'][number];
    expect(entry.template.publication).toMatchObject({ state: 'published', version: 1, published_revision: 2 });
    const latest = entry.latest_runs;
    expect(latest.map((r) => [r.action, r.status, r.error_code, r.revision])).toEqual([
      ['republish', 'succeeded', null, null],
      ['unpublish', 'succeeded', null, null],
      ['republish', 'failed', 'invalid_template_state', null],
      ['publish', 'succeeded', null, 2],
      ['submit_review', 'succeeded', null, 2],
    ]);
    expect(latest.every((r) => r.template_id === id)).toBe(true);
    const times = latest.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    // The runs the responses named, newest first (the refused request had no response run).
    expect(latest.filter((r) => r.status === 'succeeded').map((r) => r.id)).toEqual([...runIds].reverse().slice(0, 4));
    expect(entry.template.review.last_run_id).toBe(latest[0]?.id);
    expect(latest[4]?.checks.map((c) => [c.check, c.status])).toEqual([
      ['readme_present', 'passed'],
      ['file_rules', 'passed'],
      ['license_allowed', 'passed'],
      ['metadata_complete', 'passed'],
      ['no_secrets', 'passed'],
      ['text_only', 'passed'],
    ]);
  });

  test('runs are kept per Template: a busy Template does not push out the runs of another', async () => {
    const a = await t.account();
    const quiet = await create(a.readWriteKey, 'Quiet');
    const busy = await create(a.readWriteKey, 'Busy');
    for (let i = 0; i < 6; i += 1) {
      const res = await workflow(t, a.readWriteKey, { action: 'unpublish', template_id: busy.id });
      expectError(res, 400, 'invalid_template_state');
    }
    const mine = await status(a.readOnlyKey);
    const runsOf = (id: string) => mine.templates.find((entry) => entry.template.id === id)?.latest_runs ?? [];
    expect(runsOf(quiet.id).map((r) => r.action)).toEqual(['create']);
    expect(runsOf(busy.id)).toHaveLength(5);
    expect(runsOf(busy.id).every((r) => r.action === 'unpublish' && r.error_code === 'invalid_template_state')).toBe(true);
  });

  test('an account owns at most 100 Templates: creations racing for the last places get exactly what is left, the 101st is 400 template_limit_reached', async () => {
    const a = await t.account();
    const b = await t.account();
    // The first 96 through the domain (each request would only repeat the create test above);
    // the limit itself is met over HTTP.
    const asKey = { kind: 'api_key', accountId: a.accountId, keyId: a.readWriteKeyId, lineId: a.readWriteKeyId, mode: 'read_write' } as const;
    const created: string[] = [];
    for (let i = 0; i < 96; i += 1) {
      const result = await runWorkflow(t.app.services, asKey, {
        action: 'create',
        name: `Template ${i}`,
        summary: 'Protected focus time',
        category: 'personal',
        license: 'MIT',
      });
      created.push(result.template.id);
    }
    expect(created).toHaveLength(96);

    // Six requests race for the last four places.
    const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => createRequest(a.readWriteKey, `Racer ${i}`)));
    expect(racing.map((res) => res.status).sort()).toEqual([201, 201, 201, 201, 400, 400]);
    for (const res of racing.filter((r) => r.status === 400)) expectError(res, 400, 'template_limit_reached');

    const refused = await createRequest(a.readWriteKey, 'One too many');
    expectError(refused, 400, 'template_limit_reached');
    expect(refused.body.error.details).toMatchObject({ templates_max: 100 });

    const mine = await status(a.readOnlyKey);
    expect(mine.limits).toEqual({ ...LIMITS, templates_used: 100 });
    expect(mine.templates).toHaveLength(100);
    expect(new Set(mine.templates.map((entry) => entry.template.id)).size).toBe(100);
    expect(mine.templates.some((entry) => entry.template.name === 'One too many')).toBe(false);

    // The limit is per account: another creator is not affected.
    expect((await createRequest(b.readWriteKey, 'Still possible')).status).toBe(201);
  });
});

const onPostgres = postgresOnly('the creator status read while a workflow request commits (a second connection)');

onPostgres('creator status while a workflow request commits (PostgreSQL: a second connection holds the runs)', () => {
  test('when a run and its Template change commit while the status is being read, then the status shows both or neither', async () => {
    const a = await t.account();
    const template = await create(a.readWriteKey, 'Focus hours');
    const before = await status(a.session);
    const [firstRun] = before.templates[0]!.latest_runs;
    const runId = newId('run');
    await withLocker(t, async (locker) => {
      // What a workflow request writes, held open: the runs are locked, so the status waits there
      // once it has read the Templates.
      await locker.query('lock table template_runs in access exclusive mode');
      const answered = t.http.get(STATUS).set(bearer(a.session)).then((res) => res);
      await waiterOn(locker, [await pidOf(locker)]);
      // A read of the Templates that was not held back has had time to end.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await locker.query(
        `insert into template_runs (id, template_id, account_id, action, revision, status, checks, error_code, created_at)
         select $1, template_id, account_id, action, revision, status, checks, error_code, now() from template_runs where id = $2`,
        [runId, firstRun!.id],
      );
      await locker.query('update templates set last_run_id = $1 where id = $2', [runId, template.id]);
      await locker.query('commit');
      const res = await answered;
      expect(res.status).toBe(200);
      const [entry] = (res.body.data as StatusBody).templates;
      expect(entry!.template.review.last_run_id).toBe(entry!.latest_runs[0]!.id);
    });
    // Read again, the status shows the committed run.
    const after = (await status(a.session)).templates[0]!;
    expect(after.latest_runs[0]!.id).toBe(runId);
    expect(after.template.review.last_run_id).toBe(runId);
  });
});
