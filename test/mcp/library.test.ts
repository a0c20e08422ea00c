import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Response } from 'supertest';
import { bearer, uniqueWord, type TestAccount } from '../support/app';
import { must } from '../support/assertions';
import { workflow } from '../library/helpers';
import { callError, callOk, startMcpTestApp, type McpTestApp } from './helpers';
import { expectSameError } from './rest-parity';

/*
 * The Library through the MCP tools: the creator's draft, review and publication workflow with one
 * tool per action, the public Library, and the refusals a tool call shares with REST.
 */

let app: McpTestApp;
let reader: Client;
let readerAccount: TestAccount;
beforeAll(async () => {
  app = await startMcpTestApp();
  readerAccount = await app.account();
  reader = await app.connect(readerAccount.readOnlyKey);
});
afterAll(async () => {
  await app.close();
});

const TEMPLATE_ID = /^tpl_[0-9A-HJKMNP-TV-Z]{26}$/;
const RUN_ID = /^run_[0-9A-HJKMNP-TV-Z]{26}$/;
const CHECKS = ['readme_present', 'file_rules', 'license_allowed', 'metadata_complete', 'no_secrets', 'text_only'];
const PUBLISH_NOTES = 'First public version of the checklist.';
const REPUBLISH_NOTES = 'Back in the Library with the same files.';


function goodFiles(word: string) {
  return [
    { path: 'README.md', content: `# Weekly review\n\nA checklist to close the week calmly and plan the next one. Keyword ${word}.\n` },
    { path: 'checklists/weekly.md', content: `- [ ] Inbox zero\n- [ ] Review the calendar (${word})\n` },
  ];
}

interface Creator {
  readonly account: TestAccount;
  readonly rw: Client;
  readonly ro: Client;
}

async function newCreator(): Promise<Creator> {
  const account = await app.account();
  return { account, rw: await app.connect(account.readWriteKey), ro: await app.connect(account.readOnlyKey) };
}

const CREATE_ARGS = {
  name: 'Weekly review',
  summary: 'A calm weekly review checklist',
  category: 'productivity',
  tags: ['planning'],
  license: 'MIT',
};

async function createTemplate(c: Creator): Promise<string> {
  return (await callOk(c.rw, 'create_template', CREATE_ARGS)).data.template.id;
}

/** A Template at revision 2 with good files, reviewed: ready_to_publish. */
async function readyTemplate(c: Creator, word = uniqueWord()): Promise<string> {
  const id = await createTemplate(c);
  await callOk(c.rw, 'update_template_draft', { template_id: id, base_revision: 1, files: goodFiles(word) });
  const reviewed = await callOk(c.rw, 'submit_template_for_review', { template_id: id, revision: 2 });
  expect(reviewed.data.template.review.state).toBe('ready_to_publish');
  return id;
}

function publishArgs(id: string, revision = 2) {
  return { template_id: id, revision, release_notes: PUBLISH_NOTES, confirm: { license: 'MIT', files_public: true, reviewed_revision: revision } };
}

async function creatorStatus(token: string) {
  return must(await app.http.get('/v1/library/creator/status').set(bearer(token)), 200, 'creator status').body;
}

async function publicSearch(word: string): Promise<string[]> {
  const found = await callOk(reader, 'search_library_templates', { query: word });
  return found.data.map((item: { id: string }) => item.id);
}

