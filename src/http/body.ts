import express, { type RequestHandler } from 'express';
import { AppError, bodyTooLarge } from '../domain/shared/errors';

function hasBody(req: Parameters<RequestHandler>[0]): boolean {
  const length = req.get('content-length');
  return (length !== undefined && length !== '0') || req.get('transfer-encoding') !== undefined;
}

/** Bodies are JSON only: any other media type is 415 before anything is parsed. */
export const requireJson: RequestHandler = (req, _res, next) => {
  if (hasBody(req) && !req.is('application/json')) {
    next(new AppError('unsupported_media_type', 'Send the body as application/json.'));
    return;
  }
  next();
};

/** A streamed body must come in its own media type (an import's newline-delimited JSON). */
export function requireMediaType(type: string): RequestHandler {
  return (req, _res, next) => {
    if (!req.is(type)) {
      next(new AppError('unsupported_media_type', `Send the body as ${type}.`));
      return;
    }
    next();
  };
}

/** A streamed body that announces more than the limit is refused before it is read (one that grows past it, while it is read). */
export function refuseLongerThan(limitBytes: number): RequestHandler {
  return (req, _res, next) => {
    const length = Number(req.get('content-length') ?? 0);
    if (length > limitBytes) {
      next(bodyTooLarge(limitBytes));
      return;
    }
    next();
  };
}

export function jsonBody(limitBytes: number): RequestHandler {
  return express.json({ limit: limitBytes, strict: true, type: 'application/json' });
}
