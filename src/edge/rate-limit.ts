import { createHash } from 'node:crypto';
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

/**
 * What the limiter left on the request (it sets `req.rateLimit`). Where several limiters run one
 * after the other, each replaces what the one before left: a refusal reads the refusing one's.
 */
const resetTimeOf = (req: object): Date | undefined => (req as { rateLimit?: RateLimitInfo }).rateLimit?.resetTime;

const secondsUntil = (resetTime: Date | undefined): number =>
  resetTime ? Math.max(0, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : WINDOW_MS / 1000;

function tooManyRequests(resetTime: Date | undefined): AppError {
  return rateLimited(Math.max(1, secondsUntil(resetTime)));
}

const common = {
  windowMs: WINDOW_MS,
  standardHeaders: 'draft-8' as const,
  legacyHeaders: false,
  // Keys are built from principals, not raw addresses; the library's start-up checks do not apply.
  validate: false,
};

/** A per-minute budget that authenticated requests draw on. */
export interface RateBudget {
  /** Its name in the `RateLimit-Policy` and `RateLimit` headers. */
  readonly name: string;
  readonly limit: number;
  readonly store: Store;
  /** Whose budget of this kind a principal's request draws on. */
  readonly holder: (principal: Principal) => string;
}

/**
 * The budget of the credential itself: an API key's, which the keys that replace it by rotation
 * go on using (so rotating buys no fresh budget), or a session's. Every kind of principal must
 * have one: a kind added to Principal does not compile until it is named here.
 */
function credentialOf(principal: Principal): string {
  switch (principal.kind) {
    case 'api_key':
      return `key:${principal.lineId}`;
    case 'session':
      return `session:${principal.accountId}`;
  }
}

/** The per-minute budget of each API key (with the keys that replaced it) and of each session. */
export function principalBudget(limit: number, store: Store): RateBudget {
  return { name: 'principal', limit, store, holder: credentialOf };
}

/**
 * The per-minute budget of each account, which all its keys and sessions draw on together: an
 * account cannot multiply its budget by making more keys.
 */
export function accountBudget(limit: number, store: Store): RateBudget {
  return { name: 'account', limit, store, holder: (principal) => `account:${principal.accountId}` };
}

/**
 * The partition key of a budget's holder in `RateLimit-Policy` (`pk`), as express-rate-limit
 * writes it: the first 12 hex digits of the holder's SHA-256, in base64. Kept per holder, so a
 * request does not hash it again; the map is emptied when it grows large.
 */
const partitionKeys = new Map<string, string>();
const PARTITION_KEYS_KEPT = 10_000;

function partitionKeyOf(holder: string): string {
  let key = partitionKeys.get(holder);
  if (key === undefined) {
    if (partitionKeys.size >= PARTITION_KEYS_KEPT) partitionKeys.clear();
    key = Buffer.from(createHash('sha256').update(holder).digest('hex').slice(0, 12)).toString('base64');
    partitionKeys.set(holder, key);
  }
  return key;
}

/** What a charge left on the request, as express-rate-limit leaves it (`req.rateLimit`): the last budget charged. */
interface Charged {
  rateLimit?: RateLimitInfo;
}

/**
 * Takes one request from each budget in turn (its store's `increment`), writing each budget's
 * entry of the `RateLimit` header (and, for a request of its own, of `RateLimit-Policy`, in the
 * IETF draft 8 format); refuses with `rate_limited` at the first budget that is used up, and
 * charges none after it.
 */
async function charge(budgets: readonly RateBudget[], principal: Principal | undefined, req: Charged, res: Response, withPolicy: boolean): Promise<void> {
  for (const budget of budgets) {
    const holder = principal ? budget.holder(principal) : 'none';
    const { totalHits, resetTime } = await budget.store.increment(holder);
    const remaining = Math.max(0, budget.limit - totalHits);
    const seconds = secondsUntil(resetTime);
    req.rateLimit = { limit: budget.limit, used: totalHits, remaining, resetTime, key: holder };
    if (withPolicy) {
      if (!res.headersSent) {
        res.append('RateLimit', `"${budget.name}"; r=${remaining}; t=${seconds}`);
        res.append('RateLimit-Policy', `"${budget.name}"; q=${budget.limit}; w=${WINDOW_MS / 1000}; pk=:${partitionKeyOf(holder)}:`);
      }
    } else {
      announceRemaining(res, budget.name, remaining, seconds);
    }
    if (totalHits > budget.limit) throw tooManyRequests(resetTime);
  }
}

/**
 * Charges a request to each budget in turn, and refuses it with `rate_limited` at the first that
 * is used up (later ones are not charged: a request the key may not make uses none of its
 * account's budget). Each budget adds its entry to the `RateLimit-Policy` and `RateLimit` headers.
 * The budgets' counts are kept by express-rate-limit's stores (in the process, or in Redis); the
 * charge itself is this function, which does for each request only what the headers and the
 * refusal need.
 */
export function principalLimiter(budgets: readonly RateBudget[]): RequestHandler {
  for (const budget of budgets) budget.store.init?.({ windowMs: WINDOW_MS } as Parameters<NonNullable<Store['init']>>[0]);
  return (req, res, next) => {
    charge(budgets, locals(res).principal, req as Charged, res, true).then(() => next(), next);
  };
}

/** Takes one more request from a principal's budgets, or refuses with `rate_limited`. */
export type ChargeRequest = (principal: Principal, res: Response) => Promise<void>;

/** Replaces a budget's entry in the answer's `RateLimit` header, keeping the other budgets' entries. */
function announceRemaining(res: Response, name: string, remaining: number, seconds: number): void {
  if (res.headersSent) return;
  const entry = `"${name}"; r=${remaining}; t=${seconds}`;
  const current = res.getHeader('RateLimit');
  const entries = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
  const own = entries.findIndex((other) => other.startsWith(`"${name}";`));
  res.setHeader('RateLimit', own === -1 ? [...entries, entry] : entries.map((other, i) => (i === own ? entry : other)));
}

/**
 * Charges a request that arrived inside another (a tool call of a JSON-RPC batch, whose HTTP
 * request the principal limiter counted once) to the same budgets, in the same order, as if it
 * had come alone. The answer's `RateLimit` header is brought up to date while it can still be
 * changed.
 */
export function chargeRequest(budgets: readonly RateBudget[]): ChargeRequest {
  return (principal, res) => charge(budgets, principal, {}, res, false);
}

/**
 * Failed authentication, counted per client address. It runs only on the failure path (see
 * authenticate), so each failure uses the budget and a valid credential is never refused.
 */
export function failedAuthenticationLimiter(limit: number, store: Store): RequestHandler {
  return addressLimiter('failed-authentication', limit, store);
}

/** The budget of a visitor without a session (the Library website's public pages), per client address. */
export function visitorLimiter(limit: number, store: Store): RequestHandler {
  return addressLimiter('visitor', limit, store);
}

/** A per-minute budget of each client address, refused with `rate_limited`. */
function addressLimiter(identifier: string, limit: number, store: Store): RequestHandler {
  return rateLimit({
    ...common,
    limit,
    store,
    identifier,
    keyGenerator: (req) => `address:${ipKeyGenerator(req.ip ?? 'unknown')}`,
    handler: (req, _res, next) => next(tooManyRequests(resetTimeOf(req))),
  });
}
