import { splitHosts } from './db/hosts';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
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
  /** Read replicas (DATABASE_REPLICA_URLS): reads that may go to one do (db/replicas.ts). */
  readonly databaseReplicaUrls: readonly string[];
  readonly dataDir: string;
  readonly databasePoolSize: number;
  /** Repeated statements each PostgreSQL connection keeps prepared (0: none, for a pooler in transaction mode). */
  readonly databasePreparedStatements: number;
  /** The longest one PostgreSQL statement may run, in milliseconds (statement_timeout). */
  readonly databaseStatementTimeoutMs: number;
  /** The longest a PostgreSQL statement may wait for a lock, in milliseconds (lock_timeout). */
  readonly databaseLockTimeoutMs: number;
  /** The longest a PostgreSQL transaction may sit idle, in milliseconds (idle_in_transaction_session_timeout). */
  readonly databaseIdleTransactionTimeoutMs: number;
  /** How many requests of one account run at once in this process; the rest wait their turn. */
  readonly accountConcurrency: number;
  /** How long a request of an account may wait for its turn before it is refused (`account_busy`), in milliseconds. */
  readonly accountQueueWaitMs: number;
  readonly session: SessionConfig;
  readonly logLevel: LogLevel;
  /** Check every response against the contract (on in tests; costs throughput). */
  readonly validateResponses: boolean;
  /**
   * Which proxies' `X-Forwarded-*` headers are believed: how many stand in front of the server
   * (0: none), or their addresses and ranges. Express's `trust proxy` takes either.
   */
  readonly trustProxy: number | readonly string[];
  readonly activityFlushMs: number;
  /** Requests per minute for each API key (with the keys that replaced it) and each session account. */
  readonly rateLimitPerMinute: number;
  /** Requests per minute for each account, whichever of its keys and sessions make them. */
  readonly accountRateLimitPerMinute: number;
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
  /** Who may create an account besides the owner: by the owner's invitation (closed), by any account's (invite), or anyone (open). */
  readonly signUp: 'closed' | 'invite' | 'open';
  /** Sign-in attempts allowed per client address, and per email, in 15 minutes. */
  readonly signInLimitPerAddress: number;
  readonly signInLimitPerEmail: number;
  /** log2 of scrypt's N for new password hashes (17, OWASP's; at least 14). */
  readonly passwordHashCost: number;
  /** Pages of the Library website per client address per minute, for visitors without a session. */
  readonly visitorRateLimitPerMinute: number;
  /**
   * The address people and clients reach this service at (PUBLIC_URL), which OAuth's metadata and
   * tokens name; null to take it from each request (its scheme and Host, behind TRUST_PROXY).
   */
  readonly publicUrl: string | null;
  readonly oauth: OAuthConfig;
  /** Search by meaning: which embedder makes the vectors (EMBEDDINGS), or null when off. */
  readonly embeddings: EmbeddingsConfig | null;
  /** Sign-in at an OpenID Connect provider; null when not configured. */
  readonly oidc: OidcConfig | null;
}

