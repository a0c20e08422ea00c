// `npm run search:worst-case`: the server's CPU per search at the largest sizes the contract allows
// (Memory text 32,000 characters, q 500 characters, limit 50). Stores 50 Memories of 32,000
// characters in one account of a real server, sends each case 20 times in a row and reads the
// server process's CPU time from /proc before and after; then measures how 4 clients sending the
// costliest query slow down /healthz and a small search of another account.
//
// Then one more case for search by meaning: a question that shares no word with any Memory, in
// another account of 1,200 short Memories (more than the 1,000 the service compares without
// pgvector).
//
// Options: --database postgres|embedded|both (both), --embeddings off|local|both (both: each
// database with the words alone, then with the default embedder), --write (replace the marked
// region of docs/benchmarks.md). BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres) is where a
// fresh database is created and dropped; BENCH_NODE_ARGS passes Node.js options to the server
// (for example "--cpu-prof --cpu-prof-dir=/tmp/prof").
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { mintSessionToken } from '../src/domain/accounts/session-tokens';
import { backendCpu, backendDelta, cpuMs, DATABASE_LABELS, random } from './support/measure';
import type { MtlClient } from '../clients/typescript/src';
import { clientFor, commitLabel, must, ROOT, untilEmbedded, withServer, type DatabaseKind, type RunningServer } from './support/server';

const SECRET = randomBytes(32).toString('hex');
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const MEMORIES = 50;
const TEXT_CHARS = 32_000;
const LIMIT = 50;
const RUNS = 20;
const LOAD_CLIENTS = 4;
const LOAD_MS = 5_000;
const PROBE_EVERY_MS = 200;
// The case of search by meaning: short Memories, more than the service compares without pgvector.
const SHORT_MEMORIES = 1_200;
const MEANING_QUESTION = 'Which antibiotic must a doctor avoid giving me?';

// 32 words every Memory contains many times; case (b) misspells each, case (c) asks for them all.
const CASE_WORDS = ('wednesdays customer schedule planning restaurant mountain hospital computer building question language ' +
  'children birthday document contract painting exercise vacation shopping neighbour festival apartment sandwich keyboard ' +
  'umbrella magazine football airplane interview software chocolate photograph').split(' ');
// Case (d): each word is in every Memory, but "quarterly" is never followed by "budget".
const PHRASE = ['quarterly', 'budget', 'review'];
const STOP_WORDS = 'the and of to a in for on with at by from that this it was we our is be as'.split(' ');
const OTHER_WORDS = ('meeting garden travel plans spring decide next morning evening weekend afternoon holiday project ' +
  'report team manager office email phone call letter message answer problem idea reason result change choice moment ' +
  'minute hour week month year season winter autumn river forest village city street station train ticket hotel beach ' +
  'island bridge window table chair kitchen bedroom library museum theatre concert music guitar piano song dance movie ' +
  'story novel poem history science school teacher student lesson homework friend family mother father sister cousin ' +
  'uncle doctor nurse medicine dinner breakfast lunch coffee bread cheese apple orange pepper butter recipe market price ' +
  'money invoice payment account bank salary career company client partner supplier product service feature release ' +
  'version update server database backup network printer screen camera picture colour yellow purple green quiet bright ' +
  'heavy simple careful honest gentle early later always often seldom walk run swim cook write read listen watch visit ' +
  'carry build clean paint repair borrow follow remember forget prefer promise arrive leave return explain discuss agree ' +
  'refuse compare measure deliver collect organise prepare finish begin continue improve reduce increase notice imagine ' +
  'wonder journey distance weather storm cloud snow sunshine temperature energy flower tree grass stone mirror pocket ' +
  'wallet basket bottle blanket pillow candle lamp clock calendar diary notebook pencil envelope parcel').split(' ');
const VOCABULARY = [...STOP_WORDS, ...CASE_WORDS, ...PHRASE, ...OTHER_WORDS];

/** A typo no Memory has: the third letter from the end left out ("wednesdays" -> "wednesdys"). */
const typo = (word: string) => word.slice(0, -3) + word.slice(-2);

