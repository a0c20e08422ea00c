import type { Insertable, Transaction } from 'kysely';
import type { DB, NewMemoryRow, Queryable } from '../../db/schema';
import { limits } from '../../generated/contract';
import type { Violation } from '../library/draft-rules';
import { assertValidDraft, normalizeTemplateTags, starterReadme } from '../library/templates';
import { normalizeTags } from '../memories/memory-mapper';
import { ImportProjections } from '../projections/projections';
import { AppError } from '../shared/errors';
import { newId } from '../shared/ids';
import type { Principal } from '../shared/principal';
import { canSeeSecrets } from '../memories/visibility';
import { codePointLength } from '../shared/text';
import { statementKey } from '../facts/facts';
import { currentFactStating, insertFact, insertSuggestion, insertSuggestionSources, pendingSuggestionStating } from '../facts/facts.repository';
import { normalizeAliases } from '../subjects/subjects';
import type { NumberedLine } from './lines';
import { EXPORT_VERSION, emptyCounts, invalidLine, parseRecord, type ExportCounts, type ExportData, type ExportRecordType, type LineError } from './records';
import {
  accountBeforeImport,
  addFactSources,
  foldedName,
  idsTaken,
  insertMemories,
  insertNewLinks,
  insertRevisions,
  insertSubjectUnlessNamed,
  insertTemplate,
  insertWorkspaceProfile,
  setSuccessors,
  subjectNamed,
  type RestoredKind,
} from './import.repository';

export type ImportSummary = {
  imported: { memories: number; subjects: number; links: number; facts: number; fact_suggestions: number; templates: number };
  merged_subjects: number;
  facts_as_suggestions: number;
  skipped: {
    workspace_profile: number;
    superseded_facts: number;
    existing: { subjects: number; memories: number; facts: number; fact_suggestions: number; templates: number };
  };
};

/**
 * How an import treats the file's IDs: `copy` writes every record as a new one, with a new ID;
 * `restore` keeps each record's ID and leaves a record the account has already (by its ID) as it
 * is, so that a backup put back into the account it came from adds only what is missing.
 */
export type ImportMode = 'copy' | 'restore';

/** How many IDs of the file a restore's checking pass looks up at once. */
const CLAIMS_PER_LOOKUP = 1_000;

/** A restore of a record whose ID another account's record has. */
function takenElsewhere(id: string, line: number) {
  return invalidLine(line, [
    {
      path: '/data/id',
      message: `${id} is the ID of another account's record: a restore puts a backup back into the account it came from (import the file with mode=copy instead)`,
    },
  ]);
}

/** A record the import wrote, by kind: what an import that commits as it goes notes, to take out again if it fails. */
export interface CreatedRow {
  readonly kind: 'profile' | 'subject' | 'memory' | 'fact' | 'suggestion' | 'template';
  readonly id: string;
}

/**
 * Where an import writes: the transaction it writes in now (an import that commits as it goes
 * writes in several, one after another), and how large a batch of Memories it writes at once.
 */
export interface ImportWrites {
  readonly trx: Transaction<DB>;
  readonly memoryBatch: number;
  readonly memoryBatchChars: number;
  /** How many links are written at once (by default LINK_BATCH). */
  readonly linkBatch?: number;
  /** Between two pieces of work: where the import may give others their turn (and commit what it wrote). */
  between(): Promise<void>;
}

const BATCHES_IN_FLIGHT = 2;
const LINK_BATCH = 1_000;

type MemoryData = ExportData<'memory'>;

/** The record types that follow the header, and how each is read. */
type BodyRecordType = Exclude<ExportRecordType, 'header'>;
type RecordReaders = { [T in BodyRecordType]: (line: number, data: ExportData<T>) => Promise<void> };

/**
 * The state of one import: the IDs seen so far (file ID to new ID), what is waiting to be written,
 * the counts. Without `writes` it only checks: every rule of the file is applied, reading the
 * account as it is, and nothing is written (the IDs it maps to are the file's own, or the
 * account's Subjects a file Subject merges into).
 */
