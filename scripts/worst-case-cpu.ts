// `npm run worst-case`: the server's CPU per request for the costliest request the contract
// allows of each operation that can be expensive, and how long such a request holds up a
// concurrent GET /healthz. Seeds what the cases need through the HTTP API of a real server on a
// fresh database, sends each case once unmeasured and then RUNS times in a row, reading the
// server process's CPU time from /proc before and after each request; then sends it STALL_RUNS
// more times while GET /healthz is sent back to back, and reports the longest /healthz answer.
//
// Options: --database embedded|postgres|both (default: both when a PostgreSQL server is given,
// otherwise embedded), --database-url <url> (or BENCH_DATABASE_URL: a server where a fresh
// database may be created and dropped), --runs <n>, --only <part of a case name>, --write (replace
// the marked region of docs/benchmarks.md). BENCH_NODE_ARGS passes Node.js options to the server
// (for example "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { Operations } from '../clients/typescript/src';
import { loadConfig } from '../src/config';
import { mintSessionToken } from '../src/domain/accounts/session-tokens';
import { generateKey } from '../src/domain/api-keys/key-format';
import { limits } from '../src/generated/contract';
import { MCP_BATCH_MAX_MESSAGES } from '../src/mcp/http';
import { backendCpu, backendDelta, cpuMs, DATABASE_LABELS, random } from './support/measure';
import { clientFor, commitLabel, must, ROOT, routeOf, withServer, type ClientAnswer, type DatabaseKind, type RunningServer } from './support/server';

const SECRET = randomBytes(32).toString('hex');
const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** What one request may cost the server at most. */
const CPU_BUDGET_MS = 250;
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
const SEED_CONCURRENCY = 4;

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
  status: number;
  bytes: number;
  json: { ok: boolean; data?: unknown; error?: { code: string } } | null;
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
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const kb = (bytes: number) => (bytes >= 10_240 ? `${Math.round(bytes / 1024).toLocaleString('en-US')} KB` : `${bytes.toLocaleString('en-US')} B`);
const n = (value: number) => value.toLocaleString('en-US');

interface Case {
  readonly name: string;
  /** What the request holds, for the table. */
  readonly size: string;
  readonly expect: number;
  /** Sends the request; called once unmeasured, then for every run. */
  readonly send: () => Promise<Answer>;
}

interface CaseResult {
  name: string;
  size: string;
  status: string;
  responseBytes: number;
  cpu: number[];
  db: number[] | null;
  wall: number[];
  stall: number;
}

interface Seeded {
  cases: Case[];
  seedSeconds: number;
  description: string;
}

/** Seeds the data set through the API and returns the cases that use it. */
async function seed(server: RunningServer, log: (line: string) => void): Promise<Seeded> {
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
  const mtlBody = { base_revision: 1, files: fullDraft(() => generateKey('read_write')) };
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
      name: `creator status, ${PUBLISHED_TEMPLATES} Templates`,
      size: '—',
      expect: 200,
      send: () => answerOf(library.key.GET('/library/creator/status')),
    },
  ];
  return {
    cases,
    seedSeconds: (performance.now() - started) / 1000,
    description:
      `${CONTEXT_MEMORIES} Memories of ${n(MEMORY_TEXT_MAX)} characters with ${MEMORY_TAGS_MAX} tags of ${MEMORY_TAG_CHARS} characters ` +
      `(a third pinned, a third instructions), ${SUBJECT_MEMORIES} of them linked to one Subject; ${LINKED_SUBJECTS} more Subjects and ${FACTS} Facts ` +
      `around the first Memory; a Template draft of ${awsDraft.length} × ${n(limits.draftFileCharsMax)} characters; ` +
      `${PUBLISHED_TEMPLATES} published Templates with READMEs of ${n(limits.draftFileCharsMax)} characters; ` +
      `in another account, ${MENTION_SUBJECTS} Subjects with ${SUBJECT_ALIASES_MAX} aliases; and in a third, ${MANY_SUBJECTS} Subjects ` +
      `with ${SUBJECT_ALIASES_MAX} aliases of 3 to 5 letters from inside the words of its Memory of ${n(MEMORY_TEXT_MAX)} characters`,
  };
}