/** Quoted pairs of CASE_WORDS, as many as fit in `room` characters with `prefix` before them. */
function pairs(prefix: string, pair: (i: number) => string, room = 500): string {
  let q = prefix;
  for (let i = 0; i + 1 < CASE_WORDS.length && q.length + pair(i).length + 1 <= room; i += 1) q += (q ? ' ' : '') + pair(i);
  return q;
}
/** Every Memory opens with CASE_WORDS in order, so each pair of neighbours occurs in it; no Memory has a pair reversed. */
const present = (i: number) => `"${CASE_WORDS[i]} ${CASE_WORDS[i + 1]}"`;
const reversed = (i: number) => `"${CASE_WORDS[i + 1]} ${CASE_WORDS[i]}"`;

const CASES: { name: string; q: string; type?: 'decision'; tag?: string }[] = [
  { name: 'a. one misspelt word, 499 characters', q: Array(50).fill(typo('wednesdays')).join(' ') },
  { name: 'b. 32 distinct misspelt words', q: CASE_WORDS.map(typo).join(' ') },
  { name: 'c. 32 words found in every Memory', q: CASE_WORDS.join(' ') },
  { name: 'd. a phrase no Memory has', q: `"${PHRASE.join(' ')}"` },
  { name: 'e. a question of 20 words', q: 'What did we decide at the Wednesday meeting about the garden budget and the customer travel plans for next spring?' },
  { name: 'f. quoted phrases every Memory has, then one none has', q: `${pairs('', present, 500 - reversed(0).length - 1)} ${reversed(0)}` },
  { name: 'g. a word and phrases excluded that no Memory has', q: pairs('wednesdays', (i) => `-${reversed(i)}`) },
  { name: 'h. a word and 31 words excluded that every Memory has', q: ['wednesdays', ...CASE_WORDS.slice(1).map((word) => `-${word}`)].join(' ') },
  { name: 'i. 32 words, with a type and a tag no Memory has', q: CASE_WORDS.join(' '), type: 'decision', tag: 'nothing-tagged' },
];

type Embeddings = 'off' | 'local';

/** A short note of 8-20 words from the vocabulary, none of them a word of MEANING_QUESTION. */
function shortText(seed: number): string {
  const next = random(seed);
  const words = Array.from({ length: 8 + Math.floor(next() * 13) }, () => OTHER_WORDS[Math.floor(next() * OTHER_WORDS.length)]!.replace(/^(doctor|medicine)$/, 'garden'));
  return `${words[0]![0]!.toUpperCase()}${words.join(' ').slice(1)}.`;
}

/** TEXT_CHARS characters of sentences of 6-17 words drawn evenly from the vocabulary. */
function memoryText(seed: number): string {
  const next = random(seed);
  const parts: string[] = [`${CASE_WORDS.join(' ')}. `];
  let length = parts[0]!.length;
  let previous = CASE_WORDS[CASE_WORDS.length - 1]!;
  let sentenceLeft = 0;
  while (length < TEXT_CHARS) {
    let word = VOCABULARY[Math.floor(next() * VOCABULARY.length)] as string;
    if (previous === PHRASE[0] && word === PHRASE[1]) continue; // punctuation would not part them either
    if (CASE_WORDS.indexOf(previous) === CASE_WORDS.indexOf(word) + 1 && CASE_WORDS.includes(word)) continue; // a reversed pair
    previous = word;
    if (sentenceLeft === 0) {
      sentenceLeft = 6 + Math.floor(next() * 12);
      word = word[0]!.toUpperCase() + word.slice(1);
    }
    sentenceLeft -= 1;
    const part = sentenceLeft === 0 ? `${word}. ` : `${word} `;
    parts.push(part);
    length += part.length;
  }
  const text = parts.join('').slice(0, TEXT_CHARS);
  // The cases rely on these; a change of vocabulary or generator must not silently break them.
  const words = new Set(text.toLowerCase().split(/\W+/));
  const missing = [...CASE_WORDS, ...PHRASE].filter((w) => !words.has(w));
  if (missing.length > 0) throw new Error(`text ${seed} lacks ${missing.join(', ')}`);
  if (new RegExp(`\\b${PHRASE[0]}\\W+${PHRASE[1]}\\b`, 'i').test(text)) throw new Error(`text ${seed} has the phrase`);
  for (let i = 0; i + 1 < CASE_WORDS.length; i += 1) {
    if (new RegExp(`\\b${CASE_WORDS[i + 1]}\\W+${CASE_WORDS[i]}\\b`, 'i').test(text)) throw new Error(`text ${seed} has a reversed pair`);
  }
  return text;
}

