import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { LocalAccounts } from '../domain/accounts/local-accounts';
import type { WebSessions } from '../domain/accounts/web-sessions';
import type { SignInThrottle } from '../edge/sign-in-throttle';
import type { AuthorizationServer } from '../domain/oauth/authorization-server';
import type { PageOperations } from './operations';
import type { OidcSignIn } from './oidc';
import type { PageFrame } from './views/layout';
import { webLocals } from './web-session';

/** What every page of the application is given. */
export interface WebContext {
  readonly operations: PageOperations;
  readonly sessions: WebSessions;
  readonly accounts: LocalAccounts;
  readonly throttle: SignInThrottle;
  /** Sign-in at an OpenID Connect provider, when one is configured. */
  readonly oidc: OidcSignIn | null;
  readonly logger: Logger;
  /** The API's request budgets (per principal, per account), which a signed-in page draws on. */
  readonly limit: RequestHandler;
  /** The budget per client address of a visitor without a session (the Library's public pages). */
  readonly limitVisitors: RequestHandler;
  /** OAuth for MCP: the consent page approves or denies a client's authorization request. */
  readonly oauth: AuthorizationServer;
  /** PUBLIC_URL, or null when this service is named from each request. */
  readonly publicUrl: string | null;
}

/** Notices a page shows after a redirect, by their key in `?notice=` (never text from the URL itself). */
const NOTICES: Readonly<Record<string, string>> = {
  'signed-out': 'You are signed out.',
  'key-revoked': 'The key is revoked: requests with it are refused from now on.',
  'connection-revoked': 'The client is disconnected: its tokens are refused from now on.',
  'session-ended': 'That session is signed out.',
  'sessions-ended': 'Every other session is signed out.',
  'memory-saved': 'The Memory is saved.',
  'memory-trashed': 'The Memory is in the trash. You can restore it from there.',
  'memory-restored': 'The Memory is restored.',
  'memory-deleted': 'The Memory is deleted for good.',
  'subject-saved': 'The Subject is saved.',
  'subject-deleted': 'The Subject is deleted.',
  'suggestion-accepted': 'The suggestion is accepted: its Fact is now current.',
  'suggestion-rejected': 'The suggestion is rejected.',
  'insight-dismissed': 'The insight is dismissed.',
  'template-copied': 'The Template is copied into your templates as a new draft.',
  'template-created': 'The Template is created. Edit its files, then submit it for review.',
  'draft-saved': 'The draft is saved.',
  'template-published': 'The Template is published: everyone can find it in the Library.',
  'template-unpublished': 'The Template is unpublished: it is no longer in the Library.',
  'template-republished': 'The Template is published again.',
};

export function frame(req: Request, res: Response, title: string, section?: PageFrame['section']): PageFrame {
  const web = webLocals(res);
  const notice = typeof req.query.notice === 'string' ? (NOTICES[req.query.notice] ?? null) : null;
  const label = res.locals.accountLabel as string | undefined;
  return { title, csrfToken: web.csrfToken, signedIn: web.principal ? { label: label ?? 'Signed in' } : null, section, notice };
}

/** A page for signed-in people: anyone else is sent to sign in, and brought back afterwards. */
export function requireSignIn(context: WebContext): RequestHandler {
  return async (req, res, next) => {
    const web = webLocals(res);
    if (!web.principal) {
      const back = req.method === 'GET' ? req.originalUrl : '/';
      res.redirect(303, `/sign-in?return_to=${encodeURIComponent(back)}`);
      return;
    }
    try {
      res.locals.accountLabel = await context.accounts.labelOf(web.principal.accountId);
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** An async page handler whose failures reach the application's error page. */
export function page(handler: (req: Request, res: Response) => Promise<void>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    handler(req, res).catch(next);
  };
}

/** A path on this site to return to after sign-in; anything else (another site, `//host`) is the console. */
export function localPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/** A form's text field: a string, or undefined when the form left it out. */
export function textField(body: unknown, name: string): string | undefined {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}