/** GET /healthz back to back until `done` settles; the longest answer in ms. */
async function longestHealthz(port: number, done: Promise<unknown>): Promise<number> {
  let finished = false;
  void done.finally(() => (finished = true)).catch(() => undefined);
  let longest = 0;
  while (!finished) {
    const started = performance.now();
    const status = await healthz(port);
    if (status !== 200) throw new Error(`/healthz answered ${status}`);
    longest = Math.max(longest, performance.now() - started);
  }
  return longest;
}

async function measure(kind: DatabaseKind, server: RunningServer, runs: number, only: string | undefined) {
  const pid = server.child.pid!;
  const start = performance.now();
  const log = (line: string) => process.stdout.write(`  ${((performance.now() - start) / 1000).toFixed(0).padStart(4)} s  ${line}\n`);
  const seeded = await seed(server, (line) => log(`seeded ${line}`));
  log(`seeding took ${seeded.seedSeconds.toFixed(0)} s`);
  const monitor = server.env.DATABASE_URL ? new pg.Client({ connectionString: server.env.DATABASE_URL }) : null;
  await monitor?.connect();
  try {
    // As autovacuum would soon after a load: otherwise whether it has run yet picks the plans.
    await monitor?.query('vacuum analyze');
    await sleep(1_000);
    const idle: number[] = [];
    for (let i = 0; i < 20; i += 1) idle.push(await longestHealthz(server.port, sleep(0)));
    const results: CaseResult[] = [];
    for (const c of seeded.cases) {
      if (only && !c.name.toLowerCase().includes(only.toLowerCase())) continue;
      const first = await c.send(); // unmeasured: compiled code and warm caches, as in steady use
      const statuses = new Set<number>([first.status]);
      const cpu: number[] = [];
      const db: number[] = [];
      const wall: number[] = [];
      let responseBytes = first.bytes;
      for (let i = 0; i < runs; i += 1) {
        const before = { server: cpuMs(pid), db: monitor && (await backendCpu(monitor)) };
        const started = performance.now();
        const answer = await c.send();
        wall.push(performance.now() - started);
        const after = { server: cpuMs(pid), db: monitor && (await backendCpu(monitor)) };
        cpu.push(after.server - before.server);
        if (before.db && after.db) db.push(backendDelta(before.db, after.db));
        statuses.add(answer.status);
        responseBytes = answer.bytes;
      }
      let stall = 0;
      for (let i = 0; i < STALL_RUNS; i += 1) {
        const pending = c.send();
        const [answer, longest] = await Promise.all([pending, longestHealthz(server.port, pending)]);
        statuses.add(answer.status);
        stall = Math.max(stall, longest);
      }
      const status = [...statuses].join(', ');
      if (!statuses.has(c.expect) || statuses.size > 1) {
        process.stderr.write(`  ${c.name}: expected ${c.expect}, got ${status}: ${JSON.stringify(first.json).slice(0, 300)}\n`);
      }
      results.push({ name: c.name, size: c.size, status, responseBytes, cpu, db: monitor ? db : null, wall, stall });
      log(`${c.name}: ${median(cpu).toFixed(1)} ms CPU (max ${Math.max(...cpu).toFixed(1)}), /healthz up to ${stall.toFixed(1)} ms`);
    }
    return { kind, seeded, results, idleHealthz: { median: median(idle), max: Math.max(...idle) }, runs };
  } finally {
    await monitor?.end();
  }
}

type TargetResult = Awaited<ReturnType<typeof measure>>;
const ms1 = (value: number) => value.toFixed(1);
const LABELS = DATABASE_LABELS;

