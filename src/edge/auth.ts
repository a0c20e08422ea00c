import type { Request, RequestHandler } from 'express';
import { KEY_LIKE } from '../domain/api-keys/key-format';
import type { ApiKeyAuthenticator } from '../domain/api-keys/authenticator';
import type { AuthorizationServer } from '../domain/oauth/authorization-server';
import type { AccountDirectory } from '../domain/accounts/accounts';
import type { SessionClaims } from '../domain/accounts/sessions';
import { AppError } from '../domain/shared/errors';
import type { Principal } from '../domain/shared/principal';
import { pathHolds } from './percent-decoding';

const CREDENTIAL_PARAMETERS = new Set(['api_key', 'apikey', 'key', 'token', 'access_token']);

/**
 * Credentials never travel in a URL, where proxies and logs keep them: a request with one in its
 * query string or its path (however many times percent-encoded), on any path of the service, is
 * refused before anything else runs (and neither is logged). The refusal is a failed
 * authentication: it first passes through `onRefusal` (the per-address limiter), which counts it,
 * sets the rate-limit headers, and lets it through or answers 429.
 */
export function refuseCredentialsInUrl(onRefusal?: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const refuse = (parameter: string) => {
      const refusal = new AppError('credentials_in_query', 'Credentials must be sent in the Authorization header, never in the URL.', {
        parameter,
      });
      // Whatever the path, the answer is about this caller's request: no cache keeps it.
      res.setHeader('Cache-Control', 'no-store');
      if (onRefusal) void onRefusal(req, res, (limited?: unknown) => next(limited ?? refusal));
      else next(refusal);
    };
    if (pathHolds(req.path, [KEY_LIKE])) {
      refuse('(path)');
      return;
    }
    const query = req.originalUrl.indexOf('?');
    if (query === -1) {
      next();
      return;
    }
    const params = new URLSearchParams(req.originalUrl.slice(query + 1));
    for (const [name, value] of params) {
      if (CREDENTIAL_PARAMETERS.has(name.toLowerCase()) || KEY_LIKE.test(value) || KEY_LIKE.test(name)) {
        refuse(KEY_LIKE.test(name) ? '(redacted)' : name);
        return;
      }
    }
    next();
  };
}

export interface Authenticators {
  readonly apiKeys: ApiKeyAuthenticator;
  readonly verifySession: (token: string) => Promise<SessionClaims | null>;
  readonly accounts: AccountDirectory;
  readonly oauth: AuthorizationServer;
}

/** Where a bearer token is presented: OAuth access tokens are taken only at the resource they were issued for. */
export interface Audience {
  /** The MCP endpoint's URL for this request, or null where OAuth access tokens are not taken (`/v1`). */
  readonly oauthResource: string | null;
}

const unauthorized = (message: string) => new AppError('unauthorized', message);
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** Resolves a bearer token (API key, OAuth access token or session JWT) to a principal. */
export async function principalFor(token: string, auth: Authenticators, audience: Audience): Promise<Principal> {
  if (token.startsWith('mtl_at_') || token.startsWith('mtl_rt_')) {
    if (!audience.oauthResource || token.startsWith('mtl_rt_')) {
      throw unauthorized('An OAuth access token is taken only at /mcp, the resource it was issued for; /v1 takes an API key or a session token.');
    }
    const principal = await auth.oauth.authenticate(token, audience.oauthResource);
    if (typeof principal === 'string') throw unauthorized(principal);
    return principal;
  }
  if (token.startsWith('mtl_')) {
    const principal = await auth.apiKeys.authenticate(token);
    if (!principal) throw unauthorized('The API key is invalid, expired or revoked.');
    return principal;
  }
  if (JWT_SHAPE.test(token)) {
    const claims = await auth.verifySession(token);
    if (!claims) throw unauthorized('The session token is invalid or expired.');
    return { kind: 'session', accountId: await auth.accounts.accountFor(claims.subject, claims.name) };
  }
  throw unauthorized('The bearer token is malformed.');
}

export function bearerToken(header: string | undefined): string {
  if (!header) throw unauthorized('Send Authorization: Bearer <API key, OAuth access token or session token>.');
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <token>".');
  return match[1];
}

/**
 * Sets the request's principal. A failed authentication first passes through `onFailure` (the
 * per-address limiter), which lets the 401 through or answers 429 itself.
 */
export function authenticate(auth: Authenticators, audience: (req: Request) => Audience, onFailure?: RequestHandler): RequestHandler {
  return async (req, res, next) => {
    try {
      res.locals.principal = await principalFor(bearerToken(req.get('authorization')), auth, audience(req));
      next();
    } catch (err) {
      if (onFailure && err instanceof AppError && err.code === 'unauthorized') {
        void onFailure(req, res, (limited?: unknown) => next(limited ?? err));
        return;
      }
      next(err);
    }
  };
}
