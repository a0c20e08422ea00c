import { createHash, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { ApiKeyMode } from '../shared/principal';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const PREFIX_BY_MODE: Record<ApiKeyMode, string> = { read_only: 'mtl_ro_', read_write: 'mtl_rw_' };
const KEY_PATTERN = /^mtl_(ro|rw)_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;
const OAUTH_TOKEN_PATTERN = /^mtl_(at|rt)_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;

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

function generate(prefix: string): string {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i += 1) random += BASE62[randomInt(62)];
  const body = prefix + random;
  return body + checksum(body);
}

/** A new key: `mtl_ro_`/`mtl_rw_`, 32 random base62 characters and a CRC32 checksum. */
export function generateKey(mode: ApiKeyMode): string {
  return generate(PREFIX_BY_MODE[mode]);
}

export type OAuthTokenKind = 'access' | 'refresh';

/** A new OAuth token, shaped like a key: `mtl_at_` (access) or `mtl_rt_` (refresh), 32 random base62 characters and a checksum. */
export function generateOAuthToken(kind: OAuthTokenKind): string {
  return generate(kind === 'access' ? 'mtl_at_' : 'mtl_rt_');
}

/** The kind a well-formed OAuth token claims, or null when the format or checksum is wrong. */
export function parseOAuthToken(token: string): OAuthTokenKind | null {
  const match = OAUTH_TOKEN_PATTERN.exec(token);
  if (!match || checksum(token.slice(0, token.length - CHECKSUM_LENGTH)) !== match[3]) return null;
  return match[1] === 'at' ? 'access' : 'refresh';
}

/** The mode a well-formed key claims, or null when the format or checksum is wrong. */
export function parseKey(key: string): ApiKeyMode | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const body = key.slice(0, key.length - CHECKSUM_LENGTH);
  if (checksum(body) !== match[3]) return null;
  return match[1] === 'ro' ? 'read_only' : 'read_write';
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}
