// `npm run worst-case`: the server's CPU per request for the costliest request the contract
// allows of each operation that can be expensive, and for each hostile input of the security
// review; how much the server's memory grows meanwhile; and how long such a request holds up a
// concurrent GET /healthz and another account's simple read. Seeds what the cases need through the
// HTTP API of a real server on a fresh database, sends each case once unmeasured and then RUNS
// times in a row (a long case fewer), reading the server process's CPU time from /proc before and
// after each request and its RSS throughout; then sends it STALL_RUNS more times while GET /healthz
// and another account's GET /v1/memories are each sent back to back, and reports the longest
// /healthz answer and the reads' p99.
//
// Options: --database embedded|postgres|both (default: both when a PostgreSQL server is given,
// otherwise embedded), --database-url <url> (or BENCH_DATABASE_URL: a server where a fresh
// database may be created and dropped), --runs <n>, --only <part of a case name> (repeatable),
// --write (replace the marked region of docs/benchmarks.md). BENCH_NODE_ARGS passes Node.js options
// to the server (for example "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { newId } from '../src/domain/shared/ids';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { MtlClient, Operations } from '../clients/typescript/src';
import { loadConfig } from '../src/config';
import { mintSessionToken } from '../src/domain/accounts/session-tokens';
import { generateKey } from '../src/domain/api-keys/key-format';
import { limits } from '../src/generated/contract';
import { MCP_BATCH_MAX_MESSAGES } from '../src/mcp/http';
import { BODY_LIMIT_BYTES } from '../src/pipeline/operations';
import { backendCpu, backendDelta, cpuMs, DATABASE_LABELS, random, sampleRss, waitIdle } from './support/measure';
import { clientFor, commitLabel, must, ROOT, routeOf, withServer, type ClientAnswer, type DatabaseKind, type RunningServer } from './support/server';

const SECRET = randomBytes(32).toString('hex');
const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** What one request may cost the server at most. */
const CPU_BUDGET_MS = 250;
/** How much one request may make the server's memory grow (its peak RSS during the request, less its RSS before). */
const RSS_BUDGET_BYTES = 64 * 1024 * 1024;
/** How long another account's simple read may take at p99 while a case runs. */
const OTHER_READ_P99_MS = 100;
const STALL_RUNS = 3;

// The contract's maxima used below, besides `limits`.
const MEMORY_TEXT_MAX = 32_000;
const MEMORY_TAGS_MAX = 20;
const MEMORY_TAG_CHARS = 64;
const SEARCH_Q_MAX = 500;
const SEARCH_LIMIT_MAX = 50;
const STARTUP_MAX_CHARS = 32_000;
const SUBJECT_CONTEXT_MAX_CHARS = 20_000;
const CONTEXT_MAP_MAX_NODES = 100;
const SUBJECT_ALIASES_MAX = 20;
const SUBJECT_DESCRIPTION_MAX = 2_000;
const FACT_STATEMENT_MAX = 1_000;
const FACT_SOURCES_MAX = 10;
const PROFILE_GUIDANCE_MAX = 8_000;
const LIBRARY_QUERY_MAX = 200;
const LIBRARY_LIMIT_MAX = 50;

// The seeded data set.
/** Context reads fetch up to max_chars / 100 + 1 candidates per section: 321 at 32,000. */
const CONTEXT_MEMORIES = 330;
/** Memories linked to the one Subject: each link costs more than the one before (see the link case). */
const SUBJECT_MEMORIES = 50;
const LINKED_SUBJECTS = 10;
const FACTS = 20;
/** The most Templates one account may own; any number of accounts may publish as many. */
const PUBLISHED_TEMPLATES = limits.templatesMax;
/** Subjects whose name and aliases all occur in the mention case's text, inside longer words. */
const MENTION_SUBJECTS = 20;
/** Subjects of another account, each with the most aliases, all short and all inside the words of its Memories. */
const MANY_SUBJECTS = 400;
/** Small Memories of the account whose reads are timed while each case runs. */
const OTHER_MEMORIES = 20;
const SEED_CONCURRENCY = 4;

// The hostile inputs of the security review.
/** The longest line an import reads (docs/export-format.md; src/routes/portability.ts). */
const IMPORT_LINE_BYTES = 8 * 1024 * 1024;
const HOSTILE_TAG_NUMBERS = 200_000;
const HOSTILE_NESTING = 100_000;
/** A realistic large import, into a fresh account each time. */
const LARGE_IMPORT_MEMORIES = 2_000;
const LARGE_IMPORT_CHARS = 8_000;
/**
 * Memories of one sentence, each differing from the others by one word, all linked to one Subject:
 * every pair of them looks like a duplicate. Before possible_duplicate insights were bounded per
 * Memory, 1,200 took 510 s on the embedded database (--near-duplicates sends another number).
 */
const NEAR_DUPLICATES_REVIEWED = 1_200;
const NEAR_DUPLICATES_DEFAULT: Record<DatabaseKind, number> = { embedded: NEAR_DUPLICATES_REVIEWED, postgres: NEAR_DUPLICATES_REVIEWED };
/** How long the near-duplicate import may take before a warning says the script will not finish in time. */
const NEAR_DUPLICATES_WARN_MS = 60_000;
const SLOW_READERS = 20;
const SLOW_READ_MS = 5_000;
const TRICKLE_SECONDS = 12;
const TRICKLE_WRITES = 9;

// Ordinary words: every seeded text draws on all of them, so every query word is in every text.
const WORDS = ('wednesdays customer schedule planning restaurant mountain hospital computer building question language ' +
  'children birthday document contract painting exercise vacation shopping neighbour festival apartment sandwich keyboard ' +
  'umbrella magazine football airplane interview software chocolate photograph meeting garden travel plans spring decide ' +
  'morning evening weekend afternoon holiday project report team manager office email phone call letter message answer ' +
  'problem idea reason result change choice moment minute week month year season winter autumn river forest village city ' +
  'street station train ticket hotel beach island bridge window table chair kitchen library museum theatre concert music ' +
  'guitar piano song dance movie story novel poem history science school teacher student lesson friend family doctor ' +
  'dinner breakfast coffee bread cheese apple orange recipe market price money invoice payment account salary career ' +
  'company client partner supplier product service feature release version update server database backup network').split(' ');
const QUERY_WORDS = WORDS.slice(0, 32);
/** Parts of the first words that are never whole words: every Memory holds each, inside a longer word. */
const INNER_TERMS = WORDS.slice(0, SUBJECT_ALIASES_MAX + 1).map((word) => word.slice(1));

/** `chars` characters of sentences of ordinary words; every word of WORDS occurs in it. */
function prose(seed: number, chars: number): string {
  const next = random(seed);
  const parts: string[] = [WORDS.join(' ') + '. '];
  let length = parts[0]!.length;
  while (length < chars) {
    const words = Array.from({ length: 6 + Math.floor(next() * 12) }, () => WORDS[Math.floor(next() * WORDS.length)]!);
    const sentence = `${words[0]![0]!.toUpperCase()}${words.join(' ').slice(1)}. `;
    parts.push(sentence);
    length += sentence.length;
  }
  return parts.join('').slice(0, chars);
}

/** `chars` characters of made-up words of 8 to 40 random letters. */
function letterWords(seed: number, chars: number): string {
  const next = random(seed);
  const parts: string[] = [];
  let length = 0;
  while (length < chars) {
    const word = Array.from({ length: 8 + Math.floor(next() * 33) }, () => String.fromCharCode(97 + Math.floor(next() * 26))).join('');
    parts.push(word);
    length += word.length + 1;
  }
  return parts.join(' ').slice(0, chars);
}

/**
 * A Subject's name and aliases of 3 to 5 letters taken from inside the words of `text`: each one
 * occurs in it, and almost never as a whole word.
 */
function innerAliases(text: string, seed: number, count: number): string[] {
  const next = random(seed);
  const aliases = new Set<string>();
  while (aliases.size < count) {
    const at = Math.floor(next() * (text.length - 5));
    const alias = text.slice(at, at + 3 + Math.floor(next() * 3));
    if (!alias.includes(' ')) aliases.add(alias);
  }
  return [...aliases];
}

/** Lines of `line(i)` until `chars` characters (the last line cut). */
function linesOf(chars: number, line: (i: number) => string): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i += 1) {
    const part = `${line(i)}\n`;
    parts.push(part);
    length += part.length;
  }
  return parts.join('').slice(0, chars);
}

const ALNUM_UPPER = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A line that looks like an AWS access key ID (AKIA and 16 upper-case letters or digits). */
function awsKeyLine(next: () => number): string {
  let key = 'AKIA';
  for (let i = 0; i < 16; i += 1) key += ALNUM_UPPER[Math.floor(next() * ALNUM_UPPER.length)];
  return key;
}

/** The maximum file set: the most files that each hold the most characters the total allows. */
function fullDraft(line: (i: number) => string): { path: string; content: string }[] {
  const count = Math.min(limits.draftFilesMax, Math.floor(limits.draftTotalCharsMax / limits.draftFileCharsMax));
  return Array.from({ length: count }, (_, i) => ({
    path: i === 0 ? 'README.md' : `keys/part-${i}.txt`,
    content: linesOf(limits.draftFileCharsMax, line),
  }));
}

interface Answer {
  /** 0: no answer (the client gave up on purpose). */
  status: number;
  bytes: number;
  json: { ok: boolean; data?: unknown; error?: { code: string; details?: { errors?: unknown[]; omitted_errors?: number } } } | null;
  /** The statuses of the other requests a case sent besides its own (the writes beside a trickled import). */
  also?: number[];
  /** What the table says beside the status. */
  detail?: string;
}

type WorkflowBody = Operations['runTemplateWorkflow']['requestBody']['content']['application/json'];

