import { textArray } from '../../db/sql';
import { containsTerms, hasIndexedWords } from '../search/search-index';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { DB, MemoryInsightRow } from '../../db/schema';
import type { components } from '../../generated/openapi';
import type { Services } from '../services';
import { AppError } from '../shared/errors';
import { newId } from '../shared/ids';
import { pageByTimeAndId, type Page } from '../shared/pagination';
import type { Principal } from '../shared/principal';
import { allMemoriesVisibleTo } from '../memories/visibility';
import { assertSubjectExists } from '../subjects/subjects.repository';
import { escapeLike, firstWordOf, mentionedTerm, MentionFinder, subjectTerms, wordsOf } from './mentions';
import { parseIntegers, rankByRarity, similarPairs } from './similar-pairs';

type MemoryInsight = components['schemas']['MemoryInsight'];
type Kind = MemoryInsightRow['kind'];

/** Texts this similar (pg_trgm) or equal after folding are possible duplicates. */
export const DUPLICATE_SIMILARITY = 0.85;
/** Texts are compared by this many first characters (and their lengths). */
const DUPLICATE_COMPARED_CHARS = 2_000;

export function toMemoryInsight(row: MemoryInsightRow): MemoryInsight {
  return {
    id: row.id,
    subject_id: row.subject_id,
    kind: row.kind,
    status: row.status,
    summary: row.summary,
    memory_ids: row.memory_ids,
    created_at: row.created_at.toISOString(),
  };
}

interface Cause {
  readonly subjectId: string;
  readonly kind: Kind;
  readonly memoryIds: string[];
  readonly summary: string;
}

const causeKey = (kind: Kind, memoryIds: readonly string[]) => `${kind}:${[...memoryIds].sort().join(',')}`;

/**
 * Makes the stored insights of one scope equal to the causes that hold now: insights whose cause
 * is gone are removed, new causes get a pending insight, and existing ones keep their ID and
 * status (a dismissed insight stays dismissed while its cause lasts).
 */
async function reconcile(
  trx: Transaction<DB>,
  accountId: string,
  scope: { kind: Kind; subjectId?: string; memoryId?: string },
  causes: readonly Cause[],
  now: Date,
): Promise<void> {
  let existing = trx
    .selectFrom('memory_insights')
    .select(['id', 'cause_key', 'subject_id'])
    .where('account_id', '=', accountId)
    .where('kind', '=', scope.kind);
  if (scope.subjectId) existing = existing.where('subject_id', '=', scope.subjectId);
  if (scope.memoryId) existing = existing.where('memory_ids', '@>', textArray([scope.memoryId]));
  const current = await existing.execute();
  const wanted = new Set(causes.map((cause) => `${cause.subjectId}|${causeKey(cause.kind, cause.memoryIds)}`));
  const stale = current.filter((row) => !wanted.has(`${row.subject_id}|${row.cause_key}`)).map((row) => row.id);
  if (stale.length > 0) await trx.deleteFrom('memory_insights').where('id', 'in', stale).execute();
  await insertCauses(trx, accountId, causes, now);
}

