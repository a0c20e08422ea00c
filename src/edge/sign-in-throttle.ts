import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { ipKeyGenerator, type Options, type Store } from 'express-rate-limit';
import { AppError } from '../domain/shared/errors';

/**
 * Sign-in attempts, counted per client address and per email (whether or not an account has it),
 * in windows of 15 minutes, in the limiters' store (Redis when several instances share one). Past
 * either limit, attempts are refused before the password is checked, with the same answer
 * whether or not the email exists. A successful sign-in clears its email's count.
 */

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export interface SignInLimits {
  /** Attempts per address in a window. */
  readonly perAddress: number;
  /** Attempts per email in a window. */
  readonly perEmail: number;
}

export class SignInThrottle {
  constructor(
    private readonly store: Store,
    private readonly limits: SignInLimits,
  ) {
    void store.init?.({ windowMs: SIGN_IN_WINDOW_MS } as Options);
  }

  /** Counts an attempt; refuses it (`rate_limited`, with when to try again) past either limit. */
  async attempt(req: Request, email: string): Promise<void> {
    const [address, account] = await Promise.all([
      this.store.increment(addressKey(req)),
      this.store.increment(emailKey(email)),
    ]);
    const over = [
      address.totalHits > this.limits.perAddress ? address.resetTime : null,
      account.totalHits > this.limits.perEmail ? account.resetTime : null,
    ].filter((reset): reset is Date | undefined => reset !== null);
    if (over.length > 0) throw tooMany(over);
  }

  /** Counts the start of a sign-in at the identity provider (which stores its state): per address only. */
  async start(req: Request): Promise<void> {
    const address = await this.store.increment(addressKey(req));
    if (address.totalHits > this.limits.perAddress) throw tooMany([address.resetTime]);
  }

  /** A successful sign-in: the email's failures are forgotten (the address's are kept). */
  async succeeded(email: string): Promise<void> {
    await this.store.resetKey(emailKey(email));
  }
}

/** The refusal, saying when the latest of the windows that were exceeded ends. */
function tooMany(resets: ReadonlyArray<Date | undefined>): AppError {
  const until = Math.max(...resets.map((reset) => reset?.getTime() ?? Date.now() + SIGN_IN_WINDOW_MS));
  const minutes = Math.max(1, Math.ceil((until - Date.now()) / 60_000));
  const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  return new AppError(
    'rate_limited',
    `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retry_after_seconds: seconds },
    { 'Retry-After': String(seconds) },
  );
}

const addressKey = (req: Request) => `sign-in:address:${ipKeyGenerator(req.ip ?? 'unknown')}`;
const emailKey = (email: string) => `sign-in:email:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;