const timed = async <T>(call: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const value = await call();
  return [value, performance.now() - started];
};
const search = (client: MtlClient, q: string, limit = LIMIT, filters: { type?: 'decision'; tag?: string } = {}) =>
  must(client.GET('/memories/search', { params: { query: { q, limit, ...filters } } }));
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * p) - 1)] ?? 0;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Sends GET /healthz and a small search every PROBE_EVERY_MS without waiting for answers, so a slow one does not thin the schedule. */
async function probe(port: number, client: MtlClient, key: string, ms: number): Promise<{ health: number[]; search: number[] }> {
  const health: Promise<number>[] = [];
  const small: Promise<number>[] = [];
  for (const until = Date.now() + ms; Date.now() < until; await sleep(PROBE_EVERY_MS)) {
    health.push(timed(() => healthz(port, key)).then(([, took]) => took));
    small.push(timed(() => search(client, 'dentist appointment', 10)).then(([, took]) => took));
  }
  return { health: await Promise.all(health), search: await Promise.all(small) };
}

/** GET /healthz, read and parsed as before. Raw fetch: /healthz is outside the contract's /v1, which the client is for. */
async function healthz(port: number, key: string): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { authorization: `Bearer ${key}` } });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET /healthz: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

interface CaseResult { name: string; cpu: number; db: number | null; mean: number; max: number; hits: string }

