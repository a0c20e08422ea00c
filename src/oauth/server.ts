import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { ipKeyGenerator, rateLimit, type Options as RateLimitOptions, type Store } from 'express-rate-limit';
import { clientRegistrationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/register.js';
import { revocationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/revoke.js';
import { tokenHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/token.js';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import {
  AccessDeniedError,
  CustomOAuthError,
  InvalidClientMetadataError,
  InvalidGrantError,
  InvalidRequestError,
  InvalidTargetError,
  InvalidTokenError,
  TooManyRequestsError,
  UnsupportedResponseTypeError,
  type OAuthError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthClientInformationFull, OAuthMetadata, OAuthProtectedResourceMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { AuthorizationServer, OAuthRefusal, redirectWith, stateIsValid, type RegisteredClient } from '../domain/oauth/authorization-server';
import { mcpResource, publicOrigin } from '../edge/public-url';

/** Where the consent page is: the authorization endpoint sends the browser there with the sealed request. */
export const CONSENT_PATH = '/oauth/consent';

export interface OAuthRouterOptions {
  readonly server: AuthorizationServer;
  /** PUBLIC_URL, or null to name this service from each request. */
  readonly publicUrl: string | null;
  readonly registrationsPerHour: number;
  readonly requestsPerMinute: number;
  /** One limiter store per endpoint (registration, authorization, token, revocation), shared by every instance when Redis is set. */
  readonly stores: { readonly register: Store; readonly authorize: Store; readonly token: Store; readonly revoke: Store };
}

/** An OAuthRefusal in the SDK's terms, which its handlers answer with (by redirect where OAuth says so). */
function asOAuthError(refusal: OAuthRefusal): OAuthError {
  switch (refusal.code) {
    case 'invalid_request':
      return new InvalidRequestError(refusal.message);
    case 'invalid_grant':
      return new InvalidGrantError(refusal.message);
    case 'invalid_target':
      return new InvalidTargetError(refusal.message);
    case 'invalid_client_metadata':
      return new InvalidClientMetadataError(refusal.message);
    case 'access_denied':
      return new AccessDeniedError(refusal.message);
    case 'invalid_redirect_uri':
      return new CustomOAuthError('invalid_redirect_uri', refusal.message);
    case 'unsupported_response_type':
      return new UnsupportedResponseTypeError(refusal.message);
  }
}

async function speakingOAuth<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw err instanceof OAuthRefusal ? asOAuthError(err) : err;
  }
}

function clientInformation(client: RegisteredClient): OAuthClientInformationFull {
  return {
    client_id: client.id,
    client_id_issued_at: Math.floor(client.registeredAt.getTime() / 1000),
    client_name: client.name,
    redirect_uris: [...client.redirectUris],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    // Public clients only: PKCE proves the client, and no secret is kept.
    token_endpoint_auth_method: 'none',
  };
}

/**
 * The SDK's token, registration and revocation handlers, backed by the authorization server: the
 * SDK checks the requests' shape; the server checks PKCE (S256), a code's and a refresh token's
 * binding to their client, redirect URI and resource. (The authorization endpoint is this
 * module's own: see authorizationEndpoint.)
 */
class Provider implements OAuthServerProvider {
  readonly clientsStore: OAuthRegisteredClientsStore;
  /**
   * The server checks the PKCE verifier itself, inside the exchange and before anything else a
   * code does: a replayed code then revokes what it made only for the holder of the verifier.
   */
  readonly skipLocalPkceValidation = true;

  constructor(
    private readonly server: AuthorizationServer,
    private readonly originOf: (req: Request) => string,
  ) {
    this.clientsStore = {
      getClient: async (clientId) => {
        const client = await server.findClient(clientId);
        return client ? clientInformation(client) : undefined;
      },
      registerClient: (metadata) => speakingOAuth(async () => clientInformation(await server.registerClient(metadata))),
    };
  }

  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response): Promise<void> {
    if (!client.redirect_uris.includes(params.redirectUri)) {
      // Never a redirect to an address the client did not register exactly.
      res.status(400).json({ error: 'invalid_request', error_description: 'redirect_uri must be one of the client\'s registered redirect URIs, exactly.' });
      return;
    }
    const registered = await this.server.findClient(client.client_id);
    if (!registered) throw new InvalidRequestError('Invalid client_id');
    const sealed = await speakingOAuth(() =>
      this.server.beginAuthorization(
        registered,
        { redirectUri: params.redirectUri, codeChallenge: params.codeChallenge, state: params.state, resource: params.resource?.href },
        mcpResource(this.originOf(res.req)),
      ),
    );
    res.redirect(302, `${CONSENT_PATH}?request=${sealed}`);
  }

  challengeForAuthorizationCode(client: OAuthClientInformationFull, code: string): Promise<string> {
    return speakingOAuth(() => this.server.challengeFor(client.client_id, code));
  }

  exchangeAuthorizationCode(client: OAuthClientInformationFull, code: string, verifier?: string, redirectUri?: string, resource?: URL): Promise<OAuthTokens> {
    return speakingOAuth(() => this.server.exchangeCode(client.client_id, code, verifier ?? '', redirectUri, resource?.href));
  }

  exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string, _scopes?: string[], resource?: URL): Promise<OAuthTokens> {
    return speakingOAuth(() => this.server.refresh(client.client_id, refreshToken, resource?.href));
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const found = await this.server.describeAccessToken(token);
    if (!found) throw new InvalidTokenError('The access token is invalid, expired or revoked.');
    return { token, clientId: found.clientId, scopes: [found.mode], expiresAt: found.expiresAt, resource: new URL(found.resource) };
  }

  async revokeToken(client: OAuthClientInformationFull, request: { token: string }): Promise<void> {
    await this.server.revoke(client.client_id, request.token);
  }
}

