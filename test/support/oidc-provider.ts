import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real OpenID provider (oidc-provider, with its development login and consent pages), started in
 * the test. Its server listens first, so that the service can be told its issuer; the provider is
 * then made with the service's callback as its client's redirect URI.
 */
export interface TestProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Registers the service whose callback the provider sends browsers back to. */
  serve(serviceBaseUrl: string): Promise<void>;
  close(): Promise<void>;
}

export async function startTestProvider(): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const clientId = 'mtl';
  const clientSecret = 'a-client-secret-for-tests';
  return {
    issuer,
    clientId,
    clientSecret,
    async serve(serviceBaseUrl) {
      const { default: Provider } = await import('oidc-provider');
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [`${serviceBaseUrl}/sign-in/oidc/callback`],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        // Anyone signs in with any password (the development login page); their email is <login>@idp.example, verified.
        findAccount: async (_ctx: unknown, id: string) => ({
          accountId: id,
          claims: async () => ({ sub: id, email: `${id}@idp.example`, email_verified: true, name: `IdP ${id}` }),
        }),
        features: { devInteractions: { enabled: true } },
      } as never);
      // Its warnings about development keys and pages are expected here.
      provider.on('server_error', () => undefined);
      server.on('request', provider.callback());
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export function providerEnv(provider: TestProvider): Record<string, string> {
  return { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret, OIDC_PROVIDER_NAME: 'Test IdP' };
}
