import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { createMemory, createSubject, linkMemory } from '../support/factories';
import { signedInBrowser, textOf, type FormBrowser } from '../support/web';

/**
 * The application's pages are a transport of the operation pipeline: a form runs the REST route's
 * operation, with its rules and codes, and shows a refusal beside its field. Each flow here is what
 * a person does, checked against what the API then sees.
 */

let testApp: TestApp;
let alice: TestAccount;
let bob: TestAccount;
let browser: FormBrowser;

beforeAll(async () => {
  testApp = await startTestApp();
  alice = await testApp.account();
  bob = await testApp.account();
  browser = await signedInBrowser(testApp, alice.accountId);
});
afterAll(async () => testApp.close());

const fieldError = (html: string, name: string) => textOf(html, new RegExp(`<p class="field-error" id="field-${name}-error">(.*?)</p>`));
const secretOf = (html: string) => textOf(html, /<output id="new-key-secret">(.*?)<\/output>/);

describe('Settings → Developers & API', () => {
  it('creates a key whose secret is shown once and works at once, records its activity, and revokes it', async () => {
    await browser.get('/settings/api-keys');
    const created = await browser.post('/settings/api-keys', { name: 'laptop agent', mode: 'read_write', expires_in_days: '30' });
    expect(created.status).toBe(201);
    expect(created.text).toContain('<label for="new-key-secret">New key secret</label>');
    expect(created.text).toContain('it will not be shown again');
    const secret = secretOf(created.text)!;
    expect(secret).toMatch(/^mtl_rw_[0-9A-Za-z]{32}[0-9A-HJKMNP-TV-Z]{26}[0-9A-Za-z]{6}$/);
    // The list shows the key without its secret.
    const list = await browser.get('/settings/api-keys');
    expect(list.text).toContain('laptop agent');
    expect(list.text).not.toContain(secret);
    expect(list.text).toContain(`${secret.slice(0, 12)}…`);

    // Used as curl would use it.
    const made = await testApp.http.post('/v1/memories').set(bearer(secret)).send({ text: 'written by the laptop agent' });
    expect(made.status).toBe(201);
    expect((await testApp.http.get('/v1/memories/mem_00000000000000000000000000').set(bearer(secret))).status).toBe(404);

    const keyId = /data-key-id="(key_[0-9A-Z]+)"[^]*?laptop agent/.exec(list.text)![1]!;
    const activity = await browser.get(`/settings/api-keys/${keyId}/activity`);
    expect(activity.status).toBe(200);
    expect(activity.text).toContain('POST /v1/memories');
    expect(activity.text).toContain('GET /v1/memories/{id}');
    const refusals = await browser.get(`/settings/api-keys/${keyId}/activity?status_class=4xx`);
    expect(refusals.text).toContain('GET /v1/memories/{id}');
    expect(refusals.text).not.toContain('POST /v1/memories');

    // Revoke asks first, then refuses the key at once.
    await browser.get('/settings/api-keys');
    const asked = await browser.post(`/settings/api-keys/${keyId}/revoke`, {});
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('Revoke “laptop agent”?');
    expect((await testApp.http.get('/v1/memories').set(bearer(secret))).status).toBe(200);
    const revoked = await browser.post(`/settings/api-keys/${keyId}/revoke`, { confirm: 'yes' });
    expect(revoked.status).toBe(303);
    expect(revoked.headers.location).toBe('/settings/api-keys?notice=key-revoked');
    const refused = await testApp.http.get('/v1/memories').set(bearer(secret));
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('unauthorized');
  });

  it('rotates a key: the new secret is shown once and the old one is refused', async () => {
    await browser.get('/settings/api-keys');
    const created = await browser.post('/settings/api-keys', { name: 'rotating', mode: 'read_only' });
    const oldSecret = secretOf(created.text)!;
    expect(oldSecret).toMatch(/^mtl_ro_/);
    const keyId = /data-key-id="(key_[0-9A-Z]+)"><th scope="row">rotating/.exec(created.text)![1]!;
    const rotated = await browser.post(`/settings/api-keys/${keyId}/rotate`, {});
    expect(rotated.status).toBe(201);
    const newSecret = secretOf(rotated.text)!;
    expect(newSecret).toMatch(/^mtl_ro_/);
    expect(newSecret).not.toBe(oldSecret);
    expect((await testApp.http.get('/v1/memories').set(bearer(oldSecret))).status).toBe(401);
    expect((await testApp.http.get('/v1/memories').set(bearer(newSecret))).status).toBe(200);
  });

  it('shows a refused field beside it, with the REST route’s code and words, and creates nothing', async () => {
    const before = await testApp.http.get('/v1/account/api-keys').set(bearer(alice.session));
    await browser.get('/settings/api-keys');
    const refused = await browser.post('/settings/api-keys', { name: 'x'.repeat(101), mode: 'read_write' });
    expect(refused.status).toBe(400);
    const rest = await testApp.http.post('/v1/account/api-keys').set(bearer(alice.session)).send({ name: 'x'.repeat(101), mode: 'read_write' });
    expect(rest.status).toBe(400);
    expect(refused.text).toContain('<code>invalid_request</code>');
    const restMessage = rest.body.error.details.errors[0].message as string;
    expect(fieldError(refused.text, 'name')).toBe(`${restMessage.charAt(0).toUpperCase()}${restMessage.slice(1)}.`);
    // What was typed stays in the form.
    expect(refused.text).toContain(`value="${'x'.repeat(101)}"`);
    const wrongMode = await browser.post('/settings/api-keys', { name: 'ok', mode: 'admin' });
    expect(wrongMode.status).toBe(400);
    expect(fieldError(wrongMode.text, 'mode')).toMatch(/^Must be equal to one of the allowed values/);
    const after = await testApp.http.get('/v1/account/api-keys').set(bearer(alice.session));
    expect(after.body.data.length).toBe(before.body.data.length);
  });

  it("answers 404 for another account's key, and leaves it working", async () => {
    await browser.get('/settings/api-keys');
    const activity = await browser.get(`/settings/api-keys/${bob.readWriteKeyId}/activity`);
    expect(activity.status).toBe(404);
    expect(activity.text).toContain('api_key_not_found');
    const revoke = await browser.post(`/settings/api-keys/${bob.readWriteKeyId}/revoke`, { confirm: 'yes' });
    expect(revoke.status).toBe(404);
    const rotate = await browser.post(`/settings/api-keys/${bob.readWriteKeyId}/rotate`, {});
    expect(rotate.status).toBe(404);
    expect((await testApp.http.get('/v1/memories').set(bearer(bob.readWriteKey))).status).toBe(200);
  });
});