function limiter(store: Store, windowMs: number, max: number): Partial<RateLimitOptions> {
  return { windowMs, max, store, validate: false, keyGenerator: (req) => `address:${ipKeyGenerator(req.ip ?? 'unknown')}` };
}

const oauthError = (res: Response, status: number, error: string, description: string) => {
  res.status(status).json({ error, error_description: description });
};

const text = (params: Record<string, unknown>, name: string): string | undefined => {
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The authorization endpoint. The SDK's would redirect its own refusals to any port of a loopback
 * redirect URI, and without `iss`: here nothing is redirected before the client and its redirect
 * URI are known and matched exactly (refusals before that are answered here, `400`), and every
 * redirect after carries `state` (when valid) and `iss` (RFC 9207).
 */
function authorizationEndpoint(server: AuthorizationServer, originOf: (req: Request) => string, limit: Partial<RateLimitOptions>): Router {
  const router = Router();
  router.use(
    rateLimit({
      ...limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, res) => oauthError(res, 429, 'too_many_requests', new TooManyRequestsError('Too many authorization requests; retry in a minute.').message),
    }),
  );
  router.use(express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 }));
  router.all('/', async (req, res, next) => {
    try {
      res.setHeader('Cache-Control', 'no-store');
      if (req.method !== 'GET' && req.method !== 'POST') {
        res.setHeader('Allow', 'GET, POST');
        return oauthError(res, 405, 'invalid_request', 'Use GET or POST.');
      }
      const params = (req.method === 'POST' ? req.body : req.query) as Record<string, unknown>;
      const clientId = text(params, 'client_id');
      const client = clientId ? await server.findClient(clientId) : undefined;
      if (!client) return oauthError(res, 400, 'invalid_client', 'Unknown client_id: register the client first.');
      const asked = text(params, 'redirect_uri');
      const redirectUri = asked ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
      if (redirectUri === undefined || !client.redirectUris.includes(redirectUri)) {
        return oauthError(res, 400, 'invalid_request', "redirect_uri must be one of the client's registered redirect URIs, exactly.");
      }
      const origin = originOf(req);
      const state = text(params, 'state');
      const back = (error: string, description: string) =>
        res.redirect(302, redirectWith(redirectUri, { error, error_description: description }, stateIsValid(state) ? (state ?? null) : null, `${origin}/`));
      if (text(params, 'response_type') !== 'code') return back('unsupported_response_type', 'response_type must be code.');
      if (text(params, 'code_challenge_method') !== 'S256') return back('invalid_request', 'PKCE is required: code_challenge_method must be S256.');
      try {
        const sealed = await server.beginAuthorization(
          client,
          { redirectUri, codeChallenge: text(params, 'code_challenge') ?? '', state, resource: text(params, 'resource') },
          mcpResource(origin),
        );
        res.redirect(302, `${CONSENT_PATH}?request=${sealed}`);
      } catch (err) {
        if (err instanceof OAuthRefusal) return back(err.code, err.message);
        throw err;
      }
    } catch (err) {
      next(err);
    }
  });
  return router;
}