/** A client call's answer whatever its status: the client has read and parsed the body, as the cases always have. */
async function answerOf(call: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<Answer> {
  const { data, error, response } = await call;
  const body = data ?? error; // an error that is not JSON comes as its text
  const json = typeof body === 'object' && body !== null ? (body as Answer['json']) : null;
  // Express gives every JSON answer its length; were one sent in chunks, its JSON serialized again has the same size.
  const length = response.headers.get('content-length');
  const bytes = length !== null ? Number(length) : typeof body === 'string' ? Buffer.byteLength(body) : Buffer.byteLength(JSON.stringify(body ?? ''));
  return { status: response.status, bytes, json };
}

/**
 * Sends this text as the body (with the same body given to the client, which checks its type):
 * the large bodies are serialized once outside the measured time, as they always were.
 */
const prepared = (text: string) => () => text;

/** A JSON-RPC message (or batch) sent to /mcp with an API key, read and parsed. Raw fetch: /mcp is outside the contract's /v1. */
async function mcpAnswerOf(port: number, key: string, message: unknown): Promise<Answer> {
  const res = await fetch(`http://127.0.0.1:${port}/mcp`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify(message),
  });
  const text = await res.text();
  const body = JSON.parse(text) as unknown;
  // The calls' answers, or the one error of a refused batch, as a case's error message shows them.
  const json = { ok: res.ok, data: body, error: (body as { error?: { code: string } }).error };
  return { status: res.status, bytes: Buffer.byteLength(text), json };
}

/**
 * A request with a body held in memory (an import's NDJSON, which the client does not send) read
 * to its end: its status, size and JSON. `countOnly`: the body is counted, not kept (an export).
 */
function rawAnswerOf(port: number, request: { method: string; path: string; token: string; body?: Buffer; countOnly?: boolean }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${request.token}` };
    if (request.body) Object.assign(headers, { 'content-type': 'application/x-ndjson', 'content-length': String(request.body.length) });
    const req = http.request({ host: '127.0.0.1', port, method: request.method, path: request.path, headers }, (res) => {
      const parts: Buffer[] = [];
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (!request.countOnly) parts.push(chunk);
      });
      res.on('end', () => {
        let json: Answer['json'] = null;
        try {
          json = request.countOnly ? null : (JSON.parse(Buffer.concat(parts).toString('utf8')) as Answer['json']);
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode ?? 0, bytes, json });
      });
      res.on('error', reject);
    });
    // The server may answer and close before it has read the whole body (a refused import): its answer is what counts.
    req.on('error', reject);
    req.end(request.body);
  });
}

/** GET /healthz, read and parsed as before. Raw fetch: /healthz is outside the contract's /v1, which the client is for. */
async function healthz(port: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`);
  const text = await res.text();
  try {
    JSON.parse(text);
  } catch {
    // not JSON
  }
  return res.status;
}

