import type { components } from '../../generated/openapi';

/** The codes this version emits (the contract's `ErrorCode` is open to codes added later). */
export type ErrorCode = components['schemas']['KnownErrorCode'];
export type ErrorDetails = Record<string, unknown>;

const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  unauthorized: 401,
  invalid_credentials: 401,
  csrf_failed: 403,
  sign_up_closed: 403,
  setup_complete: 403,
  invitation_invalid: 404,
  email_taken: 409,
  insufficient_key_mode: 403,
  session_required: 403,
  secret_memory_forbidden: 403,
  origin_not_allowed: 403,
  not_found: 404,
  memory_not_found: 404,
  subject_not_found: 404,
  link_not_found: 404,
  suggestion_not_found: 404,
  template_not_found: 404,
  api_key_not_found: 404,
  connection_not_found: 404,
  revision_not_found: 404,
  insight_not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  draft_changed: 409,
  workflow_state_changed: 409,
  import_in_progress: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  service_unavailable: 503,
  too_many_exports: 503,
  account_busy: 503,
};

/** The HTTP status of a code; every code not listed above is a 400. */
export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code] ?? 400;
}

/** `retryable` is true exactly for 429, 500, 503, idempotency_key_in_use and import_in_progress. */
export function isRetryable(code: ErrorCode): boolean {
  const status = statusOf(code);
  return status === 429 || status === 500 || status === 503 || code === 'idempotency_key_in_use' || code === 'import_in_progress';
}

/** The one error type of the service: a stable code, a message and optional details. */
export class AppError extends Error {
  readonly status: number;
  readonly retryable: boolean;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = statusOf(code);
    this.retryable = isRetryable(code);
  }
}

/** The most broken rules one refusal lists (`errors`, `violations`); the rest are counted. */
export const LISTED_MAX = 20;

/**
 * A list of broken rules as a refusal's details carry it: the first LISTED_MAX under `name`, and
 * how many more there were (of `total`, when more were found than were kept) under `omitted_<name>`,
 * so that an answer stays small however many rules a request breaks.
 */
export function listed<T>(name: string, items: readonly T[], total = items.length): Record<string, unknown> {
  const kept = items.slice(0, LISTED_MAX);
  const omitted = Math.max(total, items.length) - kept.length;
  return { [name]: kept, ...(omitted > 0 ? { [`omitted_${name}`]: omitted } : {}) };
}

/** A refusal's message naming the first broken rules, and how many more there were. */
export function summarized(parts: readonly string[], total = parts.length): string {
  const kept = parts.slice(0, LISTED_MAX);
  const omitted = Math.max(total, parts.length) - kept.length;
  return kept.join('; ') + (omitted > 0 ? `; and ${omitted} more` : '');
}

export const notFound = (code: ErrorCode, message: string): AppError => new AppError(code, message);

/** A body over its operation's limit, worded the same on every route and transport. */
/** `rate_limited`, retryable after `seconds` (also the `Retry-After` header of an HTTP answer). */
export const rateLimited = (seconds: number): AppError =>
  new AppError('rate_limited', `Too many requests; retry after ${seconds} seconds.`, { retry_after_seconds: seconds }, { 'Retry-After': String(seconds) });

export const bodyTooLarge = (limitBytes: number): AppError =>
  new AppError('payload_too_large', `The request body is larger than ${limitBytes} bytes.`, { limit_bytes: limitBytes });

/**
 * Errors are logged by name, code and stack frames only. Their message is left out: a database
 * error's message, detail or parameters can carry the values a caller sent.
 */
export function safeError(err: unknown): Record<string, unknown> {
  // By shape, not instanceof: errors of Node's own modules may come from another realm.
  if (typeof err !== 'object' || err === null) return { type: typeof err };
  const { name, code, routine, stack } = err as { name?: unknown; code?: unknown; routine?: unknown; stack?: unknown };
  const frames = typeof stack === 'string' ? stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return {
    type: typeof name === 'string' ? name : 'object',
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof routine === 'string' ? { routine } : {}),
    stack: frames.join('\n'),
  };
}

/** Whether a database error is a unique constraint's refusal (SQLSTATE 23505), on either database. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
