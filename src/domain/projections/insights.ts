import type { Transaction } from 'kysely';
import type { DB, MemoryInsightRow } from '../../db/schema';
import {
  duplicatePairsAmong,
  duplicatesWithinSubject,
  DUPLICATE_SIMILARITY,
  DUPLICATES_PER_MEMORY,
  findMemoryText,
  findSubjectNames,
  insightsInScope,
  linkCountsOf,
  subjectNamesOf,
  trigramsOfLinkedMemories,
  unlinkedMemoriesPossiblyMentioning,
} from '../insights/insights.repository';
import { mentionedTerm, possiblyMentioned, SubjectMentions, subjectTerms } from '../insights/mentions';
import { parseIntegers, rankByRarity, similarPairs } from '../insights/similar-pairs';
import { newId } from '../shared/ids';
import { memoriesLinkedTo, subjectsLinkedTo } from '../shared/memory-links.repository';
import { deleteInsightOfCause, deleteInsights, deleteInsightsOfCauses, insertPendingInsights } from './insights.repository';

/**
 * The memory insights (table memory_insights): unlinked mentions and possible duplicates, found
 * as the Memories, Subjects and links they are about change. Users review them through
 * insights/insights.ts.
 */

type Kind = MemoryInsightRow['kind'];

interface Cause {
  readonly subjectId: string;
  readonly kind: Kind;
  readonly memoryIds: string[];
  readonly summary: string;
}

const causeKey = (kind: Kind, memoryIds: readonly string[]) => `${kind}:${[...memoryIds].sort().join(',')}`;

/** The pending insight row of a cause. */
function insightOf(cause: Cause, accountId: string, now: Date) {
  return {
    id: newId('insight', now.getTime()),
    account_id: accountId,
    subject_id: cause.subjectId,
    kind: cause.kind,
    cause_key: causeKey(cause.kind, cause.memoryIds),
    memory_ids: [...cause.memoryIds].sort(),
    summary: cause.summary,
    status: 'pending' as const,
    created_at: now,
  };
}

/**
 * Memory insights as the user reviews them: listed per Subject, and dismissed. The insights
 * themselves come and go with the knowledge they are about (projections/insights.ts).
 */
async function reconcile(
  trx: Transaction<DB>,
  accountId: string,
  scope: { kind: Kind; subjectId?: string; memoryId?: string },
  causes: readonly Cause[],
  now: Date,
): Promise<void> {
  const current = await insightsInScope(trx, accountId, scope);
  const wanted = new Set(causes.map((cause) => `${cause.subjectId}|${causeKey(cause.kind, cause.memoryIds)}`));
  const stale = current.filter((row) => !wanted.has(`${row.subject_id}|${row.cause_key}`)).map((row) => row.id);
  if (stale.length > 0) await deleteInsights(trx, accountId, stale);
  await insertCauses(trx, accountId, causes, now);
}

/** Pending insights for new causes (a cause that has one already keeps it, and its status). */
async function insertCauses(trx: Transaction<DB>, accountId: string, causes: readonly Cause[], now: Date): Promise<void> {
  await insertPendingInsights(trx, causes.map((cause) => insightOf(cause, accountId, now)));
}

const mentionSummary = (memoryId: string, term: string, subjectName: string) =>
  `Memory ${memoryId} mentions "${term}" but is not linked to ${subjectName}.`;

/** The unlinked-mention cause of a Memory that mentions a Subject's term: none when `term` is null. */
function mentionCause(subject: { id: string; name: string }, memoryId: string, term: string | null): Cause[] {
  if (!term) return [];
  return [{ subjectId: subject.id, kind: 'unlinked_mention', memoryIds: [memoryId], summary: mentionSummary(memoryId, term, subject.name) }];
}

/** After a Memory is created or its text changes: which Subjects it mentions without a link. */
export async function refreshMentionsOfMemory(
  trx: Transaction<DB>,
  accountId: string,
  memory: { id: string; text: string },
  now: Date,
): Promise<void> {
  const [subjects, linkedSubjects] = await Promise.all([subjectNamesOf(trx, accountId), subjectsLinkedTo(trx, accountId, memory.id)]);
  const linked = new Set(linkedSubjects);
  const unlinked = subjects.filter((subject) => !linked.has(subject.id));
  const causes = new SubjectMentions(possiblyMentioned(unlinked, memory.text))
    .in(memory.text)
    .flatMap(({ subject, term }) => mentionCause(subject, memory.id, term));
  await reconcile(trx, accountId, { kind: 'unlinked_mention', memoryId: memory.id }, causes, now);
}

