import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, safeError, type ErrorCode } from '../domain/shared/errors';

export { safeError };
import type { components } from '../generated/openapi';

type ErrorBody = components['schemas']['ErrorResponse'];

interface ValidatorErrorItem {
  path?: string;
  message?: string;
  errorCode?: string;
}

/** Errors thrown by express-openapi-validator: its base class is not exported, so check the shape. */
interface ValidatorError {
  status: number;
  errors: ValidatorErrorItem[];
  headers?: Record<string, string>;
  message: string;
}

function isValidatorError(err: unknown): err is ValidatorError {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as ValidatorError).status === 'number' &&
    Array.isArray((err as ValidatorError).errors)
  );
}

interface BodyParserError {
  type: string;
  status?: number;
  limit?: number;
}

function isBodyParserError(err: unknown): err is BodyParserError {
  return typeof err === 'object' && err !== null && typeof (err as BodyParserError).type === 'string';
}

/** Validation failures that have a more precise code than invalid_request. */
const PARAMETER_CODES: ReadonlyArray<{ path: RegExp; errorCode: RegExp; code: ErrorCode }> = [
  { path: /^\/query\/ids$/, errorCode: /^maxItems/, code: 'batch_too_large' },
];

function fromValidator(err: ValidatorError): AppError {
  const errors = err.errors.map((item) => ({
    path: (item.path ?? '').replace(/^\./, '/').replace(/\./g, '/'),
    message: item.message ?? 'is invalid',
  }));
  switch (err.status) {
    case 404:
      return new AppError('not_found', 'No such route.');
    case 405:
      return new AppError('method_not_allowed', 'This route does not support that method.', undefined, err.headers);
    case 413:
      return new AppError('payload_too_large', 'The request body is too large.');
    case 415:
      return new AppError('unsupported_media_type', 'Send the body as application/json.');
    default: {
      for (const [index, item] of err.errors.entries()) {
        const path = errors[index]?.path ?? '';
        const rule = PARAMETER_CODES.find((r) => r.path.test(path) && r.errorCode.test(item.errorCode ?? ''));
        if (rule) return new AppError(rule.code, `${path} ${errors[index]?.message}`, { errors: [errors[index]] });
      }
      const message = errors.map((e) => `${e.path} ${e.message}`).join('; ') || err.message;
      return new AppError('invalid_request', message, { errors });
    }
  }
}

function fromBodyParser(err: BodyParserError): AppError | null {
  switch (err.type) {
    case 'entity.parse.failed':
      return new AppError('invalid_json', 'The request body is not valid JSON.');
    case 'entity.too.large':
      return new AppError('payload_too_large', `The request body is larger than ${err.limit} bytes.`, {
        limit_bytes: err.limit,
      });
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError('unsupported_media_type', 'Send the body as UTF-8 application/json.');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new AppError('invalid_request', 'The request body could not be read.');
    default:
      return null;
  }
}

/** Every error, whatever threw it, as an AppError with a stable code. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isBodyParserError(err)) {
    const mapped = fromBodyParser(err);
    if (mapped) return mapped;
  }
  if (isValidatorError(err)) return fromValidator(err);
  return new AppError('internal_error', 'Something went wrong on our side.');
}

export function sendError(res: Response, error: AppError): void {
  const requestId = String(res.locals.requestId ?? '');
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
  for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  if (error.status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="mtl"');
  res.status(error.status).json(body);
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, _req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const error = toAppError(err);
    if (error.status >= 500) {
      logger.error({ error: safeError(err), request_id: res.locals.requestId }, 'request failed');
    }
    sendError(res, error);
  };
}

export const unknownRoute: RequestHandler = (_req, _res, next) => {
  next(new AppError('not_found', 'No such route.'));
};
