import { randomBytes } from 'node:crypto';

// Crockford base32: time-sortable, case-insensitive-safe, no I, L, O or U.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const ID_PREFIXES = {
  account: 'acc',
  memory: 'mem',
  subject: 'sub',
  fact: 'fct',
  factSuggestion: 'fsg',
  insight: 'ins',
  template: 'tpl',
  run: 'run',
  apiKey: 'key',
  connection: 'con',
  oauthClient: 'ocl',
  activity: 'act',
  webSession: 'ses',
  invitation: 'inv',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

/** The latest millisecond the 10 characters of an ID's time part can hold (2^50 - 1, in the year 37648). */
const MAX_ENCODED_TIME = 32 ** 10 - 1;

/**
 * The time part of an ID. A time it cannot hold (before 1970, or not a number) is written as the
 * nearest one it can: IDs only sort roughly by time, and the record keeps its own timestamps.
 */
function encodeTime(ms: number): string {
  let out = '';
  let rest = Number.isFinite(ms) ? Math.min(Math.max(Math.floor(ms), 0), MAX_ENCODED_TIME) : 0;
  for (let i = 0; i < 10; i += 1) {
    out = ALPHABET[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

let lastTime = -1;
let lastRandom: number[] = [];

// Random bytes drawn a few kilobytes at a time: one call per ID costs more than the ID (imports
// make tens of thousands in a row).
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolAt = 0;

function randomSixteen(): Buffer {
  if (poolAt + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolAt = 0;
  }
  poolAt += 16;
  return pool.subarray(poolAt - 16, poolAt);
}

/** The next random part: fresh for a new millisecond, the previous one plus one within the same. */
function randomPart(now: number): number[] {
  if (now === lastTime) {
    const next = [...lastRandom];
    for (let i = next.length - 1; i >= 0; i -= 1) {
      next[i] = ((next[i] ?? 0) + 1) % 32;
      if (next[i] !== 0) break;
    }
    lastRandom = next;
  } else {
    lastTime = now;
    // Five bits of headroom in the first character, so increments within a millisecond never wrap.
    lastRandom = [...randomSixteen()].map((byte, i) => (i === 0 ? byte % 16 : byte % 32));
  }
  return lastRandom;
}

/**
 * A new opaque ID: the type prefix, 10 characters of milliseconds, then 16 random characters.
 * IDs made by one process in the same millisecond still sort in creation order.
 */
export function newId(kind: IdKind, now: number = Date.now()): string {
  let body = encodeTime(now);
  for (const digit of randomPart(now)) body += ALPHABET[digit];
  return `${ID_PREFIXES[kind]}_${body}`;
}

const ID_BODY = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function isId(kind: IdKind, value: string): boolean {
  const prefix = `${ID_PREFIXES[kind]}_`;
  return value.startsWith(prefix) && ID_BODY.test(value.slice(prefix.length));
}
