import { sql, type Expression, type SqlBool } from 'kysely';
import type { Principal } from '../shared/principal';

/**
 * Which Memories a principal may see, written once: an application session sees every Memory of
 * its account; an API key sees none that is secret, and learns nothing of those (they are not
 * listed, counted, found, named as sources or part of an insight it is shown). Every query that
 * reads Memories on behalf of a principal applies this rule through the functions below; queries
 * scope to the principal's account themselves.
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
 * reference) holds, as an insight needs for it to be shown.
 */
export function allMemoriesVisibleTo(principal: Principal, memoryIds: string): Expression<SqlBool> {
  if (canSeeSecrets(principal)) return sql<SqlBool>`true`;
  return sql<SqlBool>`not exists (
    select 1 from memories hidden
    where hidden.id = any(${sql.ref(memoryIds)}) and not ${memoryVisibleTo(principal, 'hidden')})`;
}

/**
 * Whether the principal reads the search index's key side: the postings and statistics of the
 * Memories API keys may see (see migration 0008).
 */
export function readsKeyIndex(principal: Principal): boolean {
  return !canSeeSecrets(principal);
}
