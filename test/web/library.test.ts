import { unzipSync, strFromU8 } from 'fflate';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import { FormBrowser, signedInBrowser, textOf } from '../support/web';
import { PublishedCache } from '../../src/web/published-cache';
import { okData, publishTemplate, putDraft, workflow, type Template } from '../library/helpers';

/**
 * The Library website: the public pages any visitor reads (published data only, cacheable, the
 * README rendered inert), and a creator's pages at /library/mine, whose forms run the API's
 * operations with their rules: the draft's validation, the revision read, the review and the
 * publication checklist.
 */

let t: TestApp;
let creator: TestAccount;
let other: TestAccount;
let browser: FormBrowser;

beforeAll(async () => {
  t = await startTestApp();
  creator = await t.account();
  other = await t.account();
  browser = await signedInBrowser(t, creator.accountId);
});
afterAll(() => t.close());

const HOSTILE_README = [
  '# Hostile notes',
  '',
  'A README written to run script in a reader\'s browser, which must stay inert text on the page.',
  '',
  '<script>alert("readme")</script>',
  '<img src="x" onerror="alert(1)">',
  '<a href="https://evil.example/" onclick="alert(2)">raw link</a>',
  '',
  '[a javascript link](javascript:alert(3)) and [a data link](data:text/html;base64,PHNjcmlwdD5hbGVydCg0KTwvc2NyaXB0Pg==)',
  '',
  '[the docs](https://example.org/docs) and [the notes](notes/daily.md)',
  '',
  '![a tracking pixel](https://evil.example/pixel.png)',
  '',
].join('\n');

const fieldError = (html: string, name: string) => textOf(html, new RegExp(`<p class="field-error" id="field-${name}-error">(.*?)</p>`));

