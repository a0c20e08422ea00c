import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Services } from '../services';
import { accountBusy } from './account-queue';

/**
 * The first of the keys of the account's write lock, a transaction-level advisory lock; the second
 * is the hash of the account's ID (accounts that share the hash share the lock, which only makes
 * their writes wait for each other).
 */
const ACCOUNT_WRITES = 0x4d544c57;

/**
 * Takes the account's write lock, held until the transaction ends. Every write to an account's
 * knowledge takes it before anything else.
 *
 * Writes to Memories, Subjects, links, Facts, suggestions and insights share rows that no order of
 * Memories and Subjects can rank: an insight names a Subject and one or two Memories, and a change
 * to any of them rewrites it; a Subject's link counts change with each of its Memories; and
 * inserting an insight, a link, a Fact or a suggestion takes a share lock on its Subject, which
 * linking, suggesting and renaming hold for update while they wait for a Memory that a change to
 * it holds. Taking this lock first, one account's writes run one after the other (as they do on
 * the embedded database, with its one connection) and wait for each other instead of
 * deadlocking. Reads take no lock and are not held up; nor is anything else that takes the
 * account's row (a session's first request, say), which the writes take only at their end, for
 * the change feed (see recordChanges).
 */
export async function holdAccountWrites(trx: Transaction<DB>, accountId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(ACCOUNT_WRITES)}, hashtext(${accountId}))`.execute(trx);
}

/**
 * A transaction that writes the account's knowledge, holding the account's write lock from its
 * start. The account's other writes in this process wait their turn before they take a database
 * connection (see AccountQueue), so at most one connection per instance waits on the lock.
 */
export function writeInAccount<T>(services: Services, accountId: string, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  // An import being written holds the account's writes until it ends: another write is told so at once.
  if (services.imports.holding(accountId) !== undefined) {
    return Promise.reject(accountBusy('An import into this account is running; its other changes wait until it has finished: retry then.'));
  }
  // So does an export read a page at a time (the embedded database), background writes included:
  // a Memory moved to the trash between two pages would end the export's reading short.
  if (services.exports.isReading(accountId)) {
    return Promise.reject(accountBusy('An export of this account is being read; its changes wait until it has been read: retry then.'));
  }
  return services.accountWrites.run(accountId, () =>
    services.db.transaction().execute(async (trx) => {
      await holdAccountWrites(trx, accountId);
      await services.markWrite?.(trx);
      return work(trx);
    }),
  );
}

