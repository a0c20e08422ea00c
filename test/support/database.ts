import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPGlite, openPostgres, pgliteExtensions, type Database, type QueryObserver, type SessionLimits } from '../../src/db/connect';

export const TEMPLATE_ENV = 'MTL_TEST_TEMPLATE_DATABASE';
export const DUMP_ENV = 'MTL_TEST_PGLITE_DUMP';

/** The PostgreSQL server the suite runs on, or undefined for the embedded database. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/**
 * `describe` for tests that need a PostgreSQL server, or `describe.skip` on the embedded database,
 * saying which tests were skipped (`tests`, such as "graceful-shutdown tests").
 */
export function postgresOnly(tests: string): jest.Describe {
  if (testDatabaseUrl()) return describe;
  process.stdout.write(`${tests} need a PostgreSQL server (TEST_DATABASE_URL); skipped on the embedded database\n`);
  return describe.skip;
}

/**
 * The server's URL for one of the suite's databases. Its sessions do not wait for the WAL to reach
 * the disk at commit: a test database is thrown away, and the wait is most of a small write's time.
 */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  if (!parsed.searchParams.has('options')) parsed.searchParams.set('options', '-c synchronous_commit=off');
  return parsed.toString();
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own for one test file, copied from the migrated template: a PGlite loaded
 * from the dump made in global set-up, or a PostgreSQL database created from the template.
 */
export async function openTestDatabase(
  options: { poolSize?: number; limits?: SessionLimits; observe?: QueryObserver } = {},
): Promise<Database & { url?: string }> {
  const url = testDatabaseUrl();
  if (!url) {
    const dump = process.env[DUMP_ENV];
    if (!dump) throw new Error(`${DUMP_ENV} is not set: run the suite through jest's global set-up`);
    const pglite = await PGlite.create({
      loadDataDir: new Blob([readFileSync(dump)]),
      extensions: await pgliteExtensions(),
    });
    return fromPGlite(pglite, options.observe);
  }
  const template = process.env[TEMPLATE_ENV];
  if (!template) throw new Error(`${TEMPLATE_ENV} is not set: run the suite through jest's global set-up`);
  const name = `mtl_test_${randomBytes(6).toString('hex')}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await adminQuery(url, `create database ${name} template ${template}`);
      break;
    } catch (err) {
      // Two files cloning the template at the same instant: wait and try again.
      if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  const databaseUrl = withDatabase(url, name);
  // As the service runs by default (DATABASE_PREPARED_STATEMENTS).
  const database = openPostgres(databaseUrl, options.poolSize ?? 10, 200, options.limits, options.observe);
  return {
    ...database,
    url: databaseUrl,
    close: async () => {
      await database.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}
