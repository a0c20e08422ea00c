// `node dist/scripts/migration-time.js` (after `npm run build`): how long the migrations after
// 2026_11_28_0029_vectors_inline take on a realistic PostgreSQL database, and whether any of their
// steps stops the service's reads and writes for long.
//
// 1. Seeds a database of `--memories` Memories (100,000) across 21 accounts (one with 90% of them,
//    20 small ones) with the application's own code: accounts, API keys (one revoked), OAuth
//    connections with their tokens, an import (importAccount: Subjects, Memories with revisions,
//    links, Facts, suggestions, draft Templates, with the search index and the embedding queue
//    written by the import's projections), published Templates (runWorkflow) and Memories moved to
//    the trash (deleteMemory). The application's code writes the schema of the latest migration,
//    so the seed is written into a scratch database migrated to the latest, then copied, column by
//    column, into a database migrated (migrateUpTo) to 2026_11_28_0029_vectors_inline, with the
//    extension dblink and `session_replication_role = replica` (the copy fires no trigger; every
//    row is checked to arrive). A few Memory rows are then deleted directly (`--orphan-memories`,
//    20), leaving their postings behind, as the migration expects to find some. Vacuumed and
//    analysed, as autovacuum would have.
// 2. Prints the sizes of the main tables, then migrates to the latest with migrateToLatest over a
//    connection opened as the service opens it to migrate (openPostgres(url, 1), no timeouts),
//    while `--load-loops` (5, one per kind of statement) loops on a separate pool, with the serving
//    pool's lock and statement timeouts, send the statements a running instance of the previous
//    release sends (it knows neither the new columns nor the new keys): an API key's lookup, an
//    update of one Memory by ID, a page of an account's Memories, an upsert into the embedding
//    queue, an update of one Memory's postings.
//    pg_stat_activity is read every 100 ms: which statements waited for a lock, and on whom. With
//    --long-reader <s>, a transaction that read `memories` stays open (as a slow export's does)
//    until the migration has waited <s> seconds for a lock: what its retries cost the load.
// 3. Reports the migration's total time, its steps (each statement's time, from the statements the
//    migration's Kysely handle logs), the load's statements (count, p50, p99, max, errors, lock
//    waits) per step, then checks the result: every account table's primary key, unique keys and
//    foreign keys to account tables start with account_id, the six tables that gained it have no
//    NULL, the postings are those of before less the orphans, no constraint is left NOT VALID and
//    no index invalid.
// 4. Drops the databases it created.
//
// Options: --memories <n> (100,000), --database-url <url> (or MIGRATION_TIME_DATABASE_URL; default
// postgres://postgres@127.0.0.1:5432/postgres: a server where databases may be created and dropped,
// by a superuser: the copy uses dblink and session_replication_role), --load-loops <n> (5),
// --load-pause-ms <ms> (10, each loop's pause between statements), --orphan-memories <n> (20),
// --long-reader <s> (0: none).
// MIGRATION_TIME_KEEP=1 keeps the seeded database at 0029 (mtl_migration_seed_<n>, e.g.
// mtl_migration_seed_100k) and reuses it on later runs: each run migrates a copy made with
// `create database ... template mtl_migration_seed_100k`.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { createApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openPostgres, type Database } from '../src/db/connect';
import { isAccountTable } from '../src/db/distribution';
import { MIGRATION_NAMES, migrateToLatest, migrateUpTo } from '../src/db/migrate';
import { AccountDirectory } from '../src/domain/accounts/accounts';
import { createApiKey, revokeApiKey } from '../src/domain/api-keys/api-keys';
import { updateDraft } from '../src/domain/library/templates';
import { runWorkflow } from '../src/domain/library/workflow';
import { deleteMemory } from '../src/domain/memories/trash';
import { AuthorizationServer } from '../src/domain/oauth/authorization-server';
import { importAccount } from '../src/domain/portability/import';
import type { NumberedLine } from '../src/domain/portability/lines';
import { systemClock } from '../src/domain/shared/clock';
import type { Principal } from '../src/domain/shared/principal';
import { random } from './support/measure';

const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** The state the measured migrations start from. */
const START = '2026_11_28_0029_vectors_inline';
/** The tables migration 0030 gives an account_id, filled from their parents. */
const NEW_COLUMN_TABLES = ['template_revisions', 'template_files', 'template_versions', 'embedding_queue', 'oauth_tokens', 'search_postings'] as const;
const SECRET = randomBytes(32).toString('hex');
const APP_NAME = { migration: 'mtl_migration_time_migrate', load: 'mtl_migration_time_load', monitor: 'mtl_migration_time_monitor', reader: 'mtl_migration_time_reader' };
/** Load measured before the migration starts and after it ends, as references. */
const BASELINE_MS = 3_000;
const TAIL_MS = 3_000;
const POLL_MS = 100;

// The seed: accounts and what each holds besides its Memories.
const SMALL_ACCOUNTS = 20;
const BIG_SHARE = 0.9;
const LINK_EVERY = 5;
const REVISED_EVERY = 5;
const MENTION_EVERY = 20;
const TRASHED_SHARE = 0.003;
const OAUTH_ACCOUNTS = 6;

const n = (value: number) => Math.round(value).toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

// ----------------------------------------------------------------------------------------------
// Texts: ordinary function words, then 4,000 made-up words, drawn with a Zipf distribution, so a
// Memory has a few dozen distinct terms and the accounts' vocabularies are realistic in size.

const FUNCTION_WORDS = 'the of and to a in is it that for on with as was at by be this are from or have an they which one we you not but all can had her there'.split(' ');
const VOCABULARY: string[] = (() => {
  const onsets = ['b', 'br', 'c', 'ch', 'd', 'f', 'g', 'gr', 'h', 'k', 'l', 'm', 'n', 'p', 'pl', 'r', 's', 'st', 't', 'tr', 'v', 'w', 'z'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ou'];
  const codas = ['', 'n', 'r', 'l', 's', 'nd', 'rt', 'x'];
  const next = random(11);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const made = new Set<string>();
  while (made.size < 4000) {
    const syllables = 2 + Math.floor(next() * 2);
    let word = '';
    for (let i = 0; i < syllables; i += 1) word += pick(onsets) + pick(vowels) + (i === syllables - 1 ? pick(codas) : '');
    made.add(word);
  }
  return [...FUNCTION_WORDS, ...made];
})();
const ZIPF_CDF: number[] = (() => {
  let total = 0;
  const cdf = VOCABULARY.map((_, rank) => (total += 1 / (rank + 1)));
  return cdf.map((value) => value / total);
})();
function zipfWord(next: () => number): string {
  const u = next();
  let low = 0;
  let high = ZIPF_CDF.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((ZIPF_CDF[mid] as number) < u) low = mid + 1;
    else high = mid;
  }
  return VOCABULARY[low] as string;
}

const TAGS = 'work home family health travel finance reading ideas todo follow-up recipes music project-x urgent someday'.split(' ');
const FIRST_NAMES = 'Ada Grace Alan Edsger Barbara Donald Margaret Linus Ken Dennis Frances Radia Niklaus Leslie Tim Katherine Hedy Claude John Sophie'.split(' ');
const LAST_NAMES = 'Lovelace Hopper Turing Dijkstra Liskov Knuth Hamilton Torvalds Thompson Ritchie Allen Perlman Wirth Lamport Berners-Lee'.split(' ');
const SUBJECT_KINDS = ['person', 'project', 'organization', 'place', 'topic', 'other'] as const;
const MEMORY_TYPES = ['note', 'note', 'note', 'preference', 'instruction', 'decision', 'event', 'reference'] as const;

/** A valid file ID of a kind, numbered (the import gives each record a new ID). */
const fileId = (prefix: string, i: number) => `${prefix}_01JD2X5Y7Z8A9B0C1D${String(i).padStart(8, '0')}`;
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString();

interface AccountPlan {
  readonly index: number;
  readonly memories: number;
  readonly subjects: number;
  readonly facts: number;
  readonly suggestions: number;
  readonly draftTemplates: number;
  readonly publishedTemplates: number;
}