export class Importer {
  private readonly secrets: boolean;
  /**
   * Whether the import follows an API key's rules: it may not set the workspace guidance every
   * agent receives, nor write reviewed Facts or decisions on suggestions, which only the user
   * makes in the application: the file's current Facts and its suggestions arrive as pending
   * suggestions, for the user to review.
   */
  private readonly asKey: boolean;
  private readonly subjects = new Map<string, string>();
  private readonly memories = new Map<string, string>();
  /** The new ID of each Fact of the file (null for an API key's import, which writes no Fact), and its Subject. */
  private readonly facts = new Map<string, { id: string | null; subjectId: string }>();
  /** The file IDs of the suggestions and Templates read so far (nothing refers to them). */
  private readonly suggestionIds = new Set<string>();
  private readonly templateIds = new Set<string>();
  /** Superseded Facts whose successor is named by its file ID: a successor may come later in the file. */
  private readonly successors: Array<{ line: number; factId: string | null; subjectId: string; successor: string }> = [];
  /** Derived state, brought up to date as the import writes (see in-bulk.ts). */
  private readonly projections: ImportProjections;
  private hadMemories = false;
  private readonly read = emptyCounts();
  private readonly imported: ImportSummary['imported'] = { memories: 0, subjects: 0, links: 0, facts: 0, fact_suggestions: 0, templates: 0 };
  private merged = 0;
  private factsAsSuggestions = 0;
  private readonly skipped: ImportSummary['skipped'] = {
    workspace_profile: 0,
    superseded_facts: 0,
    existing: { subjects: 0, memories: 0, facts: 0, fact_suggestions: 0, templates: 0 },
  };
  /** A restore's checking pass: IDs of the file not looked up yet, with their lines, by kind. */
  private readonly claims = new Map<RestoredKind, Array<{ id: string; line: number }>>();
  /** A restore: the file's Memories the account has already, whose history is not written again. */
  private readonly existingMemories = new Set<string>();
  /**
   * Those of them in the trash, which keeps their links and their places among sources until they
   * are restored: a restore writes neither.
   */
  private readonly trashedMemories = new Set<string>();
  private pendingMemories: Array<{ data: MemoryData; id: string }> = [];
  private pendingChars = 0;
  private pendingLinks: Array<{ subject_id: string; memory_id: string; created_at: Date }> = [];
  private hasProfile = false;
  private templatesOwned = 0;
  private lastLine = 0;
  private state: 'start' | 'records' | 'ended' = 'start';
  /**
   * Batches of Memories being written, oldest first, while the next lines are read and checked.
   * Two at a time: the server prepares one while the database writes the other (their statements
   * queue on the one connection in order, and no batch depends on another's). Every other record
   * waits for them; a failure surfaces when its batch is awaited, oldest first.
   */
  private writing: Array<Promise<void>> = [];
  /** The reader of each record type after the header. */
  private readonly readers: RecordReaders = {
    workspace_profile: this.profile.bind(this), subject: this.subject.bind(this), memory: this.memory.bind(this),
    memory_history: this.memoryHistory.bind(this),
    link: this.link.bind(this), fact: this.fact.bind(this), fact_suggestion: this.suggestion.bind(this),
    template: this.template.bind(this), end: this.end.bind(this),
  };

  /** The Memory whose history the next line may go on with: the last revision read, and its current one. */
  private history: { fileId: string; id: string; last: number; current: number } | null = null;
  /** What was written since the last `takeCreated()`. */
  private created: CreatedRow[] = [];
  /** A checking pass's Subjects that the import would create, by their name as the database folds it. */
  private readonly createdNames = new Map<string, string>();

  constructor(
    private readonly principal: Principal,
    now: Date,
    /** Where reads of the account go while checking; writing, the transaction's own. */
    private readonly reader: Queryable,
    private readonly writes: ImportWrites | null,
    private readonly mode: ImportMode = 'copy',
  ) {
    this.secrets = canSeeSecrets(principal);
    this.asKey = principal.kind !== 'session';
    this.projections = new ImportProjections(principal.accountId, now);
  }

  private get accountId(): string {
    return this.principal.accountId;
  }

  /** The transaction the import writes in now. */
  private get trx(): Transaction<DB> {
    if (!this.writes) throw new Error('a checking import writes nothing');
    return this.writes.trx;
  }

  /** The records written since the last call (and forgets them). */
  takeCreated(): CreatedRow[] {
    const created = this.created;
    this.created = [];
    return created;
  }

  private wrote(kind: CreatedRow['kind'], ...ids: string[]): void {
    for (const id of ids) this.created.push({ kind, id });
  }

  async prepare(): Promise<void> {
    const account = await accountBeforeImport(this.writes ? this.trx : this.reader, this.accountId);
    this.projections.subjectsExisting(account.subjects);
    this.hadMemories = account.hasMemories;
    this.hasProfile = account.hasProfile;
    this.templatesOwned = account.templates;
  }

