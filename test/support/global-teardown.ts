import { rmSync } from 'node:fs';
import { adminQuery, DUMP_ENV, TEMPLATE_ENV, testDatabaseUrl } from './database';

export default async function globalTeardown(): Promise<void> {
  const url = testDatabaseUrl();
  const template = process.env[TEMPLATE_ENV];
  if (url && template) await adminQuery(url, `drop database if exists ${template} with (force)`);
  const dump = process.env[DUMP_ENV];
  if (dump) rmSync(dump, { force: true });
}