/** Another account's simple read: GET /v1/memories?limit=10, read and parsed. Raw fetch, as /healthz, so both probes cost the client the same. */
async function otherRead(port: number, key: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/v1/memories?limit=10`, { headers: { Authorization: `Bearer ${key}` } });
  const text = await res.text();
  try {
    JSON.parse(text);
  } catch {
    // not JSON
  }
  return res.status;
}

/** Runs `work` over `items` with at most `concurrency` at a time. */
async function pool<T, R>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let nextIndex = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (nextIndex < items.length) {
        const i = nextIndex++;
        results[i] = await work(items[i]!, i);
      }
    }),
  );
  return results;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
/** The value at or below which a share `p` of the values lie (nearest rank). */
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
};
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)}`;
const kb = (bytes: number) => (bytes >= 10_240 ? `${Math.round(bytes / 1024).toLocaleString('en-US')} KB` : `${bytes.toLocaleString('en-US')} B`);
const n = (value: number) => value.toLocaleString('en-US');

interface Case {
  readonly name: string;
  /** What the request holds, for the table. */
  readonly size: string;
  readonly expect: number;
  /** Sends the request; called once unmeasured, then for every run. */
  readonly send: () => Promise<Answer>;
  /** Called before every send, outside the measured time (such as making the fresh account an import goes into). */
  readonly before?: () => Promise<void>;
  /** Measured runs (default: --runs, never more) and runs beside the probes (default STALL_RUNS): a long case runs fewer. */
  readonly runs?: number;
  readonly stallRuns?: number;
  /** false: no unmeasured first send, for a case too long to send once more only to warm caches. */
  readonly warmUp?: boolean;
  /**
   * Set when the CPU figure is not one request's to hold to CPU_BUDGET_MS: a whole import or export
   * (which the target allows per batch, yielding between batches) or a window of many requests.
   */
  readonly whole?: string;
  /** The one database the case applies to, and why it does not to the other. */
  readonly onlyOn?: { readonly kind: DatabaseKind; readonly reason: string };
  /** Another account's read p99 during this case is a headline figure of its own (the embedded import). */
  readonly headline?: string;
}

interface CaseResult {
  name: string;
  size: string;
  status: string;
  responseBytes: number;
  cpu: number[];
  db: number[] | null;
  wall: number[];
  /** The largest growth of the server's RSS over any send of the case (peak during it, less before it). */
  rssGrowth: number;
  /** Every /healthz and other-account read latency in ms while the case ran beside them. */
  healthz: number[];
  reads: number[];
  /** Answers of 500 and above: the case's own, those of the requests it sent besides, and the probes'. */
  serverErrors: number;
  /** Probes that got no answer at all. */
  unanswered: number;
  whole?: string;
  headline?: string;
  skipped?: string;
}

interface Seeded {
  cases: Case[];
  seedSeconds: number;
  description: string;
  /** A read-only key of the account whose reads are timed while each case runs. */
  otherKey: string;
}

/** Seeds the data set through the API and returns the cases that use it. */
async function seed(server: RunningServer, nearDuplicates: number, log: (line: string) => void): Promise<Seeded> {
  const { port } = server;
  const started = performance.now();
  const sessionConfig = loadConfig({ APP_JWT_SECRET: SECRET }).session;
  const account = async (name: string) => {
    const session = clientFor(port, await mintSessionToken(sessionConfig, name));
    const key = (await must(session.POST('/account/api-keys', { body: { name: 'worst case', mode: 'read_write' } }))).secret;
    return { session, key: clientFor(port, key), secret: key };
  };
  const main = await account('worst-case');
  const library = await account('worst-case-library');
  const mention = await account('worst-case-mentions');
  const crowd = await account('worst-case-many-subjects');
  const other = await account('worst-case-other-reader');
  const readOnlyKey = async (session: typeof main.session) =>
    (await must(session.POST('/account/api-keys', { body: { name: 'worst case read-only', mode: 'read_only' } }))).secret;
  const mainReadOnly = await readOnlyKey(main.session);
  const otherKey = await readOnlyKey(other.session);
  /** `must` of a seeding request, noting one that took more than 2 s. */
  const post = async <T>(call: () => Promise<ClientAnswer<T>>): Promise<T> => {
    const postStarted = performance.now();
    const answer = await call();
    const took = performance.now() - postStarted;
    if (took > 2_000) log(`(${routeOf(answer.response).replace(/[a-z]+_[0-9A-Z]{26}/g, '…')} took ${(took / 1000).toFixed(1)} s)`);
    return must(Promise.resolve(answer));
  };
  const json = (body: unknown) => JSON.stringify(body);

  // A checkpoint from before everything else, so that resuming from it has every change to report.
  const { checkpoint } = await must(main.key.GET('/context/startup', { params: { query: { max_chars: 1000 } } }));
  await must(main.session.PUT('/context/workspace-profile', { body: { guidance: prose(7, PROFILE_GUIDANCE_MAX) } }));

  // The Subjects first: creating one looks for its name and aliases in every Memory of the
  // account (measured below, once the Memories are there).
  const subjectBody = (i: number) => ({
    name: `Worst case subject ${i}`,
    kind: 'project' as const,
    aliases: Array.from({ length: SUBJECT_ALIASES_MAX }, (_, a) => `wcs ${i} alias ${a}`),
    description: prose(500 + i, SUBJECT_DESCRIPTION_MAX),
  });
  const subjects = await pool(Array.from({ length: LINKED_SUBJECTS + 1 }, (_, i) => i), SEED_CONCURRENCY, (i) =>
    post(() => main.key.POST('/subjects', { body: subjectBody(i) })),
  );
  const subject = subjects[0]!;

  // Memories of the maximum length with the most tags, a third each pinned, instructions and
  // other notes, so that every section of the startup context has the most candidates it reads.
  const tags = (i: number) => Array.from({ length: MEMORY_TAGS_MAX }, (_, t) => `tag-${i % 7}-${t}-`.padEnd(MEMORY_TAG_CHARS, 'x'));
  const memoryIds = await pool(Array.from({ length: CONTEXT_MEMORIES }, (_, i) => i), SEED_CONCURRENCY, async (i) => {
    const section = i % 3;
    const memory = await post(() =>
      main.key.POST('/memories', {
        body: {
          text: prose(1000 + i, MEMORY_TEXT_MAX),
          tags: tags(i),
          type: section === 1 ? 'instruction' : 'note',
          pinned: section === 0,
          sensitivity: i % 10 === 9 ? 'sensitive' : 'normal',
        },
      }),
    );
    return memory.id;
  });
  log(`${CONTEXT_MEMORIES} Memories of ${n(MEMORY_TEXT_MAX)} characters`);

  // One Subject linked to SUBJECT_MEMORIES of them (each link compares the Memory's text with
  // every other Memory of the Subject, so this is the slow part of the seeding); the first Memory
  // (the context map's root) also linked to the other Subjects, and the source of FACTS reviewed
  // Facts of the Subject.
  let lastLinkMs = 0;
  for (const id of memoryIds.slice(0, SUBJECT_MEMORIES)) {
    const linkStarted = performance.now();
    await post(() => main.key.POST('/subjects/{subject_id}/memories', { params: { path: { subject_id: subject.id } }, body: { memory_id: id } }));
    lastLinkMs = performance.now() - linkStarted;
  }
  let linked = SUBJECT_MEMORIES;
  const rootId = memoryIds[0]!;
  await pool(Array.from({ length: LINKED_SUBJECTS }, (_, i) => i + 1), SEED_CONCURRENCY, async (i) => {
    const other = subjects[i]!;
    const link = (memoryId: string) => post(() => main.key.POST('/subjects/{subject_id}/memories', { params: { path: { subject_id: other.id } }, body: { memory_id: memoryId } }));
    await link(rootId);
    await link(memoryIds[i]!);
  });
  await pool(Array.from({ length: FACTS }, (_, i) => i), SEED_CONCURRENCY, async (i) => {
    const suggestion = await post(() =>
      main.key.POST('/subjects/{subject_id}/fact-suggestions', {
        params: { path: { subject_id: subject.id } },
        body: {
          statement: `Fact ${i}: ${prose(2000 + i, FACT_STATEMENT_MAX - 10)}`,
          source_memory_ids: [rootId, ...memoryIds.slice(1 + (i * 2) % (SUBJECT_MEMORIES - 2), 1 + (i * 2) % (SUBJECT_MEMORIES - 2) + FACT_SOURCES_MAX - 1)],
        },
      }),
    );
    await must(main.session.POST('/fact-suggestions/{suggestion_id}/accept', { params: { path: { suggestion_id: suggestion.id } } }));
  });
  log(`a Subject linked to ${SUBJECT_MEMORIES} of them (the last link took ${Math.round(lastLinkMs)} ms), ${LINKED_SUBJECTS} more linked to the first, ${FACTS} Facts`);

  // A Template whose draft is the largest file set the contract allows, every line of every file
  // shaped like an AWS access key ID, so the review's no_secrets check reports every line.
  const created = await post(() =>
    main.key.POST('/library/templates/workflow', {
      body: {
        action: 'create',
        name: 'Worst case draft',
        summary: 'A draft of the largest size, full of key-shaped lines.',
        category: 'engineering',
        license: 'MIT',
      },
    }),
  );
  const templateId = created.template.id;
  const awsNext = random(42);
  const awsDraft = fullDraft(() => awsKeyLine(awsNext));
  const draftPath = { params: { path: { template_id: templateId } } };
  const awsBody = (revision: number) => ({ base_revision: revision, files: awsDraft });
  let revision = (await must(main.key.PUT('/library/templates/{template_id}/draft', { ...draftPath, body: awsBody(1) }))).draft.revision;
  // The same size of file set, each line a valid MTL API key: refused with secret_in_content.
  const mtlBody = { base_revision: 1, files: fullDraft(() => generateKey('read_write', newId('account'))) };
  const mtlJson = json(mtlBody);
  const awsLines = awsDraft.reduce((sum, file) => sum + file.content.split('\n').filter((line) => line.length === 20).length, 0);
  const mtlLines = mtlBody.files.reduce((sum, file) => sum + file.content.split('\n').filter((line) => line.length === 45).length, 0);
  log(`a Template with ${awsDraft.length} files of ${n(limits.draftFileCharsMax)} characters`);

  // Published Templates with READMEs of the largest size, all holding every word of the query.
  const published = await pool(Array.from({ length: PUBLISHED_TEMPLATES }, (_, i) => i), SEED_CONCURRENCY, async (i) => {
    const workflow = (body: WorkflowBody) => post(() => library.key.POST('/library/templates/workflow', { body }));
    const { template } = await workflow({
      action: 'create',
      name: `Library template ${i} ${WORDS[i % WORDS.length]}`,
      summary: `A published Template about ${QUERY_WORDS.slice(0, 8).join(' ')}.`,
      category: 'productivity',
      tags: QUERY_WORDS.slice(0, 10),
      license: 'MIT',
    });
    const readme = prose(3000 + i, limits.draftFileCharsMax);
    const updated = await must(
      library.key.PUT('/library/templates/{template_id}/draft', {
        params: { path: { template_id: template.id } },
        body: { base_revision: 1, files: [{ path: 'README.md', content: readme }] },
      }),
    );
    const rev = updated.draft.revision;
    const reviewed = await workflow({ action: 'submit_review', template_id: template.id, revision: rev });
    if (reviewed.run.status !== 'succeeded') throw new Error(`the review of library Template ${i} did not pass`);
    await workflow({
      action: 'publish',
      template_id: template.id,
      revision: rev,
      release_notes: 'The first release.',
      confirm: { license: 'MIT', files_public: true, reviewed_revision: rev },
    });
    return template.id;
  });
  log(`${published.length} published Templates with READMEs of ${n(limits.draftFileCharsMax)} characters`);

  // A published Template whose README is written to be slow to render (100,000 characters of
  // `![`) beside four more files of the largest size: the Library website's page, file page and
  // archive of it, for a visitor without an account.
  const hostile = (await post(() =>
    main.key.POST('/library/templates/workflow', {
      body: { action: 'create', name: 'Worst case page', summary: 'A README that is slow to render.', category: 'other', license: 'MIT' },
    }),
  )).template.id;
  const hostileFiles = [
    { path: 'README.md', content: '!['.repeat(limits.draftFileCharsMax / 2) },
    ...Array.from({ length: limits.draftTotalCharsMax / limits.draftFileCharsMax - 1 }, (_, i) => ({ path: `notes/part-${i + 1}.md`, content: prose(4000 + i, limits.draftFileCharsMax) })),
  ];
  const hostileRevision = (await must(main.key.PUT('/library/templates/{template_id}/draft', { params: { path: { template_id: hostile } }, body: { base_revision: 1, files: hostileFiles } }))).draft.revision;
  const hostileWorkflow = (body: WorkflowBody) => post(() => main.key.POST('/library/templates/workflow', { body }));
  await hostileWorkflow({ action: 'submit_review', template_id: hostile, revision: hostileRevision });
  await hostileWorkflow({
    action: 'publish',
    template_id: hostile,
    revision: hostileRevision,
    release_notes: 'The first release.',
    confirm: { license: 'MIT', files_public: true, reviewed_revision: hostileRevision },
  });
  // Published again (a new publication time): what the pages keep of the last one is not theirs.
  const republishHostile = async () => {
    await hostileWorkflow({ action: 'unpublish', template_id: hostile });
    await hostileWorkflow({ action: 'republish', template_id: hostile, release_notes: 'Published once more.' });
  };
  const visit = async (path: string): Promise<Answer> => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { Accept: 'text/html' } });
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, bytes: body.length, json: null };
  };
  log('a published Template with a README of 100,000 characters of "![" and 4 more files of 100,000 characters');

  // Another account: Subjects whose name and aliases ("qq", "qqq", …) all occur in the mention
  // case's text at every position, never as a whole word, so each occurrence is checked.
  const qs = (length: number) => 'q'.repeat(length);
  await pool(Array.from({ length: MENTION_SUBJECTS }, (_, i) => i), SEED_CONCURRENCY, (i) =>
    post(() =>
      mention.key.POST('/subjects', {
        body: {
          name: qs(2 + i),
          aliases: Array.from({ length: SUBJECT_ALIASES_MAX }, (_, a) => qs(2 + ((i + 1 + a) % (MENTION_SUBJECTS + SUBJECT_ALIASES_MAX)))),
        },
      }),
    ),
  );
  log(`${MENTION_SUBJECTS} Subjects with ${SUBJECT_ALIASES_MAX} aliases each in another account`);

  // A third account: many Subjects, each with the most aliases, all short and all inside the
  // words of the Memory written below, so every term of every Subject is looked for in it.
  const crowdText = (i: number) => letterWords(20_000 + i, MEMORY_TEXT_MAX);
  await pool(Array.from({ length: MANY_SUBJECTS }, (_, i) => i), SEED_CONCURRENCY, (i) =>
    post(() => crowd.key.POST('/subjects', { body: { name: `Crowd ${i}`, aliases: innerAliases(crowdText(0), 30_000 + i, SUBJECT_ALIASES_MAX) } })),
  );
  const crowdMemory = await post(() => crowd.key.POST('/memories', { body: { text: crowdText(0) } }));
  log(`${MANY_SUBJECTS} Subjects with ${SUBJECT_ALIASES_MAX} short aliases each in a third account`);

  // The account another user reads while each case runs: a few small Memories.
  await pool(Array.from({ length: OTHER_MEMORIES }, (_, i) => i), SEED_CONCURRENCY, (i) =>
    post(() => other.key.POST('/memories', { body: { text: `Small note ${i}: ${prose(40_000 + i, 160)}`, tags: ['small'] } })),
  );
  log(`${OTHER_MEMORIES} small Memories in the account whose reads are timed`);

  // The cases.
  const q500 = Array(Math.floor((SEARCH_Q_MAX + 1) / 10)).fill('wednesdys').join(' '); // a misspelt word, as search:worst-case (a)
  const q32 = QUERY_WORDS.join(' ').slice(0, SEARCH_Q_MAX);
  const libraryQuery = QUERY_WORDS.join(' ').slice(0, LIBRARY_QUERY_MAX).replace(/\s+\S*$/, '');
  const memoryBody = { text: prose(9, MEMORY_TEXT_MAX), tags: tags(1), type: 'note' as const };
  const memoryJson = json(memoryBody);
  const mentionBody = { text: 'q'.repeat(MEMORY_TEXT_MAX) };
  const mentionJson = json(mentionBody);
  let updates = 0;
  let subjectsCreated = 0;
  let crowdUpdates = 0;
  let renames = 0;
  const crowdBody = { text: crowdText(0) };
  const crowdJson = json(crowdBody);
  const batchIds = memoryIds.slice(0, limits.batchMaxIds);
  const readBody = { max_chars_per_file: limits.draftFileCharsMax, max_total_chars: limits.draftTotalCharsMax };
  const readJson = json(readBody);
  const cases: Case[] = [
    {
      name: 'draft update, 5 files of AWS-key-shaped lines',
      size: `${n(awsLines)} key lines, ${kb(Buffer.byteLength(json(awsBody(revision))))}`,
      expect: 200,
      send: async () => {
        const answer = await answerOf(main.key.PUT('/library/templates/{template_id}/draft', { ...draftPath, body: awsBody(revision) }));
        if (answer.status === 200) revision = (answer.json?.data as { draft: { revision: number } }).draft.revision;
        return answer;
      },
    },
    {
      name: 'draft review (submit_review) of that draft',
      size: `${n(awsLines)} findings`,
      expect: 200,
      send: () => answerOf(main.key.POST('/library/templates/workflow', { body: { action: 'submit_review', template_id: templateId, revision } })),
    },
    {
      name: 'draft update refused: 5 files of MTL API keys',
      size: `${n(mtlLines)} key lines, ${kb(Buffer.byteLength(mtlJson))}`,
      expect: 400,
      send: () => answerOf(main.key.PUT('/library/templates/{template_id}/draft', { ...draftPath, body: mtlBody, bodySerializer: prepared(mtlJson) })),
    },
    {
      name: 'draft read, all files, maximum chars',
      size: `${n(limits.draftTotalCharsMax)} characters returned`,
      expect: 200,
      send: () => answerOf(main.key.POST('/library/templates/{template_id}/read', { ...draftPath, body: readBody, bodySerializer: prepared(readJson) })),
    },
    {
      name: 'Memory create, maximum text and tags',
      size: `${n(MEMORY_TEXT_MAX)} characters, ${MEMORY_TAGS_MAX} tags`,
      expect: 201,
      send: () => answerOf(main.key.POST('/memories', { body: memoryBody, bodySerializer: prepared(memoryJson) })),
    },
    {
      name: `Memory create, text holding ${MENTION_SUBJECTS} Subjects' terms inside words`,
      size: `${n(MEMORY_TEXT_MAX)} characters, ${n(MENTION_SUBJECTS * (SUBJECT_ALIASES_MAX + 1))} terms`,
      expect: 201,
      send: () => answerOf(mention.key.POST('/memories', { body: mentionBody, bodySerializer: prepared(mentionJson) })),
    },
    {
      name: `Memory create, ${MANY_SUBJECTS} Subjects' short terms inside its words`,
      size: `${n(MEMORY_TEXT_MAX)} characters, ${n(MANY_SUBJECTS * (SUBJECT_ALIASES_MAX + 1))} terms`,
      expect: 201,
      send: () => answerOf(crowd.key.POST('/memories', { body: crowdBody, bodySerializer: prepared(crowdJson) })),
    },
    {
      name: `Memory update, ${MANY_SUBJECTS} Subjects' short terms inside its words`,
      size: `${n(MEMORY_TEXT_MAX)} characters, ${n(MANY_SUBJECTS * (SUBJECT_ALIASES_MAX + 1))} terms`,
      expect: 200,
      send: () =>
        answerOf(crowd.key.PATCH('/memories/{id}', { params: { path: { id: crowdMemory.id } }, body: { text: crowdText(1 + crowdUpdates++) } })),
    },
    {
      name: `link a Memory to the Subject of ${SUBJECT_MEMORIES}+ Memories`,
      size: `Memories of ${n(MEMORY_TEXT_MAX)} characters`,
      expect: 201,
      send: async () => {
        const answer = await answerOf(
          main.key.POST('/subjects/{subject_id}/memories', { params: { path: { subject_id: subject.id } }, body: { memory_id: memoryIds[linked]! } }),
        );
        if (answer.status === 201) linked += 1;
        return answer;
      },
    },
    {
      name: 'Memory update of a linked Memory, new maximum text',
      size: `${n(MEMORY_TEXT_MAX)} characters`,
      expect: 200,
      send: () => answerOf(main.key.PATCH('/memories/{id}', { params: { path: { id: memoryIds[1]! } }, body: { text: prose(5000 + updates++, MEMORY_TEXT_MAX) } })),
    },
    {
      name: `Subject create, 21 terms inside words of ${CONTEXT_MEMORIES}+ Memories`,
      size: `${SUBJECT_ALIASES_MAX} aliases, description of ${n(SUBJECT_DESCRIPTION_MAX)}`,
      expect: 201,
      send: () =>
        answerOf(
          main.key.POST('/subjects', {
            body: {
              name: `${INNER_TERMS[0]} ${subjectsCreated++}`,
              aliases: INNER_TERMS.slice(1, SUBJECT_ALIASES_MAX + 1),
              description: prose(600, SUBJECT_DESCRIPTION_MAX),
            },
          }),
        ),
    },
    {
      name: `Subject rename, 21 terms inside words of ${CONTEXT_MEMORIES}+ Memories`,
      size: `${SUBJECT_ALIASES_MAX} aliases`,
      expect: 200,
      send: () =>
        answerOf(
          main.key.PATCH('/subjects/{subject_id}', {
            params: { path: { subject_id: subjects[LINKED_SUBJECTS]!.id } },
            body: { name: `${INNER_TERMS[0]} renamed ${renames++}`, aliases: INNER_TERMS.slice(1, SUBJECT_ALIASES_MAX + 1) },
          }),
        ),
    },
    {
      name: 'Memory batch get, maximum IDs',
      size: `${limits.batchMaxIds} IDs`,
      expect: 200,
      send: () => answerOf(main.key.GET('/memories/batch', { params: { query: { ids: batchIds } } })),
    },
    {
      name: 'Memory list, maximum limit',
      size: `limit=${limits.pageSizeMax}`,
      expect: 200,
      send: () => answerOf(main.key.GET('/memories', { params: { query: { limit: limits.pageSizeMax } } })),
    },
    {
      name: 'Memory search, one misspelt word to 500 characters',
      size: `q of ${q500.length} characters, limit=${SEARCH_LIMIT_MAX}`,
      expect: 200,
      send: () => answerOf(main.key.GET('/memories/search', { params: { query: { q: q500, limit: SEARCH_LIMIT_MAX } } })),
    },
    {
      name: 'Memory search, 32 words found in every Memory',
      size: `q of ${q32.length} characters, limit=${SEARCH_LIMIT_MAX}`,
      expect: 200,
      send: () => answerOf(main.key.GET('/memories/search', { params: { query: { q: q32, limit: SEARCH_LIMIT_MAX } } })),
    },
    {
      name: `MCP batch of the most search_memories calls, 32 words found in every Memory`,
      size: `${MCP_BATCH_MAX_MESSAGES} calls, q of ${q32.length} characters, limit=${SEARCH_LIMIT_MAX}`,
      expect: 200,
      send: () =>
        mcpAnswerOf(
          port,
          main.secret,
          Array.from({ length: MCP_BATCH_MAX_MESSAGES }, (_, i) => ({
            jsonrpc: '2.0',
            id: i + 1,
            method: 'tools/call',
            params: { name: 'search_memories', arguments: { q: q32, limit: SEARCH_LIMIT_MAX } },
          })),
        ),
    },
    {
      name: 'startup context, maximum budget',
      size: `max_chars=${n(STARTUP_MAX_CHARS)}`,
      expect: 200,
      send: () => answerOf(main.key.GET('/context/startup', { params: { query: { max_chars: STARTUP_MAX_CHARS, include_sensitive: true } } })),
    },
    {
      name: 'resume context from before the seeding',
      size: `max_chars=${n(STARTUP_MAX_CHARS)}`,
      expect: 200,
      send: () =>
        answerOf(main.key.GET('/context/resume', { params: { query: { checkpoint, max_chars: STARTUP_MAX_CHARS, include_sensitive: true } } })),
    },
    {
      name: `subject context, Subject with ${SUBJECT_MEMORIES}+ Memories`,
      size: `max_chars=${n(SUBJECT_CONTEXT_MAX_CHARS)}`,
      expect: 200,
      send: () =>
        answerOf(
          main.key.GET('/subjects/{subject_id}/context', {
            params: { path: { subject_id: subject.id }, query: { max_chars: SUBJECT_CONTEXT_MAX_CHARS, include_sensitive: true } },
          }),
        ),
    },
    {
      name: 'context map, depth 2, maximum nodes',
      size: `max_nodes=${CONTEXT_MAP_MAX_NODES}`,
      expect: 200,
      send: () =>
        answerOf(
          main.key.GET('/memories/{id}/context-map', {
            params: { path: { id: rootId }, query: { depth: 2, max_nodes: CONTEXT_MAP_MAX_NODES, include_sensitive: true } },
          }),
        ),
    },
    {
      name: `Library search, ${PUBLISHED_TEMPLATES} READMEs of 100,000 characters`,
      size: `query of ${libraryQuery.length} characters, limit=${LIBRARY_LIMIT_MAX}`,
      expect: 200,
      send: () => answerOf(library.key.GET('/library/templates', { params: { query: { query: libraryQuery, limit: LIBRARY_LIMIT_MAX } } })),
    },
    {
      name: 'Library page (visitor), README of 100,000 characters of "![", not rendered yet',
      size: 'the first 20,000 characters rendered',
      expect: 200,
      before: republishHostile,
      send: () => visit(`/library/${hostile}`),
    },
    {
      name: 'Library file page (visitor), 100,000 characters',
      size: '100,000 characters shown',
      expect: 200,
      send: () => visit(`/library/${hostile}/files/notes/part-1.md`),
    },
    {
      name: 'Library download (visitor), 5 files of 100,000 characters, not made yet',
      size: '500,000 characters zipped',
      expect: 200,
      before: republishHostile,
      send: () => visit(`/library/${hostile}/download`),
    },
    {
      name: "a published Template's files, all, maximum chars",
      size: `${n(limits.draftTotalCharsMax)} characters returned`,
      expect: 200,
      send: () =>
        answerOf(
          library.key.GET('/library/templates/{template_id}/files', {
            params: { path: { template_id: hostile }, query: { max_chars_per_file: limits.draftFileCharsMax, max_total_chars: limits.draftTotalCharsMax } },
          }),
        ),
    },
    {
      name: `creator status, ${PUBLISHED_TEMPLATES} Templates`,
      size: '—',
      expect: 200,
      send: () => answerOf(library.key.GET('/library/creator/status')),
    },
    ...(await oauthCases(port)),
  ];
  cases.push(
    ...(await hostileCases({
      port,
      freshAccount: async (name) => {
        const token = await mintSessionToken(sessionConfig, name);
        await must(clientFor(port, token).GET('/memories', { params: { query: { limit: 1 } } }));
        return token;
      },
      main: main.key,
      mainSecret: main.secret,
      mainReadOnly,
      templateId,
      nearDuplicates,
    })),
  );
  return {
    otherKey,
    cases,
    seedSeconds: (performance.now() - started) / 1000,
    description:
      `${CONTEXT_MEMORIES} Memories of ${n(MEMORY_TEXT_MAX)} characters with ${MEMORY_TAGS_MAX} tags of ${MEMORY_TAG_CHARS} characters ` +
      `(a third pinned, a third instructions), ${SUBJECT_MEMORIES} of them linked to one Subject; ${LINKED_SUBJECTS} more Subjects and ${FACTS} Facts ` +
      `around the first Memory; a Template draft of ${awsDraft.length} × ${n(limits.draftFileCharsMax)} characters; ` +
      `${PUBLISHED_TEMPLATES} published Templates with READMEs of ${n(limits.draftFileCharsMax)} characters; ` +
      `in another account, ${MENTION_SUBJECTS} Subjects with ${SUBJECT_ALIASES_MAX} aliases; and in a third, ${MANY_SUBJECTS} Subjects ` +
      `with ${SUBJECT_ALIASES_MAX} aliases of 3 to 5 letters from inside the words of its Memory of ${n(MEMORY_TEXT_MAX)} characters; ` +
      `the account whose reads are timed holds ${OTHER_MEMORIES} small Memories`,
  };
}

