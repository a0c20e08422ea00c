import express, { type RequestHandler } from 'express';
import { AppError } from '../domain/shared/errors';

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

export function jsonBody(limitBytes: number): RequestHandler {
  return express.json({ limit: limitBytes, strict: true, type: 'application/json' });
}
