import request from 'supertest';
import { createApp } from '../../src/app';
import { bearer } from '../support/app';
import { expectError } from '../support/assertions';
import { startMcpTestApp, type McpTestApp } from './helpers';

// The MCP transport specification: servers must check the Origin of every request (against DNS
// rebinding) and refuse one that is present and not allowed with 403. A browser's preflight
// carries no credentials, and is no failed authentication.

const MCP_HEADERS = { Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' };
const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
const LISTED = 'https://agent.example.com';
const SERVER_HOST = 'mtl.example.com';
/** Failed authentications each client address may make per minute here. */
const AUTH_FAILURES = 3;

let t: McpTestApp;
beforeAll(async () => {
  t = await startMcpTestApp({ env: { MCP_ALLOWED_ORIGINS: `${LISTED},http://localhost:5173` } });
});
afterAll(() => t.close());

const post = (origin: string | null, token?: string, http = t.http) => {
  const req = http.post('/mcp').set(MCP_HEADERS).set('Host', SERVER_HOST);
  if (origin !== null) req.set('Origin', origin);
  if (token) req.set(bearer(token));
  return req.send(listTools);
};

const preflight = (origin: string | null, http = t.http) => {
  const req = http
    .options('/mcp')
    .set('Host', SERVER_HOST)
    .set('Access-Control-Request-Method', 'POST')
    .set('Access-Control-Request-Headers', 'authorization, content-type, mcp-protocol-version');
  return origin === null ? req : req.set('Origin', origin);
};

describe('Origin', () => {
  test.each([['https://attacker.example'], ['http://mtl.example.com:8080'], ['https://mtl.example.com'], ['null'], ['not an origin']])(
    'a request sent from %s is 403 origin_not_allowed before its credentials are read',
    async (origin) => {
      const alice = await t.account();
      const withKey = await post(origin, alice.readOnlyKey);
      expectError(withKey, 403, 'origin_not_allowed');
      expect(withKey.headers['access-control-allow-origin']).toBeUndefined();
      // Without credentials it is the same answer, not 401.
      expectError(await post(origin), 403, 'origin_not_allowed');
    },
  );

  test.each([
    ['the server\'s own origin', `http://${SERVER_HOST}`],
    ['a listed origin', LISTED],
    ['a listed origin written otherwise (case, default port)', 'https://Agent.Example.com:443'],
    ['another listed origin', 'http://localhost:5173'],
  ])('a request sent from %s is served, and its answer allows that origin to read it', async (_, origin) => {
    const alice = await t.account();
    const res = await post(origin, alice.readOnlyKey);
    expect(res.status).toBe(200);
    expect(res.body.result.tools.length).toBeGreaterThan(0);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-expose-headers']).toContain('WWW-Authenticate');
    expect(res.headers.vary).toMatch(/\bOrigin\b/);
    // A refusal after the origin check names the origin too, so the page can read it.
    const refused = await post(origin);
    expectError(refused, 401, 'unauthorized');
    expect(refused.headers['access-control-allow-origin']).toBe(origin);
  });

  test('a request without Origin (not sent by a page) is served as before', async () => {
    const alice = await t.account();
    const res = await post(null, alice.readOnlyKey);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('behind a trusted proxy, the server\'s own origin is the one the proxy names', async () => {
    const behindProxy = createApp({ config: { ...t.config, trustProxy: 1 }, database: t.database });
    try {
      const alice = await t.account();
      const sent = (origin: string) =>
        request(behindProxy.express)
          .post('/mcp')
          .set(MCP_HEADERS)
          .set(bearer(alice.readOnlyKey))
          .set({ Host: 'internal:3000', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': SERVER_HOST, Origin: origin })
          .send(listTools);
      expect((await sent(`https://${SERVER_HOST}`)).status).toBe(200);
      expectError(await sent('http://internal:3000'), 403, 'origin_not_allowed');
      // Without trusting the proxy, its headers name nothing.
      const direct = await t.http
        .post('/mcp')
        .set(MCP_HEADERS)
        .set(bearer(alice.readOnlyKey))
        .set({ Host: 'internal:3000', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': SERVER_HOST, Origin: `https://${SERVER_HOST}` })
        .send(listTools);
      expectError(direct, 403, 'origin_not_allowed');
    } finally {
      await behindProxy.close();
    }
  });
});

describe('preflight (OPTIONS)', () => {
  test('from an allowed origin: 204 without credentials, with what an MCP client needs to send', async () => {
    const res = await preflight(LISTED);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers['access-control-allow-origin']).toBe(LISTED);
    expect(res.headers['access-control-allow-methods']).toBe('POST');
    const allowed = String(res.headers['access-control-allow-headers']).split(',').map((name: string) => name.trim().toLowerCase());
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'mcp-protocol-version', 'mcp-session-id', 'last-event-id']));
    expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
  });

  test('from another origin: 403 origin_not_allowed', async () => {
    const res = await preflight('https://attacker.example');
    expectError(res, 403, 'origin_not_allowed');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('never counts as a failed authentication: the address keeps its whole budget of failures', async () => {
    const limited = createApp({ config: { ...t.config, authFailureLimitPerMinute: AUTH_FAILURES }, database: t.database });
    try {
      const http = request(limited.express);
      for (const origin of [LISTED, 'https://attacker.example', null, LISTED, 'https://attacker.example', null]) {
        expect([204, 403]).toContain((await preflight(origin, http)).status);
      }
      const unknownKey = 'mtl_rw_not_a_real_key_0000000000000000000000';
      for (let i = 0; i < AUTH_FAILURES; i += 1) expectError(await post(null, unknownKey, http), 401, 'unauthorized');
      expectError(await post(null, unknownKey, http), 429, 'rate_limited', true);
    } finally {
      await limited.close();
    }
  });
});