/**
 * The export file of one made-up account, record by record (the format of docs/export-format.md,
 * as scripts/bench-export.ts writes it): Subjects, Memories (one in REVISED_EVERY with two
 * revisions, one in MENTION_EVERY naming a Subject), a link for one Memory in LINK_EVERY, Facts
 * sourced from linked Memories, suggestions of each status and draft Templates. Deterministic.
 */
function* exportRecords(plan: AccountPlan): Generator<string> {
  const next = random(20261128 + plan.index);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const words = (min: number, max: number) => {
    const text = Array.from({ length: min + Math.floor(next() * (max - min + 1)) }, () => zipfWord(next)).join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const counts = { workspace_profile: 0, subjects: 0, memories: 0, memory_histories: 0, links: 0, facts: 0, fact_suggestions: 0, templates: 0 };
  const record = (type: string, data: unknown, counted?: keyof typeof counts) => {
    if (counted) counts[counted] += 1;
    return JSON.stringify({ type, data });
  };
  yield record('header', { format: 'mtl-export', version: 1, exported_at: at(900_000) });
  const names: string[] = [];
  for (let i = 0; i < plan.subjects; i += 1) {
    const name = `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]}${i >= 300 ? ` ${i}` : ''}`;
    names.push(name);
    yield record('subject', { id: fileId('sub', i), name, kind: SUBJECT_KINDS[i % SUBJECT_KINDS.length], aliases: [], description: words(5, 20), created_at: at(i), updated_at: at(i + 1) }, 'subjects');
  }
  for (let i = 0; i < plan.memories; i += 1) {
    const created = 1_000 + i * 5;
    const fields = () => ({
      text: i % MENTION_EVERY === 0 && names.length > 0 ? `${words(5, 30)} ${pick(names)} ${words(5, 30)}` : words(8, 80),
      type: pick(MEMORY_TYPES),
      sensitivity: next() < 0.05 ? 'sensitive' : 'normal',
      tags: next() < 0.6 ? [...new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(TAGS)))] : [],
      pinned: next() < 0.02,
    });
    const revisions = i % REVISED_EVERY === 0 ? [fields(), fields()] : [fields()];
    const current = revisions[revisions.length - 1]!;
    yield record(
      'memory',
      {
        id: fileId('mem', i),
        ...current,
        revision: revisions.length,
        created_at: at(created),
        updated_at: at(created + revisions.length - 1),
        revisions: revisions.map((revision, r) => ({ revision: r + 1, ...revision, created_at: at(created + r), actor: { kind: 'session' } })),
      },
      'memories',
    );
  }
  const linked: number[][] = Array.from({ length: plan.subjects }, () => []);
  if (plan.subjects > 0) {
    for (let k = 0; k * LINK_EVERY < plan.memories; k += 1) {
      const memory = Math.min(plan.memories - 1, k * LINK_EVERY + Math.floor(next() * LINK_EVERY));
      linked[k % plan.subjects]!.push(memory);
      yield record('link', { subject_id: fileId('sub', k % plan.subjects), memory_id: fileId('mem', memory), created_at: at(1_000 + memory * 5 + 2) }, 'links');
    }
  }
  const sources = (subject: number) => {
    const pool = linked[subject]!;
    const chosen = new Set(Array.from({ length: Math.min(pool.length, 1 + Math.floor(next() * 3)) }, () => pick(pool)));
    return [...chosen].map((memory) => ({ memory_id: fileId('mem', memory) }));
  };
  const end = 1_000 + plan.memories * 5;
  const factSubjects: number[] = [];
  for (let i = 0; i < plan.facts; i += 1) {
    const subject = (i * 7) % plan.subjects;
    factSubjects.push(subject);
    const accepted = at(end + i * 3);
    yield record('fact', { id: fileId('fct', i), subject_id: fileId('sub', subject), statement: `${names[subject]} ${words(4, 14)}`, sources: sources(subject), accepted_at: accepted, created_at: accepted }, 'facts');
  }
  for (let i = 0; i < plan.suggestions; i += 1) {
    const status = (['accepted', 'rejected', 'pending'] as const)[i % 3]!;
    const fact = status === 'accepted' ? Math.floor(i / 3) % plan.facts : null;
    const subject = fact === null ? (i * 11) % plan.subjects : factSubjects[fact]!;
    yield record(
      'fact_suggestion',
      {
        id: fileId('fsg', i),
        subject_id: fileId('sub', subject),
        statement: `${names[subject]} ${words(4, 14)} (${i})`,
        note: i % 2 === 0 ? words(3, 12) : null,
        sources: sources(subject),
        status,
        fact_id: fact === null ? null : fileId('fct', fact),
        created_at: at(end + i * 3 + 1),
        reviewed_at: status === 'pending' ? null : at(end + i * 3 + 2),
      },
      'fact_suggestions',
    );
  }
  for (let i = 0; i < plan.draftTemplates; i += 1) {
    const name = `Draft template ${i + 1}`;
    const readme = `# ${name}\n\n${words(20, 30)}\n\n## How to use it\n\n${words(20, 30)} ${words(10, 20)}\n`;
    yield record(
      'template',
      {
        id: fileId('tpl', i),
        name,
        summary: words(8, 16),
        category: 'productivity',
        tags: ['weekly', 'review'],
        license: 'MIT',
        release_notes: '',
        draft: { revision: 1, files: [{ path: 'README.md', content: readme }, { path: 'notes/checklist.md', content: `# Checklist\n\n- ${words(4, 10)}\n- ${words(4, 10)}\n` }], updated_at: at(end + 500 + i) },
        review: { state: 'draft', reviewed_revision: null },
        publication: { state: 'never_published', version: 0, published_revision: null, published_at: null, files: [] },
        created_at: at(end + 400 + i),
        updated_at: at(end + 500 + i),
      },
      'templates',
    );
  }
  yield record('end', { counts });
}

async function* numbered(records: Iterable<string>): AsyncGenerator<NumberedLine> {
  let number = 0;
  for (const text of records) {
    number += 1;
    yield { number, text };
  }
}

function plans(memories: number): AccountPlan[] {
  const big = Math.round(memories * BIG_SHARE);
  const small = Math.floor((memories - big) / SMALL_ACCOUNTS);
  const result: AccountPlan[] = [];
  for (let index = 0; index <= SMALL_ACCOUNTS; index += 1) {
    const count = index === 0 ? big : small + (index <= (memories - big) % SMALL_ACCOUNTS ? 1 : 0);
    result.push({
      index,
      memories: count,
      subjects: index === 0 ? 400 : 20,
      facts: index === 0 ? 150 : 5,
      suggestions: index === 0 ? 60 : 6,
      draftTemplates: index === 0 ? 4 : 1,
      publishedTemplates: index === 0 ? 5 : index <= 10 ? 1 : 0,
    });
  }
  return result;
}

// ----------------------------------------------------------------------------------------------
// Databases.

