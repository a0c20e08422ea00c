import { sql, type RawBuilder, type Transaction } from 'kysely';
import { textArray } from '../../db/sql';
import type { DB, MemoryInsightRow, Queryable } from '../../db/schema';
import { containsTerms, hasIndexedWords } from '../search/index-terms';
import { pageByTimeAndId, type Page, type PageRequest } from '../shared/pagination';
import type { Principal } from '../shared/principal';
import { allMemoriesVisibleTo } from '../memories/visibility';
import { escapeLike } from './mentions';

type Kind = MemoryInsightRow['kind'];

/** Texts this similar (pg_trgm) or equal after folding are possible duplicates. */
export const DUPLICATE_SIMILARITY = 0.85;
/** Texts are compared by this many first characters (and their lengths). */
const DUPLICATE_COMPARED_CHARS = 2_000;
/**
 * The most possible_duplicate insights one Memory takes part in within one Subject when it is
 * written or linked: among many Memories that all look alike, the insights (and the work of
 * finding them) then grow with their number, not with its square.
 */
export const DUPLICATES_PER_MEMORY = 10;
/** A Memory written or linked alone is compared with this many of the Subject's Memories, those linked most recently. */
export const DUPLICATE_COMPARED_MEMORIES = 500;

/** The insights of a kind about one Subject, one Memory, or both; all of the kind without either. */
export async function insightsInScope(
  trx: Transaction<DB>,
  accountId: string,
  scope: { kind: Kind; subjectId?: string | undefined; memoryId?: string | undefined },
): Promise<Array<{ id: string; cause_key: string; subject_id: string }>> {
  let existing = trx
    .selectFrom('memory_insights')
    .select(['id', 'cause_key', 'subject_id'])
    .where('account_id', '=', accountId)
    .where('kind', '=', scope.kind);
  if (scope.subjectId) existing = existing.where('subject_id', '=', scope.subjectId);
  if (scope.memoryId) existing = existing.where('memory_ids', '@>', textArray([scope.memoryId]));
  return existing.execute();
}

/** The account's Subjects, by what they are mentioned as. */
export async function subjectNamesOf(trx: Transaction<DB>, accountId: string): Promise<Array<{ id: string; name: string; aliases: string[] }>> {
  return trx.selectFrom('subjects').select(['id', 'name', 'aliases']).where('account_id', '=', accountId).execute();
}

/**
 * The account's Memories not linked to the Subject that may mention one of its (lower-cased)
 * terms. The search index narrows the candidates to the Memories indexed under every word of a
 * term (a whole-word mention is made of the same words), so no change rescans every Memory; a
 * term of stop words alone, which the index does not hold, is looked for in the texts. The
 * whole-word rule is the caller's to apply.
 */
export async function unlinkedMemoriesPossiblyMentioning(
  trx: Transaction<DB>,
  accountId: string,
  subjectId: string,
  terms: readonly string[],
): Promise<Array<{ id: string; text: string }>> {
  return trx
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
            .whereRef('memory_links.account_id', '=', 'memories.account_id')
            .whereRef('memory_links.memory_id', '=', 'memories.id')
            .where('memory_links.subject_id', '=', subjectId),
        ),
      ),
    )
    .execute();
}

export async function findSubjectNames(
  trx: Transaction<DB>,
  accountId: string,
  subjectId: string,
): Promise<{ id: string; name: string; aliases: string[] } | undefined> {
  return trx
    .selectFrom('subjects')
    .select(['id', 'name', 'aliases'])
    .where('account_id', '=', accountId)
    .where('id', '=', subjectId)
    .executeTakeFirst();
}

export async function findMemoryText(trx: Transaction<DB>, accountId: string, memoryId: string): Promise<{ id: string; text: string } | undefined> {
  return trx.selectFrom('memories').select(['id', 'text']).where('account_id', '=', accountId).where('id', '=', memoryId).executeTakeFirst();
}

const folded = (text: RawBuilder<unknown>) => sql`btrim(regexp_replace(lower(${text}), '[^[:alnum:]]+', ' ', 'g'))`;

/**
 * What the duplicate rule reads of the Memory `alias`, as columns of the same names: its ID, its
 * length, the head it compares (`substr` reads only the head of a long stored text), and that head
 * folded and trimmed. Computed once per Memory, not once per pair compared.
 */
function comparedColumns(alias: string): RawBuilder<unknown> {
  const text = sql.ref(`${alias}.text`);
  const head = sql`substr(${text}, 1, ${DUPLICATE_COMPARED_CHARS})`;
  return sql`${sql.ref(`${alias}.id`)} as memory_id, char_length(${text}) as length, ${head} as head, ${folded(head)} as folded, lower(btrim(${head})) as plain`;
}