describe('Memories', () => {
  it('creates a Memory from the form, shows it escaped, trashes and restores it', async () => {
    await browser.get('/memories/new');
    const saved = await browser.post('/memories', { text: '<script>alert("x")</script> Prefers green tea', type: 'preference', tags: 'drinks, morning', pinned: 'true' });
    expect(saved.status).toBe(303);
    const path = (saved.headers.location as string).split('?')[0]!;
    const id = path.split('/')[2]!;
    const memory = await testApp.http.get(`/v1/memories/${id}`).set(bearer(alice.session));
    expect(memory.body.data).toMatchObject({ type: 'preference', tags: ['drinks', 'morning'], pinned: true });

    const shown = await browser.get(path);
    expect(shown.status).toBe(200);
    // Escaped as text (a `>` alone opens nothing and is left as it is).
    expect(shown.text).toContain('&lt;script>alert(&quot;x&quot;)&lt;/script> Prefers green tea');
    expect(shown.text).not.toContain('<script>alert');
    const listed = await browser.get('/memories?q=green+tea');
    expect(listed.text).toContain('&lt;script>alert');
    expect(listed.text).not.toContain('<script>alert');

    const trashed = await browser.post(`/memories/${id}/trash`, {});
    expect(trashed.headers.location).toBe('/memories?notice=memory-trashed');
    expect((await testApp.http.get(`/v1/memories/${id}`).set(bearer(alice.session))).status).toBe(404);
    const trash = await browser.get('/memories/trash');
    expect(trash.text).toContain('Prefers green tea');
    const restored = await browser.post(`/memories/${id}/restore`, {});
    expect(restored.status).toBe(303);
    expect((await testApp.http.get(`/v1/memories/${id}`).set(bearer(alice.session))).status).toBe(200);
  });

  it('refuses an empty text beside the field, and a stale edit with the API’s precondition_failed', async () => {
    await browser.get('/memories/new');
    const empty = await browser.post('/memories', { text: '' });
    expect(empty.status).toBe(400);
    expect(fieldError(empty.text, 'text')).not.toBeNull();

    const memory = await createMemory(testApp, alice.session, { text: 'Version one' });
    const form = await browser.get(`/memories/${memory.id}/edit`);
    expect(form.text).toContain('Version one');
    await testApp.http.patch(`/v1/memories/${memory.id}`).set(bearer(alice.readWriteKey)).send({ text: 'Changed by an agent' });
    const stale = await browser.post(`/memories/${memory.id}`, { text: 'Version two', type: 'note', sensitivity: 'normal', revision: '1' });
    expect(stale.status).toBe(412);
    expect(stale.text).toContain('precondition_failed');
    expect((await testApp.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.session))).body.data.text).toBe('Changed by an agent');

    await browser.get(`/memories/${memory.id}/edit`);
    const fresh = await browser.post(`/memories/${memory.id}`, { text: 'Version two', type: 'note', sensitivity: 'normal', revision: '2' });
    expect(fresh.status).toBe(303);
    const page = await browser.get(`/memories/${memory.id}`);
    expect(page.text).toContain('Version two');
    expect(page.text).toContain('Revision 1');
  });

  it('shows secret Memories to the session, deletes for good after asking, and 404s another account’s', async () => {
    const secret = await createMemory(testApp, alice.session, { text: 'The door code is 4711', sensitivity: 'secret' });
    expect((await browser.get('/memories?sensitivity=secret')).text).toContain('The door code is 4711');
    await browser.get('/memories');
    await browser.post(`/memories/${secret.id}/trash`, {});
    await browser.get('/memories/trash');
    const asked = await browser.post(`/memories/${secret.id}/delete`, {});
    expect(asked.text).toContain('Delete this Memory for good?');
    expect((await browser.post(`/memories/${secret.id}/delete`, { confirm: 'yes' })).status).toBe(303);
    expect((await testApp.http.get('/v1/memories/trash').set(bearer(alice.session))).body.data.map((m: { id: string }) => m.id)).not.toContain(secret.id);

    const bobs = await createMemory(testApp, bob.session, { text: 'Bob only' });
    const other = await browser.get(`/memories/${bobs.id}`);
    expect(other.status).toBe(404);
    expect(other.text).toContain('memory_not_found');
    await browser.get('/memories');
    expect((await browser.post(`/memories/${bobs.id}/trash`, {})).status).toBe(404);
    expect((await testApp.http.get(`/v1/memories/${bobs.id}`).set(bearer(bob.session))).status).toBe(200);
  });
});