describe('the creator workflow over MCP', () => {
  test('create, read, update, submit for review, publish, find in the Library, unpublish and republish', async () => {
    const c = await newCreator();
    const word = uniqueWord();

    // 1. Create: revision 1 with a starter README.md.
    const created = await callOk(c.rw, 'create_template', CREATE_ARGS);
    const template = created.data.template;
    expect(template).toMatchObject({
      id: expect.stringMatching(TEMPLATE_ID),
      ...CREATE_ARGS,
      draft: { revision: 1, files: [{ path: 'README.md', size: expect.any(Number) }] },
      review: { state: 'draft', reviewed_revision: null },
      publication: { state: 'never_published', version: 0, published_revision: null, published_at: null },
    });
    expect(created.data.run).toMatchObject({ id: expect.stringMatching(RUN_ID), template_id: template.id, action: 'create', status: 'succeeded' });
    const id: string = template.id;

    // 2. The creator status, as REST shows it.
    const status = await callOk(c.ro, 'get_creator_status', {});
    expect(status).toEqual(await creatorStatus(c.account.readOnlyKey));
    expect(status.data.templates.map((e: { template: { id: string } }) => e.template.id)).toEqual([id]);

    // 3. Read the draft (a read-only key may), as REST reads it.
    const first = await callOk(c.ro, 'read_template_draft', { template_id: id });
    expect(first.data).toMatchObject({ template_id: id, revision: 1, missing: [], omitted: [] });
    expect(first.data.files.map((f: { path: string }) => f.path)).toEqual(['README.md']);
    const restRead = must(await app.http.post(`/v1/library/templates/${id}/read`).set(bearer(c.account.readOnlyKey)).send({}), 200, 'read');
    expect(first).toEqual(restRead.body);

    // 4. Replace the file set, naming the revision it replaces.
    const updated = await callOk(c.rw, 'update_template_draft', { template_id: id, base_revision: 1, files: goodFiles(word), tags: ['Planning', 'weekly'] });
    expect(updated.data).toMatchObject({ id, tags: ['planning', 'weekly'], draft: { revision: 2 }, review: { state: 'draft' } });
    expect(updated.data.draft.files.map((f: { path: string }) => f.path).sort()).toEqual(['README.md', 'checklists/weekly.md']);

    // 5. Read again to verify, with a missing path and a small per-file budget.
    const again = await callOk(c.ro, 'read_template_draft', { template_id: id, paths: ['README.md', 'nope.md'], max_chars_per_file: 10 });
    expect(again.data).toMatchObject({ template_id: id, revision: 2, missing: ['nope.md'] });
    expect(again.data.files).toEqual([{ path: 'README.md', size: expect.any(Number), content: '# Weekly r', truncated: true }]);

    // 6. Submit that revision for review.
    const reviewed = await callOk(c.rw, 'submit_template_for_review', { template_id: id, revision: 2 });
    expect(reviewed.data.template.review).toMatchObject({ state: 'ready_to_publish', reviewed_revision: 2 });
    expect(reviewed.data.run).toMatchObject({ action: 'submit_review', revision: 2, status: 'succeeded' });
    expect(reviewed.data.run.checks.map((check: { check: string; status: string }) => [check.check, check.status])).toEqual(
      CHECKS.map((check) => [check, 'passed']),
    );
    expect(await publicSearch(word)).toEqual([]);

    // 7. Publish, confirming the license, the files and the reviewed revision.
    const published = await callOk(c.rw, 'publish_template', publishArgs(id));
    expect(published.data.template.publication).toMatchObject({ state: 'published', version: 1, published_revision: 2 });
    expect(published.data.template.release_notes).toBe(PUBLISH_NOTES);

    // 8. Anyone with a key finds it, as over REST.
    expect(await publicSearch(word)).toEqual([id]);
    const search = await callOk(reader, 'search_library_templates', { query: word });
    expect(search).toEqual(
      must(await app.http.get('/v1/library/templates').query({ query: word }).set(bearer(readerAccount.readOnlyKey)), 200, 'search').body,
    );
    expect(search.data[0]).toMatchObject({ id, name: 'Weekly review', version: 1, creator: { display_name: c.account.subject } });
    const byCategory = await callOk(reader, 'search_library_templates', { query: word, category: 'productivity', tag: 'weekly' });
    expect(byCategory.data.map((item: { id: string }) => item.id)).toEqual([id]);
    expect((await callOk(reader, 'search_library_templates', { query: word, category: 'writing' })).data).toEqual([]);

    const detail = await callOk(reader, 'get_library_template', { template_id: id });
    expect(detail).toEqual(must(await app.http.get(`/v1/library/templates/${id}`).set(bearer(readerAccount.readOnlyKey)), 200, 'detail').body);
    expect(detail.data.template).toMatchObject({ id, version: 1 });
    expect(detail.data.files.map((f: { path: string }) => f.path).sort()).toEqual(['README.md', 'checklists/weekly.md']);

    // 9. Unpublish: gone from the Library.
    const unpublished = await callOk(c.rw, 'unpublish_template', { template_id: id });
    expect(unpublished.data.template.publication).toMatchObject({ state: 'unpublished', version: 1 });
    expect(await publicSearch(word)).toEqual([]);
    const hidden = await callError(reader, 'get_library_template', { template_id: id });
    expectSameError(hidden, await app.http.get(`/v1/library/templates/${id}`).set(bearer(readerAccount.readOnlyKey)), 'template_not_found');

    // 10. Republish: the last published revision, same version.
    const republished = await callOk(c.rw, 'republish_template', { template_id: id, release_notes: REPUBLISH_NOTES });
    expect(republished.data.template.publication).toMatchObject({ state: 'published', version: 1, published_revision: 2 });
    expect(await publicSearch(word)).toEqual([id]);

    // Every action is on record in the creator status.
    const runs = (await callOk(c.ro, 'get_creator_status', {})).data.templates[0].latest_runs;
    expect(runs.map((run: { action: string; status: string }) => [run.action, run.status])).toEqual([
      ['republish', 'succeeded'],
      ['unpublish', 'succeeded'],
      ['publish', 'succeeded'],
      ['submit_review', 'succeeded'],
      ['create', 'succeeded'],
    ]);
  });

  test('a newer draft of a published Template stays private until it is reviewed and published', async () => {
    const c = await newCreator();
    const oldWord = uniqueWord();
    const newWord = uniqueWord();
    const id = await readyTemplate(c, oldWord);
    await callOk(c.rw, 'publish_template', publishArgs(id));
    const edited = await callOk(c.rw, 'update_template_draft', { template_id: id, base_revision: 2, files: goodFiles(newWord) });
    expect(edited.data).toMatchObject({ draft: { revision: 3 }, review: { state: 'draft' }, publication: { state: 'published', published_revision: 2 } });
    expect(await publicSearch(newWord)).toEqual([]);
    expect(await publicSearch(oldWord)).toEqual([id]);

    await callOk(c.rw, 'submit_template_for_review', { template_id: id, revision: 3 });
    const second = await callOk(c.rw, 'publish_template', publishArgs(id, 3));
    expect(second.data.template.publication).toMatchObject({ state: 'published', version: 2, published_revision: 3 });
    expect(await publicSearch(newWord)).toEqual([id]);
  });

  test('a failing review ends in changes_requested with findings, as REST reports them', async () => {
    const c = await newCreator();
    const id = await createTemplate(c);
    // The starter README is not enough.
    const reviewed = await callOk(c.rw, 'submit_template_for_review', { template_id: id, revision: 1 });
    expect(reviewed.data.template.review.state).toBe('changes_requested');
    const readme = reviewed.data.run.checks.find((check: { check: string }) => check.check === 'readme_present');
    expect(readme.status).toBe('failed');
    expect(readme.findings.length).toBeGreaterThan(0);
    const status = await callOk(c.ro, 'get_creator_status', {});
    expect(status.data.templates[0].latest_runs[0]).toEqual(reviewed.data.run);
  });
});

