import { createHash } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { DB, Queryable } from '../../db/schema';
import type { Clock } from '../shared/clock';
import { AppError } from '../shared/errors';
import type { Principal } from '../shared/principal';
import { deleteKey, findKey, insertKeyClaim, markWrite, renewClaim, replaceKey, storeAnswer, storeLostAnswer, type KeyScope } from './idempotency.repository';

const LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * A running claim is a lease: its request renews it every RENEW_EVERY_MS while it runs (an import
 * of a large file may run for minutes), and one not renewed for ABANDONED_MS belongs to a request
 * that died, so a retry may take it over.
 */
const ABANDONED_MS = 60 * 1000;
const RENEW_EVERY_MS = 20 * 1000;
/** Answers that depend on the moment (conflicts, limits, outages) are not kept: a retry runs again. */
const NOT_STORED = new Set([409, 412, 429]);

export interface StoredResponse {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;
}

/** A stored answer with the SHA-256 of the streamed body it answered, when that body was read whole. */
export interface StoredAnswer {
  readonly response: StoredResponse;
  readonly contentSha256: string | null;
}

/** A claim this request holds (the row it inserted: its `created_at` tells it from a later claim), or the answer to replay. */
export type Claim = { readonly kind: 'claimed'; readonly row: ClaimRow } | ({ readonly kind: 'replay' } & StoredAnswer);
type ClaimRow = Insertable<DB['idempotency_keys']> & { readonly created_at: Date };

/** JSON with every object's keys sorted, so the order a client wrote them in does not matter. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/**
 * The request as the key covers it: operation, path parameters, query and body. A REST request
 * and an MCP tool call with the same content have the same fingerprint.
 */
export function fingerprint(operation: string, request: { params: unknown; query: unknown; body: unknown }): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical([operation, request.params ?? {}, request.query ?? {}, request.body ?? null])))
    .digest('hex');
}

/** The same key with another request. */
export const keyReused = (): AppError =>
  new AppError('idempotency_key_reused', 'This Idempotency-Key was used for another request.', { parameter: 'Idempotency-Key' });

/**
 * The answer to a repeat of a request whose write committed but whose answer was lost (the
 * database failed over as it answered): running it again would write twice, so the repeat is told.
 */
const ANSWER_LOST = {
  status: 400,
  body: {
    ok: false,
    error: {
      code: 'idempotency_answer_lost',
      message:
        'The request with this Idempotency-Key was carried out, but its answer was lost when the database failed; read the result instead of sending it again.',
      status: 400,
      retryable: false,
      request_id: '',
      details: { parameter: 'Idempotency-Key' },
    },
  },
  headers: {},
} as const;
const LOST = { status: ANSWER_LOST.status, body: JSON.stringify(ANSWER_LOST.body) };

/** How often, and for how long, a claim whose request failed is let go of while the database does not answer. */
const SETTLE_EVERY_MS = 250;

const keyInUse = (): AppError =>
  new AppError('idempotency_key_in_use', 'A request with this Idempotency-Key is still running; retry shortly.', {
    parameter: 'Idempotency-Key',
  });

/** The owner of an idempotency key: the application's session, or one API key. */
function scopeOf(principal: Principal): KeyScope {
  return { account_id: principal.accountId, principal: principal.kind === 'session' ? 'session' : `key:${principal.keyId}` };
}

/**
 * Idempotency keys per caller (the session, or one API key: a key never gets an answer made for
 * another caller of the account): the first request with a key claims it; a repeat of the same
 * request gets the stored answer; another request with the same key, or a repeat while the first
 * is still running, is refused.
 */
