import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
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
};

/** The names of every migration, oldest first. */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS).sort();

const provider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};

/**
 * Brings the schema up to date. Kysely's Migrator takes a PostgreSQL advisory lock for the run,
 * so instances that start together apply each migration once.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Brings the schema up to one migration (for tests of a later migration on data written before it). */
export async function migrateUpTo(db: Kysely<any>, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
