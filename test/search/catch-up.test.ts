import { sql } from 'kysely';
import type { Database } from '../../src/db/connect';
import { indexAllMemories } from '../../src/domain/projections/projections';
import { newId } from '../../src/domain/shared/ids';
import { openTestDatabase } from '../support/database';

// Memories a migration left unindexed (written before the index existed, or taken out of it) are
// indexed by the service when it starts; instances that start together never index one twice.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** An account with Memories written straight into the table, as before a migration: none indexed. */
async function unindexedAccount(count: number): Promise<string> {
  const accountId = newId('account');
  const now = new Date();
  await database.db.insertInto('accounts').values({ id: accountId, external_id: `catch-up-${accountId}`, display_name: null, created_at: now }).execute();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId('memory'),
    account_id: accountId,
    text: `Harbour note ${i}: the ferry leaves at seven${i % 3 === 0 ? ', the lighthouse keeper waves' : ''}.`,
    type: 'note',
    sensitivity: i % 4 === 0 ? 'secret' : 'normal',
    tags: i % 2 === 0 ? ['travel'] : [],
    pinned: false,
    revision: 1,
    created_at: now,
    updated_at: now,
  }));
  await database.db.insertInto('memories').values(rows).execute();
  return accountId;
}

/** The index's statistics and term counts of the account, and what its Memories and postings say they should be. */
async function indexState(accountId: string) {
  const { rows } = await sql<{ docs: number; key_docs: number; memories: number; key_memories: number; term_docs_agree: boolean; unindexed: number }>`
    select s.docs, s.key_docs,
      (select count(*)::int from memories m where m.account_id = s.account_id) as memories,
      (select count(*)::int from memories m where m.account_id = s.account_id and m.sensitivity <> 'secret') as key_memories,
      (select bool_and(t.docs = (select count(*) from search_postings p where p.term_id = t.id)) from search_terms t where t.account_id = s.account_id) as term_docs_agree,
      (select count(*)::int from memories m where m.account_id = s.account_id and m.search_length = 0) as unindexed
    from search_stats s where s.account_id = ${accountId}`.execute(database.db);
  return rows[0];
}

test('when the service starts, every unindexed Memory is indexed once, secrets apart, and a second start finds nothing to do', async () => {
  const accountId = await unindexedAccount(1_200);
  expect(await indexAllMemories(database.db, 500)).toBeGreaterThanOrEqual(1_200);
  expect(await indexState(accountId)).toEqual({ docs: 1_200, key_docs: 900, memories: 1_200, key_memories: 900, term_docs_agree: true, unindexed: 0 });
  expect(await indexAllMemories(database.db)).toBe(0);
});

test('when two instances start together, each Memory is indexed by one of them: the statistics count it once', async () => {
  const accountId = await unindexedAccount(600);
  // On the embedded database, with its one connection, they take turns; on PostgreSQL they race.
  const [first, second] = await Promise.all([indexAllMemories(database.db, 100), indexAllMemories(database.db, 100)]);
  expect(first + second).toBe(600);
  expect(await indexState(accountId)).toEqual({ docs: 600, key_docs: 450, memories: 600, key_memories: 450, term_docs_agree: true, unindexed: 0 });
});