interface HostileContext {
  readonly port: number;
  /** Makes a new account and returns a session token of it. */
  readonly freshAccount: (name: string) => Promise<string>;
  readonly main: MtlClient;
  readonly mainSecret: string;
  /** A read-only key of the seeded account. */
  readonly mainReadOnly: string;
  readonly templateId: string;
  /** How many near-identical Memories the near-duplicate import holds. */
  readonly nearDuplicates: number;
}

/** A valid file ID of a kind, numbered (the last 8 of its 26 characters). */
const fileId = (prefix: string, i: number) => `${prefix}_01JD2X5Y7Z8A9B0C1D${String(i).padStart(8, '0')}`;
/** Minutes after the start of 2026, as a timestamp. */
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString();
const NO_RECORDS = { workspace_profile: 0, subjects: 0, memories: 0, links: 0, facts: 0, fact_suggestions: 0, templates: 0 };
const HEADER_LINE = JSON.stringify({ type: 'header', data: { format: 'mtl-export', version: 1, exported_at: at(600_000) } });

/** An export file: its header, `lines` (records, serialized), and its end with `counts`. */
function exportFile(lines: readonly string[], counts: Partial<typeof NO_RECORDS> = {}): Buffer {
  const end = JSON.stringify({ type: 'end', data: { counts: { ...NO_RECORDS, ...counts } } });
  return Buffer.from(`${[HEADER_LINE, ...lines, end].join('\n')}\n`);
}

