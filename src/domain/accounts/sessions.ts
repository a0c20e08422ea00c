import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { SessionConfig } from '../../config';
import { isWellFormed } from '../shared/text';

export interface SessionClaims {
  readonly subject: string;
  readonly name: string | null;
}

const MAX_SUBJECT_LENGTH = 255;
const MAX_NAME_LENGTH = 100;
/**
 * Whether a claim can be kept as it was signed: no NUL (which PostgreSQL text cannot hold) and no
 * lone surrogate (stored as U+FFFD, so that two different subjects would share one account).
 */
const isStorable = (claim: string): boolean => !claim.includes('\u0000') && isWellFormed(claim);

/** Clocks of the issuer and of this service may differ by this much. */
const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * Verifies application session JWTs (HS256 secret or a JWKS URL); null when not valid, expired,
 * or valid for longer than `maxLifetimeSeconds` (from now, or from its `iat`).
 */
export function createSessionVerifier(config: SessionConfig): (token: string) => Promise<SessionClaims | null> {
  const jwks: JWTVerifyGetKey | null = config.jwksUrl ? createRemoteJWKSet(new URL(config.jwksUrl)) : null;
  const options = {
    requiredClaims: ['exp', 'sub'],
    ...(config.issuer ? { issuer: config.issuer } : {}),
    ...(config.audience ? { audience: config.audience } : {}),
  };
  return async (token) => {
    try {
      const { payload } = jwks
        ? await jwtVerify(token, jwks, options)
        : await jwtVerify(token, config.secret as Uint8Array, { ...options, algorithms: ['HS256'] });
      // However the token was signed, it may not be valid for longer than the service allows.
      const now = Math.floor(Date.now() / 1000);
      const exp = payload.exp as number;
      if (exp - now > config.maxLifetimeSeconds + CLOCK_TOLERANCE_SECONDS) return null;
      if (typeof payload.iat === 'number' && exp - payload.iat > config.maxLifetimeSeconds) return null;
      const subject = payload.sub;
      if (typeof subject !== 'string' || subject.length === 0 || subject.length > MAX_SUBJECT_LENGTH || !isStorable(subject)) return null;
      const rawName = typeof payload.name === 'string' ? payload.name.trim() : '';
      if (!isStorable(rawName)) return null;
      return { subject, name: rawName ? [...rawName].slice(0, MAX_NAME_LENGTH).join('') : null };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  };
}
