import { sql, type Transaction } from 'kysely';
import type { DB, MemoryRow } from '../../db/schema';
import type { DomainContext } from '../context';
import { canSeeSecrets, type Principal } from '../shared/principal';
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
export async function openExport(ctx: DomainContext, principal: Principal): Promise<AsyncIterableIterator<string>> {
  const lines = exportLines(ctx, principal);
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

async function* exportLines(ctx: DomainContext, principal: Principal): AsyncGenerator<string, undefined> {
  const trx = await ctx.db.startTransaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute();
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

const SUBJECT_BATCH = 1_000;
const MEMORY_BATCH = 200;
const LINK_BATCH = 2_000;
const FACT_BATCH = 1_000;
const TEMPLATE_BATCH = 10;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
const lines = (type: ExportRecordType, items: readonly unknown[]) => items.map((data) => JSON.stringify({ type, data })).join('\n') + '\n';

class ExportSource {
  private readonly secrets: boolean;

  constructor(
    private readonly trx: Transaction<DB>,
    private readonly principal: Principal,
  ) {
    this.secrets = canSeeSecrets(principal);
  }

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
    let after = '';
    for (;;) {
      const rows = await this.trx
        .selectFrom('subjects')
        .select(['id', 'name', 'kind', 'aliases', 'description', 'created_at', 'updated_at'])
        .where('account_id', '=', this.accountId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(SUBJECT_BATCH)
        .execute();
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.id;
      const data = rows.map((row) => ({ ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() }));
      yield { text: lines('subject', data), counted: 'subjects', count: rows.length };
    }
  }

  private async *memories(): AsyncGenerator<Chunk> {
    let after = '';
    for (;;) {
      const rows: MemoryRow[] = await visibleMemories(this.trx, this.principal)
        .where('memories.id', '>', after)
        .orderBy('memories.id')
        .limit(MEMORY_BATCH)
        .execute();
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.id;
      let revisions = this.trx
        .selectFrom('memory_revisions')
        .select(['memory_id', 'revision', 'text', 'type', 'sensitivity', 'tags', 'pinned', 'created_at', 'actor_kind', 'actor_key_id'])
        .where('account_id', '=', this.accountId)
        .where('memory_id', 'in', rows.map((row) => row.id))
        .orderBy('memory_id')
        .orderBy('revision');
      if (!this.secrets) revisions = revisions.where('sensitivity', '!=', 'secret');
      const byMemory = new Map<string, unknown[]>();
      for (const revision of await revisions.execute()) {
        const list = byMemory.get(revision.memory_id) ?? [];
        list.push({
          revision: revision.revision,
          text: revision.text,
          type: revision.type,
          sensitivity: revision.sensitivity,
          tags: revision.tags,
          pinned: revision.pinned,
          created_at: revision.created_at.toISOString(),
          actor: revision.actor_key_id ? { kind: revision.actor_kind, key_id: revision.actor_key_id } : { kind: revision.actor_kind },
        });
        byMemory.set(revision.memory_id, list);
      }
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
        revisions: byMemory.get(row.id) ?? [],
      }));
      yield { text: lines('memory', data), counted: 'memories', count: rows.length };
    }
  }

  private async *links(): AsyncGenerator<Chunk> {
    let after = { subject: '', memory: '' };
    for (;;) {
      let query = this.trx
        .selectFrom('memory_links as l')
        .innerJoin('memories as m', 'm.id', 'l.memory_id')
        .select(['l.subject_id', 'l.memory_id', 'l.created_at'])
        .where('l.account_id', '=', this.accountId)
        .where(sql<boolean>`(l.subject_id, l.memory_id) > (${after.subject}, ${after.memory})`)
        .orderBy('l.subject_id')
        .orderBy('l.memory_id')
        .limit(LINK_BATCH);
      if (!this.secrets) query = query.where('m.sensitivity', '!=', 'secret');
      const rows = await query.execute();
      if (rows.length === 0) return;
      const last = rows[rows.length - 1]!;
      after = { subject: last.subject_id, memory: last.memory_id };
      const data = rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
      yield { text: lines('link', data), counted: 'links', count: rows.length };
    }
  }

  /** The sources of Facts or suggestions that the caller may see, by owner, in Memory-ID order. */
  private async sourcesOf(
    table: 'fact_sources' | 'fact_suggestion_sources',
    owner: 'fact_id' | 'suggestion_id',
    ids: readonly string[],
  ): Promise<Map<string, Array<{ memory_id: string }>>> {
    let query = this.trx
      .selectFrom(`${table} as s` as 'fact_sources as s')
      .innerJoin('memories as m', 'm.id', 's.memory_id')
      .select([sql<string>`s.${sql.ref(owner)}`.as('owner'), 's.memory_id'])
      .where(sql.ref(`s.${owner}`), 'in', ids)
      .orderBy('s.memory_id');
    if (!this.secrets) query = query.where('m.sensitivity', '!=', 'secret');
    const byOwner = new Map<string, Array<{ memory_id: string }>>();
    for (const row of await query.execute()) byOwner.set(row.owner, [...(byOwner.get(row.owner) ?? []), { memory_id: row.memory_id }]);
    return byOwner;
  }

  private async *facts(): AsyncGenerator<Chunk> {
    let after = '';
    for (;;) {
      const rows = await this.trx
        .selectFrom('facts')
        .select(['id', 'subject_id', 'statement', 'accepted_at', 'created_at'])
        .where('account_id', '=', this.accountId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(FACT_BATCH)
        .execute();
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.id;
      const sources = await this.sourcesOf('fact_sources', 'fact_id', rows.map((row) => row.id));
      const data = rows.map((row) => ({
        id: row.id,
        subject_id: row.subject_id,
        statement: row.statement,
        sources: sources.get(row.id) ?? [],
        accepted_at: row.accepted_at.toISOString(),
        created_at: row.created_at.toISOString(),
      }));
      yield { text: lines('fact', data), counted: 'facts', count: rows.length };
    }
  }

  private async *suggestions(): AsyncGenerator<Chunk> {
    let after = '';
    for (;;) {
      const rows = await this.trx
        .selectFrom('fact_suggestions')
        .select(['id', 'subject_id', 'statement', 'note', 'status', 'fact_id', 'created_at', 'reviewed_at'])
        .where('account_id', '=', this.accountId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(FACT_BATCH)
        .execute();
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.id;
      const sources = await this.sourcesOf('fact_suggestion_sources', 'suggestion_id', rows.map((row) => row.id));
      const data = rows.map((row) => ({
        id: row.id,
        subject_id: row.subject_id,
        statement: row.statement,
        note: row.note,
        sources: sources.get(row.id) ?? [],
        status: row.status,
        fact_id: row.fact_id,
        created_at: row.created_at.toISOString(),
        reviewed_at: iso(row.reviewed_at),
      }));
      yield { text: lines('fact_suggestion', data), counted: 'fact_suggestions', count: rows.length };
    }
  }

  private async *templates(): AsyncGenerator<Chunk> {
    let after = '';
    for (;;) {
      const rows = await this.trx
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
        .where('t.id', '>', after)
        .orderBy('t.id')
        .limit(TEMPLATE_BATCH)
        .execute();
      if (rows.length === 0) return;
      after = rows[rows.length - 1]!.id;
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
