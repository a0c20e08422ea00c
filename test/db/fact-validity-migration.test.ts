import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openPGlite, openPostgres, type Database } from '../../src/db/connect';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate';
import { newId } from '../../src/domain/shared/ids';
import { adminQuery, testDatabaseUrl, withDatabase } from '../support/database';

/** A database of its own, empty: this test migrates it step by step. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = testDatabaseUrl();
  if (!url) return { database: await openPGlite(mkdtempSync(join(tmpdir(), 'mtl-fact-validity-'))), drop: async () => undefined };
  const name = `mtl_fact_validity_${process.pid}_${Date.now()}`;
  await adminQuery(url, `create database ${name}`);
  return { database: openPostgres(withDatabase(url, name), 2), drop: () => adminQuery(url, `drop database if exists ${name} with (force)`) };
}

test('when Facts written before validity existed are migrated, then they are current and valid from their acceptance, and only current Facts are unique by statement', async () => {
  const { database, drop } = await freshDatabase();
  try {
    const db = database.db;
    await migrateUpTo(db, '2026_11_23_0009_idempotency_per_principal');
    const accountId = newId('account');
    const subjectId = newId('subject');
    const factId = newId('fact');
    const accepted = new Date('2026-11-01T09:00:00.000Z');
    // Rows of that time, written as that schema's code wrote them.
    await sql`insert into accounts (id, external_id, created_at) values (${accountId}, ${`migration-${accountId}`}, now())`.execute(db);
    await sql`insert into subjects (id, account_id, name, kind, created_at, updated_at) values (${subjectId}, ${accountId}, 'Ada', 'person', now(), now())`.execute(db);
    await sql`insert into facts (id, account_id, subject_id, statement, statement_key, accepted_at, created_at)
      values (${factId}, ${accountId}, ${subjectId}, 'Ada lives in London', 'ada lives in london', ${accepted}, ${accepted})`.execute(db);

    await migrateToLatest(db);
    const row = await db.selectFrom('facts').select(['valid_from', 'valid_until', 'superseded_by']).where('id', '=', factId).executeTakeFirstOrThrow();
    expect(row).toEqual({ valid_from: accepted, valid_until: null, superseded_by: null });

    const fact = (id: string, validUntil: Date | null) => ({
      id,
      account_id: accountId,
      subject_id: subjectId,
      statement: 'Ada lives in London',
      statement_key: 'ada lives in london',
      accepted_at: accepted,
      created_at: accepted,
      valid_from: accepted,
      valid_until: validUntil,
    });
    // A superseded Fact may state what the current one states; a second current one may not.
    await db.insertInto('facts').values(fact(newId('fact'), new Date())).execute();
    await expect(db.insertInto('facts').values(fact(newId('fact'), null)).execute()).rejects.toThrow(/facts_subject_statement/);
  } finally {
    await database.close();
    await drop();
  }
});
