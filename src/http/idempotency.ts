import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { operations } from '../generated/contract';
import { fingerprint, type IdempotencyStore } from '../domain/idempotency';
import { safeError } from '../domain/shared/errors';
import { locals } from './request-context';

const REPLAYED_HEADERS = ['location', 'etag'];

/**
 * Honours Idempotency-Key on the operations the contract marks idempotent: claims the key,
 * replays a stored answer, and stores this request's answer once it is sent.
 */
export function idempotency(store: IdempotencyStore, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    const state = locals(res);
    const key = req.get('idempotency-key');
    if (!key || !state.operationId || !state.principal || !operations[state.operationId].idempotent) {
      next();
      return;
    }
    const { principal } = state;
    try {
      const claim = await store.claim(
        principal,
        key,
        state.operationId,
        fingerprint(state.operationId, { params: req.params, query: req.query, body: req.body }),
      );
      if (claim.kind === 'replay') {
        for (const [name, value] of Object.entries(claim.response.headers)) res.setHeader(name, value);
        res.setHeader('Idempotent-Replayed', 'true');
        res.status(claim.response.status).json(claim.response.body);
        return;
      }
    } catch (err) {
      next(err);
      return;
    }
    // The answer is stored before it is sent, so a client that retries the moment it has an
    // answer gets it replayed, never "in use".
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const headers: Record<string, string> = {};
      for (const name of REPLAYED_HEADERS) {
        const value = res.getHeader(name);
        if (typeof value === 'string') headers[name] = value;
      }
      store
        .complete(principal, key, { status: res.statusCode, body, headers })
        .catch((err: unknown) => logger.warn({ error: safeError(err) }, 'storing an idempotent response failed'))
        .finally(() => json(body));
      return res;
    };
    next();
  };
}