  async take(line: NumberedLine): Promise<void> {
    this.lastLine = line.number;
    const record = parseRecord(line.text, line.number);
    if (record.type !== 'memory') await this.written();
    if (this.state === 'ended') throw invalidLine(line.number, [{ path: '', message: 'comes after the "end" record' }]);
    if (this.state === 'start') {
      if (record.type !== 'header') throw invalidLine(line.number, [{ path: '/type', message: 'must be "header": the file must start with its header' }]);
      if (record.data.version !== EXPORT_VERSION) {
        throw invalidLine(line.number, [{ path: '/data/version', message: `is not a version this service reads (${EXPORT_VERSION})` }]);
      }
      this.state = 'records';
      return;
    }
    if (record.type === 'header') throw invalidLine(line.number, [{ path: '/type', message: 'a file has one header, on its first line' }]);
    if (record.type !== 'memory_history') this.endHistory(line.number);
    return this.readRecord(record, line.number);
  }

  /** The Memory whose history went on in the lines before must have it whole by the next record. */
  private endHistory(line: number): void {
    const open = this.history;
    if (!open) return;
    this.history = null;
    if (open.last === open.current) return;
    throw invalidLine(line, [
      {
        path: '',
        message: `comes before the history of Memory ${open.fileId} is complete: it ends at revision ${open.last}, before the current revision (${open.current})`,
      },
    ]);
  }

  /** Reads a record with the reader of its type. */
  private readRecord<T extends BodyRecordType>(record: { type: T; data: ExportData<T> }, line: number): Promise<void> {
    return this.readers[record.type](line, record.data);
  }

  async finish(): Promise<ImportSummary> {
    if (this.state !== 'ended') {
      const message = this.state === 'start' ? 'the file is empty: an export starts with a header' : 'the file ends without its "end" record: it is incomplete';
      throw invalidLine(this.lastLine + 1, [{ path: '', message }]);
    }
    return { imported: this.imported, merged_subjects: this.merged, facts_as_suggestions: this.factsAsSuggestions, skipped: this.skipped };
  }

  // ----- references

  private mapped(map: Map<string, string>, id: string, line: number, path: string, kind: string): string {
    const mappedId = map.get(id);
    if (!mappedId) throw invalidLine(line, [{ path, message: `refers to ${kind} ${id}, which is not earlier in the file` }]);
    return mappedId;
  }

  /** Refuses an ID the file used already for a record of the same type. */
  private once(seen: { has(id: string): boolean }, id: string, line: number): void {
    if (seen.has(id)) throw invalidLine(line, [{ path: '/data/id', message: `${id} is in the file twice` }]);
  }

  private get restoring(): boolean {
    return this.mode === 'restore';
  }

  /**
   * A restore's checking pass: the record keeps its ID, which no other account may have (the file
   * was exported by another account, or copied into one). Looked up a thousand at a time.
   */
  private async claim(kind: RestoredKind, id: string, line: number): Promise<void> {
    if (!this.restoring || this.writes) return;
    const pending = this.claims.get(kind) ?? [];
    pending.push({ id, line });
    this.claims.set(kind, pending);
    if (pending.length >= CLAIMS_PER_LOOKUP) await this.lookUpClaims();
  }

  /** Looks up every claim not looked up yet: the earliest line whose ID another account has is refused. */
  private async lookUpClaims(): Promise<void> {
    let taken: { id: string; line: number } | undefined;
    for (const [kind, pending] of this.claims) {
      const { theirs } = await idsTaken(this.reader, kind, this.accountId, pending.map((claim) => claim.id));
      for (const claim of pending) if (theirs.has(claim.id) && (!taken || claim.line < taken.line)) taken = claim;
    }
    this.claims.clear();
    if (taken) throw takenElsewhere(taken.id, taken.line);
  }

  /** A restore's writing pass: whether the account has a record of this kind with this ID already. */
  private async exists(kind: RestoredKind, id: string): Promise<boolean> {
    return this.restoring && (await idsTaken(this.trx, kind, this.accountId, [id])).ours.has(id);
  }

  // ----- records

  private async profile(line: number, data: ExportData<'workspace_profile'>): Promise<void> {
    this.read.workspace_profile += 1;
    if (this.read.workspace_profile > 1) throw invalidLine(line, [{ path: '/type', message: 'a file has at most one workspace profile' }]);
    if (this.hasProfile || this.asKey) {
      this.skipped.workspace_profile += 1;
      return;
    }
    if (!this.writes) return;
    await insertWorkspaceProfile(this.trx, this.accountId, { guidance: data.guidance, updated_at: new Date(data.updated_at) });
    this.wrote('profile', this.accountId);
  }

