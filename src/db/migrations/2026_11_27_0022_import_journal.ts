import type { Kysely } from 'kysely';

/**
 * Where an import that commits as it goes (on the embedded database, whose one connection it must
 * give back between batches so that other accounts are served) notes what it has written, in the
 * same transactions: if it fails, or the process stops, before its last batch, what it wrote is
 * taken out again from this list, so an import is still all or nothing. A finished import leaves
 * nothing here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Keyed by account first, as data that can be distributed by account is.
  await db.schema
    .createTable('import_runs')
    .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('import_runs_pkey', ['account_id', 'id'])
    .execute();
  await db.schema
    .createTable('import_run_rows')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('run_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('row_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('import_run_rows_pkey', ['account_id', 'run_id', 'kind', 'row_id'])
    .addForeignKeyConstraint('import_run_rows_run_fkey', ['account_id', 'run_id'], 'import_runs', ['account_id', 'id'], (fk) => fk.onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_run_rows').execute();
  await db.schema.dropTable('import_runs').execute();
}
