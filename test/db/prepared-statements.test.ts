import { sql } from 'kysely';
import { openPostgres, type Database } from '../../src/db/connect';
import { openTestDatabase, postgresOnly } from '../support/database';

const onPostgres = postgresOnly('prepared-statement tests');

onPostgres('prepared statements (DATABASE_PREPARED_STATEMENTS)', () => {
  let owner: Database & { url?: string };
  const opened: Database[] = [];

  beforeAll(async () => {
    owner = await openTestDatabase();
  });

  afterAll(async () => {
    for (const database of opened) await database.close();
    await owner.close();
  });

  /** One connection, so every statement and the check below share it. */
  function open(perConnection: number): Database {
    const database = openPostgres(owner.url as string, 1, perConnection);
    opened.push(database);
    return database;
  }

  const preparedOn = async (database: Database) =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements order by statement`.execute(database.db)).rows.map(
      (row) => row.statement,
    );

  test('a statement with parameters is prepared from its third run, and answers the same before and after', async () => {
    const database = open(10);
    const answers: number[] = [];
    for (let run = 1; run <= 5; run += 1) {
      answers.push((await sql<{ n: number }>`select ${run}::int + 1 as n`.execute(database.db)).rows[0]!.n);
      const prepared = (await preparedOn(database)).filter((text) => text.includes('::int + 1'));
      expect(prepared).toHaveLength(run >= 3 ? 1 : 0);
    }
    expect(answers).toEqual([2, 3, 4, 5, 6]);
  });

  test('statements without parameters are never prepared', async () => {
    const database = open(10);
    for (let run = 0; run < 4; run += 1) await sql`select 41 + 1 as n`.execute(database.db);
    expect((await preparedOn(database)).filter((text) => text.includes('41 + 1'))).toEqual([]);
  });

  test('a connection keeps at most the configured number; the rest run unnamed and still answer', async () => {
    const database = open(2);
    for (const factor of [2, 3, 4, 5]) {
      for (let run = 1; run <= 3; run += 1) {
        const row = (await sql<{ n: number }>`select ${run}::int * ${sql.lit(factor)} as n`.execute(database.db)).rows[0]!;
        expect(row.n).toBe(run * factor);
      }
    }
    // The check's own statement counts too once it repeats: at most two in all.
    expect((await preparedOn(database)).length).toBeLessThanOrEqual(2);
    expect((await preparedOn(database)).filter((text) => text.includes('::int * 2'))).toHaveLength(1);
  });

  test('0 prepares nothing', async () => {
    const database = open(0);
    for (let run = 0; run < 4; run += 1) await sql`select ${run}::int - 1 as n`.execute(database.db);
    expect(await preparedOn(database)).toEqual([]);
  });

  test('a failing statement neither breaks the connection nor the statements prepared on it', async () => {
    const database = open(10);
    for (let run = 0; run < 3; run += 1) await sql`select ${run}::int as n`.execute(database.db);
    for (let run = 0; run < 4; run += 1) {
      await expect(sql`select 1 / ${0}::int as n`.execute(database.db)).rejects.toThrow(/division by zero/);
    }
    expect((await sql<{ n: number }>`select ${7}::int as n`.execute(database.db)).rows[0]!.n).toBe(7);
  });
});
