import { sql, type ExpressionBuilder, type Insertable, type Transaction } from 'kysely';
import type { DB, FactRow, FactSuggestionRow, Queryable } from '../../db/schema';
import { pageByTimeAndId, type Page, type PageRequest } from '../shared/pagination';
import type { Principal } from '../shared/principal';
import { factReferenceFor, keysMaySee, memoryVisibleTo, SOURCES_OF, sourcedVisibleTo, type Sourced } from '../memories/visibility';

/** A Fact is current until a later Fact supersedes it: then its validity ends. */
const isCurrent = (eb: ExpressionBuilder<DB, 'facts'>) => eb('valid_until', 'is', null);

/**
 * Sources of each Fact or suggestion of the principal's account, in memory-ID order; only
 * Memories the principal may see are named.
 */
export async function visibleSources(
  db: Queryable,
  principal: Principal,
  of: Sourced,
  ids: readonly string[],
): Promise<Map<string, string[]>> {
  const byOwner = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byOwner;
  const owner = sql.ref(`s.${SOURCES_OF[of].owner}`);
  const { rows } = await sql<{ owner_id: string; memory_id: string }>`
    select ${owner} as owner_id, s.memory_id
    from ${sql.table(SOURCES_OF[of].table)} s join memories m on m.account_id = s.account_id and m.id = s.memory_id
    where s.account_id = ${principal.accountId} and ${owner} = any(${sql.val(ids)}::text[]) and ${memoryVisibleTo(principal, 'm')}
    order by s.memory_id`.execute(db);
  for (const row of rows) byOwner.get(row.owner_id)?.push(row.memory_id);
  return byOwner;
}

