import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { OperationId } from '../generated/contract';
import type { Principal } from '../domain/shared/principal';
import { pathHolds } from './percent-decoding';

/** What the middleware learns about a request, kept on res.locals. */
export interface RequestLocals {
  requestId: string;
  startedAt: bigint;
  principal?: Principal;
  operationId?: OperationId;
  /** The route template, such as "/v1/memories/{id}". */
  route?: string;
  /** The path parameters of the operation, decoded. */
  pathParams?: Record<string, string>;
  /** A HEAD request, answered as its GET without a body. */
  head?: boolean;
  /** How many MCP tool calls the request carried (each recorded its own activity entry). */
  toolCalls?: number;
}

/** The request's method as the client sent it (a HEAD request is handled as its GET). */
export function methodOf(req: Request, res: Response): string {
  return locals(res).head ? 'HEAD' : req.method;
}

export function locals(res: Response): RequestLocals {
  return res.locals as RequestLocals;
}

export const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echoes a valid incoming Request-Id, otherwise makes one; every response carries it. */
export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.get('request-id');
  const id = incoming && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.locals.requestId = id;
  res.locals.startedAt = process.hrtime.bigint();
  res.setHeader('Request-Id', id);
  next();
};

/** Every `/v1` and `/mcp` answer is for its caller only: never stored by a cache on the way. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

const KEY_SHAPE = /mtl_(?:ro|rw|at|rt)_[0-9A-Za-z]{20,}/i;
const TOKEN_SHAPE = /[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/;

/**
 * A path as it may be logged: not at all when it holds anything shaped like a key or a session
 * token, however many times percent-encoded (the rest of such a path says where to look for it).
 */
export function loggablePath(path: string): string {
  return pathHolds(path, [KEY_SHAPE, TOKEN_SHAPE]) ? '(redacted)' : path;
}

export function elapsedMs(res: Response): number {
  return Number((process.hrtime.bigint() - locals(res).startedAt) / 1_000_000n);
}

/**
 * One JSON line per request. Never the Authorization header, the query string, the body or
 * any Memory text: only the route template (or, for unknown routes, the path, unless it holds
 * anything shaped like a credential).
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    // The level is fixed at start-up: below info, no listener and no record are made.
    if (!logger.isLevelEnabled('info')) {
      next();
      return;
    }
    res.on('finish', () => {
      const state = locals(res);
      logger.info(
        {
          request_id: state.requestId,
          method: methodOf(req, res),
          route: state.route ?? null,
          path: state.route ? undefined : loggablePath(req.path),
          operation: state.operationId ?? null,
          status: res.statusCode,
          duration_ms: elapsedMs(res),
          principal: state.principal?.kind ?? null,
          key_id: state.principal?.kind === 'api_key' ? state.principal.keyId : undefined,
        },
        'request',
      );
    });
    next();
  };
}
