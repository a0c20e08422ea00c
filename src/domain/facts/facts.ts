import type { Transaction } from 'kysely';
import { applyChanges } from '../projections/projections';
import type { DB, FactRow, FactSuggestionRow, Queryable } from '../../db/schema';
import type { RequestQuery } from '../../contract-types';
import type { FactSuggestionCreate } from '../../generated/openapi';
import type { Services } from '../services';
import { writeInAccount } from '../shared/account-writes';
import { AppError } from '../shared/errors';
import { memoriesLinkedTo } from '../shared/memory-links.repository';
import { newId } from '../shared/ids';
import { instantOf } from '../shared/instants';
import { pageRequest, type Page } from '../shared/pagination';
import type { Principal } from '../shared/principal';
import { assertSubjectExists, lockOwnedSubject } from '../subjects/subjects.repository';
import { toFact, toFactSuggestion, type Fact, type FactSuggestion } from './fact-mapper';
import { canSeeSecrets } from '../memories/visibility';
import {
  closeFact,
  currentFactStating,
  factsKeysMaySee,
  findFactOfSubject,
  holdSubjectOfSuggestion,
  insertFact,
  insertFactSources,
  insertSuggestion,
  insertSuggestionSources,
  lockSuggestion,
  pageOfSubjectFacts,
  pageOfSuggestions,
  pendingSuggestionStating,
  reviewSuggestion,
  shareVisibleMemories,
  sourceIdsOfSuggestion,
  visibleSources,
} from './facts.repository';

export type FactListQuery = RequestQuery<'listSubjectFacts'>;

/** Statements compare after folding case and whitespace. */
export function statementKey(statement: string): string {
  return statement.trim().replace(/\s+/gu, ' ').toLowerCase();
}

/**
 * How the principal reads references to Facts (a successor, the Fact a suggestion became or
 * supersedes): one to a Fact it cannot see reads as null, as if there were none.
 */
async function factReferencesFor(db: Queryable, principal: Principal, ids: ReadonlyArray<string | null>) {
  const named = [...new Set(ids.filter((id): id is string => id !== null))];
  const visible = canSeeSecrets(principal) ? new Set(named) : await factsKeysMaySee(db, principal.accountId, named);
  return (id: string | null): string | null => (id !== null && visible.has(id) ? id : null);
}

/** Facts in their API shape, each naming the sources and the successor the principal may see. */
export async function toFacts(db: Queryable, principal: Principal, rows: readonly FactRow[]): Promise<Fact[]> {
  const [sources, reference] = await Promise.all([
    visibleSources(db, principal, 'fact', rows.map((row) => row.id)),
    factReferencesFor(db, principal, rows.map((row) => row.superseded_by)),
  ]);
  return rows.map((row) => toFact({ ...row, superseded_by: reference(row.superseded_by) }, sources.get(row.id) ?? []));
}

async function toSuggestions(db: Queryable, principal: Principal, rows: readonly FactSuggestionRow[]): Promise<FactSuggestion[]> {
  const [sources, reference] = await Promise.all([
    visibleSources(db, principal, 'suggestion', rows.map((row) => row.id)),
    factReferencesFor(db, principal, rows.flatMap((row) => [row.fact_id, row.supersedes])),
  ]);
  return rows.map((row) =>
    toFactSuggestion({ ...row, fact_id: reference(row.fact_id), supersedes: reference(row.supersedes) }, sources.get(row.id) ?? []),
  );
}

async function toSuggestion(db: Queryable, principal: Principal, row: FactSuggestionRow): Promise<FactSuggestion> {
  const [suggestion] = await toSuggestions(db, principal, [row]);
  return suggestion as FactSuggestion;
}

/**
 * A Subject's Facts that the principal may see, newest first: the current ones; with `as_of`,
 * those valid at that instant (a Fact is valid from `valid_from` up to, not including,
 * `valid_until`); with `include_superseded`, all of them.
 */
export async function listSubjectFacts(
  services: Services,
  principal: Principal,
  subjectId: string,
  query: FactListQuery,
): Promise<Page<Fact>> {
  if (query.as_of !== undefined && query.include_superseded === true) {
    throw new AppError('invalid_request', 'Send as_of or include_superseded=true, not both: as_of already says which Facts to list.', {
      errors: [{ in: 'query', path: '/query/include_superseded', message: 'cannot be combined with as_of' }],
    });
  }
  const asOf = query.as_of === undefined ? undefined : instantOf(query.as_of, { in: 'query', name: 'as_of' });
  await assertSubjectExists(services.db, principal, subjectId);
  // Only the filters that were sent, so the cursors of the plain list keep their meaning.
  const filters = {
    subject_id: subjectId,
    ...(asOf ? { as_of: asOf.toISOString() } : {}),
    ...(query.include_superseded === true ? { include_superseded: true } : {}),
  };
  const page = await pageOfSubjectFacts(
    services.db,
    principal,
    subjectId,
    { asOf, includeSuperseded: query.include_superseded === true },
    pageRequest('facts', filters, query),
  );
  return { items: await toFacts(services.db, principal, page.items), nextCursor: page.nextCursor };
}