  private async subject(line: number, data: ExportData<'subject'>): Promise<void> {
    this.read.subjects += 1;
    this.once(this.subjects, data.id, line);
    const name = data.name.trim();
    await this.claim('subject', data.id, line);
    if (!this.writes) return this.checkSubject(line, data.id, name);
    if (await this.exists('subject', data.id)) {
      this.subjects.set(data.id, data.id);
      this.skipped.existing.subjects += 1;
      return;
    }
    const id = this.restoring ? data.id : newId('subject', Date.parse(data.created_at));
    const aliases = normalizeAliases(data.aliases);
    // The database tells which names are the same, as it does for a Subject created on its own.
    const inserted = await insertSubjectUnlessNamed(this.trx, {
      id,
      account_id: this.accountId,
      name,
      kind: data.kind,
      aliases,
      description: data.description,
      created_at: new Date(data.created_at),
      updated_at: new Date(data.updated_at),
    });
    if (!inserted) {
      const existing = await subjectNamed(this.trx, this.accountId, name);
      if (!existing) throw new Error('a Subject refused as already named has no Subject of that name');
      if (this.createdSubjects.has(existing)) {
        throw invalidLine(line, [{ path: '/data/name', message: `"${name}" is the name of another Subject in the file` }]);
      }
      this.subjects.set(data.id, existing);
      this.merged += 1;
      return;
    }
    this.wrote('subject', id);
    this.projections.subjectAdded({ id, name, aliases }, this.hadMemories || this.imported.memories > 0);
    this.subjects.set(data.id, id);
    this.createdSubjects.add(id);
    this.imported.subjects += 1;
  }

  /** Subjects this import created (a second Subject of the file with one's name is a clash, not a merge). */
  private readonly createdSubjects = new Set<string>();

  /**
   * A Subject of the file, checked: it merges into the account's Subject of its name, or would be
   * created, unless the file has created one of that name already (names compared as the database
   * compares them when it writes).
   */
  private async checkSubject(line: number, fileId: string, name: string): Promise<void> {
    const existing = await subjectNamed(this.reader, this.accountId, name);
    if (existing) {
      this.subjects.set(fileId, existing);
      return;
    }
    const folded = await foldedName(this.reader, name);
    if (this.createdNames.has(folded)) {
      throw invalidLine(line, [{ path: '/data/name', message: `"${name}" is the name of another Subject in the file` }]);
    }
    this.createdNames.set(folded, fileId);
    this.subjects.set(fileId, fileId);
  }

  private async memory(line: number, data: MemoryData): Promise<void> {
    this.read.memories += 1;
    this.once(this.memories, data.id, line);
    if (data.sensitivity === 'secret') this.assertSecretsAllowed(line);
    const errors = this.revisionErrors(line, data.revisions, 0);
    const last = data.revisions[data.revisions.length - 1]?.revision ?? 0;
    // A history that ends before the current revision goes on in memory_history records.
    if (last > data.revision) errors.push({ path: '/data/revisions', message: `must end with the current revision (${data.revision})` });
    if (data.revision >= limits.memoryRevisionMax) {
      errors.push({ path: '/data/revision', message: `must be below ${limits.memoryRevisionMax}: a Memory at the highest revision could not be changed again` });
    }
    if (errors.length > 0) throw invalidLine(line, errors);
    await this.claim('memory', data.id, line);
    const id = this.writes && !this.restoring ? newId('memory', Date.parse(data.created_at)) : data.id;
    this.memories.set(data.id, id);
    if (last < data.revision) this.history = { fileId: data.id, id, last, current: data.revision };
    if (!this.writes) return;
    this.pendingMemories.push({ data, id });
    this.pendingChars += data.revisions.reduce((sum, revision) => sum + revision.text.length, 0);
    if (this.pendingMemories.length >= this.writes.memoryBatch || this.pendingChars >= this.writes.memoryBatchChars) {
      if (this.writing.length >= BATCHES_IN_FLIGHT) await this.writing.shift();
      const flush = this.flushMemories();
      // Handled here so that a failure is not reported as unhandled before it is awaited.
      flush.catch(() => undefined);
      this.writing.push(flush);
    }
  }

  /** The revisions of a line in order after `after`: what is wrong with them. */
  private revisionErrors(line: number, revisions: MemoryData['revisions'], after: number): LineError[] {
    if (revisions.some((revision) => revision.sensitivity === 'secret')) this.assertSecretsAllowed(line);
    const errors: LineError[] = [];
    revisions.forEach((revision, index) => {
      const previous = index === 0 ? after : revisions[index - 1]!.revision;
      if (revision.revision <= previous) {
        errors.push({ path: `/data/revisions/${index}/revision`, message: `must be greater than the revision before it (${previous})` });
      }
    });
    return errors;
  }

