import { runMaintenance } from '../../src/domain/maintenance/maintenance';
import { startTestApp, type TestApp } from '../support/app';
import { movableClock, DAY_MS } from '../support/clock';
import { FormBrowser, localAccount, signedInBrowser, textOf } from '../support/web';

/** Setting up an instance, signing in and out, sessions, sign-up policies, and the security of every form. */

const PASSWORD = 'correct horse battery staple';

async function countOwners(testApp: TestApp): Promise<number> {
  const rows = await testApp.database.db.selectFrom('local_credentials').select('account_id').where('is_owner', '=', true).execute();
  return rows.length;
}

function sessionCookie(response: { headers: Record<string, unknown> }): string | undefined {
  return ([] as string[]).concat((response.headers['set-cookie'] as string[] | undefined) ?? []).find((line) => line.startsWith('mtl_session='));
}

/** An instance with the default settings and its owner, shared by the tests that need nothing else. */
const instance = {} as { testApp: TestApp; ownerId: string };
beforeAll(async () => {
  instance.testApp = await startTestApp();
  instance.ownerId = await localAccount(instance.testApp, 'csrf@example.com', PASSWORD, true);
});
afterAll(async () => instance.testApp?.close());

describe('setting up a new instance', () => {
  let testApp: TestApp;
  beforeEach(async () => {
    testApp = await startTestApp();
  });
  afterEach(async () => testApp.close());

  it('sends the first visitor to /setup, creates the owner once, and signs them in', async () => {
    const browser = new FormBrowser(testApp);
    const landing = await browser.get('/');
    expect(landing.status).toBe(303);
    expect(landing.headers.location).toBe('/setup');
    await browser.get('/setup');

    const short = await browser.post('/setup', { email: 'owner@example.com', password: 'short' });
    expect(short.status).toBe(400);
    expect(textOf(short.text, /<p class="field-error" id="field-password-error">(.*?)<\/p>/)).toBe('Must be at least 12 characters.');
    expect(await countOwners(testApp)).toBe(0);

    const created = await browser.post('/setup', { email: 'Owner@Example.com', password: PASSWORD });
    expect(created.status).toBe(303);
    expect(created.headers.location).toBe('/');
    const cookie = sessionCookie(created)!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const console = await browser.get('/');
    expect(console.status).toBe(200);
    expect(console.text).toContain('<h1>Console</h1>');
    for (const link of ['Memories', 'Subjects', 'Inbox', 'Library', 'Settings']) expect(console.text).toContain(`>${link}</a>`);
    expect(console.text).toContain('Owner@Example.com');

    // Once there is an owner, /setup is closed to everyone, whatever they post.
    const stranger = new FormBrowser(testApp);
    const setupAgain = await stranger.get('/setup');
    expect(setupAgain.status).toBe(303);
    expect(setupAgain.headers.location).toBe('/sign-in');
    await stranger.get('/sign-in');
    const refused = await stranger.post('/setup', { email: 'mallory@example.com', password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('This instance already has its owner');
    expect(await countOwners(testApp)).toBe(1);
  });

  it('lets only one of two simultaneous set-ups create the owner', async () => {
    const first = new FormBrowser(testApp);
    const second = new FormBrowser(testApp);
    await Promise.all([first.get('/setup'), second.get('/setup')]);
    const answers = await Promise.all([
      first.post('/setup', { email: 'one@example.com', password: PASSWORD }),
      second.post('/setup', { email: 'two@example.com', password: PASSWORD }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 403]);
    expect(await countOwners(testApp)).toBe(1);
  });
});

describe('signing in', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ env: { SIGN_IN_LIMIT_PER_EMAIL: '2', SIGN_IN_LIMIT_PER_ADDRESS: '1000' } });
    await localAccount(testApp, 'owner@example.com', PASSWORD, true);
  });
  afterAll(async () => testApp.close());

  it('answers a wrong password and an unknown email alike, and never says which', async () => {
    const browser = new FormBrowser(testApp);
    await browser.get('/sign-in');
    const wrong = await browser.post('/sign-in', { email: 'owner@example.com', password: 'not the password at all' });
    const unknown = await browser.post('/sign-in', { email: 'nobody@example.com', password: 'not the password at all' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const message = (text: string) => textOf(text, /<div class="error" role="alert"><p>(.*?)<\/p>/);
    expect(message(wrong.text)).toBe('The email or the password is not right.');
    expect(message(unknown.text)).toBe(message(wrong.text));
    // An email longer than any account's is answered alike, without a lookup.
    const long = await browser.post('/sign-in', { email: `${'a'.repeat(5000)}@example.com`, password: 'not the password at all' });
    expect(long.status).toBe(401);
    expect(message(long.text)).toBe(message(wrong.text));
    expect(sessionCookie(wrong)).toBeUndefined();
  });

  it('gives a new session ID at every sign-in, never the one the browser brought (no fixation)', async () => {
    const browser = new FormBrowser(testApp);
    browser.cookies.set('mtl_session', 'planted-by-an-attacker-0123456789abcdefghij');
    await browser.get('/sign-in');
    const first = await browser.post('/sign-in', { email: 'OWNER@example.com', password: PASSWORD });
    expect(first.status).toBe(303);
    const firstId = browser.cookies.get('mtl_session');
    expect(firstId).toBeDefined();
    expect(firstId).not.toBe('planted-by-an-attacker-0123456789abcdefghij');
    await browser.get('/sign-in');
    // Signed in already: the sign-in page sends the browser on; a second sign-in still rotates.
    const again = new FormBrowser(testApp);
    again.cookies.set('mtl_session', firstId!);
    await again.get('/settings/api-keys');
    const second = await again.post('/sign-in', { email: 'owner@example.com', password: PASSWORD });
    expect(second.status).toBe(303);
    expect(again.cookies.get('mtl_session')).not.toBe(firstId);
  });

  it('brings the person back to the page they asked for, but never to another site', async () => {
    const browser = new FormBrowser(testApp);
    const asked = await browser.get('/inbox');
    expect(asked.status).toBe(303);
    expect(asked.headers.location).toBe('/sign-in?return_to=%2Finbox');
    await browser.get(asked.headers.location as string);
    const back = await browser.post('/sign-in', { email: 'owner@example.com', password: PASSWORD, return_to: '/inbox' });
    expect(back.headers.location).toBe('/inbox');
    const elsewhere = new FormBrowser(testApp);
    await elsewhere.get('/sign-in');
    const offsite = await elsewhere.post('/sign-in', { email: 'owner@example.com', password: PASSWORD, return_to: '//evil.example/' });
    expect(offsite.headers.location).toBe('/');
  });

  it('throttles attempts per email, known or not, before the password is checked', async () => {
    const browser = new FormBrowser(testApp);
    await localAccount(testApp, 'throttled@example.com', PASSWORD);
    await browser.get('/sign-in');
    for (let i = 0; i < 2; i += 1) {
      expect((await browser.post('/sign-in', { email: 'throttled@example.com', password: 'wrong password here' })).status).toBe(401);
      expect((await browser.post('/sign-in', { email: 'ghost@example.com', password: 'wrong password here' })).status).toBe(401);
    }
    // The right password is refused too once the email is throttled; the answer is the same for an unknown email.
    const known = await browser.post('/sign-in', { email: 'throttled@example.com', password: PASSWORD });
    const unknown = await browser.post('/sign-in', { email: 'ghost@example.com', password: PASSWORD });
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(429);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.text).toContain('Too many sign-in attempts. Try again in 15 minutes.');
    }
    expect(sessionCookie(known)).toBeUndefined();
    // Another email from the same address is not held back by these.
    expect((await browser.post('/sign-in', { email: 'owner@example.com', password: PASSWORD })).status).toBe(303);
  });

});

