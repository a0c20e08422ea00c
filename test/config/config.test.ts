import { splitHosts } from '../../src/db/hosts';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../src/config';
import { createSessionVerifier } from '../../src/domain/accounts/sessions';
import { mintSessionToken } from '../../src/domain/accounts/session-tokens';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-0123';
const tempDir = () => mkdtempSync(join(tmpdir(), 'mtl-config-'));

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  test('with no variables, the defaults describe an embedded-database install on port 3000', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeNull();
    expect(config.dataDir).toBe(dataDir);
    expect(config.validateResponses).toBe(false);
    expect(config.heapGrowingPercent).toBe(100);
    expect(config.databasePreparedStatements).toBe(200);
    expect(Object.isFrozen(config)).toBe(true);
  });

  test('HEAP_GROWING_PERCENT sets how far the heap grows between full collections; 0 leaves it to V8', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), HEAP_GROWING_PERCENT: '50' }).heapGrowingPercent).toBe(50);
    expect(loadConfig({ DATA_DIR: tempDir(), HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
  });

  test('DATABASE_PREPARED_STATEMENTS sets how many statements a connection keeps prepared; 0 turns it off', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_PREPARED_STATEMENTS: '50' }).databasePreparedStatements).toBe(50);
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_PREPARED_STATEMENTS: '0' }).databasePreparedStatements).toBe(0);
  });

  test('EXPORT_CONCURRENCY defaults to a quarter of the PostgreSQL pool (at least 1) and is 1 on the embedded database', () => {
    const postgres = { DATABASE_URL: 'postgres://localhost/mtl', APP_JWT_SECRET: SECRET };
    expect(loadConfig({ DATA_DIR: tempDir(), ...postgres }).exportConcurrency).toBe(2);
    expect(loadConfig({ DATA_DIR: tempDir(), ...postgres, DATABASE_POOL_SIZE: '40' }).exportConcurrency).toBe(10);
    expect(loadConfig({ DATA_DIR: tempDir(), ...postgres, DATABASE_POOL_SIZE: '2' }).exportConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: tempDir(), ...postgres, EXPORT_CONCURRENCY: '5' }).exportConcurrency).toBe(5);
    expect(loadConfig({ DATA_DIR: tempDir(), EXPORT_CONCURRENCY: '5' }).exportConcurrency).toBe(1);
  });

  test('DATABASE_URL may name several hosts, each its own URL for the pool; DATABASE_REPLICA_URLS is a list', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      APP_JWT_SECRET: SECRET,
      DATABASE_URL: 'postgres://mtl:pw@db1:5432,db2:5433/mtl?target_session_attrs=read-write&sslmode=disable',
      DATABASE_REPLICA_URLS: 'postgres://mtl@db2:5433/mtl, postgres://mtl@db3/mtl',
    });
    expect(splitHosts(config.databaseUrl!)).toEqual(['postgres://mtl:pw@db1:5432/mtl?sslmode=disable', 'postgres://mtl:pw@db2:5433/mtl?sslmode=disable']);
    expect(config.databaseReplicaUrls).toEqual(['postgres://mtl@db2:5433/mtl', 'postgres://mtl@db3/mtl']);
    expect(loadConfig({ DATA_DIR: tempDir() }).databaseReplicaUrls).toEqual([]);
    expect(splitHosts('postgres://mtl@db1/mtl')).toEqual(['postgres://mtl@db1/mtl']);
  });

  test('RESPONSE_WRITE_TIMEOUT_MS defaults to 30 s; its earlier name EXPORT_IDLE_TIMEOUT_MS is read when it is not set', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).responseWriteTimeoutMs).toBe(30_000);
    expect(loadConfig({ DATA_DIR: tempDir(), RESPONSE_WRITE_TIMEOUT_MS: '5000' }).responseWriteTimeoutMs).toBe(5_000);
    expect(loadConfig({ DATA_DIR: tempDir(), EXPORT_IDLE_TIMEOUT_MS: '6000' }).responseWriteTimeoutMs).toBe(6_000);
    expect(loadConfig({ DATA_DIR: tempDir(), RESPONSE_WRITE_TIMEOUT_MS: '5000', EXPORT_IDLE_TIMEOUT_MS: '6000' }).responseWriteTimeoutMs).toBe(5_000);
  });

  test('MCP_ALLOWED_ORIGINS is a comma-separated list of origins, kept as browsers write them; none by default', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).mcpAllowedOrigins).toEqual([]);
    const config = loadConfig({ DATA_DIR: tempDir(), MCP_ALLOWED_ORIGINS: ' https://App.Example.com, http://localhost:5173/ ,https://tools.example.org:443' });
    expect(config.mcpAllowedOrigins).toEqual(['https://app.example.com', 'http://localhost:5173', 'https://tools.example.org']);
  });

  test.each([
    ['EXPORT_CONCURRENCY', { DATABASE_URL: 'postgres://localhost/mtl', APP_JWT_SECRET: SECRET, EXPORT_CONCURRENCY: '11' }],
    ['EXPORT_CONCURRENCY', { DATABASE_URL: 'postgres://localhost/mtl', APP_JWT_SECRET: SECRET, EXPORT_CONCURRENCY: '0' }],
    ['EXPORT_IDLE_TIMEOUT_MS', { EXPORT_IDLE_TIMEOUT_MS: '999' }],
    ['RESPONSE_WRITE_TIMEOUT_MS', { RESPONSE_WRITE_TIMEOUT_MS: '999' }],
    ['RESPONSE_WRITE_TIMEOUT_MS', { RESPONSE_WRITE_TIMEOUT_MS: 'soon' }],
    ['MCP_ALLOWED_ORIGINS', { MCP_ALLOWED_ORIGINS: 'app.example.com' }],
    ['MCP_ALLOWED_ORIGINS', { MCP_ALLOWED_ORIGINS: 'https://app.example.com/mcp' }],
    ['MCP_ALLOWED_ORIGINS', { MCP_ALLOWED_ORIGINS: 'ftp://files.example.com' }],
    ['MCP_ALLOWED_ORIGINS', { MCP_ALLOWED_ORIGINS: 'https://app.example.com,*' }],
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['DATABASE_URL', { DATABASE_URL: 'postgres://db1:5432,db2:port/mtl' }],
    ['DATABASE_REPLICA_URLS', { DATABASE_REPLICA_URLS: 'postgres://db2/mtl, mysql://db3/mtl' }],
    ['DATABASE_REPLICA_URLS', { DATABASE_REPLICA_URLS: 'replica-one' }],
    ['APP_JWT_SECRET', { APP_JWT_SECRET: 'short' }],
    ['APP_JWT_SECRET', { DATABASE_URL: 'postgres://localhost/mtl' }],
    ['APP_JWKS_URL', { APP_JWKS_URL: 'ftp://keys.example.com' }],
    ['APP_JWKS_URL', { APP_JWT_SECRET: SECRET, APP_JWKS_URL: 'https://keys.example.com/jwks.json' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['VALIDATE_RESPONSES', { VALIDATE_RESPONSES: 'maybe' }],
    ['DATABASE_POOL_SIZE', { DATABASE_POOL_SIZE: '0' }],
    ['DATABASE_PREPARED_STATEMENTS', { DATABASE_PREPARED_STATEMENTS: '-1' }],
    ['DATABASE_PREPARED_STATEMENTS', { DATABASE_PREPARED_STATEMENTS: 'many' }],
    ['DATABASE_PREPARED_STATEMENTS', { DATABASE_PREPARED_STATEMENTS: '10001' }],
    ['HEAP_GROWING_PERCENT', { HEAP_GROWING_PERCENT: '-1' }],
    ['HEAP_GROWING_PERCENT', { HEAP_GROWING_PERCENT: 'half' }],
    ['HEAP_GROWING_PERCENT', { HEAP_GROWING_PERCENT: '1001' }],
    ['ACCOUNT_RATE_LIMIT_PER_MINUTE', { ACCOUNT_RATE_LIMIT_PER_MINUTE: '0' }],
    ['ACCOUNT_RATE_LIMIT_PER_MINUTE', { ACCOUNT_RATE_LIMIT_PER_MINUTE: 'many' }],
    ['TRUST_PROXY', { TRUST_PROXY: '-1' }],
    ['TRUST_PROXY', { TRUST_PROXY: '101' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.300' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/255.0.0.0' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1, proxy.example.com' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1,' }],
    ['EMBEDDINGS', { EMBEDDINGS: 'openai' }],
    ['EMBEDDINGS_URL', { EMBEDDINGS: 'http', EMBEDDINGS_MODEL: 'nomic-embed-text' }],
    ['EMBEDDINGS_URL', { EMBEDDINGS: 'http', EMBEDDINGS_URL: 'ftp://models.example.com/v1', EMBEDDINGS_MODEL: 'nomic-embed-text' }],
    ['EMBEDDINGS_MODEL', { EMBEDDINGS: 'http', EMBEDDINGS_URL: 'http://localhost:11434/v1' }],
    ['EMBEDDINGS_TIMEOUT_MS', { EMBEDDINGS: 'http', EMBEDDINGS_URL: 'http://localhost:11434/v1', EMBEDDINGS_MODEL: 'm', EMBEDDINGS_TIMEOUT_MS: '99' }],
    ['EMBEDDINGS_TIMEOUT_MS', { EMBEDDINGS: 'http', EMBEDDINGS_URL: 'http://localhost:11434/v1', EMBEDDINGS_MODEL: 'm', EMBEDDINGS_TIMEOUT_MS: 'soon' }],
  ])('when %s is wrong, start-up stops with an error naming it', (variable, env) => {
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
  });

  test('ACCOUNT_RATE_LIMIT_PER_MINUTE defaults to four times RATE_LIMIT_PER_MINUTE', () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({ rateLimitPerMinute: 600, accountRateLimitPerMinute: 2400 });
    expect(loadConfig({ DATA_DIR: tempDir(), RATE_LIMIT_PER_MINUTE: '100' }).accountRateLimitPerMinute).toBe(400);
    expect(loadConfig({ DATA_DIR: tempDir(), RATE_LIMIT_PER_MINUTE: '100', ACCOUNT_RATE_LIMIT_PER_MINUTE: '150' }).accountRateLimitPerMinute).toBe(150);
  });

  test.each([
    [undefined, 0],
    ['', 0],
    ['0', 0],
    ['1', 1],
    [' 2 ', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.1, 10.0.0.0/8,fd00::/8 , ::1', ['10.0.0.1', '10.0.0.0/8', 'fd00::/8', '::1']],
    ['loopback, uniquelocal', ['loopback', 'uniquelocal']],
  ])('TRUST_PROXY=%j trusts %j: a number of proxies in front, or their addresses', (raw, trusted) => {
    expect(loadConfig({ DATA_DIR: tempDir(), ...(raw === undefined ? {} : { TRUST_PROXY: raw }) }).trustProxy).toEqual(trusted);
  });

  test.each(['true', 'TRUE', 'yes', 'on', 'false', 'off'])('TRUST_PROXY=%s stops start-up with an error saying what to set instead', (raw) => {
    const error = configError({ TRUST_PROXY: raw });
    expect(error.variable).toBe('TRUST_PROXY');
    expect(error.message).toContain('number of proxies in front of the server (such as 1)');
    expect(error.message).toContain('10.0.0.0/8');
    expect(error.message).toContain('X-Forwarded-For');
  });

  test('without a configured secret, an embedded install creates one in its data directory and keeps it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).session.secret;
    const file = join(dataDir, 'session-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o077).toBe(0);
    const second = loadConfig({ DATA_DIR: dataDir }).session.secret;
    expect(Buffer.from(second as Uint8Array).toString()).toBe(Buffer.from(first as Uint8Array).toString());
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
  });
});