  private assertSecretsAllowed(line: number): void {
    if (!this.secrets) throw new AppError('secret_memory_forbidden', 'Secret Memories can only be imported through the application.', { line });
  }

  /** More of the history of the Memory of the line before. */
  private async memoryHistory(line: number, data: ExportData<'memory_history'>): Promise<void> {
    this.read.memory_histories = (this.read.memory_histories ?? 0) + 1;
    const open = this.history;
    if (!open || open.fileId !== data.memory_id) {
      throw invalidLine(line, [{ path: '/data/memory_id', message: "must be the Memory of the line before: a Memory's history follows its record" }]);
    }
    const errors = this.revisionErrors(line, data.revisions, open.last);
    const last = data.revisions[data.revisions.length - 1]!.revision;
    if (last > open.current) errors.push({ path: '/data/revisions', message: `must end with the Memory's current revision (${open.current})` });
    if (errors.length > 0) throw invalidLine(line, errors);
    open.last = last;
    if (!this.writes) return;
    // The Memory's row is written first: its revisions refer to it.
    await this.written();
    await this.flushMemories();
    if (this.existingMemories.has(open.id)) return;
    await insertRevisions(this.trx, this.accountId, this.revisionRows(open.id, data.revisions));
  }

  /** Waits until no batch is being written (whether or not it failed). */
  async settled(): Promise<void> {
    await Promise.all(this.writing.map((flush) => flush.catch(() => undefined)));
  }

  /** Waits until every batch in flight is written, failing with the oldest failure. */
  async written(): Promise<void> {
    while (this.writing.length > 0) await this.writing.shift();
  }

  private async flushMemories(): Promise<void> {
    let batch = this.pendingMemories;
    if (batch.length === 0) return;
    this.pendingMemories = [];
    this.pendingChars = 0;
    if (this.restoring) {
      // A restore leaves the Memories the account has (in the trash too) as they are.
      const { ours, trashed } = await idsTaken(this.trx, 'memory', this.accountId, batch.map(({ id }) => id));
      for (const id of ours) this.existingMemories.add(id);
      for (const id of trashed) this.trashedMemories.add(id);
      this.skipped.existing.memories += ours.size;
      batch = batch.filter(({ id }) => !ours.has(id));
      if (batch.length === 0) return;
    }
    const rows: NewMemoryRow[] = batch.map(({ data, id }) => ({
      id,
      account_id: this.accountId,
      text: data.text,
      type: data.type,
      sensitivity: data.sensitivity,
      tags: normalizeTags(data.tags),
      pinned: data.pinned,
      revision: data.revision,
      created_at: new Date(data.created_at),
      updated_at: new Date(data.updated_at),
      // One already past is trashed as expired by the next expiry pass, as it would have been.
      expires_at: data.expires_at ? new Date(data.expires_at) : null,
    }));
    await this.projections.addMemories(this.trx, rows, (indexed) => insertMemories(this.trx, this.accountId, indexed));
    this.wrote('memory', ...rows.map((row) => row.id));
    const revisions = batch.flatMap(({ data, id }) => this.revisionRows(id, data.revisions));
    await insertRevisions(this.trx, this.accountId, revisions);
    this.imported.memories += rows.length;
  }

  /** A Memory's revisions of the file as rows of its history. */
  private revisionRows(memoryId: string, revisions: MemoryData['revisions']) {
    return revisions.map((revision) => ({
      memory_id: memoryId,
      revision: revision.revision,
      text: revision.text,
      type: revision.type,
      sensitivity: revision.sensitivity,
      tags: normalizeTags(revision.tags),
      pinned: revision.pinned,
      created_at: revision.created_at,
      // API keys belong to the exporting account: only the kind of actor is kept, and an API
      // key's import writes every revision as its own.
      ...this.actor(revision.actor.kind),
    }));
  }

  /** Who a revision of the file is written as: the importing key, or the kind of actor the file names. */
  private actor(kind: 'api_key' | 'session'): { actor_kind: 'api_key' | 'session'; actor_key_id: string | null } {
    const { principal } = this;
    return principal.kind === 'api_key' ? { actor_kind: 'api_key', actor_key_id: principal.keyId } : { actor_kind: kind, actor_key_id: null };
  }

  private async link(line: number, data: ExportData<'link'>): Promise<void> {
    this.read.links += 1;
    const subjectId = this.mapped(this.subjects, data.subject_id, line, '/data/subject_id', 'Subject');
    const memoryId = this.mapped(this.memories, data.memory_id, line, '/data/memory_id', 'Memory');
    if (!this.writes) return;
    this.pendingLinks.push({ subject_id: subjectId, memory_id: memoryId, created_at: new Date(data.created_at) });
    if (this.pendingLinks.length >= (this.writes?.linkBatch ?? LINK_BATCH)) await this.flushLinks();
  }