/** The record of a Memory of one revision, with these tags (whatever they are; its revision's may differ). */
function memoryRecord(i: number, text: string, tags: unknown = [], revisionTags: unknown = tags): string {
  const fields = { text, type: 'note', sensitivity: 'normal', tags, pinned: false };
  const revisions = [{ revision: 1, ...fields, tags: revisionTags, created_at: at(i), actor: { kind: 'session' } }];
  return JSON.stringify({ type: 'memory', data: { id: fileId('mem', i), ...fields, revision: 1, created_at: at(i), updated_at: at(i), revisions } });
}

/** A JSON array of `count` ones, as text. */
const ones = (count: number) => `[${Array(count).fill('1').join(',')}]`;

/** "3 × 201, 1 × 503" */
function tally(statuses: readonly number[]): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count} × ${status || 'no answer'}`).join(', ');
}

/** Connects a raw TCP socket to the server; errors (the server closing it) are left to the caller's reading. */
/**
 * OAuth for MCP at its bounds: a registration body near its 16 KB limit, an authorization request
 * with the longest redirect URI and state (sealed for the consent page), and a token request
 * refused with the longest verifier.
 */
async function oauthCases(port: number): Promise<Case[]> {
  const base = `http://127.0.0.1:${port}`;
  const send = async (path: string, init: RequestInit): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, { ...init, redirect: 'manual' });
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, bytes: body.length, json: null };
  };
  const uris = Array.from({ length: 7 }, (_, i) => `https://client.example/${i}/${'a'.repeat(2_000 - 26)}`);
  const registration = JSON.stringify({ client_name: 'n'.repeat(100), redirect_uris: uris });
  const registered = (await (await fetch(`${base}/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: registration })).json()) as { client_id: string };
  const verifier = 'v'.repeat(128);
  const authorize = new URLSearchParams({
    response_type: 'code',
    client_id: registered.client_id,
    redirect_uri: uris[6]!,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 's'.repeat(1_024),
    resource: `${base}/mcp`,
  });
  const token = new URLSearchParams({ grant_type: 'authorization_code', client_id: registered.client_id, code: 'c'.repeat(100), code_verifier: verifier, redirect_uri: uris[6]! });
  return [
    {
      name: 'OAuth client registration, 7 redirect URIs of 2,000 characters',
      size: `${n(registration.length)} bytes`,
      expect: 201,
      send: () => send('/register', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: registration }),
    },
    {
      name: 'OAuth authorization, a redirect URI of 2,000 characters and a state of 1,024',
      size: `${n(authorize.toString().length)} characters of query`,
      expect: 302,
      send: () => send(`/authorize?${authorize}`, {}),
    },
    {
      name: 'OAuth token refused: an unknown code, a verifier of 128 characters',
      size: `${n(token.toString().length)} bytes`,
      expect: 400,
      send: () => send('/token', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: token.toString() }),
    },
  ];
}

async function rawSocket(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  await once(socket, 'connect');
  return socket;
}

/** The status of the first answer on a socket, from its status line; 0 when none comes within 2 s. */
function statusLine(socket: net.Socket): Promise<number> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(0), 2_000);
    socket.once('data', (chunk: Buffer) => {
      clearTimeout(timer);
      resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? 0));
    });
    socket.resume();
  });
}

/**
 * SLOW_READERS connections that each send an MCP tools/list request and read nothing of the answer
 * for SLOW_READ_MS; then the status of each answer, and the sockets are destroyed.
 */
async function slowReaders(port: number, key: string, answerBytes: number): Promise<Answer> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const request =
    `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
    `Accept: application/json, text/event-stream\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  const sockets = await Promise.all(
    Array.from({ length: SLOW_READERS }, async () => {
      const socket = await rawSocket(port);
      socket.pause();
      socket.write(request);
      return socket;
    }),
  );
  try {
    await sleep(SLOW_READ_MS);
    const statuses = await Promise.all(sockets.map(statusLine));
    const same = statuses.every((status) => status === statuses[0]);
    return { status: same ? statuses[0]! : 0, bytes: answerBytes, json: null, detail: tally(statuses) };
  } finally {
    for (const socket of sockets) socket.destroy();
  }
}

/**
 * An import whose client sends the headers and the file's first line, then one byte a second for
 * TRICKLE_SECONDS and gives up; meanwhile, from the second second, TRICKLE_WRITES Memories are
 * created in the same account at once. Its answer is the writes' statuses (the import's own is
 * whatever the server sent before the client gave up: usually none).
 */
async function trickledImport(port: number, token: string): Promise<Answer> {
  const first = `${HEADER_LINE}\n`;
  const rest = `${memoryRecord(0, prose(70_000, 2_000))}\n`;
  const socket = await rawSocket(port);
  let status = 0;
  socket.once('data', (chunk: Buffer) => (status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? 0)));
  socket.write(
    `POST /v1/import HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/x-ndjson\r\n` +
      `Content-Length: ${Buffer.byteLength(first) + Buffer.byteLength(rest)}\r\n\r\n${first}`,
  );
  const client = clientFor(port, token);
  const write = async (i: number) => {
    const started = performance.now();
    const answer = await answerOf(client.POST('/memories', { body: { text: `Written during a trickled import, ${i}.` } }));
    return { status: answer.status, ms: performance.now() - started };
  };
  let writes: Promise<{ status: number; ms: number }[]> = Promise.resolve([]);
  try {
    for (let second = 0; second < TRICKLE_SECONDS; second += 1) {
      await sleep(1_000);
      if (!socket.destroyed) socket.write(rest[second]!);
      if (second === 1) writes = Promise.all(Array.from({ length: TRICKLE_WRITES }, (_, i) => write(i)));
    }
    const done = await writes;
    const statuses = done.map((w) => w.status);
    return {
      status,
      bytes: 0,
      json: null,
      also: statuses,
      detail: `${TRICKLE_WRITES} writes to its account: ${tally(statuses)}, the longest ${Math.round(Math.max(...done.map((w) => w.ms)))} ms`,
    };
  } finally {
    socket.destroy();
  }
}

/** The cases of the security review's hostile inputs. */
async function hostileCases(context: HostileContext): Promise<Case[]> {
  const { port, freshAccount, main, mainSecret, mainReadOnly, templateId, nearDuplicates } = context;
  const readOnly = clientFor(port, mainReadOnly);
  const sized = (text: string | Buffer) => kb(Buffer.byteLength(text));
  let accounts = 0;
  /** A new account for every send of an import that succeeds, made before the send. */
  const perSend = () => {
    let token = '';
    return {
      before: async () => void (token = await freshAccount(`worst-case-import-${accounts++}-${randomBytes(4).toString('hex')}`)),
      token: () => token,
    };
  };
  const refused = await freshAccount('worst-case-refused-imports');
  const importOf = (body: Buffer, token = refused) => rawAnswerOf(port, { method: 'POST', path: '/v1/import', token, body });

  // (a) A draft's files as numbers, to the draft's whole body limit.
  const draftPrefix = '{"base_revision":1,"files":';
  const draftNumbers = Math.floor((limits.draftBodyBytesMax - draftPrefix.length - 3) / 2);
  const draftJson = `${draftPrefix}${ones(draftNumbers)}}`;
  // (b) A Memory's tags as numbers; a Memory of unknown fields, to the body limit.
  const tagsJson = `{"text":"Hostile tags","tags":${ones(HOSTILE_TAG_NUMBERS)}}`;
  const fieldParts = ['{"text":"Unknown fields"'];
  let fieldBytes = fieldParts[0]!.length + 1;
  for (let i = 0; fieldBytes + 16 < BODY_LIMIT_BYTES; i += 1) {
    const field = `,"field${i}":0`;
    fieldParts.push(field);
    fieldBytes += field.length;
  }
  const unknownFields = fieldParts.length - 1;
  const fieldsJson = `${fieldParts.join('')}}`;
  // (c) Imports: a line of errors just under the line limit, a line nested too deep, a line over the limit.
  const tagNumbers = Math.floor((IMPORT_LINE_BYTES - memoryRecord(1, 'x', []).length - 64) / 2);
  const errorsImport = exportFile([memoryRecord(1, 'x', 'TAGS', []).replace('"TAGS"', ones(tagNumbers))], { memories: 1 });
  const nestedImport = exportFile([`{"type":"memory","data":${'['.repeat(HOSTILE_NESTING)}${']'.repeat(HOSTILE_NESTING)}}`], { memories: 1 });
  const longLineImport = exportFile([`{"type":"memory","data":{"text":"${'a'.repeat(IMPORT_LINE_BYTES + 1024 * 1024)}"}}`], { memories: 1 });
  // A realistic large import, and Memories that differ by one word all linked to one Subject.
  const largeImport = exportFile(
    Array.from({ length: LARGE_IMPORT_MEMORIES }, (_, i) => memoryRecord(i, prose(50_000 + i, LARGE_IMPORT_CHARS), ['imported', `batch-${i % 10}`])),
    { memories: LARGE_IMPORT_MEMORIES },
  );
  const sentence = prose(80_000, 260).split(' ').slice(1, 31); // about 200 characters of ordinary words
  const variation = (i: number) => {
    const words = [...sentence];
    const position = i % words.length;
    words[position] = WORDS.filter((word) => word !== sentence[position])[Math.floor(i / words.length)]!;
    return `${words.join(' ')}.`;
  };
  const subjectLine = JSON.stringify({
    type: 'subject',
    data: { id: fileId('sub', 0), name: 'Near duplicates', kind: 'project', aliases: [], description: '', created_at: at(0), updated_at: at(0) },
  });
  const linkLine = (i: number) => JSON.stringify({ type: 'link', data: { subject_id: fileId('sub', 0), memory_id: fileId('mem', i), created_at: at(i + 1) } });
  const nearImport = exportFile(
    [
      subjectLine,
      ...Array.from({ length: nearDuplicates }, (_, i) => memoryRecord(i, variation(i))),
      ...Array.from({ length: nearDuplicates }, (_, i) => linkLine(i)),
    ],
    { subjects: 1, memories: nearDuplicates, links: nearDuplicates },
  );
  const large = perSend();
  const near = perSend();
  const trickle = perSend();
  // (e) Searches of a read-only key: quoted phrases found in every Memory; exclusions that none has, with every filter.
  const pairs = Array.from({ length: WORDS.length - 1 }, (_, i) => [WORDS[i]!, WORDS[i + 1]!] as const);
  const upTo = (parts: string[]) => parts.reduce((q, part) => (q.length + part.length + 1 <= SEARCH_Q_MAX ? (q ? `${q} ${part}` : part) : q), '');
  const phrasesQ = upTo(pairs.map(([a, b]) => `"${a} ${b}"`));
  const exclusionsQ = upTo([WORDS[0]!, WORDS[1]!, ...pairs.map(([a, b]) => `-"${b} ${a}"`)]);
  const excludedTag = `tag-1-0-`.padEnd(MEMORY_TAG_CHARS, 'x');
  // (g) An MCP batch of tools/list; (h) the size of one tools/list answer of a read-only key.
  const listBatch = Array.from({ length: MCP_BATCH_MAX_MESSAGES }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/list' }));
  const listBytes = (await mcpAnswerOf(port, mainReadOnly, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).bytes;

  return [
    {
      name: 'draft update refused: files as numbers to the body limit',
      size: `${n(draftNumbers)} numbers, ${sized(draftJson)}`,
      expect: 400,
      send: () =>
        answerOf(
          main.PUT('/library/templates/{template_id}/draft', {
            params: { path: { template_id: templateId } },
            body: {} as never,
            bodySerializer: prepared(draftJson),
          }),
        ),
    },
    {
      name: 'Memory create refused: tags as numbers',
      size: `${n(HOSTILE_TAG_NUMBERS)} numbers, ${sized(tagsJson)}`,
      expect: 400,
      send: () => answerOf(main.POST('/memories', { body: {} as never, bodySerializer: prepared(tagsJson) })),
    },
    {
      name: 'Memory create refused: unknown fields to the body limit',
      size: `${n(unknownFields)} fields, ${sized(fieldsJson)}`,
      expect: 400,
      send: () => answerOf(main.POST('/memories', { body: {} as never, bodySerializer: prepared(fieldsJson) })),
    },
    {
      name: 'import refused: a line of errors just under the line limit',
      size: `a Memory with ${n(tagNumbers)} numbers as tags, ${sized(errorsImport)}`,
      expect: 400,
      runs: 3,
      send: () => importOf(errorsImport),
    },
    {
      name: 'import refused: a line nested too deep',
      size: `${n(HOSTILE_NESTING)} levels, ${sized(nestedImport)}`,
      expect: 400,
      send: () => importOf(nestedImport),
    },
    {
      name: 'import refused: a line over the line limit',
      size: `a line of ${sized(longLineImport)}`,
      expect: 400,
      runs: 3,
      send: () => importOf(longLineImport),
    },
    {
      name: 'import of a large file into a new account',
      size: `${n(LARGE_IMPORT_MEMORIES)} Memories of ${n(LARGE_IMPORT_CHARS)} characters, ${sized(largeImport)}`,
      expect: 200,
      runs: 1,
      stallRuns: 1,
      warmUp: false,
      whole: 'the whole import',
      headline: `an import of ${n(LARGE_IMPORT_MEMORIES)} Memories (${sized(largeImport)})`,
      before: large.before,
      send: () => importOf(largeImport, large.token()),
    },
    {
      name: `import of ${n(nearDuplicates)} near-identical Memories of one Subject`,
      size:
        `sentences of ${variation(0).length} characters differing by one word, ${sized(nearImport)}` +
        (nearDuplicates < NEAR_DUPLICATES_REVIEWED ? ` (the review's ${n(NEAR_DUPLICATES_REVIEWED)} take minutes: --near-duplicates ${NEAR_DUPLICATES_REVIEWED})` : ''),
      expect: 200,
      runs: 1,
      stallRuns: 1,
      warmUp: false,
      whole: 'the whole import',
      before: near.before,
      send: async () => {
        const started = performance.now();
        const answer = await importOf(nearImport, near.token());
        const took = performance.now() - started;
        if (took > NEAR_DUPLICATES_WARN_MS) {
          process.stderr.write(
            `  warning: the import of ${n(nearDuplicates)} near-identical Memories took ${(took / 1000).toFixed(0)} s; a smaller --near-duplicates lets the script finish in time\n`,
          );
        }
        return answer;
      },
    },
    {
      name: 'export of the seeded account',
      size: 'every record above',
      expect: 200,
      runs: 3,
      stallRuns: 1,
      whole: 'the whole export',
      send: () => rawAnswerOf(port, { method: 'GET', path: '/v1/export', token: mainSecret, countOnly: true }),
    },
    {
      name: 'Memory search, quoted phrases found in every Memory, read-only key',
      size: `${phrasesQ.split('"').length >> 1} phrases, q of ${phrasesQ.length} characters, limit=${SEARCH_LIMIT_MAX}`,
      expect: 200,
      send: () => answerOf(readOnly.GET('/memories/search', { params: { query: { q: phrasesQ, limit: SEARCH_LIMIT_MAX } } })),
    },
    {
      name: 'Memory search, excluded phrases no Memory has, every filter, read-only key',
      size: `${exclusionsQ.split('-"').length - 1} exclusions, q of ${exclusionsQ.length} characters, tag, type, require_all, limit=${SEARCH_LIMIT_MAX}`,
      expect: 200,
      send: () =>
        answerOf(
          readOnly.GET('/memories/search', {
            params: { query: { q: exclusionsQ, tag: excludedTag, type: 'note', require_all: true, limit: SEARCH_LIMIT_MAX } },
          }),
        ),
    },
    {
      name: 'MCP batch of tools/list',
      size: `${MCP_BATCH_MAX_MESSAGES} listings, read-write key`,
      expect: 200,
      send: () => mcpAnswerOf(port, mainSecret, listBatch),
    },
    {
      name: `slow readers: ${SLOW_READERS} MCP tools/list answers never read`,
      size: `${SLOW_READERS} connections held ${SLOW_READ_MS / 1000} s, read-only key`,
      expect: 200,
      runs: 1,
      stallRuns: 1,
      warmUp: false,
      whole: `${SLOW_READ_MS / 1000} s of the server`,
      send: () => slowReaders(port, mainReadOnly, listBytes),
    },
    {
      name: `trickled import (a byte a second) beside ${TRICKLE_WRITES} writes to its account`,
      size: `${TRICKLE_SECONDS} s, ${TRICKLE_WRITES} Memory creates`,
      expect: 0,
      runs: 1,
      stallRuns: 1,
      warmUp: false,
      whole: `${TRICKLE_SECONDS} s of the server`,
      onlyOn: { kind: 'postgres', reason: 'PostgreSQL only: a pool of connections that a held import could drain' },
      before: trickle.before,
      send: () => trickledImport(port, trickle.token()),
    },
  ];
}