export interface OidcConfig {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** How the sign-in page names the provider: "Sign in with <name>". */
  readonly providerName: string;
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const SESSION_SECRET_FILE = 'session-secret';
const MIN_SECRET_LENGTH = 32;
const MAX_RATE_LIMIT = 10_000_000;
/** An account's budget is, unless configured, that of this many keys used to the full. */
const ACCOUNT_BUDGET_KEYS = 4;

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

const BOOLEAN_LIKE = ['true', 'false', 'yes', 'no', 'on', 'off'];
/** Address ranges proxy-addr (Express's `trust proxy`) knows by name. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const MAX_PROXY_HOPS = 100;

/** An address, or a range of them as `address/prefix-length` (CIDR). */
function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', prefixLength, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefixLength === undefined || (/^\d{1,3}$/.test(prefixLength) && Number(prefixLength) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: a hop count or a list of proxy addresses, never `true`. Trusting every hop takes
 * the left-most `X-Forwarded-For`, which the client writes: it could pick a new address for
 * each request and so escape every limit kept per address.
 */
function trustedProxies(env: Env): number | readonly string[] {
  const name = 'TRUST_PROXY';
  const raw = env[name]?.trim() ?? '';
  if (raw === '') return 0;
  if (BOOLEAN_LIKE.includes(raw.toLowerCase())) {
    throw new ConfigError(
      name,
      `must be the number of proxies in front of the server (such as 1) or their addresses (such as 10.0.0.1 or 10.0.0.0/8, comma-separated), not "${raw}": ` +
        'trusting every proxy lets each client choose its own address through X-Forwarded-For. Leave it unset (or 0) when no proxy is in front.',
    );
  }
  if (/^\d+$/.test(raw)) return integer(env, name, 0, 0, MAX_PROXY_HOPS);
  const entries = raw.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    throw new ConfigError(
      name,
      `must be a number of proxies (0 to ${MAX_PROXY_HOPS}) or a comma-separated list of proxy addresses and ranges (such as 10.0.0.1, 10.0.0.0/8 or loopback); not an address: ${wrong.map((entry) => `"${entry}"`).join(', ')}`,
    );
  }
  return Object.freeze(entries);
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

/** A PostgreSQL URL, which may name several hosts (db/hosts.ts): each host's URL must be valid. */
function databaseUrlOf(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  for (const single of splitHosts(raw)) url({ [name]: single }, name, ['postgres:', 'postgresql:']);
  return raw;
}

/** Read replicas' URLs, separated by commas or spaces (each one host). */
function replicaUrls(env: Env, name: string): string[] {
  const raw = env[name]?.trim();
  if (!raw) return [];
  const urls = raw.split(/[\s,]+/).filter((value) => value.length > 0);
  for (const single of urls) url({ [name]: single }, name, ['postgres:', 'postgresql:']);
  return urls;
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

const SIGN_UP_POLICIES = ['closed', 'invite', 'open'] as const;

function signUpPolicy(env: Env): Config['signUp'] {
  const raw = env.SIGNUP?.trim().toLowerCase() || 'closed';
  if (!(SIGN_UP_POLICIES as readonly string[]).includes(raw)) throw new ConfigError('SIGNUP', `must be one of ${SIGN_UP_POLICIES.join(', ')} (got "${env.SIGNUP}")`);
  return raw as Config['signUp'];
}

export type EmbeddingsConfig =
  | { readonly kind: 'local' }
  | { readonly kind: 'http'; readonly url: string; readonly model: string; readonly apiKey: string | null; readonly timeoutMs: number };

/** EMBEDDINGS: `local` (the default: a model shipped in an npm package), `http` (an OpenAI-compatible endpoint) or `off`. */
function embeddingsConfig(env: Env): EmbeddingsConfig | null {
  const kind = env.EMBEDDINGS?.trim().toLowerCase() || 'local';
  if (kind === 'off') return null;
  if (kind === 'local') return { kind };
  if (kind !== 'http') throw new ConfigError('EMBEDDINGS', `must be local, http or off (got "${env.EMBEDDINGS}")`);
  const endpoint = url(env, 'EMBEDDINGS_URL', ['https:', 'http:']);
  if (!endpoint) throw new ConfigError('EMBEDDINGS_URL', 'is required with EMBEDDINGS=http (such as http://localhost:11434/v1)');
  const model = env.EMBEDDINGS_MODEL?.trim();
  if (!model) throw new ConfigError('EMBEDDINGS_MODEL', 'is required with EMBEDDINGS=http');
  return Object.freeze({
    kind,
    url: endpoint,
    model,
    apiKey: env.EMBEDDINGS_API_KEY?.trim() || null,
    timeoutMs: integer(env, 'EMBEDDINGS_TIMEOUT_MS', 10_000, 100, 600_000),
  });
}

export interface OAuthConfig {
  readonly accessTokenSeconds: number;
  readonly refreshTokenSeconds: number;
  /** Client registrations per client address per hour. */
  readonly registrationsPerHour: number;
  /** Requests to the authorization, token and revocation endpoints per client address per minute. */
  readonly requestsPerMinute: number;
}

function publicUrl(env: Env): string | null {
  const raw = url(env, 'PUBLIC_URL', ['https:', 'http:']);
  if (!raw) return null;
  const parsed = new URL(raw);
  if (parsed.search || parsed.hash || parsed.pathname !== '/') throw new ConfigError('PUBLIC_URL', 'must be an origin alone, such as https://mtl.example.com');
  if (parsed.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname)) {
    throw new ConfigError('PUBLIC_URL', 'must use https: (plain http is accepted only for this machine)');
  }
  return parsed.origin;
}

/** OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together, or none of them. */
function oidcConfig(env: Env): OidcConfig | null {
  const names = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  const given = names.filter((name) => env[name]?.trim());
  if (given.length === 0) return null;
  const missing = names.find((name) => !env[name]?.trim());
  if (missing) throw new ConfigError(missing, `is required with ${given.join(' and ')}`);
  const issuer = url(env, 'OIDC_ISSUER', ['https:', 'http:'])!;
  const host = new URL(issuer).hostname;
  if (new URL(issuer).protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(host)) {
    throw new ConfigError('OIDC_ISSUER', 'must use https: (plain http is accepted only for a provider on this machine)');
  }
  return Object.freeze({
    issuer,
    clientId: env.OIDC_CLIENT_ID!.trim(),
    clientSecret: env.OIDC_CLIENT_SECRET!.trim(),
    providerName: env.OIDC_PROVIDER_NAME?.trim() || host,
  });
}

/** Environment -> one frozen Config, or a ConfigError naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = databaseUrlOf(env, 'DATABASE_URL');
  const databaseReplicaUrls = replicaUrls(env, 'DATABASE_REPLICA_URLS');
  const dataDir = resolve(env.DATA_DIR?.trim() || './data');
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  const requestTimeoutMs = integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 1_000, 3_600_000);
  const headersTimeoutMs = integer(env, 'HEADERS_TIMEOUT_MS', 10_000, 1_000, 600_000);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError('HEADERS_TIMEOUT_MS', `must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  const poolSize = integer(env, 'DATABASE_POOL_SIZE', 10, 1, 200);
  const rateLimitPerMinute = integer(env, 'RATE_LIMIT_PER_MINUTE', 600, 1, MAX_RATE_LIMIT);
  return Object.freeze({
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    databaseReplicaUrls,
    dataDir,
    databasePoolSize: poolSize,
    databasePreparedStatements: integer(env, 'DATABASE_PREPARED_STATEMENTS', 200, 0, 10_000),
    databaseStatementTimeoutMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 30_000, 100, 3_600_000),
    databaseLockTimeoutMs: integer(env, 'DATABASE_LOCK_TIMEOUT_MS', 5_000, 10, 600_000),
    databaseIdleTransactionTimeoutMs: integer(env, 'DATABASE_IDLE_TRANSACTION_TIMEOUT_MS', 60_000, 1_000, 3_600_000),
    // Half the pool on PostgreSQL, so one account can never hold every connection; on the embedded
    // database, whose one connection serves requests in turn, two keep another account's request
    // from queueing behind more than two of one busy account's.
    accountConcurrency: integer(env, 'ACCOUNT_CONCURRENCY', databaseUrl ? Math.max(1, Math.floor(poolSize / 2)) : 2, 1, poolSize),
    accountQueueWaitMs: integer(env, 'ACCOUNT_QUEUE_WAIT_MS', 10_000, 100, 600_000),
    session: Object.freeze(sessionConfig(env, databaseUrl, dataDir)),
    logLevel,
    validateResponses: boolean(env, 'VALIDATE_RESPONSES', false),
    trustProxy: trustedProxies(env),
    activityFlushMs: integer(env, 'ACTIVITY_FLUSH_MS', 1000, 10, 60000),
    rateLimitPerMinute,
    accountRateLimitPerMinute: integer(env, 'ACCOUNT_RATE_LIMIT_PER_MINUTE', ACCOUNT_BUDGET_KEYS * rateLimitPerMinute, 1, ACCOUNT_BUDGET_KEYS * MAX_RATE_LIMIT),
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
    signUp: signUpPolicy(env),
    signInLimitPerAddress: integer(env, 'SIGN_IN_LIMIT_PER_ADDRESS', 30, 1, 100_000),
    signInLimitPerEmail: integer(env, 'SIGN_IN_LIMIT_PER_EMAIL', 10, 1, 100_000),
    passwordHashCost: integer(env, 'PASSWORD_HASH_COST', 17, 14, 20),
    visitorRateLimitPerMinute: integer(env, 'VISITOR_RATE_LIMIT_PER_MINUTE', 600, 1, 10_000_000),
    oidc: oidcConfig(env),
    publicUrl: publicUrl(env),
    embeddings: embeddingsConfig(env),
    oauth: Object.freeze({
      accessTokenSeconds: integer(env, 'OAUTH_ACCESS_TOKEN_SECONDS', 3600, 60, 24 * 60 * 60),
      refreshTokenSeconds: integer(env, 'OAUTH_REFRESH_TOKEN_DAYS', 30, 1, 365) * 24 * 60 * 60,
      registrationsPerHour: integer(env, 'OAUTH_REGISTRATIONS_PER_HOUR', 20, 1, 10_000_000),
      requestsPerMinute: integer(env, 'OAUTH_REQUESTS_PER_MINUTE', 60, 1, 10_000_000),
    }),
  });
}
