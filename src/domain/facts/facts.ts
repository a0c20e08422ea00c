import { sql, type Kysely, type Transaction } from 'kysely';
import { recordChanges } from '../changes/change-feed';
import type { DB, FactRow, FactSuggestionRow } from '../../db/schema';
import type { components } from '../../generated/openapi';
import type { DomainContext } from '../context';
import { AppError } from '../shared/errors';
import { newId } from '../shared/ids';
import { pageByTimeAndId, type Page } from '../shared/pagination';
import { canSeeSecrets, type Principal } from '../shared/principal';
import { assertSubjectExists, lockOwnedSubject } from '../subjects/subjects.repository';

export type Fact = components['schemas']['Fact'];
type FactSuggestion = components['schemas']['FactSuggestion'];
type FactSuggestionCreate = components['schemas']['FactSuggestionCreate'];
type Queryable = Kysely<DB> | Transaction<DB>;

/** Statements compare after folding case and whitespace. */
export function statementKey(statement: string): string {
  return statement.trim().replace(/\s+/gu, ' ').toLowerCase();
}

/** Sources of each Fact, in memory-ID order; secret sources are left out for API keys. */
async function factSources(db: Queryable, principal: Principal, factIds: readonly string[]): Promise<Map<string, string[]>> {
  const byFact = new Map<string, string[]>(factIds.map((id) => [id, []]));
  if (factIds.length === 0) return byFact;
  let query = db
    .selectFrom('fact_sources as s')
    .innerJoin('memories as m', 'm.id', 's.memory_id')
    .select(['s.fact_id', 's.memory_id'])
    .where('s.fact_id', 'in', factIds)
    .orderBy('s.memory_id');
  if (!canSeeSecrets(principal)) query = query.where('m.sensitivity', '!=', 'secret');
  for (const row of await query.execute()) byFact.get(row.fact_id)?.push(row.memory_id);
  return byFact;
}

export async function toFacts(db: Queryable, principal: Principal, rows: readonly FactRow[]): Promise<Fact[]> {
  const sources = await factSources(db, principal, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    subject_id: row.subject_id,
    statement: row.statement,
    sources: (sources.get(row.id) ?? []).map((memory_id) => ({ memory_id })),
    accepted_at: row.accepted_at.toISOString(),
    created_at: row.created_at.toISOString(),
  }));
}

export async function listSubjectFacts(
  ctx: DomainContext,
  principal: Principal,
  subjectId: string,
  query: { limit?: number; cursor?: string },
): Promise<Page<Fact>> {
  await assertSubjectExists(ctx.db, principal, subjectId);
  const page = await pageByTimeAndId(
    ctx.db.selectFrom('facts').selectAll().where('subject_id', '=', subjectId).where('account_id', '=', principal.accountId),
    { scope: 'facts', filters: { subject_id: subjectId }, cursor: query.cursor, limit: query.limit },
    { time: 'created_at', id: 'id' },
    (row) => [row.created_at, row.id],
    (row) => row,
  );
  return { items: await toFacts(ctx.db, principal, page.items), nextCursor: page.nextCursor };
}

async function suggestionSources(db: Queryable, ids: readonly string[]): Promise<Map<string, string[]>> {
  const byId = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byId;
  const rows = await db
    .selectFrom('fact_suggestion_sources')
    .select(['suggestion_id', 'memory_id'])
    .where('suggestion_id', 'in', ids)
    .orderBy('memory_id')
    .execute();
  for (const row of rows) byId.get(row.suggestion_id)?.push(row.memory_id);
  return byId;
}

/**
 * Suggestions are shown with all their sources except, for API keys, secret ones (the same
 * rule as Facts).
 */
async function toSuggestions(db: Queryable, principal: Principal, rows: readonly FactSuggestionRow[]): Promise<FactSuggestion[]> {
  const sources = await suggestionSources(db, rows.map((row) => row.id));
  const hidden = canSeeSecrets(principal) ? new Set<string>() : await secretAmong(db, [...sources.values()].flat());
  return rows.map((row) => ({
    id: row.id,
    subject_id: row.subject_id,
    statement: row.statement,
    note: row.note,
    sources: (sources.get(row.id) ?? []).filter((id) => !hidden.has(id)).map((memory_id) => ({ memory_id })),
    status: row.status,
    fact_id: row.fact_id,
    created_at: row.created_at.toISOString(),
    reviewed_at: row.reviewed_at ? row.reviewed_at.toISOString() : null,
  }));
}