describe('local session tokens', () => {
  test('a minted token verifies with the same configuration and carries the account and name', async () => {
    const { session } = loadConfig({ DATA_DIR: tempDir(), APP_JWT_ISSUER: 'mtl-local', APP_JWT_AUDIENCE: 'mtl' });
    const token = await mintSessionToken(session, 'alice', { name: 'Alice A.' });
    const claims = await createSessionVerifier(session)(token);
    expect(claims).toEqual({ subject: 'alice', name: 'Alice A.' });
  });

  test('a token minted for another issuer or with another secret is refused', async () => {
    const dir = tempDir();
    const strict = loadConfig({ DATA_DIR: dir, APP_JWT_SECRET: SECRET, APP_JWT_ISSUER: 'mtl-prod' });
    const other = loadConfig({ DATA_DIR: dir, APP_JWT_SECRET: SECRET, APP_JWT_ISSUER: 'someone-else' });
    const wrongSecret = loadConfig({ DATA_DIR: dir, APP_JWT_SECRET: SECRET.replace('a', 'b'), APP_JWT_ISSUER: 'mtl-prod' });
    const verify = createSessionVerifier(strict.session);
    expect(await verify(await mintSessionToken(other.session, 'alice'))).toBeNull();
    expect(await verify(await mintSessionToken(wrongSecret.session, 'alice'))).toBeNull();
    expect(await verify(await mintSessionToken(strict.session, 'alice'))).not.toBeNull();
  });

  test('when a token is asked for longer than the server accepts, then minting it is refused, naming the limit and its variable', async () => {
    const { session } = loadConfig({ DATA_DIR: tempDir(), APP_JWT_SECRET: SECRET });
    await expect(mintSessionToken(session, 'alice', { ttl: '48h' })).rejects.toThrow(
      /^SESSION_MAX_LIFETIME_SECONDS: the server accepts session tokens valid for at most 86400 seconds \(24 hours\); a ttl of 48h is 172800 seconds/,
    );
    const longer = loadConfig({ DATA_DIR: tempDir(), APP_JWT_SECRET: SECRET, SESSION_MAX_LIFETIME_SECONDS: String(48 * 3600) }).session;
    const token = await mintSessionToken(longer, 'alice', { ttl: '48h' });
    expect(await createSessionVerifier(longer)(token)).toEqual({ subject: 'alice', name: 'alice' });
    expect(await createSessionVerifier(longer)(await mintSessionToken(session, 'alice', { ttl: '24h' }))).not.toBeNull();
  });

  test('an expired token is refused', async () => {
    const { session } = loadConfig({ DATA_DIR: tempDir(), APP_JWT_SECRET: SECRET });
    const token = await mintSessionToken(session, 'alice', { ttl: '-1m' });
    expect(await createSessionVerifier(session)(token)).toBeNull();
  });
});