  private async flushLinks(): Promise<void> {
    if (!this.writes) return;
    await this.flushMemories();
    // A Memory in the trash keeps its links there, for when it is restored.
    const batch = this.pendingLinks.filter((link) => !this.trashedMemories.has(link.memory_id));
    this.pendingLinks = [];
    if (batch.length === 0) return;
    const inserted = await insertNewLinks(this.trx, this.accountId, batch);
    await this.projections.addLinks(
      this.trx,
      inserted.map((link) => ({ subjectId: link.subject_id, memoryId: link.memory_id })),
    );
    this.imported.links += inserted.length;
  }

  /** The Memories of a record's sources, by their IDs in the account; a restore leaves out those in the trash (which keeps their places). */
  private sources(line: number, sources: ReadonlyArray<{ memory_id: string }>): string[] {
    return sources
      .map((source, index) => this.mapped(this.memories, source.memory_id, line, `/data/sources/${index}/memory_id`, 'Memory'))
      .filter((id) => !this.trashedMemories.has(id));
  }

  private async fact(line: number, data: ExportData<'fact'>): Promise<void> {
    this.read.facts += 1;
    this.once(this.facts, data.id, line);
    await this.flushLinks();
    const subjectId = this.mapped(this.subjects, data.subject_id, line, '/data/subject_id', 'Subject');
    const sources = this.sources(line, data.sources);
    const key = statementKey(data.statement);
    // Files written before Facts had a validity hold current Facts, valid from their acceptance.
    const validFrom = new Date(data.valid_from ?? data.accepted_at);
    const validUntil = data.valid_until == null ? null : new Date(data.valid_until);
    const successor = data.superseded_by ?? null;
    const errors: LineError[] = [];
    // A Fact may have ended without a successor in the file: an API key's export leaves out a
    // successor it cannot see.
    if (validUntil === null && successor !== null) errors.push({ path: '/data/superseded_by', message: 'must be null while valid_until is' });
    if (validUntil !== null && validUntil < validFrom) errors.push({ path: '/data/valid_until', message: 'must not be before valid_from' });
    if (successor === data.id) errors.push({ path: '/data/superseded_by', message: 'must name another Fact' });
    if (errors.length > 0) throw invalidLine(line, errors);
    if (!this.asKey) await this.claim('fact', data.id, line);
    if (!this.asKey && this.writes && (await this.exists('fact', data.id))) {
      // It keeps its own fields and successor; a source it lost (a Memory deleted for good and
      // brought back by this restore) comes back.
      this.facts.set(data.id, { id: data.id, subjectId });
      this.skipped.existing.facts += 1;
      if (sources.length > 0) await addFactSources(this.trx, this.accountId, data.id, sources);
      return;
    }
    this.projections.subjectChanged(subjectId);
    if (this.asKey || !this.writes) {
      this.facts.set(data.id, { id: null, subjectId });
      if (successor !== null) this.successors.push({ line, factId: null, subjectId, successor });
      if (this.writes) await this.factAsSuggestion(data, subjectId, sources, validUntil);
      return;
    }
    // A merged Subject that already states it (a current Fact the caller can see: only current
    // Facts count) keeps its Fact, which gains the file's sources.
    const stated = validUntil === null ? await currentFactStating(this.trx, this.principal, subjectId, key) : undefined;
    let factId = stated?.id;
    if (!factId) {
      const inserted = await insertFact(this.trx, {
        id: this.restoring ? data.id : newId('fact', Date.parse(data.created_at)),
        account_id: this.accountId,
        subject_id: subjectId,
        statement: data.statement,
        statement_key: key,
        accepted_at: new Date(data.accepted_at),
        created_at: new Date(data.created_at),
        valid_from: validFrom,
        valid_until: validUntil,
      });
      factId = inserted.id;
      this.imported.facts += 1;
      this.wrote('fact', factId);
    }
    this.facts.set(data.id, { id: factId, subjectId });
    if (successor !== null) this.successors.push({ line, factId, subjectId, successor });
    if (sources.length > 0) await addFactSources(this.trx, this.accountId, factId, sources);
  }

