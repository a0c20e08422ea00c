import { sql } from 'kysely';
import type { MemoryRow, Queryable, TrashedLink, TrashedMemoryRow } from '../../db/schema';
import type { Principal } from '../shared/principal';
import { memoryVisibleTo } from './visibility';

/** The Subjects a Memory of the account is linked to, and since when. */
export async function linksOfMemory(db: Queryable, accountId: string, memoryId: string): Promise<Array<{ subject_id: string; created_at: Date }>> {
  return db
    .selectFrom('memory_links')
    .select(['subject_id', 'created_at'])
    .where('account_id', '=', accountId)
    .where('memory_id', '=', memoryId)
    .orderBy('subject_id')
    .execute();
}

/** The Fact suggestions a Memory of the account is a source of, in ID order. */
export async function suggestionsSourcedFrom(db: Queryable, accountId: string, memoryId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('fact_suggestion_sources')
    .select('suggestion_id')
    .where('account_id', '=', accountId)
    .where('memory_id', '=', memoryId)
    .orderBy('suggestion_id')
    .execute();
  return rows.map((row) => row.suggestion_id);
}

export async function deleteMemoryRow(db: Queryable, accountId: string, memoryId: string): Promise<void> {
  await db.deleteFrom('memories').where('account_id', '=', accountId).where('id', '=', memoryId).execute();
}

/**
 * The trash's row of a Memory: the Memory as it was, when and why it was trashed, its links and
 * the suggestions it was a source of.
 */
export async function insertTrashed(
  db: Queryable,
  memory: MemoryRow,
  trashed: { at: Date; reason: TrashedMemoryRow['reason']; links: readonly TrashedLink[]; suggestionIds: readonly string[] },
): Promise<void> {
  await db
    .insertInto('memory_trash')
    .values({
      id: memory.id,
      account_id: memory.account_id,
      text: memory.text,
      type: memory.type,
      sensitivity: memory.sensitivity,
      tags: memory.tags,
      pinned: memory.pinned,
      revision: memory.revision,
      created_at: memory.created_at,
      updated_at: memory.updated_at,
      expires_at: memory.expires_at,
      trashed_at: trashed.at,
      reason: trashed.reason,
      links: JSON.stringify(trashed.links),
      suggestion_ids: [...trashed.suggestionIds],
    })
    .execute();
}

/** What is left of a Memory once it is purged: nothing, including stored answers that hold its text. */
export async function eraseRemains(db: Queryable, accountId: string, memoryId: string): Promise<void> {
  await db.deleteFrom('memory_revisions').where('account_id', '=', accountId).where('memory_id', '=', memoryId).execute();
  await db.deleteFrom('memory_trash').where('account_id', '=', accountId).where('id', '=', memoryId).execute();
  await sql`delete from idempotency_keys where account_id = ${accountId} and strpos(body::text, ${memoryId}) > 0`.execute(db);
}

/** The trashed Memories of the account that the principal may see. */
export function visibleTrash(db: Queryable, principal: Principal) {
  return db
    .selectFrom('memory_trash')
    .selectAll()
    .where('account_id', '=', principal.accountId)
    .where(memoryVisibleTo(principal, 'memory_trash'));
}

/** A trashed Memory of the account that the principal may see, locked. */
export async function lockTrashed(db: Queryable, principal: Principal, id: string): Promise<TrashedMemoryRow | undefined> {
  return db
    .selectFrom('memory_trash')
    .selectAll()
    .where('account_id', '=', principal.accountId)
    .where('id', '=', id)
    .where(memoryVisibleTo(principal, 'memory_trash'))
    .forUpdate()
    .executeTakeFirst();
}

export async function deleteTrashed(db: Queryable, accountId: string, id: string): Promise<void> {
  await db.deleteFrom('memory_trash').where('account_id', '=', accountId).where('id', '=', id).execute();
}

/** The Subjects of these suggestions of the account (those that still exist). */
export async function subjectsOfSuggestions(db: Queryable, accountId: string, suggestionIds: readonly string[]): Promise<string[]> {
  if (suggestionIds.length === 0) return [];
  const rows = await db
    .selectFrom('fact_suggestions')
    .select('subject_id')
    .distinct()
    .where('account_id', '=', accountId)
    .where('id', 'in', suggestionIds)
    .execute();
  return rows.map((row) => row.subject_id);
}

/**
 * Of these suggestions of the account, the IDs of those that still exist and are not accepted,
 * held (for share, in ID order) until the transaction ends, so that none is accepted or deleted
 * before a source is put back into it.
 */
export async function shareUnacceptedSuggestions(db: Queryable, accountId: string, suggestionIds: readonly string[]): Promise<string[]> {
  if (suggestionIds.length === 0) return [];
  const rows = await db
    .selectFrom('fact_suggestions')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', suggestionIds)
    .where('status', '<>', 'accepted')
    .orderBy('id')
    .forShare()
    .execute();
  return rows.map((row) => row.id);
}

/** Puts a Memory back among the sources of these suggestions. */
export async function insertSuggestionSourcesOf(db: Queryable, accountId: string, memoryId: string, suggestionIds: readonly string[]): Promise<void> {
  if (suggestionIds.length === 0) return;
  await db
    .insertInto('fact_suggestion_sources')
    .values(suggestionIds.map((suggestion_id) => ({ account_id: accountId, suggestion_id, memory_id: memoryId })))
    .execute();
}

/** Of these Subjects of the account, the IDs of those that exist, locked in ID order. */
export async function lockExistingSubjects(db: Queryable, accountId: string, subjectIds: readonly string[]): Promise<Array<{ id: string }>> {
  return db
    .selectFrom('subjects')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', subjectIds)
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function insertLinks(db: Queryable, accountId: string, memoryId: string, links: readonly TrashedLink[]): Promise<void> {
  await db
    .insertInto('memory_links')
    .values(links.map((link) => ({ account_id: accountId, subject_id: link.subject_id, memory_id: memoryId, created_at: new Date(link.created_at) })))
    .execute();
}

/** Up to `limit` Memories (IDs and accounts), of any account, whose expiry has come and that back no reviewed Fact. */
export async function memoriesDueToExpire(db: Queryable, now: Date, limit: number): Promise<Array<{ id: string; account_id: string }>> {
  return db
    .selectFrom('memories')
    .select(['id', 'account_id'])
    .where('expires_at', '<=', now)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('fact_sources').select('fact_id').whereRef('fact_sources.memory_id', '=', 'memories.id'))),
    )
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

/** The account's Memory, locked, if it is still due to expire and no other transaction holds it. */
export async function lockExpiringMemory(db: Queryable, accountId: string, id: string, now: Date): Promise<MemoryRow | undefined> {
  return db
    .selectFrom('memories')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('expires_at', '<=', now)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** Up to `limit` trashed Memories trashed by `before`, locked, skipping those another transaction holds. */
export async function lockTrashToPurge(db: Queryable, before: Date, limit: number): Promise<Array<{ id: string; account_id: string }>> {
  return db
    .selectFrom('memory_trash')
    .select(['id', 'account_id'])
    .where('trashed_at', '<=', before)
    .orderBy('trashed_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}