async function measure(kind: DatabaseKind, embeddings: Embeddings, server: RunningServer) {
  const { port } = server;
  const pid = server.child.pid!;
  const session = loadConfig({ APP_JWT_SECRET: SECRET }).session;
  const keyFor = async (account: string) => {
    const token = await mintSessionToken(session, account);
    return (await must(clientFor(port, token).POST('/account/api-keys', { body: { name: 'worst case', mode: 'read_write' } }))).secret;
  };
  const client = clientFor(port, await keyFor('worst-case'));
  const probeKey = await keyFor('worst-case-probe');
  const probeClient = clientFor(port, probeKey);
  for (const text of ['Dentist appointment on Friday at nine.', 'Book the dentist for the children.', 'Garden party in June.']) {
    await must(probeClient.POST('/memories', { body: { text } }));
  }
  const monitor = server.env.DATABASE_URL ? new pg.Client({ connectionString: server.env.DATABASE_URL }) : null;
  await monitor?.connect();
  try {
    const storeStart = cpuMs(pid);
    const [, storeMs] = await timed(async () => {
      for (let i = 0; i < MEMORIES; i += 1) await must(client.POST('/memories', { body: { text: memoryText(i + 1) } }));
    });
    const storeCpu = (cpuMs(pid) - storeStart) / MEMORIES;
    const meaningClient = clientFor(port, await keyFor('worst-case-meaning'));
    for (let i = 0; i < SHORT_MEMORIES; i += 1) await must(meaningClient.POST('/memories', { body: { text: shortText(i + 1) } }));
    const [, embedMs] = await timed(() => untilEmbedded(port));
    // As autovacuum would soon after a load: otherwise whether it has run yet picks the plans, and
    // the database's figures change from run to run.
    await monitor?.query('vacuum analyze');
    process.stdout.write(`  stored ${MEMORIES} Memories of ${TEXT_CHARS} characters in ${(storeMs / 1000).toFixed(1)} s\n`);

    const cases: CaseResult[] = [];
    const all = [
      ...CASES.map((c) => ({ ...c, client })),
      { name: `j. a question sharing no word with ${SHORT_MEMORIES.toLocaleString('en')} short Memories`, q: MEANING_QUESTION, client: meaningClient },
    ];
    for (const { name, q, client, ...filters } of all) {
      await search(client, q, LIMIT, filters); // one unmeasured request: compiled code and warm caches, as in steady use
      const before = { server: cpuMs(pid), db: monitor && (await backendCpu(monitor)) };
      const times: number[] = [];
      let hits: Awaited<ReturnType<typeof search>> = [];
      for (let i = 0; i < RUNS; i += 1) {
        const [answer, ms] = await timed(() => search(client, q, LIMIT, filters));
        hits = answer;
        times.push(ms);
      }
      const after = { server: cpuMs(pid), db: monitor && (await backendCpu(monitor)) };
      const fuzzy = hits.filter((hit) => hit.match === 'fuzzy').length;
      const semantic = hits.filter((hit) => hit.match === 'semantic').length;
      const matches = [fuzzy > 0 ? `${fuzzy} fuzzy` : '', semantic > 0 ? `${semantic} semantic` : ''].filter(Boolean);
      cases.push({
        name,
        cpu: (after.server - before.server) / RUNS,
        db: before.db && after.db && after.db.size > 0 ? backendDelta(before.db, after.db) / RUNS : null,
        mean: times.reduce((sum, ms) => sum + ms, 0) / RUNS,
        max: Math.max(...times),
        hits: matches.length > 0 ? `${hits.length} (${matches.join(', ')})` : String(hits.length),
      });
      process.stdout.write(`  ${name}: done\n`);
    }

    // Interference: the probe alone, then while LOAD_CLIENTS clients send case (a) back to back.
    const idle = await probe(port, probeClient, probeKey, 2_000);
    const loadStart = cpuMs(pid);
    const until = Date.now() + LOAD_MS;
    let sent = 0;
    const loadClient = async () => {
      for (; Date.now() < until; sent += 1) await search(client, CASES[0]!.q);
    };
    const [loaded] = await Promise.all([probe(port, probeClient, probeKey, LOAD_MS), ...Array.from({ length: LOAD_CLIENTS }, loadClient)]);
    const busy = (cpuMs(pid) - loadStart) / LOAD_MS;
    return {
      kind,
      embeddings,
      embedSeconds: embedMs / 1000,
      storeSeconds: storeMs / 1000,
      storeCpu,
      cases,
      probes: [
        { label: 'GET /healthz, idle', ms: idle.health },
        { label: 'GET /healthz, under load', ms: loaded.health },
        { label: 'small search, idle', ms: idle.search },
        { label: 'small search, under load', ms: loaded.search },
      ],
      load: { sent, busy },
    };
  } finally {
    await monitor?.end();
  }
}

type TargetResult = Awaited<ReturnType<typeof measure>>;
const ms2 = (value: number) => value.toFixed(1);
const LABELS = DATABASE_LABELS;

function tables(result: TargetResult): string {
  const db = result.kind === 'postgres';
  return [
    `### ${LABELS[result.kind]}, ${result.embeddings === 'off' ? 'words alone (EMBEDDINGS=off)' : 'words and meaning (EMBEDDINGS=local)'}`,
    `Storing the ${MEMORIES} Memories took ${result.storeSeconds.toFixed(1)} s, ${Math.round(result.storeCpu)} ms of server CPU per Memory.` +
      (result.embeddings === 'off' ? '' : ` After the ${SHORT_MEMORIES.toLocaleString('en')} short ones were stored, embedding what was left took ${result.embedSeconds.toFixed(1)} s.`),
    ['| case | server CPU ms/request |' + (db ? ' PostgreSQL CPU ms/request |' : '') + ' mean ms | max ms | hits |',
      '| --- | ---: |' + (db ? ' ---: |' : '') + ' ---: | ---: | ---: |',
      ...result.cases.map((c) => `| ${c.name} | ${ms2(c.cpu)} |${db ? ` ${c.db === null ? '—' : ms2(c.db)} |` : ''} ${ms2(c.mean)} | ${ms2(c.max)} | ${c.hits} |`),
    ].join('\n'),
    ['| probe, every 200 ms | requests | p50 ms | max ms |', '| --- | ---: | ---: | ---: |',
      ...result.probes.map((p) => `| ${p.label} | ${p.ms.length} | ${ms2(percentile(p.ms, 0.5))} | ${ms2(Math.max(...p.ms))} |`)].join('\n'),
    `Under load, the ${LOAD_CLIENTS} clients completed ${result.load.sent} searches of case (a) in ${LOAD_MS / 1000} s ` +
      `(${(result.load.sent / (LOAD_MS / 1000)).toFixed(1)}/s); the server process used ${Math.round(result.load.busy * 100)}% of one core.`,
  ].join('\n\n');
}

