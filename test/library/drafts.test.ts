import { newId } from '../../src/domain/shared/ids';
import type { Response } from 'supertest';
import { generateKey } from '../../src/domain/api-keys/key-format';
import { changeCharAt } from '../auth/helpers';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import type { DataOf } from '../support/client';
import { putDraft, STATUS, WEEKLY_REVIEW, workflow, WORKFLOW, type DraftFile, type StatusEntry, type Template } from './helpers';

/**
 * A creator's private draft: the seed's safe draft sequence (read, replace the whole file set
 * with the current revision, read again, submit for review separately), bounded reads, and the
 * file rules, every one of which a refused update reports at once without touching the draft.
 */

type DraftRead = DataOf<'readTemplateDraft'>;

interface Violation {
  rule: string;
  path?: string;
  line?: number;
  message: string;
}

const README = '# Weekly review\n\nA checklist to close the week calmly and to plan the next one with care.\n';
const readme = (content = README): DraftFile => ({ path: 'README.md', content });

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

function createRequest(token: string, extra: Record<string, unknown> = {}) {
  return t.http
    .post(WORKFLOW)
    .set(bearer(token))
    .send({ action: 'create', ...WEEKLY_REVIEW, ...extra });
}

async function createTemplate(token: string, extra: Record<string, unknown> = {}): Promise<Template> {
  const res = await createRequest(token, extra);
  if (res.status !== 201) throw new Error(`creating a Template failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.template as Template;
}

/** POST …/read; `body` undefined sends no body at all. */
function read(token: string, id: string, body?: Record<string, unknown>) {
  const req = t.http.post(`/v1/library/templates/${id}/read`).set(bearer(token));
  return body === undefined ? req : req.send(body);
}

async function readData(token: string, id: string, body?: Record<string, unknown>): Promise<DraftRead> {
  const res = await read(token, id, body);
  expect(res.status).toBe(200);
  expect(res.body.ok).toBe(true);
  return res.body.data as DraftRead;
}

async function ownerView(token: string, id: string): Promise<Template> {
  const res = await t.http.get(STATUS).set(bearer(token));
  expect(res.status).toBe(200);
  const entry = (res.body.data.templates as StatusEntry[]).find((e) => e.template.id === id);
  if (!entry) throw new Error(`Template ${id} is not in the creator status`);
  return entry.template;
}

/** Everything the owner can see of a draft: the owner's view and every file's full content. */
async function snapshot(account: TestAccount, id: string) {
  const [template, files] = await Promise.all([
    ownerView(account.session, id),
    readData(account.session, id, { max_chars_per_file: 100000, max_total_chars: 500000 }),
  ]);
  return { template, files };
}

/** A new account with a Template at revision 2 holding README.md and notes/today.md. */
async function templateWithDraft(): Promise<{ account: TestAccount; template: Template }> {
  const account = await t.account();
  const created = await createTemplate(account.readWriteKey);
  const res = await putDraft(t, account.readWriteKey, created.id, {
    base_revision: 1,
    files: [readme(), { path: 'notes/today.md', content: 'Three things went well.\n' }],
  });
  expect(res.status).toBe(200);
  return { account, template: res.body.data as Template };
}

const byRuleAndPath = (a: { rule: string; path?: string }, b: { rule: string; path?: string }) =>
  `${a.rule}\u0000${a.path ?? ''}`.localeCompare(`${b.rule}\u0000${b.path ?? ''}`);

/** 400 invalid_draft naming exactly these violations (in any order), each with a message. */
function expectViolations(res: Response, expected: Array<{ rule: string; path?: string; line?: number }>): Violation[] {
  expectError(res, 400, 'invalid_draft');
  const violations = res.body.error.details?.violations as Violation[] | undefined;
  expect(Array.isArray(violations)).toBe(true);
  for (const violation of violations ?? []) {
    expect(typeof violation.message).toBe('string');
    expect(violation.message.length).toBeGreaterThan(0);
  }
  const seen = (violations ?? []).map(({ rule, path, line }) => ({
    rule,
    ...(path !== undefined ? { path } : {}),
    ...(line !== undefined && expected.some((e) => e.line !== undefined) ? { line } : {}),
  }));
  expect([...seen].sort(byRuleAndPath)).toEqual([...expected].sort(byRuleAndPath));
  return violations ?? [];
}

describe('the safe draft sequence', () => {
  test('read the draft and its revision, replace the whole file set with that revision, read it again, then submit for review in a separate request', async () => {
    const a = await t.account();
    const created = await createTemplate(a.readWriteKey);
    expect(created.draft.revision).toBe(1);

    // 1. Read the owned draft and its revision.
    const first = await readData(a.readWriteKey, created.id);
    expect(first.template_id).toBe(created.id);
    expect(first.revision).toBe(1);
    expect(first.files.map((f) => f.path)).toEqual(['README.md']);
    expect(first.missing).toEqual([]);
    expect(first.omitted).toEqual([]);

    // 2. Send the complete replacement with the revision just read.
    const files: DraftFile[] = [
      readme(),
      { path: 'checklists/weekly.md', content: '- [ ] Inbox zero\r\n- [ ]\tReview the calendar\n' },
      { path: 'prompts/close_the_week-v2.md', content: 'What went well this week?\n' },
    ];
    const updated = await putDraft(t, a.readWriteKey, created.id, { base_revision: first.revision, files });
    expect(updated.status).toBe(200);
    expect(updated.body.ok).toBe(true);
    const template = updated.body.data as Template;
    expect(template.id).toBe(created.id);
    expect(template.draft.revision).toBe(first.revision + 1);
    expect([...template.draft.files].sort((x, y) => x.path.localeCompare(y.path))).toEqual(
      files.map((f) => ({ path: f.path, size: [...f.content].length })).sort((x, y) => x.path.localeCompare(y.path)),
    );
    expect(template.draft.total_size).toBe(files.reduce((sum, f) => sum + [...f.content].length, 0));
    expect(template.review.state).toBe('draft');
    expect(template.publication.state).toBe('never_published');

    // 3. Read it again to verify: the new content at the new revision.
    const again = await readData(a.readOnlyKey, created.id);
    expect(again.revision).toBe(first.revision + 1);
    expect([...again.files].sort((x, y) => x.path.localeCompare(y.path))).toEqual(
      files
        .map((f) => ({ path: f.path, size: [...f.content].length, content: f.content, truncated: false }))
        .sort((x, y) => x.path.localeCompare(y.path)),
    );

    // 4. Submit for review: a workflow request of its own, naming the verified revision.
    const review = await workflow(t, a.readWriteKey, { action: 'submit_review', template_id: created.id, revision: again.revision });
    expect(review.status).toBe(200);
    expect(review.body.data.run).toMatchObject({
      template_id: created.id,
      action: 'submit_review',
      revision: again.revision,
      status: 'succeeded',
    });
    expect(review.body.data.template.review).toEqual({
      state: 'ready_to_publish',
      reviewed_revision: again.revision,
      last_run_id: review.body.data.run.id,
    });
    // The update itself started no review: the draft is exactly what was read.
    expect((await readData(a.readWriteKey, created.id)).revision).toBe(again.revision);
  });

  test('a revision from an older read reused after another update is 409 draft_changed with the current revision, and the draft stays as it is', async () => {
    const { account, template } = await templateWithDraft();
    const oldRevision = template.draft.revision;
    const newer = await putDraft(t, account.readWriteKey, template.id, {
      base_revision: oldRevision,
      files: [readme(), { path: 'notes/today.md', content: 'Four things went well.\n' }],
    });
    expect(newer.status).toBe(200);
    expect(newer.body.data.draft.revision).toBe(oldRevision + 1);
    const before = await snapshot(account, template.id);

    const stale = await putDraft(t, account.readWriteKey, template.id, {
      base_revision: oldRevision,
      files: [readme('# Overwritten\n\nThis must never land on top of the newer draft.\n')],
      name: 'Overwritten',
    });
    expectError(stale, 409, 'draft_changed');
    expect(stale.body.error.details.current_revision).toBe(oldRevision + 1);

    expect(await snapshot(account, template.id)).toEqual(before);
    const files = (await readData(account.readWriteKey, template.id)).files;
    expect(files.find((f) => f.path === 'notes/today.md')?.content).toBe('Four things went well.\n');
  });

  test('an update after a review sends the review back to draft, so a stale review cannot be published', async () => {
    const { account, template } = await templateWithDraft();
    const reviewed = await workflow(t, account.readWriteKey, { action: 'submit_review', template_id: template.id, revision: 2 });
    expect(reviewed.body.data.template.review.state).toBe('ready_to_publish');
    const updated = await putDraft(t, account.readWriteKey, template.id, { base_revision: 2, files: [readme()] });
    expect(updated.status).toBe(200);
    expect(updated.body.data.draft.revision).toBe(3);
    expect(updated.body.data.review.state).toBe('draft');
  });
});

describe('reading a draft', () => {
  const EMOJI = '😀😁😂🤣😃😄😅😆'; // 8 code points, 16 UTF-16 units
  const LONG = 'abcdefghij'.repeat(10); // 100 code points

  async function templateToRead() {
    const account = await t.account();
    const created = await createTemplate(account.readWriteKey);
    const res = await putDraft(t, account.readWriteKey, created.id, {
      base_revision: 1,
      files: [readme(), { path: 'docs/emoji.md', content: EMOJI }, { path: 'notes/long.md', content: LONG }],
    });
    expect(res.status).toBe(200);
    return { account, id: created.id };
  }

  test('with no body at all, or an empty one, every file of the current revision comes back whole', async () => {
    const { account, id } = await templateToRead();
    const expected = [
      { path: 'README.md', size: [...README].length, content: README, truncated: false },
      { path: 'docs/emoji.md', size: 8, content: EMOJI, truncated: false },
      { path: 'notes/long.md', size: 100, content: LONG, truncated: false },
    ];
    const sortFiles = (files: DraftRead['files']) => [...files].sort((x, y) => x.path.localeCompare(y.path));
    for (const body of [undefined, {}]) {
      const data = await readData(account.readOnlyKey, id, body);
      expect(data.template_id).toBe(id);
      expect(data.revision).toBe(2);
      expect(sortFiles(data.files)).toEqual(sortFiles(expected));
      expect(data.missing).toEqual([]);
      expect(data.omitted).toEqual([]);
    }
  });

  test('paths select files in the order asked, and paths the draft does not hold are listed in missing', async () => {
    const { account, id } = await templateToRead();
    const data = await readData(account.readWriteKey, id, { paths: ['notes/long.md', 'nope.md', 'README.md', 'readme.md'] });
    expect(data.files.map((f) => f.path)).toEqual(['notes/long.md', 'README.md']);
    expect(data.files[0]).toEqual({ path: 'notes/long.md', size: 100, content: LONG, truncated: false });
    expect(data.missing).toEqual(['nope.md', 'readme.md']);
    expect(data.omitted).toEqual([]);
  });

  test('max_chars_per_file cuts each file in code points (never splitting an emoji) and reports the full size', async () => {
    const { account, id } = await templateToRead();
    const cut = await readData(account.readWriteKey, id, { paths: ['docs/emoji.md', 'notes/long.md'], max_chars_per_file: 3 });
    expect(cut.files).toEqual([
      { path: 'docs/emoji.md', size: 8, content: '😀😁😂', truncated: true },
      { path: 'notes/long.md', size: 100, content: 'abc', truncated: true },
    ]);
    // Eight emoji are 16 UTF-16 units but 8 code points: a budget of 8 holds the whole file.
    const exact = await readData(account.readWriteKey, id, { paths: ['docs/emoji.md'], max_chars_per_file: 8 });
    expect(exact.files).toEqual([{ path: 'docs/emoji.md', size: 8, content: EMOJI, truncated: false }]);
  });

  test('max_total_chars fills the files in order and lists those it could not reach in omitted', async () => {
    const { account, id } = await templateToRead();
    const paths = ['docs/emoji.md', 'notes/long.md', 'README.md'];
    const partly = await readData(account.readWriteKey, id, { paths, max_total_chars: 10 });
    expect(partly.files).toEqual([
      { path: 'docs/emoji.md', size: 8, content: EMOJI, truncated: false },
      { path: 'notes/long.md', size: 100, content: 'ab', truncated: true },
    ]);
    expect(partly.omitted).toEqual(['README.md']);
    expect(partly.missing).toEqual([]);

    const used = await readData(account.readWriteKey, id, { paths: [...paths, 'gone.md'], max_total_chars: 8 });
    expect(used.files).toEqual([{ path: 'docs/emoji.md', size: 8, content: EMOJI, truncated: false }]);
    expect(used.omitted).toEqual(['notes/long.md', 'README.md']);
    expect(used.missing).toEqual(['gone.md']);
  });

  test('read budgets above their maximum are 400 invalid_request', async () => {
    const { account, id } = await templateToRead();
    expectError(await read(account.readWriteKey, id, { max_chars_per_file: 100001 }), 400, 'invalid_request');
    expectError(await read(account.readWriteKey, id, { max_total_chars: 500001 }), 400, 'invalid_request');
    expectError(await read(account.readWriteKey, id, { paths: [] }), 400, 'invalid_request');
  });

  test('a read-only key may read a draft, but its update is 403 insufficient_key_mode and so is any workflow action', async () => {
    const { account, template } = await templateWithDraft();
    const before = await snapshot(account, template.id);
    const data = await readData(account.readOnlyKey, template.id, { paths: ['README.md'] });
    expect(data.files[0]?.content).toBe(README);

    const put = await putDraft(t, account.readOnlyKey, template.id, { base_revision: data.revision, files: [readme()] });
    expectError(put, 403, 'insufficient_key_mode');
    const review = await workflow(t, account.readOnlyKey, { action: 'submit_review', template_id: template.id, revision: data.revision });
    expectError(review, 403, 'insufficient_key_mode');
    const create = await createRequest(account.readOnlyKey);
    expectError(create, 403, 'insufficient_key_mode');

    expect(await snapshot(account, template.id)).toEqual(before);
  });

  test("another account's Template is 404 template_not_found on read and on update, and stays untouched", async () => {
    const { account, template } = await templateWithDraft();
    const stranger = await t.account();
    const before = await snapshot(account, template.id);
    expectError(await read(stranger.readWriteKey, template.id, {}), 404, 'template_not_found');
    expectError(await read(stranger.session, template.id), 404, 'template_not_found');
    expectError(
      await putDraft(t, stranger.readWriteKey, template.id, { base_revision: template.draft.revision, files: [readme()] }),
      404,
      'template_not_found',
    );
    expect(await snapshot(account, template.id)).toEqual(before);
    // A well-formed ID nobody owns reads the same.
    expectError(await read(account.readWriteKey, 'tpl_01JD2X5Y7Z8A9B0C1D2E3F4G5H', {}), 404, 'template_not_found');
  });
});

describe('the file rules of a draft update', () => {
  let account: TestAccount;
  let id: string;
  let revision: number;
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    const made = await templateWithDraft();
    account = made.account;
    id = made.template.id;
    revision = made.template.draft.revision;
    before = await snapshot(account, id);
  });

  // Every refused update leaves the draft exactly as it was: revision, metadata and files.
  afterEach(async () => {
    expect(await snapshot(account, id)).toEqual(before);
  });

  const put = (files: DraftFile[], extra: Record<string, unknown> = {}) =>
    putDraft(t, account.readWriteKey, id, { base_revision: revision, files, ...extra });

  test.each([
    ['a ".." segment', 'docs/../secrets.md'],
    ['a leading "/"', '/notes.md'],
    ['a leading "."', '.env'],
    ['a leading "." in a later segment', 'docs/.hidden.md'],
    ['a backslash', 'docs\\notes.md'],
    ['an empty segment', 'docs//notes.md'],
    ['a space', 'my notes.md'],
    ['201 characters', `${'a'.repeat(197)}.md`.padStart(201, 'x')],
  ])('a path with %s is a path violation', async (_label, path) => {
    const res = await put([readme(), { path, content: 'text\n' }]);
    expectViolations(res, [{ rule: 'path', path }]);
  });

  test('a path of exactly 200 characters is a valid path', async () => {
    const path = `${'d'.repeat(99)}/${'f'.repeat(97)}.md`;
    expect(path.length).toBe(200);
    // Checked on a fresh Template, so this test's success does not change the shared draft.
    const own = await createTemplate(account.readWriteKey);
    const res = await putDraft(t, account.readWriteKey, own.id, { base_revision: 1, files: [readme(), { path, content: 'ok\n' }] });
    expect(res.status).toBe(200);
    expect(res.body.data.draft.files).toContainEqual({ path, size: 3 });
  });

  test('two paths equal when compared case-insensitively are a duplicate_path violation', async () => {
    const res = await put([readme(), { path: 'notes/Plan.md', content: 'a\n' }, { path: 'NOTES/plan.md', content: 'b\n' }]);
    expectViolations(res, [{ rule: 'duplicate_path', path: 'NOTES/plan.md' }]);
  });

  test.each([
    ['a segment ending with "." (Windows would write README.md.)', 'README.md.', 'no segment may end with "."'],
    ['a folder ending with "."', 'docs./a.md', 'no segment may end with "."'],
    ['the device name CON', 'CON', 'CON is a device name on Windows'],
    ['the device name NUL with an extension', 'NUL.md', 'NUL is a device name on Windows'],
    ['a lower-case device name with an extension', 'aux.txt', 'AUX is a device name on Windows'],
    ['the device name COM1', 'COM1', 'COM1 is a device name on Windows'],
    ['a device name with two extensions', 'lpt9.tar.gz', 'LPT9 is a device name on Windows'],
    ['a device name as a folder', 'prn/notes.md', 'PRN is a device name on Windows'],
  ])('a path with %s is a path violation naming it', async (_label, path, words) => {
    const res = await put([readme(), { path, content: 'text\n' }]);
    const [violation] = expectViolations(res, [{ rule: 'path', path }]);
    expect(violation!.message).toContain(`"${path}"`);
    expect(violation!.message).toContain(words);
  });

  test.each([
    ['COM10', 'com10.md'],
    ['a device name inside a longer name', 'console.md'],
    ['a device name after the first dot', 'notes.con'],
  ])('%s is not a device name: %s is accepted', async (_label, path) => {
    const own = await createTemplate(account.readWriteKey);
    const res = await putDraft(t, account.readWriteKey, own.id, { base_revision: 1, files: [readme(), { path, content: 'ok\n' }] });
    expect(res.status).toBe(200);
  });

  test.each([
    ['a file named as the folder of another path', [{ path: 'docs', content: 'a\n' }, { path: 'docs/a.md', content: 'b\n' }], 'docs', '"docs" is a file, but "docs/a.md" lies in a folder of that name'],
    ['a file named as that folder in other letter case, listed after it', [{ path: 'guide/docs/a.md', content: 'a\n' }, { path: 'guide/Docs', content: 'b\n' }], 'guide/Docs', '"guide/Docs" is a file, but "guide/docs/a.md" lies in a folder of that name'],
    ['a folder spelled in other letter case by a later path', [{ path: 'DOCS/a.md', content: 'a\n' }, { path: 'docs/b.md', content: 'b\n' }], 'docs/b.md', '"docs/b.md" lies in the folder "docs", which "DOCS/a.md" spells with other letter case'],
    ['a nested folder spelled in other letter case', [{ path: 'docs/Guide/a.md', content: 'a\n' }, { path: 'docs/guide/b.md', content: 'b\n' }], 'docs/guide/b.md', '"docs/guide/b.md" lies in the folder "docs/guide", which "docs/Guide/a.md" spells'],
  ])('%s is a path_conflict violation naming both paths', async (_label, files, path, words) => {
    const [violation] = expectViolations(await put([readme(), ...files]), [{ rule: 'path_conflict', path }]);
    expect(violation!.message).toContain(words);
  });

  test('folders spelled the same way by every path in them are accepted, however many files they hold', async () => {
    const own = await createTemplate(account.readWriteKey);
    const files = [readme(), { path: 'Docs/a.md', content: 'a\n' }, { path: 'Docs/b/c.md', content: 'c\n' }, { path: 'Docs/b/d.md', content: 'd\n' }, { path: 'docs.md', content: 'e\n' }];
    const res = await putDraft(t, account.readWriteKey, own.id, { base_revision: 1, files });
    expect(res.status).toBe(200);
  });

  test('a path conflict whose paths hold a secret names the files by their place, so the secret is not repeated', async () => {
    const inPath = `AKIA${'R8'.repeat(8)}`;
    const res = await put([
      readme(),
      { path: `keys/${inPath}/a.md`, content: 'a\n' },
      { path: `KEYS/${inPath}/b.md`, content: 'b\n' },
      { path: `keys/${inPath}`, content: 'c\n' },
    ]);
    const violations = expectViolations(res, [{ rule: 'path_conflict' }, { rule: 'path_conflict' }]);
    expect(violations.map((v) => v.message).sort()).toEqual([
      'File 3 lies in a folder, which file 2 spells with other letter case (folder names are compared case-insensitively).',
      'File 4 is a file, but file 2 lies in a folder of that name (paths are compared case-insensitively).',
    ]);
    expect(JSON.stringify(res.body).toUpperCase()).not.toContain(inPath);
  });

  test('a file set without a root README.md is a readme_missing violation (a nested or lower-case one does not count)', async () => {
    const res = await put([
      { path: 'docs/README.md', content: README },
      { path: 'readme.txt', content: README },
    ]);
    expectViolations(res, [{ rule: 'readme_missing' }]);
  });

  test('51 files is a file_count violation', async () => {
    const files = [readme(), ...Array.from({ length: 50 }, (_, i) => ({ path: `notes/n${i}.md`, content: `note ${i}\n` }))];
    expect(files).toHaveLength(51);
    expectViolations(await put(files), [{ rule: 'file_count' }]);
  });

  test('an empty file set is a file_count violation (and has no README)', async () => {
    expectViolations(await put([]), [{ rule: 'file_count' }, { rule: 'readme_missing' }]);
  });

  test('a file of 100,001 code points is a file_size violation', async () => {
    const res = await put([readme(), { path: 'big.md', content: 'a'.repeat(100001) }]);
    expectViolations(res, [{ rule: 'file_size', path: 'big.md' }]);
  });

  test('six files of 99,999 code points, over 500,000 in all, are a total_size violation', async () => {
    const content = 'b'.repeat(99999);
    const files = [readme(content), ...Array.from({ length: 5 }, (_, i) => ({ path: `part${i}.md`, content }))];
    expectViolations(await put(files), [{ rule: 'total_size' }]);
  });

  test('a NUL or another control character makes a file text_only violation, with its line', async () => {
    const res = await put([
      readme(),
      { path: 'null.md', content: 'line one\nline two\nhere\u0000\n' },
      { path: 'escape.md', content: 'colour: \u001b[31m red\n' },
      { path: 'delete.md', content: 'a\nb\u007f\n' },
    ]);
    expectViolations(res, [
      { rule: 'text_only', path: 'null.md', line: 3 },
      { rule: 'text_only', path: 'escape.md', line: 1 },
      { rule: 'text_only', path: 'delete.md', line: 2 },
    ]);
  });

  test('a broken file whose path holds a secret is named by its place, so the secret is not repeated', async () => {
    const inPath = `AKIA${'Q7'.repeat(8)}`;
    const res = await put([
      readme(),
      { path: `keys/${inPath}.env`, content: 'token\u0000\n' },
      { path: `KEYS/${inPath}.ENV`, content: 'k'.repeat(100001) },
    ]);
    const violations = expectViolations(res, [{ rule: 'text_only' }, { rule: 'duplicate_path' }, { rule: 'file_size' }]);
    expect(violations.map((v) => v.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^File 2 contains a control character/), 'File 3 duplicates file 2 (paths are compared case-insensitively).']),
    );
    expect(JSON.stringify(res.body).toUpperCase()).not.toContain(inPath);
  });

  test('several broken rules in one request are all reported at once', async () => {
    const files = [
      { path: '../escape.md', content: 'x\n' },
      { path: 'Notes.md', content: 'one\n' },
      { path: 'notes.md', content: 'two\u0000\n' },
      { path: 'huge.md', content: 'c'.repeat(100001) },
      { path: 'C:\\windows.md', content: 'x\n' },
    ];
    const res = await put(files);
    const violations = expectViolations(res, [
      { rule: 'path', path: '../escape.md' },
      { rule: 'duplicate_path', path: 'notes.md' },
      { rule: 'text_only', path: 'notes.md' },
      { rule: 'file_size', path: 'huge.md' },
      { rule: 'path', path: 'C:\\windows.md' },
      { rule: 'readme_missing' },
    ]);
    expect(res.body.error.message).toContain(String(violations.length));
  });

  test('a broken field beside broken files is reported with them, not hidden', async () => {
    const res = await put([], { base_revision: 'x' });
    expectError(res, 400, 'invalid_draft');
    expect(res.body.error.details.violations.map((v: { rule: string }) => v.rule)).toContain('file_count');
    expect(res.body.error.details.errors).toEqual([{ in: 'body', path: '/body/base_revision', message: 'must be integer' }]);
  });

  test('all rules at once, including the count and the total, are reported together', async () => {
    const content = 'd'.repeat(99999);
    const files = [
      ...Array.from({ length: 49 }, (_, i) => ({ path: `f${i}.md`, content: i < 6 ? content : 'x\n' })),
      { path: '.git/config', content: 'x\n' },
      { path: 'F0.md', content: 'bell\u0007\n' },
    ];
    const res = await put(files);
    expectViolations(res, [
      { rule: 'file_count' },
      { rule: 'path', path: '.git/config' },
      { rule: 'duplicate_path', path: 'F0.md' },
      { rule: 'text_only', path: 'F0.md' },
      { rule: 'total_size' },
      { rule: 'readme_missing' },
    ]);
  });

  test('an MTL API key in a file is 400 secret_in_content naming file and line, and the key appears nowhere in the response', async () => {
    const key = generateKey('read_write', newId('account'));
    const res = await put([
      readme(),
      { path: 'docs/setup.md', content: `# Setup\n\nExport the key:\nMTL_KEY=${key}\n` },
    ]);
    expectError(res, 400, 'secret_in_content');
    expect(res.body.error.details.findings).toEqual([{ path: 'docs/setup.md', line: 4 }]);
    const raw = JSON.stringify(res.body) + JSON.stringify(res.headers);
    expect(raw).not.toContain(key);
    expect(raw).not.toContain(key.slice(7, 39));
  });

  test('read-only keys are secrets too, found on every line they appear', async () => {
    const key = generateKey('read_only', newId('account'));
    const res = await put([readme(`${README}\nkey ${key}\n`), { path: 'a.md', content: `${key} and again ${key}` }]);
    expectError(res, 400, 'secret_in_content');
    const findings = res.body.error.details.findings as Array<{ path: string; line: number }>;
    const places = [...new Set(findings.map((f) => `${f.path}:${f.line}`))].sort();
    expect(places).toEqual(['README.md:5', 'a.md:1']);
    for (const finding of findings) expect(Object.keys(finding).sort()).toEqual(['line', 'path']);
    expect(JSON.stringify(res.body)).not.toContain(key);
  });

  test('many keys: the first 50 places are listed and the rest counted', async () => {
    const key = generateKey('read_write', newId('account'));
    const res = await put([readme(), { path: 'a.md', content: Array.from({ length: 60 }, () => key).join('\n') }]);
    expectError(res, 400, 'secret_in_content');
    const findings = res.body.error.details.findings as Array<{ path: string; line: number }>;
    expect(findings.map((f) => f.line)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(res.body.error.details.omitted_findings).toBe(10);
  });

  test('a body over 2 MiB on the draft route is 413 payload_too_large', async () => {
    const res = await put([readme('a'.repeat(2 * 1024 * 1024 + 10))]);
    expectError(res, 413, 'payload_too_large');
  });

  test('an unknown license in the metadata is 400 invalid_request', async () => {
    const res = await put([readme()], { license: 'WTFPL' });
    expectError(res, 400, 'invalid_request');
  });
});