/** Metadata anyone may read, from any origin (a browser-based client discovers the server with it). */
function sendMetadata(res: Response, metadata: object): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Cache-Control', 'no-store');
  res.json(metadata);
}

const preflight: RequestHandler = (_req, res) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'GET, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', 'MCP-Protocol-Version');
  res.status(204).end();
};

/**
 * OAuth 2.1 for the MCP endpoint: the protected resource's metadata (RFC 9728), the authorization
 * server's (RFC 8414), dynamic registration (RFC 7591), the authorization and token endpoints
 * (code with PKCE S256, rotating refresh tokens) and revocation (RFC 7009). Every endpoint is
 * limited per client address; registration more strictly.
 */
export function oauthRouter(options: OAuthRouterOptions): Router {
  const originOf = (req: Request) => publicOrigin(req, options.publicUrl);
  const provider = new Provider(options.server, originOf);
  const minute = 60 * 1000;
  const router = Router();

  const serverMetadata = (req: Request): OAuthMetadata => {
    const origin = originOf(req);
    return {
      issuer: `${origin}/`,
      service_documentation: `${origin}/docs`,
      authorization_endpoint: `${origin}/authorize`,
      token_endpoint: `${origin}/token`,
      registration_endpoint: `${origin}/register`,
      revocation_endpoint: `${origin}/revoke`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      // Public clients only: PKCE proves the client at the token and revocation endpoints.
      token_endpoint_auth_methods_supported: ['none'],
      revocation_endpoint_auth_methods_supported: ['none'],
      // The mode the account chooses on the consent page, which a token response names in `scope`.
      scopes_supported: ['read_only', 'read_write'],
      authorization_response_iss_parameter_supported: true,
    };
  };
  const resourceMetadata = (req: Request): OAuthProtectedResourceMetadata => ({
    resource: mcpResource(originOf(req)),
    authorization_servers: [`${originOf(req)}/`],
    bearer_methods_supported: ['header'],
    resource_name: 'MTL',
    resource_documentation: `${originOf(req)}/docs`,
  });
  for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
    router.options(path, preflight);
    router.get(path, (req, res) => sendMetadata(res, resourceMetadata(req)));
  }
  router.options('/.well-known/oauth-authorization-server', preflight);
  router.get('/.well-known/oauth-authorization-server', (req, res) => sendMetadata(res, serverMetadata(req)));

  router.use(
    '/register',
    // A registration is a few hundred bytes; the SDK's own parser would take 100 KB.
    express.json({ limit: '16kb' }),
    clientRegistrationHandler({ clientsStore: provider.clientsStore, clientIdGeneration: false, rateLimit: limiter(options.stores.register, 60 * minute, options.registrationsPerHour) }),
  );
  router.use('/authorize', authorizationEndpoint(options.server, originOf, limiter(options.stores.authorize, minute, options.requestsPerMinute)));
  router.use('/token', tokenHandler({ provider, rateLimit: limiter(options.stores.token, minute, options.requestsPerMinute) }));
  router.use('/revoke', revocationHandler({ provider, rateLimit: limiter(options.stores.revoke, minute, options.requestsPerMinute) }));
  return router;
}