  /**
   * An API key's import of a Fact: a current one becomes a pending suggestion of its statement,
   * with its sources, unless the Subject states it already or has it pending; one no longer
   * current is history the user reviewed, which a suggestion cannot carry: it is left out.
   */
  private async factAsSuggestion(data: ExportData<'fact'>, subjectId: string, sources: readonly string[], validUntil: Date | null): Promise<void> {
    if (validUntil !== null) {
      this.skipped.superseded_facts += 1;
      return;
    }
    const key = statementKey(data.statement);
    if (await currentFactStating(this.trx, this.principal, subjectId, key)) return;
    if (await pendingSuggestionStating(this.trx, this.principal, subjectId, key)) return;
    await this.addSuggestion(data, subjectId, key, sources, { note: null, status: 'pending', fact_id: null, supersedes: null, reviewed_at: null });
    this.factsAsSuggestions += 1;
  }

  /** Writes a suggestion of the file's statement, with its sources. */
  private async addSuggestion(
    data: { statement: string; created_at: string },
    subjectId: string,
    key: string,
    sources: readonly string[],
    decision: Pick<Insertable<DB['fact_suggestions']>, 'note' | 'status' | 'fact_id' | 'supersedes' | 'reviewed_at'> & { id?: string },
  ): Promise<void> {
    const { id: inserted } = await insertSuggestion(this.trx, {
      id: newId('factSuggestion', Date.parse(data.created_at)),
      account_id: this.accountId,
      subject_id: subjectId,
      statement: data.statement,
      statement_key: key,
      created_at: new Date(data.created_at),
      ...decision,
    });
    this.wrote('suggestion', inserted);
    if (sources.length > 0) await insertSuggestionSources(this.trx, this.accountId, inserted, sources);
  }

  /** A Fact of the file that a record refers to, which must come earlier in the file. */
  private factOf(fileId: string, line: number, path: string): { id: string | null; subjectId: string } {
    const fact = this.facts.get(fileId);
    if (!fact) throw invalidLine(line, [{ path, message: `refers to Fact ${fileId}, which is not earlier in the file` }]);
    return fact;
  }

  /** Points each superseded Fact at its successor, now that every Fact of the file has its new ID. */
  private async linkSuccessors(): Promise<void> {
    const ids: string[] = [];
    const successorIds: string[] = [];
    for (const { line, factId, subjectId, successor } of this.successors) {
      const next = this.facts.get(successor);
      if (!next) {
        throw invalidLine(line, [{ path: '/data/superseded_by', message: `refers to Fact ${successor}, which is not in the file` }]);
      }
      if (next.subjectId !== subjectId) {
        throw invalidLine(line, [{ path: '/data/superseded_by', message: `refers to Fact ${successor}, which is of another Subject` }]);
      }
      if (factId === null || next.id === null) continue;
      ids.push(factId);
      successorIds.push(next.id);
    }
    if (!this.writes) return;
    for (let start = 0; start < ids.length; start += LINK_BATCH) {
      await setSuccessors(this.trx, ids.slice(start, start + LINK_BATCH), successorIds.slice(start, start + LINK_BATCH));
    }
  }

  private async suggestion(line: number, data: ExportData<'fact_suggestion'>): Promise<void> {
    this.read.fact_suggestions += 1;
    this.once(this.suggestionIds, data.id, line);
    this.suggestionIds.add(data.id);
    await this.flushLinks();
    const subjectId = this.mapped(this.subjects, data.subject_id, line, '/data/subject_id', 'Subject');
    const sources = this.sources(line, data.sources);
    const errors: LineError[] = [];
    // An accepted suggestion may name no Fact: an API key's export leaves out a Fact it cannot see.
    if (data.status !== 'accepted' && data.fact_id !== null) errors.push({ path: '/data/fact_id', message: 'must be null unless the status is "accepted"' });
    if ((data.status === 'pending') !== (data.reviewed_at === null)) {
      errors.push({ path: '/data/reviewed_at', message: 'must be null exactly when the status is "pending"' });
    }
    if (errors.length > 0) throw invalidLine(line, errors);
    await this.claim('suggestion', data.id, line);
    const fact = data.fact_id === null ? null : this.factOf(data.fact_id, line, '/data/fact_id');
    const superseded = data.supersedes == null ? null : this.factOf(data.supersedes, line, '/data/supersedes');
    if (superseded !== null && superseded.subjectId !== subjectId) {
      throw invalidLine(line, [{ path: '/data/supersedes', message: `refers to Fact ${data.supersedes}, which is of another Subject` }]);
    }
    if (!this.writes) return;
    if (await this.exists('suggestion', data.id)) {
      // As a Fact the account has: a source it lost comes back, and nothing else changes.
      this.skipped.existing.fact_suggestions += 1;
      if (sources.length > 0) await insertSuggestionSources(this.trx, this.accountId, data.id, sources);
      return;
    }
    // An API key's import brings every suggestion as pending: deciding one is the user's.
    const decided = !this.asKey;
    const status = decided ? data.status : 'pending';
    const key = statementKey(data.statement);
    // A merged Subject with the same suggestion pending (one the caller can see) keeps its own.
    if (status === 'pending' && (await pendingSuggestionStating(this.trx, this.principal, subjectId, key))) return;
    await this.addSuggestion(data, subjectId, key, sources, {
      ...(this.restoring ? { id: data.id } : {}),
      note: data.note,
      status,
      fact_id: decided ? (fact?.id ?? null) : null,
      supersedes: decided ? (superseded?.id ?? null) : null,
      reviewed_at: decided && data.reviewed_at !== null ? new Date(data.reviewed_at) : null,
    });
    this.imported.fact_suggestions += 1;
  }

