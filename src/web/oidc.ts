import type { Request } from 'express';
import type { Configuration } from 'openid-client' with { 'resolution-mode': 'import' };
import type { ProviderIdentities } from '../domain/accounts/identities';
import { AppError } from '../domain/shared/errors';

/**
 * Sign-in at an OpenID Connect provider (`OIDC_ISSUER`, `OIDC_CLIENT_ID`, `OIDC_CLIENT_SECRET`),
 * with openid-client: the authorization code flow with PKCE, a state and a nonce, which are kept
 * in the database (any instance can receive the browser's return). The provider's metadata is
 * discovered on the first sign-in and kept.
 */

export interface OidcSettings {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** How the sign-in page names the provider ("Sign in with …"). */
  readonly providerName: string;
}

export const OIDC_CALLBACK_PATH = '/sign-in/oidc/callback';

type Client = typeof import('openid-client', { with: { 'resolution-mode': 'import' } });

const signInFailed = (why: string) => new AppError('invalid_credentials', `Signing in with the provider did not succeed: ${why}. Try again.`);

export class OidcSignIn {
  private discovered: Promise<{ client: Client; configuration: Configuration }> | undefined;

  constructor(
    private readonly settings: OidcSettings,
    private readonly identities: ProviderIdentities,
  ) {}

  get providerName(): string {
    return this.settings.providerName;
  }

  private setup(): Promise<{ client: Client; configuration: Configuration }> {
    this.discovered ??= (async () => {
      const client = await import('openid-client');
      const issuer = new URL(this.settings.issuer);
      // A provider on plain HTTP is accepted only on this machine (a provider run for tests or development).
      const local = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
      const configuration = await client.discovery(
        issuer,
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        local ? { execute: [client.allowInsecureRequests] } : undefined,
      );
      return { client, configuration };
    })();
    // A provider that could not be reached is asked again at the next sign-in.
    this.discovered.catch(() => (this.discovered = undefined));
    return this.discovered;
  }

  /** Where to send the browser to sign in at the provider. */
  async begin(req: Request, returnTo: string): Promise<URL> {
    const { client, configuration } = await this.setup();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    await this.identities.remember(state, { codeVerifier, nonce, returnTo });
    return client.buildAuthorizationUrl(configuration, {
      redirect_uri: callbackUrl(req),
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
  }

  /** The browser's return from the provider: the account it signs in to, and where to go next. */
  async complete(req: Request): Promise<{ accountId: string; returnTo: string }> {
    const { client, configuration } = await this.setup();
    const state = typeof req.query.state === 'string' ? req.query.state : null;
    if (typeof req.query.error === 'string') throw signInFailed(`the provider answered ${req.query.error.slice(0, 100)}`);
    const pending = state ? await this.identities.take(state) : null;
    if (!pending || !state) throw signInFailed('this sign-in was not started here, or took longer than 10 minutes');
    let claims: Record<string, unknown> & { sub: string };
    try {
      const current = new URL(req.originalUrl, callbackUrl(req));
      const tokens = await client.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw signInFailed('the provider sent no ID token');
      // A provider may keep the profile (email, name) out of the ID token: its userinfo has it.
      const profile = configuration.serverMetadata().userinfo_endpoint
        ? await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub)
        : {};
      claims = { ...profile, ...idToken };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw signInFailed('the provider did not confirm it');
    }
    const accountId = await this.identities.accountFor({
      issuer: configuration.serverMetadata().issuer,
      subject: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : null,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name : null,
    });
    return { accountId, returnTo: pending.returnTo };
  }
}

function callbackUrl(req: Request): string {
  return `${req.protocol}://${req.host}${OIDC_CALLBACK_PATH}`;
}
