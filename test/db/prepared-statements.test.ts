import { sql } from 'kysely';
import { openDatabase, openPostgres, type Database } from '../../src/db/connect';
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

  test('openDatabase, as the server calls it with DATABASE_PREPARED_STATEMENTS, passes the setting on', async () => {
    const database = await openDatabase({ databaseUrl: owner.url as string, dataDir: '', poolSize: 1, preparedStatements: 5 });
    opened.push(database);
    for (let run = 0; run < 3; run += 1) await sql`select ${run}::int * 7 as n`.execute(database.db);
    expect((await preparedOn(database)).filter((text) => text.includes('::int * 7'))).toHaveLength(1);
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

onPostgres('prepared statements when a table changes under them', () => {
  let owner: Database & { url?: string };
  let database: Database;

  beforeAll(async () => {
    owner = await openTestDatabase();
    database = openPostgres(owner.url as string, 1, 10);
    await sql`create table widgets (id int primary key, name text)`.execute(owner.db);
    await sql`insert into widgets values (1, 'one')`.execute(owner.db);
  });

  afterAll(async () => {
    await database.close();
    await owner.close();
  });

  const backend = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)).rows[0]!.pid;
  const widget = async (db = database.db) => (await sql<Record<string, unknown>>`select * from widgets where id = ${1}`.execute(db)).rows[0];

  test('a statement whose rows changed shape runs again unnamed, and its connection is replaced', async () => {
    for (let run = 0; run < 4; run += 1) expect(await widget()).toEqual({ id: 1, name: 'one' });
    const before = await backend();
    // Another connection adds a column, as a newer version of the service might.
    await sql`alter table widgets add column colour text`.execute(owner.db);

    expect(await widget()).toEqual({ id: 1, name: 'one', colour: null });
    // That connection was closed when it went back to the pool: the next one is new.
    expect(await backend()).not.toBe(before);
    for (let run = 0; run < 4; run += 1) expect(await widget()).toEqual({ id: 1, name: 'one', colour: null });
  });

  test('inside a transaction the refusal fails that transaction only; the next one runs on a new connection', async () => {
    for (let run = 0; run < 4; run += 1) await widget();
    await sql`alter table widgets add column size int`.execute(owner.db);
    await expect(database.db.transaction().execute((trx) => widget(trx))).rejects.toThrow(/cached plan must not change result type/);
    expect(await database.db.transaction().execute((trx) => widget(trx))).toEqual({ id: 1, name: 'one', colour: null, size: null });
  });
});
