import type { Transaction } from 'kysely';
import type { DB, Queryable } from '../../db/schema';
import { newId } from '../shared/ids';

/**
 * The ID of the account with this external ID, created if it is new; a non-null display name
 * replaces the stored one.
 */
export async function upsertAccount(db: Queryable, externalId: string, displayName: string | null, now: Date): Promise<string> {
  const row = await db
    .insertInto('accounts')
    .values({ id: newId('account'), external_id: externalId, display_name: displayName, created_at: now })
    .onConflict((oc) =>
      oc.column('external_id').doUpdateSet((eb) => ({
        display_name: eb.fn.coalesce(eb.ref('excluded.display_name'), eb.ref('accounts.display_name')),
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Locks the account row for the rest of the transaction, so that checks of what the account holds
 * (its Templates, its API keys) and the writes they allow run one at a time.
 */
export async function lockAccount(trx: Transaction<DB>, accountId: string): Promise<void> {
  await trx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
}
