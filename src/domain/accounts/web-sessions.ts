import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../shared/clock';
import { newId } from '../shared/ids';

/**
 * The application's sessions: a random opaque value in the browser's cookie, kept here only as
 * its SHA-256 hash, so that any instance can serve the session and ending it is immediate
 * everywhere. A session ends after 7 days unused, and 30 days after it began whatever its use.
 * Each has its own CSRF token, which every state-changing form carries.
 */

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** How stale `last_seen_at` may get before a request writes it again (one write a minute at most). */
const TOUCH_AFTER_MS = 60 * 1000;
const USER_AGENT_MAX = 300;

export type SignInMethod = 'password' | 'oidc';

export interface WebSession {
  readonly id: string;
  readonly accountId: string;
  readonly csrfToken: string;
}

export interface SessionListing {
  readonly id: string;
  readonly authMethod: SignInMethod;
  readonly userAgent: string | null;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
  readonly expiresAt: Date;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A session's cookie value: its account's ID, a dot and 32 random bytes (base64url), so that the
 * session is looked up within its account. A cookie of another shape opens nothing (sessions
 * started before cookies named their account sign in again).
 */
const COOKIE_PATTERN = /^(acc_[0-9A-HJKMNP-TV-Z]{26})\.[A-Za-z0-9_-]{43}$/;

export class WebSessions {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  /** A new session for the account: its cookie value (shown to the browser only) and the session. */
  async start(accountId: string, method: SignInMethod, userAgent: string | undefined): Promise<{ token: string; session: WebSession }> {
    const token = `${accountId}.${randomBytes(32).toString('base64url')}`;
    const now = this.clock.now();
    const session = { id: newId('webSession', now.getTime()), accountId, csrfToken: randomBytes(32).toString('base64url') };
    await this.db
      .insertInto('web_sessions')
      .values({
        id: session.id,
        account_id: accountId,
        token_hash: hashToken(token),
        csrf_token: session.csrfToken,
        auth_method: method,
        user_agent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
        created_at: now,
        last_seen_at: now,
        expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      })
      .execute();
    return { token, session };
  }

  /** The session a cookie's value opens, or null (unknown, idle too long, or past its end, which is then deleted). */
  async find(token: string): Promise<WebSession | null> {
    const accountId = COOKIE_PATTERN.exec(token)?.[1];
    if (!accountId) return null;
    const row = await this.db
      .selectFrom('web_sessions')
      .select(['id', 'account_id', 'csrf_token', 'last_seen_at', 'expires_at'])
      .where('account_id', '=', accountId)
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row) return null;
    const now = this.clock.now();
    if (row.expires_at <= now || row.last_seen_at.getTime() + SESSION_IDLE_MS <= now.getTime()) {
      await this.db.deleteFrom('web_sessions').where('account_id', '=', accountId).where('id', '=', row.id).execute();
      return null;
    }
    if (now.getTime() - row.last_seen_at.getTime() >= TOUCH_AFTER_MS) {
      await this.db.updateTable('web_sessions').set({ last_seen_at: now }).where('account_id', '=', accountId).where('id', '=', row.id).execute();
    }
    return { id: row.id, accountId: row.account_id, csrfToken: row.csrf_token };
  }

  /** The account's sessions in force, most recently used first. */
  async list(accountId: string): Promise<SessionListing[]> {
    const now = this.clock.now();
    const rows = await this.db
      .selectFrom('web_sessions')
      .select(['id', 'auth_method', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
      .where('account_id', '=', accountId)
      .where('expires_at', '>', now)
      .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS))
      .orderBy('last_seen_at', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      authMethod: row.auth_method,
      userAgent: row.user_agent,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      expiresAt: row.expires_at,
    }));
  }

  /** Ends one of the account's sessions (another account's ID ends nothing); true when one ended. */
  async end(accountId: string, sessionId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('web_sessions').where('account_id', '=', accountId).where('id', '=', sessionId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Ends every session of the account but one (the browser asking), on every instance at once. */
  async endAllBut(accountId: string, keptId: string): Promise<void> {
    await this.db.deleteFrom('web_sessions').where('account_id', '=', accountId).where('id', '!=', keptId).execute();
  }

  /** Ends every session of the account, on every instance at once. */
  async endAll(accountId: string): Promise<void> {
    await this.db.deleteFrom('web_sessions').where('account_id', '=', accountId).execute();
  }

  /** Deletes the sessions past their end (run with the other maintenance). */
  async prune(): Promise<void> {
    const now = this.clock.now();
    await this.db
      .deleteFrom('web_sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', new Date(now.getTime() - SESSION_IDLE_MS))]))
      .execute();
  }
}
