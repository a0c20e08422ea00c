import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, bodyTooLarge, safeError } from '../domain/shared/errors';
import { asAppError, errorBody } from '../pipeline/envelope';

export { safeError };

/**
 * Errors of the HTTP layer that every transport served over HTTP meets (a body that is not
 * JSON, a path that does not decode), as the envelope; the rest are the pipeline's.
 */

interface BodyParserError {
  type: string;
  status?: number;
  limit?: number;
}

function isBodyParserError(err: unknown): err is BodyParserError {
  return typeof err === 'object' && err !== null && typeof (err as BodyParserError).type === 'string';
}

function fromBodyParser(err: BodyParserError): AppError | null {
  switch (err.type) {
    case 'entity.parse.failed':
      return new AppError('invalid_json', 'The request body is not valid JSON.');
    case 'entity.too.large':
      return err.limit === undefined ? new AppError('payload_too_large', 'The request body is too large.') : bodyTooLarge(err.limit);
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

/**
 * Errors of the body's reading that carry a client-error status but no type of their own (a body
 * that does not decode with its Content-Encoding, say).
 */
function fromClientErrorStatus(err: unknown): AppError | null {
  const status = typeof err === 'object' && err !== null ? (err as { status?: unknown }).status : undefined;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  switch (status) {
    case 413:
      return new AppError('payload_too_large', 'The request body is too large.');
    case 415:
      return new AppError('unsupported_media_type', 'Send the body as UTF-8 application/json.');
    default:
      return new AppError('invalid_request', 'The request body could not be read (does it match its Content-Encoding?).');
  }
}

/** Every error, whatever threw it, as an AppError with a stable code. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isBodyParserError(err)) {
    const mapped = fromBodyParser(err);
    if (mapped) return mapped;
  }
  // Express could not decode a path parameter.
  if (err instanceof URIError) {
    const error = { in: 'path', path: '/params', message: 'holds a malformed percent-escape' };
    return new AppError('invalid_request', `${error.path} ${error.message}`, { errors: [error] });
  }
  return fromClientErrorStatus(err) ?? asAppError(err);
}

export function sendError(res: Response, error: AppError): void {
  const body = errorBody(error, String(res.locals.requestId ?? ''));
  for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  // A path may name its own challenge (the MCP endpoint's points to its OAuth metadata).
  if (error.status === 401) res.setHeader('WWW-Authenticate', (res.locals.wwwAuthenticate as string | undefined) ?? 'Bearer realm="mtl"');
  res.status(error.status).json(body);
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, _req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const error = toAppError(err);
    if (error.status === 503) {
      logger.warn({ error: safeError(err), request_id: res.locals.requestId }, 'database unavailable');
    } else if (error.status >= 500) {
      logger.error({ error: safeError(err), request_id: res.locals.requestId }, 'request failed');
    }
    sendError(res, error);
  };
}

export const unknownRoute: RequestHandler = (_req, _res, next) => {
  next(new AppError('not_found', 'No such route.'));
};