describe('the public pages, for a visitor without an account', () => {
  it('finds a published Template by search, reads it, its files and versions, and downloads it; never a draft', async () => {
    const word = `visitor${Date.now()}`;
    const id = await publishTemplate(t, creator.readWriteKey, {
      name: `Standup ${word}`,
      tags: ['meetings'],
      readme: `# Standup\n\nA daily standup template for ${word} teams: yesterday, today, blockers.\n`,
      files: [{ path: 'notes/daily.md', content: '- Yesterday\n- Today <b>bold?</b>\n' }],
      releaseNotes: 'The first version of it.',
    });
    const draft = await okData<{ template: Template }>('create', workflow(t, creator.readWriteKey, { action: 'create', name: `Draft ${word}`, category: 'productivity', license: 'MIT' }), 201);

    const visitor = new FormBrowser(t);
    const search = await visitor.get(`/library?query=${word}`);
    expect(search.status).toBe(200);
    expect(search.text).toContain('<label for="field-query">Search</label>');
    expect(search.text).toContain(`<a href="/library/${id}">Standup ${word}</a>`);
    expect(search.text).not.toContain(draft.template.id);
    expect(search.text).toContain('href="/sign-in"');

    const page = await visitor.get(`/library/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<h1>Standup ${word}</h1>`);
    expect(page.text).toMatch(/<a class="button-link" href="\/library\/tpl_[0-9A-Z]+\/download">Download<\/a>/);
    expect(page.text).toContain(`A daily standup template for ${word} teams`);
    expect(page.text).toContain(`<a href="/library/${id}/files/notes/daily.md">notes/daily.md</a>`);
    expect(page.text).toContain('The first version of it.');
    expect(page.text).toContain('Sign in to copy it into your templates');

    const file = await visitor.get(`/library/${id}/files/notes/daily.md`);
    expect(file.status).toBe(200);
    expect(file.text).toContain('- Today &lt;b>bold?&lt;/b>');
    expect((await visitor.get(`/library/${id}/files/nope.md`)).status).toBe(404);

    const download = await t.http.get(`/library/${id}/download`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="standup-${word}-v1.zip"`);
    const entries = unzipSync(new Uint8Array(download.body as Buffer));
    expect(Object.keys(entries).sort()).toEqual([`standup-${word}-v1/README.md`, `standup-${word}-v1/notes/daily.md`]);
    expect(strFromU8(entries[`standup-${word}-v1/notes/daily.md`]!)).toBe('- Yesterday\n- Today <b>bold?</b>\n');

    // A draft, an unknown Template and an unpublished one are not there.
    expect((await visitor.get(`/library/${draft.template.id}`)).status).toBe(404);
    expect((await visitor.get(`/library/${draft.template.id}/download`)).status).toBe(404);
    await okData('unpublish', workflow(t, creator.readWriteKey, { action: 'unpublish', template_id: id }));
    expect((await visitor.get(`/library/${id}`)).status).toBe(404);
    expect((await visitor.get(`/library/${id}/files/README.md`)).status).toBe(404);
    expect((await visitor.get(`/library?query=${word}`)).text).not.toContain(id);
  });

  it('answers a visitor cacheably (public, ETag, 304, no cookie) and someone signed in not at all', async () => {
    const id = await publishTemplate(t, creator.readWriteKey, { name: 'Cacheable' });
    const first = await t.http.get(`/library/${id}`);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers['vary']).toMatch(/Cookie/);
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.headers['content-security-policy']).toContain("script-src 'self'");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await t.http.get(`/library/${id}`).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBeFalsy();

    const signedIn = await browser.get(`/library/${id}`);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(signedIn.headers.etag).toBeUndefined();
    expect(signedIn.text).toContain('Copy to my templates');
    // The header names the reader, as on every signed-in page.
    expect(textOf(signedIn.text, /<span class="who">(.*?)<\/span>/)).not.toBe('Signed in');
    // /library/mine is no Template: only the signed-in pages' budget is charged, once.
    const mine = await browser.get('/library/mine');
    expect(String(mine.headers['ratelimit']).split(',').filter((part) => part.includes('"principal"'))).toHaveLength(1);
  });

  it('renders a README holding script, handlers, raw HTML and javascript: links as inert text', async () => {
    const id = await publishTemplate(t, creator.readWriteKey, {
      name: 'Hostile',
      readme: HOSTILE_README,
      files: [{ path: 'notes/daily.md', content: 'Daily notes.\n' }],
    });
    const page = await new FormBrowser(t).get(`/library/${id}`);
    expect(page.status).toBe(200);
    const readme = /<div class="readme">([^]*?)<\/div>\s*<\/section>/.exec(page.text)![1]!;
    expect(readme).toContain('&lt;script&gt;alert(&quot;readme&quot;)&lt;/script&gt;');
    expect(readme).toContain('&lt;img src=&quot;x&quot; onerror=&quot;alert(1)&quot;&gt;');
    expect(readme).not.toMatch(/<script|<img|<iframe|<[^>]*\son\w+=/i);
    expect(readme).not.toMatch(/href="\s*(javascript|data|vbscript):/i);
    expect(readme).toContain('<a href="https://example.org/docs" rel="nofollow ugc noopener noreferrer">the docs</a>');
    expect(readme).toContain(`<a href="/library/${id}/files/notes/daily.md" rel="nofollow ugc noopener noreferrer">the notes</a>`);
    expect(readme).toContain('<a href="https://evil.example/pixel.png" rel="nofollow ugc noopener noreferrer" class="image-link">Image: a tracking pixel</a>');
    // Every link of the README carries the rel, and the page's only scripts are its own.
    for (const link of readme.match(/<a [^>]*>/g) ?? []) expect(link).toContain('rel="nofollow ugc noopener noreferrer"');
    expect(page.text.match(/<script[^>]*>/g)).toEqual(['<script src="/assets/app.js" defer>']);
  });

  it("shows a new version's README and archive once it is published, what is made of each version kept", async () => {
    const token = creator.readWriteKey;
    const id = await publishTemplate(t, token, { name: 'Versioned', readme: '# Versioned\n\nThe first words of this README, long enough for the review.\n' });
    expect((await t.http.get(`/library/${id}`)).text).toContain('The first words of this README');
    const download = async () => {
      const res = await t.http.get(`/library/${id}/download`);
      return { name: res.headers['content-disposition'], etag: res.headers.etag };
    };
    const first = await download();
    expect(first.name).toBe('attachment; filename="versioned-v1.zip"');
    expect(await download()).toEqual(first);
    await okData('draft update', putDraft(t, token, id, { base_revision: 2, files: [{ path: 'README.md', content: '# Versioned\n\nThe second words of this README, long enough for the review.\n' }] }));
    expect((await t.http.get(`/library/${id}`)).text).toContain('The first words of this README');
    await okData('review', workflow(t, token, { action: 'submit_review', template_id: id, revision: 3 }));
    await okData('publish', workflow(t, token, { action: 'publish', template_id: id, revision: 3, release_notes: 'The second version.', confirm: { license: 'MIT', files_public: true, reviewed_revision: 3 } }));
    const page = (await t.http.get(`/library/${id}`)).text;
    expect(page).toContain('The second words of this README');
    expect(page).not.toContain('The first words of this README');
    const second = await download();
    expect(second.name).toBe('attachment; filename="versioned-v2.zip"');
    expect(second.etag).not.toBe(first.etag);
  });

  it("keeps what is made of published versions within its budget, the least recently used dropped first", async () => {
    const readmes = new PublishedCache<string>(10, (html) => html.length);
    let renders = 0;
    const render = (html: string) => async () => {
      renders += 1;
      return html;
    };
    expect(await readmes.get('a@1', render('aaaa'))).toBe('aaaa');
    expect(await readmes.get('b@1', render('bbbb'))).toBe('bbbb');
    expect(await readmes.get('a@1', render('never'))).toBe('aaaa');
    expect(await readmes.get('c@1', render('cccc'))).toBe('cccc');
    expect(renders).toBe(3);
    // b was the least recently used: it is rendered again, a and c are kept.
    expect(await readmes.get('b@1', render('bbbb'))).toBe('bbbb');
    expect(renders).toBe(4);
    expect(await readmes.get('c@1', render('never'))).toBe('cccc');
    // Larger than the whole budget: returned, never kept.
    expect(await readmes.get('big@1', render('x'.repeat(11)))).toBe('x'.repeat(11));
    expect(await readmes.get('big@1', render('y'))).toBe('y');
    // Requests that miss together wait for one making.
    const before = renders;
    const together = await Promise.all([readmes.get('d@1', render('dd')), readmes.get('d@1', render('other')), readmes.get('d@1', render('other'))]);
    expect(together).toEqual(['dd', 'dd', 'dd']);
    expect(renders - before).toBe(1);
  });

  it('renders the first 20,000 characters of a long README and links to the whole of it', async () => {
    const long = `# Long\n\nThe start of a long README, with enough words for the review.\n\n${'Lorem ipsum dolor sit amet. '.repeat(1_000)}\n\nTHE-VERY-END\n`;
    const id = await publishTemplate(t, creator.readWriteKey, { name: 'Long one', readme: long });
    const page = (await t.http.get(`/library/${id}`)).text;
    expect(page).toContain('The start of a long README');
    expect(page).not.toContain('THE-VERY-END');
    expect(page).toContain(`The README continues: <a href="/library/${id}/files/README.md">read all of README.md</a>.`);
    expect((await t.http.get(`/library/${id}/files/README.md`)).text).toContain('THE-VERY-END');
  });

  it("limits a visitor's pages per address (VISITOR_RATE_LIMIT_PER_MINUTE), not a signed-in reader's", async () => {
    const small = await startTestApp({ env: { VISITOR_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const reader = await small.account();
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await small.http.get('/library')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await small.http.get('/library');
      expect(refused.text).toContain('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const signedIn = await signedInBrowser(small, reader.accountId);
      expect((await signedIn.get('/library')).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('refuses a search the API refuses, with the message beside its field', async () => {
    const res = await new FormBrowser(t).get(`/library?tag=${'x'.repeat(41)}`);
    expect(res.status).toBe(400);
    expect(fieldError(res.text, 'tag')).toMatch(/40 characters/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('copies a published Template into the signed-in account, and asks a visitor to sign in', async () => {
    const id = await publishTemplate(t, creator.readWriteKey, { name: 'Copied one' });
    const reader = await signedInBrowser(t, other.accountId);
    await reader.get(`/library/${id}`);
    const idempotencyKey = /name="idempotency_key" value="([^"]+)"/.exec(reader.lastPage)![1]!;
    const copied = await reader.post(`/library/${id}/copy`, { idempotency_key: idempotencyKey });
    expect(copied.status).toBe(303);
    const location = copied.headers.location as string;
    expect(location).toMatch(/^\/library\/mine\/tpl_[0-9A-Z]+\?notice=template-copied$/);
    // The same form sent twice makes one copy.
    const twice = await reader.post(`/library/${id}/copy`, { idempotency_key: idempotencyKey });
    expect(twice.headers.location).toBe(location);
    const editor = await reader.get(location);
    expect(editor.status).toBe(200);
    expect(editor.text).toContain('The Template is copied into your templates as a new draft.');
    expect(editor.text).toContain(`Copied from <a href="/library/${id}">a Library Template</a>, version 1`);
    const status = await okData<{ templates: unknown[] }>('status', t.http.get('/v1/library/creator/status').set(bearer(other.readOnlyKey)));
    expect(status.templates).toHaveLength(1);

    const visitor = new FormBrowser(t);
    await visitor.get('/sign-in');
    const asked = await visitor.post(`/library/${id}/copy`, {}, { csrf: visitor.cookies.get('mtl_csrf')! });
    expect(asked.status).toBe(303);
    expect(asked.headers.location).toBe(`/sign-in?return_to=${encodeURIComponent(`/library/${id}`)}`);
  });
});

describe("a creator's pages at /library/mine", () => {
  it('are for signed-in people only', async () => {
    const res = await new FormBrowser(t).get('/library/mine');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/sign-in?return_to=%2Flibrary%2Fmine');
  });

  it('create, edit, meet a stale save from a second tab, submit, fix the findings, publish through the checklist, unpublish and republish', async () => {
    const list = await browser.get('/library/mine');
    expect(list.text).toContain('<a class="button-link" href="/library/mine/new">New template</a>');
    await browser.get('/library/mine/new');
    const created = await browser.post('/library/mine/new', { name: 'Retro notes', summary: 'Notes for a calm retrospective.', category: 'productivity', license: 'MIT', tags: 'retro, Team' });
    expect(created.status).toBe(303);
    const editorUrl = (created.headers.location as string).replace(/\?.*/, '');
    const id = editorUrl.split('/').pop()!;

    // Two tabs open the same draft; the first saves, the second's save is refused and shows what changed.
    const tab = await browser.get(editorUrl);
    const secondTab = tab.text;
    const form = (readme: string, extra: Record<string, string> = {}) => ({
      base_revision: '1',
      file_count: '1',
      path_0: 'README.md',
      original_0: 'README.md',
      digest_0: /name="digest_0" value="([^"]+)"/.exec(secondTab)![1]!,
      content_0: readme,
      name: 'Retro notes',
      summary: 'Notes for a calm retrospective.',
      category: 'productivity',
      tags: 'retro, team',
      license: 'MIT',
      release_notes: '',
      ...extra,
    });
    const saved = await browser.post(`${editorUrl}/draft`, form('# Retro\r\n\r\nShort notes.\r\n', { new_path: 'notes/board.md', new_content: 'Went well:\r\n' }));
    expect(saved.status).toBe(303);
    const stale = await browser.post(`${editorUrl}/draft`, form('# Retro from the second tab\n'));
    expect(stale.status).toBe(409);
    expect(stale.text).toContain('This draft was saved elsewhere after you opened it (you opened revision 1; it is now at revision 2)');
    expect(stale.text).toContain('Changed since: README.md.');
    expect(stale.text).toContain('Added since: notes/board.md.');
    expect(stale.text).toContain(`<a href="${editorUrl}">Reload the current draft</a>`);
    expect(stale.text).toContain('# Retro from the second tab');
    const afterStale = await t.http.post(`/v1/library/templates/${id}/read`).set(bearer(creator.readOnlyKey)).send({});
    expect(afterStale.body.data.revision).toBe(2);
    expect(afterStale.body.data.files).toEqual([
      { path: 'README.md', size: 22, content: '# Retro\n\nShort notes.\n', truncated: false },
      { path: 'notes/board.md', size: 11, content: 'Went well:\n', truncated: false },
    ]);

    // A path the API refuses is shown beside its file, and nothing is saved.
    const reloaded = await browser.get(editorUrl);
    expect(reloaded.text).toContain('name="base_revision" value="2"');
    const bad = await browser.post(`${editorUrl}/draft`, {
      ...form('# Retro\n\nShort notes.\n', { base_revision: '2', file_count: '2', path_1: '../escape.md', original_1: 'notes/board.md', content_1: 'x' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/<ul class="field-error" id="file-1-errors"><li>&quot;\.\.\/escape\.md&quot; is not a valid path/);

    // The review finds the README too short; its finding is shown beside README.md.
    const review = await browser.post(`${editorUrl}/review`, { revision: '2' });
    expect(review.status).toBe(303);
    const findings = await browser.get(editorUrl);
    expect(findings.text).toContain('Changes requested');
    expect(findings.text).toMatch(/aria-label="Review findings on README.md"[^]*README.md needs at least 40 non-blank characters/);
    expect(findings.text).not.toContain('>Publish</button>');

    // Fixed, saved, reviewed: the checklist appears, and every item must be confirmed.
    const fixed = await browser.post(`${editorUrl}/draft`, {
      ...form('# Retro\n\nA calm retrospective: what went well, what to change, who does what next.\n', { base_revision: '2', file_count: '1' }),
      release_notes: 'The first version of the retro notes.',
    });
    expect(fixed.status).toBe(303);
    expect((await browser.post(`${editorUrl}/review`, { revision: '3' })).status).toBe(303);
    const ready = await browser.get(editorUrl);
    expect(ready.text).toContain('>Publish</button>');
    expect(ready.text).toContain('This is the reviewed draft (revision 3).');
    const checklist = { revision: '3', license: 'MIT', publish_notes: 'The first version of the retro notes.', idempotency_key: 'publish-retro' };
    const unconfirmed = await browser.post(`${editorUrl}/publish`, { ...checklist, ready: 'yes', license_right: 'yes', files_public: 'yes', notes_describe: 'yes' });
    expect(unconfirmed.status).toBe(400);
    expect(textOf(unconfirmed.text, /<p class="field-error" id="check-reviewed_draft-error">(.*?)<\/p>/)).toBe('Confirm this before publishing.');
    expect((await t.http.get(`/v1/library/templates/${id}`).set(bearer(other.readOnlyKey))).status).toBe(404);

    const published = await browser.post(`${editorUrl}/publish`, { ...checklist, ready: 'yes', license_right: 'yes', files_public: 'yes', notes_describe: 'yes', reviewed_draft: 'yes' });
    expect(published.status).toBe(303);
    const listing = await t.http.get(`/v1/library/templates/${id}`).set(bearer(other.readOnlyKey));
    expect(listing.status).toBe(200);
    expect(listing.body.data).toMatchObject({ template: { name: 'Retro notes', tags: ['retro', 'team'], version: 1 }, release_notes: 'The first version of the retro notes.' });

    // A draft changed after its review cannot be published until it is reviewed again.
    await browser.get(editorUrl);
    expect((await browser.post(`${editorUrl}/draft`, { ...form('# Retro\n\nA calm retrospective, changed after the review was done.\n', { base_revision: '3' }) })).status).toBe(303);
    const changed = await browser.get(editorUrl);
    expect(changed.text).not.toContain('>Publish</button>');
    expect(changed.text).toContain('The draft changed after its review of revision 3: submit it for review again before publishing.');
    const refused = await browser.post(`${editorUrl}/publish`, { ...checklist, revision: '4', ready: 'yes', license_right: 'yes', files_public: 'yes', notes_describe: 'yes', reviewed_draft: 'yes', idempotency_key: 'publish-again' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('invalid_template_state');

    const unpublished = await browser.post(`${editorUrl}/unpublish`, {});
    expect(unpublished.status).toBe(303);
    expect((await t.http.get(`/v1/library/templates/${id}`).set(bearer(other.readOnlyKey))).status).toBe(404);
    await browser.get(editorUrl);
    expect((await browser.post(`${editorUrl}/republish`, { republish_notes: 'Back in the Library as it was.' })).status).toBe(303);
    const back = await t.http.get(`/v1/library/templates/${id}`).set(bearer(other.readOnlyKey));
    expect(back.body.data).toMatchObject({ template: { version: 1 }, release_notes: 'Back in the Library as it was.' });
  });

  it('shows a field the API refuses beside it, and refuses a form without its CSRF token', async () => {
    await browser.get('/library/mine/new');
    const refused = await browser.post('/library/mine/new', { name: '', category: 'productivity', license: 'MIT' });
    expect(refused.status).toBe(400);
    expect(fieldError(refused.text, 'name')).toBeTruthy();

    const id = await publishTemplate(t, creator.readWriteKey, { name: 'Guarded' });
    const forged = await browser.post(`/library/mine/${id}/unpublish`, {}, { csrf: null });
    expect(forged.status).toBe(403);
    expect(forged.text).toContain('csrf_failed');
    const crossSite = await browser.post(`/library/mine/${id}/unpublish`, {}, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    // Still published: neither form did anything.
    expect((await t.http.get(`/v1/library/templates/${id}`).set(bearer(other.readOnlyKey))).status).toBe(200);
  });

  it("does not open or change another account's Template", async () => {
    const id = await publishTemplate(t, other.readWriteKey, { name: 'Not yours' });
    const opened = await browser.get(`/library/mine/${id}`);
    expect(opened.status).toBe(404);
    expect(opened.text).toContain('template_not_found');
    await browser.get('/library/mine');
    const unpublish = await browser.post(`/library/mine/${id}/unpublish`, {});
    expect(unpublish.status).toBe(404);
    const draft = await browser.post(`/library/mine/${id}/draft`, { base_revision: '2', file_count: '1', path_0: 'README.md', content_0: '# Mine now\n', name: 'x', category: 'productivity', license: 'MIT' });
    expect(draft.status).toBe(404);
    const files = await t.http.get(`/v1/library/templates/${id}/files?paths=README.md`).set(bearer(creator.readOnlyKey));
    expect(files.body.data.files[0].content).not.toContain('Mine now');
    // The draft is still at the revision its owner published.
    expect((await putDraft(t, other.readWriteKey, id, { base_revision: 2, files: [{ path: 'README.md', content: '# Still theirs\n' }] })).status).toBe(200);
    expectError(await t.http.get(`/v1/library/templates/${id}/files`).set(bearer(creator.readOnlyKey)).query({ max_total_chars: 0 }), 400, 'invalid_request');
  });
});
