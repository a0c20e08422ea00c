// `npm run bench`: seeds a realistic data set, starts MTL and a bare baseline on PostgreSQL (and MTL
// on the embedded database), drives each scenario with autocannon at fixed concurrency on the
// service and then on the baseline, and writes docs/benchmarks.json and docs/benchmarks.md.
//
// Sizes and load are configurable: BENCH_MEMORIES (100000), BENCH_SUBJECTS (2000),
// BENCH_LINKS_PER_SUBJECT (10), BENCH_EMBEDDED_MEMORIES (10000), BENCH_DURATION seconds (10),
// BENCH_CONNECTIONS (10), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres).
//
// For quicker runs while working on one scenario: BENCH_SCENARIOS (comma-separated parts of
// scenario names), BENCH_TARGETS (any of service,baseline,embedded), BENCH_KEEP_DATABASE=1 (keep
// the seeded PostgreSQL database and print its name) and BENCH_REUSE_DATABASE=<name> (run on a
// database kept earlier instead of seeding). BENCH_NODE_ARGS passes Node.js options to the servers
// under test (for example "--cpu-prof --cpu-prof-dir=/tmp/prof"). BENCH_RATE (requests per second)
// sends requests at that fixed rate, evenly spaced, whatever the answers take, to read latency at a
// load below what the machine can serve. Only a complete run at full load writes the docs.
//
// Search runs both legs, words and meaning, on every target: BENCH_EMBEDDINGS (local) is the
// EMBEDDINGS of the service and of the baseline, which builds the same embedder from the same
// settings (EMBEDDINGS_URL and the rest are passed on from this environment); `off` measures
// search by words alone. Before measuring, every seeded Memory is given its vector by that
// embedder, here (one model thread a core), as the service's worker would (a database kept earlier
// keeps its vectors: only Memories without one are embedded), and each target is measured once its
// /readyz says every Memory is embedded (a server may still backfill or convert vectors at start).
//
// Read replicas: BENCH_REPLICA_URLS (comma-separated) names hot standbys of the server of
// BENCH_DATABASE_URL, as server URLs like it (the database in their path is replaced by the
// bench's, which the standbys receive by replication). The service then runs with
// DATABASE_REPLICA_URLS = the bench's database on each standby (the baseline and the embedded
// target never read from replicas). Before the servers start, the bench waits until every standby
// has replayed the seed; for each measured scenario, and for the whole run, it prints how many
// reads went to the replicas and how many to the primary (the service's /readyz: data.replicas).
// `scripts/replica-pair.sh start` makes a primary and a standby on loopback to try it with:
//   BENCH_DATABASE_URL=$REPLICA_PRIMARY_URL BENCH_REPLICA_URLS=$REPLICA_STANDBY_URL npm run bench
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/connect';
import { migrateToLatest } from '../src/db/migrate';
import { createApiKey } from '../src/domain/api-keys/api-keys';
import { encodeVector, type Embedder } from '../src/domain/embeddings/embedder';
import { embedderFor } from '../src/domain/embeddings/embedders';
import { embeddedText, textHash } from '../src/domain/embeddings/indexer';
import { LocalEmbedder } from '../src/domain/embeddings/local-embedder';
import { updateDraft } from '../src/domain/library/templates';
import { runWorkflow } from '../src/domain/library/workflow';
import { indexAllMemories } from '../src/domain/projections/projections';
import { newId } from '../src/domain/shared/ids';
import type { Principal } from '../src/domain/shared/principal';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SIZES = {
  memories: env('BENCH_MEMORIES', 100_000),
  subjects: env('BENCH_SUBJECTS', 2_000),
  linksPerSubject: env('BENCH_LINKS_PER_SUBJECT', 10),
  embeddedMemories: env('BENCH_EMBEDDED_MEMORIES', 10_000),
};
const DURATION = env('BENCH_DURATION', 10);
const CONNECTIONS = env('BENCH_CONNECTIONS', 10);
const WARM_UP = 2;
const list = (name: string, lowerCase = true) =>
  process.env[name]
    ?.split(',')
    .map((part) => (lowerCase ? part.trim().toLowerCase() : part.trim()))
    .filter(Boolean);
const SCENARIO_FILTER = list('BENCH_SCENARIOS');
const TARGETS = list('BENCH_TARGETS') ?? ['service', 'baseline', 'embedded'];
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE === '1';
const REUSE_DATABASE = process.env.BENCH_REUSE_DATABASE;
// At full load (the default) each of the connections sends its next request as soon as the last is answered.
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
if (RATE !== undefined && !(RATE > 0)) throw new Error('BENCH_RATE must be a positive number of requests per second');
// Extra Node.js options for the servers under test, such as --cpu-prof (NODE_OPTIONS refuses it).
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Hot standbys of SERVER_URL's server (BENCH_REPLICA_URLS), as server URLs: the service reads from them. */
const REPLICA_SERVER_URLS = list('BENCH_REPLICA_URLS', false) ?? [];
/** How long a standby may take to replay the seed before the servers start. */
const REPLAY_TIMEOUT_MS = 10 * 60_000;
const ROOT = join(__dirname, '..', '..');
// The EMBEDDINGS of the servers under test: search by words and meaning (local, http), or by words alone (off).
const BENCH_EMBEDDINGS = process.env.BENCH_EMBEDDINGS ?? 'local';
const SECRET = randomBytes(32).toString('hex');
/** The embedder the servers under test build from their settings; null when off. */
const EMBEDDINGS = loadConfig({ ...process.env, EMBEDDINGS: BENCH_EMBEDDINGS, APP_JWT_SECRET: SECRET }).embeddings;
/** The legs every search runs, as the results name them. */
const LEGS = EMBEDDINGS ? 'words and meaning' : 'words alone';
/** Memories embedded per call while the seed is given its vectors, and calls at once (one model thread each for the local model). */
const VECTOR_BATCH = 32;
const VECTOR_CALLS = os.availableParallelism();
/** How long a server may take to embed what is waiting (at start, its backfill or conversion of vectors). */
const EMBEDDINGS_TIMEOUT_MS = 20 * 60_000;

// Tags and Subject names come from these domain words.
const DOMAIN_WORDS = (
  'project meeting deploy release review customer budget roadmap design research travel family ' +
  'health recipe garden invoice contract server database latency search memory context template ' +
  'library weekly planning notes decision preference instruction event reference typescript ' +
  'postgres kubernetes migration incident retrospective hiring onboarding security backup'
).split(' ');