/** Sends `request` back to back until `done` settles (at least once): each answer's time in ms, and its status. */
async function probe(request: () => Promise<number>, done: Promise<unknown>): Promise<{ latencies: number[]; statuses: number[] }> {
  let finished = false;
  void done.finally(() => (finished = true)).catch(() => undefined);
  const latencies: number[] = [];
  const statuses: number[] = [];
  do {
    const started = performance.now();
    // A probe that gets no answer at all (the client's own timeout, 300 s) counts as status 0.
    statuses.push(await request().catch(() => 0));
    latencies.push(performance.now() - started);
  } while (!finished);
  return { latencies, statuses };
}

const serverErrorsOf = (statuses: readonly number[]) => statuses.filter((status) => status >= 500).length;

/** What the table says of the first answer's error list: how many errors it lists, and how many it left out. */
function errorList(answer: Answer): string | undefined {
  const details = answer.json?.error?.details;
  if (!details?.errors) return undefined;
  return `${details.errors.length} errors listed${details.omitted_errors ? `, ${n(details.omitted_errors)} omitted` : ''}`;
}

async function measure(kind: DatabaseKind, server: RunningServer, options: { runs: number; only: readonly string[]; nearDuplicates: number }) {
  const { runs, only } = options;
  const pid = server.child.pid!;
  const start = performance.now();
  const log = (line: string) => process.stdout.write(`  ${((performance.now() - start) / 1000).toFixed(0).padStart(4)} s  ${line}\n`);
  const seeded = await seed(server, options.nearDuplicates, (line) => log(`seeded ${line}`));
  log(`seeding took ${seeded.seedSeconds.toFixed(0)} s`);
  const monitor = server.env.DATABASE_URL ? new pg.Client({ connectionString: server.env.DATABASE_URL }) : null;
  await monitor?.connect();
  const rss = sampleRss(pid, 20);
  const read = () => otherRead(server.port, seeded.otherKey);
  try {
    // As autovacuum would soon after a load: otherwise whether it has run yet picks the plans.
    await monitor?.query('vacuum analyze');
    await sleep(1_000);
    const idle = { healthz: [] as number[], reads: [] as number[] };
    for (let i = 0; i < 20; i += 1) {
      idle.healthz.push(...(await probe(() => healthz(server.port), sleep(0))).latencies);
      idle.reads.push(...(await probe(read, sleep(0))).latencies);
    }
    const results: CaseResult[] = [];
    for (const c of seeded.cases) {
      if (only.length > 0 && !only.some((part) => c.name.toLowerCase().includes(part.toLowerCase()))) continue;
      const base = { name: c.name, size: c.size, whole: c.whole, headline: c.headline };
      if (c.onlyOn && c.onlyOn.kind !== kind) {
        results.push({ ...base, status: '', responseBytes: 0, cpu: [], db: null, wall: [], rssGrowth: 0, healthz: [], reads: [], serverErrors: 0, unanswered: 0, skipped: c.onlyOn.reason });
        log(`${c.name}: skipped (${c.onlyOn.reason})`);
        continue;
      }
      await waitIdle(pid, { timeoutMs: 5_000 });
      const own = new Set<number>();
      const statuses: number[] = [];
      const cpu: number[] = [];
      const db: number[] = [];
      const wall: number[] = [];
      const healthzMs: number[] = [];
      const reads: number[] = [];
      let rssGrowth = 0;
      let unanswered = 0;
      let first: Answer | undefined;
      let last: Answer | undefined;
      /**
       * Sends the case once, after its preparation, noting its answer and how much the server's RSS
       * grew meanwhile; `measured`: also its CPU and time; `beside`: what runs until it is answered.
       */
      const sendOnce = async (measured: boolean, beside?: (pending: Promise<Answer>) => Promise<unknown>) => {
        await c.before?.();
        const before = measured ? { server: cpuMs(pid), db: monitor && (await backendCpu(monitor)) } : null;
        const rssBefore = rss.reset();
        const started = performance.now();
        const pending = c.send();
        const [answer] = await Promise.all([pending, beside?.(pending)]);
        const wallMs = performance.now() - started;
        rssGrowth = Math.max(rssGrowth, rss.peak() - rssBefore);
        if (before) {
          const after = { server: cpuMs(pid), db: monitor && (await backendCpu(monitor)) };
          cpu.push(after.server - before.server);
          if (before.db && after.db) db.push(backendDelta(before.db, after.db));
          wall.push(wallMs);
          last = answer;
        }
        own.add(answer.status);
        statuses.push(answer.status, ...(answer.also ?? []));
        first ??= answer;
      };
      if (c.warmUp !== false) await sendOnce(false); // unmeasured: compiled code and warm caches, as in steady use
      for (let i = 0; i < Math.min(c.runs ?? runs, runs); i += 1) await sendOnce(true);
      for (let i = 0; i < (c.stallRuns ?? STALL_RUNS); i += 1) {
        await sendOnce(false, async (pending) => {
          const [h, r] = await Promise.all([probe(() => healthz(server.port), pending), probe(read, pending)]);
          healthzMs.push(...h.latencies);
          reads.push(...r.latencies);
          statuses.push(...h.statuses, ...r.statuses);
          unanswered += [...h.statuses, ...r.statuses].filter((status) => status === 0).length;
        });
      }
      const answer = last ?? first!;
      const status = [...own].map((s) => (s === 0 ? 'no answer' : String(s))).join(', ');
      if (!own.has(c.expect) || own.size > 1) {
        process.stderr.write(`  ${c.name}: expected ${c.expect || 'no answer'}, got ${status}: ${JSON.stringify(first!.json).slice(0, 300)}\n`);
      }
      const detail = answer.detail ?? errorList(answer);
      const serverErrors = serverErrorsOf(statuses);
      results.push({
        ...base,
        status: detail ? `${status} (${detail})` : status,
        responseBytes: answer.bytes,
        cpu,
        db: monitor ? db : null,
        wall,
        rssGrowth,
        healthz: healthzMs,
        reads,
        serverErrors,
        unanswered,
      });
      log(
        `${c.name}: ${median(cpu).toFixed(1)} ms CPU (max ${Math.max(...cpu).toFixed(1)}), ${median(wall).toFixed(0)} ms wall, RSS +${mb(rssGrowth)} MB, ` +
          `/healthz up to ${Math.max(...healthzMs).toFixed(1)} ms, other account's read p99 ${percentile(reads, 0.99).toFixed(1)} ms ` +
          `(max ${Math.max(...reads).toFixed(1)}, ${reads.length} reads), ${status}${detail ? ` (${detail})` : ''}${serverErrors ? `, ${serverErrors} × 5xx` : ''}` +
          `${unanswered ? `, ${unanswered} probes without an answer` : ''}` +
          `${first?.json?.error ? `; first error: ${JSON.stringify(first.json.error.details?.errors?.[0] ?? first.json.error.code).slice(0, 160)}` : ''}`,
      );
    }
    const summary = (values: number[]) => ({ median: median(values), p99: percentile(values, 0.99), max: Math.max(...values) });
    return { kind, seeded, results, idle: { healthz: summary(idle.healthz), reads: summary(idle.reads) }, runs };
  } finally {
    rss.stop();
    await monitor?.end();
  }
}

