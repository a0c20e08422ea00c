// `npm run bench:export`: how fast POST /v1/import reads an account and GET /v1/export writes it
// back, and how much memory the server takes for either. For each database it generates a
// synthetic export file on disk (seeded, so every run sends the same file), starts the server on
// a fresh database, streams the file to POST /v1/import from disk, then reads GET /v1/export to
// its end without keeping it, while the server process's RSS is read every 50 ms.
//
// Options: --database embedded|postgres|both (default: both), --database-url <url> (or
// BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres: a server where a fresh
// database may be created and dropped), --memories-postgres <n> (100,000), --memories-embedded <n>
// (10,000), --runs <n> (1; each run on a fresh server and database, medians reported), --write
// (replace the marked region of docs/benchmarks.md). BENCH_NODE_ARGS passes Node.js options to
// the server (for example "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { randomBytes } from 'node:crypto';
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { mintSessionToken } from '../src/domain/accounts/session-tokens';
import { backendCpu, backendDelta, cpuMs, DATABASE_LABELS, random, rssBytes, sampleRss, waitIdle } from './support/measure';
import { writeBenchmarkRegion } from './support/report';
import { withServer, type DatabaseKind, type RunningServer } from './support/server';

const SECRET = randomBytes(32).toString('hex');
const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const DEFAULT_MEMORIES: Record<DatabaseKind, number> = { postgres: 100_000, embedded: 10_000 };

/** What the service should reach on either database. */
const TARGET = { exportRecordsPerSecond: 10_000, importMemoriesPerSecond: 3_000, peakMb: 100 };

// The generated account besides its Memories.
const SUBJECTS = 100;
const FACTS = 50;
const SUGGESTIONS = 50;
const TEMPLATES = 3;
/** One Memory in LINK_EVERY is linked to a Subject. */
const LINK_EVERY = 5;
/** One Memory in REVISED_EVERY has a second revision. */
const REVISED_EVERY = 5;
/** One Memory in MENTION_EVERY names a Subject in its text. */
const MENTION_EVERY = 20;

// Ordinary words, drawn with a skew (the first ones most often), as in real notes.
const WORDS = ('the of and to a in is it that for on with as was at by be this are from or have an they which one we ' +
  'meeting customer schedule planning restaurant mountain hospital computer building question language children birthday ' +
  'document contract painting exercise vacation shopping neighbour festival apartment keyboard magazine football ' +
  'interview software chocolate photograph garden travel plans spring decide morning evening weekend afternoon holiday ' +
  'project report team manager office email phone call letter message answer problem idea reason result change choice ' +
  'moment minute week month year season winter autumn river forest village city street station train ticket hotel ' +
  'beach bridge window kitchen library museum theatre concert music guitar piano song movie story novel history ' +
  'science school teacher student lesson friend family doctor dinner breakfast coffee bread cheese recipe market price ' +
  'money invoice payment account salary career company client partner supplier product service feature release ' +
  'version update server database backup network').split(' ');
const TAGS = 'work home family health travel finance reading ideas todo follow-up recipes music project-x urgent someday'.split(' ');
const FIRST_NAMES = 'Ada Grace Alan Edsger Barbara Donald Margaret Linus Ken Dennis Frances Radia Niklaus Leslie Tim Katherine Hedy Claude John Sophie'.split(' ');
const LAST_NAMES = 'Lovelace Hopper Turing Dijkstra Liskov Knuth Hamilton Torvalds Thompson Ritchie Allen Perlman Wirth Lamport Berners-Lee'.split(' ');
const SUBJECT_KINDS = ['person', 'project', 'organization', 'place', 'topic', 'other'] as const;
const MEMORY_TYPES = ['note', 'note', 'note', 'preference', 'instruction', 'decision', 'event', 'reference'] as const;

const n = (value: number) => value.toLocaleString('en-US');
const mb = (bytes: number) => bytes / (1024 * 1024);
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

type Counts = { workspace_profile: number; subjects: number; memories: number; links: number; facts: number; fact_suggestions: number; templates: number };

interface ExportFile {
  readonly path: string;
  readonly bytes: number;
  readonly lines: number;
  readonly counts: Counts;
}

