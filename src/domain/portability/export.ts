import { sql, type Compilable, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Services } from '../services';
import type { Principal } from '../shared/principal';
import { memoryVisibleTo } from '../memories/visibility';
import { visibleMemories } from '../memories/memories.repository';
import { fileContents } from '../library/templates.repository';
import { EXPORT_FORMAT, EXPORT_VERSION, emptyCounts, type ExportCounts, type ExportData, type ExportRecordType } from './records';

/**
 * The account's data as export lines (see docs/export-format.md), read in one repeatable-read,
 * read-only transaction, so the file is one consistent snapshot, and in keyset batches that
 * are produced one at a time: the caller pulls the next batch only when it has sent the last,
 * so memory stays bounded whatever the account's size.
 *
 * The transaction is opened (and the header read) before this returns, so a database that is
 * down is an error answer, not a cut stream. Ending the iteration early (`return()`, as a
 * stream does when the client goes away) ends the transaction.
 */
export async function openExport(services: Services, principal: Principal): Promise<AsyncIterableIterator<string>> {
  const lines = exportLines(services, principal);
  const first = await lines.next();
  let pending: IteratorResult<string> | undefined = first;
  const iterator: AsyncIterableIterator<string> = {
    [Symbol.asyncIterator]: () => iterator,
    next: async () => {
      if (!pending) return lines.next();
      const result = pending;
      pending = undefined;
      return result;
    },
    return: async () => {
      pending = undefined;
      return lines.return(undefined);
    },
  };
  return iterator;
}

async function* exportLines(services: Services, principal: Principal): AsyncGenerator<string, undefined> {
  const trx = await services.db.startTransaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute();
  try {
    const counts = emptyCounts();
    const line = <T extends ExportRecordType>(type: T, data: ExportData<T>) => `${JSON.stringify({ type, data })}\n`;
    // The snapshot is taken by the first statement: the export's time is read in it.
    const { now } = await sql<{ now: Date }>`select now() as now`.execute(trx).then((result) => result.rows[0]!);
    yield line('header', { format: EXPORT_FORMAT, version: EXPORT_VERSION, exported_at: new Date(now).toISOString() });
    const source = new ExportSource(trx, principal);
    for await (const chunk of source.records()) {
      counts[chunk.counted] += chunk.count;
      yield chunk.text;
    }
    yield line('end', { counts });
    await trx.commit().execute();
    return undefined;
  } finally {
    if (!trx.isCommitted) await trx.rollback().execute();
  }
}

/** One batch of lines and what they count as. */
interface Chunk {
  readonly text: string;
  readonly counted: keyof ExportCounts;
  readonly count: number;
}

/** Rows fetched from a cursor at a time, per record type: a batch's lines are one piece of the stream. */
const BATCH = { subjects: 1_000, memories: 200, links: 2_000, facts: 500, templates: 10 } as const;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
const lines = (type: ExportRecordType, items: readonly unknown[]) => items.map((data) => JSON.stringify({ type, data })).join('\n') + '\n';
/** A timestamp as JSON inside a query's result, written as Date.prototype.toISOString writes it. */
const isoText = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Reads the account's records through cursors of the snapshot's transaction: each table is read
 * in one query, in its index's order, a batch at a time, so no batch re-reads or re-sorts what
 * came before it (and a query plan made without statistics cannot make the export quadratic).
 */
class ExportSource {
  private cursors = 0;

  constructor(
    private readonly trx: Transaction<DB>,
    private readonly principal: Principal,
  ) {}

  private get accountId(): string {
    return this.principal.accountId;
  }

  async *records(): AsyncGenerator<Chunk> {
    yield* this.profile();
    yield* this.subjects();
    yield* this.memories();
    yield* this.links();
    yield* this.facts();
    yield* this.suggestions();
    yield* this.templates();
  }

  /** A query's rows, `size` at a time, through a cursor closed when the reading ends. */
  private async *batches<R>(query: Compilable<R>, size: number): AsyncGenerator<R[]> {
    const name = sql.raw(`export_${(this.cursors += 1)}`);
    await sql`declare ${name} no scroll cursor for ${query}`.execute(this.trx);
    try {
      for (;;) {
        const { rows } = await sql<R>`fetch forward ${sql.raw(String(size))} from ${name}`.execute(this.trx);
        if (rows.length === 0) return;
        yield rows;
      }
    } finally {
      await sql`close ${name}`.execute(this.trx);
    }
  }

  private async *profile(): AsyncGenerator<Chunk> {
    const row = await this.trx
      .selectFrom('workspace_profiles')
      .select(['guidance', 'updated_at'])
      .where('account_id', '=', this.accountId)
      .executeTakeFirst();
    if (!row) return;
    yield { text: lines('workspace_profile', [{ guidance: row.guidance, updated_at: row.updated_at.toISOString() }]), counted: 'workspace_profile', count: 1 };
  }

  private async *subjects(): AsyncGenerator<Chunk> {
    const query = this.trx
      .selectFrom('subjects')
      .select(['id', 'name', 'kind', 'aliases', 'description', 'created_at', 'updated_at'])
      .where('account_id', '=', this.accountId)
      .orderBy('id');
    for await (const rows of this.batches(query, BATCH.subjects)) {
      const data = rows.map((row) => ({ ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() }));
      yield { text: lines('subject', data), counted: 'subjects', count: rows.length };
    }
  }

