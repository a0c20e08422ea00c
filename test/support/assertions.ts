import type { Response } from 'supertest';

/** RFC 3339 UTC with milliseconds, as every timestamp of the API is written. */
export const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

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

/** Fails with the answer when a request did not get the expected status; returns the response. */
export function must(res: Response, status: number, what: string): Response {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}