/** A valid file ID of a kind, numbered (the last 8 of its 26 characters). */
const fileId = (prefix: string, i: number) => `${prefix}_01JD2X5Y7Z8A9B0C1D${String(i).padStart(8, '0')}`;
/** Minutes after the start of 2026, as a timestamp. */
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString();

/**
 * Writes the export of a made-up account with `memories` Memories to a file in `dir`: a profile,
 * SUBJECTS Subjects, the Memories (one in REVISED_EVERY with two revisions), a link for one
 * Memory in LINK_EVERY, Facts sourced from linked Memories, suggestions of each status and
 * Templates with a README, then `end` with the counts.
 */
function generateExport(dir: string, memories: number, seed: number): ExportFile {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const word = () => WORDS[Math.floor(WORDS.length * next() ** 2)]!;
  const words = (min: number, max: number) => {
    const text = Array.from({ length: min + Math.floor(next() * (max - min + 1)) }, word).join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const path = join(dir, `export-${memories}.ndjson`);
  const fd = openSync(path, 'w');
  let buffer: string[] = [];
  let buffered = 0;
  let bytes = 0;
  let lines = 0;
  const counts: Counts = { workspace_profile: 0, subjects: 0, memories: 0, links: 0, facts: 0, fact_suggestions: 0, templates: 0 };
  const flush = () => {
    const text = buffer.join('');
    bytes += writeSync(fd, text);
    buffer = [];
    buffered = 0;
  };
  const write = (type: string, data: unknown, counted?: keyof Counts) => {
    const line = `${JSON.stringify({ type, data })}\n`;
    buffer.push(line);
    buffered += line.length;
    lines += 1;
    if (counted) counts[counted] += 1;
    if (buffered >= 1 << 20) flush();
  };
  try {
    write('header', { format: 'mtl-export', version: 1, exported_at: at(600_000) });
    write('workspace_profile', { guidance: `${words(30, 60)} ${words(30, 60)}`, updated_at: at(10) }, 'workspace_profile');

    const names: string[] = [];
    for (let i = 0; i < SUBJECTS; i += 1) {
      const name = `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]}`;
      names.push(name);
      const aliases = i % 3 === 0 ? [name.split(' ')[0]!.toLowerCase() + String(i)] : [];
      write('subject', { id: fileId('sub', i), name, kind: SUBJECT_KINDS[i % SUBJECT_KINDS.length], aliases, description: words(5, 25), created_at: at(i), updated_at: at(i + 1) }, 'subjects');
    }

    for (let i = 0; i < memories; i += 1) {
      const created = 1_000 + i * 5;
      const fields = () => ({
        text: i % MENTION_EVERY === 0 ? `${words(5, 30)} ${pick(names)} ${words(5, 29)}` : words(10, 60),
        type: pick(MEMORY_TYPES),
        sensitivity: next() < 0.05 ? 'sensitive' : 'normal',
        tags: next() < 0.6 ? [...new Set(Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(TAGS)))] : [],
        pinned: next() < 0.02,
      });
      const revisions = i % REVISED_EVERY === 0 ? [fields(), fields()] : [fields()];
      const current = revisions[revisions.length - 1]!;
      const updated = created + revisions.length - 1;
      write(
        'memory',
        {
          id: fileId('mem', i),
          ...current,
          revision: revisions.length,
          created_at: at(created),
          updated_at: at(updated),
          revisions: revisions.map((revision, r) => ({ revision: r + 1, ...revision, created_at: at(created + r), actor: { kind: 'session' } })),
        },
        'memories',
      );
    }

    // Memory LINK_EVERY·k + j (j drawn once per k) is linked to Subject k mod SUBJECTS.
    const linked: number[][] = Array.from({ length: SUBJECTS }, () => []);
    for (let k = 0; k * LINK_EVERY < memories; k += 1) {
      const memory = Math.min(memories - 1, k * LINK_EVERY + Math.floor(next() * LINK_EVERY));
      linked[k % SUBJECTS]!.push(memory);
      write('link', { subject_id: fileId('sub', k % SUBJECTS), memory_id: fileId('mem', memory), created_at: at(1_000 + memory * 5 + 2) }, 'links');
    }
    const sources = (subject: number, most: number) => {
      const pool = linked[subject]!;
      const chosen = new Set(Array.from({ length: Math.min(pool.length, 1 + Math.floor(next() * most)) }, () => pick(pool)));
      return [...chosen].map((memory) => ({ memory_id: fileId('mem', memory) }));
    };
    const end = 1_000 + memories * 5;

    const factSubjects: number[] = [];
    for (let i = 0; i < FACTS; i += 1) {
      const subject = (i * 7) % SUBJECTS;
      factSubjects.push(subject);
      const accepted = at(end + i * 3);
      write('fact', { id: fileId('fct', i), subject_id: fileId('sub', subject), statement: `${names[subject]} ${words(4, 14)}`, sources: sources(subject, 3), accepted_at: accepted, created_at: accepted }, 'facts');
    }
    // A third accepted (each into its own Fact, with the Fact's Subject), a third rejected, a third pending.
    for (let i = 0; i < SUGGESTIONS; i += 1) {
      const status = (['accepted', 'rejected', 'pending'] as const)[i % 3]!;
      const fact = status === 'accepted' ? Math.floor(i / 3) % FACTS : null;
      const subject = fact === null ? (i * 11) % SUBJECTS : factSubjects[fact]!;
      write(
        'fact_suggestion',
        {
          id: fileId('fsg', i),
          subject_id: fileId('sub', subject),
          statement: `${names[subject]} ${words(4, 14)} (${i})`,
          note: i % 2 === 0 ? words(3, 12) : null,
          sources: sources(subject, 3),
          status,
          fact_id: fact === null ? null : fileId('fct', fact),
          created_at: at(end + i * 3 + 1),
          reviewed_at: status === 'pending' ? null : at(end + i * 3 + 2),
        },
        'fact_suggestions',
      );
    }

    for (let i = 0; i < TEMPLATES; i += 1) {
      const name = `Weekly review ${i + 1}`;
      const readme = `# ${name}\n\n${words(20, 30)}\n\n## How to use it\n\n${words(20, 30)} ${words(10, 20)}\n`;
      write(
        'template',
        {
          id: fileId('tpl', i),
          name,
          summary: words(8, 16),
          category: 'productivity',
          tags: ['weekly', 'review'],
          license: 'MIT',
          release_notes: '',
          draft: { revision: 1, files: [{ path: 'README.md', content: readme }], updated_at: at(end + 500 + i) },
          review: { state: 'draft', reviewed_revision: null },
          publication: { state: 'never_published', version: 0, published_revision: null, published_at: null, files: [] },
          created_at: at(end + 400 + i),
          updated_at: at(end + 500 + i),
        },
        'templates',
      );
    }
    write('end', { counts });
    flush();
  } finally {
    closeSync(fd);
  }
  return { path, bytes, lines, counts };
}