/** The whole text of the account's Memory whose ID is `memoryId`. */
const wholeText = (accountId: string, memoryId: RawBuilder<unknown>) =>
  sql`(select t.text from memories t where t.account_id = ${accountId} and t.id = ${memoryId})`;

/**
 * Whether the Memories `self` and `other` of the account (aliases of rows with `comparedColumns`)
 * look like duplicates, and whether their texts are the same. Long texts are compared by their
 * first DUPLICATE_COMPARED_CHARS characters, and only when their lengths are close, so the work
 * per pair is bounded; "the same text" means the whole text. Texts with nothing left after
 * folding (only symbols) are compared as written.
 */
function duplicateRule(accountId: string, self: string, other: string): { alike: RawBuilder<boolean>; same: RawBuilder<boolean> } {
  const [a, b] = [(column: string) => sql.ref(`${self}.${column}`), (column: string) => sql.ref(`${other}.${column}`)];
  const long = sql<boolean>`greatest(${b('length')}, ${a('length')}) > ${DUPLICATE_COMPARED_CHARS}`;
  const sameHead = sql<boolean>`${b('folded')} = ${a('folded')}`;
  const alike = sql<boolean>`(not ${long} or least(${b('length')}, ${a('length')})
      >= greatest(${b('length')}, ${a('length')}) * ${DUPLICATE_SIMILARITY}::float8)
    and ((${a('folded')} != '' and ${sameHead})
      or ${b('plain')} = ${a('plain')}
      or similarity(${b('head')}, ${a('head')}) >= ${DUPLICATE_SIMILARITY})`;
  const same = sql<boolean>`${sameHead} and (not ${long} or ${wholeText(accountId, b('memory_id'))} = ${wholeText(accountId, a('memory_id'))})`;
  return { alike, same };
}

/**
 * The other Memories linked to the account's Subject that look like duplicates of this one: at
 * most DUPLICATES_PER_MEMORY, among the DUPLICATE_COMPARED_MEMORIES linked to it most recently.
 */
export async function duplicatesWithinSubject(
  trx: Transaction<DB>,
  accountId: string,
  subjectId: string,
  memoryId: string,
): Promise<Array<{ id: string; same: boolean }>> {
  const rule = duplicateRule(accountId, 'self', 'other');
  const { rows } = await sql<{ id: string; same: boolean }>`
    with self as materialized (select ${comparedColumns('m')} from memories m where m.account_id = ${accountId} and m.id = ${memoryId}),
    recent as (
      select l.account_id, l.memory_id from memory_links l
      where l.account_id = ${accountId} and l.subject_id = ${subjectId} and l.memory_id <> ${memoryId}
      order by l.created_at desc, l.memory_id desc
      limit ${DUPLICATE_COMPARED_MEMORIES}
    ),
    others as materialized (
      select ${comparedColumns('m')} from recent r join memories m on m.account_id = r.account_id and m.id = r.memory_id)
    select other.memory_id as id, ${rule.same} as same
    from others other cross join self
    where ${rule.alike}
    order by other.memory_id
    limit ${DUPLICATES_PER_MEMORY}`.execute(trx);
  return rows;
}

/** How many Memories are linked to each of these Subjects of the account (those with none are left out), by Subject ID. */
export async function linkCountsOf(
  trx: Transaction<DB>,
  accountId: string,
  subjectIds: readonly string[],
): Promise<Array<{ subject_id: string; memories: number }>> {
  const { rows } = await sql<{ subject_id: string; memories: string | number }>`
    select subject_id, count(*) as memories from memory_links
    where account_id = ${accountId} and subject_id = any(${sql.val(subjectIds)}::text[])
    group by subject_id order by subject_id`.execute(trx);
  return rows.map((row) => ({ subject_id: row.subject_id, memories: Number(row.memories) }));
}

/**
 * A page of the Memories linked to these Subjects of the account (in the order of Subject and
 * Memory IDs, after `page.after`), each with the pg_trgm trigrams of its compared head as their
 * hashes, written as one string (far cheaper to read than an array's elements), and the hashes of
 * its folded head (null when nothing is left after folding) and of its trimmed head.
 */
