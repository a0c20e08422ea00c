import { sql } from 'kysely';
import { AccountQueue } from '../../src/domain/shared/account-queue';
import { AppError } from '../../src/domain/shared/errors';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import { withLocker, type Locker } from '../support/locks';

/**
 * One account can hold only its share of the service: a bounded number of its requests run at
 * once, its writes one after another, and the rest wait in the process (holding no database
 * connection) for a bounded time; on PostgreSQL every session has statement, lock and idle
 * timeouts, so nothing waits on the database for ever.
 */

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

describe('AccountQueue', () => {
  test('when more work of one account arrives than may run, then the rest waits, in order, and other accounts are not held up', async () => {
    const queue = new AccountQueue(2, 10_000);
    const order: string[] = [];
    const gates = [deferred(), deferred(), deferred()];
    const running = gates.map((gate, index) =>
      queue.run('a', async () => {
        order.push(`start ${index}`);
        await gate.promise;
        order.push(`end ${index}`);
      }),
    );
    await queue.run('b', async () => order.push('b'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['start 0', 'start 1', 'b']);
    gates[1]!.resolve();
    await running[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['start 0', 'start 1', 'b', 'end 1', 'start 2']);
    gates[0]!.resolve();
    gates[2]!.resolve();
    await Promise.all(running);
  });

  test('when work waits longer than allowed, then it is refused as 503 account_busy with Retry-After, and its place is given up', async () => {
    const queue = new AccountQueue(1, 50);
    const gate = deferred();
    const first = queue.run('a', () => gate.promise);
    const refused = await queue.run('a', async () => 'ran').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'account_busy', status: 503, retryable: true, headers: { 'Retry-After': '2' } });
    gate.resolve();
    await first;
    await expect(queue.run('a', async () => 'ran')).resolves.toBe('ran');
  });

  test('when a piece of work fails, then its place is given back', async () => {
    const queue = new AccountQueue(1, 10_000);
    await expect(queue.run('a', async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(queue.run('a', async () => 'ran')).resolves.toBe('ran');
  });
});

const postgresOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/** Sessions of the test's database waiting for a lock now (the view is read afresh: a transaction would keep its first reading). */
async function lockWaiters(locker: Locker): Promise<number> {
  await locker.query('select pg_stat_clear_snapshot()');
  const { rows } = await locker.query<{ count: number }>(
    "select count(*)::int as count from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
  );
  return rows[0]!.count;
}

postgresOnly('on PostgreSQL', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  test("when one account's requests wait on the database, then they hold at most its share of the pool, and another account is answered meanwhile", async () => {
    t = await startTestApp({ database: { poolSize: 4 }, env: { ACCOUNT_CONCURRENCY: '2', ACCOUNT_QUEUE_WAIT_MS: '60000' } });
    const alice = await t.account();
    const bob = await t.account();
    await withLocker(t, async (locker) => {
      // Every read of Memories waits for the locker: alice's requests wait on the database.
      await locker.query('lock table memories in access exclusive mode');
      const waiting = Array.from({ length: 6 }, () => t.http.get('/v1/memories').set(bearer(alice.readOnlyKey)).then((res) => res));
      for (let tries = 0; (await lockWaiters(locker)) < 2 && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      // However long they wait, no more than the account's two take a connection.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await lockWaiters(locker)).toBe(2);
      // Bob needs a connection of the pool of four: two are free.
      const other = await t.http.get('/v1/subjects').set(bearer(bob.session));
      expect(other.status).toBe(200);
      await locker.query('rollback');
      for (const res of await Promise.all(waiting)) expect(res.status).toBe(200);
    });
  });

  test("when another instance holds the account's write lock longer than the lock timeout, then a write is 503 account_busy and nothing is written", async () => {
    t = await startTestApp({ database: { limits: { statementTimeoutMs: 30_000, lockTimeoutMs: 200, idleInTransactionTimeoutMs: 60_000 } } });
    const alice = await t.account();
    await withLocker(t, async (locker) => {
      await locker.query('select pg_advisory_xact_lock($1, hashtext($2))', [0x4d544c57, alice.accountId]);
      const res = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send({ text: 'Waits for the lock' });
      expectError(res, 503, 'account_busy', true);
      expect(res.headers['retry-after']).toBe('2');
    });
    expect((await t.http.get('/v1/memories').set(bearer(alice.session))).body.data).toEqual([]);
  });

  test('when a write waits in the process behind another longer than allowed, then it is 503 account_busy without having taken a connection', async () => {
    t = await startTestApp({ env: { ACCOUNT_QUEUE_WAIT_MS: '300' } });
    const alice = await t.account();
    await withLocker(t, async (locker) => {
      await locker.query('select pg_advisory_xact_lock($1, hashtext($2))', [0x4d544c57, alice.accountId]);
      const first = t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send({ text: 'First in line' }).then((res) => res);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const second = await t.http.post('/v1/memories').set(bearer(alice.readWriteKey)).send({ text: 'Second in line' });
      expectError(second, 503, 'account_busy', true);
      expect(await lockWaiters(locker)).toBe(1);
      await locker.query('rollback');
      expect((await first).status).toBe(201);
    });
  });

  test('when a statement runs longer than the statement timeout, then the request is 503 service_unavailable and its connection is free again', async () => {
    t = await startTestApp({ database: { limits: { statementTimeoutMs: 200, lockTimeoutMs: 10_000, idleInTransactionTimeoutMs: 60_000 } } });
    const alice = await t.account();
    await withLocker(t, async (locker) => {
      await locker.query('lock table memories in access exclusive mode');
      const res = await t.http.get('/v1/memories').set(bearer(alice.session));
      expectError(res, 503, 'service_unavailable', true);
    });
    expect((await t.http.get('/v1/memories').set(bearer(alice.session))).status).toBe(200);
  });

  test("the service's sessions carry the configured timeouts, an idle transaction's among them", async () => {
    t = await startTestApp({ database: { limits: { statementTimeoutMs: 1_234, lockTimeoutMs: 567, idleInTransactionTimeoutMs: 8_901 } } });
    const { rows } = await sql<{ statement: string; lock: string; idle: string }>`select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock,
        current_setting('idle_in_transaction_session_timeout') as idle`.execute(t.database.db);
    expect(rows[0]).toEqual({ statement: '1234ms', lock: '567ms', idle: '8901ms' });
  });
});