/**
 * The Fact a suggestion supersedes: it must be a current Fact of the suggestion's Subject (an
 * unknown ID, another account's or Subject's Fact and one the principal cannot see read alike).
 * `lock` holds the row until the transaction ends, so that of two acceptances superseding one
 * Fact, the second sees the first's.
 */
async function factToSupersede(
  trx: Transaction<DB>,
  principal: Principal,
  subjectId: string,
  factId: string,
  lock: boolean,
): Promise<{ state: 'current' } | { state: 'superseded'; by: string | null } | { state: 'missing' }> {
  const row = await findFactOfSubject(trx, principal, subjectId, factId, { lock });
  if (!row) return { state: 'missing' };
  return row.valid_until === null ? { state: 'current' } : { state: 'superseded', by: row.superseded_by };
}

/** `supersedes` of a new suggestion: a current Fact of the same Subject, else 400 invalid_request. */
async function assertSupersedable(trx: Transaction<DB>, principal: Principal, subjectId: string, factId: string): Promise<void> {
  const found = await factToSupersede(trx, principal, subjectId, factId, false);
  if (found.state === 'current') return;
  const supersededBy = found.state === 'superseded' ? found.by : null;
  const message =
    found.state === 'superseded' ? `is no longer current${supersededBy ? `: ${supersededBy} superseded it` : ''}` : 'is not a Fact of this Subject';
  throw new AppError('invalid_request', `supersedes: ${factId} ${message}. Name a current Fact of this Subject.`, {
    errors: [{ in: 'body', path: '/body/supersedes', message }],
    ...(supersededBy ? { superseded_by: supersededBy } : {}),
  });
}

/** 400 fact_exists when a current Fact of the Subject that the principal may see states this already. */
async function assertNotStated(trx: Transaction<DB>, principal: Principal, subjectId: string, key: string): Promise<void> {
  const fact = await currentFactStating(trx, principal, subjectId, key);
  if (fact) throw new AppError('fact_exists', 'A reviewed Fact already states this.', { fact_id: fact.id });
}

/**
 * A source-backed suggestion: every source must be a Memory the caller can see and linked to
 * the Subject. An equal pending suggestion is returned instead of a second one. Facts and
 * suggestions the caller cannot see take no part: an API key is not told of them by a
 * `fact_exists`, an equal suggestion or a refused `supersedes`, so a Subject may then hold two
 * equal ones (the review settles them: accepting the second is `fact_exists`).
 */
export async function createFactSuggestion(
  services: Services,
  principal: Principal,
  subjectId: string,
  input: FactSuggestionCreate,
): Promise<{ suggestion: FactSuggestion; created: boolean }> {
  const key = statementKey(input.statement);
  return writeInAccount(services, principal.accountId, async (trx) => {
    await lockOwnedSubject(trx, principal, subjectId);
    if (input.supersedes !== undefined) await assertSupersedable(trx, principal, subjectId, input.supersedes);
    const ids = [...new Set(input.source_memory_ids)];
    // Held until the suggestion's sources are in (see linkMemory).
    const found = new Set(await shareVisibleMemories(trx, principal, ids));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new AppError('source_not_found', 'Some sources are not Memories you can see.', { memory_ids: missing });
    }
    const linked = new Set(await memoriesLinkedTo(trx, principal.accountId, subjectId, ids));
    const unlinked = ids.filter((id) => !linked.has(id));
    if (unlinked.length > 0) {
      throw new AppError('source_not_linked', 'Some sources are not linked to this Subject.', { memory_ids: unlinked });
    }
    await assertNotStated(trx, principal, subjectId, key);
    // The account's write lock keeps another equal suggestion from being made meanwhile.
    const pending = await pendingSuggestionStating(trx, principal, subjectId, key);
    if (pending) return { suggestion: await toSuggestion(trx, principal, pending), created: false };

    const now = services.clock.now();
    const inserted = await insertSuggestion(trx, {
      id: newId('factSuggestion', now.getTime()),
      account_id: principal.accountId,
      subject_id: subjectId,
      statement: input.statement.trim(),
      statement_key: key,
      note: input.note ?? null,
      supersedes: input.supersedes ?? null,
      status: 'pending',
      created_at: now,
    });
    await insertSuggestionSources(trx, principal.accountId, inserted.id, ids);
    return { suggestion: await toSuggestion(trx, principal, inserted), created: true };
  });
}

export type SuggestionListQuery = RequestQuery<'listFactSuggestions'>;

export async function listFactSuggestions(services: Services, principal: Principal, subjectId: string, query: SuggestionListQuery): Promise<Page<FactSuggestion>> {
  await assertSubjectExists(services.db, principal, subjectId);
  const request = pageRequest('fact_suggestions', { subject_id: subjectId, status: query.status }, query);
  const page = await pageOfSuggestions(services.db, principal, subjectId, query.status, request);
  return { items: await toSuggestions(services.db, principal, page.items), nextCursor: page.nextCursor };
}

