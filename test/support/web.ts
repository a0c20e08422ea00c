import type { Response } from 'supertest';
import type { TestApp } from './app';
import { WebSessions } from '../../src/domain/accounts/web-sessions';
import { LocalAccounts } from '../../src/domain/accounts/local-accounts';
import { PASSWORD_HASH_COST_MIN } from '../../src/domain/accounts/passwords';


/**
 * A browser as far as forms go: it keeps the cookies the application sets, sends them back, and
 * posts forms with the CSRF token of the page it last fetched and the application's own `Origin`.
 */
export class FormBrowser {
  readonly cookies = new Map<string, string>();
  lastPage = '';

  constructor(private readonly testApp: TestApp) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(response: Response): Response {
    for (const line of ([] as string[]).concat(response.headers['set-cookie'] ?? [])) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    if (response.type === 'text/html' && (response.status < 300 || response.status >= 400)) this.lastPage = response.text;
    return response;
  }

  async get(path: string): Promise<Response> {
    return this.keep(await this.testApp.http.get(path).set('Cookie', this.cookieHeader()).redirects(0));
  }

  /** The CSRF token of the last page fetched (its first form's). */
  csrf(): string {
    return csrfOf(this.lastPage);
  }

  /**
   * Posts a form, addressed to the host `app.test`. `csrf` defaults to the token of the last page;
   * `origin` to the application's own (`http://app.test`); null leaves either out.
   */
  async post(path: string, fields: Record<string, string>, options: { csrf?: string | null; origin?: string | null } = {}): Promise<Response> {
    const token = options.csrf === undefined ? this.csrf() : options.csrf;
    const body = new URLSearchParams({ ...(token === null ? {} : { _csrf: token }), ...fields }).toString();
    let request = this.testApp.http.post(path).set('Cookie', this.cookieHeader()).type('form').redirects(0);
    request = request.set('Host', 'app.test');
    if (options.origin !== null) request = request.set('Origin', options.origin ?? 'http://app.test');
    return this.keep(await request.send(body));
  }
}

export function csrfOf(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('The page has no form with a CSRF token');
  return match[1]!;
}

/** A browser signed in to an account (a session started through the domain, as sign-in starts one). */
export async function signedInBrowser(testApp: TestApp, accountId: string): Promise<FormBrowser> {
  const sessions = new WebSessions(testApp.database.db, testApp.app.services.clock);
  const { token } = await sessions.start(accountId, 'password', 'jest');
  const browser = new FormBrowser(testApp);
  browser.cookies.set('mtl_session', token);
  return browser;
}

/** An account with an email and password (the owner's, when the instance has none). */
export async function localAccount(testApp: TestApp, email: string, password: string, owner = false): Promise<string> {
  const accounts = new LocalAccounts(testApp.database.db, testApp.app.services.clock, 'open', PASSWORD_HASH_COST_MIN);
  return owner ? accounts.createOwner({ email, password }) : accounts.signUp({ email, password }, null);
}

/** The text of an element's first match in a page (tags stripped), for assertions on what a person reads. */
export function textOf(html: string, pattern: RegExp): string | null {
  const match = pattern.exec(html);
  return match ? match[1]!.replace(/<[^>]+>/g, '').trim() : null;
}
