import { sql, type Kysely, type Transaction } from 'kysely';
import { recordChanges } from '../changes/change-feed';
import type { DB, FactRow, FactSuggestionRow } from '../../db/schema';
import type { components } from '../../generated/openapi';
import type { DomainContext } from '../context';
import { AppError } from '../shared/errors';
import { newId } from '../shared/ids';
import { pageByTimeAndId, type Page } from '../shared/pagination';
import type { Principal } from '../shared/principal';
import { memoryVisibleTo } from '../memories/visibility';
import { assertSubjectExists, lockOwnedSubject } from '../subjects/subjects.repository';

export type Fact = components['schemas']['Fact'];
type FactSuggestion = components['schemas']['FactSuggestion'];
type FactSuggestionCreate = components['schemas']['FactSuggestionCreate'];
type Queryable = Kysely<DB> | Transaction<DB>;

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
    created_at: row.created_at.toISOString(),
    reviewed_at: row.reviewed_at ? row.reviewed_at.toISOString() : null,
  }));
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
    const visible = await trx
      .selectFrom('memories')
      .select('id')
      .where('account_id', '=', principal.accountId)
      .where('id', 'in', ids)
      .where(memoryVisibleTo(principal, 'memories'))
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
    const sources = (await visibleSources(trx, principal, 'suggestions', [row.id])).get(row.id) ?? [];
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
