import type { Response } from 'supertest';
import type { Clock } from '../../src/domain/shared/clock';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Asserts the exact error envelope of the contract:
 * `{ok: false, error: {code, message, status, retryable, request_id, details?}}`, with
 * `request_id` equal to the response's `Request-Id` header.
 */
export function expectError(res: Response, status: number, code: string, retryable = false): void {
  // Status and code first, so a failure names what came back instead of a long diff.
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  const requestId = res.headers['request-id'];
  expect(typeof requestId).toBe('string');
  expect(String(requestId).length).toBeGreaterThan(0);
  const { details, ...rest } = res.body.error as Record<string, unknown>;
  expect(Object.keys(res.body).sort()).toEqual(['error', 'ok']);
  expect(res.body.ok).toBe(false);
  expect(rest).toEqual({
    code,
    message: expect.any(String),
    status,
    retryable,
    request_id: requestId,
  });
  expect((rest.message as string).length).toBeGreaterThan(0);
  if (details !== undefined) {
    expect(typeof details).toBe('object');
    expect(details).not.toBeNull();
    expect(Array.isArray(details)).toBe(false);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a truthy value or the time is up. */
export async function eventually<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(25);
  }
}

/** A clock that follows real time plus an offset the test controls. */
export interface MovableClock extends Clock {
  advance(ms: number): void;
  reset(): void;
}

export function movableClock(): MovableClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
    reset: () => {
      offset = 0;
    },
  };
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The same string with the character at `index` replaced by another base62 character. */
export function changeCharAt(value: string, index: number): string {
  const current = value[index];
  const replacement = BASE62[(BASE62.indexOf(current ?? '0') + 1) % BASE62.length];
  return value.slice(0, index) + replacement + value.slice(index + 1);
}

export const SECRET_PATTERN = /^mtl_(ro|rw)_[0-9A-Za-z]{38}$/;
export const KEY_ID_PATTERN = /^key_[0-9A-HJKMNP-TV-Z]{26}$/;
export const ACTIVITY_ID_PATTERN = /^act_[0-9A-HJKMNP-TV-Z]{26}$/;
/** RFC 3339 UTC with milliseconds. */
export const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
