import { sql, type Transaction } from 'kysely';
import { recordChanges } from '../changes/change-feed';
import type { DB, FactRow, FactSuggestionRow } from '../../db/schema';
import type { RequestQuery } from '../../contract-types';
import type { components } from '../../generated/openapi';
import type { Services } from '../services';
import { AppError } from '../shared/errors';
import { newId } from '../shared/ids';
import { pageByTimeAndId, type Page } from '../shared/pagination';
import type { Principal } from '../shared/principal';
import { memoryVisibleTo } from '../memories/visibility';
import { assertSubjectExists, lockOwnedSubject } from '../subjects/subjects.repository';

export type Fact = components['schemas']['Fact'];
type FactSuggestion = components['schemas']['FactSuggestion'];
type FactSuggestionCreate = components['schemas']['FactSuggestionCreate'];
import type { Queryable } from '../../db/schema';
export type FactListQuery = RequestQuery<'listSubjectFacts'>;

/** Statements compare after folding case and whitespace. */
export function statementKey(statement: string): string {
  return statement.trim().replace(/\s+/gu, ' ').toLowerCase();
}

/** Where Facts and suggestions keep their sources. */
const SOURCES = {
  facts: { table: 'fact_sources', owner: 's.fact_id' },
  suggestions: { table: 'fact_suggestion_sources', owner: 's.suggestion_id' },
} as const;

/**
 * Sources of each Fact or suggestion, in memory-ID order; only Memories the principal may see
 * are named.
 */
async function visibleSources(
  db: Queryable,
  principal: Principal,
  of: keyof typeof SOURCES,
  ids: readonly string[],
): Promise<Map<string, string[]>> {
  const byOwner = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byOwner;
  const { table, owner } = SOURCES[of];
  const { rows } = await sql<{ owner_id: string; memory_id: string }>`
    select ${sql.ref(owner)} as owner_id, s.memory_id
    from ${sql.table(table)} s join memories m on m.id = s.memory_id
    where ${sql.ref(owner)} = any(${sql.val(ids)}::text[]) and ${memoryVisibleTo(principal, 'm')}
    order by s.memory_id`.execute(db);
  for (const row of rows) byOwner.get(row.owner_id)?.push(row.memory_id);
  return byOwner;
}

export async function toFacts(db: Queryable, principal: Principal, rows: readonly FactRow[]): Promise<Fact[]> {
  const sources = await visibleSources(db, principal, 'facts', rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    subject_id: row.subject_id,
    statement: row.statement,
    sources: (sources.get(row.id) ?? []).map((memory_id) => ({ memory_id })),
    accepted_at: row.accepted_at.toISOString(),
    created_at: row.created_at.toISOString(),
    valid_from: row.valid_from.toISOString(),
    valid_until: row.valid_until ? row.valid_until.toISOString() : null,
    superseded_by: row.superseded_by,
  }));
}

/**
 * A Subject's Facts, newest first: the current ones; with `as_of`, those valid at that instant
 * (a Fact is valid from `valid_from` up to, not including, `valid_until`); with
 * `include_superseded`, all of them.
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
  await assertSubjectExists(services.db, principal, subjectId);
  const asOf = query.as_of === undefined ? undefined : new Date(query.as_of);
  let select = services.db.selectFrom('facts').selectAll().where('subject_id', '=', subjectId).where('account_id', '=', principal.accountId);
  if (asOf) {
    select = select
      .where('valid_from', '<=', asOf)
      .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', asOf)]));
  } else if (query.include_superseded !== true) {
    select = select.where('valid_until', 'is', null);
  }
  // Only the filters that were sent, so the cursors of the plain list keep their meaning.
  const filters = {
    subject_id: subjectId,
    ...(asOf ? { as_of: asOf.toISOString() } : {}),
    ...(query.include_superseded === true ? { include_superseded: true } : {}),
  };
  const page = await pageByTimeAndId(
    select,
    { scope: 'facts', filters, cursor: query.cursor, limit: query.limit },
    { time: 'created_at', id: 'id' },
    (row) => [row.created_at, row.id],
    (row) => row,
  );
  return { items: await toFacts(services.db, principal, page.items), nextCursor: page.nextCursor };
}

async function toSuggestions(db: Queryable, principal: Principal, rows: readonly FactSuggestionRow[]): Promise<FactSuggestion[]> {
  const sources = await visibleSources(db, principal, 'suggestions', rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    subject_id: row.subject_id,
    statement: row.statement,
    note: row.note,
    sources: (sources.get(row.id) ?? []).map((memory_id) => ({ memory_id })),
    status: row.status,
    fact_id: row.fact_id,
    supersedes: row.supersedes,
    created_at: row.created_at.toISOString(),
    reviewed_at: row.reviewed_at ? row.reviewed_at.toISOString() : null,
  }));
}

/**
 * The Fact a suggestion supersedes: it must be a current Fact of the suggestion's Subject (an
 * unknown ID and another account's or Subject's Fact read alike). `lock` holds the row until the
 * transaction ends, so that of two acceptances superseding one Fact, the second sees the first's.
 */
