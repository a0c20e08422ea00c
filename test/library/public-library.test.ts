import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { SuccessBody } from '../../src/contract-types';
import { getLibraryTemplate } from '../../src/domain/library/public';
import { bearer, startTestApp, uniqueName, uniqueWord, type TestAccount, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import { createTemplateDraft, DEFAULT_README, okData, publishTemplate, putDraft, workflow, type PublicTemplate, type PublishOptions } from './helpers';

/**
 * The public Library: what any authenticated caller finds is the published revision's public
 * listing, never a draft, an owner field or an unpublished Template.
 */

type PageBody = SuccessBody<'searchLibraryTemplates'>;

const PUBLIC_FIELDS = ['category', 'creator', 'id', 'license', 'name', 'published_at', 'readme_excerpt', 'summary', 'tags', 'uses', 'version'];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ok = okData;
const createDraft = (token: string, options: PublishOptions = {}) => createTemplateDraft(t, token, options);
const publish = (token: string, options: PublishOptions = {}) => publishTemplate(t, token, options);

async function publishMany(token: string, count: number, options: (i: number) => PublishOptions): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 5) {
    const batch = Array.from({ length: Math.min(5, count - start) }, (_, i) => publish(token, options(start + i)));
    ids.push(...(await Promise.all(batch)));
  }
  return ids;
}

function search(token: string, query: Record<string, string | number> = {}) {
  return t.http.get('/v1/library/templates').query(query).set(bearer(token));
}

async function searchData(token: string, query: Record<string, string | number> = {}): Promise<PageBody> {
  const res = await search(token, query);
  if (res.status !== 200) throw new Error(`search failed: ${res.status} ${JSON.stringify(res.body)}`);
  expect(Object.keys(res.body).sort()).toEqual(['data', 'next_cursor', 'ok']);
  return res.body as PageBody;
}

const ids = (page: PageBody) => page.data.map((item) => item.id);

function getPublic(token: string, id: string) {
  return t.http.get(`/v1/library/templates/${id}`).set(bearer(token));
}