describe('Export and import', () => {
  it('downloads the export, and restores it without doubling anything; a foreign file is refused with the API’s code', async () => {
    const memory = await createMemory(testApp, alice.session, { text: 'Kept across a restore' });
    const download = await browser.get('/memories/export/download');
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="mtl-export-\d{4}-\d{2}-\d{2}\.ndjson"$/);
    const file = download.text;
    expect(file).toContain('Kept across a restore');
    const count = async () => (await testApp.http.get('/v1/memories?limit=100').set(bearer(alice.session))).body.data.length as number;
    const before = await count();

    await browser.get('/memories/import');
    const upload = (csrf: string | null, contents: string, mode = 'restore') => {
      let request = testApp.http
        .post('/memories/import')
        .set('Cookie', [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '))
        .set('Host', 'app.test')
        .set('Origin', 'http://app.test');
      if (csrf !== null) request = request.field('_csrf', csrf);
      return request.field('mode', mode).attach('file', Buffer.from(contents), 'export.ndjson');
    };
    const restored = await upload(browser.csrf(), file);
    expect(restored.status).toBe(200);
    expect(restored.text).toContain('Already here, so skipped:');
    expect(await count()).toBe(before);
    expect((await testApp.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.session))).status).toBe(200);

    const forged = await upload(null, file, 'copy');
    expect(forged.status).toBe(403);
    expect(forged.text).toContain('csrf_failed');
    expect(await count()).toBe(before);

    const broken = await upload(browser.csrf(), '{"not":"an export"}\n');
    expect(broken.status).toBe(400);
    expect(broken.text).toContain('invalid_import');
    expect(await count()).toBe(before);
  });
});

