import type { Request, RequestHandler } from 'express';

/** The path of the MCP endpoint: the one resource OAuth access tokens are for. */
export const MCP_RESOURCE_PATH = '/mcp';

/**
 * The origin clients reach this service at: PUBLIC_URL when set, else the request's own scheme
 * and Host (as the trusted proxies tell them). OAuth's metadata, its issuer and the resource its
 * tokens are bound to are named from it.
 */
export function publicOrigin(req: Request, configured: string | null): string {
  if (configured) return configured;
  try {
    return new URL(`${req.protocol}://${req.get('host') ?? 'localhost'}`).origin;
  } catch {
    return `${req.protocol}://localhost`;
  }
}

/** The MCP endpoint's URL: the resource (RFC 8707) of every access token. */
export const mcpResource = (origin: string): string => `${origin}${MCP_RESOURCE_PATH}`;

/** Where the MCP endpoint's protected-resource metadata (RFC 9728) is served. */
export const resourceMetadataUrl = (origin: string): string => `${origin}/.well-known/oauth-protected-resource${MCP_RESOURCE_PATH}`;

/**
 * The MCP endpoint's answer to a missing or refused credential names its protected-resource
 * metadata (RFC 9728 §5.1), where an MCP client starts OAuth.
 */
export function challengeWithResourceMetadata(configured: string | null): RequestHandler {
  return (req, res, next) => {
    const metadata = resourceMetadataUrl(publicOrigin(req, configured));
    const refused = req.get('authorization') ? ', error="invalid_token"' : '';
    res.locals.wwwAuthenticate = `Bearer realm="mtl", resource_metadata="${metadata}"${refused}`;
    next();
  };
}