describe('refusals shared with REST', () => {
  test('a stale base_revision is draft_changed, for a draft update and for a review, and nothing changes', async () => {
    const c = await newCreator();
    const key = c.account.readWriteKey;
    const id = await createTemplate(c);
    await callOk(c.rw, 'update_template_draft', { template_id: id, base_revision: 1, files: goodFiles(uniqueWord()) });
    const before = await callOk(c.ro, 'read_template_draft', { template_id: id });

    const stale = { base_revision: 1, files: goodFiles(uniqueWord()) };
    const mcp = await callError(c.rw, 'update_template_draft', { template_id: id, ...stale });
    const rest = await app.http.put(`/v1/library/templates/${id}/draft`).set(bearer(key)).send(stale);
    expectSameError(mcp, rest, 'draft_changed');
    expect(mcp).toMatchObject({ status: 409, details: expect.objectContaining({ current_revision: 2 }) });

    const review = await callError(c.rw, 'submit_template_for_review', { template_id: id, revision: 1 });
    expectSameError(review, await workflow(app, key, { action: 'submit_review', template_id: id, revision: 1 }), 'draft_changed');

    expect(await callOk(c.ro, 'read_template_draft', { template_id: id })).toEqual(before);
  });

  test('a workflow request missing its fields names every one of them, each by its argument over MCP', async () => {
    const c = await newCreator();
    const key = c.account.readWriteKey;
    const create = await callError(c.rw, 'create_template', {});
    expectSameError(create, await workflow(app, key, { action: 'create' }), 'invalid_request');
    expect((create.details as { errors: Array<{ path: string }> }).errors.map((error) => error.path)).toEqual(['/name', '/category', '/license']);

    const publish = await callError(c.rw, 'publish_template', {});
    expectSameError(publish, await workflow(app, key, { action: 'publish' }), 'invalid_request');
    expect((publish.details as { errors: Array<{ path: string }> }).errors.map((error) => error.path)).toEqual([
      '/template_id',
      '/revision',
      '/release_notes',
      '/confirm',
    ]);
    expect(publish.message).toMatch(/^template_id must have required property 'template_id'; revision /);

    const broken = { name: '', license: 'WTFPL', colour: 'blue' };
    expectSameError(await callError(c.rw, 'create_template', broken), await workflow(app, key, { action: 'create', ...broken }), 'invalid_request');
  });

  test('publish in the wrong state is invalid_template_state naming the states; so are unpublish, republish and retry', async () => {
    const c = await newCreator();
    const key = c.account.readWriteKey;
    const id = await createTemplate(c);
    await callOk(c.rw, 'update_template_draft', { template_id: id, base_revision: 1, files: goodFiles(uniqueWord()) });

    const publish = await callError(c.rw, 'publish_template', publishArgs(id));
    expectSameError(publish, await workflow(app, key, { action: 'publish', ...publishArgs(id) }), 'invalid_template_state');
    expect(publish.details).toMatchObject({ review_state: 'draft', publication_state: 'never_published' });

    const cases: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
      ['unpublish_template', { template_id: id }, { action: 'unpublish', template_id: id }],
      ['republish_template', { template_id: id, release_notes: REPUBLISH_NOTES }, { action: 'republish', template_id: id, release_notes: REPUBLISH_NOTES }],
      ['retry_template_review', { template_id: id, revision: 2 }, { action: 'retry', template_id: id, revision: 2 }],
    ];
    for (const [tool, args, body] of cases) {
      const mcp = await callError(c.rw, tool, args);
      expect({ tool, code: mcp.code }).toEqual({ tool, code: 'invalid_template_state' });
      expectSameError(mcp, await workflow(app, key, body), 'invalid_template_state');
    }

    // Each refusal is a failed run; the Template itself did not change.
    const status = await callOk(c.ro, 'get_creator_status', {});
    const entry = status.data.templates[0];
    expect(entry.template).toMatchObject({ review: { state: 'draft' }, publication: { state: 'never_published', version: 0 } });
    expect(entry.latest_runs.map((run: { action: string; status: string; error_code?: string }) => [run.action, run.status, run.error_code])).toEqual([
      ['retry', 'failed', 'invalid_template_state'],
      ['retry', 'failed', 'invalid_template_state'],
      ['republish', 'failed', 'invalid_template_state'],
      ['republish', 'failed', 'invalid_template_state'],
      ['unpublish', 'failed', 'invalid_template_state'],
    ]);
  });

  test('a publish confirmation that does not match is publish_confirmation_mismatch, naming the fields, and publishes nothing', async () => {
    const c = await newCreator();
    const key = c.account.readWriteKey;
    const word = uniqueWord();
    const id = await readyTemplate(c, word);
    const confirms: Array<[string, Record<string, unknown>]> = [
      ['license', { license: 'Apache-2.0', files_public: true, reviewed_revision: 2 }],
      ['files_public', { license: 'MIT', files_public: false, reviewed_revision: 2 }],
      ['reviewed_revision', { license: 'MIT', files_public: true, reviewed_revision: 1 }],
    ];
    for (const [field, confirm] of confirms) {
      const args = { template_id: id, revision: 2, release_notes: PUBLISH_NOTES, confirm };
      const mcp = await callError(c.rw, 'publish_template', args);
      expectSameError(mcp, await workflow(app, key, { action: 'publish', ...args }), 'publish_confirmation_mismatch');
      expect(mcp.details).toMatchObject({ mismatched: [field] });
    }
    expect(await publicSearch(word)).toEqual([]);
    const status = await callOk(c.ro, 'get_creator_status', {});
    expect(status.data.templates[0].template.publication.state).toBe('never_published');
  });

  test("another account's Template is template_not_found for every creator tool", async () => {
    const owner = await newCreator();
    const other = await newCreator();
    const key = other.account.readWriteKey;
    const id = await readyTemplate(owner);
    const files = goodFiles(uniqueWord());
    const cases: Array<[string, Record<string, unknown>, () => Promise<Response>]> = [
      ['read_template_draft', { template_id: id }, () => app.http.post(`/v1/library/templates/${id}/read`).set(bearer(key)).send({})],
      [
        'update_template_draft',
        { template_id: id, base_revision: 2, files },
        () => app.http.put(`/v1/library/templates/${id}/draft`).set(bearer(key)).send({ base_revision: 2, files }),
      ],
      ['submit_template_for_review', { template_id: id, revision: 2 }, () => workflow(app, key, { action: 'submit_review', template_id: id, revision: 2 })],
      ['retry_template_review', { template_id: id, revision: 2 }, () => workflow(app, key, { action: 'retry', template_id: id, revision: 2 })],
      ['publish_template', publishArgs(id), () => workflow(app, key, { action: 'publish', ...publishArgs(id) })],
      ['unpublish_template', { template_id: id }, () => workflow(app, key, { action: 'unpublish', template_id: id })],
      [
        'republish_template',
        { template_id: id, release_notes: REPUBLISH_NOTES },
        () => workflow(app, key, { action: 'republish', template_id: id, release_notes: REPUBLISH_NOTES }),
      ],
      // Not published yet: the public detail does not show it either.
      ['get_library_template', { template_id: id }, () => app.http.get(`/v1/library/templates/${id}`).set(bearer(key))],
    ];
    for (const [tool, args, rest] of cases) {
      const mcp = await callError(other.rw, tool, args);
      expect({ tool, code: mcp.code }).toEqual({ tool, code: 'template_not_found' });
      expectSameError(mcp, await rest(), 'template_not_found');
    }
    // The owner's Template is untouched, and the other account has none.
    const owners = await callOk(owner.ro, 'get_creator_status', {});
    expect(owners.data.templates[0].template).toMatchObject({ id, draft: { revision: 2 }, review: { state: 'ready_to_publish' } });
    expect((await callOk(other.ro, 'get_creator_status', {})).data.templates).toEqual([]);
  });

  test('a read-only key is refused every creator write with insufficient_key_mode, but may read its draft', async () => {
    const c = await newCreator();
    const ro = c.account.readOnlyKey;
    const id = await readyTemplate(c);
    const files = goodFiles(uniqueWord());
    const cases: Array<[string, Record<string, unknown>, () => Promise<Response>]> = [
      ['create_template', CREATE_ARGS, () => workflow(app, ro, { action: 'create', ...CREATE_ARGS })],
      [
        'update_template_draft',
        { template_id: id, base_revision: 2, files },
        () => app.http.put(`/v1/library/templates/${id}/draft`).set(bearer(ro)).send({ base_revision: 2, files }),
      ],
      ['submit_template_for_review', { template_id: id, revision: 2 }, () => workflow(app, ro, { action: 'submit_review', template_id: id, revision: 2 })],
      ['retry_template_review', { template_id: id, revision: 2 }, () => workflow(app, ro, { action: 'retry', template_id: id, revision: 2 })],
      ['publish_template', publishArgs(id), () => workflow(app, ro, { action: 'publish', ...publishArgs(id) })],
      ['unpublish_template', { template_id: id }, () => workflow(app, ro, { action: 'unpublish', template_id: id })],
      [
        'republish_template',
        { template_id: id, release_notes: REPUBLISH_NOTES },
        () => workflow(app, ro, { action: 'republish', template_id: id, release_notes: REPUBLISH_NOTES }),
      ],
    ];
    for (const [tool, args, rest] of cases) {
      const mcp = await callError(c.ro, tool, args);
      expect({ tool, code: mcp.code }).toEqual({ tool, code: 'insufficient_key_mode' });
      expectSameError(mcp, await rest(), 'insufficient_key_mode');
    }
    expect((await callOk(c.ro, 'read_template_draft', { template_id: id })).data.revision).toBe(2);
    const status = await callOk(c.ro, 'get_creator_status', {});
    expect(status.data.templates).toHaveLength(1);
    expect(status.data.templates[0].template).toMatchObject({ review: { state: 'ready_to_publish' }, publication: { state: 'never_published' } });
  });

  test('an invalid draft is invalid_draft with every violation, as over REST, and the draft is unchanged', async () => {
    const c = await newCreator();
    const key = c.account.readWriteKey;
    const id = await createTemplate(c);
    const before = await callOk(c.ro, 'read_template_draft', { template_id: id });

    const drafts: Array<Array<{ path: string; content: string }>> = [
      // One bad path.
      [...goodFiles(uniqueWord()), { path: 'docs/../secrets.md', content: 'x\n' }],
      // Several broken rules at once: paths, a case-insensitive duplicate, a control character, no README.
      [
        { path: '../escape.md', content: 'x\n' },
        { path: '.env', content: 'A=1\n' },
        { path: 'Notes.md', content: 'one\n' },
        { path: 'notes.md', content: 'two\u0000\n' },
        { path: 'C:\\windows.md', content: 'x\n' },
      ],
      // No file at all.
      [],
    ];
    for (const files of drafts) {
      const mcp = await callError(c.rw, 'update_template_draft', { template_id: id, base_revision: 1, files });
      const rest = await app.http.put(`/v1/library/templates/${id}/draft`).set(bearer(key)).send({ base_revision: 1, files });
      expectSameError(mcp, rest, 'invalid_draft');
      const violations = (mcp.details as { violations: Array<{ rule: string; path?: string }> }).violations;
      expect(violations.length).toBeGreaterThan(0);
      expect(mcp.message).toContain(String(violations.length));
    }

    const one = await callError(c.rw, 'update_template_draft', { template_id: id, base_revision: 1, files: drafts[0] });
    expect((one.details as { violations: Array<{ rule: string; path?: string }> }).violations.map(({ rule, path }) => ({ rule, path }))).toEqual([
      { rule: 'path', path: 'docs/../secrets.md' },
    ]);
    const many = await callError(c.rw, 'update_template_draft', { template_id: id, base_revision: 1, files: drafts[1] });
    const rules = (many.details as { violations: Array<{ rule: string; path?: string }> }).violations.map(({ rule, path }) => `${rule}:${path ?? ''}`);
    expect(rules).toEqual(
      expect.arrayContaining(['path:../escape.md', 'path:.env', 'path:C:\\windows.md', 'duplicate_path:notes.md', 'readme_missing:']),
    );

    expect(await callOk(c.ro, 'read_template_draft', { template_id: id })).toEqual(before);
  });

  test('content holding an MTL API key is secret_in_content, redacted as over REST', async () => {
    const c = await newCreator();
    const id = await createTemplate(c);
    const files = [...goodFiles(uniqueWord()), { path: 'setup.md', content: `Use the key ${c.account.readWriteKey} here.\n` }];
    const mcp = await callError(c.rw, 'update_template_draft', { template_id: id, base_revision: 1, files });
    const rest = await app.http.put(`/v1/library/templates/${id}/draft`).set(bearer(c.account.readWriteKey)).send({ base_revision: 1, files });
    expectSameError(mcp, rest, 'secret_in_content');
    expect(JSON.stringify(mcp)).not.toContain(c.account.readWriteKey);
  });
});

