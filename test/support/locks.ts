import type { Client } from 'pg';
import type { TestApp } from './app';

/**
 * Tests of requests racing each other on PostgreSQL: a second connection (the locker) holds rows
 * in an open transaction, so that requests wait where the test wants them to.
 */

export type Locker = Client;

/** A second connection to the test's database, in a transaction that `work` ends. */
export async function withLocker(t: TestApp, work: (locker: Locker) => Promise<void>): Promise<void> {
  const pg = await import('pg');
  const locker = new pg.default.Client({ connectionString: (t.database as { url?: string }).url });
  await locker.connect();
  try {
    await locker.query('begin');
    await work(locker);
  } finally {
    await locker.end();
  }
}

/** The locker's own process ID. */
export async function pidOf(locker: Locker): Promise<number> {
  return (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
}

/**
 * Resolves, with its process ID, once a session other than `known` waits for a lock that one of
 * `holders` (process IDs) holds: sessions that wait for anything else are not counted. With
 * `settled`, resolves with null once that is true instead (what was awaited was answered), and
 * with `patienceMs`, once that long has passed (the request may not be waiting for a lock at all).
 */
export async function waiterOn(
  locker: Locker,
  holders: readonly number[],
  known: readonly number[] = [],
  settled = () => false,
  patienceMs?: number,
): Promise<number | null> {
  const query = 'select pid from pg_stat_activity where datname = current_database() and pg_blocking_pids(pid) && $1::int[] and not pid = any($2::int[])';
  for (let waited = 0; ; waited += 20) {
    if (settled()) return null;
    // Within a transaction, pg_stat_activity is read once and kept: a session that connected
    // since (a request on a new pool connection) would not be seen.
    await locker.query('select pg_stat_clear_snapshot()');
    const { rows } = await locker.query<{ pid: number }>(query, [holders, known]);
    if (rows.length > 0) return rows[0]!.pid;
    if (patienceMs !== undefined && waited > patienceMs) return null;
    if (waited > 10_000) {
      await locker.query('select pg_stat_clear_snapshot()');
      const sessions = await locker.query(
        "select pid, state, wait_event_type, wait_event, pg_blocking_pids(pid) as blocked_by, left(query, 120) as query from pg_stat_activity where datname = current_database()",
      );
      throw new Error(`no session waits for ${holders.join(', ')}: ${JSON.stringify(sessions.rows)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