/** Pending insights for new causes (a cause that has one already keeps it, and its status). */
async function insertCauses(trx: Transaction<DB>, accountId: string, causes: readonly Cause[], now: Date): Promise<void> {
  // A statement's parameters are limited: 1,000 rows of nine columns at a time.
  for (let start = 0; start < causes.length; start += 1_000) {
    await trx
      .insertInto('memory_insights')
      .values(
        causes.slice(start, start + 1_000).map((cause) => ({
          id: newId('insight', now.getTime()),
          account_id: accountId,
          subject_id: cause.subjectId,
          kind: cause.kind,
          cause_key: causeKey(cause.kind, cause.memoryIds),
          memory_ids: [...cause.memoryIds].sort(),
          summary: cause.summary,
          status: 'pending' as const,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['subject_id', 'cause_key']).doNothing())
      .execute();
  }
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
  const lowerText = memory.text.toLowerCase();
  const [subjects, links] = await Promise.all([
    // Only Subjects with a term inside the text come back: a printable-ASCII term is looked for
    // here exactly as mentionsTerm looks for it (lower case, trimmed of spaces); any other term
    // is always a candidate. The whole-word rule is applied below.
    trx
      .selectFrom('subjects')
      .select(['id', 'name', 'aliases'])
      .where('account_id', '=', accountId)
      .where(
        sql<boolean>`exists (select 1 from unnest(array_prepend(subjects.name, subjects.aliases)) as t(term)
          where t.term !~ '^[ -~]*$' or strpos(${lowerText}, lower(btrim(t.term))) > 0)`,
      )
      .execute(),
    trx.selectFrom('memory_links').select('subject_id').where('memory_id', '=', memory.id).execute(),
  ]);
  const linked = new Set(links.map((link) => link.subject_id));
  const finder = new MentionFinder(lowerText);
  const causes = subjects
    .filter((subject) => !linked.has(subject.id))
    .flatMap((subject) => mentionCause(subject, memory.id, finder.firstMentioned(subjectTerms(subject))));
  await reconcile(trx, accountId, { kind: 'unlinked_mention', memoryId: memory.id }, causes, now);
}

/**
 * After a Subject is created or renamed: which Memories mention it without a link. The search
 * index narrows the candidates to the Memories indexed under every word of a name (a whole-word
 * mention of a name is made of the same words), so no change rescans every Memory; the
 * whole-word rule is applied to those only. A name of stop words alone, which the index does not
 * hold, is looked for in the texts.
 */
export async function refreshMentionsOfSubject(
  trx: Transaction<DB>,
  accountId: string,
  subject: { id: string; name: string; aliases: readonly string[] },
  now: Date,
): Promise<void> {
  const terms = subjectTerms(subject);
  const candidates = await trx
    .selectFrom('memories')
    .select(['id', 'text'])
    .where('account_id', '=', accountId)
    .where((eb) =>
      eb.or(
        terms.map((term) => (hasIndexedWords(term) ? containsTerms(accountId, term) : eb('text', 'ilike', `%${escapeLike(term)}%`))),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('memory_links')
            .select(sql`1`.as('one'))
            .whereRef('memory_links.memory_id', '=', 'memories.id')
            .where('memory_links.subject_id', '=', subject.id),
        ),
      ),
    )
    .execute();
  const causes = candidates.flatMap((memory) => mentionCause(subject, memory.id, mentionedTerm(memory.text.toLowerCase(), terms)));
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
  const [subject, memory, link] = await Promise.all([
    trx.selectFrom('subjects').select(['id', 'name', 'aliases']).where('id', '=', subjectId).executeTakeFirst(),
    trx.selectFrom('memories').select(['id', 'text']).where('id', '=', memoryId).executeTakeFirst(),
    trx
      .selectFrom('memory_links')
      .select('memory_id')
      .where('subject_id', '=', subjectId)
      .where('memory_id', '=', memoryId)
      .executeTakeFirst(),
  ]);
  const key = causeKey('unlinked_mention', [memoryId]);
  const term = subject && memory && !link ? mentionedTerm(memory.text.toLowerCase(), subjectTerms(subject)) : null;
  if (!term || !subject) {
    await trx.deleteFrom('memory_insights').where('subject_id', '=', subjectId).where('cause_key', '=', key).execute();
    return;
  }
  await trx
    .insertInto('memory_insights')
    .values({
      id: newId('insight', now.getTime()),
      account_id: accountId,
      subject_id: subjectId,
      kind: 'unlinked_mention',
      cause_key: key,
      memory_ids: [memoryId],
      summary: mentionSummary(memoryId, term, subject.name),
      status: 'pending',
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['subject_id', 'cause_key']).doNothing())
    .execute();
}

const folded = (text: RawBuilder<unknown>) => sql`btrim(regexp_replace(lower(${text}), '[^[:alnum:]]+', ' ', 'g'))`;

/**
 * Whether the Memories `self` and `other` (table aliases) look like duplicates, and whether their
 * texts are the same. Long texts are compared by their first DUPLICATE_COMPARED_CHARS characters,
 * and only when their lengths are close, so the work per pair is bounded; "the same text" means
 * the whole text. Texts with nothing left after folding (only symbols) are compared as written.
 */
function duplicateRule(self: string, other: string): { alike: RawBuilder<boolean>; same: RawBuilder<boolean> } {
  const head = (alias: string) => sql`left(${sql.ref(`${alias}.text`)}, ${DUPLICATE_COMPARED_CHARS})`;
  const length = (alias: string) => sql`char_length(${sql.ref(`${alias}.text`)})`;
  const long = sql<boolean>`greatest(${length(other)}, ${length(self)}) > ${DUPLICATE_COMPARED_CHARS}`;
  const sameHead = sql<boolean>`${folded(head(other))} = ${folded(head(self))}`;
  const alike = sql<boolean>`(not ${long} or least(${length(other)}, ${length(self)})
      >= greatest(${length(other)}, ${length(self)}) * ${DUPLICATE_SIMILARITY}::float8)
    and ((${folded(head(self))} != '' and ${sameHead})
      or lower(btrim(${head(other)})) = lower(btrim(${head(self)}))
      or similarity(${head(other)}, ${head(self)}) >= ${DUPLICATE_SIMILARITY})`;
  const same = sql<boolean>`${sameHead} and (not ${long} or ${sql.ref(`${other}.text`)} = ${sql.ref(`${self}.text`)})`;
  return { alike, same };
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
  const subjects =
    subjectIds ??
    (await trx.selectFrom('memory_links').select('subject_id').where('memory_id', '=', memoryId).execute()).map(
      (link) => link.subject_id,
    );
  const rule = duplicateRule('self', 'other');
  for (const subjectId of subjects) {
    const stillLinked = await trx
      .selectFrom('memory_links')
      .select('memory_id')
      .where('subject_id', '=', subjectId)
      .where('memory_id', '=', memoryId)
      .executeTakeFirst();
    const twins = stillLinked
      ? await trx
          .selectFrom('memory_links as l')
          .innerJoin('memories as other', 'other.id', 'l.memory_id')
          .innerJoin('memories as self', (join) => join.on('self.id', '=', memoryId))
          .select(['other.id as id', rule.same.as('same')])
          .where('l.subject_id', '=', subjectId)
          .where('other.id', '!=', memoryId)
          .where(rule.alike)
          .execute()
      : [];
    const causes = twins.map((twin) => duplicateCause(subjectId, memoryId, twin.id, twin.same));
    await reconcile(trx, accountId, { kind: 'possible_duplicate', subjectId, memoryId }, causes, now);
  }
}

/**
 * After links were added in bulk (an import): the duplicate insights those links bring, found in
 * one statement for all of them. Adding links only adds causes, so nothing is removed.
 */
export async function addDuplicatesOfLinks(
  trx: Transaction<DB>,
  accountId: string,
  links: ReadonlyArray<{ subjectId: string; memoryId: string }>,
  now: Date,
): Promise<void> {
  if (links.length === 0) return;
  // Comparing each new link with every Memory of its Subject would grow with the square of the
  // Subject's size. Instead, texts with equal folded or trimmed heads are paired by a join, and
  // texts with similar heads by prefix filtering over their pg_trgm trigrams (similar-pairs.ts);
  // the pairs found are then judged by the rule itself. Subjects are taken a few thousand linked
  // Memories at a time, so that the trigrams held at once stay bounded.
  const added = new Set(links.map((link) => `${link.subjectId}|${link.memoryId}`));
  const sizes = await sql<{ subject_id: string; memories: string | number }>`
    select subject_id, count(*) as memories from memory_links
    where subject_id = any(${sql.val([...new Set(links.map((link) => link.subjectId))])}::text[])
    group by subject_id order by subject_id`.execute(trx);
  const causes = new Map<string, Cause>();
  for (const subjectIds of chunksOf(sizes.rows, (row) => Number(row.memories), DUPLICATE_CHUNK_MEMORIES)) {
    // The trigrams' hashes as one string each: far cheaper to read than an array's elements.
    const members = await sql<{ subject_id: string; memory_id: string; grams: string }>`
      select l.subject_id, l.memory_id,
        array_to_string(array(select hashtext(g) from unnest(show_trgm(left(m.text, ${DUPLICATE_COMPARED_CHARS}))) as g), ',') as grams
      from memory_links l join memories m on m.id = l.memory_id
      where l.subject_id = any(${sql.val(subjectIds)}::text[])`.execute(trx);
    const bySubject = new Map<string, Array<{ id: string; tokens: Int32Array; wanted: boolean }>>();
    for (const row of members.rows) {
      const set = { id: row.memory_id, tokens: parseIntegers(row.grams), wanted: added.has(`${row.subject_id}|${row.memory_id}`) };
      const list = bySubject.get(row.subject_id);
      if (list) list.push(set);
      else bySubject.set(row.subject_id, [set]);
    }
    const pairs: Array<{ subjectId: string; self: string; other: string }> = [];
    for (const [subjectId, sets] of bySubject) {
      // Hash collisions can only merge trigrams; the margin below the rule's threshold keeps a
      // pair that one merge would push under it.
      for (const [self, other] of similarPairs(rankByRarity(sets), DUPLICATE_SIMILARITY - 0.01)) pairs.push({ subjectId, self, other });
    }
    const rule = duplicateRule('self', 'other');
    const { rows } = await sql<{ subject_id: string; self_id: string; other_id: string; same: boolean }>`
      with new_links as (
        select * from unnest(${sql.val(links.map((link) => link.subjectId))}::text[], ${sql.val(links.map((link) => link.memoryId))}::text[])
          as n(subject_id, memory_id)
        where n.subject_id = any(${sql.val(subjectIds)}::text[])
      ),
      heads as materialized (
        select l.subject_id, l.memory_id, ${folded(sql`left(m.text, ${DUPLICATE_COMPARED_CHARS})`)} as folded,
          lower(btrim(left(m.text, ${DUPLICATE_COMPARED_CHARS}))) as plain
        from memory_links l join memories m on m.id = l.memory_id
        where l.subject_id = any(${sql.val(subjectIds)}::text[])
      ),
      candidates as (
        select * from unnest(${sql.val(pairs.map((pair) => pair.subjectId))}::text[], ${sql.val(pairs.map((pair) => pair.self))}::text[],
                             ${sql.val(pairs.map((pair) => pair.other))}::text[]) as p(subject_id, self_id, other_id)
        union
        select n.subject_id, n.memory_id, b.memory_id
        from new_links n join heads a on a.subject_id = n.subject_id and a.memory_id = n.memory_id
        join heads b on b.subject_id = n.subject_id and b.memory_id <> n.memory_id and (b.folded = a.folded or b.plain = a.plain)
      )
      select c.subject_id, c.self_id, c.other_id, ${rule.same} as same
      from candidates c join memories self on self.id = c.self_id join memories other on other.id = c.other_id
      where ${rule.alike}`.execute(trx);
    for (const row of rows) {
      const cause = duplicateCause(row.subject_id, row.self_id, row.other_id, row.same);
      causes.set(`${cause.subjectId}|${causeKey(cause.kind, cause.memoryIds)}`, cause);
    }
  }
  await insertCauses(trx, accountId, [...causes.values()], now);
}

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
  subjects: ReadonlyArray<{ id: string; name: string; aliases: readonly string[] }>,
  now: Date,
): Promise<void> {
  if (subjects.length === 0) return;
  const terms = subjects.map((subject) => subjectTerms(subject));
  const firstWords = terms.map((list) => list.map(firstWordOf));
  const causes: Cause[] = [];
  for (const memory of memories) {
    const lowerText = memory.text.toLowerCase();
    const finder = new MentionFinder(lowerText);
    const words = wordsOf(lowerText);
    subjects.forEach((subject, index) => {
      // Only the terms whose first word the text has can be mentioned in it.
      const possible = terms[index]!.filter((_term, at) => {
        const word = firstWords[index]![at] ?? null;
        return word === null || words.has(word);
      });
      const term = possible.length === 0 ? null : finder.firstMentioned(possible);
      if (term) {
        causes.push({ subjectId: subject.id, kind: 'unlinked_mention', memoryIds: [memory.id], summary: mentionSummary(memory.id, term, subject.name) });
      }
    });
  }
  await insertCauses(trx, accountId, causes, now);
}