/**
 * After a Subject is created or renamed: which Memories mention it without a link. The search
 * index narrows the candidates (see unlinkedMemoriesPossiblyMentioning), so no change rescans
 * every Memory; the whole-word rule is applied to those only.
 */
export async function refreshMentionsOfSubject(
  trx: Transaction<DB>,
  accountId: string,
  subject: { id: string; name: string; aliases: readonly string[] },
  now: Date,
): Promise<void> {
  const candidates = await unlinkedMemoriesPossiblyMentioning(trx, accountId, subject.id, subjectTerms(subject));
  const mentions = new SubjectMentions([subject]);
  const causes = candidates.flatMap((memory) => mentions.in(memory.text).flatMap(({ term }) => mentionCause(subject, memory.id, term)));
  await reconcile(trx, accountId, { kind: 'unlinked_mention', subjectId: subject.id }, causes, now);
}

/** After a link or unlink of one pair: the mention insight of that pair only. */
export async function refreshMentionOfPair(
  trx: Transaction<DB>,
  accountId: string,
  subjectId: string,
  memoryId: string,
  now: Date,
): Promise<void> {
  const [subject, memory, linked] = await Promise.all([
    findSubjectNames(trx, accountId, subjectId),
    findMemoryText(trx, accountId, memoryId),
    memoriesLinkedTo(trx, accountId, subjectId, [memoryId]),
  ]);
  const key = causeKey('unlinked_mention', [memoryId]);
  const term = subject && memory && linked.length === 0 ? mentionedTerm(memory.text, subject) : null;
  if (!term || !subject) {
    await deleteInsightOfCause(trx, accountId, subjectId, key);
    return;
  }
  await insertCauses(trx, accountId, mentionCause(subject, memoryId, term), now);
}

function duplicateCause(subjectId: string, memoryId: string, twinId: string, same: boolean): Cause {
  const pair = [memoryId, twinId].sort();
  return {
    subjectId,
    kind: 'possible_duplicate',
    memoryIds: pair,
    summary: `Memories ${pair[0]} and ${pair[1]} look like duplicates${same ? ' (the same text)' : ''}.`,
  };
}

/**
 * The duplicate insights of one Memory within each Subject it is linked to (or the given ones):
 * compared with the other Memories linked to the same Subject only.
 */
export async function refreshDuplicatesOfMemory(
  trx: Transaction<DB>,
  accountId: string,
  memoryId: string,
  now: Date,
  subjectIds?: readonly string[],
): Promise<void> {
  const subjects = subjectIds ?? (await subjectsLinkedTo(trx, accountId, memoryId));
  for (const subjectId of subjects) {
    const stillLinked = (await memoriesLinkedTo(trx, accountId, subjectId, [memoryId])).length > 0;
    const twins = stillLinked ? await duplicatesWithinSubject(trx, accountId, subjectId, memoryId) : [];
    const causes = twins.map((twin) => duplicateCause(subjectId, memoryId, twin.id, twin.same));
    await reconcile(trx, accountId, { kind: 'possible_duplicate', subjectId, memoryId }, causes, now);
  }
}

/**
 * Where work in bulk writes: the transaction of the moment, and `between`, called between its
 * statements, where the caller may let others in (and go on in a new transaction).
 */
export interface BulkWrites {
  readonly trx: Transaction<DB>;
  between(): Promise<void>;
}

/**
 * After links were added in bulk (an import): the duplicate insights those links bring, within
 * the same bounds as a link made alone (DUPLICATES_PER_MEMORY per Memory and Subject). Adding
 * links only adds causes, so nothing is removed.
 */
