import { limits } from '../../src/generated/contract';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import { exportLines, importText, ofType, toText } from '../portability/helpers';
import { newCreator, okData, publishTemplate, putDraft, STATUS, workflow, type Template } from './helpers';

/**
 * Reading and copying published Templates: any key reads the published version's files (never a
 * draft), bounded as a draft's read is; a read-write key copies one into a new draft of its
 * account, which credits the source; the source's uses count each account once; a Template's
 * public answer lists its versions.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const README = '# Standup notes\n\nA short template for daily standups: what happened, what is next, what blocks you.\n';
const FILES = [{ path: 'notes/daily.md', content: '- Yesterday\n- Today\n- Blockers\n' }];

const filesOf = (id: string, query = '') => `/v1/library/templates/${id}/files${query}`;
const copyOf = (id: string) => `/v1/library/templates/${id}/copy`;

describe('GET /v1/library/templates/{id}/files', () => {
  it("gives another account's read-only key the published files, not a draft changed since", async () => {
    const creator = await newCreator(t);
    const reader = await newCreator(t);
    const id = await publishTemplate(t, creator.account.readWriteKey, { readme: README, files: FILES });
    await okData('draft update', putDraft(t, creator.account.readWriteKey, id, { base_revision: 2, files: [{ path: 'README.md', content: '# Unreviewed draft\n' }] }));

    const res = await t.http.get(filesOf(id)).set(reader.ro);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      template_id: id,
      version: 1,
      files: [
        { path: 'README.md', size: README.length, content: README, truncated: false },
        { path: 'notes/daily.md', size: FILES[0]!.content.length, content: FILES[0]!.content, truncated: false },
      ],
      missing: [],
      omitted: [],
    });
  });

  it('reads the paths asked for, cut to the per-file and total budgets, naming the missing and the omitted', async () => {
    const creator = await newCreator(t);
    const id = await publishTemplate(t, creator.account.readWriteKey, { readme: README, files: FILES });
    const res = await t.http.get(filesOf(id, '?paths=notes/daily.md,README.md,nope.md&max_chars_per_file=5&max_total_chars=8')).set(creator.ro);
    expect(res.status).toBe(200);
    expect(res.body.data.files).toEqual([
      { path: 'notes/daily.md', size: FILES[0]!.content.length, content: '- Yes', truncated: true },
      { path: 'README.md', size: README.length, content: '# S', truncated: true },
    ]);
    expect(res.body.data.missing).toEqual(['nope.md']);
    expect(res.body.data.omitted).toEqual([]);

    const budget = await t.http.get(filesOf(id, '?max_total_chars=5')).set(creator.ro);
    expect(budget.body.data.files.map((file: { path: string }) => file.path)).toEqual(['README.md']);
    expect(budget.body.data.omitted).toEqual(['notes/daily.md']);
  });

  it('is 404 for a Template never published, unpublished, or unknown, whoever owns it', async () => {
    const creator = await newCreator(t);
    const created = await okData<{ template: Template }>('create', workflow(t, creator.account.readWriteKey, { action: 'create', name: 'Draft only', category: 'productivity', license: 'MIT' }), 201);
    expectError(await t.http.get(filesOf(created.template.id)).set(creator.rw), 404, 'template_not_found');

    const published = await publishTemplate(t, creator.account.readWriteKey, { readme: README });
    await okData('unpublish', workflow(t, creator.account.readWriteKey, { action: 'unpublish', template_id: published }));
    expectError(await t.http.get(filesOf(published)).set(creator.rw), 404, 'template_not_found');
    expectError(await t.http.get(filesOf('tpl_01JD2X5Y7Z8A9B0C1D2E3F4G5H')).set(creator.rw), 404, 'template_not_found');
  });

  it('refuses budgets beyond the contract and needs a key', async () => {
    const creator = await newCreator(t);
    const id = await publishTemplate(t, creator.account.readWriteKey, { readme: README });
    expectError(await t.http.get(filesOf(id, '?max_chars_per_file=0')).set(creator.ro), 400, 'invalid_request');
    expectError(await t.http.get(filesOf(id, `?max_total_chars=${limits.draftTotalCharsMax + 1}`)).set(creator.ro), 400, 'invalid_request');
    expectError(await t.http.get(filesOf(id)), 401, 'unauthorized');
    const tooMany = Array.from({ length: 51 }, (_, i) => `f${i}.md`).join(',');
    expectError(await t.http.get(filesOf(id, `?paths=${tooMany}`)).set(creator.ro), 400, 'invalid_request');
    expectError(await t.http.get(`/v1/library/templates?sort=loudest`).set(creator.ro), 400, 'invalid_request');
  });
});

describe('POST /v1/library/templates/{id}/copy', () => {
  it("copies the published version into a new draft of the caller's, crediting the source", async () => {
    const creator = await newCreator(t);
    const copier = await newCreator(t);
    const id = await publishTemplate(t, creator.account.readWriteKey, { readme: README, files: FILES, tags: ['standup'] });
    await okData('draft update', putDraft(t, creator.account.readWriteKey, id, { base_revision: 2, files: [{ path: 'README.md', content: '# Unreviewed draft\n' }] }));

    const res = await t.http.post(copyOf(id)).set(copier.rw).send({ name: 'My standups' });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe('/v1/library/creator/status');
    const copy = res.body.data as Template;
    expect(copy.id).not.toBe(id);
    expect(copy).toMatchObject({
      name: 'My standups',
      summary: 'A calm weekly review for busy teams',
      tags: ['standup'],
      license: 'MIT',
      review: { state: 'draft', reviewed_revision: null },
      publication: { state: 'never_published', version: 0 },
      copied_from: { template_id: id, version: 1 },
    });
    expect(copy.draft.files).toEqual([
      { path: 'README.md', size: README.length },
      { path: 'notes/daily.md', size: FILES[0]!.content.length },
    ]);
    const read = await t.http.post(`/v1/library/templates/${copy.id}/read`).set(copier.ro).send({});
    expect(read.body.data.files[0].content).toBe(README);

    // The copy is the copier's alone: the creator cannot see it, and it is not public.
    const status = await okData<{ templates: Array<{ template: Template }> }>('status', t.http.get(STATUS).set(creator.ro));
    expect(status.templates.map((entry) => entry.template.id)).toEqual([id]);
    expectError(await t.http.get(`/v1/library/templates/${copy.id}`).set(creator.ro), 404, 'template_not_found');
  });

  it('counts each account once in the source\'s uses, which outlast unpublishing, and sorts by them', async () => {
    const creator = await newCreator(t);
    const word = `copyword${Date.now()}`;
    const popular = await publishTemplate(t, creator.account.readWriteKey, { readme: README, tags: [word], name: 'Popular' });
    const quiet = await publishTemplate(t, creator.account.readWriteKey, { readme: README, tags: [word], name: 'Quiet' });
    const first = await newCreator(t);
    const second = await newCreator(t);
    for (const copier of [first, first, second]) expect((await t.http.post(copyOf(popular)).set(copier.rw).send()).status).toBe(201);

    const uses = async (id: string) => (await okData<{ template: { uses: number } }>('get', t.http.get(`/v1/library/templates/${id}`).set(first.ro))).template.uses;
    expect(await uses(popular)).toBe(2);
    expect(await uses(quiet)).toBe(0);

    const mostUsed = await t.http.get(`/v1/library/templates?tag=${word}&sort=most_used`).set(first.ro);
    expect(mostUsed.body.data.map((item: { id: string }) => item.id)).toEqual([popular, quiet]);
    const newest = await t.http.get(`/v1/library/templates?tag=${word}&sort=newest`).set(first.ro);
    expect(newest.body.data.map((item: { id: string }) => item.id)).toEqual([quiet, popular]);

    await okData('unpublish', workflow(t, creator.account.readWriteKey, { action: 'unpublish', template_id: popular }));
    await okData('republish', workflow(t, creator.account.readWriteKey, { action: 'republish', template_id: popular, release_notes: 'Back in the Library.' }));
    expect(await uses(popular)).toBe(2);
    // The version is public again with the notes it was republished with, in its history too.
    const detail = await okData<{ release_notes: string; versions: Array<{ version: number; release_notes: string }> }>('get', t.http.get(`/v1/library/templates/${popular}`).set(first.ro));
    expect(detail.release_notes).toBe('Back in the Library.');
    expect(detail.versions).toEqual([expect.objectContaining({ version: 1, release_notes: 'Back in the Library.' })]);
  });

  it('replays an Idempotency-Key without a second copy', async () => {
    const creator = await newCreator(t);
    const copier = await newCreator(t);
    const id = await publishTemplate(t, creator.account.readWriteKey, { readme: README });
    const first = await t.http.post(copyOf(id)).set(copier.rw).set('Idempotency-Key', 'copy-once').send({});
    const again = await t.http.post(copyOf(id)).set(copier.rw).set('Idempotency-Key', 'copy-once').send({});
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    const status = await okData<{ templates: unknown[] }>('status', t.http.get(STATUS).set(copier.ro));
    expect(status.templates).toHaveLength(1);
  });

  it('refuses a read-only key, an unpublished source, a bad name, and an account at its limit, leaving nothing behind', async () => {
    const creator = await newCreator(t);
    const copier = await newCreator(t);
    const id = await publishTemplate(t, creator.account.readWriteKey, { readme: README });
    expectError(await t.http.post(copyOf(id)).set(copier.ro).send({}), 403, 'insufficient_key_mode');
    expectError(await t.http.post(copyOf(id)).set(copier.rw).send({ name: '   ' }), 400, 'invalid_request');
    expectError(await t.http.post(copyOf(id)).set(copier.rw).send({ extra: true }), 400, 'invalid_request');

    const draft = await okData<{ template: Template }>('create', workflow(t, creator.account.readWriteKey, { action: 'create', name: 'Never published', category: 'productivity', license: 'MIT' }), 201);
    expectError(await t.http.post(copyOf(draft.template.id)).set(copier.rw).send({}), 404, 'template_not_found');
    expectError(await t.http.post(copyOf(draft.template.id)).set(creator.rw).send({}), 404, 'template_not_found');

    const status = await okData<{ templates: unknown[] }>('status', t.http.get(STATUS).set(copier.ro));
    expect(status.templates).toHaveLength(0);
    const listing = await okData<{ template: { uses: number } }>('get', t.http.get(`/v1/library/templates/${id}`).set(copier.ro));
    expect(listing.template.uses).toBe(0);

    for (let i = 0; i < limits.templatesMax; i += 1) {
      await okData('create', workflow(t, copier.account.readWriteKey, { action: 'create', name: `T${i}`, category: 'productivity', license: 'MIT' }), 201);
    }
    expectError(await t.http.post(copyOf(id)).set(copier.rw).send({}), 400, 'template_limit_reached');
    expect((await okData<{ template: { uses: number } }>('get', t.http.get(`/v1/library/templates/${id}`).set(copier.ro))).template.uses).toBe(0);
  });
});

describe('a copy in a backup', () => {
  it('keeps its credit through export and import, and a file without it imports as before', async () => {
    const creator = await newCreator(t);
    const copier = await newCreator(t);
    const id = await publishTemplate(t, creator.account.readWriteKey, { readme: README });
    const copy = await okData<Template>('copy', t.http.post(copyOf(id)).set(copier.rw).send({}), 201);
    const lines = await exportLines(t, copier.account.readWriteKey);
    const exported = ofType(lines, 'template');
    expect(exported).toEqual([expect.objectContaining({ id: copy.id, copied_from: { template_id: id, version: 1 } })]);

    const other = await newCreator(t);
    expect((await importText(t, other.account.readWriteKey, toText(lines))).status).toBe(200);
    const status = await okData<{ templates: Array<{ template: Template }> }>('status', t.http.get(STATUS).set(other.ro));
    expect(status.templates.map((entry) => entry.template.copied_from)).toEqual([{ template_id: id, version: 1 }]);

    // A file from before copies were credited: no copied_from at all.
    const older = lines.map((line) => (line.type === 'template' ? { ...line, data: Object.fromEntries(Object.entries(line.data).filter(([key]) => key !== 'copied_from')) } : line));
    const fourth = await newCreator(t);
    expect((await importText(t, fourth.account.readWriteKey, toText(older))).status).toBe(200);
    const fourthStatus = await okData<{ templates: Array<{ template: Template }> }>('status', t.http.get(STATUS).set(fourth.ro));
    expect(fourthStatus.templates.map((entry) => entry.template.copied_from)).toEqual([null]);
  });
});

describe('GET /v1/library/templates/{id} versions', () => {
  it('lists each published version with its release notes, newest first', async () => {
    const creator = await newCreator(t);
    const token = creator.account.readWriteKey;
    const id = await publishTemplate(t, token, { readme: README, releaseNotes: 'The first version.' });
    await okData('draft update', putDraft(t, token, id, { base_revision: 2, files: [{ path: 'README.md', content: `${README}\nMore.\n` }] }));
    await okData('review', workflow(t, token, { action: 'submit_review', template_id: id, revision: 3 }));
    await okData('publish', workflow(t, token, { action: 'publish', template_id: id, revision: 3, release_notes: 'The second version.', confirm: { license: 'MIT', files_public: true, reviewed_revision: 3 } }));
    const res = await t.http.get(`/v1/library/templates/${id}`).set(bearer(creator.account.readOnlyKey));
    expect(res.body.data.versions.map((v: { version: number; release_notes: string }) => [v.version, v.release_notes])).toEqual([
      [2, 'The second version.'],
      [1, 'The first version.'],
    ]);
    expect(res.body.data.release_notes).toBe('The second version.');
  });
});