type TargetResult = Awaited<ReturnType<typeof measure>>;
const ms1 = (value: number) => value.toFixed(1);
const LABELS = DATABASE_LABELS;

function table(result: TargetResult): string {
  const db = result.kind === 'postgres';
  const ran = result.results.filter((r) => !r.skipped);
  const perRequest = ran.filter((r) => !r.whole);
  const over = perRequest.filter((r) => Math.max(...r.cpu) > CPU_BUDGET_MS);
  const verdicts: string[] = [];
  verdicts.push(
    perRequest.length === 0
      ? 'No case is one request.'
      : over.length === 0
      ? `Every request stays within ${CPU_BUDGET_MS} ms of server CPU (the largest is ${ms1(Math.max(...perRequest.map((r) => Math.max(...r.cpu))))} ms).`
      : `${over.length} of ${perRequest.length} requests exceed ${CPU_BUDGET_MS} ms of server CPU: ${over.map((r) => `${r.name} (${ms1(Math.max(...r.cpu))} ms)`).join('; ')}.`,
  );
  const wholes = ran.filter((r) => r.whole);
  if (wholes.length > 0) {
    verdicts.push(
      `Not one request's CPU, so not held to ${CPU_BUDGET_MS} ms: ${wholes.map((r) => `${r.name}, ${r.whole} ${ms1(Math.max(...r.cpu))} ms`).join('; ')}.`,
    );
  }
  const dbOver = ran.filter((r) => !r.whole && r.db && r.db.length > 0 && median(r.db) > CPU_BUDGET_MS);
  if (db) {
    verdicts.push(
      dbOver.length === 0
        ? `No request uses more than ${CPU_BUDGET_MS} ms of PostgreSQL CPU (median).`
        : `PostgreSQL itself uses more than ${CPU_BUDGET_MS} ms (median) for ${dbOver.length}: ${dbOver.map((r) => r.name).join('; ')}.`,
    );
  }
  const grown = ran.filter((r) => r.rssGrowth > RSS_BUDGET_BYTES);
  verdicts.push(
    grown.length === 0
      ? `The server's memory grows by at most ${mb(Math.max(...ran.map((r) => r.rssGrowth)))} MB during any case (target: ${mb(RSS_BUDGET_BYTES)} MB).`
      : `The server's memory grows by more than ${mb(RSS_BUDGET_BYTES)} MB during ${grown.length}: ${grown.map((r) => `${r.name} (${mb(r.rssGrowth)} MB)`).join('; ')}.`,
  );
  const p99 = (r: CaseResult) => percentile(r.reads, 0.99);
  const slowest = ran.reduce((worst, r) => (p99(r) > p99(worst) ? r : worst), ran[0]!);
  const slow = ran.filter((r) => p99(r) > OTHER_READ_P99_MS);
  verdicts.push(
    `Another account's read (GET /v1/memories?limit=10): the largest p99 beside any case is ${ms1(p99(slowest))} ms (${slowest.name}), ` +
      (slow.length === 0
        ? `within the target of ${OTHER_READ_P99_MS} ms.`
        : `over the target of ${OTHER_READ_P99_MS} ms beside ${slow.length}: ${slow.map((r) => `${r.name} (${ms1(p99(r))} ms)`).join('; ')}.`),
  );
  const pooled = ran.flatMap((r) => r.reads);
  if (pooled.length > 0) {
    verdicts.push(
      `All ${n(pooled.length)} of those reads together, beside every case: p99 ${ms1(percentile(pooled, 0.99))} ms, p99.9 ${ms1(percentile(pooled, 0.999))} ms, ` +
        `${n(pooled.filter((ms) => ms > OTHER_READ_P99_MS).length)} over ${OTHER_READ_P99_MS} ms. Beside a case with few reads its p99 is its slowest read.`,
    );
  }
  for (const r of ran.filter((c) => c.headline)) {
    verdicts.push(
      `During ${r.headline} on ${result.kind === 'postgres' ? '' : 'the '}${LABELS[result.kind]}, another account's read took ${ms1(p99(r))} ms at p99 (at most ${ms1(Math.max(...r.reads))}, ` +
        `${r.reads.length} reads), /healthz at most ${ms1(Math.max(...r.healthz))} ms.`,
    );
  }
  const failing = ran.filter((r) => r.serverErrors > 0);
  const errors = failing.reduce((sum, r) => sum + r.serverErrors, 0);
  verdicts.push(`${errors} × 5xx${failing.length > 0 ? `: ${failing.map((r) => `${r.serverErrors} beside ${r.name}`).join('; ')}` : ''}.`);
  const unanswered = ran.filter((r) => r.unanswered > 0);
  if (unanswered.length > 0) {
    verdicts.push(`Probes that got no answer at all (the client gave up after 300 s): ${unanswered.map((r) => `${r.unanswered} beside ${r.name}`).join('; ')}.`);
  }
  for (const r of result.results.filter((c) => c.skipped)) verdicts.push(`Not run here: ${r.name} (${r.skipped}).`);
  return [
    `### ${LABELS[result.kind]}`,
    `Seeding took ${result.seeded.seedSeconds.toFixed(0)} s. Idle, GET /healthz took ${ms1(result.idle.healthz.median)} ms (median of 20, at most ` +
      `${ms1(result.idle.healthz.max)}), and another account's read ${ms1(result.idle.reads.median)} ms (at most ${ms1(result.idle.reads.max)}).`,
    [
      `| case | request | status | server CPU ms median / max |${db ? ' PostgreSQL CPU ms median |' : ''} wall ms median | memory growth MB | /healthz longest ms | other account's read p99 / max ms | response |`,
      `| --- | --- | --- | ---: |${db ? ' ---: |' : ''} ---: | ---: | ---: | ---: | ---: |`,
      ...ran.map(
        (r) =>
          `| ${r.name}${r.whole ? ` (CPU: ${r.whole})` : ''} | ${r.size} | ${r.status} | ${ms1(median(r.cpu))} / ${ms1(Math.max(...r.cpu))} |` +
          `${db ? ` ${r.db && r.db.length > 0 ? ms1(median(r.db)) : '—'} |` : ''} ${ms1(median(r.wall))} | ${mb(r.rssGrowth)} | ${ms1(Math.max(...r.healthz))} | ` +
          `${ms1(p99(r))} / ${ms1(Math.max(...r.reads))} | ${r.responseBytes > 0 ? kb(r.responseBytes) : '—'} |`,
      ),
    ].join('\n'),
    verdicts.join(' '),
  ].join('\n\n');
}