describe('what a draft update may hold', () => {
  test('limits count code points: a file of 100,000 emoji (200,000 UTF-16 units) is accepted with size 100,000', async () => {
    const a = await t.account();
    const created = await createTemplate(a.readWriteKey);
    const content = '🙂'.repeat(100000);
    const res = await putDraft(t, a.readWriteKey, created.id, { base_revision: 1, files: [readme(), { path: 'smiles.md', content }] });
    expect(res.status).toBe(200);
    expect(res.body.data.draft.files).toContainEqual({ path: 'smiles.md', size: 100000 });
    const data = await readData(a.readWriteKey, created.id, { paths: ['smiles.md'], max_chars_per_file: 100000 });
    expect(data.files[0]?.truncated).toBe(false);
    expect(data.files[0]?.content === content).toBe(true);
  });

  test('a 1.5 MiB draft body is accepted, while the same size on another route is 413 payload_too_large', async () => {
    const a = await t.account();
    const created = await createTemplate(a.readWriteKey);
    const files = [readme(), ...Array.from({ length: 5 }, (_, i) => ({ path: `wide/part${i}.md`, content: '😀'.repeat(80000) }))];
    const body = { base_revision: 1, files };
    const bytes = Buffer.byteLength(JSON.stringify(body));
    expect(bytes).toBeGreaterThan(1.5 * 1024 * 1024);
    expect(bytes).toBeLessThan(2 * 1024 * 1024);

    const res = await putDraft(t, a.readWriteKey, created.id, body);
    expect(res.status).toBe(200);
    expect(res.body.data.draft.revision).toBe(2);
    expect(res.body.data.draft.total_size).toBe(5 * 80000 + [...README].length);

    const elsewhere = await read(a.readWriteKey, created.id, { paths: ['README.md'], padding: 'p'.repeat(1.5 * 1024 * 1024) });
    expectError(elsewhere, 413, 'payload_too_large');
  });

  test('a refused over-2-MiB body leaves the draft as it was', async () => {
    const { account, template } = await templateWithDraft();
    const before = await snapshot(account, template.id);
    const res = await putDraft(t, account.readWriteKey, template.id, {
      base_revision: template.draft.revision,
      files: [readme(), { path: 'big.md', content: 'x'.repeat(2 * 1024 * 1024) }],
    });
    expectError(res, 413, 'payload_too_large');
    expect(await snapshot(account, template.id)).toEqual(before);
  });

  test('two updates sent from the same read race: exactly one lands, the other is 409 draft_changed', async () => {
    const { account, template } = await templateWithDraft();
    const base = template.draft.revision;
    const [x, y] = await Promise.all(
      ['x', 'y'].map((who) =>
        putDraft(t, account.readWriteKey, template.id, { base_revision: base, files: [readme(), { path: 'who.md', content: who }] }),
      ),
    );
    const results = [x, y].map((res) => res?.status).sort();
    expect(results).toEqual([200, 409]);
    const loser = [x, y].find((res) => res?.status === 409) as Response;
    const winner = [x, y].find((res) => res?.status === 200) as Response;
    expectError(loser, 409, 'draft_changed');
    expect(loser.body.error.details.current_revision).toBe(base + 1);
    const data = await readData(account.readWriteKey, template.id, { paths: ['who.md'] });
    expect(data.revision).toBe(base + 1);
    expect(winner.body.data.draft.revision).toBe(base + 1);
    expect(['x', 'y']).toContain(data.files[0]?.content);
  });

  test('an MTL API key used as a file path is refused as secret_in_content too: the file list becomes public', async () => {
    const { account, template } = await templateWithDraft();
    const before = await snapshot(account, template.id);
    const key = generateKey('read_write', newId('account'));
    const res = await putDraft(t, account.readWriteKey, template.id, {
      base_revision: template.draft.revision,
      files: [readme(), { path: `keys/${key}.md`, content: 'nothing to see\n' }],
    });
    expectError(res, 400, 'secret_in_content');
    expect(JSON.stringify(res.body)).not.toContain(key);
    expect(await snapshot(account, template.id)).toEqual(before);
  });

  test('a key in a file whose path is a key too: the content finding names the file by its place, so neither key is repeated', async () => {
    const { account, template } = await templateWithDraft();
    const before = await snapshot(account, template.id);
    const key = generateKey('read_write', newId('account'));
    const res = await putDraft(t, account.readWriteKey, template.id, {
      base_revision: template.draft.revision,
      files: [readme(), { path: `keys/${key}.md`, content: `intro\nMTL_KEY=${key}\n` }],
    });
    expectError(res, 400, 'secret_in_content');
    expect(res.body.error.details.findings).toEqual([{ field: 'files[1].content', line: 2 }, { field: 'files[1].path' }]);
    expect(JSON.stringify(res.body)).not.toContain(key);
    expect(await snapshot(account, template.id)).toEqual(before);
  });

  test('an MTL API key in metadata that the public listing shows (summary) is refused as secret_in_content', async () => {
    const { account, template } = await templateWithDraft();
    const before = await snapshot(account, template.id);
    const key = generateKey('read_write', newId('account'));
    const res = await putDraft(t, account.readWriteKey, template.id, {
      base_revision: template.draft.revision,
      files: [readme()],
      summary: `Set MTL_KEY=${key} first`,
    });
    expectError(res, 400, 'secret_in_content');
    expect(JSON.stringify(res.body)).not.toContain(key);
    expect(await snapshot(account, template.id)).toEqual(before);
  });

  test('a look-alike key with a wrong checksum is not an MTL key and is accepted', async () => {
    const { account, template } = await templateWithDraft();
    const fake = changeCharAt(generateKey('read_write', newId('account')), 44);
    const res = await putDraft(t, account.readWriteKey, template.id, {
      base_revision: template.draft.revision,
      files: [readme(), { path: 'example.md', content: `An example shape: ${fake}\n` }],
    });
    expect(res.status).toBe(200);
  });

  test('metadata sent with the files updates the owner view (name trimmed, tags trimmed, lower-cased and de-duplicated); metadata left out is kept', async () => {
    const { account, template } = await templateWithDraft();
    const res = await putDraft(t, account.readWriteKey, template.id, {
      base_revision: template.draft.revision,
      files: [readme()],
      name: '  Deep work  ',
      summary: 'Two focused hours, every day',
      category: 'personal',
      tags: [' Focus ', 'FOCUS', 'Deep-Work'],
      license: 'Apache-2.0',
      release_notes: 'Adds the daily focus block.',
    });
    expect(res.status).toBe(200);
    const expected = {
      name: 'Deep work',
      summary: 'Two focused hours, every day',
      category: 'personal',
      tags: ['focus', 'deep-work'],
      license: 'Apache-2.0',
      release_notes: 'Adds the daily focus block.',
    };
    expect(res.body.data).toMatchObject(expected);
    expect(await ownerView(account.readOnlyKey, template.id)).toMatchObject({ ...expected, draft: { revision: template.draft.revision + 1 } });

    const filesOnly = await putDraft(t, account.readWriteKey, template.id, {
      base_revision: template.draft.revision + 1,
      files: [readme(), { path: 'extra.md', content: 'more\n' }],
    });
    expect(filesOnly.status).toBe(200);
    expect(filesOnly.body.data).toMatchObject({ ...expected, draft: { revision: template.draft.revision + 2 } });
  });

  test('an unknown license leaves the metadata as it was', async () => {
    const { account, template } = await templateWithDraft();
    const before = await snapshot(account, template.id);
    const res = await putDraft(t, account.readWriteKey, template.id, {
      base_revision: template.draft.revision,
      files: [readme()],
      name: 'Renamed',
      license: 'Beerware',
    });
    expectError(res, 400, 'invalid_request');
    expect(await snapshot(account, template.id)).toEqual(before);
  });
});
