import type { RequestHandler } from 'express';
import type { OperationPipeline } from '../pipeline/pipeline';
import { elapsedMs, locals, methodOf } from './request-context';

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
