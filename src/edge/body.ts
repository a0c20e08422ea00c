import express, { type Request, type RequestHandler } from 'express';
import { AppError, bodyTooLarge } from '../domain/shared/errors';
import { MAX_DEPTH, textExceeds } from '../domain/shared/input-bounds';

/** Whether the request carries body bytes (a chunked body may still turn out empty). */
function carriesBody(req: Request): boolean {
  const length = req.get('content-length');
  return (length !== undefined && length !== '0') || req.get('transfer-encoding') !== undefined;
}

/** A body sent is JSON: any other media type is 415 before anything is parsed (MCP messages). */
export const requireJson: RequestHandler = (req, _res, next) => {
  if (carriesBody(req) && !req.is('application/json')) {
    next(new AppError('unsupported_media_type', 'Send the body as application/json.'));
    return;
  }
  next();
};

/** The media type the request names, without its parameters, lower-case. */
function namedMediaType(req: Request): string | undefined {
  const header = req.get('content-type');
  if (header === undefined) return undefined;
  return header.split(';')[0]!.trim().toLowerCase();
}

/**
 * The body must come in the operation's media type (JSON, or an import's newline-delimited JSON):
 * a body in another type, or with none named, is 415 before anything is read. A request without
 * a body is read as an empty body of the operation's type (JSON: `{}`, so the fields it lacks are
 * named; an import: an empty file), whether it says `Content-Length: 0` or nothing, as long as
 * the type it names, if any, is that one.
 */
export function requireMediaType(type: 'application/json' | 'application/x-ndjson'): RequestHandler {
  return (req, _res, next) => {
    const named = namedMediaType(req);
    const accepted = carriesBody(req) ? Boolean(req.is(type)) : named === undefined || named === type;
    if (!accepted) {
      next(new AppError('unsupported_media_type', `Send the body as ${type}.`));
      return;
    }
    // The validator reads the body's schema by the type named: an absent body is an empty one of this type.
    if (named === undefined) req.headers['content-type'] = type;
    next();
  };
}

/** A request without a body (nothing was read) has the empty JSON object for its body. */
export const absentBodyAsEmpty: RequestHandler = (req, _res, next) => {
  req.body ??= {};
  next();
};

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

/**
 * The most values (items and members of all its arrays and objects) a JSON body may hold: no
 * request of the contract holds more than a few hundred (a draft of 50 files, the largest, about
 * 170). More is refused before the body is parsed, and so is a body nested deeper than
 * MAX_DEPTH: parsing is what such bodies cost.
 */
export const BODY_VALUES_MAX = 1_000;

export function jsonBody(limitBytes: number, valuesMax = BODY_VALUES_MAX): RequestHandler {
  return express.json({
    limit: limitBytes,
    strict: true,
    type: 'application/json',
    verify: (_req, _res, raw) => {
      const exceeds = textExceeds(raw.toString('utf8'), { depth: MAX_DEPTH, values: valuesMax });
      if (exceeds === null) return;
      const error = {
        in: 'body',
        path: '/body',
        message: exceeds === 'depth' ? `must not nest deeper than ${MAX_DEPTH} levels` : `must not hold more than ${valuesMax} values (items and members of all its arrays and objects)`,
      };
      throw new AppError('invalid_request', `${error.path} ${error.message}`, { errors: [error] });
    },
  });
}
