import { startListeningApp, type ListeningTestApp } from '../support/app';
import { providerEnv, startTestProvider, type TestProvider } from '../support/oidc-provider';
import { localAccount } from '../support/web';

/**
 * Signing in with an OpenID provider (oidc-provider, started here), followed hop by hop as a
 * browser would: redirects, each site's cookies, and the provider's login and consent forms.
 * (The browser tests run the same flow in Chromium, on PostgreSQL.)
 */

let provider: TestProvider;
let testApp: ListeningTestApp;

beforeAll(async () => {
  provider = await startTestProvider();
  testApp = await startListeningApp({ env: providerEnv(provider) });
  await provider.serve(testApp.baseUrl);
});
afterAll(async () => {
  await testApp?.close();
  await provider?.close();
});

/** A browser's cookies, per origin, and the last response's location. */
class HopBrowser {
  private readonly cookies = new Map<string, Map<string, string>>();
  /** Every URL a request went to, in order. */
  readonly trail: string[] = [];

  private jar(url: URL): Map<string, string> {
    let jar = this.cookies.get(url.host);
    if (!jar) this.cookies.set(url.host, (jar = new Map()));
    return jar;
  }

  cookie(host: string, name: string): string | undefined {
    return this.cookies.get(host)?.get(name);
  }

  async request(url: URL, init: { method?: string; body?: URLSearchParams } = {}): Promise<Response> {
    this.trail.push(url.href);
    const jar = this.jar(url);
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        accept: 'text/html',
        ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin } : {}),
      },
      ...(init.body ? { body: init.body.toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  /** Follows redirects and fills in the provider's forms (any login, any password; consent) until the service answers with something else. */
  async signInAt(start: URL, login: string, stopAt: string): Promise<Response> {
    let url = start;
    let form: URLSearchParams | undefined;
    for (let hop = 0; hop < 20; hop += 1) {
      const response = await this.request(url, form ? { method: 'POST', body: form } : {});
      form = undefined;
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, url);
        if (next.origin === testApp.baseUrl && !next.pathname.startsWith('/sign-in/oidc')) {
          if (url.pathname === stopAt) return response;
        }
        url = next;
        continue;
      }
      if (url.pathname === stopAt || url.origin === testApp.baseUrl) return response;
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`The provider's page at ${url.href} has no form (${response.status})`);
      form = new URLSearchParams();
      for (const match of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*>/g)) {
        const name = match[1]!;
        const value = /value="([^"]*)"/.exec(match[0])?.[1] ?? '';
        form.set(name, name === 'login' ? login : name === 'password' ? 'any password' : value);
      }
      url = new URL(action.replace(/&amp;/g, '&'), url);
    }
    throw new Error(`Too many hops: ${this.trail.join(' → ')}`);
  }
}

const CALLBACK = '/sign-in/oidc/callback';

describe('signing in with an OpenID Connect provider', () => {
  it('signs a new identity in to an account of its own, with the name the provider gives, back to the page asked for', async () => {
    const browser = new HopBrowser();
    const done = await browser.signInAt(new URL(`${testApp.baseUrl}/sign-in/oidc?return_to=%2Finbox`), 'grace', CALLBACK);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/inbox');
    const host = new URL(testApp.baseUrl).host;
    const session = browser.cookie(host, 'mtl_session');
    expect(session).toBeDefined();
    // The authorization request used PKCE (S256), a state and a nonce.
    const authorize = new URL(browser.trail.find((hop) => hop.startsWith(provider.issuer) && hop.includes('/auth?'))!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${testApp.baseUrl}${CALLBACK}`);

    const inbox = await browser.request(new URL(`${testApp.baseUrl}/inbox`));
    expect(inbox.status).toBe(200);
    expect(await inbox.text()).toContain('<span class="who">IdP grace</span>');
    const rows = await testApp.database.db.selectFrom('account_identities').select(['issuer', 'subject', 'account_id']).where('subject', '=', 'grace').execute();
    expect(rows).toEqual([{ issuer: provider.issuer, subject: 'grace', account_id: expect.stringMatching(/^acc_/) }]);
    const sessions = await testApp.database.db.selectFrom('web_sessions').select('auth_method').where('account_id', '=', rows[0]!.account_id).execute();
    expect(sessions).toEqual([{ auth_method: 'oidc' }]);

    // The same identity later signs in to the same account.
    const again = new HopBrowser();
    await again.signInAt(new URL(`${testApp.baseUrl}/sign-in/oidc`), 'grace', CALLBACK);
    expect(await testApp.database.db.selectFrom('account_identities').select('account_id').where('subject', '=', 'grace').execute()).toEqual([{ account_id: rows[0]!.account_id }]);
  });

  it('links an identity whose verified email a local account has to that account', async () => {
    const accountId = await localAccount(testApp, 'linda@idp.example', 'a long and good password');
    const browser = new HopBrowser();
    const done = await browser.signInAt(new URL(`${testApp.baseUrl}/sign-in/oidc`), 'linda', CALLBACK);
    expect(done.status).toBe(303);
    const row = await testApp.database.db.selectFrom('account_identities').select('account_id').where('subject', '=', 'linda').executeTakeFirstOrThrow();
    expect(row.account_id).toBe(accountId);
  });

  it('completes a sign-in once: the same return again, or one this service never started, is refused', async () => {
    const browser = new HopBrowser();
    await browser.signInAt(new URL(`${testApp.baseUrl}/sign-in/oidc?return_to=%2F%2Fevil.example`), 'ada', CALLBACK);
    const callback = browser.trail.filter((hop) => hop.startsWith(`${testApp.baseUrl}${CALLBACK}`)).pop()!;
    const replay = await new HopBrowser().request(new URL(callback));
    expect(replay.status).toBe(401);
    expect(await replay.text()).toContain('this sign-in was not started here');
    expect(replay.headers.getSetCookie().some((line) => line.startsWith('mtl_session='))).toBe(false);
  });

  it('never sends the browser to another site afterwards', async () => {
    const browser = new HopBrowser();
    const done = await browser.signInAt(new URL(`${testApp.baseUrl}/sign-in/oidc?return_to=%2F%2Fevil.example`), 'ada', CALLBACK);
    expect(done.headers.get('location')).toBe('/');
  });

  it('offers the provider on the sign-in page', async () => {
    await localAccount(testApp, 'owner@example.com', 'a long and good password', true);
    const page = await fetch(`${testApp.baseUrl}/sign-in`);
    expect(await page.text()).toContain('>Sign in with Test IdP</a>');
  });

  it('counts each start at the provider with the address’s sign-in attempts (each stores a state)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await fetch(`${testApp.baseUrl}/sign-in/oidc`, { redirect: 'manual' })).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 303).length).toBeLessThanOrEqual(30);
  });
});
