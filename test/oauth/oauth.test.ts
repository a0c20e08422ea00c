import request from 'supertest';
import { runMaintenance } from '../../src/domain/maintenance/maintenance';
import { createApp } from '../../src/app';
import { bearer, startListeningApp, startTestApp, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import { movableClock } from '../support/clock';
import { signedInBrowser } from '../support/web';
import {
  authorizationCode,
  authorizeRequest,
  callTool,
  consent,
  consentPath,
  envelopeOf,
  exchange,
  MCP_HEADERS,
  pkce,
  PUBLIC_URL,
  REDIRECT_URI,
  refresh,
  registerClient,
  RESOURCE,
  tokenRequest,
} from './helpers';

// SPEC §18: OAuth 2.1 for /mcp. The client side is played by hand here, rule by rule; the MCP
// SDK's client drives the whole flow through Chromium in test/web/browser.test.ts.

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock, env: { PUBLIC_URL } });
});
afterAll(() => t.close());

/** An account, a signed-in browser of it, a registered client, and a connection's tokens. */
async function connected(mode: 'read_only' | 'read_write' = 'read_write') {
  const account = await t.account();
  const browser = await signedInBrowser(t, account.accountId);
  const client = await registerClient(t);
  const code = pkce();
  const tokens = await exchange(t, client, await authorizationCode(t, browser, client, code, mode), code);
  return { account, browser, client, tokens };
}

async function connectionsOf(session: string) {
  const res = await t.http.get('/v1/account/connections').set(bearer(session));
  expect(res.status).toBe(200);
  return res.body.data as Array<{ id: string; client_id: string; client_name: string; mode: string; revoked_at: string | null; last_used_at: string | null }>;
}

describe('discovery', () => {
  test('the protected resource names /mcp and this server as its authorization server, at both well-known addresses', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const res = await t.http.get(path);
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.body).toMatchObject({ resource: RESOURCE, authorization_servers: [`${PUBLIC_URL}/`], bearer_methods_supported: ['header'] });
    }
  });

  test('the authorization server metadata offers the code grant with S256 only, public clients, registration and revocation', async () => {
    const res = await t.http.get('/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      issuer: `${PUBLIC_URL}/`,
      authorization_endpoint: `${PUBLIC_URL}/authorize`,
      token_endpoint: `${PUBLIC_URL}/token`,
      registration_endpoint: `${PUBLIC_URL}/register`,
      revocation_endpoint: `${PUBLIC_URL}/revoke`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['none'],
      response_modes_supported: ['query'],
      scopes_supported: ['read_only', 'read_write'],
      authorization_response_iss_parameter_supported: true,
    });
  });

  test('a 401 from /mcp names the resource metadata; one from /v1 does not', async () => {
    const metadata = `resource_metadata="${PUBLIC_URL}/.well-known/oauth-protected-resource/mcp"`;
    const missing = await t.http.post('/mcp').set(MCP_HEADERS).send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expectError(missing, 401, 'unauthorized');
    expect(missing.headers['www-authenticate']).toBe(`Bearer realm="mtl", ${metadata}`);
    const wrong = await callTool(t, 'mtl_at_notatoken', 'list_memories');
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe(`Bearer realm="mtl", ${metadata}, error="invalid_token"`);
    const api = await t.http.get('/v1/memories');
    expect(api.headers['www-authenticate']).toBe('Bearer realm="mtl"');
  });
});

