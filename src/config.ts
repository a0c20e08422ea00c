import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';

/** A configuration problem found at start-up; the message names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface SessionConfig {
  /** HS256 secret; null when sessions are verified through a JWKS URL. */
  readonly secret: Uint8Array | null;
  readonly jwksUrl: string | null;
  readonly issuer: string | null;
  readonly audience: string | null;
  /** The longest a session token may be valid for, from now or from its `iat`, in seconds. */
  readonly maxLifetimeSeconds: number;
}

export interface Config {
  readonly port: number;
  readonly host: string;
  /** null: the embedded database (PGlite) stored under dataDir. */
  readonly databaseUrl: string | null;
  readonly dataDir: string;
  readonly databasePoolSize: number;
  /** Repeated statements each PostgreSQL connection keeps prepared (0: none, for a pooler in transaction mode). */
  readonly databasePreparedStatements: number;
  readonly session: SessionConfig;
  readonly logLevel: LogLevel;
  /** Check every response against the contract (on in tests; costs throughput). */
  readonly validateResponses: boolean;
  readonly trustProxy: boolean;
  readonly activityFlushMs: number;
  /** Requests per minute for each API key and each session account. */
  readonly rateLimitPerMinute: number;
  /** Failed authentications per minute for each client address. */
  readonly authFailureLimitPerMinute: number;
  /** Shared limiter state for several instances; null keeps it in this process. */
  readonly redisUrl: string | null;
  /** How long a client may take to send a whole request (headers and body), in milliseconds. */
  readonly requestTimeoutMs: number;
  /** How long a client may take to send a request's headers, in milliseconds. */
  readonly headersTimeoutMs: number;
  /** How long trashed Memories are kept before they are deleted for good, in days. */
  readonly trashRetentionDays: number;
  /**
   * How long an answer may wait for its client to take more of it before the connection is
   * closed, in milliseconds: every answer, a streamed export's as much as a JSON one's.
   */
  readonly responseWriteTimeoutMs: number;
  /** Origins besides the server's own whose pages may call `/mcp` (scheme://host[:port]). */
  readonly mcpAllowedOrigins: readonly string[];
  /** How many exports may run at once (each holds a database connection and its snapshot); 1 on the embedded database. */
  readonly exportConcurrency: number;
  /**
   * How far the server's JavaScript heap may grow past what a full collection left before the
   * next one, in percent; 0 leaves it to V8, which lets it grow up to fourfold while the server
   * allocates fast (an import), so garbage, not data, sets the process's peak memory.
   */
  readonly heapGrowingPercent: number;
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const SESSION_SECRET_FILE = 'session-secret';
const MIN_SECRET_LENGTH = 32;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `must be an integer (got "${raw}")`);
  const value = Number(raw.trim());
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max} (got ${value})`);
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false (got "${env[name]}")`);
}

/** A scheme, a host and an optional port: what a browser sends in `Origin`. */
const ORIGIN = /^https?:\/\/[^/?#@\s]+\/?$/i;

/** A comma-separated list of origins (`https://app.example.com`), each as `Origin` names it. */
function origins(env: Env, name: string): readonly string[] {
  const entries = (env[name] ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  return Object.freeze(
    entries.map((entry) => {
      const refusal = new ConfigError(name, `"${entry}" is not an origin: give scheme://host[:port], such as https://app.example.com`);
      if (!ORIGIN.test(entry)) throw refusal;
      try {
        // Written the way browsers send it: lower-case, without the scheme's default port.
        return new URL(entry).origin;
      } catch {
        throw refusal;
      }
    }),
  );
}

function url(env: Env, name: string, protocols: readonly string[]): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'must be a valid URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(' or ')} (got ${parsed.protocol})`);
  }
  return raw;
}

/** Reads the secret kept in the data directory, creating it on first use. */
export function dataDirSessionSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, SESSION_SECRET_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

function sessionConfig(env: Env, databaseUrl: string | null, dataDir: string): SessionConfig {
  const rawSecret = env.APP_JWT_SECRET;
  const jwksUrl = url(env, 'APP_JWKS_URL', ['https:', 'http:']);
  if (rawSecret !== undefined && rawSecret !== '' && jwksUrl) {
    throw new ConfigError('APP_JWKS_URL', 'set either APP_JWT_SECRET or APP_JWKS_URL, not both');
  }
  let secret: Uint8Array | null = null;
  if (rawSecret !== undefined && rawSecret !== '') {
    if (rawSecret.length < MIN_SECRET_LENGTH) {
      throw new ConfigError('APP_JWT_SECRET', `must be at least ${MIN_SECRET_LENGTH} characters`);
    }
    secret = new TextEncoder().encode(rawSecret);
  } else if (!jwksUrl) {
    if (databaseUrl) {
      throw new ConfigError('APP_JWT_SECRET', 'APP_JWT_SECRET or APP_JWKS_URL is required when DATABASE_URL is set');
    }
    secret = dataDirSessionSecret(dataDir);
  }
  return {
    secret,
    jwksUrl,
    issuer: env.APP_JWT_ISSUER?.trim() || null,
    audience: env.APP_JWT_AUDIENCE?.trim() || null,
    maxLifetimeSeconds: integer(env, 'SESSION_MAX_LIFETIME_SECONDS', 24 * 60 * 60, 60, 366 * 24 * 60 * 60),
  };
}

/** Environment -> one frozen Config, or a ConfigError naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const dataDir = resolve(env.DATA_DIR?.trim() || './data');
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  const requestTimeoutMs = integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 1_000, 3_600_000);
  const headersTimeoutMs = integer(env, 'HEADERS_TIMEOUT_MS', 10_000, 1_000, 600_000);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError('HEADERS_TIMEOUT_MS', `must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  const poolSize = integer(env, 'DATABASE_POOL_SIZE', 10, 1, 200);
  return Object.freeze({
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    dataDir,
    databasePoolSize: poolSize,
    databasePreparedStatements: integer(env, 'DATABASE_PREPARED_STATEMENTS', 200, 0, 10_000),
    session: Object.freeze(sessionConfig(env, databaseUrl, dataDir)),
    logLevel,
    validateResponses: boolean(env, 'VALIDATE_RESPONSES', false),
    trustProxy: boolean(env, 'TRUST_PROXY', false),
    activityFlushMs: integer(env, 'ACTIVITY_FLUSH_MS', 1000, 10, 60000),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 600, 1, 10_000_000),
    authFailureLimitPerMinute: integer(env, 'AUTH_FAILURE_LIMIT_PER_MINUTE', 30, 1, 10_000_000),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    requestTimeoutMs,
    headersTimeoutMs,
    trashRetentionDays: integer(env, 'TRASH_RETENTION_DAYS', 30, 1, 3650),
    // EXPORT_IDLE_TIMEOUT_MS is the earlier name, when the timeout applied to exports only.
    responseWriteTimeoutMs: env.RESPONSE_WRITE_TIMEOUT_MS?.trim()
      ? integer(env, 'RESPONSE_WRITE_TIMEOUT_MS', 30_000, 1_000, 3_600_000)
      : integer(env, 'EXPORT_IDLE_TIMEOUT_MS', 30_000, 1_000, 3_600_000),
    mcpAllowedOrigins: origins(env, 'MCP_ALLOWED_ORIGINS'),
    exportConcurrency: databaseUrl ? integer(env, 'EXPORT_CONCURRENCY', Math.max(1, Math.floor(poolSize / 4)), 1, poolSize) : 1,
    heapGrowingPercent: integer(env, 'HEAP_GROWING_PERCENT', 100, 0, 1000),
  });
}