interface Answer {
  readonly status: number;
  readonly body: string;
}

/** POST /v1/import with the file streamed from disk (the request's backpressure paces the reading). */
function postImport(port: number, token: string, file: ExportFile): Promise<Answer> {
  // Raw http.request, not the client: the client sends JSON bodies held in memory, not an NDJSON file streamed from disk.
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v1/import',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson', 'content-length': String(file.bytes) },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    pipeline(createReadStream(file.path, { highWaterMark: 256 * 1024 }), req).catch(reject);
  });
}

interface ExportRead {
  readonly status: number;
  readonly contentType: string;
  readonly bytes: number;
  readonly lines: number;
  /** The last line, or the body of an answer that is not 200. */
  readonly last: string;
}

/** GET /v1/export read to its end, counting bytes and lines; only the last line is kept. */
function readExport(port: number, token: string): Promise<ExportRead> {
  // Raw http.get, not the client: the NDJSON answer is counted chunk by chunk as it arrives, never held whole.
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/v1/export', headers: { authorization: `Bearer ${token}` } }, (res) => {
      let bytes = 0;
      let lines = 0;
      let last: Buffer = Buffer.alloc(0); // the last complete line
      let partial: Buffer = Buffer.alloc(0); // what came after the last line feed
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        const end = chunk.lastIndexOf(10);
        if (end === -1) {
          partial = Buffer.concat([partial, chunk]);
          return;
        }
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
        const start = chunk.lastIndexOf(10, end - 1);
        last = start === -1 ? Buffer.concat([partial, chunk.subarray(0, end)]) : Buffer.from(chunk.subarray(start + 1, end));
        partial = Buffer.from(chunk.subarray(end + 1));
      });
      res.on('end', () => {
        const text = (partial.length > 0 ? partial : last).toString('utf8');
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), bytes, lines: lines + (partial.length > 0 ? 1 : 0), last: text });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