function databaseUrl(serverUrl: string, name: string, applicationName?: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  if (applicationName) url.searchParams.set('application_name', applicationName);
  return url.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function databaseExists(admin: pg.Client, name: string): Promise<boolean> {
  return (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The connection string dblink on the server uses to reach `database` on the same server. */
function dblinkConninfo(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  const parts = [`dbname=${database}`, `host=${url.hostname || '127.0.0.1'}`, `port=${url.port || '5432'}`, `user=${decodeURIComponent(url.username || 'postgres')}`];
  if (url.password) parts.push(`password=${decodeURIComponent(url.password)}`);
  return parts.join(' ');
}

// ----------------------------------------------------------------------------------------------
// Seeding, with the application's code, at the latest schema.

interface SeedLog {
  (line: string): void;
}

async function seedLatest(url: string, memories: number, log: SeedLog): Promise<void> {
  const database: Database = openPostgres(url, 4);
  const dataDir = mkdtempSync(join(os.tmpdir(), 'mtl-migration-time-'));
  let app: App | null = null;
  try {
    await migrateToLatest(database.db);
    const config: Config = loadConfig({ APP_JWT_SECRET: SECRET, DATA_DIR: dataDir, EMBEDDINGS: 'off' });
    app = createApp({ config, database, logger: pino({ level: 'silent' }), embedInBackground: false });
    const services = app.services;
    const directory = new AccountDirectory(database.db, systemClock);
    const oauth = new AuthorizationServer(database.db, systemClock, services.signer, config.oauth);
    const client = await oauth.registerClient({ client_name: 'Migration time client', redirect_uris: ['http://127.0.0.1:8765/callback'] });
    const resource = 'http://127.0.0.1:8080/mcp';
    const started = performance.now();
    let done = 0;
    for (const plan of plans(memories)) {
      const accountId = await directory.accountFor(`migration-time-${plan.index}`, plan.index === 0 ? 'Big account' : `Small account ${plan.index}`);
      const principal: Principal = { kind: 'session', accountId };
      const summary = await importAccount(services, principal, () => numbered(exportRecords(plan)), 'copy');
      if (summary.imported.memories !== plan.memories) throw new Error(`account ${plan.index}: imported ${summary.imported.memories} Memories of ${plan.memories}`);
      await createApiKey(services, principal, { name: 'agent', mode: 'read_write' });
      const revoked = await createApiKey(services, principal, { name: 'old agent', mode: 'read_only' });
      await revokeApiKey(services, principal, revoked.id);
      if (plan.index < OAUTH_ACCOUNTS) {
        // An MCP client connected by OAuth, its refresh token rotated once (a used and a live pair).
        const verifier = randomBytes(32).toString('base64url');
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        const sealed = await oauth.beginAuthorization(client, { redirectUri: client.redirectUris[0]!, codeChallenge: challenge, state: undefined, resource }, resource);
        const consent = await oauth.openConsent(sealed);
        if (!consent) throw new Error('the consent request did not open');
        const answer = new URL(await oauth.approve(accountId, consent.request, 'read_write', 'http://127.0.0.1:8080'));
        const code = answer.searchParams.get('code');
        if (!code) throw new Error(`the consent gave no code: ${answer.toString()}`);
        const tokens = await oauth.exchangeCode(client.id, code, verifier, client.redirectUris[0], resource);
        await oauth.refresh(client.id, tokens.refresh_token, resource);
      }
      for (let t = 0; t < plan.publishedTemplates; t += 1) {
        const created = await runWorkflow(services, principal, {
          action: 'create',
          name: `Published template ${plan.index}-${t}`,
          summary: `A template of account ${plan.index}, number ${t}`,
          category: 'productivity',
          license: 'MIT',
        });
        const id = created.template.id;
        let revision = 1;
        for (let version = 1; version <= (t === 0 ? 2 : 1); version += 1) {
          const files = [
            { path: 'README.md', content: `# Published template ${plan.index}-${t}\n\nVersion ${version}. ${FUNCTION_WORDS.join(' ')}\n` },
            { path: 'prompts/main.md', content: `# Prompt\n\nRead the notes and write the summary (version ${version}).\n` },
          ];
          revision = (await updateDraft(services, principal, id, { base_revision: revision, files })).draft.revision;
          await runWorkflow(services, principal, { action: 'submit_review', template_id: id, revision });
          await runWorkflow(services, principal, {
            action: 'publish',
            template_id: id,
            revision,
            release_notes: version === 1 ? 'First public version.' : 'Second version.',
            confirm: { license: 'MIT', files_public: true, reviewed_revision: revision },
          });
        }
      }
      // Some Memories go to the trash (and a few are deleted for good), as an account's do.
      const trashed = Math.floor(plan.memories * TRASHED_SHARE);
      if (trashed > 0) {
        const { rows } = await withClient(url, (c) =>
          c.query<{ id: string }>(
            `select id from memories m where account_id = $1
               and not exists (select 1 from fact_sources f where f.memory_id = m.id)
               and not exists (select 1 from fact_suggestion_sources f where f.memory_id = m.id)
             order by md5(id) limit $2`,
            [accountId, trashed],
          ),
        );
        for (const [i, row] of rows.entries()) await deleteMemory(services, principal, row.id, { permanent: i % 5 === 0 });
      }
      done += plan.memories;
      log(`account ${String(plan.index).padStart(2)}: ${n(plan.memories)} Memories imported (${n(done)} of ${n(memories)}, ${n(done / ((performance.now() - started) / 1000))} a second)`);
    }
  } finally {
    if (app) await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The base tables of the public schema a copy moves (not the migrations' own). */
async function copiedTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace s on s.oid = c.relnamespace
     where s.nspname = current_schema() and c.relkind in ('r', 'p') and c.relname not like 'kysely_migration%' order by 1`,
  );
  return rows.map((row) => row.name);
}

interface ColumnInfo {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly identityAlways: boolean;
}

async function columnsOf(client: pg.Client, table: string): Promise<ColumnInfo[]> {
  const { rows } = await client.query<{ name: string; type: string; required: boolean; identity_always: boolean }>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
            (a.attnotnull and not a.atthasdef and a.attidentity = '') as required, a.attidentity = 'a' as identity_always
     from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by a.attnum`,
    [table],
  );
  return rows.map((row) => ({ name: row.name, type: row.type, required: row.required, identityAlways: row.identity_always }));
}

/**
 * Copies every row of the database `source` (at the latest schema) into `targetUrl` (at START):
 * the target's columns, read from the source through dblink, without firing triggers (the rows
 * are as the source's triggers left them); then the identity sequences. Checks each table's count.
 */
async function copyInto(serverUrl: string, source: string, targetUrl: string, log: SeedLog): Promise<void> {
  await withClient(databaseUrl(serverUrl, source), async (from) => {
    await withClient(targetUrl, async (to) => {
      await to.query('create extension if not exists dblink');
      await to.query(`set session_replication_role = replica`);
      const conninfo = quoteLiteral(dblinkConninfo(serverUrl, source));
      const sourceTables = new Set(await copiedTables(from));
      for (const table of await copiedTables(to)) {
        if (!sourceTables.has(table)) throw new Error(`the seeded database has no table ${table}`);
        const target = await columnsOf(to, table);
        const present = new Set((await columnsOf(from, table)).map((column) => column.name));
        const missing = target.filter((column) => column.required && !present.has(column.name));
        if (missing.length > 0) throw new Error(`${table}: the seed has no ${missing.map((c) => c.name).join(', ')}`);
        const columns = target.filter((column) => present.has(column.name));
        const list = columns.map((column) => quoteIdent(column.name)).join(', ');
        const types = columns.map((column) => `${quoteIdent(column.name)} ${column.type}`).join(', ');
        const query = quoteLiteral(`select ${list} from ${quoteIdent(table)}`);
        const overriding = columns.some((column) => column.identityAlways) ? 'overriding system value' : '';
        const inserted = await to.query(`insert into ${quoteIdent(table)} (${list}) ${overriding} select * from dblink(${conninfo}, ${query}) as x(${types})`);
        const expected = Number((await from.query<{ count: string }>(`select count(*) as count from ${quoteIdent(table)}`)).rows[0]!.count);
        if (inserted.rowCount !== expected) throw new Error(`${table}: copied ${inserted.rowCount} rows of ${expected}`);
      }
      const { rows: sequences } = await to.query<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = current_schema() and c.relkind = 'S'`,
      );
      for (const { name } of sequences) {
        const { rows } = await from.query<{ last_value: string; is_called: boolean }>(`select last_value, is_called from ${quoteIdent(name)}`);
        if (rows[0]) await to.query('select setval($1::regclass, $2, $3)', [name, rows[0].last_value, rows[0].is_called]);
      }
      await to.query(`reset session_replication_role`);
      await to.query('drop extension dblink');
      log(`copied ${sourceTables.size} tables into the database at ${START}`);
    });
  });
}

/**
 * Memory rows deleted directly, as something outside the application could (an early version's
 * expiry, a hand-made fix): their postings stay, with no Memory, which 0030 deletes.
 */
async function orphanSomePostings(url: string, count: number): Promise<number> {
  if (count === 0) return 0;
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ postings: string }>(
      `with gone as (
         delete from memories where id in (
           select id from memories m
           where not exists (select 1 from fact_sources f where f.memory_id = m.id)
           order by md5(id) limit $1)
         returning search_doc)
       select count(*) as postings from search_postings where doc in (select search_doc from gone)`,
      [count],
    );
    return Number(rows[0]!.postings);
  });
}

// ----------------------------------------------------------------------------------------------
// Measuring: the migration's statements, the load beside it, and pg_stat_activity.

interface MigrationStatement {
  /** When the statement's answer came (ms, performance.now()); it started at the previous one's end. */
  readonly end: number;
  readonly start: number;
  readonly sql: string;
  step: string;
  phase: string;
}

const TABLE = /"?([a-z_]+)"?/.source;

/** The step a statement of 0030/0031 belongs to; null for catalog lookups and transaction control (they take their neighbour's). */
function classify(text: string): { step: string; phase: string } | null {
  const sqlText = text.replace(/\s+/g, ' ').trim();
  let m: RegExpExecArray | null;
  if (/kysely_migration/.test(sqlText)) return { step: 'migration bookkeeping', phase: 'bookkeeping' };
  if ((m = new RegExp(`^alter table ${TABLE} add column account_id`).exec(sqlText))) return { step: `add column + fill trigger: ${m[1]}`, phase: 'add columns' };
  if ((m = new RegExp(`^create trigger ${TABLE}`).exec(sqlText))) return { step: `add column + fill trigger: ${m[1]!.replace(/_fill_account$/, '')}`, phase: 'add columns' };
  if ((m = new RegExp(`^create or replace function ${TABLE}`).exec(sqlText))) return { step: `add column + fill trigger: ${m[1]!.replace(/_fill_account$/, '')}`, phase: 'add columns' };
  if ((m = new RegExp(`^update ${TABLE} c set account_id`).exec(sqlText))) return { step: `backfill: ${m[1]}`, phase: 'backfill' };
  if (new RegExp(`^select ${TABLE} as key from`).test(sqlText)) return { step: 'backfill key page', phase: 'backfill' };
  if ((m = new RegExp(`^delete from ${TABLE} where account_id is null`).exec(sqlText))) return { step: `delete rows without a parent: ${m[1]}`, phase: 'backfill' };
  if ((m = new RegExp(`^alter table ${TABLE} add constraint ${TABLE} check`).exec(sqlText))) return { step: `NOT NULL check (not valid): ${m[1]}`, phase: 'not null' };
  if ((m = new RegExp(`^alter table ${TABLE} validate constraint "?[a-z_]+_account_present"?`).exec(sqlText))) return { step: `validate NOT NULL check: ${m[1]}`, phase: 'not null' };
  if ((m = new RegExp(`^alter table ${TABLE} alter column account_id set not null`).exec(sqlText))) return { step: `SET NOT NULL: ${m[1]}`, phase: 'not null' };
  if ((m = new RegExp(`^alter table ${TABLE} drop constraint ${TABLE}`).exec(sqlText)) && /_account_present/.test(sqlText)) return { step: `SET NOT NULL: ${m[1]}`, phase: 'not null' };
  if ((m = new RegExp(`^create unique index concurrently ${TABLE} on ${TABLE}`).exec(sqlText))) return { step: `build index: ${m[1]} on ${m[2]}`, phase: 'build indexes' };
  if ((m = new RegExp(`^drop index concurrently ${TABLE}`).exec(sqlText))) return { step: `drop invalid index: ${m[1]}`, phase: 'build indexes' };
  if (/ using index /.test(sqlText) || /^alter table \S+ drop constraint if exists/.test(sqlText) || /^drop index if exists/.test(sqlText) || / not valid$/.test(sqlText)) {
    return { step: 'swap keys (one transaction)', phase: 'swap' };
  }
  if ((m = new RegExp(`^alter table ${TABLE} validate constraint ${TABLE}`).exec(sqlText))) return { step: `validate FK: ${m[2]}`, phase: 'validate FKs' };
  if (/legacy_credentials/.test(sqlText)) return { step: '0031: legacy_credentials', phase: '0031' };
  return null;
}

/** Gives each statement its step: transaction control and catalog lookups take the next classified statement's (else the previous). */
function label(statements: MigrationStatement[]): void {
  const found = statements.map((statement) => classify(statement.sql));
  // A transaction (begin … commit/rollback) is one step: that of its first classified statement.
  for (let i = 0; i < statements.length; i += 1) {
    if (!/^begin/i.test(statements[i]!.sql.trim())) continue;
    let end = i + 1;
    while (end < statements.length && !/^(commit|rollback)/i.test(statements[end]!.sql.trim())) end += 1;
    const inside = found.slice(i, end + 1).find((value) => value !== null && value.phase !== 'bookkeeping');
    if (inside) for (let j = i; j <= Math.min(end, statements.length - 1); j += 1) found[j] = inside;
  }
  type Step = { step: string; phase: string };
  let next = null as Step | null;
  for (let i = statements.length - 1; i >= 0; i -= 1) {
    const value = found[i];
    if (value) {
      // A key page belongs to the backfill of the update that follows it.
      const following: Step | null = next;
      next = value.step === 'backfill key page' && following !== null && (following.step.startsWith('backfill:') || following.step.startsWith('delete rows')) ? following : value;
    }
    found[i] = next;
  }
  let previous: { step: string; phase: string } = { step: 'start', phase: 'start' };
  for (let i = 0; i < statements.length; i += 1) {
    const value = found[i] ?? previous;
    statements[i]!.step = value.step;
    statements[i]!.phase = value.phase;
    previous = value;
  }
}

interface LoadSample {
  readonly op: string;
  readonly start: number;
  readonly ms: number;
  readonly error?: string;
}

interface LoadTarget {
  readonly accountId: string;
  readonly memoryId: string;
  readonly doc: number;
  readonly termIds: readonly number[];
  readonly keyHash: string;
}

interface LoadOp {
  readonly name: string;
  readonly sql: string;
  readonly params: (target: LoadTarget) => unknown[];
}

/**
 * What an instance of the previous release sends (it knows neither the new columns nor the new
 * keys): the statements of its authenticator, its Memory update, its Memories page, its
 * queueForEmbedding and its setPostingsSecrecy, as they were at 2026_11_28_0029.
 */
const LOAD_OPS: readonly LoadOp[] = [
  {
    name: 'authenticate an API key',
    sql: 'select id, account_id, mode, expires_at, revoked_at from api_keys where key_hash = $1',
    params: (t) => [t.keyHash],
  },
  {
    name: 'update a Memory by id',
    sql: 'update memories set updated_at = now() where id = $1',
    params: (t) => [t.memoryId],
  },
  {
    name: "page of an account's Memories",
    sql: 'select id, updated_at from memories where account_id = $1 order by updated_at desc, id desc limit 10',
    params: (t) => [t.accountId],
  },
  {
    name: 'queue a Memory for embedding',
    sql: `insert into embedding_queue (memory_id, queued_at) values ($1, now())
          on conflict (memory_id) do update set queued_at = excluded.queued_at, backfill = false, attempts = 0, claim = null, claimed_until = null`,
    params: (t) => [t.memoryId],
  },
  {
    name: "update a Memory's postings",
    sql: 'update search_postings set secret = secret where term_id = any($1::int[]) and doc = $2',
    params: (t) => [`{${t.termIds.join(',')}}`, t.doc],
  },
];

async function loadTargets(url: string): Promise<LoadTarget[]> {
  return withClient(url, async (client) => {
    const { rows: keys } = await client.query<{ key_hash: string }>(`select key_hash from api_keys where key_hash not like 'oauth:%'`);
    const { rows } = await client.query<{ account_id: string; id: string; doc: string; terms: number[] }>(
      `select m.account_id, m.id, m.search_doc as doc, array(select term_id from search_postings p where p.doc = m.search_doc order by term_id limit 8) as terms
       from memories m where m.search_length > 0 order by random() limit 2000`,
    );
    return rows.map((row, i) => ({
      accountId: row.account_id,
      memoryId: row.id,
      doc: Number(row.doc),
      termIds: row.terms,
      keyHash: keys[i % Math.max(1, keys.length)]?.key_hash ?? 'none',
    }));
  });
}

/** The scan each load statement's plan makes (EXPLAIN, no ANALYZE), in a few words. */
async function loadPlans(url: string, target: LoadTarget): Promise<Map<string, string>> {
  return withClient(url, async (client) => {
    const plans = new Map<string, string>();
    for (const op of LOAD_OPS) {
      try {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${op.sql}`, op.params(target));
        const lines = rows.map((row) => row['QUERY PLAN']);
        const scans = lines.filter((line) => /Scan/.test(line)).map((line) => line.replace(/^[\s\->]+/, '').replace(/\s+\(cost=.*$/, ''));
        plans.set(op.name, scans.join('; ') || (lines[0] ?? '').replace(/\s+\(cost=.*$/, ''));
      } catch (err) {
        plans.set(op.name, `fails: ${(err as Error).message}`);
      }
    }
    return plans;
  });
}

async function loadLoop(pool: pg.Pool, targets: readonly LoadTarget[], loop: number, pauseMs: number, stop: { stopped: boolean }, samples: LoadSample[]): Promise<void> {
  const next = random(777 + loop);
  // Each loop sends one kind of statement: one kept waiting does not hold back the others.
  const op = LOAD_OPS[loop % LOAD_OPS.length]!;
  while (!stop.stopped) {
    const target = targets[Math.floor(next() * targets.length)]!;
    const client = await pool.connect();
    const start = performance.now();
    try {
      await client.query(op.sql, op.params(target));
      samples.push({ op: op.name, start, ms: performance.now() - start });
    } catch (err) {
      const error = err as { code?: string; message?: string };
      samples.push({ op: op.name, start, ms: performance.now() - start, error: `${error.code ?? ''} ${error.message ?? String(err)}`.trim() });
    } finally {
      client.release();
    }
    if (pauseMs > 0) await sleep(pauseMs);
  }
}

interface LockWait {
  readonly key: string;
  readonly who: string;
  readonly query: string;
  readonly firstSeen: number;
  lastSeen: number;
  /** How long it had waited when last seen (now - query_start). */
  waitedMs: number;
  blockers: Set<string>;
  migrationStep: string;
}

interface ActivityRow {
  pid: number;
  application_name: string;
  wait_event_type: string | null;
  wait_event: string | null;
  state: string | null;
  query: string;
  query_start_ms: number;
  running_ms: number;
  blockers: number[];
}

class ActivityMonitor {
  readonly waits = new Map<string, LockWait>();
  migrationLockSamples = 0;
  readonly migrationLockQueries = new Map<string, number>();
  samples = 0;
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private client: pg.Client | null = null;

  constructor(
    private readonly url: string,
    private readonly phase: () => string,
  ) {}

  async start(): Promise<void> {
    this.client = new pg.Client({ connectionString: this.url });
    await this.client.connect();
    this.timer = setInterval(() => void this.poll(), POLL_MS);
  }

  private async poll(): Promise<void> {
    if (this.busy || !this.client) return;
    this.busy = true;
    try {
      const { rows } = await this.client.query<ActivityRow>(
        `select pid, application_name, wait_event_type, wait_event, state, left(query, 200) as query,
                extract(epoch from query_start) * 1000 as query_start_ms,
                extract(epoch from clock_timestamp() - query_start) * 1000 as running_ms,
                pg_blocking_pids(pid) as blockers
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      this.samples += 1;
      const names = new Map(rows.map((row) => [row.pid, row.application_name || (row.query.startsWith('autovacuum') ? 'autovacuum' : `pid ${row.pid}`)]));
      // The migration's step: that of the statement its connection is running.
      const migration = rows.find((row) => row.application_name === APP_NAME.migration && row.state === 'active');
      const step = migration ? (classify(migration.query)?.step ?? migration.query.replace(/\s+/g, ' ').slice(0, 60)) : this.phase();
      for (const row of rows) {
        if (row.wait_event_type !== 'Lock' || row.state !== 'active') continue;
        if (row.application_name === APP_NAME.migration) {
          this.migrationLockSamples += 1;
          const q = row.query.replace(/\s+/g, ' ').slice(0, 90);
          this.migrationLockQueries.set(q, (this.migrationLockQueries.get(q) ?? 0) + 1);
          continue;
        }
        const key = `${row.pid}@${row.query_start_ms}`;
        const wait = this.waits.get(key) ?? {
          key,
          who: row.application_name,
          query: row.query.replace(/\s+/g, ' ').slice(0, 80),
          firstSeen: performance.now(),
          lastSeen: 0,
          waitedMs: 0,
          blockers: new Set<string>(),
          migrationStep: step,
        };
        wait.lastSeen = performance.now();
        wait.waitedMs = Math.max(wait.waitedMs, Number(row.running_ms));
        for (const blocker of row.blockers ?? []) wait.blockers.add(names.get(blocker) ?? `pid ${blocker}`);
        this.waits.set(key, wait);
      }
    } catch {
      // A sample lost (the database busy dropping a connection) is only a sample.
    } finally {
      this.busy = false;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    while (this.busy) await sleep(10);
    await this.client?.end();
  }
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function latencyLine(samples: readonly LoadSample[]): string {
  const ok = samples.filter((sample) => !sample.error).map((sample) => sample.ms).sort((a, b) => a - b);
  const errors = samples.length - ok.length;
  const ms = (value: number) => (Number.isNaN(value) ? '-' : value >= 100 ? value.toFixed(0) : value.toFixed(1));
  return `${n(samples.length).padStart(7)} ${ms(percentile(ok, 50)).padStart(8)} ${ms(percentile(ok, 99)).padStart(8)} ${ms(ok[ok.length - 1] ?? NaN).padStart(8)} ${String(errors).padStart(7)}`;
}

const LATENCY_HEADER = `${'statements'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'errors'.padStart(7)}`;

// ----------------------------------------------------------------------------------------------
// Sizes and checks.

const COUNTED = ['memories', 'memory_revisions', 'memory_links', 'search_postings', 'search_terms', 'embedding_queue', 'subjects', 'facts', 'template_revisions', 'template_files', 'template_versions', 'oauth_tokens', 'api_keys'];

async function tableSizes(client: pg.Client): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of COUNTED) counts.set(table, Number((await client.query<{ c: string }>(`select count(*) as c from ${quoteIdent(table)}`)).rows[0]!.c));
  return counts;
}

/** Prints each counted table's rows and size (with `before`, the change since); returns the sizes. */
async function printSizes(client: pg.Client, title: string, counts: Map<string, number>, before?: Map<string, number>): Promise<Map<string, number>> {
  const { rows } = await client.query<{ name: string; bytes: string }>(
    `select c.relname as name, pg_total_relation_size(c.oid) as bytes from pg_class c join pg_namespace s on s.oid = c.relnamespace
     where s.nspname = current_schema() and c.relname = any($1)`,
    [COUNTED],
  );
  const bytes = new Map(rows.map((row) => [row.name, Number(row.bytes)]));
  const total = Number((await client.query<{ b: string }>('select pg_database_size(current_database()) as b')).rows[0]!.b);
  const mb = (value: number) => (value / 2 ** 20).toFixed(1);
  const was = before?.get('(database)');
  process.stdout.write(`\n${title} (database ${mb(total)} MB${was === undefined ? '' : `, was ${mb(was)} MB`}):\n`);
  for (const table of COUNTED) {
    const size = bytes.get(table) ?? 0;
    const earlier = before?.get(table);
    process.stdout.write(
      `  ${table.padEnd(20)} ${n(counts.get(table) ?? 0).padStart(12)} rows ${mb(size).padStart(8)} MB with indexes${earlier === undefined ? '' : ` (was ${mb(earlier)} MB)`}\n`,
    );
  }
  bytes.set('(database)', total);
  return bytes;
}

async function orphanPostings(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ c: string }>(`select count(*) as c from search_postings p where not exists (select 1 from memories m where m.search_doc = p.doc)`);
  return Number(rows[0]!.c);
}

/** What should hold once the migrations ran: the problems found (none: an empty list). */
async function verify(client: pg.Client, before: Map<string, number>, orphans: number): Promise<string[]> {
  const problems: string[] = [];
  const { rows: tables } = await client.query<{ name: string; has_account: boolean }>(
    `select c.relname as name, exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'account_id' and not a.attisdropped) as has_account
     from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = current_schema() and c.relkind in ('r', 'p') order by 1`,
  );
  const accountTables = tables.filter((table) => isAccountTable(table.name));
  for (const table of accountTables) if (!table.has_account) problems.push(`${table.name} has no account_id`);
  const { rows: keys } = await client.query<{ table_name: string; name: string; type: string; first: string; referenced: string | null }>(
    `select c.relname as table_name, k.conname as name, k.contype as type, a.attname as first, r.relname as referenced
     from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace s on s.oid = c.relnamespace
     join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
     left join pg_class r on r.oid = k.confrelid
     where s.nspname = current_schema() and k.contype in ('p', 'u', 'f')`,
  );
  const accountSet = new Set(accountTables.map((table) => table.name));
  let primaryKeys = 0;
  for (const key of keys) {
    if (!accountSet.has(key.table_name)) continue;
    if (key.type === 'f' && !(key.referenced && accountSet.has(key.referenced))) continue;
    if (key.type === 'p') primaryKeys += 1;
    if (key.first !== 'account_id') problems.push(`${key.table_name}.${key.name} (${key.type === 'p' ? 'primary key' : key.type === 'u' ? 'unique' : 'foreign key'}) starts with ${key.first}`);
  }
  for (const table of accountTables) {
    if (!keys.some((key) => key.table_name === table.name && key.type === 'p')) problems.push(`${table.name} has no primary key`);
  }
  const { rows: uniqueIndexes } = await client.query<{ table_name: string; name: string; first: string }>(
    `select c.relname as table_name, i.relname as name, a.attname as first
     from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class c on c.oid = x.indrelid join pg_namespace s on s.oid = c.relnamespace
     left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = x.indkey[0]
     where s.nspname = current_schema() and x.indisunique`,
  );
  for (const index of uniqueIndexes) {
    if (accountSet.has(index.table_name) && index.first !== 'account_id') problems.push(`unique index ${index.name} on ${index.table_name} starts with ${index.first ?? 'an expression'}`);
  }
  for (const table of NEW_COLUMN_TABLES) {
    const { rows } = await client.query<{ nulls: string; not_null: boolean }>(
      `select (select count(*) from ${quoteIdent(table)} where account_id is null) as nulls,
              (select attnotnull from pg_attribute where attrelid = $1::regclass and attname = 'account_id') as not_null`,
      [table],
    );
    if (Number(rows[0]!.nulls) > 0) problems.push(`${table}: ${rows[0]!.nulls} rows without account_id`);
    if (!rows[0]!.not_null) problems.push(`${table}.account_id is not NOT NULL`);
  }
  const { rows: invalid } = await client.query<{ name: string }>(
    `select conname as name from pg_constraint k join pg_namespace s on s.oid = k.connamespace where s.nspname = current_schema() and not k.convalidated
     union all
     select c.relname from pg_index x join pg_class c on c.oid = x.indexrelid join pg_namespace s on s.oid = c.relnamespace where s.nspname = current_schema() and not (x.indisvalid and x.indisready)
     union all
     select conname from pg_constraint where conname like '%\\_account\\_present'`,
  );
  for (const row of invalid) problems.push(`left invalid or unfinished: ${row.name}`);
  const after = await tableSizes(client);
  for (const table of COUNTED) {
    const expected = (before.get(table) ?? 0) - (table === 'search_postings' ? orphans : 0);
    if (after.get(table) !== expected) problems.push(`${table}: ${n(after.get(table) ?? 0)} rows, expected ${n(expected)}`);
  }
  process.stdout.write(
    `  ${accountTables.length} account tables, ${primaryKeys} primary keys checked; search_postings ${n(before.get('search_postings') ?? 0)} -> ${n(after.get('search_postings') ?? 0)} ` +
      `(${n((before.get('search_postings') ?? 0) - (after.get('search_postings') ?? 0))} deleted, ${n(orphans)} had no Memory)\n`,
  );
  const { rows: legacy } = await client.query<{ c: string; expected: string }>(
    `select (select count(*) from legacy_credentials) as c,
            (select count(*) from api_keys where revoked_at is null and key_hash not like 'oauth:%') + (select count(*) from oauth_tokens) as expected`,
  );
  if (legacy[0]!.c !== legacy[0]!.expected) problems.push(`legacy_credentials holds ${legacy[0]!.c} rows, expected ${legacy[0]!.expected}`);
  return problems;
}

// ----------------------------------------------------------------------------------------------

interface Options {
  readonly serverUrl: string;
  readonly memories: number;
  readonly loops: number;
  readonly pauseMs: number;
  readonly orphanMemories: number;
  readonly longReaderS: number;
  readonly keep: boolean;
}

function options(): Options {
  const usage = (message: string): never => {
    process.stderr.write(
      `${message}\nUsage: node dist/scripts/migration-time.js [--memories <n>] [--database-url <url>] [--load-loops <n>] [--load-pause-ms <ms>] [--orphan-memories <n>] [--long-reader <s>]\n`,
    );
    return process.exit(2);
  };
  const { values } = (() => {
    try {
      return parseArgs({
        options: {
          memories: { type: 'string', default: '100000' },
          'database-url': { type: 'string' },
          'load-loops': { type: 'string', default: String(LOAD_OPS.length) },
          'load-pause-ms': { type: 'string', default: '10' },
          'orphan-memories': { type: 'string', default: '20' },
          'long-reader': { type: 'string', default: '0' },
        },
      });
    } catch (err) {
      return usage(err instanceof Error ? err.message : String(err));
    }
  })();
  const integer = (name: string, text: string, min: number) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min) usage(`--${name} must be an integer of at least ${min}`);
    return value;
  };
  return {
    serverUrl: values['database-url'] ?? process.env.MIGRATION_TIME_DATABASE_URL ?? DEFAULT_SERVER_URL,
    memories: integer('memories', values.memories, SMALL_ACCOUNTS + 1),
    loops: integer('load-loops', values['load-loops'], 0),
    pauseMs: integer('load-pause-ms', values['load-pause-ms'], 0),
    orphanMemories: integer('orphan-memories', values['orphan-memories'], 0),
    longReaderS: integer('long-reader', values['long-reader'], 0),
    keep: process.env.MIGRATION_TIME_KEEP === '1',
  };
}

/** The first 12 hex digits of the SHA-256 of a migration's compiled file: which version of it was measured. */
function sourceHash(name: string): string {
  try {
    return createHash('sha256').update(readFileSync(join(__dirname, '..', 'src', 'db', 'migrations', `${name}.js`))).digest('hex').slice(0, 12);
  } catch {
    return 'file not found';
  }
}

const seedName = (memories: number) => `mtl_migration_seed_${memories % 1000 === 0 ? `${memories / 1000}k` : memories}`;

async function main(): Promise<void> {
  const opts = options();
  const measured = MIGRATION_NAMES.filter((name) => name > START);
  if (!MIGRATION_NAMES.includes(START) || measured.length === 0) throw new Error(`no migration after ${START} to measure`);
  const started = performance.now();
  const clock = () => `${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s`;
  const log = (line: string) => process.stdout.write(`${clock()}  ${line}\n`);
  const stamp = Date.now();
  const admin = new pg.Client({ connectionString: opts.serverUrl });
  await admin.connect();
  const cleanups: Array<() => Promise<unknown>> = [];
  try {
    // The database at START, seeded: kept from an earlier run, or made now.
    const kept = seedName(opts.memories);
    let seeded: string;
    if (opts.keep && (await databaseExists(admin, kept))) {
      seeded = kept;
      log(`reusing the seeded database ${kept} (MIGRATION_TIME_KEEP=1; drop it to seed again)`);
    } else {
      const building = `mtl_migration_seed_building_${stamp}`;
      const scratch = `mtl_migration_seed_latest_${stamp}`;
      await admin.query(`create database ${building}`);
      cleanups.push(() => admin.query(`drop database if exists ${building} with (force)`));
      await admin.query(`create database ${scratch}`);
      cleanups.push(() => admin.query(`drop database if exists ${scratch} with (force)`));
      log(`seeding ${n(opts.memories)} Memories across ${SMALL_ACCOUNTS + 1} accounts with the application's code (database ${scratch}, latest schema)`);
      await seedLatest(databaseUrl(opts.serverUrl, scratch), opts.memories, log);
      const buildingUrl = databaseUrl(opts.serverUrl, building);
      const database = openPostgres(buildingUrl, 1);
      try {
        await migrateUpTo(database.db, START);
      } finally {
        await database.close();
      }
      log(`${building} migrated to ${START}; copying the seed into it`);
      await copyInto(opts.serverUrl, scratch, buildingUrl, log);
      await admin.query(`drop database ${scratch} with (force)`);
      const orphaned = await orphanSomePostings(buildingUrl, opts.orphanMemories);
      if (opts.orphanMemories > 0) log(`deleted ${opts.orphanMemories} Memory rows directly: ${n(orphaned)} postings left without their Memory`);
      await withClient(buildingUrl, async (client) => {
        await client.query('vacuum analyze');
        await client.query('checkpoint').catch(() => undefined);
      });
      log('vacuumed and analysed');
      if (opts.keep) {
        await admin.query(`drop database if exists ${kept} with (force)`);
        await admin.query(`alter database ${building} rename to ${kept}`);
        seeded = kept;
        log(`kept the seeded database as ${kept}`);
      } else seeded = building;
    }

    // The database migrated: a copy of a kept seed, or the seed itself.
    let target = seeded;
    if (seeded === kept) {
      target = `mtl_migration_run_${stamp}`;
      const copyStarted = performance.now();
      await admin.query(`create database ${target} template ${kept}`);
      cleanups.push(() => admin.query(`drop database if exists ${target} with (force)`));
      log(`copied ${kept} to ${target} in ${seconds(performance.now() - copyStarted)}`);
    }
    const targetUrl = databaseUrl(opts.serverUrl, target);

    const check = new pg.Client({ connectionString: targetUrl });
    await check.connect();
    cleanups.unshift(() => check.end());
    const { rows: applied } = await check.query<{ name: string }>('select max(name) as name from kysely_migration');
    if (applied[0]?.name !== START) throw new Error(`${target} is at ${applied[0]?.name ?? 'nothing'}, not ${START}`);
    const before = await tableSizes(check);
    const sizesBefore = await printSizes(check, 'Tables before migrating', before);
    const orphans = await orphanPostings(check);
    process.stdout.write(`  postings without a Memory: ${n(orphans)}\n\n`);

    // The load, on a pool as the service's serving pool (its lock and statement timeouts).
    const config = loadConfig({ APP_JWT_SECRET: SECRET, EMBEDDINGS: 'off' });
    const targets = await loadTargets(targetUrl);
    const plansBefore = await loadPlans(targetUrl, targets[0]!);
    const pool = new pg.Pool({
      connectionString: databaseUrl(opts.serverUrl, target, APP_NAME.load),
      max: Math.max(1, opts.loops),
      statement_timeout: config.databaseStatementTimeoutMs,
      lock_timeout: config.databaseLockTimeoutMs,
    });
    pool.on('error', () => undefined);
    const samples: LoadSample[] = [];
    const stop = { stopped: false };
    const statements: MigrationStatement[] = [];
    let lastEnd = 0;
    let migrationStart = 0;
    let migrationEnd = 0;
    const monitor = new ActivityMonitor(databaseUrl(opts.serverUrl, target, APP_NAME.monitor), () =>
      migrationStart === 0 ? 'before the migration' : migrationEnd === 0 ? 'between statements of the migration' : 'after the migration',
    );
    await monitor.start();
    const loops = Array.from({ length: opts.loops }, (_, loop) => loadLoop(pool, targets, loop, opts.pauseMs, stop, samples));
    // A long reader (--long-reader): a transaction that read memories and stays open, as a slow
    // export's does, until the migration has waited --long-reader seconds for a lock.
    const reader = opts.longReaderS > 0 ? new pg.Client({ connectionString: databaseUrl(opts.serverUrl, target, APP_NAME.reader) }) : null;
    let readerOpen = false;
    let readerReleasedAt = 0;
    const releaseReader = async () => {
      if (!reader || !readerOpen) return;
      readerOpen = false;
      readerReleasedAt = performance.now();
      await reader.query('commit');
    };
    log(`load: ${opts.loops} loops of the previous release's statements (${LOAD_OPS.map((op) => op.name).join('; ')}), ${opts.pauseMs} ms apart; ${seconds(BASELINE_MS)} before migrating`);
    await sleep(BASELINE_MS);

    // The migration, over a connection of its own as the service opens it (server.ts).
    const migrating = openPostgres(databaseUrl(opts.serverUrl, target, APP_NAME.migration), 1, 0, undefined, (query) => {
      const end = performance.now();
      statements.push({ end, start: lastEnd, sql: query.sql, step: '', phase: '' });
      lastEnd = end;
    });
    let migrated: string[] = [];
    let failure: unknown = null;
    log(`migrating ${target} from ${START} to the latest: ${measured.map((name) => `${name} (${sourceHash(name)})`).join(', ')}`);
    if (reader) {
      await reader.connect();
      await reader.query('begin');
      await reader.query('select count(*) from memories');
      readerOpen = true;
      log(`a reader holds a transaction open on memories until the migration has waited ${opts.longReaderS} s for a lock`);
    }
    const readerWatch = setInterval(() => {
      if (readerOpen && monitor.migrationLockSamples * POLL_MS >= opts.longReaderS * 1000) void releaseReader();
    }, POLL_MS);
    const walBefore = (await check.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn;
    migrationStart = performance.now();
    lastEnd = migrationStart;
    const progress = setInterval(() => {
      const last = statements[statements.length - 1];
      log(`  ... ${seconds(performance.now() - migrationStart)}: ${statements.length} statements, last: ${last ? (classify(last.sql)?.step ?? last.sql.replace(/\s+/g, ' ').slice(0, 70)) : '-'}`);
    }, 15_000);
    try {
      migrated = await migrateToLatest(migrating.db);
    } catch (err) {
      failure = err;
    } finally {
      migrationEnd = performance.now();
      clearInterval(progress);
      clearInterval(readerWatch);
      await migrating.close();
      await releaseReader();
      await reader?.end();
    }
    const walBytes = Number((await check.query<{ bytes: string }>('select pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn) as bytes', [walBefore])).rows[0]!.bytes);
    if (!failure) await sleep(TAIL_MS);
    stop.stopped = true;
    await Promise.all(loops);
    await pool.end();
    await monitor.stop();
    if (failure) throw failure;
    const total = migrationEnd - migrationStart;
    log(`migrated (${migrated.join(', ')}) in ${seconds(total)}; ${(walBytes / 2 ** 20).toFixed(0)} MB of WAL written meanwhile (the server's, load included)`);
    if (readerReleasedAt > 0) log(`the long reader was released ${seconds(readerReleasedAt - migrationStart)} after the migration started`);

    // The migration's steps.
    label(statements);
    const steps = new Map<string, { phase: string; statements: number; ms: number; longest: number; longestSql: string; first: number; last: number }>();
    for (const statement of statements) {
      const ms = statement.end - statement.start;
      const step = steps.get(statement.step) ?? { phase: statement.phase, statements: 0, ms: 0, longest: 0, longestSql: '', first: statement.start, last: statement.end };
      step.statements += 1;
      step.ms += ms;
      step.last = statement.end;
      if (ms > step.longest) {
        step.longest = ms;
        step.longestSql = statement.sql.replace(/\s+/g, ' ').slice(0, 80);
      }
      steps.set(statement.step, step);
    }
    const stepOf = (time: number): string => {
      if (time < migrationStart) return 'before the migration';
      if (time > migrationEnd) return 'after the migration';
      // The statement running at `time`: the first whose answer came after it.
      let low = 0;
      let high = statements.length - 1;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (statements[mid]!.end < time) low = mid + 1;
        else high = mid;
      }
      return statements[low]?.step ?? 'after the migration';
    };
    process.stdout.write(`\nSteps of the migration (${statements.length} statements; a statement's time runs from the previous one's answer to its own):\n`);
    process.stdout.write(`  ${'step'.padEnd(60)} ${'stmts'.padStart(6)} ${'total'.padStart(9)} ${'longest'.padStart(9)}   load during the step: ${LATENCY_HEADER}\n`);
    const byStep = new Map<string, LoadSample[]>();
    for (const sample of samples) {
      const step = stepOf(sample.start);
      const list = byStep.get(step);
      if (list) list.push(sample);
      else byStep.set(step, [sample]);
    }
    process.stdout.write(`  ${'(before the migration)'.padEnd(60)} ${''.padStart(6)} ${''.padStart(9)} ${''.padStart(9)}   ${''.padEnd(22)}${latencyLine(byStep.get('before the migration') ?? [])}\n`);
    for (const [name, step] of steps) {
      process.stdout.write(
        `  ${name.slice(0, 60).padEnd(60)} ${String(step.statements).padStart(6)} ${seconds(step.ms).padStart(9)} ${`${step.longest.toFixed(0)} ms`.padStart(9)}   ${''.padEnd(22)}${latencyLine(byStep.get(name) ?? [])}\n`,
      );
    }
    process.stdout.write(`  ${'(after the migration)'.padEnd(60)} ${''.padStart(6)} ${''.padStart(9)} ${''.padStart(9)}   ${''.padEnd(22)}${latencyLine(byStep.get('after the migration') ?? [])}\n`);
    const phases = new Map<string, number>();
    for (const step of steps.values()) phases.set(step.phase, (phases.get(step.phase) ?? 0) + step.ms);
    process.stdout.write(`\n  by phase: ${[...phases].map(([phase, ms]) => `${phase} ${seconds(ms)}`).join(', ')}\n`);
    const longest = [...statements].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 12);
    process.stdout.write(`\nLongest statements of the migration:\n`);
    for (const statement of longest) {
      process.stdout.write(`  ${`${(statement.end - statement.start).toFixed(0)} ms`.padStart(9)}  ${statement.sql.replace(/\s+/g, ' ').slice(0, 120)}\n`);
    }
    const rollbacks = statements.filter((statement) => /^rollback/i.test(statement.sql.trim())).length;
    const swap = statements.filter((statement) => statement.phase === 'swap');
    if (swap.length > 0) {
      process.stdout.write(
        `\nThe swap transaction: ${swap.length} statements, ${(swap[swap.length - 1]!.end - swap[0]!.start).toFixed(0)} ms from its begin to its commit ` +
          '(the longest its exclusive locks were held, lock waits and retries included)\n',
      );
    }
    process.stdout.write(`Transactions rolled back by the migration (a lock not had within its 2 s, tried again): ${rollbacks}\n`);

    // The load.
    const during = samples.filter((sample) => sample.start >= migrationStart && sample.start <= migrationEnd);
    process.stdout.write(`\nLoad beside the migration (${opts.loops} loops; the serving pool's lock_timeout ${config.databaseLockTimeoutMs} ms, statement_timeout ${config.databaseStatementTimeoutMs} ms):\n`);
    process.stdout.write(`  ${''.padEnd(40)} ${LATENCY_HEADER}\n`);
    const rows: Array<[string, LoadSample[]]> = [
      ['before the migration, all', samples.filter((sample) => sample.start < migrationStart)],
      ['during the migration, all', during],
      ...LOAD_OPS.map((op): [string, LoadSample[]] => [`  during: ${op.name}`, during.filter((sample) => sample.op === op.name)]),
      ['after the migration, all', samples.filter((sample) => sample.start > migrationEnd)],
      ...LOAD_OPS.map((op): [string, LoadSample[]] => [`  after: ${op.name}`, samples.filter((sample) => sample.start > migrationEnd && sample.op === op.name)]),
    ];
    for (const [name, list] of rows) process.stdout.write(`  ${name.padEnd(40)} ${latencyLine(list)}\n`);
    const slow = during.filter((sample) => sample.ms >= 100).sort((a, b) => b.ms - a.ms);
    process.stdout.write(`  statements of 100 ms or more during the migration: ${slow.length}; at or over 1 s: ${slow.filter((sample) => sample.ms >= 1000).length}\n`);
    for (const sample of slow.slice(0, 8)) {
      process.stdout.write(`    ${`${sample.ms.toFixed(0)} ms`.padStart(9)}  ${sample.op}${sample.error ? ` (failed: ${sample.error.slice(0, 80)})` : ''}, during "${stepOf(sample.start)}"\n`);
    }
    const errors = new Map<string, { count: number; first: string }>();
    for (const sample of samples.filter((s) => s.error)) {
      const key = `${sample.op}: ${sample.error!.slice(0, 140)}`;
      const entry = errors.get(key) ?? { count: 0, first: stepOf(sample.start) };
      entry.count += 1;
      errors.set(key, entry);
    }
    for (const [key, entry] of errors) process.stdout.write(`  error x${entry.count} (first during "${entry.first}"): ${key}\n`);
    const waits = [...monitor.waits.values()];
    const byMigration = waits.filter((wait) => wait.blockers.has(APP_NAME.migration));
    process.stdout.write(
      `  lock waits seen (pg_stat_activity every ${POLL_MS} ms, ${monitor.samples} samples): ${waits.length} statements waited for a lock, ${byMigration.length} of them on the migration; ` +
        `longest wait seen ${waits.length > 0 ? `${Math.max(...waits.map((wait) => wait.waitedMs)).toFixed(0)} ms` : '-'}\n`,
    );
    for (const wait of waits.sort((a, b) => b.waitedMs - a.waitedMs).slice(0, 8)) {
      process.stdout.write(`    ${`${wait.waitedMs.toFixed(0)} ms`.padStart(9)}  ${wait.query} — blocked by ${[...wait.blockers].join(', ') || '?'} during "${wait.migrationStep}"\n`);
    }
    process.stdout.write(`  the migration itself waited for a lock in ${monitor.migrationLockSamples} samples (~${seconds(monitor.migrationLockSamples * POLL_MS)})\n`);
    for (const [query, count] of monitor.migrationLockQueries) process.stdout.write(`    ${String(count).padStart(5)} x  ${query}\n`);

    // Plans of the previous release's statements, before and after.
    const plansAfter = await loadPlans(targetUrl, targets[0]!);
    process.stdout.write(`\nPlans of the load's statements (EXPLAIN), before -> after the migration:\n`);
    for (const op of LOAD_OPS) process.stdout.write(`  ${op.name}: ${plansBefore.get(op.name)}  ->  ${plansAfter.get(op.name)}\n`);

    await check.query('analyze');
    await printSizes(check, 'Tables after migrating (analysed; not vacuumed)', await tableSizes(check), sizesBefore);

    // The result.
    process.stdout.write(`\nChecks after migrating:\n`);
    const problems = await verify(check, before, orphans);
    if (problems.length === 0) process.stdout.write('  all passed\n');
    for (const problem of problems) process.stdout.write(`  PROBLEM: ${problem}\n`);
    process.stdout.write(`\nMigration ${measured.join(' + ')} on ${n(before.get('memories') ?? 0)} Memories: ${seconds(total)} in all.\n`);
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((err: unknown) => process.stderr.write(`cleanup: ${err instanceof Error ? err.message : String(err)}\n`));
    await admin.end();
    log('done (databases made by this run dropped)');
  }
}

main().catch((err: unknown) => {
  const cause = err instanceof Error && err.cause ? `\ncaused by: ${err.cause instanceof Error ? err.cause.stack : String(err.cause)}` : '';
  process.stderr.write(`migration-time failed: ${err instanceof Error ? err.stack : String(err)}${cause}\n`);
  process.exit(1);
});
