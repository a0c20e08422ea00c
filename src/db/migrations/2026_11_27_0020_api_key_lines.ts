import type { Kysely } from 'kysely';

/**
 * A key made by rotating another keeps the rate budget of the key it replaced: it records the
 * first key of that rotation line. Null: the key begins its own line (every key made before, and
 * every key made by creation), so no row is rewritten and an instance still running the earlier
 * code goes on creating keys.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('line_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('line_id').execute();
}
