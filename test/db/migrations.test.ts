import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { fromPGlite, openPostgres, pgliteExtensions, type Database } from '../../src/db/connect';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate';
import type { Services } from '../../src/domain/services';
import { searchMemories } from '../../src/domain/memories/search';
import { indexAllMemories } from '../../src/domain/projections/projections';
import { termWeight } from '../../src/domain/search/bm25';
import { newId } from '../../src/domain/shared/ids';
import { adminQuery, testDatabaseUrl, withDatabase } from '../support/database';

/**
 * Migrations that rewrite existing rows, tested on one empty database migrated step by step: rows
 * are written as each earlier schema's code wrote them, then the later migrations run over them.
 */
let database: Database;
let drop: () => Promise<void> = async () => undefined;
const accountId = newId('account');
const now = new Date();

const memory = (text: string, extra: { sensitivity?: string; tags?: string[] } = {}) => ({
  id: newId('memory'),
  account_id: accountId,
  text,
  type: 'note',
  sensitivity: extra.sensitivity ?? 'normal',
  tags: extra.tags ?? [],
  pinned: false,
  revision: 1,
  created_at: now,
  updated_at: now,
});
const memories = [
  memory('The harbour ferry leaves at seven from pier four.'),
  memory('Ferry tickets are cheaper on weekdays.', { tags: ['travel'] }),
  memory('The ferry captain knows the lighthouse keeper.', { sensitivity: 'secret' }),
  memory('Buy bread.'),
  memory('Blood type: O negative, ever since birth.'),
];
const subjectId = newId('subject');
const factId = newId('fact');
const templateId = newId('template');
const accepted = new Date('2026-11-01T09:00:00.000Z');

beforeAll(async () => {
  const url = testDatabaseUrl();
  if (url) {
    const name = `mtl_migrations_${process.pid}_${Date.now()}`;
    await adminQuery(url, `create database ${name}`);
    database = openPostgres(withDatabase(url, name), 2);
    drop = () => adminQuery(url, `drop database if exists ${name} with (force)`);
  } else {
    database = fromPGlite(await PGlite.create({ extensions: await pgliteExtensions() }));
  }
  const db = database.db;

  await migrateUpTo(db, '2026_11_22_0007_change_visibility');
  await db.insertInto('accounts').values({ id: accountId, external_id: `migration-${accountId}`, display_name: null, created_at: now }).execute();
  await sql`insert into memories (id, account_id, text, type, sensitivity, tags, pinned, revision, created_at, updated_at)
    select id, account_id, text, type, sensitivity, tags, pinned, revision, created_at, updated_at
    from json_populate_recordset(null::memories, ${JSON.stringify(memories)})`.execute(db);

  await migrateUpTo(db, '2026_11_23_0009_idempotency_per_principal');
  // Today's application writes each posting with its account, a column migration 0030 adds (it
  // finds the column there, as after a stop half-way, and fills what it lacks).
  await sql`alter table search_postings add column account_id text`.execute(db);
  // The application indexes the Memories the search index's migration left to it, when it starts.
  expect(await indexAllMemories(db)).toBe(memories.length);
  await sql`insert into subjects (id, account_id, name, kind, created_at, updated_at) values (${subjectId}, ${accountId}, 'Ada', 'person', now(), now())`.execute(db);
  await sql`insert into facts (id, account_id, subject_id, statement, statement_key, accepted_at, created_at)
    values (${factId}, ${accountId}, ${subjectId}, 'Ada lives in London', 'ada lives in london', ${accepted}, ${accepted})`.execute(db);
  await sql`insert into templates (id, account_id, draft_revision, starter_readme, review_state, publication_state, created_at, updated_at)
    values (${templateId}, ${accountId}, 2, '', 'ready_to_publish', 'published', now(), now())`.execute(db);
  await sql`insert into public_templates (template_id, account_id, revision, version, name, summary, category, tags, license, release_notes, readme, published_at)
    values (${templateId}, ${accountId}, 2, 1, 'Harbour checklist', 'Before the ferry leaves', 'productivity', '{travel}', 'MIT', 'First',
      ${`Start with the lighthouse. ${'Check the ropes and the tide. '.repeat(200)}End with the anchor.`}, now())`.execute(db);

  await migrateUpTo(db, '2026_11_25_0017_trash_keeps_expiry');
  // Impacts as the average length made them: anything but the fixed pivot's.
  await sql`update search_postings set impact = 0.5`.execute(db);

  await migrateUpTo(db, '2026_11_25_0018_search_impacts');
  // The index as it was when question words were stop words: without their terms and postings.
  const questionTerms = sql`(select id from search_terms where term in ('type', 'ever'))`;
  await sql`update memories m set
      search_terms = array(select unnest(m.search_terms) except select q.id from ${questionTerms} q),
      search_length = m.search_length - coalesce((select sum(p.tf) from search_postings p where p.doc = m.search_doc and p.term_id in ${questionTerms}), 0)`.execute(db);
  await sql`update search_stats s set
      length = (select sum(search_length) from memories m where m.account_id = s.account_id),
      key_length = (select sum(search_length) from memories m where m.account_id = s.account_id and m.sensitivity <> 'secret')`.execute(db);
  await sql`delete from search_postings where term_id in ${questionTerms}`.execute(db);
  await sql`delete from search_terms where term in ('type', 'ever')`.execute(db);

  await migrateToLatest(db);
  // The Memories migration 0019 took out of the index, indexed again as the application starts.
  expect(await indexAllMemories(db)).toBe(1);
});

