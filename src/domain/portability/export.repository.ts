import { sql, type Compilable } from 'kysely';
import type { Queryable } from '../../db/schema';
import type { Principal } from '../shared/principal';
import { factReferenceFor, memoryVisibleTo, SOURCES_OF, sourcedVisibleTo, type Sourced } from '../memories/visibility';
import { visibleMemories } from '../memories/memories.repository';

/** The export's reads: a query per table, each read through a cursor of the snapshot's transaction (see export.ts). */

/** The time of the transaction's snapshot, which its first statement takes. */
export async function snapshotTime(db: Queryable): Promise<Date> {
  const { now } = await sql<{ now: Date }>`select now() as now`.execute(db).then((result) => result.rows[0]!);
  return now;
}

/**
 * A query of rows in a fixed order, from the start or from just after a row it gave (`after`):
 * read whole through a cursor, or a page at a time by statements of their own.
 */
export type Paged<R> = (after: R | undefined) => Compilable<R>;

/**
 * A query's rows, `size` at a time, each page read by a statement of its own from just after the
 * last row of the page before: nothing is held between pages (the embedded database's one
 * connection serves others in between), so the rows are one consistent set only while nothing
 * writes them (see openExport).
 */
export async function* readInPages<R>(db: Queryable, query: Paged<R>, size: number): AsyncGenerator<R[]> {
  for (let after: R | undefined; ; ) {
    const { rows } = await sql<R>`${query(after)} limit ${sql.lit(size)}`.execute(db);
    // Read before the page is given away: its reader may take its rows out.
    const [count, last] = [rows.length, rows[rows.length - 1]];
    if (count > 0) yield rows;
    if (count < size) return;
    after = last;
  }
}

/** A query's rows, `size` at a time, through a cursor named `name` that is closed when the reading ends. */
export async function* readInBatches<R>(db: Queryable, name: string, query: Compilable<R>, size: number): AsyncGenerator<R[]> {
  const cursor = sql.raw(name);
  await sql`declare ${cursor} no scroll cursor for ${query}`.execute(db);
  try {
    for (;;) {
      const { rows } = await sql<R>`fetch forward ${sql.raw(String(size))} from ${cursor}`.execute(db);
      if (rows.length === 0) return;
      yield rows;
    }
  } finally {
    await sql`close ${cursor}`.execute(db);
  }
}


