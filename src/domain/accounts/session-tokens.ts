import { decodeJwt, SignJWT } from 'jose';
import type { SessionConfig } from '../../config';
import { ConfigError } from '../../config';

export interface MintOptions {
  readonly name?: string;
  /** A jose duration such as "12h" or "30m". */
  readonly ttl?: string;
}

/** A session token signed with the configured HS256 secret, for local use and scripts. */
export async function mintSessionToken(config: SessionConfig, subject: string, options: MintOptions = {}): Promise<string> {
  if (!config.secret) {
    throw new ConfigError('APP_JWKS_URL', 'sessions are verified through a JWKS URL; mint tokens with that issuer instead');
  }
  let jwt = new SignJWT({ name: options.name ?? subject })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject)
    .setIssuedAt()
    .setExpirationTime(options.ttl ?? '12h');
  if (config.issuer) jwt = jwt.setIssuer(config.issuer);
  if (config.audience) jwt = jwt.setAudience(config.audience);
  const token = await jwt.sign(config.secret);
  // The server refuses a token valid for longer than it allows: say so now, not with a bare 401 later.
  const { iat = 0, exp = 0 } = decodeJwt(token);
  if (exp - iat > config.maxLifetimeSeconds) {
    throw new ConfigError(
      'SESSION_MAX_LIFETIME_SECONDS',
      `the server accepts session tokens valid for at most ${config.maxLifetimeSeconds} seconds (${config.maxLifetimeSeconds / 3600} hours); ` +
        `a ttl of ${options.ttl ?? '12h'} is ${exp - iat} seconds: ask for less, or raise SESSION_MAX_LIFETIME_SECONDS`,
    );
  }
  return token;
}
