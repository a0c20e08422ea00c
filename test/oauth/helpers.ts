import { createHash, randomBytes } from 'node:crypto';
import type { Response } from 'supertest';
import type { TestApp } from '../support/app';
import { signedInBrowser, type FormBrowser } from '../support/web';

/** What every test app of these suites is reached at (its OAuth issuer, and /mcp its resource). */
export const PUBLIC_URL = 'http://localhost:3000';
export const RESOURCE = `${PUBLIC_URL}/mcp`;
export const REDIRECT_URI = 'http://127.0.0.1:8976/callback';
export const MCP_HEADERS = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };

export interface RegisteredClient {
  readonly client_id: string;
  readonly client_name: string;
  readonly redirect_uris: string[];
}

export interface Pkce {
  readonly verifier: string;
  readonly challenge: string;
}

export function pkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function registerClient(t: TestApp, fields: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const res = await t.http
    .post('/register')
    .send({ client_name: 'Test agent', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], ...fields });
  if (res.status !== 201) throw new Error(`registration: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as RegisteredClient;
}

export interface AuthorizeOptions {
  readonly redirectUri?: string;
  readonly state?: string;
  readonly resource?: string | null;
  readonly challenge?: string;
}

/**
 * An account's new connection, made as a client makes it (registration, consent, code, tokens),
 * on any test app (with or without PUBLIC_URL).
 */
export async function connectClient(t: TestApp, accountId: string, mode: 'read_only' | 'read_write' = 'read_write'): Promise<{ client: RegisteredClient; tokens: Tokens }> {
  const browser = await signedInBrowser(t, accountId);
  const client = await registerClient(t);
  const code = pkce();
  const redirect = await consent(browser, consentPath(await authorizeRequest(t, client, code, { resource: null })), 'allow', mode);
  return { client, tokens: await exchange(t, client, redirect.searchParams.get('code')!, code, null) };
}

/** GET /authorize as a client's browser starts it; answers the authorization endpoint's response. */
export function authorizeRequest(t: TestApp, client: RegisteredClient, code: Pkce, options: AuthorizeOptions = {}) {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: options.redirectUri ?? client.redirect_uris[0]!,
    code_challenge: options.challenge ?? code.challenge,
    code_challenge_method: 'S256',
    state: options.state ?? 'state-123',
    ...(options.resource === null ? {} : { resource: options.resource ?? RESOURCE }),
  });
  return t.http.get(`/authorize?${query}`).redirects(0);
}

/** The consent page's address from the authorization endpoint's redirect. */
export function consentPath(res: Response): string {
  if (res.status !== 302 || !String(res.headers.location).startsWith('/oauth/consent?request=')) {
    throw new Error(`authorization: ${res.status} ${res.headers.location ?? JSON.stringify(res.body)}`);
  }
  return String(res.headers.location);
}

/** A signed-in browser approves (or denies) on the consent page; the redirect to the client, parsed. */
export async function consent(browser: FormBrowser, path: string, decision: 'allow' | 'deny', mode = 'read_write'): Promise<URL> {
  const page = await browser.get(path);
  if (page.status !== 200) throw new Error(`consent page: ${page.status}`);
  const request = new URLSearchParams(path.split('?')[1]).get('request')!;
  const answer = await browser.post('/oauth/consent', { request, decision, mode });
  if (answer.status !== 303) throw new Error(`consent: ${answer.status} ${answer.text.slice(0, 300)}`);
  return new URL(String(answer.headers.location));
}

/** Registration to approval: the code the client receives. */
export async function authorizationCode(t: TestApp, browser: FormBrowser, client: RegisteredClient, code: Pkce, mode = 'read_write'): Promise<string> {
  const redirect = await consent(browser, consentPath(await authorizeRequest(t, client, code)), 'allow', mode);
  return redirect.searchParams.get('code')!;
}

export function tokenRequest(t: TestApp, fields: Record<string, string>) {
  return t.http.post('/token').type('form').send(new URLSearchParams(fields).toString());
}

export interface Tokens {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly expires_in: number;
  readonly token_type: string;
  readonly scope: string;
}

export async function exchange(t: TestApp, client: RegisteredClient, authorization: string, code: Pkce, resource: string | null = RESOURCE): Promise<Tokens> {
  const res = await tokenRequest(t, {
    grant_type: 'authorization_code',
    client_id: client.client_id,
    code: authorization,
    code_verifier: code.verifier,
    redirect_uri: client.redirect_uris[0]!,
    ...(resource === null ? {} : { resource }),
  });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Tokens;
}

export function refresh(t: TestApp, client: RegisteredClient, refreshToken: string) {
  return tokenRequest(t, { grant_type: 'refresh_token', client_id: client.client_id, refresh_token: refreshToken });
}

/** One JSON-RPC tools/call to /mcp with a bearer token. */
export function callTool(t: TestApp, token: string, name: string, args: Record<string, unknown> = {}) {
  return t.http
    .post('/mcp')
    .set(MCP_HEADERS)
    .set('Authorization', `Bearer ${token}`)
    .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
}

/** The envelope a tool answered with (its text content). */
export function envelopeOf(res: Response): { ok: boolean; data?: any; error?: { code: string; message: string } } {
  if (res.status !== 200 || !res.body.result) throw new Error(`mcp: ${res.status} ${JSON.stringify(res.body)}`);
  return JSON.parse(res.body.result.content[0].text);
}