afterAll(async () => {
  await database?.close();
  await drop();
});

test('Memories written before the search index existed are indexed when the application starts, secrets apart', async () => {
  const services = { db: database.db } as unknown as Services;
  const asKey = { kind: 'api_key', accountId, keyId: 'key_test', lineId: 'key_test', mode: 'read_only' } as const;
  const asSession = { kind: 'session', accountId } as const;
  const keyHits = await searchMemories(services, asKey, { q: 'ferry' });
  expect(keyHits.map((hit) => hit.memory.id).sort()).toEqual([memories[0]!.id, memories[1]!.id].sort());
  expect((await searchMemories(services, asSession, { q: 'ferry' })).length).toBe(3);
  expect((await searchMemories(services, asKey, { q: 'travel' })).map((hit) => hit.memory.id)).toEqual([memories[1]!.id]);
  // The secret Memory's words are not in a key's vocabulary.
  expect(await searchMemories(services, asKey, { q: 'lighthous' })).toEqual([]);
  const stats = await database.db.selectFrom('search_stats').select(['docs', 'key_docs']).where('account_id', '=', accountId).executeTakeFirstOrThrow();
  expect(stats).toEqual({ docs: 5, key_docs: 4 });
});

test('when Facts written before validity existed are migrated, then they are current and valid from their acceptance, and equal statements are left to the application', async () => {
  const db = database.db;
  const row = await db.selectFrom('facts').select(['valid_from', 'valid_until', 'superseded_by']).where('id', '=', factId).executeTakeFirstOrThrow();
  expect(row).toEqual({ valid_from: accepted, valid_until: null, superseded_by: null });

  const fact = (id: string, validUntil: Date | null) => ({
    id,
    account_id: accountId,
    subject_id: subjectId,
    statement: 'Ada lives in London',
    statement_key: 'ada lives in london',
    accepted_at: accepted,
    created_at: accepted,
    valid_from: accepted,
    valid_until: validUntil,
  });
  // A superseded Fact may state what the current one states; so may a second current one, which
  // the application refuses only where the caller could see the first (migration 0020).
  await db.insertInto('facts').values(fact(newId('fact'), new Date())).execute();
  await db.insertInto('facts').values(fact(newId('fact'), null)).execute();
});

test("listings published before ranking had its own vector get one, of their name, tags, summary and README's beginning", async () => {
  const { rows } = await sql<{ matches: boolean; ranked: boolean; head: boolean; tail: boolean }>`
    select search @@ to_tsquery('english', 'anchor') as matches, ranking @@ to_tsquery('english', 'harbour & travel & ferry') as ranked,
      ranking @@ to_tsquery('english', 'lighthouse') as head, ranking @@ to_tsquery('english', 'anchor') as tail
    from public_templates where template_id = ${templateId}`.execute(database.db);
  expect(rows).toEqual([{ matches: true, ranked: true, head: true, tail: false }]);
});

test('Memories indexed when question words were stop words are indexed under them, and the statistics agree', async () => {
  const services = { db: database.db } as unknown as Services;
  const asKey = { kind: 'api_key', accountId, keyId: 'key_test', lineId: 'key_test', mode: 'read_only' } as const;
  for (const q of ['type', 'ever']) expect((await searchMemories(services, asKey, { q })).map((hit) => hit.memory.id)).toEqual([memories[4]!.id]);
  const { rows } = await sql<{ term: string; docs: number; counted: number }>`
    select t.term, t.docs, (select count(*)::int from search_postings p where p.term_id = t.id) as counted
    from search_terms t where t.account_id = ${accountId} and t.term in ('type', 'ever', 'blood') order by t.term`.execute(database.db);
  expect(rows).toEqual([
    { term: 'blood', docs: 1, counted: 1 },
    { term: 'ever', docs: 1, counted: 1 },
    { term: 'type', docs: 1, counted: 1 },
  ]);
  const stats = await sql<{ same: boolean }>`
    select s.length = (select sum(search_length) from memories m where m.account_id = s.account_id)
      and s.key_length = (select sum(search_length) from memories m where m.account_id = s.account_id and m.sensitivity <> 'secret') as same
    from search_stats s where s.account_id = ${accountId}`.execute(database.db);
  expect(stats.rows).toEqual([{ same: true }]);
});

test('postings weighed against the average Memory length are weighed again against the fixed pivot', async () => {
  const { rows } = await sql<{ impact: number; tf: number; length: number }>`
    select p.impact, p.tf, m.search_length as length from search_postings p join memories m on m.search_doc = p.doc
    where m.account_id = ${accountId}`.execute(database.db);
  expect(rows.length).toBeGreaterThan(10);
  for (const row of rows) expect(row.impact).toBeCloseTo(termWeight(row.tf, row.length), 6);
});