/** After links were added in bulk: the mention insights of those pairs go (a linked mention is no insight). */
export async function removeMentionsOfLinks(trx: Transaction<DB>, links: ReadonlyArray<{ subjectId: string; memoryId: string }>): Promise<void> {
  if (links.length === 0) return;
  await sql`
    delete from memory_insights i
    using unnest(${sql.val(links.map((link) => link.subjectId))}::text[], ${sql.val(links.map((link) => causeKey('unlinked_mention', [link.memoryId])))}::text[])
      as l(subject_id, cause_key)
    where i.subject_id = l.subject_id and i.cause_key = l.cause_key`.execute(trx);
}

/** A deleted Memory takes every insight it was part of with it. */
export async function removeInsightsOfMemory(trx: Transaction<DB>, accountId: string, memoryId: string): Promise<void> {
  await trx
    .deleteFrom('memory_insights')
    .where('account_id', '=', accountId)
    .where('memory_ids', '@>', textArray([memoryId]))
    .execute();
}

/** Insights the principal may see: those whose Memories it may all see. */
function visibleInsights(services: Services, principal: Principal, subjectId: string) {
  return services.db
    .selectFrom('memory_insights as i')
    .selectAll('i')
    .where('i.account_id', '=', principal.accountId)
    .where('i.subject_id', '=', subjectId)
    .where(allMemoriesVisibleTo(principal, 'i.memory_ids'));
}

