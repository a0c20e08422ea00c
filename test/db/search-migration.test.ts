import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openPGlite, openPostgres, type Database } from '../../src/db/connect';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate';
import type { DomainContext } from '../../src/domain/context';
import { searchMemories } from '../../src/domain/memories/search';
import { newId } from '../../src/domain/shared/ids';
import { adminQuery, testDatabaseUrl, withDatabase } from '../support/database';

/** A database of its own, empty: this test migrates it step by step. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = testDatabaseUrl();
  if (!url) return { database: await openPGlite(mkdtempSync(join(tmpdir(), 'mtl-search-migration-'))), drop: async () => undefined };
  const name = `mtl_search_migration_${process.pid}_${Date.now()}`;
  await adminQuery(url, `create database ${name}`);
  return { database: openPostgres(withDatabase(url, name), 2), drop: () => adminQuery(url, `drop database if exists ${name} with (force)`) };
}

test('Memories written before the search index existed are indexed by its migration, secrets apart', async () => {
  const { database, drop } = await freshDatabase();
  try {
    const db = database.db;
    await migrateUpTo(db, '2026_11_22_0007_change_visibility');
    const accountId = newId('account');
    const now = new Date();
    await db.insertInto('accounts').values({ id: accountId, external_id: `migration-${accountId}`, display_name: null, created_at: now }).execute();
    const memory = (text: string, extra: { sensitivity?: string; tags?: string[] } = {}) => ({
      id: newId('memory'),
      account_id: accountId,
      text,
      type: 'note',
      sensitivity: extra.sensitivity ?? 'normal',
      tags: extra.tags ?? [],
      pinned: false,
      revision: 1,
      created_at: now,
      updated_at: now,
    });
    const rows = [
      memory('The harbour ferry leaves at seven from pier four.'),
      memory('Ferry tickets are cheaper on weekdays.', { tags: ['travel'] }),
      memory('The ferry captain knows the lighthouse keeper.', { sensitivity: 'secret' }),
      memory('Buy bread.'),
    ];
    // Rows of that time, written as that schema's code wrote them.
    await sql`insert into memories (id, account_id, text, type, sensitivity, tags, pinned, revision, created_at, updated_at)
      select id, account_id, text, type, sensitivity, tags, pinned, revision, created_at, updated_at
      from json_populate_recordset(null::memories, ${JSON.stringify(rows)})`.execute(db);

    await migrateToLatest(db);
    const ctx = { db } as unknown as DomainContext;
    const asKey = { kind: 'api_key', accountId, keyId: 'key_test', mode: 'read_only' } as const;
    const asSession = { kind: 'session', accountId } as const;
    const keyHits = await searchMemories(ctx, asKey, { q: 'ferry' });
    expect(keyHits.map((hit) => hit.memory.id).sort()).toEqual([rows[0]!.id, rows[1]!.id].sort());
    expect((await searchMemories(ctx, asSession, { q: 'ferry' })).length).toBe(3);
    expect((await searchMemories(ctx, asKey, { q: 'travel' })).map((hit) => hit.memory.id)).toEqual([rows[1]!.id]);
    // The secret Memory's words are not in a key's vocabulary.
    expect(await searchMemories(ctx, asKey, { q: 'lighthous' })).toEqual([]);
    const stats = await db.selectFrom('search_stats').select(['docs', 'key_docs']).where('account_id', '=', accountId).executeTakeFirstOrThrow();
    expect(stats).toEqual({ docs: 4, key_docs: 3 });
  } finally {
    await database.close();
    await drop();
  }
});
