import { sql } from 'kysely';
import type { FactRow, MemoryRow, MemorySection, Queryable } from '../../db/schema';
import { factCount } from '../facts/facts.repository';
import { visibleMemories } from '../memories/memories.repository';
import { sourcedVisibleTo } from '../memories/visibility';
import type { Principal } from '../shared/principal';
import { subjectsOf, visibleLinks } from '../subjects/subjects.repository';

const INSTRUCTION_TYPES = ['instruction', 'preference'];

/**
 * Memories that may appear in a context: those the principal may see, of which `sensitive` ones
 * (and, for sessions, secret ones) only with include_sensitive.
 */
export function contextMemories(db: Queryable, principal: Principal, includeSensitive: boolean) {
  const query = visibleMemories(db, principal);
  return includeSensitive ? query : query.where('memories.sensitivity', '=', 'normal');
}

/** The newest context Memories of one startup section: pinned ones, unpinned instructions and preferences, the rest. */
export function newestInSection(
  db: Queryable,
  principal: Principal,
  includeSensitive: boolean,
  section: MemorySection,
  limit: number,
): Promise<MemoryRow[]> {
  const memories = contextMemories(db, principal, includeSensitive);
  const inSection =
    section === 'pinned'
      ? memories.where('memories.pinned', '=', true)
      : memories
          .where('memories.pinned', '=', false)
          .where('memories.type', section === 'instructions' ? 'in' : 'not in', INSTRUCTION_TYPES);
  return inSection.orderBy('memories.updated_at', 'desc').orderBy('memories.id', 'desc').limit(limit).execute();
}

/** The account's Subjects, most-linked first (by the maintained counts), with the links the principal can see. */
export function mostLinkedSubjects(db: Queryable, principal: Principal, limit: number) {
  const linked = sql<number>`coalesce(${visibleLinks(principal)}, 0)`;
  return db
    .selectFrom('subjects')
    .leftJoin('subject_memory_counts as c', (join) =>
      join.onRef('c.account_id', '=', 'subjects.account_id').onRef('c.subject_id', '=', 'subjects.id'),
    )
    .select(['subjects.id', 'subjects.name', 'subjects.kind', linked.as('memory_count')])
    .where('subjects.account_id', '=', principal.accountId)
    .orderBy(linked, 'desc')
    .orderBy(sql`lower(subjects.name)`)
    .orderBy('subjects.id')
    .limit(limit)
    .execute();
}

export async function countSubjects(db: Queryable, accountId: string): Promise<number> {
  const { count } = await db
    .selectFrom('subjects')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('subjects.account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return count;
}

/** How many current reviewed Facts that the principal may see each of these Subjects has. */
export async function currentFactCounts(db: Queryable, principal: Principal, subjectIds: readonly string[]): Promise<Map<string, number>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('facts')
    .select(['subject_id', sql<number>`count(*)::int`.as('count')])
    .where('account_id', '=', principal.accountId)
    .where('subject_id', 'in', subjectIds)
    .where('valid_until', 'is', null)
    .where(sourcedVisibleTo(principal, 'fact', 'facts.id'))
    .groupBy('subject_id')
    .execute();
  return new Map(rows.map((row) => [row.subject_id, row.count]));
}

/**
 * The current Facts of these Subjects that the principal may see (a superseded Fact no longer
 * describes its Subject) other than `exceptIds`, newest first, at most `limit` of them, and how
 * many there are in all.
 */
export async function currentFactsOf(
  db: Queryable,
  principal: Principal,
  subjectIds: readonly string[],
  limit: number,
  exceptIds: readonly string[] = [],
): Promise<{ rows: FactRow[]; total: number }> {
  if (subjectIds.length === 0) return { rows: [], total: 0 };
  const facts = db
    .selectFrom('facts')
    .where('subject_id', 'in', subjectIds)
    .where('account_id', '=', principal.accountId)
    .where('valid_until', 'is', null)
    .where(sourcedVisibleTo(principal, 'fact', 'facts.id'))
    .$if(exceptIds.length > 0, (q) => q.where('id', 'not in', exceptIds));
  const [rows, total] = await Promise.all([
    facts.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),
    facts.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.count };
}

/** The context Memories linked to a Subject, pinned first, then newest, and how many there are in all. */
export async function contextMemoriesOfSubject(
  db: Queryable,
  principal: Principal,
  includeSensitive: boolean,
  subjectId: string,
  limit: number,
): Promise<{ rows: MemoryRow[]; total: number }> {
  const linked = contextMemories(db, principal, includeSensitive)
    .innerJoin('memory_links as l', (join) => join.onRef('l.account_id', '=', 'memories.account_id').onRef('l.memory_id', '=', 'memories.id'))
    .where('l.subject_id', '=', subjectId);
  const [rows, total] = await Promise.all([
    linked.orderBy('memories.pinned', 'desc').orderBy('memories.updated_at', 'desc').orderBy('memories.id', 'desc').limit(limit).execute(),
    linked.clearSelect().select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.count };
}

/** Those of these Memories that the principal can see. */
export async function visibleMemoriesAmong(db: Queryable, principal: Principal, ids: readonly string[]): Promise<MemoryRow[]> {
  if (ids.length === 0) return [];
  return visibleMemories(db, principal).where('memories.id', 'in', ids).execute();
}

/** Those of these Subjects that belong to the caller's account, with their visible memory_count and fact_count. */
export async function subjectsAmong(db: Queryable, principal: Principal, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return subjectsOf(db, principal).select(factCount(principal).as('fact_count')).where('subjects.id', 'in', ids).execute();
}

export async function findWorkspaceProfile(db: Queryable, accountId: string) {
  return db.selectFrom('workspace_profiles').select(['guidance', 'updated_at']).where('account_id', '=', accountId).executeTakeFirst();
}

export async function saveWorkspaceProfile(db: Queryable, accountId: string, guidance: string, now: Date) {
  return db
    .insertInto('workspace_profiles')
    .values({ account_id: accountId, guidance, updated_at: now })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ guidance, updated_at: now }))
    .returning(['guidance', 'updated_at'])
    .executeTakeFirstOrThrow();
}
