import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openPGlite, openPostgres } from '../../src/db/connect';
import { MIGRATION_NAMES, migrateToLatest } from '../../src/db/migrate';
import { adminQuery, postgresOnly, testDatabaseUrl, withDatabase } from '../support/database';

describe('the embedded database', () => {
  test('data written before a restart is there after it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mtl-persist-'));
    const first = await openPGlite(dataDir);
    expect(await migrateToLatest(first.db)).toEqual(MIGRATION_NAMES);
    await first.db
      .insertInto('accounts')
      .values({ id: 'acc_persisted', external_id: 'persisted', display_name: null, created_at: new Date() })
      .execute();
    await first.close();

    const second = await openPGlite(dataDir);
    expect(await migrateToLatest(second.db)).toEqual([]);
    const row = await second.db.selectFrom('accounts').select('external_id').where('id', '=', 'acc_persisted').executeTakeFirst();
    expect(row?.external_id).toBe('persisted');
    // Started with small shared buffers, which PGlite keeps inside its own memory.
    const settings = await sql<{ shared_buffers: string }>`select current_setting('shared_buffers') as shared_buffers`.execute(second.db);
    expect(settings.rows[0]?.shared_buffers).toBe('16MB');
    await second.close();
  });
});

const onPostgres = postgresOnly('tests of several instances migrating at once');

onPostgres('migrations on PostgreSQL', () => {
  test('several instances migrating at once apply each migration exactly once', async () => {
    const url = testDatabaseUrl() as string;
    const name = `mtl_migrate_${process.pid}_${Date.now()}`;
    await adminQuery(url, `create database ${name}`);
    const instances = [1, 2, 3, 4].map(() => openPostgres(withDatabase(url, name), 2));
    try {
      const applied = await Promise.all(instances.map((instance) => migrateToLatest(instance.db)));
      // Each migration ran in exactly one of the instances.
      expect(applied.flat().sort()).toEqual(MIGRATION_NAMES);
      const { rows } = await sql<{ count: number }>`select count(*)::int as count from kysely_migration`.execute(
        instances[0]!.db,
      );
      expect(rows[0]?.count).toBe(MIGRATION_NAMES.length);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    }
  });
});