interface Phase {
  readonly seconds: number;
  /** The server process's CPU time, and on PostgreSQL that of the database's backends (null on the embedded database). */
  readonly serverCpuSeconds: number;
  readonly databaseCpuSeconds: number | null;
  readonly idleRssMb: number;
  readonly peakAboveIdleMb: number;
}

interface RunResult {
  readonly import: Phase;
  readonly export: Phase & { bytes: number; lines: number };
}

/** Runs `work` once the server is idle, with the time, CPU and peak RSS it took. */
async function phase<T>(server: RunningServer, monitor: pg.Client | null, rss: ReturnType<typeof sampleRss>, work: () => Promise<T>): Promise<[T, Phase]> {
  const pid = server.child.pid!;
  await waitIdle(pid);
  const idle = rss.reset();
  const before = { server: cpuMs(pid), db: monitor && (await backendCpu(monitor)) };
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const peak = rss.peak();
  const after = { server: cpuMs(pid), db: monitor && (await backendCpu(monitor)) };
  return [
    result,
    {
      seconds,
      serverCpuSeconds: (after.server - before.server) / 1000,
      databaseCpuSeconds: before.db && after.db ? backendDelta(before.db, after.db) / 1000 : null,
      idleRssMb: mb(idle),
      peakAboveIdleMb: mb(peak - idle),
    },
  ];
}

async function measure(server: RunningServer, file: ExportFile, log: (line: string) => void): Promise<RunResult> {
  const token = await mintSessionToken(loadConfig({ APP_JWT_SECRET: SECRET }).session, 'bench-export');
  const monitor = server.env.DATABASE_URL ? new pg.Client({ connectionString: server.env.DATABASE_URL }) : null;
  await monitor?.connect();
  const rss = sampleRss(server.child.pid!);
  try {
    // The empty account's export, unmeasured: creates the account and compiles the code paths.
    const warm = await readExport(server.port, token);
    if (warm.status !== 200) throw new Error(`GET /v1/export: ${warm.status} ${warm.last.slice(0, 300)}`);
    await sleep(500);

    const [imported, importPhase] = await phase(server, monitor, rss, () => postImport(server.port, token, file));
    if (imported.status !== 200) throw new Error(`POST /v1/import: ${imported.status} ${imported.body.slice(0, 500)}`);
    const summary = (JSON.parse(imported.body) as { data: { imported: Record<string, number> } }).data.imported;
    for (const [type, count] of Object.entries(summary)) {
      if (count !== file.counts[type as keyof Counts]) throw new Error(`POST /v1/import imported ${count} ${type}, the file holds ${file.counts[type as keyof Counts]}`);
    }
    log(`import: ${importPhase.seconds.toFixed(1)} s, peak RSS ${importPhase.peakAboveIdleMb.toFixed(0)} MB above idle`);

    const [exported, exportPhase] = await phase(server, monitor, rss, () => readExport(server.port, token));
    if (exported.status !== 200) throw new Error(`GET /v1/export: ${exported.status} ${exported.last.slice(0, 500)}`);
    if (!exported.contentType.startsWith('application/x-ndjson')) throw new Error(`GET /v1/export answered ${exported.contentType}`);
    const end = JSON.parse(exported.last) as { type: string; data: { counts: Counts } };
    if (end.type !== 'end') throw new Error(`the export's last line is a ${end.type} record, not end: it was cut off`);
    for (const type of Object.keys(file.counts) as Array<keyof Counts>) {
      if (end.data.counts[type] !== file.counts[type]) throw new Error(`the export holds ${end.data.counts[type]} ${type}, the import ${file.counts[type]}`);
    }
    if (exported.lines !== file.lines) throw new Error(`the export has ${exported.lines} lines, the imported file ${file.lines}`);
    log(`export: ${exportPhase.seconds.toFixed(1)} s, ${mb(exported.bytes).toFixed(0)} MB, peak RSS ${exportPhase.peakAboveIdleMb.toFixed(0)} MB above idle`);
    return { import: importPhase, export: { ...exportPhase, bytes: exported.bytes, lines: exported.lines } };
  } finally {
    rss.stop();
    await monitor?.end();
  }
}