function table(result: TargetResult): string {
  const db = result.kind === 'postgres';
  const over = result.results.filter((r) => Math.max(...r.cpu) > CPU_BUDGET_MS);
  const verdict =
    over.length === 0
      ? `Every case stays within ${CPU_BUDGET_MS} ms of server CPU per request (the largest is ${ms1(Math.max(...result.results.map((r) => Math.max(...r.cpu))))} ms).`
      : `${over.length} of ${result.results.length} cases exceed ${CPU_BUDGET_MS} ms of server CPU per request: ${over.map((r) => r.name).join('; ')}.`;
  const dbOver = result.results.filter((r) => r.db && r.db.length > 0 && median(r.db) > CPU_BUDGET_MS);
  const dbVerdict = db
    ? dbOver.length === 0
      ? ` No case uses more than ${CPU_BUDGET_MS} ms of PostgreSQL CPU (median).`
      : ` PostgreSQL itself uses more than ${CPU_BUDGET_MS} ms (median) for ${dbOver.length}: ${dbOver.map((r) => r.name).join('; ')}.`
    : '';
  return [
    `### ${LABELS[result.kind]}`,
    `Seeding took ${result.seeded.seedSeconds.toFixed(0)} s. Idle, GET /healthz took ${ms1(result.idleHealthz.median)} ms (median of 20, at most ${ms1(result.idleHealthz.max)}).`,
    [
      `| case | request | status | server CPU ms median / max |${db ? ' PostgreSQL CPU ms median |' : ''} wall ms median | /healthz stall ms | response |`,
      `| --- | --- | --- | ---: |${db ? ' ---: |' : ''} ---: | ---: | ---: |`,
      ...result.results.map(
        (r) =>
          `| ${r.name} | ${r.size} | ${r.status} | ${ms1(median(r.cpu))} / ${ms1(Math.max(...r.cpu))} |` +
          `${db ? ` ${r.db && r.db.length > 0 ? ms1(median(r.db)) : '—'} |` : ''} ${ms1(median(r.wall))} | ${ms1(r.stall)} | ${kb(r.responseBytes)} |`,
      ),
    ].join('\n'),
    verdict + dbVerdict,
  ].join('\n\n');
}

const SECTION = `## Worst-case request cost

\`npm run worst-case\` sends, for each operation that can be expensive, the costliest request the
contract allows, to a real server on a fresh database seeded through the API, and measures the
server process's CPU time for each request (the sum of its threads' scheduler time, from
\`/proc\`). On PostgreSQL that leaves out the database's own processes (shown beside it); on the
embedded database it includes the database. Each case runs once unmeasured and then several
times in a row (median and largest shown); then three more times while \`GET /healthz\` is sent back
to back, and the stall is the longest of those /healthz answers. The target is at most
${CPU_BUDGET_MS} ms of server CPU per request.

<!-- worst-case-cpu -->
<!-- /worst-case-cpu -->
`;

async function main(): Promise<void> {
  const usage = (message: string): never => {
    process.stderr.write(
      `${message}\nUsage: npm run worst-case -- [--database embedded|postgres|both] [--database-url <url>] [--runs <n>] [--only <case>] [--write]\n`,
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
          only: { type: 'string' },
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
  if (values.write && values.only) usage('--write records complete runs only; leave out --only');
  const kinds = (database === 'both' ? ['embedded', 'postgres'] : [database]) as DatabaseKind[];
  const started = Date.now();
  const results: TargetResult[] = [];
  for (const kind of kinds) {
    process.stdout.write(`On ${kind === 'postgres' ? '' : 'the '}${LABELS[kind]}:\n`);
    results.push(
      await withServer({ kind, prefix: 'mtl_worst_cpu', serverUrl: serverUrl ?? DEFAULT_SERVER_URL, secret: SECRET, nodeArgs: NODE_ARGS }, (server) =>
        measure(kind, server, runs, values.only),
      ),
    );
  }
  const data = `Data: ${results[0]!.seeded.description}. Each case ran ${runs} times measured.`;
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
