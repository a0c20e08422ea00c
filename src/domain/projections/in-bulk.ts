import type { Transaction } from 'kysely';
import type { DB, NewMemoryRow } from '../../db/schema';
import { SubjectMentions } from '../insights/mentions';
import { isSecret } from '../memories/visibility';
import { recordChanges, type Change } from './change-feed';
import { addDuplicatesOfLinks, addMentionsOfNewMemories, refreshMentionsOfSubject, removeMentionsOfLinks, type BulkWrites } from './insights';
import { countLinksAdded } from './link-counts';
import { prepareIndex, type IndexColumns } from './search-index';
import { addToSectionCounts, SectionDeltas } from './section-counts';
import { queueForEmbedding } from './embedding-queue';

export type { BulkWrites, IndexColumns };

/** What the projections need of a Subject. */
interface Mentionable {
  readonly id: string;
  readonly name: string;
  readonly aliases: readonly string[];
}

/**
 * The same projections as applyChanges (projections.ts), for an import, which writes thousands of
 * rows a statement: each batch of Memories or links is indexed, counted and looked through for
 * mentions as it is written (so that an import taken out again after it failed, as Memories
 * deleted for good are, leaves every count as it was), and what is cheaper found once (the
 * mentions of Subjects that came after Memories, duplicates among new links, the Subjects' feed
 * entries) by `settle` at the end. The import holds the account's write lock throughout, so the
 * projections' locks are taken in its shelter: the search index's terms in sorted order, and the
 * account row (the change feed) as each batch ends.
 */
export class ImportProjections {
  /** Subjects whose links, Facts or existence changed: each gets one feed entry at the end. */
  private readonly touchedSubjects = new Set<string>();
  private readonly newLinks: Array<{ subjectId: string; memoryId: string }> = [];
  /** Every Subject of the account so far: what new Memories' mentions are looked for. */
  private readonly mentionable: Mentionable[] = [];
  /** The matcher of those Subjects' terms, built again when Subjects were added since. */
  private mentions: SubjectMentions<Mentionable> | null = null;
  /** Subjects that came after Memories: their mentions in all of them are looked for at the end. */
  private readonly lateSubjects: Mentionable[] = [];

  constructor(
    private readonly accountId: string,
    private readonly at: Date,
  ) {}

  /** The account's Subjects before the import. */
  subjectsExisting(subjects: readonly Mentionable[]): void {
    this.mentionable.push(...subjects);
    this.mentions = null;
  }

  /** A Subject the import created; `late` when the account already had Memories it may be mentioned in. */
  subjectAdded(subject: Mentionable, late: boolean): void {
    this.subjectsExisting([subject]);
    if (late) this.lateSubjects.push(subject);
    this.touchedSubjects.add(subject.id);
  }

  /** A Subject whose Facts the import changed. */
  subjectChanged(subjectId: string): void {
    this.touchedSubjects.add(subjectId);
  }

  /**
   * Writes new Memories through `insert`, which receives each row with its search columns (new
   * rows take them on insert, which spares a second write of each row) and returns their index
   * numbers; then their postings, their mentions of the Subjects known so far, and their feed
   * entries.
   */
  async addMemories(
    trx: Transaction<DB>,
    rows: readonly NewMemoryRow[],
    insert: (rows: ReadonlyArray<NewMemoryRow & IndexColumns>) => Promise<ReadonlyArray<{ id: string; search_doc: string | number }>>,
  ): Promise<void> {
    const index = await prepareIndex(trx, this.accountId, rows);
    const written = await insert(rows.map((row) => ({ ...row, ...index.columns(row.id) })));
    await index.writePostings(written);
    await queueForEmbedding(trx, this.accountId, rows.map((row) => row.id), this.at, { textChanged: false });
    this.mentions ??= new SubjectMentions(this.mentionable);
    await addMentionsOfNewMemories(trx, this.accountId, rows, this.mentions, this.at);
    const changes = rows.map(
      (row): Change => ({ entity: 'memory', entityId: row.id, op: 'upsert', keyVisible: { before: false, after: !isSecret(row) } }),
    );
    await recordChanges(trx, this.accountId, changes, this.at);
    const sections = new SectionDeltas();
    for (const row of rows) sections.add(row, 1);
    await addToSectionCounts(trx, this.accountId, sections.nonZero());
  }

  /** Links the import added (a linked mention is no insight). */
  async addLinks(trx: Transaction<DB>, links: ReadonlyArray<{ subjectId: string; memoryId: string }>): Promise<void> {
    for (const link of links) {
      this.newLinks.push(link);
      this.touchedSubjects.add(link.subjectId);
    }
    await removeMentionsOfLinks(trx, this.accountId, links);
    await countLinksAdded(trx, this.accountId, links);
  }

  /**
   * Once everything is written: what is cheaper found once for the whole import (insights between
   * Memories and Subjects of different batches, the Subjects' feed entries).
   */
  async settle(writes: BulkWrites): Promise<void> {
    // New Memories' mentions of the Subjects known when they were written were found then; a
    // Subject that came later is looked for in all of them.
    for (const subject of this.lateSubjects) {
      await refreshMentionsOfSubject(writes.trx, this.accountId, subject, this.at);
      await writes.between();
    }
    await addDuplicatesOfLinks(writes, this.accountId, this.newLinks, this.at);
    const touched = [...this.touchedSubjects].sort();
    await recordChanges(
      writes.trx,
      this.accountId,
      touched.map((id): Change => ({ entity: 'subject', entityId: id, op: 'upsert' })),
      this.at,
    );
  }
}