async function factToSupersede(
  trx: Transaction<DB>,
  principal: Principal,
  subjectId: string,
  factId: string,
  lock: boolean,
): Promise<{ state: 'current' } | { state: 'superseded'; by: string | null } | { state: 'missing' }> {
  const row = await trx
    .selectFrom('facts')
    .selectAll()
    .where('id', '=', factId)
    .where('account_id', '=', principal.accountId)
    .where('subject_id', '=', subjectId)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
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

/**
 * A source-backed suggestion: every source must be a Memory the caller can see and linked to
 * the Subject. An equal pending suggestion is returned instead of a second one.
 */
export async function createFactSuggestion(
  services: Services,
  principal: Principal,
  subjectId: string,
  input: FactSuggestionCreate,
): Promise<{ suggestion: FactSuggestion; created: boolean }> {
  const key = statementKey(input.statement);
  return services.db.transaction().execute(async (trx) => {
    await lockOwnedSubject(trx, principal, subjectId);
    if (input.supersedes !== undefined) await assertSupersedable(trx, principal, subjectId, input.supersedes);
    const ids = [...new Set(input.source_memory_ids)];
    const visible = await trx
      .selectFrom('memories')
      .select('id')
      .where('account_id', '=', principal.accountId)
      .where('id', 'in', ids)
      .where(memoryVisibleTo(principal, 'memories'))
      // Held until the suggestion's sources are in (see linkMemory).
      .forShare()
      .execute();
    const found = new Set(visible.map((row) => row.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new AppError('source_not_found', 'Some sources are not Memories you can see.', { memory_ids: missing });
    }
    const linked = new Set(
      (
        await trx
          .selectFrom('memory_links')
          .select('memory_id')
          .where('subject_id', '=', subjectId)
          .where('memory_id', 'in', ids)
          .execute()
      ).map((row) => row.memory_id),
    );
    const unlinked = ids.filter((id) => !linked.has(id));
    if (unlinked.length > 0) {
      throw new AppError('source_not_linked', 'Some sources are not linked to this Subject.', { memory_ids: unlinked });
    }
    const fact = await currentFactStating(trx, subjectId, key);
    if (fact) throw new AppError('fact_exists', 'A reviewed Fact already states this.', { fact_id: fact.id });

    const now = services.clock.now();
    const inserted = await trx
      .insertInto('fact_suggestions')
      .values({
        id: newId('factSuggestion', now.getTime()),
        account_id: principal.accountId,
        subject_id: subjectId,
        statement: input.statement.trim(),
        statement_key: key,
        note: input.note ?? null,
        supersedes: input.supersedes ?? null,
        status: 'pending',
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['subject_id', 'statement_key']).where('status', '=', 'pending').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) {
      const pending = await trx
        .selectFrom('fact_suggestions')
        .selectAll()
        .where('subject_id', '=', subjectId)
        .where('statement_key', '=', key)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      const [suggestion] = await toSuggestions(trx, principal, [pending]);
      return { suggestion: suggestion as FactSuggestion, created: false };
    }
    await trx
      .insertInto('fact_suggestion_sources')
      .values(ids.map((memory_id) => ({ account_id: principal.accountId, suggestion_id: inserted.id, memory_id })))
      .execute();
    const [suggestion] = await toSuggestions(trx, principal, [inserted]);
    return { suggestion: suggestion as FactSuggestion, created: true };
  });
}

export async function listFactSuggestions(
  services: Services,
  principal: Principal,
  subjectId: string,
  query: { status?: string; limit?: number; cursor?: string },
): Promise<Page<FactSuggestion>> {
  await assertSubjectExists(services.db, principal, subjectId);
  let select = services.db
    .selectFrom('fact_suggestions')
    .selectAll()
    .where('subject_id', '=', subjectId)
    .where('account_id', '=', principal.accountId);
  if (query.status) select = select.where('status', '=', query.status as FactSuggestionRow['status']);
  const page = await pageByTimeAndId(
    select,
    { scope: 'fact_suggestions', filters: { subject_id: subjectId, status: query.status }, cursor: query.cursor, limit: query.limit },
    { time: 'created_at', id: 'id' },
    (row) => [row.created_at, row.id],
    (row) => row,
  );
  return { items: await toSuggestions(services.db, principal, page.items), nextCursor: page.nextCursor };
}

async function lockPendingSuggestion(trx: Transaction<DB>, principal: Principal, suggestionId: string): Promise<FactSuggestionRow> {
  const row = await trx
    .selectFrom('fact_suggestions')
    .selectAll()
    .where('id', '=', suggestionId)
    .where('account_id', '=', principal.accountId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('suggestion_not_found', 'No Fact suggestion with this ID.');
  if (row.status !== 'pending') {
    throw new AppError('suggestion_already_reviewed', `This suggestion was already ${row.status}.`, { status: row.status });
  }
  return row;
}

/** The current Fact of a Subject with this statement key, if any: a superseded statement may be stated again. */
function currentFactStating(db: Queryable, subjectId: string, key: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('facts')
    .select('id')
    .where('subject_id', '=', subjectId)
    .where('statement_key', '=', key)
    .where('valid_until', 'is', null)
    .executeTakeFirst();
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
 */
export async function acceptFactSuggestion(
  services: Services,
  principal: Principal,
  suggestionId: string,
): Promise<{ suggestion: FactSuggestion; fact: Fact }> {
  return services.db.transaction().execute(async (trx) => {
    const row = await lockPendingSuggestion(trx, principal, suggestionId);
    const sources = (await visibleSources(trx, principal, 'suggestions', [row.id])).get(row.id) ?? [];
    if (sources.length === 0) {
      throw new AppError('source_not_found', 'Every source of this suggestion has been deleted.', { memory_ids: [] });
    }
    if (row.supersedes !== null) {
      const found = await factToSupersede(trx, principal, row.subject_id, row.supersedes, true);
      if (found.state !== 'current') throw supersededMeanwhile(row.supersedes, found.state === 'superseded' ? found.by : null);
    }
    const existing = await currentFactStating(trx, row.subject_id, row.statement_key);
    if (existing) throw new AppError('fact_exists', 'A reviewed Fact already states this.', { fact_id: existing.id });
    const now = services.clock.now();
    const fact = await trx
      .insertInto('facts')
      .values({
        id: newId('fact', now.getTime()),
        account_id: principal.accountId,
        subject_id: row.subject_id,
        statement: row.statement,
        statement_key: row.statement_key,
        accepted_at: now,
        created_at: now,
        valid_from: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (row.supersedes !== null) {
      // The row is locked above; the condition keeps the rule even where it is not.
      const closed = await trx
        .updateTable('facts')
        .set({ valid_until: now, superseded_by: fact.id })
        .where('id', '=', row.supersedes)
        .where('valid_until', 'is', null)
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) !== 1) throw supersededMeanwhile(row.supersedes, null);
    }
    await trx
      .insertInto('fact_sources')
      .values(sources.map((memory_id) => ({ account_id: principal.accountId, fact_id: fact.id, memory_id })))
      .execute();
    const updated = await trx
      .updateTable('fact_suggestions')
      .set({ status: 'accepted', fact_id: fact.id, reviewed_at: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // The Subject's fact_count changed: resume reports it.
    await recordChanges(trx, principal.accountId, [{ entity: 'subject', entityId: row.subject_id, op: 'upsert' }], now);
    const [suggestion] = await toSuggestions(trx, principal, [updated]);
    const [created] = await toFacts(trx, principal, [fact]);
    return { suggestion: suggestion as FactSuggestion, fact: created as Fact };
  });
}

export async function rejectFactSuggestion(
  services: Services,
  principal: Principal,
  suggestionId: string,
): Promise<{ suggestion: FactSuggestion }> {
  return services.db.transaction().execute(async (trx) => {
    const row = await lockPendingSuggestion(trx, principal, suggestionId);
    const updated = await trx
      .updateTable('fact_suggestions')
      .set({ status: 'rejected', reviewed_at: services.clock.now() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const [suggestion] = await toSuggestions(trx, principal, [updated]);
    return { suggestion: suggestion as FactSuggestion };
  });
}

/** Current (not superseded) reviewed Fact count per Subject. */
export function factCount() {
  return sql<number>`(select count(*)::int from facts f where f.subject_id = subjects.id and f.valid_until is null)`;
}
