import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { AppError } from '../shared/errors';

/**
 * Passwords are hashed with scrypt (Node's own), at OWASP's parameters: N = 2^17, r = 8, p = 1,
 * which take about 128 MiB and half a second here, on libuv's thread pool rather than the event
 * loop. A hash is stored as `scrypt$ln=17,r=8,p=1$<salt>$<hash>` (base64url), so that stronger
 * parameters later leave older hashes verifiable.
 */

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

interface Parameters {
  readonly ln: number;
  readonly r: number;
  readonly p: number;
}

/** log2 of scrypt's N for new hashes: OWASP's 17 unless PASSWORD_HASH_COST says otherwise (14 at the least). */
export const PASSWORD_HASH_COST = 17;
export const PASSWORD_HASH_COST_MIN = 14;
const CURRENT: Omit<Parameters, 'ln'> = { r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const FORMAT = /^scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/**
 * At most two hashes run at once (each takes 128 MiB and a thread of libuv's pool, which file
 * reads and writes share), and at most 32 wait: a flood of sign-ins from many addresses is
 * refused (503, retry) rather than held in memory or let starve the pool.
 */
const RUNNING_MAX = 2;
const WAITING_MAX = 32;
let running = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= RUNNING_MAX) {
    if (waiting.length >= WAITING_MAX) {
      throw new AppError('service_unavailable', 'Too many sign-ins are being checked right now; retry in a few seconds.', { retry_after_seconds: 5 }, { 'Retry-After': '5' });
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes to the next in line, or is given back.
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, params: Parameters, length: number): Promise<Buffer> {
  return inTurn(() => deriveNow(password, salt, params, length));
}

function deriveNow(password: string, salt: Buffer, params: Parameters, length: number): Promise<Buffer> {
  const N = 2 ** params.ln;
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 256 * N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string, cost = PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const params = { ...CURRENT, ln: cost };
  const key = await derive(password, salt, params, KEY_LENGTH);
  return `scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Hashes of no one's password, by cost: an unknown email is checked against one, so that it costs the same time as a known one. */
const decoys = new Map<number, Promise<string>>();

function decoy(cost: number): Promise<string> {
  let hash = decoys.get(cost);
  if (!hash) {
    hash = hashPassword(randomBytes(18).toString('base64url'), cost);
    decoys.set(cost, hash);
  }
  return hash;
}

/**
 * Whether the password matches the stored hash (at the parameters it was made with); without one
 * (an unknown email), the same work is done, at the cost new hashes have, and the answer is false.
 */
export async function verifyPassword(password: string, stored: string | null, cost = PASSWORD_HASH_COST): Promise<boolean> {
  const hash = stored ?? (await decoy(cost));
  const match = FORMAT.exec(hash);
  if (!match) return false;
  const params = { ln: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  const expected = Buffer.from(match[5]!, 'base64url');
  const key = await derive(password, Buffer.from(match[4]!, 'base64url'), params, expected.length);
  return timingSafeEqual(key, expected) && stored !== null;
}

/** The cost (log2 of N) a stored hash was made with, or null when it is no hash of ours. */
export function hashCostOf(stored: string): number | null {
  const match = FORMAT.exec(stored);
  return match ? Number(match[1]) : null;
}

/** The problem with a new password, or null; measured in code points, as every text limit is. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}
