import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Principal } from '../shared/principal';

/**
 * Which Memories a principal may see, written once: an application session sees every Memory of
 * its account; an API key sees none that is secret, and learns nothing of those (they are not
 * listed, counted, found, named as sources or part of an insight it is shown). Every query that
 * reads Memories on behalf of a principal applies this rule through the functions below; queries
 * scope to the principal's account themselves.
 *
 * Facts and Fact suggestions follow from it: their statements are drawn from their source
 * Memories, so one that an API key can see none of the sources of does not exist for it either
 * (see sourcedVisibleTo).
 */

/** Secret Memories exist only for application sessions. */
export function canSeeSecrets(principal: Principal): boolean {
  return principal.kind === 'session';
}

/** Whether a Memory (or a revision of one) in this state is secret. */
export function isSecret(row: { readonly sensitivity: string }): boolean {
  return row.sensitivity === 'secret';
}

/** Whether the principal may see a Memory (or a revision of one) in this state. */
export function isMemoryVisibleTo(principal: Principal, row: { readonly sensitivity: string }): boolean {
  return canSeeSecrets(principal) || !isSecret(row);
}

/** SQL: the Memory (or Memory revision) row named `alias` is secret. */
export function secretMemory(alias: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${alias}.sensitivity`)} = 'secret'`;
}

/** SQL: the principal may see the Memory (or Memory revision) row named `alias`. */
export function memoryVisibleTo(principal: Principal, alias: string): Expression<SqlBool> {
  return canSeeSecrets(principal) ? sql<SqlBool>`true` : sql<SqlBool>`not (${secretMemory(alias)})`;
}

/**
 * SQL: the principal may see every Memory whose ID the text array `memoryIds` (a column
 * reference of a row of the principal's account) holds, as an insight needs for it to be shown.
 */
export function allMemoriesVisibleTo(principal: Principal, memoryIds: string): Expression<SqlBool> {
  if (canSeeSecrets(principal)) return sql<SqlBool>`true`;
  return sql<SqlBool>`not exists (
    select 1 from memories hidden
    where hidden.account_id = ${principal.accountId} and hidden.id = any(${sql.ref(memoryIds)}) and not ${memoryVisibleTo(principal, 'hidden')})`;
}

/**
 * Whether the principal reads the search index's key side: the postings and statistics of the
 * Memories API keys may see (see migration 0008).
 */
export function readsKeyIndex(principal: Principal): boolean {
  return !canSeeSecrets(principal);
}

/** Where Facts and suggestions keep their sources, and whether one without any exists for API keys. */
export const SOURCES_OF = {
  /**
   * A Fact's sources never leave it (a Memory backing one can be neither trashed nor deleted),
   * so a Fact without any (only an import makes one) was drawn from nothing secret.
   */
  fact: { table: 'fact_sources', owner: 'fact_id', keysSeeItWithoutSources: true },
  /**
   * A suggestion's sources leave it for the trash, and with expiry or the trash's purge nothing
   * tells afterwards whether they were secret: one without any is not shown to API keys.
   */
  suggestion: { table: 'fact_suggestion_sources', owner: 'suggestion_id', keysSeeItWithoutSources: false },
} as const;

export type Sourced = keyof typeof SOURCES_OF;

/**
 * SQL: API keys may see the Fact or suggestion (`of`) of the account whose ID the column `id`
 * holds: one of its sources is a Memory they can see (or, for a Fact, it has no sources at all).
 */
export function keysMaySee(of: Sourced, accountId: string, id: string): RawBuilder<SqlBool> {
  const { table, owner, keysSeeItWithoutSources } = SOURCES_OF[of];
  // bool_or over no rows is null: the Fact or suggestion has no sources.
  return sql<SqlBool>`coalesce((
    select bool_or(not (${secretMemory('backing_memory')}))
    from ${sql.table(table)} backing
    join memories backing_memory on backing_memory.account_id = backing.account_id and backing_memory.id = backing.memory_id
    where backing.account_id = ${accountId} and ${sql.ref(`backing.${owner}`)} = ${sql.ref(id)}), ${sql.lit(keysSeeItWithoutSources)})`;
}

/** SQL: the principal may see the Fact or suggestion (`of`) of its account whose ID the column `id` holds. */
export function sourcedVisibleTo(principal: Principal, of: Sourced, id: string): RawBuilder<SqlBool> {
  return canSeeSecrets(principal) ? sql<SqlBool>`true` : keysMaySee(of, principal.accountId, id);
}

/**
 * SQL: the column `column` (of a row of the principal's account), which refers to a Fact, as the
 * principal may read it: null where it names a Fact the principal cannot see (a visible Fact
 * superseded by a hidden one, say), as if there were none.
 */
export function factReferenceFor(principal: Principal, column: string): RawBuilder<string | null> {
  if (canSeeSecrets(principal)) return sql<string | null>`${sql.ref(column)}`;
  return sql<string | null>`case when ${keysMaySee('fact', principal.accountId, column)} then ${sql.ref(column)} end`;
}