interface TargetResult {
  readonly kind: DatabaseKind;
  readonly file: ExportFile;
  readonly runs: readonly RunResult[];
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const met = (ok: boolean) => (ok ? '✓' : '✗');

function tables(results: readonly TargetResult[]): string {
  const of = (result: TargetResult, pick: (run: RunResult) => number) => median(result.runs.map(pick));
  const cpu = (result: TargetResult, part: 'import' | 'export') => {
    const server = of(result, (run) => run[part].serverCpuSeconds);
    const database = result.kind === 'postgres' ? of(result, (run) => run[part].databaseCpuSeconds ?? 0) : null;
    return `${fixed(server)}${database === null ? '' : ` + ${fixed(database)}`}`;
  };
  const importRows = results.map((result) => {
    const seconds = of(result, (run) => run.import.seconds);
    const memoriesPerSecond = result.file.counts.memories / seconds;
    const peak = of(result, (run) => run.import.peakAboveIdleMb);
    return (
      `| ${DATABASE_LABELS[result.kind]} | ${n(result.file.counts.memories)} | ${n(result.file.lines)} | ${fixed(mb(result.file.bytes))} | ${fixed(seconds)} | ` +
      `${n(Math.round(memoriesPerSecond))} ${met(memoriesPerSecond >= TARGET.importMemoriesPerSecond)} | ${n(Math.round(result.file.lines / seconds))} | ` +
      `${cpu(result, 'import')} | ${fixed(of(result, (run) => run.import.idleRssMb), 0)} | ${fixed(peak, 0)} ${met(peak <= TARGET.peakMb)} |`
    );
  });
  const exportRows = results.map((result) => {
    const seconds = of(result, (run) => run.export.seconds);
    const recordsPerSecond = of(result, (run) => run.export.lines) / seconds;
    const peak = of(result, (run) => run.export.peakAboveIdleMb);
    return (
      `| ${DATABASE_LABELS[result.kind]} | ${n(result.file.counts.memories)} | ${n(of(result, (run) => run.export.lines))} | ${fixed(mb(of(result, (run) => run.export.bytes)))} | ` +
      `${fixed(seconds)} | ${n(Math.round(recordsPerSecond))} ${met(recordsPerSecond >= TARGET.exportRecordsPerSecond)} | ` +
      `${fixed(mb(of(result, (run) => run.export.bytes)) / seconds)} | ${cpu(result, 'export')} | ${fixed(of(result, (run) => run.export.idleRssMb), 0)} | ${fixed(peak, 0)} ${met(peak <= TARGET.peakMb)} |`
    );
  });
  const cpuNote = 'CPU s is the server process, plus on PostgreSQL the database backends serving it.';
  return [
    `### Import (target ≥ ${n(TARGET.importMemoriesPerSecond)} Memories/s, peak ≤ ${TARGET.peakMb} MB above idle)`,
    [
      '| database | Memories | records | file MB | seconds | Memories/s | records/s | CPU s | idle RSS MB | peak above idle MB |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...importRows,
    ].join('\n'),
    `### Export (target ≥ ${n(TARGET.exportRecordsPerSecond)} records/s, peak ≤ ${TARGET.peakMb} MB above idle)`,
    [
      '| database | Memories | records | MB | seconds | records/s | MB/s | CPU s | idle RSS MB | peak above idle MB |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...exportRows,
    ].join('\n'),
    cpuNote,
  ].join('\n\n');
}

function describe(results: readonly TargetResult[], runs: number): string {
  const { counts } = results[0]!.file;
  return (
    `Data: a generated export of ${SUBJECTS} Subjects, the Memories below (sentences of 10–60 ordinary words, ` +
    `one in ${REVISED_EVERY} with two revisions, 60% tagged), one link per ${LINK_EVERY} Memories, ${counts.facts} Facts, ` +
    `${counts.fact_suggestions} suggestions (accepted, rejected, pending), ${counts.templates} Templates and a workspace profile. ` +
    `The import streams the file from disk into a fresh database; the export then reads it back. ` +
    `${runs === 1 ? 'One run' : `Median of ${runs} runs, each on a fresh database`}; RSS of the server process, read every 50 ms.`
  );
}

const SECTION = `## Export and import

\`npm run bench:export\` generates an export file of a made-up account (100,000 Memories for
PostgreSQL, 10,000 for the embedded database, with Subjects, revisions, links, Facts, suggestions
and Templates), streams it from disk to \`POST /v1/import\` on a fresh database, then reads
\`GET /v1/export\` of that account to its end. The server's resident memory is read from \`/proc\`
every 50 ms; the peak is what it rose above the idle server's before each step (on the embedded
database that includes the database). The targets, on either database: export at least
${n(TARGET.exportRecordsPerSecond)} records/s, import at least ${n(TARGET.importMemoriesPerSecond)} Memories/s, and at most
${TARGET.peakMb} MB above idle for either.

<!-- export-import -->
<!-- /export-import -->
`;

async function main(): Promise<void> {
  const usage = (message: string): never => {
    process.stderr.write(
      `${message}\nUsage: npm run bench:export -- [--database embedded|postgres|both] [--database-url <url>] ` +
        '[--memories-postgres <n>] [--memories-embedded <n>] [--runs <n>] [--write]\n',
    );
    return process.exit(2);
  };
  const { values } = (() => {
    try {
      return parseArgs({
        options: {
          database: { type: 'string', default: 'both' },
          'database-url': { type: 'string' },
          'memories-postgres': { type: 'string', default: String(DEFAULT_MEMORIES.postgres) },
          'memories-embedded': { type: 'string', default: String(DEFAULT_MEMORIES.embedded) },
          runs: { type: 'string', default: '1' },
          write: { type: 'boolean', default: false },
        },
      });
    } catch (err) {
      return usage(err instanceof Error ? err.message : String(err));
    }
  })();
  const serverUrl = values['database-url'] ?? process.env.BENCH_DATABASE_URL ?? DEFAULT_SERVER_URL;
  if (!['postgres', 'embedded', 'both'].includes(values.database)) usage('--database must be embedded, postgres or both');
  const positive = (name: string, text: string) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) usage(`--${name} must be a positive integer`);
    return value;
  };
  const runs = positive('runs', values.runs);
  const memories: Record<DatabaseKind, number> = {
    postgres: positive('memories-postgres', values['memories-postgres']),
    embedded: positive('memories-embedded', values['memories-embedded']),
  };
  const kinds = (values.database === 'both' ? ['postgres', 'embedded'] : [values.database]) as DatabaseKind[];
  const started = performance.now();
  const clock = () => `${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s`;
  const dir = mkdtempSync(join(os.tmpdir(), 'mtl-bench-export-'));
  const results: TargetResult[] = [];
  try {
    for (const kind of kinds) {
      process.stdout.write(`On ${kind === 'postgres' ? '' : 'the '}${DATABASE_LABELS[kind]}:\n`);
      const generated = performance.now();
      const file = generateExport(dir, memories[kind], 20261123);
      process.stdout.write(
        `  ${clock()}  generated ${n(file.lines)} records, ${mb(file.bytes).toFixed(1)} MB in ${((performance.now() - generated) / 1000).toFixed(1)} s\n`,
      );
      const runResults: RunResult[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await withServer({ kind, prefix: 'mtl_bench_export', serverUrl, secret: SECRET, nodeArgs: NODE_ARGS, env: { EMBEDDINGS: process.env.BENCH_EMBEDDINGS ?? 'off' } }, (server) => {
          process.stdout.write(`  ${clock()}  server started, RSS ${mb(rssBytes(server.child.pid!)).toFixed(0)} MB\n`);
          return measure(server, file, (line) => process.stdout.write(`  ${clock()}  ${runs > 1 ? `run ${run + 1}: ` : ''}${line}\n`));
        });
        runResults.push(result);
      }
      rmSync(file.path, { force: true });
      results.push({ kind, file, runs: runResults });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const body = `${describe(results, runs)}\n\n${tables(results)}`;
  process.stdout.write(`\n${body}\n\nTotal ${((performance.now() - started) / 1000).toFixed(0)} s.\n`);
  if (values.write) writeBenchmarkRegion('export-import', SECTION, body);
}

main().catch((err: unknown) => {
  const cause = err instanceof Error && err.cause ? `\ncaused by: ${err.cause instanceof Error ? err.cause.stack : String(err.cause)}` : '';
  process.stderr.write(`export and import measurement failed: ${err instanceof Error ? err.stack : String(err)}${cause}\n`);
  process.exit(1);
});