/** Every Subject's suggestions in one list (with `status=pending`, the review inbox), newest first. */
export async function listAccountFactSuggestions(services: Services, principal: Principal, query: RequestQuery<'listAccountFactSuggestions'>): Promise<Page<FactSuggestion>> {
  const request = pageRequest('account_fact_suggestions', { status: query.status }, query);
  const page = await pageOfSuggestions(services.db, principal, null, query.status, request);
  return { items: await toSuggestions(services.db, principal, page.items), nextCursor: page.nextCursor };
}

async function lockPendingSuggestion(trx: Transaction<DB>, principal: Principal, suggestionId: string): Promise<FactSuggestionRow> {
  const row = await lockSuggestion(trx, principal.accountId, suggestionId);
  if (!row) throw new AppError('suggestion_not_found', 'No Fact suggestion with this ID.');
  if (row.status !== 'pending') {
    throw new AppError('suggestion_already_reviewed', `This suggestion was already ${row.status}.`, { status: row.status });
  }
  return row;
}

/** The acceptance of a suggestion whose superseded Fact is no longer current: refused, nothing written. */
function supersededMeanwhile(factId: string, supersededBy: string | null): AppError {
  return new AppError(
    'invalid_request',
    `The Fact this suggestion supersedes (${factId}) is no longer current${supersededBy ? `: ${supersededBy} superseded it` : ''}. ` +
      'Reject this suggestion, or suggest the statement again superseding the current Fact.',
    { supersedes: factId, superseded_by: supersededBy },
  );
}

/**
 * Application only: the suggestion becomes a reviewed Fact with the same (remaining) sources,
 * valid from now. A Fact it supersedes is closed in the same transaction.
 *
 * Locks, after the account's write lock (see holdAccountWrites), in the order the other writers
 * take them: the Subject (deleting it, or restoring a Memory into its links and suggestions, waits
 * for the acceptance or the acceptance for them, instead of each holding what the other needs),
 * the suggestion, then its source Memories for share, so that a source trashed meanwhile is left
 * out, or waits until it backs the Fact (and is then in use), instead of failing the Fact's
 * foreign key.
 */
export async function acceptFactSuggestion(
  services: Services,
  principal: Principal,
  suggestionId: string,
): Promise<{ suggestion: FactSuggestion; fact: Fact }> {
  return writeInAccount(services, principal.accountId, async (trx) => {
    await holdSubjectOfSuggestion(trx, principal.accountId, suggestionId);
    const row = await lockPendingSuggestion(trx, principal, suggestionId);
    const sources = await shareVisibleMemories(trx, principal, await sourceIdsOfSuggestion(trx, principal.accountId, row.id));
    if (sources.length === 0) {
      throw new AppError('source_not_found', 'Every source of this suggestion has been deleted.', { memory_ids: [] });
    }
    if (row.supersedes !== null) {
      const found = await factToSupersede(trx, principal, row.subject_id, row.supersedes, true);
      if (found.state !== 'current') throw supersededMeanwhile(row.supersedes, found.state === 'superseded' ? found.by : null);
    }
    await assertNotStated(trx, principal, row.subject_id, row.statement_key);
    const now = services.clock.now();
    const fact = await insertFact(trx, {
      id: newId('fact', now.getTime()),
      account_id: principal.accountId,
      subject_id: row.subject_id,
      statement: row.statement,
      statement_key: row.statement_key,
      accepted_at: now,
      created_at: now,
      valid_from: now,
    });
    if (row.supersedes !== null) {
      // The row is locked above; closeFact's condition keeps the rule even where it is not.
      const closed = await closeFact(trx, principal.accountId, row.supersedes, fact.id, now);
      if (!closed) throw supersededMeanwhile(row.supersedes, null);
    }
    await insertFactSources(trx, principal.accountId, fact.id, sources);
    const updated = await reviewSuggestion(trx, principal.accountId, row.id, { status: 'accepted', fact_id: fact.id, reviewed_at: now });
    // The Subject's fact_count changed: resume reports it, to API keys if a Fact they see came or went.
    const keysSeeFacts = await factsKeysMaySee(trx, principal.accountId, row.supersedes === null ? [fact.id] : [fact.id, row.supersedes]);
    await applyChanges(trx, principal.accountId, [{ kind: 'facts_changed', subjectId: row.subject_id, keysSeeIt: keysSeeFacts.size > 0 }], now);
    const suggestion = await toSuggestion(trx, principal, updated);
    const [created] = await toFacts(trx, principal, [fact]);
    return { suggestion, fact: created as Fact };
  });
}

export async function rejectFactSuggestion(
  services: Services,
  principal: Principal,
  suggestionId: string,
): Promise<{ suggestion: FactSuggestion }> {
  return writeInAccount(services, principal.accountId, async (trx) => {
    const row = await lockPendingSuggestion(trx, principal, suggestionId);
    const updated = await reviewSuggestion(trx, principal.accountId, row.id, { status: 'rejected', reviewed_at: services.clock.now() });
    return { suggestion: await toSuggestion(trx, principal, updated) };
  });
}
