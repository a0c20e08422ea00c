import type { RequestHandler } from 'express';
import { AppError } from '../domain/shared/errors';
import { canonicalOrigin, ownOrigin } from '../edge/origins';

/** The headers an MCP client sends beside its JSON-RPC message, which a browser asks leave for first. */
const ALLOWED_HEADERS = 'Authorization, Content-Type, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID';
/** The headers of an answer that a page's script needs to read besides the basic ones. */
const EXPOSED_HEADERS = 'WWW-Authenticate, Mcp-Session-Id, Request-Id, Retry-After, RateLimit, RateLimit-Policy';
/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * `/mcp` answers a page in a browser only when the page is of the server's own origin or of one
 * the operator listed (`MCP_ALLOWED_ORIGINS`), as the MCP transport specification asks of servers,
 * against DNS rebinding: a request sent with any other `Origin` is `403 origin_not_allowed` before
 * its credentials are read. A request without `Origin` does not come from a page and passes.
 *
 * A browser's preflight (`OPTIONS`) carries no credentials and is answered here, before
 * authentication, so it never counts as a failed one: `204` with what an MCP client needs to send
 * (for an allowed origin), or the same `403`.
 */
export function checkOrigin(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    res.vary('Origin');
    const origin = req.get('origin');
    if (origin !== undefined) {
      const canonical = canonicalOrigin(origin);
      if (canonical === null || (!allowed.has(canonical) && canonical !== ownOrigin(req))) {
        next(new AppError('origin_not_allowed', "Pages of this origin may not call /mcp: only the server's own origin and those it is set to allow may."));
        return;
      }
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    if (req.method !== 'OPTIONS') {
      next();
      return;
    }
    res.setHeader('Allow', 'POST');
    if (origin !== undefined) {
      res.setHeader('Access-Control-Allow-Methods', 'POST');
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
    }
    res.status(204).end();
  };
}
