import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions, NextFunction, Request, RequestHandler, Response } from 'express';
import type { WebSession, WebSessions, SignInMethod } from '../domain/accounts/web-sessions';
import { SESSION_ABSOLUTE_MS } from '../domain/accounts/web-sessions';
import { AppError } from '../domain/shared/errors';
import type { Principal } from '../domain/shared/principal';
import { canonicalOrigin, ownOrigin } from '../edge/origins';

/**
 * The browser's side of a web session: the cookie that carries it (HttpOnly, SameSite=Lax, and
 * Secure with the `__Host-` prefix behind HTTPS), and the CSRF checks of every state-changing
 * form. A signed-in form carries its session's CSRF token (a synchronizer token kept with the
 * session); a form before sign-in carries the value of a cookie of its own (`mtl_csrf`), which
 * another site can neither read nor set. Every form post must also come from this server's own
 * origin (`Origin`, or `Referer` when a browser sends no `Origin`).
 */

export interface WebLocals {
  readonly session: WebSession | null;
  readonly principal: Principal | null;
  /** The token the page's forms carry. */
  readonly csrfToken: string;
}

const SESSION_COOKIE = 'mtl_session';
const CSRF_COOKIE = 'mtl_csrf';
export const CSRF_FIELD = '_csrf';

const cookieName = (req: Request, name: string) => (req.secure ? `__Host-${name}` : name);

function cookieOptions(req: Request, maxAge?: number): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', ...(maxAge !== undefined ? { maxAge } : {}) };
}

export function webLocals(res: Response): WebLocals {
  return res.locals.web as WebLocals;
}

/**
 * Finds the request's session from its cookie, and the CSRF token its forms carry. A request for
 * which `formless` is true (a public page with no form for visitors) is given no CSRF cookie.
 */
export function loadSession(sessions: WebSessions, formless: (req: Request) => boolean = () => false): RequestHandler {
  return async (req, res, next) => {
    try {
      const cookies = (req.cookies ?? {}) as Record<string, string | undefined>;
      const token = cookies[cookieName(req, SESSION_COOKIE)];
      const session = token ? await sessions.find(token) : null;
      let csrfToken = session?.csrfToken;
      if (!csrfToken) {
        csrfToken = cookies[cookieName(req, CSRF_COOKIE)];
        if (formless(req) && (!csrfToken || !/^[A-Za-z0-9_-]{32,64}$/.test(csrfToken))) {
          csrfToken = '';
        } else if (!csrfToken || !/^[A-Za-z0-9_-]{32,64}$/.test(csrfToken)) {
          csrfToken = randomBytes(32).toString('base64url');
          res.cookie(cookieName(req, CSRF_COOKIE), csrfToken, cookieOptions(req));
        }
      }
      // A cookie naming no session in force is cleared: the browser stops sending it.
      if (token && !session) res.clearCookie(cookieName(req, SESSION_COOKIE), cookieOptions(req));
      const web: WebLocals = { session, principal: session ? { kind: 'session', accountId: session.accountId } : null, csrfToken };
      res.locals.web = web;
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** Starts a new session for the account (a new ID: whatever the browser held before is not kept) and sets its cookie. */
export async function signIn(req: Request, res: Response, sessions: WebSessions, accountId: string, method: SignInMethod): Promise<void> {
  const { token } = await sessions.start(accountId, method, req.get('user-agent'));
  res.cookie(cookieName(req, SESSION_COOKIE), token, cookieOptions(req, SESSION_ABSOLUTE_MS));
  res.clearCookie(cookieName(req, CSRF_COOKIE), cookieOptions(req));
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(cookieName(req, SESSION_COOKIE), cookieOptions(req));
}

const csrfFailed = (message: string) => new AppError('csrf_failed', message);

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Refuses a form post from another origin, or without an Origin or Referer to tell. */
export function assertSameOrigin(req: Request): void {
  const own = ownOrigin(req);
  const origin = req.get('origin');
  const referer = req.get('referer');
  const from = origin !== undefined ? canonicalOrigin(origin) : referer !== undefined ? canonicalOrigin(referer) : null;
  if (from === null || own === null || from !== own) {
    throw csrfFailed('This form was not sent from this site. Reload the page and send it again.');
  }
}

/** Refuses a form post without this page's CSRF token. */
export function assertCsrfToken(res: Response, given: unknown): void {
  if (!sameToken(given, webLocals(res).csrfToken)) throw csrfFailed('This form has expired or was not sent from this site. Reload the page and send it again.');
}

/** Both checks, for a urlencoded form (whose body is parsed). */
export const checkForm: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
  if (req.method !== 'POST') {
    next();
    return;
  }
  try {
    assertSameOrigin(req);
    if (req.is('multipart/form-data')) {
      // The upload's own handler reads the token, the body's first field, before the file.
      next();
      return;
    }
    assertCsrfToken(res, (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD]);
    next();
  } catch (err) {
    next(err);
  }
};