describe('searching the public Library', () => {
  test('lists published Templates with exactly the public listing fields, to any authenticated caller', async () => {
    const subject = uniqueName('ada');
    const creator = await t.sessionToken(subject, { name: 'Ada Lovelace' });
    const tag = uniqueWord();
    const readme = `# Release checklist\n\n${'Ship it with care and calm. '.repeat(20)}\n`;
    const id = await publish(creator, {
      name: 'Release checklist',
      summary: 'Steps before every release',
      category: 'engineering',
      tags: [` ${tag.toUpperCase()} `, 'Shipping'],
      license: 'Apache-2.0',
      readme,
    });

    const reader = await t.account();
    for (const token of [reader.readOnlyKey, reader.readWriteKey, reader.session, creator]) {
      const page = await searchData(token, { tag });
      expect(page.next_cursor).toBeNull();
      expect(page.data).toHaveLength(1);
      const item = page.data[0] as PublicTemplate;
      expect(Object.keys(item).sort()).toEqual(PUBLIC_FIELDS);
      expect(Object.keys(item.creator)).toEqual(['display_name']);
      expect(item).toEqual({
        id,
        name: 'Release checklist',
        summary: 'Steps before every release',
        category: 'engineering',
        tags: [tag, 'shipping'],
        license: 'Apache-2.0',
        version: 1,
        published_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        creator: { display_name: 'Ada Lovelace' },
        readme_excerpt: expect.any(String),
        uses: 0,
      });
      // A plain-text start of the README, at most 300 code points.
      expect([...item.readme_excerpt].length).toBeLessThanOrEqual(300);
      expect([...item.readme_excerpt].length).toBeGreaterThan(250);
      expect(item.readme_excerpt.startsWith('Release checklist Ship it with care and calm.')).toBe(true);
    }
    expectError(await t.http.get('/v1/library/templates').query({ tag }), 401, 'unauthorized');
  });

  test('the README excerpt counts code points and never splits an emoji', async () => {
    const a = await t.account();
    const tag = uniqueWord();
    await publish(a.readWriteKey, { tags: [tag], readme: `# Emoji\n\n${'😀'.repeat(400)}\n` });
    const excerpt = (await searchData(a.readOnlyKey, { tag })).data[0]?.readme_excerpt ?? '';
    expect(excerpt).toBe(`Emoji ${'😀'.repeat(294)}`);
    expect([...excerpt]).toHaveLength(300);
  });

  test("the creator's display name is the session's name claim (the harness uses the subject)", async () => {
    const a = await t.account();
    const tag = uniqueWord();
    await publish(a.readWriteKey, { tags: [tag] });
    const page = await searchData(a.readOnlyKey, { tag });
    expect(page.data[0]?.creator).toEqual({ display_name: a.subject });
  });

  test('a never-published Template and an unpublished one never appear, even by a word only they hold', async () => {
    const a = await t.account();
    const tag = uniqueWord();
    const draftOnly = uniqueWord();
    const gone = uniqueWord();
    await createDraft(a.readWriteKey, { name: `Draft ${draftOnly}`, tags: [tag] });
    const unpublished = await publish(a.readWriteKey, { name: `Gone ${gone}`, tags: [tag] });
    const kept = await publish(a.readWriteKey, { tags: [tag] });
    expect(ids(await searchData(a.readWriteKey, { tag }))).toEqual([kept, unpublished]);

    await ok('unpublish', workflow(t, a.readWriteKey, { action: 'unpublish', template_id: unpublished }));
    expect(ids(await searchData(a.readWriteKey, { tag }))).toEqual([kept]);
    expect(ids(await searchData(a.readWriteKey, { query: draftOnly }))).toEqual([]);
    expect(ids(await searchData(a.readWriteKey, { query: gone }))).toEqual([]);
    const everything = await searchData(a.readWriteKey, { limit: 50 });
    expect(ids(everything)).not.toContain(unpublished);
  });

  test('a word that only the newer, unpublished draft of a published Template holds finds nothing; the public listing keeps the published revision', async () => {
    const a = await t.account();
    const published = uniqueWord();
    const secret = uniqueWord();
    const id = await publish(a.readWriteKey, {
      name: `Standup ${published}`,
      readme: `# Standup\n\nA short daily standup format: ${published} yesterday, today, blockers.\n`,
    });
    const update = await putDraft(t, a.readWriteKey, id, {
      base_revision: 2,
      name: `Standup ${secret}`,
      summary: `Now with ${secret} inside`,
      tags: [secret],
      files: [
        { path: 'README.md', content: `# Standup\n\nThe next version mentions ${secret} in its README.\n` },
        { path: `${secret}.md`, content: secret },
      ],
    });
    expect(update.status).toBe(200);

    expect(ids(await searchData(a.readOnlyKey, { query: secret }))).toEqual([]);
    expect(ids(await searchData(a.readOnlyKey, { tag: secret }))).toEqual([]);
    const found = await searchData(a.readOnlyKey, { query: published });
    expect(ids(found)).toEqual([id]);
    expect(found.data[0]?.name).toBe(`Standup ${published}`);
    expect(JSON.stringify(found)).not.toContain(secret);

    const detail = await getPublic(a.readOnlyKey, id);
    expect(detail.status).toBe(200);
    expect(detail.body.data.files).toEqual([{ path: 'README.md', size: expect.any(Number) }]);
    expect(JSON.stringify(detail.body)).not.toContain(secret);
  });

  test('full-text query ranks a Template whose name matches above one whose README mentions the word once', async () => {
    const a = await t.account();
    const term = uniqueWord();
    const inName = await publish(a.readWriteKey, { name: `Retro ${term}`, summary: 'For small teams, every second week' });
    // Published later, so newest-first alone would put it first.
    const inReadme = await publish(a.readWriteKey, {
      name: 'Team retrospective',
      readme: `# Team retrospective\n\nRun it every two weeks. Borrowed from the ${term} method, then adapted for remote teams.\n`,
    });
    await publish(a.readWriteKey, { name: 'Unrelated', readme: DEFAULT_README });
    const page = await searchData(a.readOnlyKey, { query: term });
    expect(ids(page)).toEqual([inName, inReadme]);
    expect(page.next_cursor).toBeNull();
    // Web-search syntax: the words of a query are all required.
    expect(ids(await searchData(a.readOnlyKey, { query: `${term} retrospective` }))).toEqual([inReadme]);
  });

  test("a word found only beyond the README's first 4,000 characters still matches, ranked below one near its start", async () => {
    const a = await t.account();
    const term = uniqueWord();
    const filler = 'Plan the week, write down what matters, and keep the list short. '.repeat(80);
    expect(filler.length).toBeGreaterThan(4_000);
    const nearStart = await publish(a.readWriteKey, { name: 'Planner one', readme: `# Planner\n\nUses the ${term} method.\n\n${filler}` });
    // Published later, so newest-first alone would put it first.
    const farDown = await publish(a.readWriteKey, { name: 'Planner two', readme: `# Planner\n\n${filler}\n\nUses the ${term} method.\n` });
    expect(ids(await searchData(a.readOnlyKey, { query: term }))).toEqual([nearStart, farDown]);
  });

  test('category and tag filters narrow the listing, alone and together (tags compared lower-cased)', async () => {
    const a = await t.account();
    const tag = uniqueWord();
    const writing = await publish(a.readWriteKey, { category: 'writing', tags: [tag] });
    const research = await publish(a.readWriteKey, { category: 'research', tags: [tag, 'papers'] });
    const otherResearch = await publish(a.readWriteKey, { category: 'research', tags: ['papers'] });

    expect(ids(await searchData(a.readOnlyKey, { tag }))).toEqual([research, writing]);
    expect(ids(await searchData(a.readOnlyKey, { tag: tag.toUpperCase() }))).toEqual([research, writing]);
    expect(ids(await searchData(a.readOnlyKey, { tag, category: 'research' }))).toEqual([research]);
    expect(ids(await searchData(a.readOnlyKey, { tag, category: 'education' }))).toEqual([]);
    const byCategory = await searchData(a.readOnlyKey, { category: 'research', limit: 50 });
    expect(ids(byCategory)).toEqual(expect.arrayContaining([research, otherResearch]));
    expect(ids(byCategory)).not.toContain(writing);
    expect(byCategory.data.every((item) => item.category === 'research')).toBe(true);
    expectError(await search(a.readOnlyKey, { category: 'cooking' }), 400, 'invalid_request');
  });

  test('a tag filter of only spaces is no tag: it finds nothing, and is not dropped to list every Template', async () => {
    const a = await t.account();
    await publish(a.readWriteKey, { tags: [uniqueWord()] });
    expect((await searchData(a.readOnlyKey)).data.length).toBeGreaterThan(0);
    expect(await searchData(a.readOnlyKey, { tag: '   ' })).toEqual({ ok: true, data: [], next_cursor: null });
    expect(await searchData(a.readOnlyKey, { tag: ' ', category: 'productivity' })).toEqual({ ok: true, data: [], next_cursor: null });
  });

  test('limit defaults to 20 and may be at most 50: 51 is 400 invalid_request', async () => {
    const a = await t.account();
    const tag = uniqueWord();
    const published = await publishMany(a.readWriteKey, 21, () => ({ tags: [tag] }));
    const first = await searchData(a.readOnlyKey, { tag });
    expect(first.data).toHaveLength(20);
    expect(first.next_cursor).toEqual(expect.any(String));
    const rest = await searchData(a.readOnlyKey, { tag, cursor: first.next_cursor as string });
    expect(rest.data).toHaveLength(1);
    expect(rest.next_cursor).toBeNull();
    expect(new Set([...ids(first), ...ids(rest)])).toEqual(new Set(published));

    expect((await searchData(a.readOnlyKey, { tag, limit: 50 })).data).toHaveLength(21);
    expectError(await search(a.readOnlyKey, { tag, limit: 51 }), 400, 'invalid_request');
    expectError(await search(a.readOnlyKey, { tag, limit: 0 }), 400, 'invalid_request');
  });

  test('pages of 2 over 5 published Templates give each once, newest first, and a cursor only fits the filters it came from', async () => {
    const a = await t.account();
    const tag = uniqueWord();
    const published = await publishMany(a.readWriteKey, 5, () => ({ tags: [tag] }));
    const seen: PublicTemplate[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let firstCursor: string | null = null;
    do {
      const query: Record<string, string | number> = { tag, limit: 2, ...(cursor ? { cursor } : {}) };
      const page = await searchData(a.readOnlyKey, query);
      seen.push(...page.data);
      cursor = page.next_cursor;
      firstCursor ??= cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((item) => item.id)).toHaveLength(5);
    expect(new Set(seen.map((item) => item.id))).toEqual(new Set(published));
    const order = [...seen].sort((x, y) => (y.published_at.localeCompare(x.published_at) || y.id.localeCompare(x.id)));
    expect(seen).toEqual(order);

    const reused = firstCursor as string;
    expectError(await search(a.readOnlyKey, { tag: uniqueWord(), limit: 2, cursor: reused }), 400, 'invalid_cursor');
    expectError(await search(a.readOnlyKey, { tag, category: 'productivity', limit: 2, cursor: reused }), 400, 'invalid_cursor');
    expectError(await search(a.readOnlyKey, { tag, query: 'review', limit: 2, cursor: reused }), 400, 'invalid_cursor');
    expectError(await search(a.readOnlyKey, { limit: 2, cursor: reused }), 400, 'invalid_cursor');
    expectError(await search(a.readOnlyKey, { tag, cursor: 'not-a-cursor' }), 400, 'invalid_cursor');
    // The page size is not a filter: the same cursor with another limit goes on.
    const onward = await searchData(a.readOnlyKey, { tag, limit: 10, cursor: reused });
    expect(onward.data).toHaveLength(3);
  });

  test('a cursor whose position was altered (a date the database cannot store, a NUL) is 400 invalid_cursor, never 500', async () => {
    const a = await t.account();
    const tag = uniqueWord();
    await publishMany(a.readWriteKey, 2, () => ({ tags: [tag] }));
    const cursor = (await searchData(a.readOnlyKey, { tag, limit: 1 })).next_cursor as string;
    const { f, p } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { f: string; p: [number, string, string] };
    const altered = (position: unknown[]) => Buffer.from(JSON.stringify({ f, p: position })).toString('base64url');
    expect((await searchData(a.readOnlyKey, { tag, limit: 1, cursor: altered(p) })).data).toHaveLength(1);
    for (const position of [
      [p[0], '-271821-04-20T00:00:00.000Z', p[2]],
      [p[0], '+275760-09-13T00:00:00.000Z', p[2]],
      [p[0], '2026', p[2]],
      [p[0], p[1], `${p[2]}\u0000`],
    ]) {
      expectError(await search(a.readOnlyKey, { tag, limit: 1, cursor: altered(position) }), 400, 'invalid_cursor');
    }
  });

  test('paging through ranked query results gives each match once, best first', async () => {
    const a = await t.account();
    const term = uniqueWord();
    const byName = await publishMany(a.readWriteKey, 2, (i) => ({ name: `Plan ${term} ${i}` }));
    const byReadme = await publishMany(a.readWriteKey, 3, (i) => ({
      name: `Other plan ${i}`,
      readme: `# Other plan\n\nThis one only mentions ${term} once, deep in its README text.\n`,
    }));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: PageBody = await searchData(a.readOnlyKey, { query: term, limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...ids(page));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set([...byName, ...byReadme]));
    expect(new Set(seen.slice(0, 2))).toEqual(new Set(byName));
  });
});

describe('one public Template', () => {
  test('a published Template is readable by any account: public listing, published files and release notes', async () => {
    const owner: TestAccount = await t.account();
    const id = await publish(owner.readWriteKey, {
      name: 'Meeting notes',
      files: [{ path: 'templates/notes.md', content: '## Attendees\n\n## Decisions\n' }],
      releaseNotes: 'First version: notes and decisions.',
    });
    const stranger = await t.account();
    for (const token of [stranger.readOnlyKey, stranger.readWriteKey, stranger.session, owner.readOnlyKey]) {
      const res = await getPublic(token, id);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(['files', 'release_notes', 'template', 'versions']);
      expect(Object.keys(res.body.data.template).sort()).toEqual(PUBLIC_FIELDS);
      expect(res.body.data.template).toMatchObject({ id, name: 'Meeting notes', version: 1, creator: { display_name: owner.subject } });
      expect([...res.body.data.files].sort((x: { path: string }, y: { path: string }) => x.path.localeCompare(y.path))).toEqual([
        { path: 'README.md', size: [...DEFAULT_README].length },
        { path: 'templates/notes.md', size: 27 },
      ]);
      expect(res.body.data.release_notes).toBe('First version: notes and decisions.');
    }
  });

  test('a never-published or unpublished Template is 404 template_not_found, to its owner too', async () => {
    const owner = await t.account();
    const draft = await createDraft(owner.readWriteKey);
    expectError(await getPublic(owner.readWriteKey, draft), 404, 'template_not_found');
    expectError(await getPublic((await t.account()).readOnlyKey, draft), 404, 'template_not_found');

    const id = await publish(owner.readWriteKey);
    expect((await getPublic(owner.readOnlyKey, id)).status).toBe(200);
    await ok('unpublish', workflow(t, owner.readWriteKey, { action: 'unpublish', template_id: id }));
    expectError(await getPublic(owner.readWriteKey, id), 404, 'template_not_found');
    expectError(await getPublic(owner.session, id), 404, 'template_not_found');

    expectError(await getPublic(owner.readOnlyKey, 'tpl_01JD2X5Y7Z8A9B0C1D2E3F4G5H'), 404, 'template_not_found');
    expectError(await getPublic(owner.readOnlyKey, 'tpl_nope'), 400, 'invalid_request');
  });

  test('a publication committed while one public Template is read does not empty its file list: listing and files come from one snapshot', async () => {
    const owner = await t.account();
    const files = [{ path: 'README.md', content: DEFAULT_README }, { path: 'guide.md', content: 'Step one.' }];
    const id = await publish(owner.readWriteKey, { files: files.slice(1) });
    // Once the listing (revision 2) has been read, the owner publishes revision 3, which prunes
    // revision 2. Meaningful on PostgreSQL; the embedded database's one connection is held while
    // a result is read, so there the publication waits for the read, which goes on after a while.
    let publication: Promise<unknown> | null = null;
    let waited = false;
    const publishBetweenReads: KyselyPlugin = {
      transformQuery: ({ node }: PluginTransformQueryArgs): RootOperationNode => {
        if (!publication && JSON.stringify(node).includes('"public_templates"')) {
          publication = (async () => {
            await ok('draft update', putDraft(t, owner.readWriteKey, id, { base_revision: 2, files: [{ path: 'README.md', content: `${DEFAULT_README}More.\n` }] }));
            await ok('review', workflow(t, owner.readWriteKey, { action: 'submit_review', template_id: id, revision: 3 }));
            const notes = 'The second public version.';
            await ok('publish', workflow(t, owner.readWriteKey, { action: 'publish', template_id: id, revision: 3, release_notes: notes, confirm: { license: 'MIT', files_public: true, reviewed_revision: 3 } }));
          })();
        }
        return node;
      },
      transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
        if (publication && !waited) {
          waited = true;
          await Promise.race([publication, new Promise((resolve) => setTimeout(resolve, 1000))]);
        }
        return result;
      },
    };
    const services = { ...t.app.services, db: t.app.services.db.withPlugin(publishBetweenReads) };
    const read = await getLibraryTemplate(services, id);
    await publication;
    expect(read.template.version).toBe(1);
    expect(read.files).toEqual(files.map((file) => ({ path: file.path, size: [...file.content].length })));
    const after = await getPublic(owner.readOnlyKey, id);
    expect(after.body.data.template.version).toBe(2);
    expect(after.body.data.files).toEqual([{ path: 'README.md', size: [...DEFAULT_README].length + 6 }]);
  });

  test('after republishing, the Template is back with the files it was published with', async () => {
    const owner = await t.account();
    const tag = uniqueWord();
    const id = await publish(owner.readWriteKey, { tags: [tag] });
    await ok('unpublish', workflow(t, owner.readWriteKey, { action: 'unpublish', template_id: id }));
    await ok('draft update', putDraft(t, owner.readWriteKey, id, { base_revision: 2, files: [{ path: 'README.md', content: DEFAULT_README }, { path: 'later.md', content: 'x' }] }));
    await ok('republish', workflow(t, owner.readWriteKey, { action: 'republish', template_id: id, release_notes: 'Back in the Library again.' }));
    const res = await getPublic(owner.readOnlyKey, id);
    expect(res.status).toBe(200);
    expect(res.body.data.files).toEqual([{ path: 'README.md', size: [...DEFAULT_README].length }]);
    expect(res.body.data.release_notes).toBe('Back in the Library again.');
    expect(ids(await searchData(owner.readOnlyKey, { tag }))).toEqual([id]);
  });
});
