import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { fromPGlite, openPostgres, pgliteExtensions } from '../../src/db/connect';
import { migrateToLatest } from '../../src/db/migrate';
import { adminQuery, DUMP_ENV, TEMPLATE_ENV, testDatabaseUrl, withDatabase } from './database';

/** Migrates once: into a PGlite snapshot, or into a PostgreSQL template database. */
export default async function globalSetup(): Promise<void> {
  const url = testDatabaseUrl();
  if (url) {
    const template = `mtl_template_${process.pid}`;
    await adminQuery(url, `drop database if exists ${template} with (force)`);
    await adminQuery(url, `create database ${template}`);
    const database = openPostgres(withDatabase(url, template), 2);
    await migrateToLatest(database.db);
    await database.close();
    process.env[TEMPLATE_ENV] = template;
    process.stdout.write(`\nTests run on PostgreSQL (${new URL(url).host}), template ${template}\n`);
    return;
  }
  const pglite = await PGlite.create({ extensions: await pgliteExtensions() });
  const database = fromPGlite(pglite);
  await migrateToLatest(database.db);
  const dump = await pglite.dumpDataDir('none');
  const path = join(tmpdir(), `mtl-test-${process.pid}.tar`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env[DUMP_ENV] = path;
  process.stdout.write('\nTests run on the embedded database (PGlite)\n');
}
