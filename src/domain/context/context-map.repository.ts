import { sql } from 'kysely';
import type { DB, MemoryRow, Queryable } from '../../db/schema';
import type { Principal } from '../shared/principal';
import { sourcedVisibleTo } from '../memories/visibility';
import { contextMemories } from './context.repository';

/** The Subjects a Memory of the account is linked to, by name. */
export function subjectsOfMemory(db: Queryable, accountId: string, memoryId: string) {
  return db
    .selectFrom('memory_links as l')
    .innerJoin('subjects as s', (join) => join.onRef('s.account_id', '=', 'l.account_id').onRef('s.id', '=', 'l.subject_id'))
    .select(['s.id', 's.name'])
    .where('l.account_id', '=', accountId)
    .where('l.memory_id', '=', memoryId)
    .orderBy(sql`lower(s.name)`)
    .orderBy('s.id')
    .execute();
}

/** The current Facts a Memory of the principal's account is a source of that the principal may see, newest first. */
export function currentFactsSourcedFrom(db: Queryable, principal: Principal, memoryId: string) {
  return db
    .selectFrom('fact_sources as fs')
    .innerJoin('facts as f', (join) => join.onRef('f.account_id', '=', 'fs.account_id').onRef('f.id', '=', 'fs.fact_id'))
    .select(['f.id', 'f.statement', 'f.subject_id'])
    .where('fs.account_id', '=', principal.accountId)
    .where('fs.memory_id', '=', memoryId)
    .where('f.valid_until', 'is', null)
    .where(sourcedVisibleTo(principal, 'fact', 'f.id'))
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .execute();
}

/** The names of these Subjects of the account, by name. */
export async function subjectNames(db: Queryable, accountId: string, ids: readonly string[]): Promise<Array<{ id: string; name: string }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('subjects')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/**
 * The context Memories other than `rootId` linked to one of these Subjects or backing one of
 * these Facts, newest first, at most `limit` of them, and how many there are in all.
 */
export async function memoriesNear(
  db: Queryable,
  principal: Principal,
  includeSensitive: boolean,
  near: { rootId: string; subjectIds: readonly string[]; factIds: readonly string[] },
  limit: number,
): Promise<{ rows: MemoryRow[]; total: number }> {
  const { rootId, subjectIds, factIds } = near;
  if (subjectIds.length === 0 && factIds.length === 0) return { rows: [], total: 0 };
  const neighbours = contextMemories(db, principal, includeSensitive)
    .where('memories.id', '!=', rootId)
    .where((eb) => {
      const linkedToSubjects = eb
        .selectFrom('memory_links as l')
        .select(sql`1`.as('one'))
        .whereRef('l.account_id', '=', 'memories.account_id')
        .whereRef('l.memory_id', '=', 'memories.id')
        .where('l.subject_id', 'in', subjectIds);
      const backingFacts = eb
        .selectFrom('fact_sources as fs')
        .select(sql`1`.as('one'))
        .whereRef('fs.account_id', '=', 'memories.account_id')
        .whereRef('fs.memory_id', '=', 'memories.id')
        .where('fs.fact_id', 'in', factIds);
      return eb.or([
        ...(subjectIds.length > 0 ? [eb.exists(linkedToSubjects)] : []),
        ...(factIds.length > 0 ? [eb.exists(backingFacts)] : []),
      ]);
    });
  const [rows, total] = await Promise.all([
    neighbours.orderBy('memories.updated_at', 'desc').orderBy('memories.id', 'desc').limit(limit).execute(),
    neighbours.clearSelect().select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.count };
}

/**
 * The account's rows of a two-ID table whose first column holds one of `first.ids` and whose
 * second one of `second.ids`, each as an edge from the first to the second, in that order.
 */
async function edgesIn<T extends 'memory_links' | 'fact_sources'>(
  db: Queryable,
  accountId: string,
  table: T,
  first: { column: keyof DB[T] & string; ids: readonly string[] },
  second: { column: keyof DB[T] & string; ids: readonly string[] },
): Promise<Array<{ from: string; to: string }>> {
  if (first.ids.length === 0 || second.ids.length === 0) return [];
  const [from, to] = [sql.ref(first.column), sql.ref(second.column)];
  return db
    .selectFrom(table as 'memory_links' | 'fact_sources') // a generic table name has no column types to select by
    .select([sql<string>`${from}`.as('from'), sql<string>`${to}`.as('to')])
    .where('account_id', '=', accountId)
    .where(from, 'in', first.ids)
    .where(to, 'in', second.ids)
    .orderBy(from)
    .orderBy(to)
    .execute();
}

/** The links between these Memories and these Subjects of the account, from Memory to Subject. */
export function linksAmong(db: Queryable, accountId: string, memoryIds: readonly string[], subjectIds: readonly string[]) {
  return edgesIn(db, accountId, 'memory_links', { column: 'memory_id', ids: memoryIds }, { column: 'subject_id', ids: subjectIds });
}

/** Which of these Memories back which of these Facts of the account, from Fact to Memory. */
export function sourcesAmong(db: Queryable, accountId: string, factIds: readonly string[], memoryIds: readonly string[]) {
  return edgesIn(db, accountId, 'fact_sources', { column: 'fact_id', ids: factIds }, { column: 'memory_id', ids: memoryIds });
}

/** The Subject of each of these Facts of the account. */
export async function subjectsOfFacts(
  db: Queryable,
  accountId: string,
  factIds: readonly string[],
): Promise<Array<{ id: string; subject_id: string }>> {
  if (factIds.length === 0) return [];
  return db
    .selectFrom('facts')
    .select(['id', 'subject_id'])
    .where('account_id', '=', accountId)
    .where('id', 'in', factIds)
    .orderBy('id')
    .execute();
}
