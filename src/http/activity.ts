import type { RequestHandler } from 'express';
import type { ActivityRecorder } from '../domain/api-keys/activity';
import type { Clock } from '../domain/shared/clock';
import { elapsedMs, locals } from './request-context';

/** Adds an entry to the key's activity list once an API-key request has been answered. */
export function recordActivity(activity: ActivityRecorder, clock: Clock): RequestHandler {
  return (req, res, next) => {
    res.on('finish', () => {
      const state = locals(res);
      if (state.principal?.kind !== 'api_key') return;
      activity.record({
        accountId: state.principal.accountId,
        keyId: state.principal.keyId,
        at: clock.now(),
        method: req.method,
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