export async function findWorkspaceProfile(db: Queryable, accountId: string) {
  return db
    .selectFrom('workspace_profiles')
    .select(['guidance', 'updated_at'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

export function subjectsToExport(db: Queryable, accountId: string, after?: { id: string }) {
  return db
    .selectFrom('subjects')
    .select(['id', 'name', 'kind', 'aliases', 'description', 'created_at', 'updated_at'])
    .where('account_id', '=', accountId)
    .$if(after !== undefined, (query) => query.where('id', '>', after!.id))
    .orderBy('id');
}

/** After the Memory `memoryId` in the order of its update time and ID, read as stored (a Date would drop its microseconds). */
const afterMemory = (memoryId: string) =>
  sql<boolean>`(memories.updated_at, memories.id) > ((select m.updated_at from memories m where m.id = ${memoryId}), ${memoryId})`;

/** The Memories the principal may see, each with its revisions the principal may see. */
export function memoriesToExport(db: Queryable, principal: Principal, after?: { id: string }) {
  return (
    visibleMemories(db, principal)
      .$if(after !== undefined, (query) => query.where(afterMemory(after!.id)))
      // The order of the account's index on (account_id, updated_at, id): read without a sort.
      .orderBy('memories.updated_at')
      .orderBy('memories.id')
  );
}

/**
 * The revisions of the Memories the principal may see (not those in which a Memory was secret,
 * for an API key), in the order of `memoriesToExport` and then by revision: read beside it, each
 * Memory's history follows it, a bounded piece at a time however long it is.
 */
export function revisionsToExport(db: Queryable, principal: Principal, after?: { memory_id: string; revision: number }) {
  return db
    .selectFrom('memories')
    .innerJoin('memory_revisions as r', 'r.memory_id', 'memories.id')
    .select(['r.memory_id', 'r.revision', 'r.text', 'r.type', 'r.sensitivity', 'r.tags', 'r.pinned', 'r.created_at', 'r.actor_kind', 'r.actor_key_id'])
    .where('memories.account_id', '=', principal.accountId)
    .where(memoryVisibleTo(principal, 'memories'))
    .where(memoryVisibleTo(principal, 'r'))
    .$if(after !== undefined, (query) =>
      query.where(
        sql<boolean>`(memories.updated_at, memories.id, r.revision) > ((select m.updated_at from memories m where m.id = ${after!.memory_id}), ${after!.memory_id}, ${after!.revision})`,
      ),
    )
    .orderBy('memories.updated_at')
    .orderBy('memories.id')
    .orderBy('r.revision');
}

/** The links of the Memories the principal may see. */
export function linksToExport(db: Queryable, principal: Principal, after?: { subject_id: string; memory_id: string }) {
  return db
    .selectFrom('memory_links as l')
    .innerJoin('memories as m', 'm.id', 'l.memory_id')
    .select(['l.subject_id', 'l.memory_id', 'l.created_at'])
    .where('l.account_id', '=', principal.accountId)
    .where(memoryVisibleTo(principal, 'm'))
    .$if(after !== undefined, (query) => query.where(sql<boolean>`(l.subject_id, l.memory_id) > (${after!.subject_id}, ${after!.memory_id})`))
    .orderBy('l.subject_id')
    .orderBy('l.memory_id');
}

/** The sources of a Fact or suggestion the principal may see, in Memory-ID order, as a query's column. */
function sourcesOf(principal: Principal, of: Sourced, ownerColumn: 'facts.id' | 'fact_suggestions.id') {
  const { table, owner } = SOURCES_OF[of];
  return sql<Array<{ memory_id: string }>>`(select coalesce(json_agg(json_build_object('memory_id', s.memory_id) order by s.memory_id), '[]'::json)
      from ${sql.table(table)} s join memories m on m.id = s.memory_id
      where s.${sql.ref(owner)} = ${sql.ref(ownerColumn)} and ${memoryVisibleTo(principal, 'm')})`.as('sources');
}

const FACT_COLUMNS = ['id', 'subject_id', 'statement', 'accepted_at', 'created_at', 'valid_from', 'valid_until'] as const;
const SUGGESTION_COLUMNS = ['id', 'subject_id', 'statement', 'note', 'status', 'created_at', 'reviewed_at'] as const;

/** The Facts the principal may see, each naming its successor only if the principal may see that too. */
export function factsToExport(db: Queryable, principal: Principal, after?: { id: string }) {
  return db
    .selectFrom('facts')
    .select([...FACT_COLUMNS, sourcesOf(principal, 'fact', 'facts.id'), factReferenceFor(principal, 'facts.superseded_by').as('superseded_by')])
    .where('account_id', '=', principal.accountId)
    .where(sourcedVisibleTo(principal, 'fact', 'facts.id'))
    .$if(after !== undefined, (query) => query.where('facts.id', '>', after!.id))
    .orderBy('id');
}

/** The suggestions the principal may see, each naming its Facts only if the principal may see them too. */
export function suggestionsToExport(db: Queryable, principal: Principal, after?: { id: string }) {
  return db
    .selectFrom('fact_suggestions')
    .select([
      ...SUGGESTION_COLUMNS,
      sourcesOf(principal, 'suggestion', 'fact_suggestions.id'),
      factReferenceFor(principal, 'fact_suggestions.fact_id').as('fact_id'),
      factReferenceFor(principal, 'fact_suggestions.supersedes').as('supersedes'),
    ])
    .where('account_id', '=', principal.accountId)
    .where(sourcedVisibleTo(principal, 'suggestion', 'fact_suggestions.id'))
    .$if(after !== undefined, (query) => query.where('fact_suggestions.id', '>', after!.id))
    .orderBy('id');
}

/** The account's Templates, each with its draft revision. */
export function templatesToExport(db: Queryable, accountId: string, after?: { id: string }) {
  return db
    .selectFrom('templates as t')
    .innerJoin('template_revisions as r', (join) => join.onRef('r.template_id', '=', 't.id').onRef('r.revision', '=', 't.draft_revision'))
    .select([
      't.id',
      't.draft_revision',
      't.review_state',
      't.reviewed_revision',
      't.publication_state',
      't.version',
      't.published_revision',
      't.published_at',
      't.copied_from_template_id',
      't.copied_from_version',
      't.created_at',
      't.updated_at',
      'r.name',
      'r.summary',
      'r.category',
      'r.tags',
      'r.license',
      'r.release_notes',
      'r.created_at as draft_updated_at',
    ])
    .where('t.account_id', '=', accountId)
    .$if(after !== undefined, (query) => query.where('t.id', '>', after!.id))
    .orderBy('t.id');
}
