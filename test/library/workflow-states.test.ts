import { newId } from '../../src/domain/shared/ids';
import { randomInt } from 'node:crypto';
import request from 'supertest';
import { createApp, type App } from '../../src/app';
import { generateKey, generateOAuthToken } from '../../src/domain/api-keys/key-format';
import { REVIEW_CHECKS, type ReviewCheck } from '../../src/domain/library/review';
import { bearer, startTestApp, uniqueWord, type TestAccount, type TestApp } from '../support/app';
import { expectError, must } from '../support/assertions';
import { newCreator, STATUS, WEEKLY_REVIEW, WORKFLOW, type Creator, type StatusEntry, type Template, type WorkflowRun } from './helpers';

/*
 * The Library workflow, state by state: what each action does from each reachable state (the
 * state table of SPEC section 6 and of the runTemplateWorkflow operation), and the rules around
 * it: creation, stale revisions, the publish confirmation, what the public side shows, the review
 * checks, ownership and key modes.
 */

type Http = ReturnType<typeof request>;
type Action = 'submit_review' | 'retry' | 'publish' | 'unpublish' | 'republish';
type ReviewState = Template['review']['state'];
type PublicationState = Template['publication']['state'];
type FileSummary = Template['draft']['files'][number];

const ACTIONS: readonly Action[] = ['submit_review', 'retry', 'publish', 'unpublish', 'republish'];
const CHECK_NAMES = ['readme_present', 'file_rules', 'license_allowed', 'metadata_complete', 'no_secrets', 'text_only'];
const PUBLISH_NOTES = 'Publishes the reviewed weekly checklist.';
const REPUBLISH_NOTES = 'Back in the Library with the same files.';
const RUN_ID = /^run_[0-9A-HJKMNP-TV-Z]{26}$/;
const TEMPLATE_ID = /^tpl_[0-9A-HJKMNP-TV-Z]{26}$/;

let t: TestApp;
/** A second app on the same database whose review crashes for the Templates in `crashing`. */
let crashApp: App;
let lib: Http;
let reader: TestAccount;
const crashing = new Set<string>();

/** The standard checks, except that readme_present throws for a Template the test marks. */
const crashableChecks: ReviewCheck[] = REVIEW_CHECKS.map((check) =>
  check.name === 'readme_present'
    ? {
        name: check.name,
        run: (input) => {
          if (crashing.has(input.revision.template_id)) throw new Error('the review backend is down');
          return check.run(input);
        },
      }
    : check,
);

