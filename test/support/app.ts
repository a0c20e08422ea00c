import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import type { Logger } from 'pino';
import request from 'supertest';
import { PASSWORD_HASH_COST_MIN } from '../../src/domain/accounts/passwords';
import { createApp, type App } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/db/connect';
import type { Clock } from '../../src/domain/shared/clock';
import { AccountDirectory } from '../../src/domain/accounts/accounts';
import { createApiKey } from '../../src/domain/api-keys/api-keys';
import { openTestDatabase, withDatabase } from './database';

export const TEST_JWT_SECRET = 'test-secret-for-mtl-sessions-0123456789abcdef';

export interface TestAccount {
  readonly subject: string;
  readonly accountId: string;
  /** An application session token. */
  readonly session: string;
  readonly readWriteKey: string;
  readonly readOnlyKey: string;
  readonly readWriteKeyId: string;
  readonly readOnlyKeyId: string;
}

export interface TestApp {
  readonly app: App;
  readonly database: Database;
  readonly config: Config;
  readonly http: ReturnType<typeof request>;
  /** A new account with a session and one key of each mode. */
  account(name?: string): Promise<TestAccount>;
  sessionToken(subject: string, claims?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/**
 * With TEST_REPLICA_URL (a hot standby of TEST_DATABASE_URL's server), each test database's copy
 * on the standby is the app's read replica: the suite then runs with reads on a standby.
 */
function replicaOf(database: Database & { url?: string }): Record<string, string> {
  const standby = process.env.TEST_REPLICA_URL;
  if (!standby || !database.url) return {};
  return { DATABASE_REPLICA_URLS: withDatabase(standby, new URL(database.url).pathname.slice(1)) };
}

export function uniqueName(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}`;
}

/** A word no other test uses, made of letters only so full-text search keeps it whole. */
export function uniqueWord(prefix = 'zephyr'): string {
  const letters = 'bcdfghjkmnpqrstvwxz';
  return prefix + [...randomBytes(8)].map((byte) => letters[byte % letters.length]).join('');
}

export async function signSession(
  subject: string,
  claims: Record<string, unknown> = {},
  options: { expiresIn?: string | number; secret?: string } = {},
): Promise<string> {
  return new SignJWT({ name: subject, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(subject)
    .setIssuedAt(typeof claims.iat === 'number' ? claims.iat : undefined)
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(new TextEncoder().encode(options.secret ?? TEST_JWT_SECRET));
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The real app on a database of its own, with every response checked against the contract. */
export async function startTestApp(
  options: {
    clock?: Clock;
    env?: Record<string, string>;
    logger?: Logger;
    idempotencyRenewMs?: number;
    /** On PostgreSQL: the pool's size and its sessions' timeouts (by default 10 connections, no timeouts). */
    database?: Parameters<typeof openTestDatabase>[0];
    /** Whether Memories are embedded in the background (with EMBEDDINGS on); by default tests drain the queue themselves. */
    embedInBackground?: boolean;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(options.database);
  const config = loadConfig({
    APP_JWT_SECRET: TEST_JWT_SECRET,
    VALIDATE_RESPONSES: 'true',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mtl-data-')),
    ACTIVITY_FLUSH_MS: '50',
    // Suites make many requests with one key; the limits have tests of their own.
    RATE_LIMIT_PER_MINUTE: '1000000',
    AUTH_FAILURE_LIMIT_PER_MINUTE: '1000000',
    // Search by meaning has tests of its own: elsewhere, lexical search alone, with no model loaded.
    EMBEDDINGS: 'off',
    OAUTH_REGISTRATIONS_PER_HOUR: '1000000',
    OAUTH_REQUESTS_PER_MINUTE: '1000000',
    // Passwords hashed at the least cost allowed: the parameters have tests of their own.
    PASSWORD_HASH_COST: String(PASSWORD_HASH_COST_MIN),
    ...replicaOf(database),
    ...options.env,
  });
  const app = createApp({
    config,
    database,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.idempotencyRenewMs ? { idempotencyRenewMs: options.idempotencyRenewMs } : {}),
    embedInBackground: options.embedInBackground ?? false,
  });
  const http = request(app.express);
  const accounts = new AccountDirectory(database.db, app.services.clock);

  return {
    app,
    database,
    config,
    http,
    sessionToken: (subject, claims) => signSession(subject, claims),
    // Set up through the domain, as a session would: the key routes have tests of their own, and
    // two requests per account would add nothing but time to every other test.
    async account(name = uniqueName()) {
      const session = await signSession(name);
      const accountId = await accounts.accountFor(name, name);
      const owner = { kind: 'session', accountId } as const;
      const rw = await createApiKey(app.services, owner, { name: 'read_write key', mode: 'read_write' });
      const ro = await createApiKey(app.services, owner, { name: 'read_only key', mode: 'read_only' });
      return {
        subject: name,
        accountId,
        session,
        readWriteKey: rw.secret,
        readOnlyKey: ro.secret,
        readWriteKeyId: rw.id,
        readOnlyKeyId: ro.id,
      };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface ListeningTestApp extends TestApp {
  /** The listening server's base URL, such as http://127.0.0.1:41234. */
  readonly baseUrl: string;
}

/** The real app listening on a port, for clients that make real HTTP requests. */
export async function startListeningApp(options: Parameters<typeof startTestApp>[0] = {}): Promise<ListeningTestApp> {
  const testApp = await startTestApp(options);
  const server: Server = await new Promise((resolve) => {
    const listening = testApp.app.express.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    ...testApp,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await testApp.close();
    },
  };
}