async function secretAmong(db: Queryable, memoryIds: readonly string[]): Promise<Set<string>> {
  if (memoryIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('memories')
    .select('id')
    .where('id', 'in', [...new Set(memoryIds)])
    .where('sensitivity', '=', 'secret')
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * A source-backed suggestion: every source must be a Memory the caller can see and linked to
 * the Subject. An equal pending suggestion is returned instead of a second one.
 */
export async function createFactSuggestion(
  ctx: DomainContext,
  principal: Principal,
  subjectId: string,
  input: FactSuggestionCreate,
): Promise<{ suggestion: FactSuggestion; created: boolean }> {
  const key = statementKey(input.statement);
  return ctx.db.transaction().execute(async (trx) => {
    await lockOwnedSubject(trx, principal, subjectId);
    const ids = [...new Set(input.source_memory_ids)];
    let visible = trx
      .selectFrom('memories')
      .select('id')
      .where('account_id', '=', principal.accountId)
      .where('id', 'in', ids);
    if (!canSeeSecrets(principal)) visible = visible.where('sensitivity', '!=', 'secret');
    const found = new Set((await visible.execute()).map((row) => row.id));
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
    const fact = await trx
      .selectFrom('facts')
      .select('id')
      .where('subject_id', '=', subjectId)
      .where('statement_key', '=', key)
      .executeTakeFirst();
    if (fact) throw new AppError('fact_exists', 'A reviewed Fact already states this.', { fact_id: fact.id });

    const now = ctx.clock.now();
    const inserted = await trx
      .insertInto('fact_suggestions')
      .values({
        id: newId('factSuggestion', now.getTime()),
        account_id: principal.accountId,
        subject_id: subjectId,
        statement: input.statement.trim(),
        statement_key: key,
        note: input.note ?? null,
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
  ctx: DomainContext,
  principal: Principal,
  subjectId: string,
  query: { status?: string; limit?: number; cursor?: string },
): Promise<Page<FactSuggestion>> {
  await assertSubjectExists(ctx.db, principal, subjectId);
  let select = ctx.db
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
  return { items: await toSuggestions(ctx.db, principal, page.items), nextCursor: page.nextCursor };
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

/** Application only: the suggestion becomes a reviewed Fact with the same (remaining) sources. */
export async function acceptFactSuggestion(
  ctx: DomainContext,
  principal: Principal,
  suggestionId: string,
): Promise<{ suggestion: FactSuggestion; fact: Fact }> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockPendingSuggestion(trx, principal, suggestionId);
    const sources = (await suggestionSources(trx, [row.id])).get(row.id) ?? [];
    if (sources.length === 0) {
      throw new AppError('source_not_found', 'Every source of this suggestion has been deleted.', { memory_ids: [] });
    }
    const existing = await trx
      .selectFrom('facts')
      .select('id')
      .where('subject_id', '=', row.subject_id)
      .where('statement_key', '=', row.statement_key)
      .executeTakeFirst();
    if (existing) throw new AppError('fact_exists', 'A reviewed Fact already states this.', { fact_id: existing.id });
    const now = ctx.clock.now();
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
      })
      .returningAll()
      .executeTakeFirstOrThrow();
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
  ctx: DomainContext,
  principal: Principal,
  suggestionId: string,
): Promise<{ suggestion: FactSuggestion }> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockPendingSuggestion(trx, principal, suggestionId);
    const updated = await trx
      .updateTable('fact_suggestions')
      .set({ status: 'rejected', reviewed_at: ctx.clock.now() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const [suggestion] = await toSuggestions(trx, principal, [updated]);
    return { suggestion: suggestion as FactSuggestion };
  });
}

/** Reviewed Fact count per Subject. */
export function factCount() {
  return sql<number>`(select count(*)::int from facts f where f.subject_id = subjects.id)`;
}
