import type { Queryable } from '../../db/schema';

/**
 * The service secret of this name: `candidate` is stored if none is yet, and the stored one is
 * read back, so that every instance ends up with the same secret.
 */
export async function findOrCreateServiceSecret(db: Queryable, name: string, candidate: string, now: Date): Promise<string> {
  await db
    .insertInto('service_secrets')
    .values({ name, secret: candidate, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('service_secrets').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
  return row.secret;
}