beforeAll(async () => {
  t = await startTestApp();
  crashApp = createApp({ config: t.config, database: t.database, reviewChecks: crashableChecks });
  lib = request(crashApp.express);
  reader = await t.account();
});
afterAll(async () => {
  await crashApp.close();
  await t.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers: a creator, their Template, and the steps that bring it to each state.

/** A file set that passes every check; the word appears in the README and names a second file. */
function goodFiles(word: string) {
  return [
    { path: 'README.md', content: `# Weekly review\n\nA checklist to close the week calmly and plan the next one. Keyword ${word}.\n` },
    { path: `checklists/${word}.md`, content: `- [ ] Inbox zero\n- [ ] Review the calendar (${word})\n` },
  ];
}
/** A file set whose README is far too short (14 non-blank characters). */
const badFiles = () => [{ path: 'README.md', content: '# Tiny\n\nToo short.\n' }];

async function createTemplate(http: Http, c: Creator, overrides: Record<string, unknown> = {}): Promise<Template> {
  const res = await http
    .post(WORKFLOW)
    .set(c.rw)
    .send({ action: 'create', ...WEEKLY_REVIEW, ...overrides });
  must(res, 201, 'create');
  return res.body.data.template;
}

async function putDraft(
  http: Http,
  c: Creator,
  tpl: Template,
  files: Array<{ path: string; content: string }>,
  extra: Record<string, unknown> = {},
): Promise<Template> {
  const res = await http
    .put(`/v1/library/templates/${tpl.id}/draft`)
    .set(c.rw)
    .send({ base_revision: tpl.draft.revision, files, ...extra });
  must(res, 200, 'draft update');
  return res.body.data;
}

/** The request body of an action on a Template as it stands (current revision, right confirmation). */
function actionBody(action: Action, tpl: Template): Record<string, unknown> {
  const revision = tpl.draft.revision;
  switch (action) {
    case 'submit_review':
    case 'retry':
      return { action, template_id: tpl.id, revision };
    case 'publish':
      return {
        action,
        template_id: tpl.id,
        revision,
        release_notes: PUBLISH_NOTES,
        confirm: { license: tpl.license, files_public: true, reviewed_revision: revision },
      };
    case 'unpublish':
      return { action, template_id: tpl.id };
    case 'republish':
      return { action, template_id: tpl.id, release_notes: REPUBLISH_NOTES };
  }
}

async function step(http: Http, c: Creator, tpl: Template, action: Action): Promise<{ template: Template; run: WorkflowRun }> {
  const res = await http.post(WORKFLOW).set(c.rw).send(actionBody(action, tpl));
  must(res, 200, action);
  return res.body.data;
}

async function review(http: Http, c: Creator, tpl: Template, expected: ReviewState): Promise<Template> {
  const { template } = await step(http, c, tpl, 'submit_review');
  if (template.review.state !== expected) throw new Error(`review gave ${template.review.state}, not ${expected}`);
  return template;
}

async function crashedReview(http: Http, c: Creator, tpl: Template): Promise<Template> {
  crashing.add(tpl.id);
  try {
    return await review(http, c, tpl, 'review_error');
  } finally {
    crashing.delete(tpl.id);
  }
}

async function statusOf(http: Http, c: Creator, id: string): Promise<StatusEntry> {
  const res = await http.get(STATUS).set(c.ro);
  must(res, 200, 'creator status');
  const entry = (res.body.data.templates as StatusEntry[]).find((e) => e.template.id === id);
  if (!entry) throw new Error(`${id} is not in the creator status`);
  return entry;
}

async function publicDetail(http: Http, id: string) {
  const res = await http.get(`/v1/library/templates/${id}`).set(bearer(reader.readOnlyKey));
  return { status: res.status, data: res.body.data ?? null, code: res.body.error?.code ?? null };
}

async function publicSearch(http: Http, query: string): Promise<string[]> {
  const res = await http.get('/v1/library/templates').query({ query }).set(bearer(reader.readOnlyKey));
  must(res, 200, 'public search');
  return (res.body.data as Array<{ id: string }>).map((item) => item.id);
}

interface StateSpec {
  readonly review: ReviewState;
  readonly publication: PublicationState;
  /** ready_to_publish only: the reviewed revision is newer than the published one. */
  readonly newerReviewed?: boolean;
  /** What the current draft holds, which decides how a review of it ends. */
  readonly content: 'starter' | 'good' | 'bad';
  /** The actions the state table allows here; every other one is refused. */
  readonly allowed: readonly Action[];
}

const stateName = (s: StateSpec) =>
  `${s.review} / ${s.publication}${s.review === 'ready_to_publish' && s.publication !== 'never_published' ? (s.newerReviewed ? ' (a newer revision reviewed)' : ' (the public revision reviewed)') : ''}`;

interface Reached {
  readonly template: Template;
  /** The files of the revision the public detail serves (null when never published). */
  readonly publicFiles: FileSummary[] | null;
}

/**
 * Brings a fresh Template of `c` to a state: first the publication state (publish needs a
 * reviewed draft), then the review state through a draft update and a review.
 */
async function bringTo(http: Http, c: Creator, s: StateSpec): Promise<Reached> {
  let tpl = await createTemplate(http, c);
  if (s.publication === 'never_published') {
    if (s.review === 'changes_requested') tpl = await review(http, c, tpl, 'changes_requested'); // the starter README
    if (s.review === 'review_error') tpl = await crashedReview(http, c, await putDraft(http, c, tpl, goodFiles(uniqueWord())));
    if (s.review === 'ready_to_publish') tpl = await review(http, c, await putDraft(http, c, tpl, goodFiles(uniqueWord())), 'ready_to_publish');
    return { template: tpl, publicFiles: null };
  }
  tpl = await review(http, c, await putDraft(http, c, tpl, goodFiles(uniqueWord())), 'ready_to_publish');
  tpl = (await step(http, c, tpl, 'publish')).template;
  const publicFiles = tpl.draft.files;
  if (s.publication === 'unpublished') tpl = (await step(http, c, tpl, 'unpublish')).template;
  if (s.review === 'ready_to_publish' && s.newerReviewed) {
    tpl = await review(http, c, await putDraft(http, c, tpl, goodFiles(uniqueWord())), 'ready_to_publish');
  }
  if (s.review === 'draft') tpl = await putDraft(http, c, tpl, goodFiles(uniqueWord()));
  if (s.review === 'changes_requested') tpl = await review(http, c, await putDraft(http, c, tpl, badFiles()), 'changes_requested');
  if (s.review === 'review_error') tpl = await crashedReview(http, c, await putDraft(http, c, tpl, goodFiles(uniqueWord())));
  return { template: tpl, publicFiles };
}

// ---------------------------------------------------------------------------------------------
// The whole state table.

const STATES: readonly StateSpec[] = [
  { review: 'draft', publication: 'never_published', content: 'starter', allowed: ['submit_review'] },
  { review: 'changes_requested', publication: 'never_published', content: 'starter', allowed: ['submit_review'] },
  { review: 'review_error', publication: 'never_published', content: 'good', allowed: ['retry'] },
  { review: 'ready_to_publish', publication: 'never_published', content: 'good', allowed: ['publish'] },
  { review: 'draft', publication: 'published', content: 'good', allowed: ['submit_review', 'unpublish'] },
  { review: 'changes_requested', publication: 'published', content: 'bad', allowed: ['submit_review', 'unpublish'] },
  { review: 'review_error', publication: 'published', content: 'good', allowed: ['retry', 'unpublish'] },
  // The reviewed revision is already the public one: publishing it again would make a new version
  // of unchanged files, and a concurrent double publish must not bump the version twice.
  { review: 'ready_to_publish', publication: 'published', newerReviewed: false, content: 'good', allowed: ['unpublish'] },
  { review: 'ready_to_publish', publication: 'published', newerReviewed: true, content: 'good', allowed: ['publish', 'unpublish'] },
  { review: 'draft', publication: 'unpublished', content: 'good', allowed: ['submit_review', 'republish'] },
  { review: 'changes_requested', publication: 'unpublished', content: 'bad', allowed: ['submit_review', 'republish'] },
  { review: 'review_error', publication: 'unpublished', content: 'good', allowed: ['retry', 'republish'] },
  { review: 'ready_to_publish', publication: 'unpublished', newerReviewed: false, content: 'good', allowed: ['publish', 'republish'] },
  { review: 'ready_to_publish', publication: 'unpublished', newerReviewed: true, content: 'good', allowed: ['publish', 'republish'] },
];

/** What an allowed action makes of the Template's states, versions and revisions. */
function expectedAfter(s: StateSpec, action: Action, before: Template, run: WorkflowRun): Template {
  const rev = before.draft.revision;
  let review = { ...before.review, last_run_id: run.id };
  let publication = { ...before.publication };
  let releaseNotes = before.release_notes;
  switch (action) {
    case 'submit_review': {
      const passes = s.content === 'good';
      review = { ...review, state: passes ? 'ready_to_publish' : 'changes_requested', reviewed_revision: passes ? rev : before.review.reviewed_revision };
      break;
    }
    case 'retry':
      review = { ...review, state: 'ready_to_publish', reviewed_revision: rev };
      break;
    case 'publish':
      publication = { state: 'published', version: before.publication.version + 1, published_revision: rev, published_at: expect.any(String) };
      releaseNotes = PUBLISH_NOTES;
      break;
    case 'unpublish':
      publication = { ...publication, state: 'unpublished' };
      break;
    case 'republish':
      publication = { ...publication, state: 'published', published_at: expect.any(String) };
      break;
  }
  return { ...before, release_notes: releaseNotes, review, publication, updated_at: expect.any(String) };
}

function outcomeName(s: StateSpec, action: Action): string {
  if (!s.allowed.includes(action)) return 'is refused with invalid_template_state and changes nothing';
  switch (action) {
    case 'submit_review':
      return s.content === 'good' ? 'reviews the draft: ready_to_publish' : 'reviews the draft: changes_requested';
    case 'retry':
      return 'runs the review again: ready_to_publish';
    case 'publish':
      return 'publishes the reviewed revision as the next version';
    case 'unpublish':
      return 'takes it out of the Library';
    case 'republish':
      return 'puts the last published revision back, same version';
  }
}

describe.each(STATES.map((s) => [stateName(s), s] as const))('from %s', (_name, s) => {
  test.each(ACTIONS.map((action) => [action, outcomeName(s, action), action] as const))('%s %s', async (_label, _outcome, action) => {
    const c = await newCreator(t);
    const { template: before, publicFiles } = await bringTo(lib, c, s);
    expect({ review: before.review.state, publication: before.publication.state }).toEqual({ review: s.review, publication: s.publication });
    const statusBefore = await statusOf(lib, c, before.id);
    expect(statusBefore.template).toEqual(before);
    const publicBefore = await publicDetail(lib, before.id);

    const res = await lib.post(WORKFLOW).set(c.rw).send(actionBody(action, before));
    const statusAfter = await statusOf(lib, c, before.id);
    const hasRevision = action === 'submit_review' || action === 'retry' || action === 'publish';

    if (!s.allowed.includes(action)) {
      expectError(res, 400, 'invalid_template_state');
      expect(res.body.error.details).toMatchObject({ review_state: s.review, publication_state: s.publication });
      // Nothing changed, on the owner's side or the public one ...
      expect(statusAfter.template).toEqual(statusBefore.template);
      expect(await publicDetail(lib, before.id)).toEqual(publicBefore);
      // ... but the refusal is on record as one new failed run.
      expect(statusAfter.latest_runs[0]).toEqual({
        id: expect.stringMatching(RUN_ID),
        template_id: before.id,
        action,
        revision: hasRevision ? before.draft.revision : null,
        status: 'failed',
        checks: [],
        error_code: 'invalid_template_state',
        created_at: expect.any(String),
      });
      expect(statusAfter.latest_runs[1]?.id).toBe(statusBefore.latest_runs[0]?.id);
      return;
    }

    expect(res.status).toBe(200);
    const { template, run } = res.body.data as { template: Template; run: WorkflowRun };
    expect(template).toEqual(expectedAfter(s, action, before, run));
    expect(statusAfter.template).toEqual(template);
    expect(statusAfter.latest_runs[0]).toEqual(run);
    const reviewed = action === 'submit_review' || action === 'retry';
    expect(run).toEqual({
      id: expect.stringMatching(RUN_ID),
      template_id: before.id,
      action,
      revision: hasRevision ? before.draft.revision : null,
      status: reviewed && template.review.state !== 'ready_to_publish' ? 'failed' : 'succeeded',
      checks: reviewed ? CHECK_NAMES.map((check) => ({ check, status: expect.any(String), findings: expect.any(Array) })) : [],
      error_code: null,
      created_at: expect.any(String),
    });

    const publicAfter = await publicDetail(lib, before.id);
    if (action === 'publish') {
      expect(publicAfter.status).toBe(200);
      expect(publicAfter.data.template.version).toBe(before.publication.version + 1);
      expect(publicAfter.data.files).toEqual(before.draft.files);
      expect(publicAfter.data.release_notes).toBe(PUBLISH_NOTES);
    } else if (action === 'republish') {
      expect(publicAfter.status).toBe(200);
      expect(publicAfter.data.template.version).toBe(before.publication.version);
      expect(publicAfter.data.files).toEqual(publicFiles);
    } else if (action === 'unpublish') {
      expect(publicAfter).toEqual({ status: 404, data: null, code: 'template_not_found' });
    } else {
      expect(publicAfter).toEqual(publicBefore); // a review never touches the public side
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('create', () => {
  test('a new Template starts at revision 1 with a starter README.md, in draft, never published, version 0', async () => {
    const c = await newCreator(t);
    const res = await t.http
      .post(WORKFLOW)
      .set(c.rw)
      .send({ action: 'create', name: 'Weekly review', summary: 'A calm weekly review checklist', category: 'productivity', tags: ['Planning', 'planning '], license: 'MIT' });
    expect(res.status).toBe(201);
    expect(res.headers.location).toEqual(expect.stringMatching(/^\/v1\/library\//));
    const { template, run } = res.body.data as { template: Template; run: WorkflowRun };
    expect(template).toEqual({
      id: expect.stringMatching(TEMPLATE_ID),
      name: 'Weekly review',
      summary: 'A calm weekly review checklist',
      category: 'productivity',
      tags: ['planning'],
      license: 'MIT',
      release_notes: '',
      draft: { revision: 1, files: [{ path: 'README.md', size: expect.any(Number) }], total_size: expect.any(Number), updated_at: expect.any(String) },
      review: { state: 'draft', reviewed_revision: null, last_run_id: run.id },
      publication: { state: 'never_published', version: 0, published_revision: null, published_at: null },
      copied_from: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(run).toEqual({
      id: expect.stringMatching(RUN_ID),
      template_id: template.id,
      action: 'create',
      revision: 1,
      status: 'succeeded',
      checks: [],
      error_code: null,
      created_at: expect.any(String),
    });

    const read = await t.http.post(`/v1/library/templates/${template.id}/read`).set(c.ro).send({});
    expect(read.status).toBe(200);
    expect(read.body.data.revision).toBe(1);
    expect(read.body.data.files).toEqual([{ path: 'README.md', size: template.draft.files[0]?.size, content: expect.stringContaining('# Weekly review'), truncated: false }]);

    const status = await statusOf(t.http, c, template.id);
    expect(status).toEqual({ template, latest_runs: [run] });
    // A draft is never public.
    expect(await publicDetail(t.http, template.id)).toEqual({ status: 404, data: null, code: 'template_not_found' });
  });

  test('a read-only key cannot create a Template (403 insufficient_key_mode)', async () => {
    const c = await newCreator(t);
    const res = await t.http
      .post(WORKFLOW)
      .set(c.ro)
      .send({ action: 'create', name: 'Weekly review', category: 'productivity', license: 'MIT' });
    expectError(res, 403, 'insufficient_key_mode');
    const status = await t.http.get(STATUS).set(c.ro);
    expect(status.body.data.templates).toEqual([]);
  });

  const valid = { action: 'create', name: 'Weekly review', summary: 'A calm weekly review checklist', category: 'productivity', tags: ['planning'], license: 'MIT' };
  test.each([
    ['a license outside the allowed list (WTFPL)', { ...valid, license: 'WTFPL' }],
    ['an unknown category', { ...valid, category: 'cooking' }],
    ['a 101-character name', { ...valid, name: 'n'.repeat(101) }],
    ['11 tags', { ...valid, tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }],
    ['an unknown field', { ...valid, colour: 'blue' }],
    ['an unknown action', { ...valid, action: 'delete' }],
    ['no name', { action: 'create', category: 'productivity', license: 'MIT' }],
  ])('create with %s is 400 invalid_request and creates nothing', async (_what, body) => {
    const c = await newCreator(t);
    const res = await t.http.post(WORKFLOW).set(c.rw).send(body);
    expectError(res, 400, 'invalid_request');
    const status = await t.http.get(STATUS).set(c.ro);
    expect(status.body.data.templates).toEqual([]);
    expect(status.body.data.limits.templates_used).toBe(0);
  });

  test('a name of exactly 100 characters and 10 tags are accepted', async () => {
    const c = await newCreator(t);
    const tpl = await createTemplate(t.http, c, { name: 'n'.repeat(100), tags: Array.from({ length: 10 }, (_, i) => `tag${i}`) });
    expect(tpl.name).toHaveLength(100);
    expect(tpl.tags).toHaveLength(10);
  });
});

// ---------------------------------------------------------------------------------------------

describe('revisions: a review and a publication concern exactly the draft that was reviewed', () => {
  test('submit_review with a stale revision is 409 draft_changed with the current revision, recorded as a failed run', async () => {
    const c = await newCreator(t);
    const tpl = await putDraft(t.http, c, await createTemplate(t.http, c), goodFiles(uniqueWord()));
    expect(tpl.draft.revision).toBe(2);
    const before = await statusOf(t.http, c, tpl.id);

    const res = await t.http.post(WORKFLOW).set(c.rw).send({ action: 'submit_review', template_id: tpl.id, revision: 1 });
    expectError(res, 409, 'draft_changed');
    expect(res.body.error.details).toMatchObject({ current_revision: 2 });

    const after = await statusOf(t.http, c, tpl.id);
    expect(after.template).toEqual(before.template);
    expect(after.latest_runs[0]).toMatchObject({ action: 'submit_review', revision: 1, status: 'failed', checks: [], error_code: 'draft_changed' });

    // With the current revision the review runs.
    expect((await review(t.http, c, tpl, 'ready_to_publish')).review.reviewed_revision).toBe(2);
  });

  async function reviewedThenEdited(c: Creator): Promise<{ reviewed: Template; edited: Template }> {
    const reviewed = await review(t.http, c, await putDraft(t.http, c, await createTemplate(t.http, c), goodFiles(uniqueWord())), 'ready_to_publish');
    expect(reviewed.review).toMatchObject({ state: 'ready_to_publish', reviewed_revision: 2 });
    const edited = await putDraft(t.http, c, reviewed, goodFiles(uniqueWord()));
    expect(edited.draft.revision).toBe(3);
    return { reviewed, edited };
  }

  test('a draft update after ready_to_publish sends the review back to draft, and the new revision cannot be published until it is reviewed', async () => {
    const c = await newCreator(t);
    const { edited } = await reviewedThenEdited(c);
    expect(edited.review.state).toBe('draft');
    expect(edited.publication).toEqual({ state: 'never_published', version: 0, published_revision: null, published_at: null });

    const unreviewed = await t.http.post(WORKFLOW).set(c.rw).send(actionBody('publish', edited));
    expectError(unreviewed, 400, 'invalid_template_state');
    expect(unreviewed.body.error.details).toMatchObject({ review_state: 'draft', publication_state: 'never_published' });
    const status = await statusOf(t.http, c, edited.id);
    expect(status.template).toEqual(edited);
    expect(status.latest_runs[0]).toMatchObject({ action: 'publish', revision: 3, status: 'failed', error_code: 'invalid_template_state' });

    // Reviewed again, revision 3 is published.
    const ready = await review(t.http, c, edited, 'ready_to_publish');
    const { template } = await step(t.http, c, ready, 'publish');
    expect(template.publication).toMatchObject({ state: 'published', version: 1, published_revision: 3 });
  });

  test('publishing the revision that completed review after the draft moved on is 409 draft_changed naming the current revision', async () => {
    const c = await newCreator(t);
    const { reviewed, edited } = await reviewedThenEdited(c);
    // The caller's premise (revision 2 is the draft) is stale: it must read the draft again.
    const old = await t.http.post(WORKFLOW).set(c.rw).send(actionBody('publish', reviewed));
    expectError(old, 409, 'draft_changed');
    expect(old.body.error.details).toMatchObject({ current_revision: 3 });
    const status = await statusOf(t.http, c, edited.id);
    expect(status.template).toEqual(edited);
    expect(status.latest_runs[0]).toMatchObject({ action: 'publish', revision: 2, status: 'failed', error_code: 'draft_changed' });
  });
});

// ---------------------------------------------------------------------------------------------

describe('review_error and retry', () => {
  test('a review that cannot finish leaves review_error with a failed run; retry reruns it on the same revision', async () => {
    const c = await newCreator(t);
    const tpl = await putDraft(lib, c, await createTemplate(lib, c), goodFiles(uniqueWord()));
    crashing.add(tpl.id);
    try {
      const res = await lib.post(WORKFLOW).set(c.rw).send(actionBody('submit_review', tpl));
      expect(res.status).toBe(200);
      expect(res.body.data.template.review).toEqual({ state: 'review_error', reviewed_revision: null, last_run_id: res.body.data.run.id });
      expect(res.body.data.run).toMatchObject({ action: 'submit_review', revision: 2, status: 'failed', checks: [], error_code: 'review_error' });

      // submit_review is not the way out of review_error ...
      const again = await lib.post(WORKFLOW).set(c.rw).send(actionBody('submit_review', tpl));
      expectError(again, 400, 'invalid_template_state');
      expect(again.body.error.details).toMatchObject({ review_state: 'review_error', publication_state: 'never_published' });

      // ... retry is, and it may fail again while the cause persists.
      const stillDown = await lib.post(WORKFLOW).set(c.rw).send(actionBody('retry', tpl));
      expect(stillDown.status).toBe(200);
      expect(stillDown.body.data.template.review.state).toBe('review_error');
      expect(stillDown.body.data.run).toMatchObject({ action: 'retry', revision: 2, status: 'failed', error_code: 'review_error' });

      // A retry with another revision than the draft's is draft_changed.
      const stale = await lib.post(WORKFLOW).set(c.rw).send({ action: 'retry', template_id: tpl.id, revision: 1 });
      expectError(stale, 409, 'draft_changed');
      expect(stale.body.error.details).toMatchObject({ current_revision: 2 });
    } finally {
      crashing.delete(tpl.id);
    }

    const fixed = await lib.post(WORKFLOW).set(c.rw).send(actionBody('retry', tpl));
    expect(fixed.status).toBe(200);
    expect(fixed.body.data.template.review).toEqual({ state: 'ready_to_publish', reviewed_revision: 2, last_run_id: fixed.body.data.run.id });
    expect(fixed.body.data.run).toMatchObject({ action: 'retry', revision: 2, status: 'succeeded', error_code: null });
    expect(fixed.body.data.run.checks.map((ch: { check: string; status: string }) => [ch.check, ch.status])).toEqual(
      CHECK_NAMES.map((name) => [name, 'passed']),
    );
  });

  test('an app whose review check always throws gives review_error on every review, with 200 and a recorded run', async () => {
    const broken = createApp({
      config: t.config,
      database: t.database,
      reviewChecks: [
        ...REVIEW_CHECKS.slice(0, 5),
        {
          name: 'text_only',
          run: () => {
            throw new Error('scanner unavailable');
          },
        },
      ],
    });
    try {
      const http = request(broken.express);
      const c = await newCreator(t);
      const tpl = await putDraft(http, c, await createTemplate(http, c), goodFiles(uniqueWord()));
      const first = await step(http, c, tpl, 'submit_review');
      expect(first.template.review.state).toBe('review_error');
      const second = await step(http, c, first.template, 'retry');
      expect(second.template.review.state).toBe('review_error');
      const status = await statusOf(http, c, tpl.id);
      expect(status.latest_runs.slice(0, 2).map((r) => [r.action, r.status, r.error_code])).toEqual([
        ['retry', 'failed', 'review_error'],
        ['submit_review', 'failed', 'review_error'],
      ]);
    } finally {
      await broken.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('publish', () => {
  async function readyTemplate(c: Creator, word = uniqueWord()): Promise<Template> {
    return review(t.http, c, await putDraft(t.http, c, await createTemplate(t.http, c), goodFiles(word)), 'ready_to_publish');
  }

  test.each([
    ['another license', 'license', (tpl: Template) => ({ license: 'Apache-2.0', files_public: true, reviewed_revision: tpl.draft.revision })],
    ['files_public false', 'files_public', (tpl: Template) => ({ license: tpl.license, files_public: false, reviewed_revision: tpl.draft.revision })],
    ['another reviewed_revision', 'reviewed_revision', (tpl: Template) => ({ license: tpl.license, files_public: true, reviewed_revision: tpl.draft.revision - 1 })],
  ])('a confirmation with %s is 400 publish_confirmation_mismatch and publishes nothing', async (_what, field, confirm) => {
    const c = await newCreator(t);
    const tpl = await readyTemplate(c);
    const before = await statusOf(t.http, c, tpl.id);
    const res = await t.http
      .post(WORKFLOW)
      .set(c.rw)
      .send({ action: 'publish', template_id: tpl.id, revision: tpl.draft.revision, release_notes: PUBLISH_NOTES, confirm: confirm(tpl) });
    expectError(res, 400, 'publish_confirmation_mismatch');
    expect(res.body.error.details.mismatched).toEqual([field]);
    const after = await statusOf(t.http, c, tpl.id);
    expect(after.template).toEqual(before.template);
    expect(after.latest_runs[0]).toMatchObject({ action: 'publish', status: 'failed', error_code: 'publish_confirmation_mismatch' });
    expect((await publicDetail(t.http, tpl.id)).status).toBe(404);
  });

  test.each([
    ['release notes of 9 characters', { release_notes: 'Too short' }],
    ['no release notes', { release_notes: undefined }],
    ['no confirmation', { confirm: undefined }],
  ])('publish with %s is 400 invalid_request', async (_what, change) => {
    const c = await newCreator(t);
    const tpl = await readyTemplate(c);
    const res = await t.http.post(WORKFLOW).set(c.rw).send({ ...actionBody('publish', tpl), ...change });
    expectError(res, 400, 'invalid_request');
    expect((await statusOf(t.http, c, tpl.id)).template.publication.state).toBe('never_published');
  });

  test('release notes of exactly 10 characters are enough', async () => {
    const c = await newCreator(t);
    const tpl = await readyTemplate(c);
    const res = await t.http.post(WORKFLOW).set(c.rw).send({ ...actionBody('publish', tpl), release_notes: 'Ten chars!' });
    expect(res.status).toBe(200);
  });

  test('publishing makes the reviewed revision version 1 in the Library; a later edit, review and publish makes version 2, and meanwhile the public side keeps the published files', async () => {
    const c = await newCreator(t);
    const first = uniqueWord();
    const ready = await readyTemplate(c, first);
    const published = await step(t.http, c, ready, 'publish');
    expect(published.template.publication).toEqual({ state: 'published', version: 1, published_revision: ready.review.reviewed_revision, published_at: expect.any(String) });
    expect(published.run).toMatchObject({ action: 'publish', revision: ready.draft.revision, status: 'succeeded', error_code: null });

    const v1 = await publicDetail(t.http, ready.id);
    expect(v1.status).toBe(200);
    expect(v1.data).toEqual({
      template: {
        id: ready.id,
        name: 'Weekly review',
        summary: 'A calm weekly review checklist',
        category: 'productivity',
        tags: ['planning'],
        license: 'MIT',
        version: 1,
        published_at: published.template.publication.published_at,
        creator: { display_name: c.account.subject },
        readme_excerpt: expect.stringContaining(first),
        uses: 0,
      },
      files: ready.draft.files,
      release_notes: PUBLISH_NOTES,
      versions: [{ version: 1, published_at: published.template.publication.published_at, release_notes: PUBLISH_NOTES }],
    });
    expect(await publicSearch(t.http, first)).toEqual([ready.id]);

    // A newer draft is being edited: the public side still serves version 1's files.
    const second = uniqueWord();
    const edited = await putDraft(t.http, c, published.template, goodFiles(second), { summary: 'The second, better weekly checklist' });
    expect(edited.publication).toEqual(published.template.publication);
    const during = await publicDetail(t.http, ready.id);
    expect(during).toEqual(v1);
    expect(await publicSearch(t.http, second)).toEqual([]);
    expect(await publicSearch(t.http, first)).toEqual([ready.id]);

    // Reviewed, it can be published as version 2.
    const readyAgain = await review(t.http, c, edited, 'ready_to_publish');
    const notes = 'Adds the second checklist file.';
    const v2res = await t.http.post(WORKFLOW).set(c.rw).send({ ...actionBody('publish', readyAgain), release_notes: notes });
    expect(v2res.status).toBe(200);
    expect(v2res.body.data.template.publication).toMatchObject({ state: 'published', version: 2, published_revision: edited.draft.revision });

    const v2 = await publicDetail(t.http, ready.id);
    expect(v2.data.template).toMatchObject({ version: 2, summary: 'The second, better weekly checklist', readme_excerpt: expect.stringContaining(second) });
    expect(v2.data.files).toEqual(edited.draft.files);
    expect(v2.data.files).not.toEqual(ready.draft.files);
    expect(v2.data.release_notes).toBe(notes);
    expect(v2.data.versions.map((v: { version: number; release_notes: string }) => [v.version, v.release_notes])).toEqual([
      [2, notes],
      [1, PUBLISH_NOTES],
    ]);
    expect(await publicSearch(t.http, second)).toEqual([ready.id]);
    expect(await publicSearch(t.http, first)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('unpublish and republish', () => {
  test('unpublish takes the Template out of search and detail; republish brings back the same version with the last published files, although the draft changed meanwhile', async () => {
    const c = await newCreator(t);
    const first = uniqueWord();
    const ready = await review(t.http, c, await putDraft(t.http, c, await createTemplate(t.http, c), goodFiles(first)), 'ready_to_publish');
    const published = (await step(t.http, c, ready, 'publish')).template;
    expect(await publicSearch(t.http, first)).toEqual([ready.id]);

    const unpublished = await step(t.http, c, published, 'unpublish');
    expect(unpublished.template.publication).toMatchObject({ state: 'unpublished', version: 1, published_revision: ready.draft.revision });
    expect(unpublished.run).toMatchObject({ action: 'unpublish', revision: null, status: 'succeeded' });
    expect(await publicSearch(t.http, first)).toEqual([]);
    const gone = await t.http.get(`/v1/library/templates/${ready.id}`).set(bearer(reader.readOnlyKey));
    expectError(gone, 404, 'template_not_found');

    // The draft moves on (and is even reviewed) while unpublished.
    const second = uniqueWord();
    const edited = await review(t.http, c, await putDraft(t.http, c, unpublished.template, goodFiles(second)), 'ready_to_publish');
    expect(edited.draft.revision).toBe(ready.draft.revision + 1);

    const republished = await step(t.http, c, edited, 'republish');
    expect(republished.template.publication).toEqual({
      state: 'published',
      version: 1,
      published_revision: ready.draft.revision,
      published_at: expect.any(String),
    });
    expect(republished.run).toMatchObject({ action: 'republish', revision: null, status: 'succeeded', error_code: null });
    const back = await publicDetail(t.http, ready.id);
    expect(back.status).toBe(200);
    expect(back.data.template).toMatchObject({ version: 1, readme_excerpt: expect.stringContaining(first) });
    expect(back.data.files).toEqual(ready.draft.files);
    expect(back.data.release_notes).toBe(REPUBLISH_NOTES);
    expect(await publicSearch(t.http, first)).toEqual([ready.id]);
    expect(await publicSearch(t.http, second)).toEqual([]);
  });

  test('republish needs release notes of at least 10 characters', async () => {
    const c = await newCreator(t);
    const { template } = await bringTo(t.http, c, { review: 'ready_to_publish', publication: 'unpublished', content: 'good', allowed: [] });
    const res = await t.http.post(WORKFLOW).set(c.rw).send({ action: 'republish', template_id: template.id, release_notes: 'Too short' });
    expectError(res, 400, 'invalid_request');
    expect((await statusOf(t.http, c, template.id)).template.publication.state).toBe('unpublished');
  });
});

// ---------------------------------------------------------------------------------------------

describe('review checks', () => {
  const secretChars = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join('');
  const UPPER_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const ALNUM = `${UPPER_DIGITS}abcdefghijklmnopqrstuvwxyz`;
  const SECRETS: Array<[string, () => { secret: string; text: string }]> = [
    ['an AWS access key ID', () => { const secret = `AKIA${secretChars(UPPER_DIGITS, 16)}`; return { secret, text: `aws_access_key_id = ${secret}` }; }],
    ['a private key', () => {
      const secret = secretChars(ALNUM, 64);
      return { secret, text: `-----BEGIN RSA PRIVATE KEY-----\n${secret}\n-----END RSA PRIVATE KEY-----` };
    }],
    ['a GitHub token (ghp_)', () => { const secret = `ghp_${secretChars(ALNUM, 36)}`; return { secret, text: `token: ${secret}` }; }],
    ['a GitHub fine-grained token (github_pat_)', () => { const secret = `github_pat_${secretChars(ALNUM, 30)}`; return { secret, text: `GITHUB_TOKEN=${secret}` }; }],
    ['a Stripe live key (sk_live_)', () => { const secret = `sk_live_${secretChars(ALNUM, 24)}`; return { secret, text: `stripe: ${secret}` }; }],
  ];

  test.each(SECRETS)('%s in a file: changes_requested, a no_secrets finding naming file and line, and the secret itself nowhere', async (_kind, make) => {
    const c = await newCreator(t);
    const { secret, text } = make();
    const tpl = await putDraft(t.http, c, await createTemplate(t.http, c), [
      ...goodFiles(uniqueWord()),
      { path: 'config/settings.env', content: `# settings\nREGION=eu-west-1\n${text}\n` },
    ]);
    const res = await t.http.post(WORKFLOW).set(c.rw).send(actionBody('submit_review', tpl));
    expect(res.status).toBe(200);
    const { template, run } = res.body.data as { template: Template; run: WorkflowRun };
    expect(template.review.state).toBe('changes_requested');
    expect(run.status).toBe('failed');
    const byName = Object.fromEntries(run.checks.map((ch) => [ch.check, ch]));
    expect(byName.no_secrets).toEqual({ check: 'no_secrets', status: 'failed', findings: [{ path: 'config/settings.env', line: 3, message: expect.any(String) }] });
    for (const name of CHECK_NAMES.filter((n) => n !== 'no_secrets')) expect(byName[name]?.status).toBe('passed');

    const status = await t.http.get(STATUS).set(c.ro);
    for (const body of [JSON.stringify(res.body), JSON.stringify(status.body)]) {
      expect(body).not.toContain(secret);
      expect(body).not.toContain(secret.slice(0, 16));
    }
  });

  test('a secret in a file whose path is a secret too: no_secrets names the file by its place and line, and the run shows neither secret', async () => {
    const c = await newCreator(t);
    const inPath = `AKIA${secretChars(UPPER_DIGITS, 16)}`;
    const inContent = `ghp_${secretChars(ALNUM, 36)}`;
    const tpl = await putDraft(t.http, c, await createTemplate(t.http, c), [
      ...goodFiles(uniqueWord()),
      { path: `keys/${inPath}.env`, content: `# keys\ntoken: ${inContent}\n` },
    ]);
    const res = await t.http.post(WORKFLOW).set(c.rw).send(actionBody('submit_review', tpl));
    const { run } = res.body.data as { run: WorkflowRun };
    const check = run.checks.find((ch) => ch.check === 'no_secrets')!;
    expect(check.status).toBe('failed');
    expect(check.findings).toEqual([{ line: 2, message: expect.stringContaining('Line 2 of file') }, { message: expect.any(String) }]);
    // The owner's own file list shows the path; the run's findings repeat neither secret.
    const { latest_runs: latestRuns } = await statusOf(t.http, c, tpl.id);
    for (const runs of [JSON.stringify(run), JSON.stringify(latestRuns)]) {
      for (const secret of [inPath, inContent]) expect(runs).not.toContain(secret);
    }
  });

  test('a file full of secrets: the first 50 findings in order of line, the rest counted', async () => {
    const c = await newCreator(t);
    const lines = Array.from({ length: 120 }, (_, i) => `AKIA${String(i).padStart(16, '0')}`);
    const tpl = await putDraft(t.http, c, await createTemplate(t.http, c), [
      ...goodFiles(uniqueWord()),
      { path: 'keys.env', content: `# keys\n${lines.join('\n')}\n` },
    ]);
    const { run } = await step(t.http, c, tpl, 'submit_review');
    const check = run.checks.find((ch) => ch.check === 'no_secrets')!;
    expect(check.status).toBe('failed');
    expect(check.findings.map((finding) => finding.line)).toEqual(Array.from({ length: 50 }, (_, i) => i + 2));
    expect(check.omitted_findings).toBe(70);
    expect(run.checks.find((ch) => ch.check === 'readme_present')).not.toHaveProperty('omitted_findings');
  });

  test('an MTL API key in a draft is refused at the update itself (400 secret_in_content), without echoing the key', async () => {
    const c = await newCreator(t);
    const tpl = await createTemplate(t.http, c);
    const key = generateKey('read_write', newId('account'));
    const res = await t.http
      .put(`/v1/library/templates/${tpl.id}/draft`)
      .set(c.rw)
      .send({ base_revision: 1, files: [...goodFiles(uniqueWord()), { path: 'setup.md', content: `Use this:\n\nMTL_KEY=${key}\n` }] });
    expectError(res, 400, 'secret_in_content');
    expect(res.body.error.details.findings).toEqual([{ path: 'setup.md', line: 3 }]);
    expect(JSON.stringify(res.body)).not.toContain(key.slice(7));
    expect((await statusOf(t.http, c, tpl.id)).template.draft.revision).toBe(1);
  });

  test('an MTL OAuth token in a draft fails the no_secrets check; in release notes it is 400 secret_in_content, never echoed', async () => {
    const c = await newCreator(t);
    const token = generateOAuthToken('refresh', newId('account'));
    const files = [...goodFiles(uniqueWord()), { path: 'setup.md', content: `Refresh with ${token}\n` }];
    const { run } = await step(t.http, c, await putDraft(t.http, c, await createTemplate(t.http, c), files), 'submit_review');
    const check = run.checks.find((ch) => ch.check === 'no_secrets')!;
    expect(check.status).toBe('failed');
    expect(check.findings).toEqual([expect.objectContaining({ path: 'setup.md', line: 1 })]);
    expect(JSON.stringify(run)).not.toContain(token.slice(7));

    const reviewed = await review(t.http, c, await putDraft(t.http, c, await createTemplate(t.http, c), goodFiles(uniqueWord())), 'ready_to_publish');
    const refused = await t.http
      .post('/v1/library/templates/workflow')
      .set(c.rw)
      .send({ ...actionBody('publish', reviewed), release_notes: `First version; it connects with ${token} for now.` });
    expectError(refused, 400, 'secret_in_content');
    expect(refused.body.error.message).toContain('an MTL OAuth token');
    expect(JSON.stringify(refused.body)).not.toContain(token.slice(7));
  });

  test('release notes of publish and republish holding a secret of any kind are 400 secret_in_content, nothing published, the secret not echoed', async () => {
    const c = await newCreator(t);
    const reviewed = await review(t.http, c, await putDraft(t.http, c, await createTemplate(t.http, c), goodFiles(uniqueWord())), 'ready_to_publish');
    const awsKey = 'AKIA' + 'Q'.repeat(15) + '7';
    const publish = { ...actionBody('publish', reviewed), release_notes: `First version; deploy with ${awsKey} as the key.` };
    const refused = await t.http.post('/v1/library/templates/workflow').set(c.rw).send(publish);
    expectError(refused, 400, 'secret_in_content');
    expect(refused.body.error.details.findings).toEqual([{ field: 'release_notes' }]);
    expect(refused.body.error.message).toBe('release_notes contains what looks like an AWS access key ID. Release notes are published as written: remove it.');
    expect(JSON.stringify(refused.body)).not.toContain(awsKey);
    expect((await statusOf(t.http, c, reviewed.id)).template.publication.state).toBe('never_published');

    const { template: published } = await step(t.http, c, reviewed, 'publish');
    const { template: unpublished } = await step(t.http, c, published, 'unpublish');
    const privateKey = '-----BEGIN RSA PRIVATE KEY-----';
    const republish = { ...actionBody('republish', unpublished), release_notes: `Back again.\n${privateKey}\nMIIE` };
    const again = await t.http.post('/v1/library/templates/workflow').set(c.rw).send(republish);
    expectError(again, 400, 'secret_in_content');
    expect(again.body.error.details.findings).toEqual([{ field: 'release_notes' }]);
    expect((await statusOf(t.http, c, reviewed.id)).template.publication.state).toBe('unpublished');
  });

  test('the unchanged starter README fails readme_present', async () => {
    const c = await newCreator(t);
    const tpl = await createTemplate(t.http, c);
    const { run } = await step(t.http, c, tpl, 'submit_review');
    expect(run.checks.find((ch) => ch.check === 'readme_present')).toEqual({
      check: 'readme_present',
      status: 'failed',
      findings: [{ path: 'README.md', message: expect.any(String) }],
    });
  });

  test('a README needs 40 non-blank characters: 39 fails readme_present, 40 passes', async () => {
    const c = await newCreator(t);
    const short = `${'a'.repeat(20)} \n\n  ${'b'.repeat(19)}\n`;
    let tpl = await putDraft(t.http, c, await createTemplate(t.http, c), [{ path: 'README.md', content: short }]);
    const failed = await step(t.http, c, tpl, 'submit_review');
    expect(failed.template.review.state).toBe('changes_requested');
    expect(failed.run.checks.find((ch) => ch.check === 'readme_present')).toMatchObject({ status: 'failed', findings: [{ path: 'README.md' }] });

    tpl = await putDraft(t.http, c, failed.template, [{ path: 'README.md', content: `${'a'.repeat(20)} \n\n  ${'b'.repeat(20)}\n` }]);
    const passed = await step(t.http, c, tpl, 'submit_review');
    expect(passed.template.review.state).toBe('ready_to_publish');
  });

  test('a summary under 10 characters fails metadata_complete and nothing else', async () => {
    const c = await newCreator(t);
    const tpl = await putDraft(t.http, c, await createTemplate(t.http, c), goodFiles(uniqueWord()), { summary: 'Too short' });
    const { template, run } = await step(t.http, c, tpl, 'submit_review');
    expect(template.review.state).toBe('changes_requested');
    expect(run.checks.map((ch) => [ch.check, ch.status])).toEqual(
      CHECK_NAMES.map((name) => [name, name === 'metadata_complete' ? 'failed' : 'passed']),
    );
    expect(run.checks.find((ch) => ch.check === 'metadata_complete')?.findings).toEqual([{ message: expect.stringContaining('summary') }]);
  });

  test.each([
    ['a segment ending with "."', ['README.md.'], 'README.md.'],
    ['a Windows device name', ['docs/aux.txt'], 'docs/aux.txt'],
    ['a file that is also a folder of another path', ['docs', 'Docs/a.md'], 'docs'],
    ['a folder spelled in two ways', ['DOCS/a.md', 'docs/b.md'], 'docs/b.md'],
  ])('a draft stored before the rule against %s fails file_rules alone, naming the path', async (_rule, paths, named) => {
    const c = await newCreator(t);
    const placeholders = paths.map((_, i) => ({ path: `later/${i}.md`, content: `File ${i}.\n` }));
    const tpl = await putDraft(t.http, c, await createTemplate(t.http, c), [...goodFiles(uniqueWord()), ...placeholders]);
    // What is stored keeps its paths when a rule is added: here they are given as they were accepted before.
    for (const [i, path] of paths.entries()) {
      await t.database.db
        .updateTable('template_files')
        .set({ path })
        .where('template_id', '=', tpl.id)
        .where('revision', '=', tpl.draft.revision)
        .where('path', '=', placeholders[i]!.path)
        .execute();
    }
    const { template, run } = await step(t.http, c, tpl, 'submit_review');
    expect(template.review.state).toBe('changes_requested');
    expect(run.checks.map((ch) => [ch.check, ch.status])).toEqual(CHECK_NAMES.map((name) => [name, name === 'file_rules' ? 'failed' : 'passed']));
    expect(run.checks.find((ch) => ch.check === 'file_rules')?.findings).toEqual([{ path: named, message: expect.stringContaining(`"${named}"`) }]);
  });

  test('a passing review reports every check passed with no findings', async () => {
    const c = await newCreator(t);
    const tpl = await putDraft(t.http, c, await createTemplate(t.http, c), goodFiles(uniqueWord()));
    const { template, run } = await step(t.http, c, tpl, 'submit_review');
    expect(template.review).toEqual({ state: 'ready_to_publish', reviewed_revision: tpl.draft.revision, last_run_id: run.id });
    expect(run).toMatchObject({ action: 'submit_review', revision: tpl.draft.revision, status: 'succeeded', error_code: null });
    expect(run.checks).toEqual(CHECK_NAMES.map((check) => ({ check, status: 'passed', findings: [] })));
  });
});

// ---------------------------------------------------------------------------------------------

describe('ownership and key modes', () => {
  async function fullyPublished(c: Creator): Promise<Template> {
    const { template } = await bringTo(t.http, c, { review: 'ready_to_publish', publication: 'published', content: 'good', allowed: [] });
    return template;
  }

  test.each(ACTIONS)("%s on another account's Template is 404 template_not_found and leaves it untouched", async (action) => {
    const owner = await newCreator(t);
    const other = await newCreator(t);
    const tpl = await fullyPublished(owner);
    const before = await statusOf(t.http, owner, tpl.id);
    const res = await t.http.post(WORKFLOW).set(other.rw).send(actionBody(action, tpl));
    expectError(res, 404, 'template_not_found');
    expect(await statusOf(t.http, owner, tpl.id)).toEqual(before);
    // The other account sees neither the Template nor a run for it.
    const otherStatus = await t.http.get(STATUS).set(other.ro);
    expect(otherStatus.body.data.templates).toEqual([]);
  });

  test("the draft routes of another account's Template are 404 too", async () => {
    const owner = await newCreator(t);
    const other = await newCreator(t);
    const tpl = await createTemplate(t.http, owner);
    expectError(await t.http.post(`/v1/library/templates/${tpl.id}/read`).set(other.ro).send({}), 404, 'template_not_found');
    expectError(
      await t.http.put(`/v1/library/templates/${tpl.id}/draft`).set(other.rw).send({ base_revision: 1, files: goodFiles(uniqueWord()) }),
      404,
      'template_not_found',
    );
    expect((await statusOf(t.http, owner, tpl.id)).template.draft.revision).toBe(1);
  });

  test('a well-formed but unknown Template ID is 404 template_not_found', async () => {
    const c = await newCreator(t);
    const res = await t.http.post(WORKFLOW).set(c.rw).send({ action: 'unpublish', template_id: 'tpl_01JD2X5Y7Z8A9B0C1D2E3F4G5H' });
    expectError(res, 404, 'template_not_found');
  });

  test.each(ACTIONS)('%s with a read-only key is 403 insufficient_key_mode and leaves no trace', async (action) => {
    const c = await newCreator(t);
    const tpl = await fullyPublished(c);
    const before = await statusOf(t.http, c, tpl.id);
    const res = await t.http.post(WORKFLOW).set(c.ro).send(actionBody(action, tpl));
    expectError(res, 403, 'insufficient_key_mode');
    expect(await statusOf(t.http, c, tpl.id)).toEqual(before);
  });

  test('a draft update with a read-only key is 403 insufficient_key_mode; reading the draft is allowed', async () => {
    const c = await newCreator(t);
    const tpl = await createTemplate(t.http, c);
    expectError(
      await t.http.put(`/v1/library/templates/${tpl.id}/draft`).set(c.ro).send({ base_revision: 1, files: goodFiles(uniqueWord()) }),
      403,
      'insufficient_key_mode',
    );
    const read = await t.http.post(`/v1/library/templates/${tpl.id}/read`).set(c.ro).send({ paths: ['README.md'] });
    expect(read.status).toBe(200);
    expect(read.body.data.revision).toBe(1);
  });
});
