import type { Queryable } from '../../db/schema';
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
