import { isDatabaseUnavailable, isLockTimeout, isStatementTimeout, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../db/unavailable';
import { accountBusy } from '../domain/shared/account-queue';
import { AppError } from '../domain/shared/errors';
import type { ErrorResponse as ErrorBody } from '../generated/openapi';
import { errorShapeChecker } from './error-shapes';

/**
 * The error envelope every transport answers with (a REST response, an MCP tool error, a page's
 * message), and the errors below the transports that become one: the database's and the
 * domain's. A transport maps what only it can throw (a body parser's error, say) before this.
 */

export function serviceUnavailable(): AppError {
  return new AppError(
    'service_unavailable',
    'The database is unavailable right now; retry shortly.',
    { retry_after_seconds: UNAVAILABLE_RETRY_AFTER_SECONDS },
    { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
  );
}

/** An error of the domain or the database as an AppError with a stable code; anything else is our failure. */
export function asAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isDatabaseUnavailable(err) || isStatementTimeout(err)) return serviceUnavailable();
  // Another instance holds the account's write lock for longer than a request may wait for it.
  if (isLockTimeout(err)) return accountBusy();
  return new AppError('internal_error', 'Something went wrong on our side.');
}

let shapeCheck: ((error: Record<string, unknown>) => string | null) | undefined;

/**
 * Checks every error envelope against the schema of its code from now on (where responses are
 * checked against the contract): one that does not conform becomes an `internal_error` naming
 * the difference, so no test can pass with it.
 */
export function checkErrorShapes(): void {
  shapeCheck ??= errorShapeChecker();
}

/** The error envelope of an error, as REST responses and MCP tool errors carry it. */
export function errorBody(error: AppError, requestId: string): ErrorBody {
  const body: ErrorBody = {
    ok: false,
    error: {
      code: error.code,
      message: error.message,
      status: error.status,
      retryable: error.retryable,
      request_id: requestId,
      ...(error.details ? { details: error.details } : {}),
    },
  };
  const broken = shapeCheck?.(body.error as unknown as Record<string, unknown>);
  if (!broken) return body;
  return errorBody(new AppError('internal_error', `The ${error.code} error does not match its schema in the contract: ${broken}`), requestId);
}