  private async *memories(): AsyncGenerator<Chunk> {
    const query = visibleMemories(this.trx, this.principal)
      .select(
        sql<ExportData<'memory'>['revisions']>`(select coalesce(json_agg(json_build_object(
            'revision', r.revision, 'text', r.text, 'type', r.type, 'sensitivity', r.sensitivity, 'tags', r.tags,
            'pinned', r.pinned, 'created_at', ${isoText('r.created_at')},
            'actor', case when r.actor_key_id is null then json_build_object('kind', r.actor_kind)
                          else json_build_object('kind', r.actor_kind, 'key_id', r.actor_key_id) end
          ) order by r.revision), '[]'::json)
          from memory_revisions r where r.memory_id = memories.id and ${memoryVisibleTo(this.principal, 'r')})`.as('revisions'),
      )
      // The order of the account's index on (account_id, updated_at, id): read without a sort.
      .orderBy('memories.updated_at')
      .orderBy('memories.id');
    for await (const rows of this.batches(query, BATCH.memories)) {
      const data = rows.map((row) => ({
        id: row.id,
        text: row.text,
        type: row.type,
        sensitivity: row.sensitivity,
        tags: row.tags,
        pinned: row.pinned,
        revision: row.revision,
        created_at: row.created_at.toISOString(),
        updated_at: row.updated_at.toISOString(),
        ...(row.expires_at ? { expires_at: row.expires_at.toISOString() } : {}),
        revisions: row.revisions,
      }));
      yield { text: lines('memory', data), counted: 'memories', count: rows.length };
    }
  }

  private async *links(): AsyncGenerator<Chunk> {
    let query = this.trx
      .selectFrom('memory_links as l')
      .innerJoin('memories as m', 'm.id', 'l.memory_id')
      .select(['l.subject_id', 'l.memory_id', 'l.created_at'])
      .where('l.account_id', '=', this.accountId)
      .orderBy('l.subject_id')
      .orderBy('l.memory_id');
    query = query.where(memoryVisibleTo(this.principal, 'm'));
    for await (const rows of this.batches(query, BATCH.links)) {
      const data = rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
      yield { text: lines('link', data), counted: 'links', count: rows.length };
    }
  }

  /** The sources of a Fact or suggestion the caller may see, in Memory-ID order, as a query's column. */
  private sources(table: 'fact_sources' | 'fact_suggestion_sources', owner: 'fact_id' | 'suggestion_id', ownerColumn: string) {
    return sql<Array<{ memory_id: string }>>`(select coalesce(json_agg(json_build_object('memory_id', s.memory_id) order by s.memory_id), '[]'::json)
      from ${sql.table(table)} s join memories m on m.id = s.memory_id
      where s.${sql.ref(owner)} = ${sql.ref(ownerColumn)} and ${memoryVisibleTo(this.principal, 'm')})`.as('sources');
  }

  private async *facts(): AsyncGenerator<Chunk> {
    const query = this.trx
      .selectFrom('facts')
      .select([
        'id',
        'subject_id',
        'statement',
        'accepted_at',
        'created_at',
        'valid_from',
        'valid_until',
        'superseded_by',
        this.sources('fact_sources', 'fact_id', 'facts.id'),
      ])
      .where('account_id', '=', this.accountId)
      .orderBy('id');
    for await (const rows of this.batches(query, BATCH.facts)) {
      const data = rows.map((row) => ({
        id: row.id,
        subject_id: row.subject_id,
        statement: row.statement,
        sources: row.sources,
        accepted_at: row.accepted_at.toISOString(),
        created_at: row.created_at.toISOString(),
        valid_from: row.valid_from.toISOString(),
        valid_until: iso(row.valid_until),
        superseded_by: row.superseded_by,
      }));
      yield { text: lines('fact', data), counted: 'facts', count: rows.length };
    }
  }

  private async *suggestions(): AsyncGenerator<Chunk> {
    const query = this.trx
      .selectFrom('fact_suggestions')
      .select([
        'id',
        'subject_id',
        'statement',
        'note',
        'status',
        'fact_id',
        'supersedes',
        'created_at',
        'reviewed_at',
        this.sources('fact_suggestion_sources', 'suggestion_id', 'fact_suggestions.id'),
      ])
      .where('account_id', '=', this.accountId)
      .orderBy('id');
    for await (const rows of this.batches(query, BATCH.facts)) {
      const data = rows.map((row) => ({
        id: row.id,
        subject_id: row.subject_id,
        statement: row.statement,
        note: row.note,
        sources: row.sources,
        status: row.status,
        fact_id: row.fact_id,
        supersedes: row.supersedes,
        created_at: row.created_at.toISOString(),
        reviewed_at: iso(row.reviewed_at),
      }));
      yield { text: lines('fact_suggestion', data), counted: 'fact_suggestions', count: rows.length };
    }
  }

  private async *templates(): AsyncGenerator<Chunk> {
    const query = this.trx
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
      .where('t.account_id', '=', this.accountId)
      .orderBy('t.id');
    for await (const rows of this.batches(query, BATCH.templates)) {
      const data = [];
      for (const row of rows) {
        const files = async (revision: number | null) =>
          revision === null ? [] : (await fileContents(this.trx, row.id, revision)).map(({ path, content }) => ({ path, content }));
        data.push({
          id: row.id,
          name: row.name,
          summary: row.summary,
          category: row.category,
          tags: row.tags,
          license: row.license,
          release_notes: row.release_notes,
          draft: { revision: row.draft_revision, files: await files(row.draft_revision), updated_at: row.draft_updated_at.toISOString() },
          review: { state: row.review_state, reviewed_revision: row.reviewed_revision },
          publication: {
            state: row.publication_state,
            version: row.version,
            published_revision: row.published_revision,
            published_at: iso(row.published_at),
            files: await files(row.published_revision),
          },
          created_at: row.created_at.toISOString(),
          updated_at: row.updated_at.toISOString(),
        });
      }
      yield { text: lines('template', data), counted: 'templates', count: rows.length };
    }
  }
}