describe('sessions', () => {
  const clock = movableClock();
  let testApp: TestApp;
  let accountId: string;
  beforeAll(async () => {
    testApp = await startTestApp({ clock });
    accountId = await localAccount(testApp, 'sessions@example.com', PASSWORD, true);
  });
  afterAll(async () => testApp.close());
  afterEach(() => clock.reset());

  it('lists the sessions and signs out one, or every other one, at once', async () => {
    const laptop = await signedInBrowser(testApp, accountId);
    const phone = await signedInBrowser(testApp, accountId);
    const tablet = await signedInBrowser(testApp, accountId);
    const page = await laptop.get('/settings/sessions');
    expect(page.status).toBe(200);
    expect(page.text.match(/>Sign out<\/button>/g)!.length).toBeGreaterThanOrEqual(4); // three sessions and the header's
    const phoneId = (await testApp.database.db.selectFrom('web_sessions').select('id').where('account_id', '=', accountId).orderBy('created_at').execute())[1]!.id;
    expect((await laptop.post(`/settings/sessions/${phoneId}/sign-out`, {})).status).toBe(303);
    expect((await phone.get('/settings/api-keys')).headers.location).toMatch(/^\/sign-in/);
    expect((await tablet.get('/settings/api-keys')).status).toBe(200);

    await laptop.get('/settings/sessions');
    expect((await laptop.post('/settings/sessions/sign-out-others', {})).status).toBe(303);
    expect((await tablet.get('/settings/api-keys')).headers.location).toMatch(/^\/sign-in/);
    expect((await laptop.get('/settings/api-keys')).status).toBe(200);
  });

  it("cannot sign out another account's session", async () => {
    const other = await localAccount(testApp, 'other-sessions@example.com', PASSWORD);
    const victim = await signedInBrowser(testApp, other);
    const victimId = (await testApp.database.db.selectFrom('web_sessions').select('id').where('account_id', '=', other).executeTakeFirstOrThrow()).id;
    const attacker = await signedInBrowser(testApp, accountId);
    await attacker.get('/settings/sessions');
    await attacker.post(`/settings/sessions/${victimId}/sign-out`, {});
    expect((await victim.get('/settings/api-keys')).status).toBe(200);
  });

  it('signs out with the button, and the old cookie opens nothing afterwards', async () => {
    const browser = await signedInBrowser(testApp, accountId);
    const token = browser.cookies.get('mtl_session')!;
    await browser.get('/memories');
    const out = await browser.post('/sign-out', {});
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/sign-in?notice=signed-out');
    const replay = new FormBrowser(testApp);
    replay.cookies.set('mtl_session', token);
    expect((await replay.get('/memories')).status).toBe(303);
  });

  it('ends a session unused for 7 days, and any session 30 days after it began', async () => {
    const idle = await signedInBrowser(testApp, accountId);
    clock.advance(6 * DAY_MS);
    expect((await idle.get('/memories')).status).toBe(200);
    clock.advance(6 * DAY_MS); // used a day ago... six days since: still in force
    expect((await idle.get('/memories')).status).toBe(200);
    clock.advance(7 * DAY_MS + 60_000);
    expect((await idle.get('/memories')).status).toBe(303);

    clock.reset();
    const busy = await signedInBrowser(testApp, accountId);
    for (let day = 5; day <= 25; day += 5) {
      clock.advance(5 * DAY_MS);
      expect((await busy.get('/memories')).status).toBe(200);
    }
    clock.advance(5 * DAY_MS + 60_000);
    expect((await busy.get('/memories')).status).toBe(303);
  });

  it('deletes the sessions past their end in the maintenance pass', async () => {
    await signedInBrowser(testApp, accountId);
    const count = async () => (await testApp.database.db.selectFrom('web_sessions').select('id').where('account_id', '=', accountId).execute()).length;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    clock.advance(8 * DAY_MS);
    await runMaintenance(testApp.app.services);
    expect(await count()).toBe(0);
  });
});

