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
  activity: 'act',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

function encodeTime(ms: number): string {
  let out = '';
  let rest = ms;
  for (let i = 0; i < 10; i += 1) {
    out = ALPHABET[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

/** A new opaque ID: the type prefix, 10 characters of milliseconds, then 16 random characters. */
export function newId(kind: IdKind, now: number = Date.now()): string {
  const random = randomBytes(16);
  let body = encodeTime(now);
  for (const byte of random) body += ALPHABET[byte % 32];
  return `${ID_PREFIXES[kind]}_${body}`;
}

const ID_BODY = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function isId(kind: IdKind, value: string): boolean {
  const prefix = `${ID_PREFIXES[kind]}_`;
  return value.startsWith(prefix) && ID_BODY.test(value.slice(prefix.length));
}
