import { createHash, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { ApiKeyMode } from '../shared/principal';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const PREFIX_BY_MODE: Record<ApiKeyMode, string> = { read_only: 'mtl_ro_', read_write: 'mtl_rw_' };
// The account's ID (its 26 characters after `acc_`) follows the random part, so that a credential
// is looked up within its account and its first characters (the display prefix) still tell keys
// apart; keys made before carry none (`mtl_rw_`, 32 random characters, the checksum).
const ACCOUNT_BODY = '[0-9A-HJKMNP-TV-Z]{26}';
const KEY_PATTERN = new RegExp(`^mtl_(ro|rw)_[0-9A-Za-z]{32}(${ACCOUNT_BODY})?([0-9A-Za-z]{6})$`);
const OAUTH_TOKEN_PATTERN = new RegExp(`^mtl_(at|rt)_[0-9A-Za-z]{32}(${ACCOUNT_BODY})?([0-9A-Za-z]{6})$`);
const ACCOUNT_PREFIX = 'acc_';

/** Display prefix length: enough to recognise a key, far too little to use it. */
export const DISPLAY_PREFIX_LENGTH = 12;

/**
 * Anything that looks like an MTL credential (an API key, an OAuth access or refresh token), for
 * scanners of query strings and content.
 */
export const KEY_LIKE = /mtl_(?:ro|rw|at|rt)_[0-9A-Za-z]{20,}/;

function base62(value: number, width: number): string {
  let out = '';
  let rest = value;
  while (rest > 0) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out.padStart(width, '0');
}

function checksum(body: string): string {
  return base62(crc32(body) >>> 0, CHECKSUM_LENGTH);
}

function generate(prefix: string, accountId: string): string {
  if (!accountId.startsWith(ACCOUNT_PREFIX)) throw new Error(`not an account ID: ${accountId}`);
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i += 1) random += BASE62[randomInt(62)];
  const body = prefix + random + accountId.slice(ACCOUNT_PREFIX.length);
  return body + checksum(body);
}

/**
 * A new key: `mtl_ro_`/`mtl_rw_`, 32 random base62 characters, the account's ID without its
 * `acc_`, and a CRC32 checksum of all that comes before it.
 */
export function generateKey(mode: ApiKeyMode, accountId: string): string {
  return generate(PREFIX_BY_MODE[mode], accountId);
}

export type OAuthTokenKind = 'access' | 'refresh';

/** A new OAuth token, shaped like a key: `mtl_at_` (access) or `mtl_rt_` (refresh), 32 random base62 characters, the account's ID and a checksum. */
export function generateOAuthToken(kind: OAuthTokenKind, accountId: string): string {
  return generate(kind === 'access' ? 'mtl_at_' : 'mtl_rt_', accountId);
}

/** What a well-formed credential says: its kind and its account (null in keys made before keys named their account). */
export interface ParsedCredential<Kind> {
  readonly kind: Kind;
  readonly accountId: string | null;
}

function parse(pattern: RegExp, credential: string): { tag: string; accountId: string | null } | null {
  const match = pattern.exec(credential);
  if (!match || checksum(credential.slice(0, credential.length - CHECKSUM_LENGTH)) !== match[3]) return null;
  return { tag: match[1]!, accountId: match[2] ? ACCOUNT_PREFIX + match[2] : null };
}

/** The kind and account a well-formed OAuth token claims, or null when the format or checksum is wrong. */
export function parseOAuthToken(token: string): ParsedCredential<OAuthTokenKind> | null {
  const parsed = parse(OAUTH_TOKEN_PATTERN, token);
  return parsed && { kind: parsed.tag === 'at' ? 'access' : 'refresh', accountId: parsed.accountId };
}

/** The mode and account a well-formed key claims, or null when the format or checksum is wrong. */
export function parseKey(key: string): ParsedCredential<ApiKeyMode> | null {
  const parsed = parse(KEY_PATTERN, key);
  return parsed && { kind: parsed.tag === 'ro' ? 'read_only' : 'read_write', accountId: parsed.accountId };
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}
