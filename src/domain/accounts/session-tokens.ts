import { SignJWT } from 'jose';
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
  return jwt.sign(config.secret);
}