// Common English words lead the frequency ranking, as in real text (the full-text index drops them).
const STOP_WORDS = (
  'the of and to a in is it that for on with as was at by be this are from or have an they ' +
  'which one you were her all she there would their we him been has when who will more no if'
).split(' ');

/** A deterministic pseudo-random sequence (mulberry32), so every run seeds the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The vocabulary of the seeded texts: the stop words, then 4,000 made-up words built from
 * syllables, with the domain words placed at mid-frequency ranks (every 40th from rank 150).
 * Texts draw words with a Zipf distribution over this order, so a rare word matches a few
 * Memories, a domain word about one in a hundred and a top-ranked word most of them.
 */
const VOCABULARY: string[] = (() => {
  const onsets = ['b', 'br', 'c', 'ch', 'd', 'f', 'g', 'gr', 'h', 'k', 'l', 'm', 'n', 'p', 'pl', 'r', 's', 'st', 't', 'tr', 'v', 'w', 'z'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ou'];
  const codas = ['', 'n', 'r', 'l', 's', 'nd', 'rt', 'x'];
  const next = random(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const made = new Set<string>();
  while (made.size < 4000) {
    const syllables = 2 + Math.floor(next() * 2);
    let word = '';
    for (let i = 0; i < syllables; i += 1) word += pick(onsets) + pick(vowels) + (i === syllables - 1 ? pick(codas) : '');
    if (!DOMAIN_WORDS.includes(word)) made.add(word);
  }
  const content = [...made];
  DOMAIN_WORDS.forEach((word, i) => content.splice(150 + 40 * i, 0, word));
  return [...STOP_WORDS, ...content];
})();

/** Cumulative Zipf (s = 1) weights over the vocabulary's order. */
const ZIPF_CDF: number[] = (() => {
  const cdf: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= VOCABULARY.length; rank += 1) {
    total += 1 / rank;
    cdf.push(total);
  }
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

/** About `length` characters of whole words (never cut inside a word). */
function sentence(length: number, seed: number): string {
  const next = random(seed + 1);
  const words: string[] = [];
  let total = 0;
  while (total < length) {
    const word = zipfWord(next);
    words.push(word);
    total += word.length + 1;
  }
  return words.join(' ');
}

interface Seeded {
  readonly accountId: string;
  readonly apiKey: string;
  readonly memoryIds: string[];
  readonly subjectIds: string[];
  readonly templateIds: string[];
  /** The published Template whose page the "Library page" scenario reads. */
  readonly libraryTemplateId: string;
}

const templateName = (i: number) => `Template ${i} ${DOMAIN_WORDS[i]}`;
/** The seeded Template that stands for a real one in the Library: a README of a few KB, several files, two versions. */
const LIBRARY_TEMPLATE = 0;

/**
 * The files of the Library page's Template at a version: a README as creators write them (about
 * 5 KB of Markdown with headings, lists, a table, links to sites and to the Template's own files,
 * inline code and fenced code blocks) and four more files.
 */
function libraryTemplateFiles(version: number): Array<{ path: string; content: string }> {
  const readme = `# Weekly project review

A template for a calm, repeatable weekly review of a software project: what shipped, what is
blocked, which decisions were taken and what the next week holds. It gives an agent the
structure, the prompts and the checklists, so that every review reads the same and nothing
important is skipped. Version ${version}.

## What you get

- A **review agenda** in five parts, each with the questions to ask
- Prompts for an agent that drafts the review from your notes ([prompts/weekly-review.md](prompts/weekly-review.md))
- A checklist for releases and one for incidents ([checklists/release.md](checklists/release.md))
- A configuration file with the defaults (\`config/review.json\`), documented in [docs/setup.md](docs/setup.md)
- Examples of finished reviews, so you can see the tone and length to aim for

## Before you start

1. Copy the template into your own templates, or download it as an archive.
2. Read [the setup guide](docs/setup.md) and fill in the project name and the review day.
3. Decide where the notes of the week live: a folder, a tracker, or the Memories of an agent.
4. Block forty-five minutes on the same day every week. The first review takes longer.

> The review works best when it is short and regular. A review skipped for a month is harder to
> restart than one done badly every week.

## The agenda

| Part | Time | Question |
| --- | ---: | --- |
| Shipped | 10 min | What reached users this week, and did it work as intended? |
| Blocked | 10 min | What is waiting, on whom, and since when? |
| Decisions | 10 min | What did we decide, and what did we rule out? |
| Risks | 5 min | What could hurt us next week? |
| Next | 10 min | What are the three things that matter most next week? |

### Shipped

List each change that reached users, with a link to its pull request or release notes. For
each, say in one sentence whether it did what was intended. A change that did not is not a
failure of the review: write it down and carry it to *Risks*.

### Blocked

For each blocked item, name the person or team it waits on and the date it became blocked.
Anything blocked for more than two weeks goes to the top of the agenda next time.

### Decisions

Write decisions as statements, with the reason and the date:

\`\`\`text
2026-11-20  We keep PostgreSQL 16 for the release; the upgrade waits for the next quarter.
            Reason: the migration tests are not ready and the release date is fixed.
\`\`\`

### Risks and next week

Keep the list of risks short: three at most, each with an owner. Then choose the three things
that matter most next week, and stop there. More than three is a wish list, not a commitment.

## Using it with an agent

The prompt in [prompts/weekly-review.md](prompts/weekly-review.md) asks the agent to read the
notes of the week and to draft each part of the agenda. A typical call:

\`\`\`sh
mtl-agent run --template weekly-project-review \\
  --notes ./notes/2026-w47 \\
  --out ./reviews/2026-w47.md
\`\`\`

The agent fills in what it can find and marks the rest with \`TODO\`, so that you can see at a
glance what is missing. Review the draft before you share it: the agent does not know what was
said in the corridor.

## Configuration

The defaults live in \`config/review.json\`:

\`\`\`json
{
  "project": "Example",
  "review_day": "friday",
  "parts": ["shipped", "blocked", "decisions", "risks", "next"],
  "max_risks": 3
}
\`\`\`

Change \`parts\` to drop a part you do not need, or reorder them. See
[the setup guide](docs/setup.md#options) for every option.

## Tips

- Keep last week's review open while writing this week's: the *Next* list becomes the first
  thing to check.
- Write for someone who missed the week. Avoid abbreviations only the team knows.
- Link, do not paste: a link to the ticket stays up to date, a pasted status does not.
- If a part is empty, say so (\`Nothing blocked.\`) rather than leaving it out.

## Further reading

- [Retrospectives that work](https://example.com/retrospectives) on running a team retrospective
- [The decision log](https://example.org/decision-log) on recording decisions and their reasons
- The [Keep a Changelog](https://keepachangelog.com/) conventions, for the *Shipped* part

## Licence

MIT. Use it, change it and share it; a mention is welcome but not required.
`;
  return [
    { path: 'README.md', content: readme },
    {
      path: 'docs/setup.md',
      content: `# Setup\n\nFill in \`config/review.json\` and choose the review day.\n\n## Options\n\n- \`project\`: the project's name\n- \`review_day\`: the day of the week\n- \`parts\`: the parts of the agenda, in order\n- \`max_risks\`: how many risks to keep\n`,
    },
    {
      path: 'prompts/weekly-review.md',
      content: `# Weekly review prompt\n\nRead the notes of the week. For each part of the agenda (shipped, blocked, decisions, risks, next), write a short list. Mark anything you cannot find with TODO. Do not invent facts.\n`,
    },
    {
      path: 'checklists/release.md',
      content: `# Release checklist\n\n- [ ] Changelog updated\n- [ ] Migrations tested on a copy of production\n- [ ] Rollback plan written\n- [ ] Announcement drafted\n`,
    },
    {
      path: 'config/review.json',
      content: JSON.stringify({ project: 'Example', review_day: 'friday', parts: ['shipped', 'blocked', 'decisions', 'risks', 'next'], max_risks: 3 }, null, 2) + '\n',
    },
  ];
}

/** The account, its key and the data the scenarios read. */
async function seed(database: Database, memories: number): Promise<Seeded> {
  const logger = pino({ level: 'silent' });
  // No embedding worker here: the seed's vectors are made afterwards (embedSeed).
  const config = loadConfig({ APP_JWT_SECRET: SECRET, DATA_DIR: mkdtempSync(join(os.tmpdir(), 'mtl-bench-')), EMBEDDINGS: 'off' });
  const app = createApp({ config, database, logger });
  const db = database.db;
  const accountId = newId('account');
  const now = new Date();
  await db.insertInto('accounts').values({ id: accountId, external_id: `bench-${accountId}`, display_name: 'Bench', created_at: now }).execute();
  const principal: Principal = { kind: 'session', accountId };
  const apiKey = (await createApiKey(app.services, principal, { name: 'bench', mode: 'read_write' })).secret;

  const memoryIds: string[] = [];
  for (let start = 0; start < memories; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(memories, start + 1000); i += 1) {
      const at = new Date(now.getTime() - (memories - i) * 1000);
      const id = newId('memory', at.getTime());
      memoryIds.push(id);
      rows.push({
        id,
        account_id: accountId,
        text: sentence(40 + ((i * 7919) % 1960), i),
        type: ['note', 'preference', 'instruction', 'decision', 'event', 'reference'][i % 6] as string,
        sensitivity: i % 50 === 0 ? 'sensitive' : 'normal',
        tags: [DOMAIN_WORDS[i % DOMAIN_WORDS.length] as string],
        pinned: i % 500 === 0,
        revision: 1,
        created_at: at,
        updated_at: at,
      });
    }
    await db.insertInto('memories').values(rows).execute();
  }
  const subjectIds: string[] = [];
  const subjects = Math.min(SIZES.subjects, Math.max(1, Math.floor(memories / 10)));
  for (let start = 0; start < subjects; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(subjects, start + 500); i += 1) {
      const id = newId('subject');
      subjectIds.push(id);
      rows.push({ id, account_id: accountId, name: `Subject ${i} ${DOMAIN_WORDS[i % DOMAIN_WORDS.length]}`, kind: 'topic', aliases: [], description: '', created_at: now, updated_at: now });
    }
    await db.insertInto('subjects').values(rows).execute();
  }
  const links = [];
  const facts = [];
  const sources = [];
  for (const [s, subjectId] of subjectIds.entries()) {
    for (let l = 0; l < SIZES.linksPerSubject; l += 1) {
      links.push({ account_id: accountId, subject_id: subjectId, memory_id: memoryIds[(s * 37 + l * 101) % memoryIds.length] as string, created_at: now });
    }
    const factId = newId('fact');
    facts.push({ id: factId, account_id: accountId, subject_id: subjectId, statement: `Fact ${s} about ${DOMAIN_WORDS[s % DOMAIN_WORDS.length]}`, statement_key: `fact ${s}`, accepted_at: now, created_at: now, valid_from: now });
    sources.push({ account_id: accountId, fact_id: factId, memory_id: links[links.length - 1]!.memory_id });
  }
  for (let i = 0; i < links.length; i += 2000) {
    await db.insertInto('memory_links').values(links.slice(i, i + 2000)).onConflict((oc) => oc.doNothing()).execute();
  }
  for (let i = 0; i < facts.length; i += 1000) await db.insertInto('facts').values(facts.slice(i, i + 1000)).execute();
  for (let i = 0; i < sources.length; i += 1000) await db.insertInto('fact_sources').values(sources.slice(i, i + 1000)).onConflict((oc) => oc.doNothing()).execute();
  // The rows went in directly, past the code that keeps the counts and the search index: fill them here.
  await sql`
    update subject_memory_counts c set links = x.links, secret_links = x.secret_links
    from (select l.subject_id, count(*)::int as links, (count(*) filter (where m.sensitivity = 'secret'))::int as secret_links
          from memory_links l join memories m on m.id = l.memory_id where l.account_id = ${accountId} group by l.subject_id) x
    where c.subject_id = x.subject_id`.execute(db);
  await sql`
    insert into memory_section_counts (account_id, section, sensitivity, memories)
    select account_id,
      case when pinned then 'pinned' when type in ('instruction', 'preference') then 'instructions' else 'recent' end,
      sensitivity, count(*)::int
    from memories where account_id = ${accountId}
    group by 1, 2, 3`.execute(db);
  await indexAllMemories(db);

  const templateIds: string[] = [];
  for (let i = 0; i < 20; i += 1) {
    const created = await runWorkflow(app.services, principal, {
      action: 'create',
      name: templateName(i),
      summary: `A ${DOMAIN_WORDS[i]} template for ${DOMAIN_WORDS[i + 1]}`,
      category: 'productivity',
      license: 'MIT',
    });
    const id = created.template.id;
    // The Library page's Template is published twice, so its page lists two versions.
    const versions = i === LIBRARY_TEMPLATE ? 2 : 1;
    let revision = 1;
    for (let version = 1; version <= versions; version += 1) {
      const files = i === LIBRARY_TEMPLATE ? libraryTemplateFiles(version) : [{ path: 'README.md', content: `# Template ${i}\n\n${sentence(400, i)}\n` }];
      const tags = i === LIBRARY_TEMPLATE ? { tags: ['review', 'weekly', 'project'] } : {};
      revision = (await updateDraft(app.services, principal, id, { base_revision: revision, files, ...tags })).draft.revision;
      await runWorkflow(app.services, principal, { action: 'submit_review', template_id: id, revision });
      await runWorkflow(app.services, principal, {
        action: 'publish',
        template_id: id,
        revision,
        release_notes: version === 1 ? 'First public version.' : 'A table for the agenda, and the configuration documented.',
        confirm: { license: 'MIT', files_public: true, reviewed_revision: revision },
      });
    }
    templateIds.push(id);
  }
  await app.close();
  // As autovacuum would after a bulk load: statistics, visibility and the GIN indexes' pending lists.
  await sql`vacuum analyze`.execute(db);
  // The load's dirty pages are written now rather than by a checkpoint during the first scenario.
  await sql`checkpoint`.execute(db).catch(() => undefined); // needs a superuser (or pg_checkpoint)
  return { accountId, apiKey, memoryIds, subjectIds, templateIds, libraryTemplateId: templateIds[LIBRARY_TEMPLATE] as string };
}

/** How the seed was given its vectors: how many Memories were embedded, in how long. */
interface VectorSeeding {
  readonly memories: number;
  readonly seconds: number;
  /** Memories embedded a second; null when none needed it (a database kept with its vectors). */
  readonly per_second: number | null;
}

/**
 * The embedders that give the seed its vectors: the one the servers build (embedderFor, from the
 * same settings), and for the local model one more per core, since each runs the model on one
 * thread (an endpoint takes the calls at once).
 */
function seedEmbedders(): Embedder[] {
  const first = embedderFor(EMBEDDINGS);
  if (!first) return [];
  const more = Array.from({ length: VECTOR_CALLS - 1 }, () => (first instanceof LocalEmbedder ? new LocalEmbedder().retain() : first));
  return [first, ...more];
}

/** The model of the servers' vectors (their embedder's name); null when off. */
async function embeddingModel(): Promise<string | null> {
  const embedder = embedderFor(EMBEDDINGS);
  if (!embedder) return null;
  await embedder.close();
  return embedder.name;
}

/**
 * Gives every Memory without a vector of the embedder's model for its text (all of a newly seeded
 * database; in a kept one, those written since) its vector, as the service's embedding worker
 * does: the text's start (embeddedText) embedded by the embedder, stored in base64 beside the MD5
 * of the whole text (as PostgreSQL's md5() computes it). What the queue held for them is then
 * done. Fails when some Memory still has no vector, since search would then not run both legs on it.
 */
async function embedSeed(database: Database, where: string): Promise<VectorSeeding> {
  const embedders = seedEmbedders();
  try {
    return await embedWith(database, embedders, where);
  } finally {
    // The model's threads end here: none runs beside the servers under test.
    await Promise.all(embedders.map((embedder) => embedder.close()));
  }
}

async function embedWith(database: Database, embedders: readonly Embedder[], where: string): Promise<VectorSeeding> {
  const db = database.db;
  const model = (embedders[0] as Embedder).name;
  const unembedded = sql<{ id: string }>`
    select m.id from memories m
    where not exists (select 1 from memory_embeddings e where e.memory_id = m.id and e.model = ${model} and e.text_hash = md5(m.text))
    order by m.id`;
  const ids = (await unembedded.execute(db)).rows.map((row) => row.id);
  process.stdout.write(`Embedding ${ids.length} Memories on ${where} (${model}, ${embedders.length} at once)…\n`);
  const started = performance.now();
  let next = 0;
  let done = 0;
  let reported = started;
  await Promise.all(
    embedders.map(async (embedder) => {
      while (next < ids.length) {
        const batch = ids.slice(next, next + VECTOR_BATCH);
        next += VECTOR_BATCH;
        const memories = await db.selectFrom('memories').select(['id', 'account_id', 'text']).where('id', 'in', batch).execute();
        const vectors = await embedder.embed(memories.map((memory) => embeddedText(memory.text)));
        const at = new Date();
        // A vector of another model or of an older text is replaced.
        await db.deleteFrom('memory_embeddings').where('memory_id', 'in', batch).execute();
        await db
          .insertInto('memory_embeddings')
          .values(memories.map((memory, i) => ({ memory_id: memory.id, account_id: memory.account_id, model, text_hash: textHash(memory.text), vector: encodeVector(vectors[i] as Float32Array), embedded_at: at })))
          .execute();
        done += memories.length;
        if (performance.now() - reported > 60_000) {
          reported = performance.now();
          const seconds = (reported - started) / 1000;
          process.stdout.write(`  ${done} of ${ids.length} embedded in ${Math.round(seconds)} s (${(done / seconds).toFixed(1)} a second)\n`);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const left = (await unembedded.execute(db)).rows.length;
  if (left > 0) throw new Error(`${left} Memories on ${where} still have no vector of ${model}`);
  await sql`
    delete from embedding_queue q using memories m, memory_embeddings e
    where m.id = q.memory_id and e.memory_id = q.memory_id and e.model = ${model} and e.text_hash = md5(m.text)`.execute(db);
  if (ids.length > 0) {
    // As after the seed's bulk load: the vectors' statistics (the seed was analysed before they were
    // written, and the planner would take the table for empty), and their pages written now.
    await sql`vacuum analyze memory_embeddings`.execute(db);
    await sql`checkpoint`.execute(db).catch(() => undefined); // needs a superuser (or pg_checkpoint)
  }
  const seeding = { memories: ids.length, seconds: Math.round(seconds), per_second: ids.length > 0 ? Math.round((ids.length / seconds) * 10) / 10 : null };
  process.stdout.write(`Embedded ${ids.length} Memories on ${where} in ${seeding.seconds} s${seeding.per_second ? ` (${seeding.per_second} a second)` : ''}\n`);
  return seeding;
}

interface Scenario {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
  /** Sent as a visitor of the website: no Authorization header and no cookie. */
  readonly visitor?: boolean;
}

function scenarios(data: Seeded): Scenario[] {
  const pick = (ids: string[], n: number) => ids[Math.floor(ids.length / 2) + n] ?? ids[0];
  const all: Scenario[] = [
    { name: 'get one Memory', method: 'GET', path: `/v1/memories/${pick(data.memoryIds, 0)}` },
    { name: 'list Memories', method: 'GET', path: '/v1/memories?limit=20' },
    // Two words of middling frequency (about a thousand matches each), the most common indexed
    // word (about a quarter of all Memories), a typo that only a correction finds, and a question.
    { name: 'search Memories', method: 'GET', path: '/v1/memories/search?q=deploy%20review' },
    { name: 'search, common word', method: 'GET', path: `/v1/memories/search?q=${VOCABULARY[STOP_WORDS.length]}` },
    { name: 'search with a typo', method: 'GET', path: '/v1/memories/search?q=kuberntes' },
    // A question as an agent sends it: domain words, words no Memory has, and stop words.
    { name: 'search, a question', method: 'GET', path: `/v1/memories/search?q=${encodeURIComponent('What did the customer say about the deploy review and the release budget last week?')}` },
    { name: 'batch of eight', method: 'GET', path: `/v1/memories/batch?ids=${data.memoryIds.slice(100, 108).join(',')}` },
    { name: 'create a Memory', method: 'POST', path: '/v1/memories', body: JSON.stringify({ text: 'Benchmark memory about the weekly deploy window.', tags: ['bench'] }) },
    { name: 'Subject context', method: 'GET', path: `/v1/subjects/${pick(data.subjectIds, 0)}/context` },
    { name: 'startup context', method: 'GET', path: '/v1/context/startup' },
    { name: 'public Library search', method: 'GET', path: '/v1/library/templates?query=planning' },
    // A visitor of the Library website reading a published Template's page (HTML, README rendered).
    { name: 'Library page', method: 'GET', path: `/library/${data.libraryTemplateId}`, visitor: true },
  ];
  return SCENARIO_FILTER ? all.filter((scenario) => SCENARIO_FILTER.some((part) => scenario.name.toLowerCase().includes(part))) : all;
}

/** Where a target's reads went (its /readyz: data.replicas): to the replicas, and to the primary. */
interface ReadSplit {
  readonly replica: number;
  readonly primary: number;
}

interface Result {
  readonly scenario: string;
  /** With read replicas: where the measured run's reads went. */
  readonly reads?: ReadSplit;
  /** A search of Memories: the legs it runs (words alone, or words and meaning). */
  readonly legs?: string;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
}

/** The legs a scenario's search runs, for a search of Memories. */
const legsOf = (scenario: Scenario): { legs?: string } => (scenario.path.startsWith('/v1/memories/search') ? { legs: LEGS } : {});

/** A scenario's name as the results show it: with the legs of a search. */
const labelOf = (result: Pick<Result, 'scenario' | 'legs'>) => (result.legs ? `${result.scenario} (${result.legs})` : result.scenario);

/** A scenario's request headers: an API client's key, or a browser's Accept for a visitor. */
function headersOf(token: string, scenario: Scenario): Record<string, string> {
  if (scenario.visitor) return { accept: 'text/html' };
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

async function drive(port: number, token: string, scenario: Scenario, duration = DURATION): Promise<Result> {
  if (RATE !== undefined) return driveAtRate(port, token, scenario, RATE, duration);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${scenario.path}`,
    method: scenario.method,
    connections: CONNECTIONS,
    duration,
    headers: headersOf(token, scenario),
    ...(scenario.body ? { body: scenario.body } : {}),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors > 0) {
    // One sample of what went wrong, so a failing scenario explains itself.
    // Raw fetch, not the client: it replays the scenario exactly as autocannon sent it, to the service or the baseline.
    const sample = await fetch(`http://127.0.0.1:${port}${scenario.path}`, {
      method: scenario.method,
      headers: headersOf(token, scenario),
      ...(scenario.body ? { body: scenario.body } : {}),
    }).then(
      async (res) => `${res.status} ${(await res.text()).slice(0, 200)}`,
      (err: unknown) => String(err),
    );
    process.stdout.write(`  ${scenario.name}: ${errors} errors; a sample answer: ${sample}\n`);
  }
  return {
    scenario: scenario.name,
    ...legsOf(scenario),
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
  };
}

/**
 * An open load: `rate` requests a second, evenly spaced, each sent when it is due whether or not
 * the ones before were answered (on as many keep-alive connections as that takes). A latency
 * counts from when its request was due, so a slow answer neither delays nor hides the others.
 * autocannon's own rate option sends each second's quota at once, in bursts, which is not this.
 */
async function driveAtRate(port: number, token: string, scenario: Scenario, rate: number, duration: number): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const send = () =>
    new Promise<boolean>((resolve) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: scenario.path, method: scenario.method, agent, headers: headersOf(token, scenario) },
        (res) => {
          res.resume();
          res.on('end', () => resolve((res.statusCode ?? 0) < 300));
          res.on('error', () => resolve(false));
        },
      );
      // As autocannon does, an answer that takes more than 10 s counts as an error.
      req.setTimeout(10_000, () => req.destroy());
      req.on('error', () => resolve(false));
      req.end(scenario.body);
    });
  const latencies: number[] = [];
  let errors = 0;
  const answers: Array<Promise<void>> = [];
  const count = Math.round(rate * duration);
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    answers.push(
      send().then((ok) => {
        latencies.push(performance.now() - due);
        if (!ok) errors += 1;
      }),
    );
  }
  await Promise.all(answers);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((x, y) => x - y);
  const percentile = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0);
  return { scenario: scenario.name, ...legsOf(scenario), rps: Math.round(count / elapsed), p50: percentile(50), p99: percentile(99), errors };
}

function peakMemoryMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function startProcess(script: string, extraEnv: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...NODE_ARGS, join(ROOT, 'dist', script)], {
    env: { ...process.env, ...extraEnv, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      // Raw fetch, not the client: any answer (a 401 here) means listening, from the service or the baseline alike.
      const res = await fetch(`http://127.0.0.1:${port}/v1/memories`, { headers: { authorization: 'Bearer x' } });
      if (res.status > 0) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${script} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Target {
  readonly label: string;
  /** The service reads from replicas (DATABASE_REPLICA_URLS): the reads' split is read from its /readyz. */
  readonly replicas?: boolean;
  readonly script: string;
  readonly env: Record<string, string>;
  readonly port: number;
  /** The model of the Memories' vectors, when the target embeds them itself (the service with an embedder): it is measured once they are all embedded. */
  readonly embeds?: string;
}

/**
 * Waits until the target has every Memory embedded (GET /readyz: `embeddings.up_to_date`), since
 * a server may still backfill or convert vectors at start, and embeds in the background what a
 * scenario wrote. Fails after EMBEDDINGS_TIMEOUT_MS, or when the server embeds with another model
 * than the one the seed's vectors were made with (it would re-embed every Memory).
 */
async function embeddingsUpToDate(target: Target): Promise<void> {
  if (!target.embeds) return;
  const started = Date.now();
  let said = false;
  for (;;) {
    // Raw fetch, not the client: /readyz is outside the API's contract of a Memory client.
    const ready = await fetch(`http://127.0.0.1:${target.port}/readyz`).then(
      async (res) => (await res.json()) as { data?: { status?: string; embeddings?: { model?: string; up_to_date?: boolean } } },
      () => null,
    );
    const embeddings = ready?.data?.embeddings;
    if (ready?.data?.status === 'ready' && !embeddings) throw new Error(`${target.label} runs without an embedder (its /readyz says nothing of embeddings)`);
    if (embeddings && embeddings.model !== target.embeds) {
      throw new Error(`${target.label} embeds with ${embeddings.model}, the seed's vectors were made with ${target.embeds}`);
    }
    if (embeddings?.up_to_date === true) {
      if (said) process.stdout.write(`${target.label}: every Memory embedded after ${Math.round((Date.now() - started) / 1000)} s\n`);
      return;
    }
    if (Date.now() - started > EMBEDDINGS_TIMEOUT_MS) {
      throw new Error(`${target.label}: its /readyz did not say embeddings.up_to_date within ${EMBEDDINGS_TIMEOUT_MS / 60_000} minutes (last answer: ${JSON.stringify(ready)})`);
    }
    if (!said) process.stdout.write(`${target.label}: waiting until every Memory is embedded…\n`);
    said = true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * Runs every scenario on each target in turn, scenario by scenario (service, then baseline, then
 * the next scenario), so that a slow phase of the machine or of PostgreSQL (a checkpoint, say)
 * falls on both sides of a ratio rather than on one.
 */
async function runTargets(targets: readonly Target[], token: string, data: Seeded) {
  const children = [];
  for (const target of targets) children.push(await startProcess(target.script, target.env, target.port));
  const results = targets.map(() => [] as Result[]);
  for (const target of targets) await embeddingsUpToDate(target);
  await compareAnswers(targets, token, data);
  // A first pass over every scenario, so that no scenario is measured while the code paths and
  // caches of the ones after it are still cold (the first scenario used to pay for them).
  for (const scenario of scenarios(data)) {
    for (const target of targets) await drive(target.port, token, scenario, WARM_UP);
  }
  for (const scenario of scenarios(data)) {
    // What the scenarios before wrote is embedded before this one is measured, not during it.
    for (const target of targets) await embeddingsUpToDate(target);
    for (const [i, target] of targets.entries()) {
      await drive(target.port, token, scenario, WARM_UP); // warm-up: caches, JIT, connection pool
      const before = await readSplit(target);
      const measured = await drive(target.port, token, scenario);
      const after = await readSplit(target);
      const result = before && after ? { ...measured, reads: { replica: after.replica - before.replica, primary: after.primary - before.primary } } : measured;
      results[i]?.push(result);
      const reads = result.reads ? `  reads: replica ${result.reads.replica}, primary ${result.reads.primary}` : '';
      process.stdout.write(
        `${target.label.padEnd(22)} ${labelOf(result).padEnd(22)} ${String(result.rps).padStart(7)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms  errors ${result.errors}${reads}\n`,
      );
    }
  }
  for (const target of targets) {
    const total = await readSplit(target);
    if (total) {
      const all = total.replica + total.primary;
      const share = all > 0 ? ` (${Math.round((total.replica / all) * 1000) / 10}% on the replicas)` : '';
      process.stdout.write(`${target.label}: reads since start (warm-ups included): replica ${total.replica}, primary ${total.primary}${share}\n`);
    }
  }
  const runs = [];
  for (const [i, child] of children.entries()) {
    runs.push({ results: results[i] as Result[], peakMemoryMb: peakMemoryMb(child.pid as number) });
    await stop(child);
  }
  return runs;
}

/**
 * How many reads the target has sent to its replicas and to the primary since it started (its
 * /readyz: data.replicas); null for a target without replicas. Fails when the service that was
 * given replicas does not report them.
 */
async function readSplit(target: Target): Promise<ReadSplit | null> {
  if (!target.replicas) return null;
  // Raw fetch, not the client: /readyz is outside the API's contract of a Memory client.
  const ready = (await fetch(`http://127.0.0.1:${target.port}/readyz`).then((res) => res.json())) as {
    data?: { replicas?: { replicas: Array<{ replayed: string | null; reads: number }>; primary_reads: number } };
  };
  const replicas = ready.data?.replicas;
  if (!replicas) throw new Error(`${target.label} was given read replicas, but its /readyz says nothing of them: ${JSON.stringify(ready)}`);
  return { replica: replicas.replicas.reduce((sum, replica) => sum + replica.reads, 0), primary: replicas.primary_reads };
}

/** A server URL with the bench's database in its path. */
function onDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Waits until every standby has replayed what the primary had written when called (the seed),
 * so that the service does not start on a standby still without the bench's database.
 */
async function replicasCaughtUp(primary: pg.Client, replicaUrls: readonly string[]): Promise<void> {
  if (replicaUrls.length === 0) return;
  const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  const target = rows[0]!.lsn;
  const started = Date.now();
  for (const replicaUrl of replicaUrls) {
    for (;;) {
      const client = new pg.Client({ connectionString: replicaUrl });
      const caughtUp = await client.connect().then(
        async () => (await client.query<{ ok: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [target])).rows[0]?.ok === true,
        () => false, // the database may not be replayed yet
      );
      await client.end().catch(() => undefined);
      if (caughtUp) break;
      if (Date.now() - started > REPLAY_TIMEOUT_MS) throw new Error(`${new URL(replicaUrl).host} did not replay the seed (${target}) within ${REPLAY_TIMEOUT_MS / 60_000} minutes`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  process.stdout.write(`Every replica has replayed the seed (${target}) after ${Math.round((Date.now() - started) / 100) / 10} s\n`);
}

/**
 * A visitor's page is the same HTML from every target (the baseline renders the same markup from
 * the same rows): a difference is reported, since the ratio would then compare different work.
 */
async function compareAnswers(targets: readonly Target[], token: string, data: Seeded): Promise<void> {
  if (targets.length < 2) return;
  for (const scenario of scenarios(data).filter((s) => s.visitor)) {
    const bodies = await Promise.all(
      targets.map(async (target) => {
        const res = await fetch(`http://127.0.0.1:${target.port}${scenario.path}`, { method: scenario.method, headers: headersOf(token, scenario) });
        return { status: res.status, body: await res.text() };
      }),
    );
    const sizes = bodies.map((answer, i) => `${targets[i]?.label} ${answer.status}, ${Buffer.byteLength(answer.body)} bytes`).join('; ');
    const same = bodies.every((answer) => answer.status === 200 && answer.body === bodies[0]?.body);
    process.stdout.write(`${scenario.name}: ${same ? 'the same page from every target' : 'THE PAGES DIFFER'} (${sizes})\n`);
  }
}

/** The data of a database seeded by an earlier run (BENCH_REUSE_DATABASE), with a new key. */
async function loadSeeded(database: Database): Promise<Seeded> {
  const db = database.db;
  const account = await db.selectFrom('accounts').select('id').where('external_id', 'like', 'bench-%').executeTakeFirstOrThrow();
  const principal: Principal = { kind: 'session', accountId: account.id };
  const logger = pino({ level: 'silent' });
  const config = loadConfig({ APP_JWT_SECRET: SECRET, DATA_DIR: mkdtempSync(join(os.tmpdir(), 'mtl-bench-')), EMBEDDINGS: 'off' });
  const app = createApp({ config, database, logger });
  const apiKey = (await createApiKey(app.services, principal, { name: 'bench', mode: 'read_write' })).secret;
  await app.close();
  const ids = async (table: 'memories' | 'subjects' | 'templates', before?: Date) => {
    let query = db.selectFrom(table).select('id').where('account_id', '=', account.id).orderBy('id');
    if (before) query = query.where('created_at', '<', before);
    return (await query.execute()).map((row) => row.id);
  };
  // Memories created by earlier runs' "create a Memory" scenario are newer than the seed.
  const seededAt = await db.selectFrom('subjects').select('created_at').where('account_id', '=', account.id).executeTakeFirstOrThrow();
  const templateIds = await ids('templates');
  const library = await db.selectFrom('public_templates').select('template_id').where('name', '=', templateName(LIBRARY_TEMPLATE)).executeTakeFirst();
  return {
    accountId: account.id,
    apiKey,
    memoryIds: await ids('memories', seededAt.created_at),
    subjectIds: await ids('subjects'),
    templateIds,
    libraryTemplateId: library?.template_id ?? (templateIds[0] as string),
  };
}

/** What the results say of search's legs and of the seed's vectors. */
function searchLegs(model: string | null, vectors: { postgres?: VectorSeeding; embedded?: VectorSeeding }): string {
  if (!model) return `Search by ${LEGS} (EMBEDDINGS=${BENCH_EMBEDDINGS}) on the service and the baseline.`;
  const made = (seeding: VectorSeeding | undefined) =>
    !seeding ? 'none' : seeding.per_second === null ? 'none needed (a kept database, already embedded)' : `${seeding.memories} Memories in ${seeding.seconds} s (${seeding.per_second} a second)`;
  return (
    `Search by ${LEGS} on the service and the baseline alike (EMBEDDINGS=${BENCH_EMBEDDINGS}, ${model}). ` +
    `Every seeded Memory was embedded by the same embedder before the scenarios (${VECTOR_CALLS} calls at once, ${VECTOR_BATCH} Memories a call): ` +
    `${made(vectors.postgres)} on PostgreSQL, ${made(vectors.embedded)} on the embedded database; each target was measured once its /readyz said every Memory embedded.`
  );
}

async function main(): Promise<void> {
  const benchDatabase = REUSE_DATABASE ?? `mtl_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const onServer = TARGETS.includes('service') || TARGETS.includes('baseline');
  if (!REUSE_DATABASE && onServer) await admin.query(`create database ${benchDatabase}`);
  const databaseUrl = onDatabase(SERVER_URL, benchDatabase);
  const replicaUrls = REPLICA_SERVER_URLS.map((serverUrl) => onDatabase(serverUrl, benchDatabase));
  const complete = !SCENARIO_FILTER && RATE === undefined && ['service', 'baseline', 'embedded'].every((target) => TARGETS.includes(target));
  // The seed's vectors: how many Memories were embedded, in how long, per database.
  const vectors: { postgres?: VectorSeeding; embedded?: VectorSeeding } = {};
  const model = await embeddingModel();
  process.stdout.write(`Search by ${LEGS} on every target (EMBEDDINGS=${BENCH_EMBEDDINGS}${model ? `, ${model}` : ''})\n`);
  try {
    let data: Seeded | null = null;
    if (onServer) {
      const database = await openDatabase({ databaseUrl, dataDir: os.tmpdir(), poolSize: 4 });
      await migrateToLatest(database.db);
      if (REUSE_DATABASE) {
        process.stdout.write(`Using the seeded database ${benchDatabase}\n`);
        data = await loadSeeded(database);
      } else {
        process.stdout.write(`Seeding PostgreSQL: ${SIZES.memories} Memories, ${SIZES.subjects} Subjects…\n`);
        data = await seed(database, SIZES.memories);
      }
      if (EMBEDDINGS) vectors.postgres = await embedSeed(database, 'PostgreSQL');
      await database.close();
    }

    const none = { results: [] as Result[], peakMemoryMb: 0 };
    const onPostgres: Target[] = [];
    const embeds = model ? { embeds: model } : {};
    if (TARGETS.includes('service')) {
      const env: Record<string, string> = { DATABASE_URL: databaseUrl, APP_JWT_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: '10000000', VISITOR_RATE_LIMIT_PER_MINUTE: '10000000', DATABASE_POOL_SIZE: '10', EMBEDDINGS: BENCH_EMBEDDINGS };
      // Never inherited from this environment: a run without BENCH_REPLICA_URLS reads from the primary alone.
      env.DATABASE_REPLICA_URLS = replicaUrls.join(',');
      if (replicaUrls.length > 0) process.stdout.write(`The service reads from ${replicaUrls.length} replica(s): ${replicaUrls.map((replicaUrl) => new URL(replicaUrl).host).join(', ')}\n`);
      onPostgres.push({ label: 'service (PostgreSQL)', script: 'src/server.js', env, port: 3301, ...embeds, ...(replicaUrls.length > 0 ? { replicas: true } : {}) });
    }
    if (onPostgres.length > 0 && replicaUrls.length > 0) await replicasCaughtUp(admin, replicaUrls);
    if (TARGETS.includes('baseline') && data) {
      // The service's settings for its embedder (loadConfig needs the secret beside DATABASE_URL).
      const env = { DATABASE_URL: databaseUrl, BENCH_ACCOUNT_ID: data.accountId, APP_JWT_SECRET: SECRET, EMBEDDINGS: BENCH_EMBEDDINGS };
      onPostgres.push({ label: 'baseline (PostgreSQL)', script: 'scripts/bench-baseline.js', env, port: 3302 });
    }
    const runs = data && onPostgres.length > 0 ? await runTargets(onPostgres, data.apiKey, data) : [];
    const runOf = (script: string) => runs[onPostgres.findIndex((target) => target.script === script)] ?? none;
    const service = runOf('src/server.js');
    const baseline = runOf('scripts/bench-baseline.js');

    let embeddedRun = none;
    if (TARGETS.includes('embedded')) {
      process.stdout.write(`Seeding the embedded database: ${SIZES.embeddedMemories} Memories…\n`);
      const dataDir = mkdtempSync(join(os.tmpdir(), 'mtl-bench-embedded-'));
      const embedded = await openDatabase({ databaseUrl: null, dataDir, poolSize: 1 });
      await migrateToLatest(embedded.db);
      const embeddedData = await seed(embedded, SIZES.embeddedMemories);
      if (EMBEDDINGS) vectors.embedded = await embedSeed(embedded, 'the embedded database');
      await embedded.close();
      const env = { DATA_DIR: dataDir, APP_JWT_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: '10000000', VISITOR_RATE_LIMIT_PER_MINUTE: '10000000', EMBEDDINGS: BENCH_EMBEDDINGS };
      const embeds = model ? { embeds: model } : {};
      [embeddedRun = none] = await runTargets([{ label: 'service (embedded)', script: 'src/server.js', env, port: 3303, ...embeds }], embeddedData.apiKey, embeddedData);
    }
    process.stdout.write(`Peak memory: service ${service.peakMemoryMb} MB, baseline ${baseline.peakMemoryMb} MB, embedded ${embeddedRun.peakMemoryMb} MB\n`);
    if (!complete) return;

    const rows = service.results.map((result, i) => {
      const base = baseline.results[i] as Result;
      return { ...result, baseline_rps: base.rps, ratio: base.rps > 0 ? Math.round((result.rps / base.rps) * 100) / 100 : null, embedded: embeddedRun.results[i] };
    });
    const machine = {
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model ?? 'unknown',
      memory_gb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
    };
    const report = {
      at: new Date().toISOString(),
      machine,
      sizes: SIZES,
      duration_s: DURATION,
      connections: CONNECTIONS,
      peak_memory_mb: { service: service.peakMemoryMb, baseline: baseline.peakMemoryMb, embedded: embeddedRun.peakMemoryMb },
      // The legs of every search, and how the seed was given its vectors before the scenarios.
      search: { legs: LEGS, embeddings: BENCH_EMBEDDINGS, model, seed_vectors: { ...vectors, calls_at_once: VECTOR_CALLS } },
      scenarios: rows,
    };
    mkdirSync(join(ROOT, 'docs'), { recursive: true });
    writeFileSync(join(ROOT, 'docs', 'benchmarks.json'), JSON.stringify(report, null, 2) + '\n');
    const table = [
      '| scenario | req/s | p50 ms | p99 ms | errors | baseline req/s | ratio | embedded req/s | embedded p99 ms |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (r) => `| ${labelOf(r)} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.baseline_rps} | ${r.ratio ?? '–'} | ${r.embedded?.rps ?? '–'} | ${r.embedded?.p99 ?? '–'} |`,
      ),
    ].join('\n');
    const markdown = readFileSync(join(ROOT, 'docs', 'benchmarks.md'), 'utf8').replace(
      /<!-- results -->[\s\S]*<!-- \/results -->/,
      `<!-- results -->\nRun ${report.at} on ${machine.cpus} × ${machine.cpu_model}, ${machine.memory_gb} GiB, Node ${machine.node}, ${machine.platform}.\n` +
        `${SIZES.memories} Memories, ${SIZES.subjects} Subjects on PostgreSQL (${SIZES.embeddedMemories} on the embedded database); ` +
        `${CONNECTIONS} connections, ${DURATION} s per scenario after a warm-up run.\n${searchLegs(model, vectors)}\n\n${table}\n\n` +
        `Peak server memory (RSS high-water mark): service ${service.peakMemoryMb} MB, baseline ${baseline.peakMemoryMb} MB, embedded ${embeddedRun.peakMemoryMb} MB.\n<!-- /results -->`,
    );
    writeFileSync(join(ROOT, 'docs', 'benchmarks.md'), markdown);
    process.stdout.write(`\n${table}\n`);
  } finally {
    if (KEEP_DATABASE || REUSE_DATABASE) {
      if (onServer) process.stdout.write(`Kept the database ${benchDatabase}\n`);
    } else if (onServer) {
      await admin.query(`drop database if exists ${benchDatabase} with (force)`);
    }
    await admin.end();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`benchmark failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