export async function addDuplicatesOfLinks(
  writes: BulkWrites,
  accountId: string,
  links: ReadonlyArray<{ subjectId: string; memoryId: string }>,
  now: Date,
): Promise<void> {
  if (links.length === 0) return;
  // Comparing each new link with every Memory of its Subject would grow with the square of the
  // Subject's size. Instead, candidates are found here: texts with equal folded or trimmed heads
  // (by their hashes), and texts with similar heads by prefix filtering over their pg_trgm
  // trigrams (similar-pairs.ts), a bounded number per Memory; the database then judges them by
  // the rule itself, a few hundred at a time. Subjects are taken a few thousand linked Memories
  // at a time, so that the trigrams held at once stay bounded.
  // As many pairs as a link made alone may bring.
  const budget = { pairsPerSet: DUPLICATES_PER_MEMORY, checksPerSet: DUPLICATE_CHECKS_PER_MEMORY };
  const added = new Set(links.map((link) => `${link.subjectId}|${link.memoryId}`));
  const sizes = await linkCountsOf(writes.trx, accountId, [...new Set(links.map((link) => link.subjectId))]);
  for (const subjectIds of chunksOf(sizes, (row) => row.memories, DUPLICATE_CHUNK_MEMORIES)) {
    const members: Awaited<ReturnType<typeof trigramsOfLinkedMemories>> = [];
    for (let after: (typeof members)[number] | undefined; ; ) {
      const page = await trigramsOfLinkedMemories(writes.trx, accountId, subjectIds, { ...(after ? { after } : {}), size: DUPLICATE_TRIGRAM_PAGE });
      members.push(...page);
      await writes.between();
      if (page.length < DUPLICATE_TRIGRAM_PAGE) break;
      after = page[page.length - 1];
    }
    const bySubject = new Map<string, Array<{ id: string; tokens: Int32Array; wanted: boolean; keys: string[] }>>();
    for (const row of members) {
      const keys = [`plain:${row.plain}`];
      if (row.folded !== null) keys.push(`folded:${row.folded}`);
      const set = { id: row.memory_id, tokens: parseIntegers(row.grams), wanted: added.has(`${row.subject_id}|${row.memory_id}`), keys };
      const list = bySubject.get(row.subject_id);
      if (list) list.push(set);
      else bySubject.set(row.subject_id, [set]);
    }
    const pairs: Array<{ subjectId: string; self: string; other: string }> = [];
    for (const [subjectId, sets] of bySubject) {
      // Hash collisions can only merge trigrams; the margin below the rule's threshold keeps a
      // pair that one merge would push under it.
      for (const [self, other] of similarPairs(rankByRarity(sets), DUPLICATE_SIMILARITY - 0.01, budget)) pairs.push({ subjectId, self, other });
    }
    for (let at = 0; at < pairs.length; at += DUPLICATE_PAIRS_PER_STATEMENT) {
      const judged = await duplicatePairsAmong(writes.trx, accountId, pairs.slice(at, at + DUPLICATE_PAIRS_PER_STATEMENT));
      await writes.between();
      await insertCauses(
        writes.trx,
        accountId,
        judged.map((row) => duplicateCause(row.subject_id, row.self_id, row.other_id, row.same)),
        now,
      );
      await writes.between();
    }
  }
}

/** How many other Memories of its Subject one Memory linked in bulk is compared with at most, besides those with its head. */
const DUPLICATE_CHECKS_PER_MEMORY = 200;
/** Linked Memories whose trigrams are read per statement. */
const DUPLICATE_TRIGRAM_PAGE = 250;
/** Candidate pairs judged (and their insights written) per statement. */
const DUPLICATE_PAIRS_PER_STATEMENT = 100;

/** How many linked Memories addDuplicatesOfLinks compares at a time (more when one Subject has more). */
const DUPLICATE_CHUNK_MEMORIES = 2_000;

/** Groups rows' IDs in order, each group's weight reaching `limit` at most unless one row alone does. */
function chunksOf<Row extends { subject_id: string }>(rows: readonly Row[], weight: (row: Row) => number, limit: number): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let total = 0;
  for (const row of rows) {
    if (current.length > 0 && total + weight(row) > limit) {
      chunks.push(current);
      current = [];
      total = 0;
    }
    current.push(row.subject_id);
    total += weight(row);
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * After Memories were added in bulk (an import), before any of them is linked: the Subjects each
 * one mentions, found here in the texts at hand. Links added later take their insights away
 * (removeMentionsOfLinks).
 */
export async function addMentionsOfNewMemories(
  trx: Transaction<DB>,
  accountId: string,
  memories: ReadonlyArray<{ id: string; text: string }>,
  mentions: SubjectMentions<{ id: string; name: string; aliases: readonly string[] }>,
  now: Date,
): Promise<void> {
  const causes = memories.flatMap((memory) => mentions.in(memory.text).flatMap(({ subject, term }) => mentionCause(subject, memory.id, term)));
  await insertCauses(trx, accountId, causes, now);
}

/** After links of the account were added in bulk: the mention insights of those pairs go (a linked mention is no insight). */
export async function removeMentionsOfLinks(
  trx: Transaction<DB>,
  accountId: string,
  links: ReadonlyArray<{ subjectId: string; memoryId: string }>,
): Promise<void> {
  if (links.length === 0) return;
  await deleteInsightsOfCauses(
    trx,
    accountId,
    links.map((link) => ({ subjectId: link.subjectId, causeKey: causeKey('unlinked_mention', [link.memoryId]) })),
  );
}