/** Of these Facts of the account, the IDs of those API keys may see (see keysMaySee). */
export async function factsKeysMaySee(db: Queryable, accountId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('facts')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .where(keysMaySee('fact', accountId, 'facts.id'))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * One page of a Subject's Facts, newest first: the current ones; with `asOf`, those valid at that
 * instant; with `includeSuperseded`, all of them.
 */
export async function pageOfSubjectFacts(
  db: Queryable,
  principal: Principal,
  subjectId: string,
  filter: { asOf?: Date | undefined; includeSuperseded: boolean },
  request: PageRequest,
): Promise<Page<FactRow>> {
  let select = db
    .selectFrom('facts')
    .selectAll()
    .where('subject_id', '=', subjectId)
    .where('account_id', '=', principal.accountId)
    .where(sourcedVisibleTo(principal, 'fact', 'facts.id'));
  const { asOf } = filter;
  if (asOf) {
    // A Fact is valid from `valid_from` up to, not including, `valid_until`.
    select = select
      .where('valid_from', '<=', asOf)
      .where((eb) => eb.or([isCurrent(eb), eb('valid_until', '>', asOf)]));
  } else if (!filter.includeSuperseded) {
    select = select.where(isCurrent);
  }
  return pageByTimeAndId(select, request, { time: 'created_at', id: 'id' }, (row) => [row.created_at, row.id], (row) => row);
}

/**
 * The validity of a Fact of the account's Subject that the principal may see, whatever it is,
 * with its successor as the principal may read it; `lock` holds the row until the transaction ends.
 */
export async function findFactOfSubject(
  trx: Transaction<DB>,
  principal: Principal,
  subjectId: string,
  factId: string,
  options: { lock?: boolean } = {},
): Promise<Pick<FactRow, 'valid_until' | 'superseded_by'> | undefined> {
  return trx
    .selectFrom('facts')
    .select(['valid_until', factReferenceFor(principal, 'facts.superseded_by').as('superseded_by')])
    .where('id', '=', factId)
    .where('account_id', '=', principal.accountId)
    .where('subject_id', '=', subjectId)
    .where(sourcedVisibleTo(principal, 'fact', 'facts.id'))
    .$if(options.lock === true, (q) => q.forUpdate())
    .executeTakeFirst();
}

/**
 * The oldest current Fact of a Subject with this statement key that the principal may see, if
 * any: a superseded statement may be stated again.
 */
export function currentFactStating(db: Queryable, principal: Principal, subjectId: string, key: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('facts')
    .select('id')
    .where('account_id', '=', principal.accountId)
    .where('subject_id', '=', subjectId)
    .where('statement_key', '=', key)
    .where(isCurrent)
    .where(sourcedVisibleTo(principal, 'fact', 'facts.id'))
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function insertFact(trx: Transaction<DB>, row: Insertable<DB['facts']>): Promise<FactRow> {
  return trx.insertInto('facts').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Closes a current Fact of the account as superseded by another; false when it was no longer current. */
export async function closeFact(trx: Transaction<DB>, accountId: string, factId: string, supersededBy: string, at: Date): Promise<boolean> {
  const closed = await trx
    .updateTable('facts')
    .set({ valid_until: at, superseded_by: supersededBy })
    .where('account_id', '=', accountId)
    .where('id', '=', factId)
    .where(isCurrent)
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) === 1;
}

export async function insertFactSources(trx: Transaction<DB>, accountId: string, factId: string, memoryIds: readonly string[]): Promise<void> {
  await trx
    .insertInto('fact_sources')
    .values(memoryIds.map((memory_id) => ({ account_id: accountId, fact_id: factId, memory_id })))
    .execute();
}

/**
 * Of these Memories, the IDs of those the principal can see, held (for share, taken in ID order so
 * that two holders of several wait for each other instead of deadlocking) until the transaction ends.
 */
export async function shareVisibleMemories(trx: Transaction<DB>, principal: Principal, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('memories')
    .select('id')
    .where('account_id', '=', principal.accountId)
    .where('id', 'in', ids)
    .where(memoryVisibleTo(principal, 'memories'))
    .orderBy('id')
    .forShare()
    .execute();
  return rows.map((row) => row.id);
}

/** A new suggestion (its sources go in with insertSuggestionSources). */
export async function insertSuggestion(trx: Transaction<DB>, row: Insertable<DB['fact_suggestions']>): Promise<FactSuggestionRow> {
  return trx.insertInto('fact_suggestions').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The oldest pending suggestion of a Subject with this statement key that the principal may see, if any. */
export async function pendingSuggestionStating(
  db: Queryable,
  principal: Principal,
  subjectId: string,
  key: string,
): Promise<FactSuggestionRow | undefined> {
  return db
    .selectFrom('fact_suggestions')
    .selectAll()
    .where('account_id', '=', principal.accountId)
    .where('subject_id', '=', subjectId)
    .where('statement_key', '=', key)
    .where('status', '=', 'pending')
    .where(sourcedVisibleTo(principal, 'suggestion', 'fact_suggestions.id'))
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function insertSuggestionSources(
  db: Queryable,
  accountId: string,
  suggestionId: string,
  memoryIds: readonly string[],
): Promise<void> {
  await db
    .insertInto('fact_suggestion_sources')
    .values(memoryIds.map((memory_id) => ({ account_id: accountId, suggestion_id: suggestionId, memory_id })))
    // A source it has already stays once (an import restoring a suggestion's sources).
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * One page of the suggestions that the principal may see, of a Subject or (null) of the whole
 * account, of one status if given, newest first.
 */
export async function pageOfSuggestions(
  db: Queryable,
  principal: Principal,
  subjectId: string | null,
  status: FactSuggestionRow['status'] | undefined,
  request: PageRequest,
): Promise<Page<FactSuggestionRow>> {
  let select = db
    .selectFrom('fact_suggestions')
    .selectAll()
    .where('account_id', '=', principal.accountId)
    .where(sourcedVisibleTo(principal, 'suggestion', 'fact_suggestions.id'));
  if (subjectId !== null) select = select.where('subject_id', '=', subjectId);
  if (status) select = select.where('status', '=', status);
  return pageByTimeAndId(select, request, { time: 'created_at', id: 'id' }, (row) => [row.created_at, row.id], (row) => row);
}

/**
 * The Subject of a suggestion of the account, held until the transaction ends (for no key update:
 * what deleting or restoring into the Subject waits for, while its Facts can still refer to it);
 * undefined when there is no such suggestion.
 */
export async function holdSubjectOfSuggestion(trx: Transaction<DB>, accountId: string, suggestionId: string): Promise<string | undefined> {
  const subject = await trx
    .selectFrom('fact_suggestions as suggestion')
    .innerJoin('subjects', (join) => join.onRef('subjects.account_id', '=', 'suggestion.account_id').onRef('subjects.id', '=', 'suggestion.subject_id'))
    .select('subjects.id')
    .where('suggestion.id', '=', suggestionId)
    .where('suggestion.account_id', '=', accountId)
    .forNoKeyUpdate('subjects')
    .executeTakeFirst();
  return subject?.id;
}

/** The IDs of every source of a suggestion of the account, whoever may see them, in ID order. */
export async function sourceIdsOfSuggestion(db: Queryable, accountId: string, suggestionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('fact_suggestion_sources')
    .select('memory_id')
    .where('account_id', '=', accountId)
    .where('suggestion_id', '=', suggestionId)
    .orderBy('memory_id')
    .execute();
  return rows.map((row) => row.memory_id);
}

/** A suggestion of the account, locked until the transaction ends. */
export async function lockSuggestion(trx: Transaction<DB>, accountId: string, suggestionId: string): Promise<FactSuggestionRow | undefined> {
  const suggestion = trx.selectFrom('fact_suggestions').selectAll().where('id', '=', suggestionId).where('account_id', '=', accountId);
  return suggestion.forUpdate().executeTakeFirst();
}

/** Records the review of a suggestion of the account: accepted as a Fact, or rejected. */
export async function reviewSuggestion(
  trx: Transaction<DB>,
  accountId: string,
  suggestionId: string,
  review: { status: 'accepted'; fact_id: string; reviewed_at: Date } | { status: 'rejected'; reviewed_at: Date },
): Promise<FactSuggestionRow> {
  return trx
    .updateTable('fact_suggestions')
    .set(review)
    .where('account_id', '=', accountId)
    .where('id', '=', suggestionId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The Subjects of the Facts a Memory of the account is a source of, in ID order. */
export async function subjectsOfFactsSourcedFrom(db: Queryable, accountId: string, memoryId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('fact_sources as fs')
    .innerJoin('facts as f', (join) => join.onRef('f.account_id', '=', 'fs.account_id').onRef('f.id', '=', 'fs.fact_id'))
    .select('f.subject_id')
    .distinct()
    .where('fs.account_id', '=', accountId)
    .where('fs.memory_id', '=', memoryId)
    .orderBy('f.subject_id')
    .execute();
  return rows.map((row) => row.subject_id);
}

/** How many current (not superseded) reviewed Facts the principal may see the Subject (of its account) has. */
export function factCount(principal: Principal) {
  return sql<number>`(select count(*)::int from facts f
    where f.account_id = ${principal.accountId} and f.subject_id = subjects.id and f.valid_until is null and ${sourcedVisibleTo(principal, 'fact', 'f.id')})`;
}