const SECTION = `## Worst-case request cost

\`npm run worst-case\` sends, for each operation that can be expensive, the costliest request the
contract allows, and each hostile input of the security review (bodies of numbers or unknown
fields to the body limit, import lines full of errors, nested too deep or too long, large and
near-duplicate imports, an export, searches full of phrases and exclusions, MCP batches, clients
that never read their answer or send an import a byte a second), to a real server on a fresh
database seeded through the API. It measures the server process's CPU time for each request (the
sum of its threads' scheduler time, from \`/proc\`; on PostgreSQL that leaves out the database's
own processes, shown beside it; on the embedded database it includes the database) and its memory
growth: the server's RSS, read every 20 ms, at its peak during the request less its RSS before
(the largest over every send of the case, the first included). Each case runs once unmeasured
and then several times in a row (median and largest CPU shown; a long case fewer times, without
the unmeasured run); then three more times (a long case once) while \`GET /healthz\` and another
account's simple read (\`GET /v1/memories?limit=10\` with a read-only key of an account of 20
small Memories) are each sent back to back: the table gives the longest /healthz answer and the
reads' p99 and largest. Where the CPU figure is not one request's (a whole import or export, which
the target allows per batch, or a window of many connections), the case says so. Every answer of
500 or more is counted: the case's own, those of requests it sends besides, and the probes'.

The targets: at most ${CPU_BUDGET_MS} ms of server CPU and ${RSS_BUDGET_BYTES / (1024 * 1024)} MB of memory growth per request;
another account's simple read under ${OTHER_READ_P99_MS} ms at p99 while the worst inputs run; no 5xx.

<!-- worst-case-cpu -->
<!-- /worst-case-cpu -->
`;

async function main(): Promise<void> {
  const usage = (message: string): never => {
    process.stderr.write(
      `${message}\nUsage: npm run worst-case -- [--database embedded|postgres|both] [--database-url <url>] [--runs <n>] [--only <case>]… [--near-duplicates <n>] [--write]\n`,
    );
    return process.exit(2);
  };
  const { values } = (() => {
    try {
      return parseArgs({
        options: {
          database: { type: 'string' },
          'database-url': { type: 'string' },
          runs: { type: 'string', default: '5' },
          'near-duplicates': { type: 'string' },
          only: { type: 'string', multiple: true },
          write: { type: 'boolean', default: false },
        },
      });
    } catch (err) {
      return usage(err instanceof Error ? err.message : String(err));
    }
  })();
  const serverUrl = values['database-url'] ?? process.env.BENCH_DATABASE_URL;
  const database = values.database ?? (serverUrl ? 'both' : 'embedded');
  if (!['postgres', 'embedded', 'both'].includes(database)) usage('--database must be embedded, postgres or both');
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) usage('--runs must be a positive integer');
  const nearDuplicatesOption = values['near-duplicates'] === undefined ? undefined : Number(values['near-duplicates']);
  if (nearDuplicatesOption !== undefined && (!Number.isInteger(nearDuplicatesOption) || nearDuplicatesOption < 2)) {
    usage('--near-duplicates must be an integer of at least 2');
  }
  if (values.write && values.only) usage('--write records complete runs only; leave out --only');
  const kinds = (database === 'both' ? ['embedded', 'postgres'] : [database]) as DatabaseKind[];
  const started = Date.now();
  const results: TargetResult[] = [];
  for (const kind of kinds) {
    process.stdout.write(`On ${kind === 'postgres' ? '' : 'the '}${LABELS[kind]}:\n`);
    const nearDuplicates = nearDuplicatesOption ?? NEAR_DUPLICATES_DEFAULT[kind];
    if (nearDuplicates < NEAR_DUPLICATES_REVIEWED) {
      process.stderr.write(
        `Warning: the near-duplicate import holds ${n(nearDuplicates)} Memories, not the review's ${n(NEAR_DUPLICATES_REVIEWED)}, which take minutes ` +
          `(--near-duplicates ${NEAR_DUPLICATES_REVIEWED}).\n`,
      );
    }
    results.push(
      await withServer({ kind, prefix: 'mtl_worst_cpu', serverUrl: serverUrl ?? DEFAULT_SERVER_URL, secret: SECRET, nodeArgs: NODE_ARGS, env: { EMBEDDINGS: process.env.BENCH_EMBEDDINGS ?? 'off', OAUTH_REGISTRATIONS_PER_HOUR: '10000000', OAUTH_REQUESTS_PER_MINUTE: '10000000' } }, (server) =>
        measure(kind, server, { runs, only: values.only ?? [], nearDuplicates }),
      ),
    );
  }
  const data = `Data: ${results[0]!.seeded.description}. Each case ran ${runs} times measured (a long one fewer: the large imports, the slow readers and the trickled import once, the export and the imports refused for long lines ${Math.min(3, runs)} times), then ${STALL_RUNS} times (a long one once) beside the probes.`;
  const body = [data, ...results.map(table)].join('\n\n');
  process.stdout.write(`\n${body}\n\nTotal ${Math.round((Date.now() - started) / 1000)} s.\n`);
  if (!values.write) return;

  const cpus = os.cpus();
  const region = `Run ${new Date().toISOString()}, commit ${commitLabel()}, ${cpus.length} × ${cpus[0]?.model ?? 'unknown'}, Node ${process.version}.\n\n${body}`;
  const file = join(ROOT, 'docs', 'benchmarks.md');
  const current = readFileSync(file, 'utf8');
  const marked = /<!-- worst-case-cpu -->[\s\S]*<!-- \/worst-case-cpu -->/;
  const base = marked.test(current) ? current : `${current.trimEnd()}\n\n${SECTION}`;
  writeFileSync(file, base.replace(marked, () => `<!-- worst-case-cpu -->\n${region}\n<!-- /worst-case-cpu -->`));
  process.stdout.write('Wrote the worst-case-cpu region of docs/benchmarks.md\n');
}

main().catch((err: unknown) => {
  const cause = err instanceof Error && err.cause ? `\ncaused by: ${err.cause instanceof Error ? err.cause.stack : String(err.cause)}` : '';
  process.stderr.write(`worst-case measurement failed: ${err instanceof Error ? err.stack : String(err)}${cause}\n`);
  process.exit(1);
});