export async function pendingInsights(
  services: Services,
  principal: Principal,
  subjectId: string,
  limit: number,
): Promise<{ items: MemoryInsightRow[]; total: number }> {
  const base = visibleInsights(services, principal, subjectId).where('i.status', '=', 'pending');
  const [items, count] = await Promise.all([
    base.orderBy('i.created_at').orderBy('i.id').limit(limit).execute(),
    base.clearSelect().select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: count.count };
}

export async function listMemoryInsights(
  services: Services,
  principal: Principal,
  subjectId: string,
  query: { limit?: number; cursor?: string },
): Promise<Page<MemoryInsight>> {
  await assertSubjectExists(services.db, principal, subjectId);
  return pageByTimeAndId(
    visibleInsights(services, principal, subjectId).where('i.status', '=', 'pending'),
    { scope: 'memory_insights', filters: { subject_id: subjectId }, cursor: query.cursor, limit: query.limit },
    { time: 'i.created_at', id: 'i.id', oldestFirst: true },
    (row) => [row.created_at, row.id],
    toMemoryInsight,
  );
}

export async function dismissMemoryInsight(services: Services, principal: Principal, insightId: string): Promise<MemoryInsight> {
  const row = await services.db
    .updateTable('memory_insights')
    .set((eb) => ({ status: 'dismissed', dismissed_at: eb.fn.coalesce('dismissed_at', eb.val(services.clock.now())) }))
    .where('id', '=', insightId)
    .where('account_id', '=', principal.accountId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('insight_not_found', 'No Memory insight with this ID.');
  return toMemoryInsight(row);
}