describe('a client connects by URL', () => {
  test('registration, consent, code and token: the token calls tools as a read-write key, and Settings lists the connection with its activity', async () => {
    const account = await t.account();
    const browser = await signedInBrowser(t, account.accountId);
    const client = await registerClient(t, { client_name: 'Desk agent' });
    expect(client).toMatchObject({ client_name: 'Desk agent', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' });
    expect(client).not.toHaveProperty('client_secret');

    const code = pkce();
    const path = consentPath(await authorizeRequest(t, client, code, { state: 'xyz' }));
    const page = await browser.get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Connect “Desk agent” to your memory?');
    expect(page.text).toContain('127.0.0.1:8976');
    // The form's answer redirects to the client: the page's policy lets forms go there, and nowhere else.
    expect(page.headers['content-security-policy']).toContain("form-action 'self' http://127.0.0.1:8976;");

    const redirect = await consent(browser, path, 'allow', 'read_write');
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI);
    expect(redirect.searchParams.get('state')).toBe('xyz');
    expect(redirect.searchParams.get('iss')).toBe(`${PUBLIC_URL}/`);
    const tokens = await exchange(t, client, redirect.searchParams.get('code')!, code);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'read_write' });
    expect(tokens.access_token).toMatch(/^mtl_at_[0-9A-Za-z]{32}[0-9A-HJKMNP-TV-Z]{26}[0-9A-Za-z]{6}$/);
    expect(tokens.refresh_token).toMatch(/^mtl_rt_[0-9A-Za-z]{32}[0-9A-HJKMNP-TV-Z]{26}[0-9A-Za-z]{6}$/);

    const created = envelopeOf(await callTool(t, tokens.access_token, 'create_memory', { text: 'Connected by OAuth' }));
    expect(created.ok).toBe(true);
    const found = envelopeOf(await callTool(t, tokens.access_token, 'search_memories', { q: 'connected oauth' }));
    expect(found.data.map((hit: { memory: { id: string } }) => hit.memory.id)).toContain(created.data.id);

    const [connection] = await connectionsOf(account.session);
    expect(connection).toMatchObject({ client_id: client.client_id, client_name: 'Desk agent', mode: 'read_write', revoked_at: null });
    const activity = await t.http.get(`/v1/account/connections/${connection!.id}/activity`).set(bearer(account.session));
    expect(activity.status).toBe(200);
    expect(activity.body.data.map((entry: { operation: string }) => entry.operation)).toEqual(expect.arrayContaining(['create_memory', 'search_memories']));
    // The key list stays the keys'.
    const keys = await t.http.get('/v1/account/api-keys').set(bearer(account.session));
    expect(keys.body.data.map((key: { id: string }) => key.id)).not.toContain(connection!.id);

    const settings = await browser.get('/settings/api-keys');
    expect(settings.text).toContain('Connected MCP clients');
    expect(settings.text).toContain(`data-connection-id="${connection!.id}"`);
  });

  test('Deny sends the client access_denied with its state, and makes no connection', async () => {
    const account = await t.account();
    const browser = await signedInBrowser(t, account.accountId);
    const client = await registerClient(t);
    const redirect = await consent(browser, consentPath(await authorizeRequest(t, client, pkce(), { state: 'deny-me' })), 'deny');
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('state')).toBe('deny-me');
    expect(redirect.searchParams.has('code')).toBe(false);
    expect(await connectionsOf(account.session)).toEqual([]);
  });

  test('the consent page asks a visitor to sign in first, and brings them back to it', async () => {
    const client = await registerClient(t);
    const path = consentPath(await authorizeRequest(t, client, pkce()));
    const res = await t.http.get(path).redirects(0);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/sign-in?return_to=${encodeURIComponent(path)}`);
  });

  test('an approval without the CSRF token, or posted from another origin, is refused and makes no code', async () => {
    const account = await t.account();
    const browser = await signedInBrowser(t, account.accountId);
    const client = await registerClient(t);
    const path = consentPath(await authorizeRequest(t, client, pkce()));
    await browser.get(path);
    const requestField = new URLSearchParams(path.split('?')[1]).get('request')!;
    const noToken = await browser.post('/oauth/consent', { request: requestField, decision: 'allow', mode: 'read_write' }, { csrf: null });
    expect(noToken.status).toBe(403);
    const elsewhere = await browser.post('/oauth/consent', { request: requestField, decision: 'allow', mode: 'read_write' }, { origin: 'https://evil.example' });
    expect(elsewhere.status).toBe(403);
    expect(noToken.headers.location).toBeUndefined();
    const codes = await t.database.db.selectFrom('oauth_codes').select('code_hash').where('client_id', '=', client.client_id).execute();
    expect(codes).toEqual([]);
  });

  test('an approval without a mode is shown again with the error beside the field', async () => {
    const account = await t.account();
    const browser = await signedInBrowser(t, account.accountId);
    const client = await registerClient(t);
    const path = consentPath(await authorizeRequest(t, client, pkce()));
    await browser.get(path);
    const res = await browser.post('/oauth/consent', { request: new URLSearchParams(path.split('?')[1]).get('request')!, decision: 'allow', mode: 'admin' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Choose read-only or read-write.');
  });

  test('a tampered or foreign consent request is refused on the page, with no redirect', async () => {
    const account = await t.account();
    const browser = await signedInBrowser(t, account.accountId);
    const client = await registerClient(t);
    const path = consentPath(await authorizeRequest(t, client, pkce()));
    const sealed = new URLSearchParams(path.split('?')[1]).get('request')!;
    const tampered = sealed.slice(0, 20) + (sealed[20] === 'A' ? 'B' : 'A') + sealed.slice(21);
    const res = await browser.get(`/oauth/consent?request=${tampered}`);
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
    const posted = await browser.post('/oauth/consent', { request: 'forged', decision: 'allow', mode: 'read_write' }, { csrf: (await browser.get('/settings/api-keys'), browser.csrf()) });
    expect(posted.status).toBe(400);
  });
});

describe('token rules', () => {
  test('a read-only connection reads but cannot write, and never sees secret Memories', async () => {
    const { account, tokens } = await connected('read_only');
    expect(tokens.scope).toBe('read_only');
    const write = envelopeOf(await callTool(t, tokens.access_token, 'create_memory', { text: 'should not be written' }));
    expect(write.error?.code).toBe('insufficient_key_mode');
    const secret = await t.http.post('/v1/memories').set(bearer(account.session)).send({ text: 'the vault code', sensitivity: 'secret' });
    expect(secret.status).toBe(201);
    const read = envelopeOf(await callTool(t, tokens.access_token, 'get_memory', { id: secret.body.data.id }));
    // As for a key: a secret Memory is not there at all.
    expect(read.error?.code).toBe('memory_not_found');
    const list = envelopeOf(await callTool(t, tokens.access_token, 'list_memories'));
    expect(list.ok).toBe(true);
    expect(list.data.map((memory: { id: string }) => memory.id)).not.toContain(secret.body.data.id);
  });

  test("what a connection writes names it as the actor, and get_principal names it, as a key's ID would be", async () => {
    const { account, tokens } = await connected();
    const [connection] = await connectionsOf(account.session);
    const created = envelopeOf(await callTool(t, tokens.access_token, 'create_memory', { text: 'Written through a connection' }));
    const revisions = await t.http.get(`/v1/memories/${created.data.id}/revisions`).set(bearer(account.session));
    expect(revisions.status).toBe(200);
    expect(revisions.body.data[0].actor).toEqual({ kind: 'api_key', key_id: connection!.id });
    const principal = envelopeOf(await callTool(t, tokens.access_token, 'get_principal'));
    expect(principal.data).toEqual({ kind: 'api_key', key_id: connection!.id, key_mode: 'read_write' });
  });

  test('an access token is refused on /v1, application-only routes included', async () => {
    const { tokens } = await connected();
    for (const path of ['/v1/memories', '/v1/account/api-keys', '/v1/account/connections', '/v1/principal']) {
      const res = await t.http.get(path).set(bearer(tokens.access_token));
      expectError(res, 401, 'unauthorized');
      expect(res.body.error.message).toContain('/mcp');
    }
    // A refresh token is never a bearer token.
    expectError(await callTool(t, tokens.refresh_token, 'list_memories'), 401, 'unauthorized');
  });

  test('an expired access token is refused; its refresh token gives a new pair', async () => {
    const { client, tokens } = await connected();
    clock.advance(3601 * 1000);
    const expired = await callTool(t, tokens.access_token, 'list_memories');
    expectError(expired, 401, 'unauthorized');
    expect(expired.body.error.message).toContain('expired');
    const renewed = await refresh(t, client, tokens.refresh_token);
    expect(renewed.status).toBe(200);
    expect(renewed.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(envelopeOf(await callTool(t, renewed.body.access_token, 'list_memories')).ok).toBe(true);
  });

  test('two refreshes with one token at once both succeed: a client whose calls cross is not taken for a thief', async () => {
    const { account, client, tokens } = await connected();
    const [a, b] = await Promise.all([refresh(t, client, tokens.refresh_token), refresh(t, client, tokens.refresh_token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(envelopeOf(await callTool(t, a.body.access_token, 'list_memories')).ok).toBe(true);
    expect(envelopeOf(await callTool(t, b.body.access_token, 'list_memories')).ok).toBe(true);
    expect((await connectionsOf(account.session))[0]!.revoked_at).toBeNull();
  });

  test('a refresh token used again after the grace revokes the whole connection', async () => {
    const { account, client, tokens } = await connected();
    const first = await refresh(t, client, tokens.refresh_token);
    expect(first.status).toBe(200);
    clock.advance(31 * 1000);
    const reused = await refresh(t, client, tokens.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
    expect(reused.body.error_description).toContain('revoked');
    // The thief's copy and the rightful client's new tokens alike are now refused.
    expectError(await callTool(t, first.body.access_token, 'list_memories'), 401, 'unauthorized');
    expect((await refresh(t, client, first.body.refresh_token)).body.error).toBe('invalid_grant');
    expect((await connectionsOf(account.session))[0]!.revoked_at).not.toBeNull();
  });

  test('a refresh token of one client is refused to another', async () => {
    const { tokens } = await connected();
    const other = await registerClient(t);
    const res = await refresh(t, other, tokens.refresh_token);
    expect(res.body.error).toBe('invalid_grant');
  });

  test('revoking the connection in Settings refuses its tokens at once', async () => {
    const { account, client, tokens, browser } = await connected();
    const [connection] = await connectionsOf(account.session);
    await browser.get('/settings/api-keys');
    const confirm = await browser.post(`/settings/connections/${connection!.id}/revoke`, {});
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('Disconnect “Test agent”?');
    const done = await browser.post(`/settings/connections/${connection!.id}/revoke`, { confirm: 'yes' });
    expect(done.status).toBe(303);
    const refused = await callTool(t, tokens.access_token, 'list_memories');
    expectError(refused, 401, 'unauthorized');
    expect(refused.body.error.message).toContain('revoked');
    expect((await refresh(t, client, tokens.refresh_token)).body.error).toBe('invalid_grant');
  });

  test('a revocation through one instance holds at once on another sharing the database', async () => {
    const { account, tokens } = await connected();
    const other = createApp({ config: t.config, database: t.database, clock });
    try {
      const http = request(other.express);
      const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_memories', arguments: {} } };
      expect((await http.post('/mcp').set(MCP_HEADERS).set(bearer(tokens.access_token)).send(call)).status).toBe(200);
      const [connection] = await connectionsOf(account.session);
      expect((await t.http.delete(`/v1/account/connections/${connection!.id}`).set(bearer(account.session))).status).toBe(200);
      expectError(await http.post('/mcp').set(MCP_HEADERS).set(bearer(tokens.access_token)).send(call), 401, 'unauthorized');
    } finally {
      await other.close();
    }
  });

  test("a connection's activity page in Settings lists its tool calls", async () => {
    const { account, browser, tokens } = await connected();
    await callTool(t, tokens.access_token, 'list_memories');
    const [connection] = await connectionsOf(account.session);
    const page = await browser.get(`/settings/connections/${connection!.id}/activity`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Activity of “Test agent”');
    expect(page.text).toContain('list_memories');
    const bob = await t.account();
    const foreign = await (await signedInBrowser(t, bob.accountId)).get(`/settings/connections/${connection!.id}/activity`);
    expect(foreign.status).toBe(404);
  });

  test('the revocation endpoint: a refresh token revokes its connection, an access token itself', async () => {
    const first = await connected();
    const access = await tokenRequest(t, { token: first.tokens.access_token, client_id: first.client.client_id }).then(() =>
      t.http.post('/revoke').type('form').send(new URLSearchParams({ token: first.tokens.access_token, client_id: first.client.client_id }).toString()),
    );
    expect(access.status).toBe(200);
    expectError(await callTool(t, first.tokens.access_token, 'list_memories'), 401, 'unauthorized');
    expect((await refresh(t, first.client, first.tokens.refresh_token)).status).toBe(200);

    const second = await connected();
    const res = await t.http.post('/revoke').type('form').send(new URLSearchParams({ token: second.tokens.refresh_token, client_id: second.client.client_id }).toString());
    expect(res.status).toBe(200);
    expectError(await callTool(t, second.tokens.access_token, 'list_memories'), 401, 'unauthorized');
  });

  test('a PKCE verifier that does not match is invalid_grant, and no token is issued', async () => {
    const account = await t.account();
    const browser = await signedInBrowser(t, account.accountId);
    const client = await registerClient(t);
    const code = pkce();
    const authorization = await authorizationCode(t, browser, client, code);
    const res = await tokenRequest(t, { grant_type: 'authorization_code', client_id: client.client_id, code: authorization, code_verifier: pkce().verifier, redirect_uri: REDIRECT_URI });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
    expect(await connectionsOf(account.session)).toEqual([]);
  });

  test('a code verifier outside RFC 7636 (shorter than 43 characters) is refused', async () => {
    const account = await t.account();
    const browser = await signedInBrowser(t, account.accountId);
    const client = await registerClient(t);
    const verifier = 'abc';
    const challenge = (await import('node:crypto')).createHash('sha256').update(verifier).digest('base64url');
    const authorization = await authorizationCode(t, browser, client, { verifier, challenge });
    const res = await tokenRequest(t, { grant_type: 'authorization_code', client_id: client.client_id, code: authorization, code_verifier: verifier, redirect_uri: REDIRECT_URI });
    expect(res.body.error).toBe('invalid_grant');
  });

  test('the plain PKCE method, and a request without a challenge, are refused to the client', async () => {
    const client = await registerClient(t);
    const plain = await t.http
      .get('/authorize')
      .query({ response_type: 'code', client_id: client.client_id, redirect_uri: REDIRECT_URI, code_challenge: 'x'.repeat(43), code_challenge_method: 'plain', state: 's' })
      .redirects(0);
    expect(plain.status).toBe(302);
    expect(new URL(String(plain.headers.location)).searchParams.get('error')).toBe('invalid_request');
    const none = await t.http.get('/authorize').query({ response_type: 'code', client_id: client.client_id, redirect_uri: REDIRECT_URI, state: 's' }).redirects(0);
    expect(new URL(String(none.headers.location)).searchParams.get('error')).toBe('invalid_request');
  });

  test('a code is used once: a second exchange is refused and revokes what the first made, but only with the verifier', async () => {
    const account = await t.account();
    const browser = await signedInBrowser(t, account.accountId);
    const client = await registerClient(t);
    const code = pkce();
    const authorization = await authorizationCode(t, browser, client, code);
    const tokens = await exchange(t, client, authorization, code);
    const replay = (verifier: string) =>
      tokenRequest(t, { grant_type: 'authorization_code', client_id: client.client_id, code: authorization, code_verifier: verifier, redirect_uri: REDIRECT_URI });
    // Whoever saw the code in a URL, without the verifier, cannot use it to cut the connection.
    expect((await replay(pkce().verifier)).body.error).toBe('invalid_grant');
    expect(envelopeOf(await callTool(t, tokens.access_token, 'list_memories')).ok).toBe(true);
    const again = await replay(code.verifier);
    expect(again.body.error).toBe('invalid_grant');
    expectError(await callTool(t, tokens.access_token, 'list_memories'), 401, 'unauthorized');
  });

  test('an expired code is refused', async () => {
    const account = await t.account();
    const browser = await signedInBrowser(t, account.accountId);
    const client = await registerClient(t);
    const code = pkce();
    const authorization = await authorizationCode(t, browser, client, code);
    clock.advance(301 * 1000);
    const res = await tokenRequest(t, { grant_type: 'authorization_code', client_id: client.client_id, code: authorization, code_verifier: code.verifier, redirect_uri: REDIRECT_URI });
    expect(res.body.error).toBe('invalid_grant');
  });

  test('a resource other than /mcp is invalid_target, at authorization and at the token endpoint', async () => {
    const account = await t.account();
    const browser = await signedInBrowser(t, account.accountId);
    const client = await registerClient(t);
    const foreign = await authorizeRequest(t, client, pkce(), { resource: 'https://other.example/mcp' });
    expect(foreign.status).toBe(302);
    const refused = new URL(String(foreign.headers.location));
    expect(`${refused.origin}${refused.pathname}`).toBe(REDIRECT_URI);
    expect(refused.searchParams.get('error')).toBe('invalid_target');

    const code = pkce();
    const authorization = await authorizationCode(t, browser, client, code);
    const res = await tokenRequest(t, {
      grant_type: 'authorization_code',
      client_id: client.client_id,
      code: authorization,
      code_verifier: code.verifier,
      redirect_uri: REDIRECT_URI,
      resource: 'https://other.example/mcp',
    });
    expect(res.body.error).toBe('invalid_target');
  });

  test('connecting the same client again replaces the earlier connection', async () => {
    const { account, browser, client, tokens } = await connected();
    const code = pkce();
    const again = await exchange(t, client, await authorizationCode(t, browser, client, code), code);
    expectError(await callTool(t, tokens.access_token, 'list_memories'), 401, 'unauthorized');
    expect(envelopeOf(await callTool(t, again.access_token, 'list_memories')).ok).toBe(true);
    const list = await connectionsOf(account.session);
    expect(list.filter((connection) => connection.revoked_at === null)).toHaveLength(1);
  });
});

describe('redirects', () => {
  test('a redirect URI not registered exactly is refused at the server, never redirected to', async () => {
    const client = await registerClient(t);
    for (const redirectUri of ['http://127.0.0.1:9999/callback', 'https://evil.example/callback', `${REDIRECT_URI}?next=https://evil.example`, `${REDIRECT_URI}/..`]) {
      const res = await authorizeRequest(t, client, pkce(), { redirectUri });
      expect(res.status).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body.error).toBe('invalid_request');
    }
  });

  test('a refusal before the redirect URI is matched is never redirected, whatever else is wrong', async () => {
    const client = await registerClient(t);
    for (const query of [
      { response_type: 'token', client_id: client.client_id, redirect_uri: 'http://127.0.0.1:9999/callback', code_challenge_method: 'S256', code_challenge: pkce().challenge },
      { response_type: 'code', client_id: client.client_id, redirect_uri: 'http://127.0.0.1:9999/callback' },
    ]) {
      const res = await t.http.get('/authorize').query(query).redirects(0);
      expect(res.status).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });

  test('every refusal sent back to the client carries iss, and state only when it is valid', async () => {
    const client = await registerClient(t);
    const cases: Array<[Record<string, string>, string, string | null]> = [
      [{ response_type: 'token', state: 'keep-me' }, 'unsupported_response_type', 'keep-me'],
      [{ code_challenge_method: 'plain', state: 'keep-me' }, 'invalid_request', 'keep-me'],
      [{ state: 's'.repeat(1025) }, 'invalid_request', null],
      [{ state: 'caf\u00e9' }, 'invalid_request', null],
      [{ resource: 'https://other.example/mcp', state: 'keep-me' }, 'invalid_target', 'keep-me'],
    ];
    for (const [override, error, state] of cases) {
      const query = { response_type: 'code', client_id: client.client_id, redirect_uri: REDIRECT_URI, code_challenge: pkce().challenge, code_challenge_method: 'S256', ...override };
      const res = await t.http.get('/authorize').query(query).redirects(0);
      expect(res.status).toBe(302);
      const back = new URL(String(res.headers.location));
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
      expect(back.searchParams.get('error')).toBe(error);
      expect(back.searchParams.get('iss')).toBe(`${PUBLIC_URL}/`);
      expect(back.searchParams.get('state')).toBe(state);
    }
  });

  test('an unknown client is refused at the server, never redirected', async () => {
    const res = await authorizeRequest(t, { client_id: 'ocl_unknown', client_name: 'x', redirect_uris: ['https://evil.example/cb'] }, pkce());
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  test('the token endpoint refuses a redirect URI other than the authorization request\'s', async () => {
    const account = await t.account();
    const browser = await signedInBrowser(t, account.accountId);
    const client = await registerClient(t, { redirect_uris: [REDIRECT_URI, 'http://127.0.0.1:8977/callback'] });
    const code = pkce();
    const authorization = await authorizationCode(t, browser, client, code);
    const res = await tokenRequest(t, {
      grant_type: 'authorization_code',
      client_id: client.client_id,
      code: authorization,
      code_verifier: code.verifier,
      redirect_uri: 'http://127.0.0.1:8977/callback',
    });
    expect(res.body.error).toBe('invalid_grant');
  });

  test('registration refuses redirect URIs that could run script, leave this machine over http, or carry a fragment', async () => {
    for (const uri of ['javascript:alert(1)', 'data:text/html,hi', 'mailto:a@b.example', 'http://evil.example/cb', 'https://ok.example/cb#frag', 'https://user:pw@ok.example/cb', 'https://ok.example/caf\u00e9', 'not a uri']) {
      const res = await t.http.post('/register').send({ client_name: 'x', redirect_uris: [uri] });
      expect(res.status).toBe(400);
      expect(['invalid_redirect_uri', 'invalid_client_metadata']).toContain(res.body.error);
    }
    const app = await t.http.post('/register').send({ client_name: 'Native', redirect_uris: ['com.example.agent:/callback', 'https://ok.example/cb', 'http://[::1]:3000/cb'] });
    expect(app.status).toBe(201);
  });
});

describe('registration is bounded', () => {
  test('too many redirect URIs, too long a name or URI, control characters, other grants, or a big body are refused', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ redirect_uris: Array.from({ length: 11 }, (_, i) => `https://ok.example/cb${i}`) }, 'invalid_redirect_uri'],
      [{ redirect_uris: [`https://ok.example/${'a'.repeat(2000)}`] }, 'invalid_redirect_uri'],
      [{ redirect_uris: [REDIRECT_URI], client_name: 'n'.repeat(101) }, 'invalid_client_metadata'],
      [{ redirect_uris: [REDIRECT_URI], client_name: 'Good\u202Eevil' }, 'invalid_client_metadata'],
      [{ redirect_uris: [REDIRECT_URI], grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
      [{ redirect_uris: [REDIRECT_URI], response_types: ['token'] }, 'invalid_client_metadata'],
      [{ redirect_uris: [] }, 'invalid_redirect_uri'],
    ];
    for (const [body, error] of cases) {
      const res = await t.http.post('/register').send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }
    const big = await t.http.post('/register').send({ redirect_uris: [REDIRECT_URI], client_uri: `https://ok.example/${'a'.repeat(20_000)}` });
    expect(big.status).toBe(413);
  });

  test('a client asking for a secret is registered as a public client, with none', async () => {
    const res = await t.http.post('/register').send({ client_name: 'Confidential', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'client_secret_post' });
    expect(res.status).toBe(201);
    expect(res.body.token_endpoint_auth_method).toBe('none');
    expect(res.body.client_secret).toBeUndefined();
  });

  test('registrations and token requests are throttled per address', async () => {
    const limited = await startTestApp({ env: { PUBLIC_URL, OAUTH_REGISTRATIONS_PER_HOUR: '3', OAUTH_REQUESTS_PER_MINUTE: '4' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await limited.http.post('/register').send({ redirect_uris: [REDIRECT_URI] })).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
      const tokens: number[] = [];
      for (let i = 0; i < 5; i += 1) tokens.push((await limited.http.post('/token').type('form').send('grant_type=refresh_token&client_id=x&refresh_token=y')).status);
      expect(tokens.slice(0, 4).every((status) => status === 400)).toBe(true);
      expect(tokens[4]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('connections belong to their account', () => {
  test("another account's connection is 404 connection_not_found, and a key cannot manage connections", async () => {
    const { account } = await connected();
    const [connection] = await connectionsOf(account.session);
    const bob = await t.account();
    for (const res of [
      await t.http.get(`/v1/account/connections/${connection!.id}`).set(bearer(bob.session)),
      await t.http.delete(`/v1/account/connections/${connection!.id}`).set(bearer(bob.session)),
      await t.http.get(`/v1/account/connections/${connection!.id}/activity`).set(bearer(bob.session)),
    ]) {
      expectError(res, 404, 'connection_not_found');
    }
    expect(await connectionsOf(bob.session)).toEqual([]);
    expectError(await t.http.get('/v1/account/connections').set(bearer(account.readWriteKey)), 403, 'session_required');
    // A connection is not a key: the key routes do not take its ID.
    expectError(await t.http.delete(`/v1/account/api-keys/${connection!.id}`).set(bearer(account.session)), 400, 'invalid_request');
    const revoked = await t.http.delete(`/v1/account/connections/${connection!.id}`).set(bearer(account.session));
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revoked_at).not.toBeNull();
  });
});

describe('an access token is bound to the address it was issued for', () => {
  test('presented through another host name (no PUBLIC_URL), it is refused', async () => {
    const listening = await startListeningApp();
    try {
      const http = request(listening.baseUrl);
      const account = await listening.account();
      const client = (await http.post('/register').send({ client_name: 'Bound', redirect_uris: [REDIRECT_URI] })).body;
      const code = pkce();
      const query = new URLSearchParams({ response_type: 'code', client_id: client.client_id, redirect_uri: REDIRECT_URI, code_challenge: code.challenge, code_challenge_method: 'S256' });
      const start = await http.get(`/authorize?${query}`).redirects(0);
      const browser = await signedInBrowser(listening, account.accountId);
      const redirect = await consent(browser, consentPath(start), 'allow');
      const tokens = (
        await http
          .post('/token')
          .type('form')
          .send(new URLSearchParams({ grant_type: 'authorization_code', client_id: client.client_id, code: redirect.searchParams.get('code')!, code_verifier: code.verifier, redirect_uri: REDIRECT_URI }).toString())
      ).body;
      const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_memories', arguments: {} } };
      const here = await http.post('/mcp').set(MCP_HEADERS).set(bearer(tokens.access_token)).send(call);
      expect(here.status).toBe(200);
      const elsewhere = await http.post('/mcp').set(MCP_HEADERS).set('Host', 'other.example').set(bearer(tokens.access_token)).send(call);
      expectError(elsewhere, 401, 'unauthorized');
      expect(elsewhere.body.error.message).toContain('issued for');
    } finally {
      await listening.close();
    }
  });
});

describe('credentials stay out of URLs and logs, and what is spent is cleared away', () => {
  test('an access or refresh token in a query string is refused as a key is, and not echoed', async () => {
    const { tokens } = await connected();
    for (const token of [tokens.access_token, tokens.refresh_token]) {
      const res = await t.http.post(`/mcp?note=${token}`).set(MCP_HEADERS).send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expectError(res, 400, 'credentials_in_query');
      expect(JSON.stringify(res.body)).not.toContain(token.slice(7));
    }
  });

  test('maintenance removes codes and tokens a day past their expiry, and clients that never connected', async () => {
    const { client, tokens } = await connected();
    const idle = await registerClient(t);
    await authorizeRequest(t, idle, pkce());
    clock.advance(31 * 24 * 60 * 60 * 1000 + 2 * 24 * 60 * 60 * 1000);
    await runMaintenance(t.app.services);
    const clients = await t.database.db.selectFrom('oauth_clients').select('id').where('id', 'in', [client.client_id, idle.client_id]).execute();
    // The connected client stays (its connection is in Settings); the idle one is gone.
    expect(clients.map((row) => row.id)).toEqual([client.client_id]);
    const left = await t.database.db
      .selectFrom('oauth_tokens')
      .innerJoin('api_keys', 'api_keys.id', 'oauth_tokens.connection_id')
      .select('oauth_tokens.token_hash')
      .where('api_keys.oauth_client_id', '=', client.client_id)
      .execute();
    expect(left).toEqual([]);
    expect((await refresh(t, client, tokens.refresh_token)).body.error).toBe('invalid_grant');
  });
});