  private async template(line: number, data: ExportData<'template'>): Promise<void> {
    this.read.templates += 1;
    this.once(this.templateIds, data.id, line);
    this.templateIds.add(data.id);
    if (this.restoring) {
      // Templates are few: each is looked up as it is read.
      await this.claim('template', data.id, line);
      // Looked up now, with every claim before it, so that the file's earliest foreign ID is named.
      if (!this.writes) await this.lookUpClaims();
      const { ours } = await idsTaken(this.writes ? this.trx : this.reader, 'template', this.accountId, [data.id]);
      if (ours.has(data.id)) {
        if (this.writes) this.skipped.existing.templates += 1;
        return;
      }
    }
    if (this.templatesOwned + 1 > limits.templatesMax) {
      throw new AppError('template_limit_reached', `An account can own at most ${limits.templatesMax} Templates.`, {
        templates_max: limits.templatesMax,
        line,
      });
    }
    const name = data.name.trim();
    try {
      assertValidDraft(data.draft.files, { name, summary: data.summary, tags: data.tags, release_notes: data.release_notes });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // Each broken draft rule in its own words (they name the file), not a pointer to details the import does not carry.
      const broken = (err.details?.violations as Violation[] | undefined)?.map(({ message }) => message) ?? [err.message];
      const omitted = (err.details?.omitted_violations as number | undefined) ?? 0;
      throw invalidLine(
        line,
        broken.map((message) => ({ path: '/data/draft', message })),
        broken.length + omitted,
      );
    }
    this.templatesOwned += 1;
    if (!this.writes) return;
    const created = new Date(data.created_at);
    const id = this.restoring ? data.id : newId('template', created.getTime());
    const sizes = data.draft.files.map((file) => codePointLength(file.content));
    await insertTemplate(
      this.trx,
      {
        id,
        account_id: this.accountId,
        draft_revision: 1,
        starter_readme: starterReadme(name),
        review_state: 'draft',
        publication_state: 'never_published',
        version: 0,
        state_version: 0,
        // The credit of a copy stays with it (files made before copies were credited have none).
        ...(data.copied_from ? { copied_from_template_id: data.copied_from.template_id, copied_from_version: data.copied_from.version } : {}),
        created_at: created,
        updated_at: new Date(data.updated_at),
      },
      {
        account_id: this.accountId,
        template_id: id,
        revision: 1,
        name,
        summary: data.summary,
        category: data.category,
        tags: normalizeTemplateTags(data.tags),
        license: data.license,
        release_notes: data.release_notes,
        total_size: sizes.reduce((a, b) => a + b, 0),
        created_at: new Date(data.draft.updated_at),
      },
      data.draft.files.map((file, i) => ({ account_id: this.accountId, template_id: id, revision: 1, path: file.path, content: file.content, size: sizes[i] ?? 0 })),
    );
    this.wrote('template', id);
    this.imported.templates += 1;
  }

  /** The file's last record: its counts must be what was read, then what the writes imply is brought up to date. */
  private async end(line: number, { counts }: ExportData<'end'>): Promise<void> {
    // A count the file leaves out is 0 (files written before memory_history records existed have none).
    const counted = (type: keyof ExportCounts) => counts[type] ?? 0;
    const differing = (Object.keys(this.read) as Array<keyof ExportCounts>).filter((type) => counted(type) !== this.read[type]);
    if (differing.length > 0) {
      throw invalidLine(
        line,
        differing.map((type) => ({ path: `/data/counts/${type}`, message: `is ${counted(type)}, but the file holds ${this.read[type]}` })),
      );
    }
    await this.lookUpClaims();
    this.state = 'ended';
    await this.flushLinks();
    await this.linkSuccessors();
    if (this.writes) await this.projections.settle(this.writes);
  }
}
