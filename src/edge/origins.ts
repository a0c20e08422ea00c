import type { Request } from 'express';

/** An origin as browsers write it (lower-case, without the scheme's default port), or null. */
export function canonicalOrigin(value: string): string | null {
  try {
    const { origin } = new URL(value);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The origin the request was sent to: its scheme and host, as a reverse proxy names them when trusted. */
export function ownOrigin(req: Request): string | null {
  return req.host ? canonicalOrigin(`${req.protocol}://${req.host}`) : null;
}