export async function trigramsOfLinkedMemories(
  trx: Transaction<DB>,
  accountId: string,
  subjectIds: readonly string[],
  page: { after?: { subject_id: string; memory_id: string }; size: number },
): Promise<Array<{ subject_id: string; memory_id: string; grams: string; folded: string | null; plain: string }>> {
  const after = page.after ? sql`and (l.subject_id, l.memory_id) > (${page.after.subject_id}, ${page.after.memory_id})` : sql``;
  const { rows } = await sql<{ subject_id: string; memory_id: string; grams: string; folded: string | null; plain: string }>`
    select subject_id, memory_id, grams, md5(nullif(folded, '')) as folded, md5(plain) as plain
    from (
      select l.subject_id, m.memory_id, m.folded, m.plain,
        array_to_string(array(select hashtext(g) from unnest(show_trgm(m.head)) as g), ',') as grams
      from memory_links l
      join lateral (select ${comparedColumns('t')} from memories t where t.account_id = l.account_id and t.id = l.memory_id) m on true
      where l.account_id = ${accountId} and l.subject_id = any(${sql.val(subjectIds)}::text[]) ${after}
      order by l.subject_id, l.memory_id
      limit ${page.size}
    ) heads`.execute(trx);
  return rows;
}

/** Of these candidate pairs of the account's Memories linked to the same Subject, those the duplicate rule holds for. */
export async function duplicatePairsAmong(
  trx: Transaction<DB>,
  accountId: string,
  pairs: ReadonlyArray<{ subjectId: string; self: string; other: string }>,
): Promise<Array<{ subject_id: string; self_id: string; other_id: string; same: boolean }>> {
  if (pairs.length === 0) return [];
  const rule = duplicateRule(accountId, 'self', 'other');
  const { rows } = await sql<{ subject_id: string; self_id: string; other_id: string; same: boolean }>`
    with candidates as (
      select * from unnest(${sql.val(pairs.map((pair) => pair.subjectId))}::text[], ${sql.val(pairs.map((pair) => pair.self))}::text[],
                           ${sql.val(pairs.map((pair) => pair.other))}::text[]) as p(subject_id, self_id, other_id)
    ),
    heads as materialized (
      select ${comparedColumns('m')}
      from memories m
      where m.account_id = ${accountId} and m.id in (select self_id from candidates union select other_id from candidates)
    )
    select c.subject_id, c.self_id, c.other_id, ${rule.same} as same
    from candidates c
    join heads self on self.memory_id = c.self_id
    join heads other on other.memory_id = c.other_id
    where ${rule.alike}`.execute(trx);
  return rows;
}

/** Insights of a Subject the principal may see: those whose Memories it may all see. */
/** The insights the principal may see: of one Subject, or of all the account's when `subjectId` is null. */
function visibleInsights(db: Queryable, principal: Principal, subjectId: string | null) {
  const insights = db
    .selectFrom('memory_insights as i')
    .selectAll('i')
    .where('i.account_id', '=', principal.accountId)
    .where(allMemoriesVisibleTo(principal, 'i.memory_ids'));
  return subjectId === null ? insights : insights.where('i.subject_id', '=', subjectId);
}

/** The oldest pending insights of a Subject the principal may see, and how many there are. */
export async function pendingInsightsOf(
  db: Queryable,
  principal: Principal,
  subjectId: string,
  limit: number,
): Promise<{ items: MemoryInsightRow[]; total: number }> {
  const base = visibleInsights(db, principal, subjectId).where('i.status', '=', 'pending');
  const [items, count] = await Promise.all([
    base.orderBy('i.created_at').orderBy('i.id').limit(limit).execute(),
    base.clearSelect().select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: count.count };
}

/** One page of the pending insights the principal may see, of a Subject or (null) of the whole account, oldest first. */
export async function pageOfPendingInsights(
  db: Queryable,
  principal: Principal,
  subjectId: string | null,
  request: PageRequest,
): Promise<Page<MemoryInsightRow>> {
  return pageByTimeAndId(
    visibleInsights(db, principal, subjectId).where('i.status', '=', 'pending'),
    request,
    { time: 'i.created_at', id: 'i.id', oldestFirst: true },
    (row) => [row.created_at, row.id],
    (row) => row,
  );
}

/** Dismisses an insight of the account; a dismissed insight keeps its first dismissal time. */
export async function dismissInsight(db: Queryable, accountId: string, insightId: string, now: Date): Promise<MemoryInsightRow | undefined> {
  return db
    .updateTable('memory_insights')
    .set((eb) => ({ status: 'dismissed', dismissed_at: eb.fn.coalesce('dismissed_at', eb.val(now)) }))
    .where('id', '=', insightId)
    .where('account_id', '=', accountId)
    .returningAll()
    .executeTakeFirst();
}
