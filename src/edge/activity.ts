import type { RequestHandler } from 'express';
import type { OperationPipeline } from '../pipeline/pipeline';
import { elapsedMs, locals, methodOf } from './request-context';

/**
 * For `/mcp`, whose tool calls record themselves: an entry for an API-key request refused before
 * any tool call (over the rate budget, a body too large or not JSON), as `/v1` records its refusals.
 * Not the 405 that answers the stream probe (`GET /mcp`) every SDK client sends when it connects.
 */
export function recordRefusalsBeforeTools(pipeline: OperationPipeline, route: string): RequestHandler {
  return (req, res, next) => {
    res.on('finish', () => {
      const state = locals(res);
      if (res.statusCode < 400 || res.statusCode === 405 || state.toolCalls) return;
      pipeline.record(state.principal, {
        method: methodOf(req, res),
        route,
        operation: null,
        status: res.statusCode,
        requestId: state.requestId,
        durationMs: elapsedMs(res),
      });
    });
    next();
  };
}

/** Adds an entry to the key's activity once an API-key request has been answered, refused or not. */
export function recordActivity(pipeline: OperationPipeline): RequestHandler {
  return (req, res, next) => {
    res.on('finish', () => {
      const state = locals(res);
      pipeline.record(state.principal, {
        method: methodOf(req, res),
        route: state.route ?? null,
        operation: state.operationId ?? null,
        status: res.statusCode,
        requestId: state.requestId,
        durationMs: elapsedMs(res),
      });
    });
    next();
  };
}
