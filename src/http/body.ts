import express, { type RequestHandler } from 'express';
import { AppError } from '../domain/shared/errors';

export const BODY_LIMIT_BYTES = 1024 * 1024;

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

export function jsonBody(limitBytes: number = BODY_LIMIT_BYTES): RequestHandler {
  return express.json({ limit: limitBytes, strict: true, type: 'application/json' });
}

/** The JSON parser with the body limit of the request's route (draft updates may be larger). */
export function jsonBodyByRoute(limits: ReadonlyArray<{ route: RegExp; bytes: number }>): RequestHandler {
  const parsers = limits.map(({ route, bytes }) => ({ route, parse: jsonBody(bytes) }));
  const fallback = jsonBody();
  return (req, res, next) => {
    const match = parsers.find(({ route }) => route.test(req.path));
    (match ? match.parse : fallback)(req, res, next);
  };
}