describe('Subjects and the Inbox', () => {
  it('shows a pending suggestion with its Subject, sources and the Fact it supersedes; Accept makes it the current Fact', async () => {
    const subject = await createSubject(testApp, alice.session, { name: 'Ada Lovelace', kind: 'person' });
    const source = await createMemory(testApp, alice.session, { text: 'Ada now lives in London.' });
    await linkMemory(testApp, alice.session, subject.id, source.id);
    const first = await testApp.http
      .post(`/v1/subjects/${subject.id}/fact-suggestions`)
      .set(bearer(alice.readWriteKey))
      .send({ statement: 'Ada lives in Paris.', source_memory_ids: [source.id] });
    await testApp.http.post(`/v1/fact-suggestions/${first.body.data.id}/accept`).set(bearer(alice.session)).send({});
    const oldFact = (await testApp.http.get(`/v1/subjects/${subject.id}/facts`).set(bearer(alice.session))).body.data[0];
    const second = await testApp.http
      .post(`/v1/subjects/${subject.id}/fact-suggestions`)
      .set(bearer(alice.readWriteKey))
      .send({ statement: 'Ada lives in London.', source_memory_ids: [source.id], supersedes: oldFact.id });
    expect(second.status).toBe(201);
    const suggestionId = second.body.data.id as string;

    const inbox = await browser.get('/inbox');
    expect(inbox.status).toBe(200);
    expect(inbox.text).toContain('Ada lives in London.');
    expect(inbox.text).toContain('>Ada Lovelace</a>');
    expect(inbox.text).toContain('Ada now lives in London.');
    expect(inbox.text).toContain('Replaces the Fact: <q>Ada lives in Paris.</q>');

    const accepted = await browser.post(`/inbox/suggestions/${suggestionId}/accept`, {});
    expect(accepted.status).toBe(303);
    expect(accepted.headers.location).toBe(`/subjects/${subject.id}?notice=suggestion-accepted#facts-heading`);
    const page = await browser.get(`/subjects/${subject.id}`);
    expect(page.text).toContain('Ada lives in London.');
    expect(page.text).not.toContain('Ada lives in Paris.');
    expect((await browser.get(`/subjects/${subject.id}?superseded=shown`)).text).toContain('Ada lives in Paris.');
    expect((await browser.get('/inbox')).text).not.toContain('Ada lives in London.');

    // Reviewed once: a second Accept is the API's refusal.
    await browser.get('/inbox');
    const again = await browser.post(`/inbox/suggestions/${suggestionId}/accept`, {});
    expect(again.status).toBe(400);
    expect(again.text).toContain('suggestion_already_reviewed');
  });

  it('rejects a suggestion and dismisses an insight; another account’s are 404', async () => {
    const subject = await createSubject(testApp, alice.session, { name: 'Grace Hopper', kind: 'person' });
    const source = await createMemory(testApp, alice.session, { text: 'Grace wrote the first compiler.' });
    await linkMemory(testApp, alice.session, subject.id, source.id);
    const suggestion = await testApp.http
      .post(`/v1/subjects/${subject.id}/fact-suggestions`)
      .set(bearer(alice.readWriteKey))
      .send({ statement: 'Grace wrote a compiler.', source_memory_ids: [source.id] });
    await browser.get('/inbox');
    const rejected = await browser.post(`/inbox/suggestions/${suggestion.body.data.id}/reject`, {});
    expect(rejected.headers.location).toBe('/inbox?notice=suggestion-rejected');
    expect((await browser.get('/inbox')).text).not.toContain('Grace wrote a compiler.');

    // An insight: two Memories of the Subject that disagree, as the insight rules find them.
    const insights = (await testApp.http.get('/v1/memory-insights').set(bearer(alice.session))).body.data as Array<{ id: string; summary: string }>;
    for (const insight of insights) {
      await browser.get('/inbox');
      expect((await browser.post(`/inbox/insights/${insight.id}/dismiss`, {})).status).toBe(303);
    }
    expect((await testApp.http.get('/v1/memory-insights').set(bearer(alice.session))).body.data).toEqual([]);

    const bobSubject = await createSubject(testApp, bob.session, { name: 'Bob subject' });
    const bobSource = await createMemory(testApp, bob.session, { text: 'Bob fact source' });
    await linkMemory(testApp, bob.session, bobSubject.id, bobSource.id);
    const bobSuggestion = await testApp.http
      .post(`/v1/subjects/${bobSubject.id}/fact-suggestions`)
      .set(bearer(bob.readWriteKey))
      .send({ statement: 'Bob statement.', source_memory_ids: [bobSource.id] });
    await browser.get('/inbox');
    const foreign = await browser.post(`/inbox/suggestions/${bobSuggestion.body.data.id}/accept`, {});
    expect(foreign.status).toBe(404);
    expect(foreign.text).toContain('suggestion_not_found');
    expect((await browser.get(`/subjects/${bobSubject.id}`)).status).toBe(404);
  });

  it('creates and edits a Subject, and deletes it in two steps showing what goes', async () => {
    await browser.get('/subjects/new');
    const duplicate = await createSubject(testApp, alice.session, { name: 'Existing name' });
    const refused = await browser.post('/subjects', { name: duplicate.name, kind: 'topic' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('duplicate_subject');
    const created = await browser.post('/subjects', { name: 'Project Apollo', kind: 'project', aliases: 'Apollo, AP', description: 'Moon' });
    expect(created.status).toBe(303);
    const subjectId = (created.headers.location as string).split('?')[0]!.split('/')[2]!;
    const memory = await createMemory(testApp, alice.session, { text: 'Apollo launched' });
    await linkMemory(testApp, alice.session, subjectId, memory.id);
    await browser.get(`/subjects/${subjectId}/edit`);
    expect((await browser.post(`/subjects/${subjectId}`, { name: 'Apollo program', kind: 'project', aliases: 'Apollo', description: '' })).status).toBe(303);
    const page = await browser.get(`/subjects/${subjectId}`);
    expect(page.text).toContain('<h1>Apollo program</h1>');
    expect(page.text).toContain('Apollo launched');

    const impact = await browser.post(`/subjects/${subjectId}/delete`, {});
    expect(impact.status).toBe(200);
    expect(impact.text).toContain('its links to 1 Memories');
    expect((await testApp.http.get(`/v1/subjects/${subjectId}`).set(bearer(alice.session))).status).toBe(200);
    const token = /name="confirmation_token" value="([^"]+)"/.exec(impact.text)![1]!;
    const deleted = await browser.post(`/subjects/${subjectId}/delete`, { confirmation_token: token });
    expect(deleted.headers.location).toBe('/subjects?notice=subject-deleted');
    expect((await testApp.http.get(`/v1/subjects/${subjectId}`).set(bearer(alice.session))).status).toBe(404);
    expect((await testApp.http.get(`/v1/memories/${memory.id}`).set(bearer(alice.session))).status).toBe(200);
  });
});
