import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as init from './migrations/2026_11_22_0001_init';
import * as subjectsContext from './migrations/2026_11_22_0002_subjects_context';
import * as library from './migrations/2026_11_22_0003_library';
import * as idempotency from './migrations/2026_11_22_0004_idempotency';
import * as counts from './migrations/2026_11_22_0005_counts';
import * as memoryWords from './migrations/2026_11_22_0006_memory_words';
import * as changeVisibility from './migrations/2026_11_22_0007_change_visibility';
import * as searchIndex from './migrations/2026_11_23_0008_search_index';
import * as idempotencyPerPrincipal from './migrations/2026_11_23_0009_idempotency_per_principal';
import * as postingsByDoc from './migrations/2026_11_23_0010_postings_by_doc';
import * as factValidity from './migrations/2026_11_23_0011_fact_validity';
import * as trash from './migrations/2026_11_23_0012_trash';
import * as noTextTrigrams from './migrations/2026_11_23_0013_no_text_trigrams';
import * as idempotencyLease from './migrations/2026_11_24_0014_idempotency_lease';
import * as libraryRanking from './migrations/2026_11_24_0015_library_ranking';
import * as trashKeepsSuggestionSources from './migrations/2026_11_25_0016_trash_keeps_suggestion_sources';
import * as trashKeepsExpiry from './migrations/2026_11_25_0017_trash_keeps_expiry';
import * as searchImpacts from './migrations/2026_11_25_0018_search_impacts';
import * as questionWords from './migrations/2026_11_25_0019_question_words';
import * as apiKeyLines from './migrations/2026_11_27_0020_api_key_lines';
import * as equalStatementsOutOfSight from './migrations/2026_11_27_0021_equal_statements_out_of_sight';
import * as importJournal from './migrations/2026_11_27_0022_import_journal';
import * as unindexedMemories from './migrations/2026_11_27_0023_unindexed_memories';
import * as accountReviewLists from './migrations/2026_11_28_0024_account_review_lists';
import * as applicationAccounts from './migrations/2026_11_28_0025_application_accounts';
import * as libraryWebsite from './migrations/2026_11_28_0026_library_website';
import * as oauth from './migrations/2026_11_28_0027_oauth';
import * as memoryEmbeddings from './migrations/2026_11_28_0028_memory_embeddings';
import * as vectorsInline from './migrations/2026_11_28_0029_vectors_inline';
import * as accountScopedKeys from './migrations/2026_11_28_0030_account_scoped_keys';
import * as legacyCredentials from './migrations/2026_11_28_0031_legacy_credentials';
import * as idempotencyWriteMarks from './migrations/2026_11_28_0032_idempotency_write_marks';
import * as postingsByAccount from './migrations/2026_11_28_0033_postings_by_account';

/** Every migration, in order; names sort by time. */
const MIGRATIONS: Record<string, Migration> = {
  '2026_11_22_0001_init': init,
  '2026_11_22_0002_subjects_context': subjectsContext,
  '2026_11_22_0003_library': library,
  '2026_11_22_0004_idempotency': idempotency,
  '2026_11_22_0005_counts': counts,
  '2026_11_22_0006_memory_words': memoryWords,
  '2026_11_22_0007_change_visibility': changeVisibility,
  '2026_11_23_0008_search_index': searchIndex,
  '2026_11_23_0009_idempotency_per_principal': idempotencyPerPrincipal,
  '2026_11_23_0010_postings_by_doc': postingsByDoc,
  '2026_11_23_0011_fact_validity': factValidity,
  '2026_11_23_0012_trash': trash,
  '2026_11_23_0013_no_text_trigrams': noTextTrigrams,
  '2026_11_24_0014_idempotency_lease': idempotencyLease,
  '2026_11_24_0015_library_ranking': libraryRanking,
  '2026_11_25_0016_trash_keeps_suggestion_sources': trashKeepsSuggestionSources,
  '2026_11_25_0017_trash_keeps_expiry': trashKeepsExpiry,
  '2026_11_25_0018_search_impacts': searchImpacts,
  '2026_11_25_0019_question_words': questionWords,
  '2026_11_27_0020_api_key_lines': apiKeyLines,
  '2026_11_27_0021_equal_statements_out_of_sight': equalStatementsOutOfSight,
  '2026_11_27_0022_import_journal': importJournal,
  '2026_11_27_0023_unindexed_memories': unindexedMemories,
  '2026_11_28_0024_account_review_lists': accountReviewLists,
  '2026_11_28_0025_application_accounts': applicationAccounts,
  '2026_11_28_0026_library_website': libraryWebsite,
  '2026_11_28_0027_oauth': oauth,
  '2026_11_28_0028_memory_embeddings': memoryEmbeddings,
  '2026_11_28_0029_vectors_inline': vectorsInline,
  '2026_11_28_0030_account_scoped_keys': accountScopedKeys,
  '2026_11_28_0031_legacy_credentials': legacyCredentials,
  '2026_11_28_0032_idempotency_write_marks': idempotencyWriteMarks,
  '2026_11_28_0033_postings_by_account': postingsByAccount,
};

/** The names of every migration, oldest first. */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS).sort();

const provider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};

/**
 * Whether a migration runs inside the migration run's transaction (the default). One that builds
 * indexes CONCURRENTLY or fills a large table in batches says `transactional = false`: it runs on
 * the run's own connection, statement by statement, and must be able to run again after a stop.
 */
function isTransactional(name: string): boolean {
  return (MIGRATIONS[name] as { transactional?: boolean }).transactional !== false;
}

/** The run's own advisory lock: the pending list it reads stays true while it migrates. */
const RUN_LOCK = 7_310_041;

/**
 * Migrates up to `target` on one connection, under an advisory lock, so that instances that start
 * together apply each migration once. Runs of consecutive pending migrations of one kind go to
 * one Migrator each: the transactional ones in one transaction.
 */
async function migrateThrough(db: Kysely<any>, target: string): Promise<string[]> {
  return db.connection().execute(async (connection) => {
    // Tried, not waited for: a statement waiting for the lock would hold back the CREATE INDEX
    // CONCURRENTLY of the instance migrating (it waits for every open transaction), a deadlock.
    for (;;) {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${RUN_LOCK}) as locked`.execute(connection);
      if (rows[0]?.locked) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    try {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(connection).catch(() => ({ rows: [] as { name: string }[] }));
      const done = new Set(rows.map((row) => row.name));
      const pending = MIGRATION_NAMES.filter((name) => name <= target && !done.has(name));
      const applied: string[] = [];
      for (let start = 0; start < pending.length; ) {
        const transactional = isTransactional(pending[start] as string);
        let end = start;
        while (end + 1 < pending.length && isTransactional(pending[end + 1] as string) === transactional) end += 1;
        const migrator = new Migrator({ db: connection, provider, disableTransactions: !transactional });
        const { error, results } = await migrator.migrateTo(pending[end] as string);
        if (error) {
          const failed = results?.find((r) => r.status === 'Error')?.migrationName;
          throw new Error(`Migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
        applied.push(...(results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName));
        start = end + 1;
      }
      return applied;
    } finally {
      await sql`select pg_advisory_unlock(${RUN_LOCK})`.execute(connection);
    }
  });
}

/** Brings the schema up to date. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  return migrateThrough(db, MIGRATION_NAMES[MIGRATION_NAMES.length - 1] as string);
}

/** Brings the schema up to one migration (for tests of a later migration on data written before it). */
export async function migrateUpTo(db: Kysely<any>, name: string): Promise<void> {
  await migrateThrough(db, name);
}
