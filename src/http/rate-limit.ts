import type { RequestHandler, Response } from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit, type RateLimitInfo, type Store } from 'express-rate-limit';
import type { createClient } from 'redis';
import { rateLimited, type AppError } from '../domain/shared/errors';
import type { Principal } from '../domain/shared/principal';
import { locals } from './request-context';

const WINDOW_MS = 60_000;

/** A Redis connection that every instance's limiters share. */
export type RedisConnection = ReturnType<typeof createClient>;

/** Redis and its limiter store are loaded only when the service is given a Redis URL. */
export async function connectRedis(url: string): Promise<RedisConnection> {
  const redis = require('redis') as typeof import('redis');
  const client = redis.createClient({ url, socket: { connectTimeout: 5000 } });
  // Errors surface on the commands that fail; the client reconnects by itself.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/**
 * The limiters' state: in this process, or in Redis so that every instance shares one budget. The
 * in-process store resets its windows on a timer: the app that made it shuts it down when it closes.
 */
export function limiterStore(redis: RedisConnection | undefined, prefix: string): Store {
  if (!redis) return new MemoryStore();
  const { RedisStore } = require('rate-limit-redis') as typeof import('rate-limit-redis');
  return new RedisStore({ prefix, sendCommand: (...args: string[]) => redis.sendCommand(args) });
}

/** What the limiter left on the request (it sets `req.rateLimit`). */
const resetTimeOf = (req: object): Date | undefined => (req as { rateLimit?: RateLimitInfo }).rateLimit?.resetTime;

function tooManyRequests(resetTime: Date | undefined): AppError {
  const seconds = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : WINDOW_MS / 1000;
  return rateLimited(seconds);
}

const common = {
  windowMs: WINDOW_MS,
  standardHeaders: 'draft-8' as const,
  legacyHeaders: false,
  // Keys are built from principals, not raw addresses; the library's start-up checks do not apply.
  validate: false,
};

/** Whose budget a request draws on: its API key's, or its session account's. */
function budgetOf(principal: Principal | undefined): string {
  return principal?.kind === 'api_key' ? `key:${principal.keyId}` : `account:${principal?.accountId ?? 'none'}`;
}

const PRINCIPAL_LIMITER = 'principal';

/** The per-minute budget of each API key, and of each session's account. */
export function principalLimiter(limit: number, store: Store): RequestHandler {
  return rateLimit({
    ...common,
    limit,
    store,
    identifier: PRINCIPAL_LIMITER,
    keyGenerator: (_req, res) => budgetOf(locals(res).principal),
    handler: (req, _res, next) => next(tooManyRequests(resetTimeOf(req))),
  });
}

/** Takes one more request from a principal's budget, or refuses with `rate_limited`. */
export type ChargeRequest = (principal: Principal, res: Response) => Promise<void>;

/**
 * Charges a request that arrived inside another (a tool call of a JSON-RPC batch, whose HTTP
 * request the principal limiter counted once) to the same budget as if it had come alone. The
 * answer's `RateLimit` header is brought up to date while it can still be changed.
 */
export function chargeRequest(limit: number, store: Store): ChargeRequest {
  return async (principal, res) => {
    const { totalHits, resetTime } = await store.increment(budgetOf(principal));
    if (!res.headersSent) {
      const seconds = resetTime ? Math.max(0, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : WINDOW_MS / 1000;
      res.setHeader('RateLimit', `"${PRINCIPAL_LIMITER}"; r=${Math.max(0, limit - totalHits)}; t=${seconds}`);
    }
    if (totalHits > limit) throw tooManyRequests(resetTime);
  };
}

/**
 * Failed authentication, counted per client address. It runs only on the failure path (see
 * authenticate), so each failure uses the budget and a valid credential is never refused.
 */
export function failedAuthenticationLimiter(limit: number, store: Store): RequestHandler {
  return rateLimit({
    ...common,
    limit,
    store,
    identifier: 'failed-authentication',
    keyGenerator: (req) => `address:${ipKeyGenerator(req.ip ?? 'unknown')}`,
    handler: (req, _res, next) => next(tooManyRequests(resetTimeOf(req))),
  });
}