describe('limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ env: { SIGN_IN_LIMIT_PER_ADDRESS: '2', SIGN_IN_LIMIT_PER_EMAIL: '1000', RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => limited.close());

  it('throttles sign-in attempts per address, whichever emails they try', async () => {
    await localAccount(limited, 'owner@example.com', PASSWORD, true);
    const browser = new FormBrowser(limited);
    await browser.get('/sign-in');
    for (const email of ['a@example.com', 'b@example.com']) {
      expect((await browser.post('/sign-in', { email, password: 'wrong password here' })).status).toBe(401);
    }
    expect((await browser.post('/sign-in', { email: 'c@example.com', password: 'wrong password here' })).status).toBe(429);
  });

  it("charges a signed-in page to the account's budget, as the API charges a session's request", async () => {
    const accountId = await localAccount(limited, 'budget@example.com', PASSWORD);
    const browser = await signedInBrowser(limited, accountId);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await browser.get('/memories')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await browser.get('/memories');
    expect(refused.text).toContain('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sign-up', () => {
  it('is by the owner’s invitation by default, one account per link', async () => {
    const { testApp, ownerId: owner } = instance;
    {
      const member = await localAccount(testApp, 'member@example.com', PASSWORD);
      const visitor = new FormBrowser(testApp);
      expect((await visitor.get('/sign-up')).status).toBe(403);
      await visitor.get('/sign-in');
      const refused = await visitor.post('/sign-up', { email: 'new@example.com', password: PASSWORD });
      expect(refused.status).toBe(403);

      const memberBrowser = await signedInBrowser(testApp, member);
      expect((await memberBrowser.get('/settings/invitations')).text).toContain('Only the owner of this instance can invite people');
      const memberTry = await memberBrowser.post('/settings/invitations', {});
      expect(memberTry.status).toBe(403);

      const ownerBrowser = await signedInBrowser(testApp, owner);
      await ownerBrowser.get('/settings/invitations');
      const invited = await ownerBrowser.post('/settings/invitations', {});
      expect(invited.status).toBe(201);
      const link = textOf(invited.text, /<output id="invitation-link">(.*?)<\/output>/)!;
      const path = new URL(link).pathname + new URL(link).search;

      const newcomer = new FormBrowser(testApp);
      expect((await newcomer.get(path)).status).toBe(200);
      const invitation = new URL(link).searchParams.get('invitation')!;
      const joined = await newcomer.post('/sign-up', { email: 'new@example.com', password: PASSWORD, invitation });
      expect(joined.status).toBe(303);
      expect((await newcomer.get('/')).text).toContain('new@example.com');

      const second = new FormBrowser(testApp);
      const used = await second.get(path);
      expect(used.status).toBe(404);
      await second.get('/sign-in');
      const reuse = await second.post('/sign-up', { email: 'second@example.com', password: PASSWORD, invitation });
      expect(reuse.status).toBe(404);
      expect(reuse.text).toContain('invitation_invalid');
    }
  });

  it('is open to anyone with SIGNUP=open, and says when an email is taken', async () => {
    const testApp = await startTestApp({ env: { SIGNUP: 'open' } });
    try {
      await localAccount(testApp, 'owner@example.com', PASSWORD, true);
      const visitor = new FormBrowser(testApp);
      expect((await visitor.get('/sign-up')).status).toBe(200);
      expect((await visitor.post('/sign-up', { email: 'anyone@example.com', password: PASSWORD })).status).toBe(303);
      const again = new FormBrowser(testApp);
      await again.get('/sign-up');
      const taken = await again.post('/sign-up', { email: 'ANYONE@example.com', password: PASSWORD });
      expect(taken.status).toBe(409);
      expect(textOf(taken.text, /<p class="field-error" id="field-email-error">(.*?)<\/p>/)).toBe('Is already used by an account.');
    } finally {
      await testApp.close();
    }
  });

  it('lets any account invite with SIGNUP=invite', async () => {
    const testApp = await startTestApp({ env: { SIGNUP: 'invite' } });
    try {
      await localAccount(testApp, 'owner@example.com', PASSWORD, true);
      const member = await localAccount(testApp, 'member@example.com', PASSWORD);
      const browser = await signedInBrowser(testApp, member);
      await browser.get('/settings/invitations');
      expect((await browser.post('/settings/invitations', {})).status).toBe(201);
    } finally {
      await testApp.close();
    }
  });
});

describe('every form is protected against cross-site requests', () => {
  let testApp: TestApp;
  let accountId: string;
  beforeAll(() => {
    ({ testApp, ownerId: accountId } = instance);
  });

  const keyCount = async () => (await testApp.database.db.selectFrom('api_keys').select('id').where('account_id', '=', accountId).execute()).length;

  it.each([
    ['without the CSRF token', { csrf: null }],
    ['with a wrong CSRF token', { csrf: 'A'.repeat(43) }],
    ['from another origin', { origin: 'https://evil.example' }],
    ['with neither Origin nor Referer', { origin: null }],
  ] as const)('refuses a form %s with 403 csrf_failed, and changes nothing', async (_case, options) => {
    const browser = await signedInBrowser(testApp, accountId);
    await browser.get('/settings/api-keys');
    const before = await keyCount();
    const answer = await browser.post('/settings/api-keys', { name: 'forged', mode: 'read_write' }, options);
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('csrf_failed');
    expect(await keyCount()).toBe(before);
  });

  it("refuses another session's token", async () => {
    const mine = await signedInBrowser(testApp, accountId);
    const theirs = await signedInBrowser(testApp, accountId);
    await theirs.get('/settings/api-keys');
    await mine.get('/settings/api-keys');
    const answer = await mine.post('/settings/api-keys', { name: 'forged', mode: 'read_write' }, { csrf: theirs.csrf() });
    expect(answer.status).toBe(403);
  });

  it('protects the forms before sign-in too', async () => {
    const browser = new FormBrowser(testApp);
    await browser.get('/sign-in');
    const csrf = browser.csrf();
    expect((await browser.post('/sign-in', { email: 'csrf@example.com', password: PASSWORD }, { csrf: null })).status).toBe(403);
    expect((await browser.post('/sign-in', { email: 'csrf@example.com', password: PASSWORD }, { csrf, origin: 'https://evil.example' })).status).toBe(403);
    expect(browser.cookies.has('mtl_session')).toBe(false);
    const signedIn = await signedInBrowser(testApp, accountId);
    expect((await signedIn.post('/sign-out', {}, { csrf: null })).status).toBe(403);
    expect((await signedIn.get('/memories')).status).toBe(200);
  });

  it('answers a browser with a 404 page, and an API client with the JSON envelope', async () => {
    const page = await testApp.http.get('/no/such/page').set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(page.status).toBe(404);
    expect(page.type).toBe('text/html');
    expect(page.text).toContain('There is no page here.');
    const api = await testApp.http.get('/no/such/page').set('Accept', '*/*');
    expect(api.status).toBe(404);
    expect(api.body.error.code).toBe('not_found');
    const v1 = await testApp.http.get('/v1/no-such-route').set('Accept', 'text/html');
    expect(v1.type).toBe('application/json');
  });

  it('serves every page with a strict Content-Security-Policy, no framing, and no caching', async () => {
    const browser = await signedInBrowser(testApp, accountId);
    for (const path of ['/', '/memories', '/memories/new', '/memories/trash', '/subjects', '/subjects/new', '/inbox', '/library', '/settings/api-keys', '/settings/sessions', '/settings/invitations', '/sign-in']) {
      const page = await browser.get(path);
      const policy = page.headers['content-security-policy'] as string;
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("form-action 'self'");
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(page.headers['cache-control']).toBe('no-store');
      // Not `no-referrer`: with it, browsers post forms with `Origin: null`, which the origin check refuses.
      expect(page.headers['referrer-policy']).toBe('same-origin');
      // No inline script: every script element has a src.
      expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
  });
});