const SECTION = `## Worst-case search cost

\`npm run search:worst-case\` measures what one search costs the server at the largest sizes the
contract allows: one account with 50 Memories of 32,000 characters (ordinary words, the query
words many times in each), \`limit=50\`, and queries of up to 500 characters or 32 distinct words.
On PostgreSQL the tables are then vacuumed and analysed, as autovacuum would do soon after. Each
case runs once unmeasured, then 20 times in a row; the CPU figure is the server process's user
and system time over those 20 (from \`/proc\`), which on PostgreSQL leaves out the database's own
processes (shown beside it), and on the embedded database includes it. Then 4 clients send
case (a) back to back for 5 seconds while another account sends \`GET /healthz\` and a small
search every 200 ms, to show how long such queries hold up everyone else.

<!-- worst-case -->
<!-- /worst-case -->
`;

async function main(): Promise<void> {
  const usage = (message: string): never => {
    process.stderr.write(`${message}\nUsage: npm run search:worst-case -- [--database postgres|embedded|both] [--write]\n`);
    return process.exit(2);
  };
  const { values } = (() => {
    try {
      return parseArgs({ options: { database: { type: 'string', default: 'both' }, embeddings: { type: 'string', default: 'both' }, write: { type: 'boolean', default: false } } });
    } catch (err) {
      return usage(err instanceof Error ? err.message : String(err));
    }
  })();
  if (!['postgres', 'embedded', 'both'].includes(values.database)) usage('--database must be postgres, embedded or both');
  if (!['off', 'local', 'both'].includes(values.embeddings)) usage('--embeddings must be off, local or both');
  const kinds = (values.database === 'both' ? ['postgres', 'embedded'] : [values.database]) as DatabaseKind[];
  const legs = (values.embeddings === 'both' ? ['off', 'local'] : [values.embeddings]) as Embeddings[];
  const started = Date.now();
  const results: TargetResult[] = [];
  for (const kind of kinds) {
    for (const embeddings of legs) {
      process.stdout.write(`On ${kind === 'postgres' ? '' : 'the '}${LABELS[kind]}, EMBEDDINGS=${embeddings}:\n`);
      const target = { kind, prefix: 'mtl_worst_case', serverUrl: SERVER_URL, secret: SECRET, nodeArgs: NODE_ARGS, env: { EMBEDDINGS: embeddings } };
      results.push(await withServer(target, (server) => measure(kind, embeddings, server)));
    }
  }
  const body = results.map(tables).join('\n\n');
  process.stdout.write(`\n${body}\n\nTotal ${Math.round((Date.now() - started) / 1000)} s.\n`);
  if (!values.write) return;

  const commit = commitLabel();
  const cpus = os.cpus();
  const region = `Run ${new Date().toISOString()}, commit ${commit}, ${cpus.length} × ${cpus[0]?.model ?? 'unknown'}, Node ${process.version}.\n\n${body}`;
  const file = join(ROOT, 'docs', 'benchmarks.md');
  const current = readFileSync(file, 'utf8');
  const marked = /<!-- worst-case -->[\s\S]*<!-- \/worst-case -->/;
  const base = marked.test(current) ? current : `${current.trimEnd()}\n\n${SECTION}`;
  writeFileSync(file, base.replace(marked, () => `<!-- worst-case -->\n${region}\n<!-- /worst-case -->`));
  process.stdout.write('Wrote the worst-case region of docs/benchmarks.md\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`worst-case search measurement failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