export class IdempotencyStore {
  /** The claims this process's requests hold, each with its renewal. */
  private readonly held = new Map<string, { timer: NodeJS.Timeout; renewing: boolean }>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly renewEveryMs = RENEW_EVERY_MS,
  ) {}

  async claim(principal: Principal, key: string, operation: string, print: string): Promise<Claim> {
    const scope = scopeOf(principal);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const now = this.clock.now();
      const row: ClaimRow = {
        ...scope,
        key,
        operation,
        fingerprint: print,
        state: 'running',
        status: null,
        body: null,
        headers: null,
        created_at: now,
        expires_at: new Date(now.getTime() + LIFETIME_MS),
      };
      if (await insertKeyClaim(this.db, row)) {
        this.hold(scope, key, now);
        return { kind: 'claimed', row };
      }

      const existing = await findKey(this.db, scope, key);
      if (!existing) continue;
      const lastSign = existing.renewed_at ?? existing.created_at;
      const abandoned =
        existing.state === 'running' && !this.held.has(heldId(scope, key)) && now.getTime() - lastSign.getTime() > ABANDONED_MS;
      if (abandoned && existing.wrote_at !== null && existing.fingerprint === print) {
        // Its request died after its write committed: running it again would write twice.
        await storeLostAnswer(this.db, existing, LOST);
        return { kind: 'replay', response: ANSWER_LOST, contentSha256: null };
      }
      if (existing.expires_at <= now || abandoned) {
        // Only the row as it was read: a claim renewed or completed since then is kept.
        await replaceKey(this.db, existing);
        continue;
      }
      if (existing.fingerprint !== print) throw keyReused();
      if (existing.state === 'running' || existing.status === null) {
        throw keyInUse();
      }
      return {
        kind: 'replay',
        response: { status: existing.status, body: existing.body, headers: existing.headers ?? {} },
        contentSha256: existing.content_sha256,
      };
    }
    throw keyInUse();
  }

  /**
   * What the request's write transaction runs to mark the claim (db/… writeInAccount): the mark
   * commits with the write, or not at all.
   */
  writeMark(principal: Principal, row: ClaimRow): (trx: Queryable) => Promise<void> {
    return (trx) => markWrite(trx, scopeOf(principal), row.key, row.created_at, this.clock.now());
  }

  /**
   * Keeps the answer for repeats, or lets the key go when the answer must not be replayed. A
   * request that failed after its write committed keeps its key, with the answer that says so.
   */
  async complete(principal: Principal, row: ClaimRow, { response, contentSha256 }: StoredAnswer): Promise<void> {
    const scope = scopeOf(principal);
    const { key } = row;
    try {
      if (response.status >= 500 || NOT_STORED.has(response.status)) {
        // While the database does not answer (a failover), the key is let go of once it does.
        await this.settle(principal, row).catch(() => this.settleLater(principal, row, Date.now() + ABANDONED_MS));
        return;
      }
      await storeAnswer(this.db, row, {
        status: response.status,
        body: JSON.stringify(response.body ?? null),
        headers: JSON.stringify(response.headers),
        content_sha256: contentSha256,
      });
    } finally {
      // Held until the answer is stored: a retry of this process never takes the claim for abandoned before.
      this.letGo(scope, key);
    }
  }

  /** Lets a failed request's claim go, or, when its write committed all the same, keeps the answer that says so. */
  private async settle(principal: Principal, row: ClaimRow): Promise<void> {
    if (await deleteKey(this.db, scopeOf(principal), row.key, row.created_at)) return;
    const existing = await findKey(this.db, scopeOf(principal), row.key);
    if (existing && existing.created_at.getTime() === row.created_at.getTime() && existing.wrote_at !== null) {
      await storeLostAnswer(this.db, existing, LOST);
    }
  }

  private settleLater(principal: Principal, row: ClaimRow, until: number): void {
    const timer = setTimeout(() => {
      this.settle(principal, row).catch(() => {
        if (Date.now() < until) this.settleLater(principal, row, until);
      });
    }, SETTLE_EVERY_MS);
    timer.unref();
  }

  /** Renews the claim while its request runs; a renewal still waiting for the database is not repeated. */
  private hold(scope: KeyScope, key: string, claimedAt: Date): void {
    const held = {
      renewing: false,
      timer: setInterval(() => {
        if (held.renewing) return;
        held.renewing = true;
        renewClaim(this.db, scope, key, claimedAt, this.clock.now())
          // A failed renewal is tried again at the next tick; the claim lapses only if they all fail.
          .catch(() => undefined)
          .finally(() => {
            held.renewing = false;
          });
      }, this.renewEveryMs),
    };
    held.timer.unref();
    this.held.set(heldId(scope, key), held);
  }

  private letGo(scope: KeyScope, key: string): void {
    const id = heldId(scope, key);
    clearInterval(this.held.get(id)?.timer);
    this.held.delete(id);
  }
}

const heldId = (scope: KeyScope, key: string) => JSON.stringify([scope.account_id, scope.principal, key]);