describe('published Templates over MCP', () => {
  test("any key reads a published Template's files and a read-write key copies it, as over REST", async () => {
    const c = await newCreator();
    const word = uniqueWord();
    const id = await readyTemplate(c, word);
    await callOk(c.rw, 'publish_template', publishArgs(id));

    const files = await callOk(reader, 'read_library_template_files', { template_id: id, paths: ['README.md', 'missing.md'], max_chars_per_file: 10 });
    expect(files.data).toEqual({
      template_id: id,
      version: 1,
      files: [{ path: 'README.md', size: goodFiles(word)[0]!.content.length, content: '# Weekly r', truncated: true }],
      missing: ['missing.md'],
      omitted: [],
    });
    const rest = await app.http.get(`/v1/library/templates/${id}/files?paths=README.md,missing.md&max_chars_per_file=10`).set(bearer(readerAccount.readOnlyKey));
    expect(rest.body.data).toEqual(files.data);

    const copier = await newCreator();
    expectSameError(
      await callError(copier.ro, 'copy_library_template', { template_id: id }),
      await app.http.post(`/v1/library/templates/${id}/copy`).set(bearer(copier.account.readOnlyKey)).send({}),
      'insufficient_key_mode',
    );
    const copy = await callOk(copier.rw, 'copy_library_template', { template_id: id, name: 'My weekly review', idempotency_key: 'mcp-copy' });
    expect(copy.data).toMatchObject({ name: 'My weekly review', copied_from: { template_id: id, version: 1 }, review: { state: 'draft' } });
    const again = await callOk(copier.rw, 'copy_library_template', { template_id: id, name: 'My weekly review', idempotency_key: 'mcp-copy' });
    expect(again.data.id).toBe(copy.data.id);
    expect((await creatorStatus(copier.account.readOnlyKey)).data.templates).toHaveLength(1);

    await callOk(c.rw, 'unpublish_template', { template_id: id });
    expectSameError(
      await callError(reader, 'read_library_template_files', { template_id: id }),
      await app.http.get(`/v1/library/templates/${id}/files`).set(bearer(readerAccount.readOnlyKey)),
      'template_not_found',
    );
  });
});
