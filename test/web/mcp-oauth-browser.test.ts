import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Browser, Page } from 'playwright-core';
import { startListeningApp, type ListeningTestApp } from '../support/app';
import { describeViolations, launchChromium, seriousViolations } from '../support/browser';
import { movableClock } from '../support/clock';
import { postgresOnly } from '../support/database';
import { localAccount } from '../support/web';

/**
 * SPEC §18 end to end: the MCP SDK's own client, with its OAuth provider, is given nothing but the
 * URL of /mcp. It discovers the metadata, registers, sends a person to the consent page (Debian's
 * Chromium signs in and allows it there), calls tools, refreshes its token when it expires, and
 * is refused once the person disconnects it in Settings.
 */

const PASSWORD = 'a long and good password';
const SCREENSHOTS = process.env.SCREENSHOTS_DIR;

async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** The client's redirect URI: a real listener on this machine, as a native client opens one. */
class Callback {
  private server!: Server;
  private waiting: ((query: URLSearchParams) => void) | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html lang="en"><title>Connected</title><main><h1>You can close this window.</h1></main></html>');
      this.waiting?.(query);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/callback`;
  }

  next(): Promise<URLSearchParams> {
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The SDK's OAuth provider interface, kept in memory as a desktop client keeps it on disk. */
class MemoryProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  lastState = '';
  authorizationUrl: URL | null = null;

  constructor(private readonly callback: string) {}

  get redirectUrl(): string {
    return this.callback;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Desk agent',
      redirect_uris: [this.callback],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    this.lastState = randomBytes(16).toString('base64url');
    return this.lastState;
  }

  clientInformation() {
    return this.client;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.client = information;
  }

  tokens() {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }
}

function structured(result: unknown): { ok: boolean; data?: any; error?: { code: string } } {
  const content = (result as { content: Array<{ type: string; text: string }> }).content;
  return JSON.parse(content[0]!.text);
}

postgresOnly('browser tests')('an MCP client connects by URL alone', () => {
  const clock = movableClock();
  let browser: Browser;
  let testApp: ListeningTestApp;
  const callback = new Callback();

  beforeAll(async () => {
    browser = await launchChromium();
    testApp = await startListeningApp({ clock });
    await callback.start();
  });
  afterAll(async () => {
    await browser?.close();
    await callback.close();
    await testApp?.close();
  });

  async function checked(page: Page): Promise<void> {
    expect(describeViolations(page.url(), await seriousViolations(page))).toBe('');
  }

  test('discovers, registers, is approved in the browser, calls tools, refreshes, and is refused after revocation', async () => {
    const email = `agent-owner-${randomBytes(4).toString('hex')}@example.com`;
    await localAccount(testApp, email, PASSWORD, true);
    const provider = new MemoryProvider(callback.url);
    const mcpUrl = new URL(`${testApp.baseUrl}/mcp`);

    // 1. The URL alone: the first request is refused, and the SDK finds its way to the consent page.
    const first = new Client({ name: 'desk-agent', version: '1.0.0' });
    await expect(first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }))).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.client?.client_id).toMatch(/^ocl_/);
    expect(provider.authorizationUrl?.origin).toBe(testApp.baseUrl);
    expect(provider.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(provider.authorizationUrl?.searchParams.get('resource')).toBe(mcpUrl.href);

    // 2. The person signs in and allows it, read-write; the browser returns to the client with a code.
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(provider.authorizationUrl!.href);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth/consent');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Connect “Desk agent” to your memory?');
    await checked(page);
    await screenshot(page, 'oauth-consent');
    await page.getByRole('radio', { name: /Read-write/ }).check();
    const returned = callback.next();
    await page.getByRole('button', { name: 'Allow' }).click();
    const answer = await returned;
    expect(answer.get('state')).toBe(provider.lastState);
    expect(answer.get('iss')).toBe(`${testApp.baseUrl}/`);
    const code = answer.get('code')!;

    // 3. The code for tokens; then tools, as a read-write key.
    await new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }).finishAuth(code);
    expect(provider.saved?.access_token).toMatch(/^mtl_at_/);
    const agent = new Client({ name: 'desk-agent', version: '1.0.0' });
    await agent.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const created = structured(await agent.callTool({ name: 'create_memory', arguments: { text: 'The agent connected by its URL alone' } }));
    expect(created.ok).toBe(true);
    const found = structured(await agent.callTool({ name: 'search_memories', arguments: { q: 'connected url alone' } }));
    expect(found.data.map((hit: { memory: { id: string } }) => hit.memory.id)).toContain(created.data.id);

    // 4. An hour later the access token has expired: the SDK refreshes it on the 401, and the call goes through.
    const before = provider.saved!;
    clock.advance(3601 * 1000);
    const later = structured(await agent.callTool({ name: 'search_memories', arguments: { q: 'connected' } }));
    expect(later.ok).toBe(true);
    expect(provider.saved!.access_token).not.toBe(before.access_token);
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);

    // 5. Settings lists the client; the person disconnects it there.
    await page.goto(`${testApp.baseUrl}/settings/api-keys`);
    await checked(page);
    await screenshot(page, 'settings-connections');
    const row = page.locator('tr', { hasText: 'Desk agent' });
    await expect(row.getByRole('cell', { name: 'Connected' }).count()).resolves.toBe(1);
    await row.getByRole('button', { name: 'Disconnect Desk agent' }).click();
    await checked(page);
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await page.waitForURL((url) => url.searchParams.get('notice') === 'connection-revoked');
    await expect(page.locator('tr', { hasText: 'Desk agent' }).getByRole('cell', { name: /^Disconnected/ }).count()).resolves.toBe(1);

    // 6. Refused at once: the access token is dead, and so is the refresh token the SDK falls back on.
    // (The SDK surfaces the token endpoint's invalid_grant.)
    await expect(agent.callTool({ name: 'search_memories', arguments: { q: 'connected' } })).rejects.toThrow(/revoked/);
    expect(errors).toEqual([]);
    await context.close();
    await agent.close().catch(() => undefined);
  });
});
