#!/usr/bin/env node
// A smoke run on the Node.js that runs this file, over the installed node_modules:
//
//   <node> scripts/smoke.mjs [--no-build] [--no-server] [--no-jest]
//
// 1. builds dist/ with that Node (tsc is incremental: a few seconds when nothing changed);
// 2. starts dist/src/server.js on the embedded database in a new DATA_DIR, follows the README's
//    curl flows (a first session, an agent's first minutes, a Fact that changes, backup and
//    restore, one MCP tool call), checks status codes and the fields that matter, then stops it
//    with SIGTERM and expects exit code 0;
// 3. runs the jest files that exercise what a Node.js release can change (list below): the JWT
//    library, the PostgreSQL driver, the MCP transport and the application's pages, on PostgreSQL
//    when TEST_DATABASE_URL is set.
//
// CI runs it on the newest Node.js 22, and on 24 with --no-jest (24 runs the whole suite on
// PostgreSQL); scripts/node-runtime.sh fetches them. Any failed check exits non-zero.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const NODE = process.execPath;

/**
 * The files closest to what a new Node.js release could change (crypto and JWTs, the PostgreSQL
 * driver, the MCP transport over HTTP, server-rendered pages and forms). The whole suite
 * runs on 20 (embedded database) and 24 (PostgreSQL) beside this; a longer list here only
 * lengthens CI, which runs this beside the suite on the same two cores.
 */
export const JEST_FILES = [
  'test/auth/authentication.test.ts',
  'test/db/persistence.test.ts',
  'test/mcp/transport.test.ts',
  'test/web/pages.test.ts',
];

const args = new Set(process.argv.slice(2));
for (const arg of args) {
  if (!['--no-build', '--no-server', '--no-jest'].includes(arg)) {
    console.error(`Unknown option ${arg}. Usage: <node> scripts/smoke.mjs [--no-build] [--no-server] [--no-jest]`);
    process.exit(2);
  }
}

// Child processes that name `node` (npm scripts, #!/usr/bin/env node) get this same runtime.
const childEnv = {
  ...process.env,
  PATH: [dirname(NODE), process.env.PATH ?? ''].join(delimiter),
  REDOCLY_TELEMETRY: 'off',
};

const timings = [];
async function phase(title, run) {
  console.log(`\n-- ${title} (Node.js ${process.version})`);
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  timings.push([title, seconds]);
  console.log(`-- ${title}: ${seconds.toFixed(1)} s`);
}

let failures = 0;
function check(what, ok, detail) {
  if (ok) {
    console.log(`  ok    ${what}`);
  } else {
    failures += 1;
    console.log(`  FAIL  ${what}${detail === undefined ? '' : `\n        ${typeof detail === 'string' ? detail : JSON.stringify(detail).slice(0, 600)}`}`);
  }
  return ok;
}

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: ROOT, env: childEnv, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result;
}

// ---------------------------------------------------------------------------------------------
// Build

async function build() {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = run(NODE, [tsc, '-p', 'tsconfig.build.json']);
  if (!check('tsc -p tsconfig.build.json', result.status === 0, `exit code ${result.status}`)) {
    throw new Error('the build failed');
  }
}

// ---------------------------------------------------------------------------------------------
// The server and the README's flows

/** The server and token.js: the embedded database in dataDir, with the secret the server keeps there. */
function serverEnv(dataDir) {
  const env = { ...childEnv, DATA_DIR: dataDir };
  for (const name of ['DATABASE_URL', 'APP_JWT_SECRET', 'APP_JWKS_URL', 'REDIS_URL']) delete env[name];
  return env;
}

function startServer(dataDir) {
  const child = spawn(NODE, [join(ROOT, 'dist', 'src', 'server.js')], {
    cwd: ROOT,
    env: { ...serverEnv(dataDir), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const stderr = [];
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const port = new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      let newline;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        output.push(line);
        try {
          const entry = JSON.parse(line);
          if (typeof entry.msg === 'string' && entry.msg.startsWith('MTL listening')) resolve(entry.port);
        } catch {
          // not a log line
        }
      }
    });
    child.stderr.on('data', (chunk) => {
      output.push(String(chunk).trimEnd());
      stderr.push(String(chunk));
    });
    exited.then(({ code, signal }) => reject(new Error(`the server exited before listening (code ${code}, signal ${signal})`)));
  });
  return { child, port, exited, output, stderr };
}

async function waitForHealth(base, deadline) {
  for (;;) {
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.status === 200) return await res.json();
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) throw new Error('GET /healthz did not answer 200 in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function api(base) {
  return async function call(method, path, { token, body, query, headers = {}, raw } = {}) {
    const url = new URL(path, base);
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, String(value));
    const res = await fetch(url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined && raw === undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json, data: json?.data };
  };
}

function mintSession(dataDir, account) {
  const result = spawnSync(NODE, [join(ROOT, 'dist', 'scripts', 'token.js'), account], {
    cwd: ROOT,
    env: serverEnv(dataDir),
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`token.js ${account} failed: ${result.stderr}`);
  return result.stdout.trim();
}

const ids = (list) => (list ?? []).map((item) => item.memory?.id ?? item.id);

async function flows(base, dataDir) {
  const call = api(base);

  // A first session with curl
  const session = mintSession(dataDir, 'alice');
  check('token.js alice mints a session (a JWT)', session.split('.').length === 3, session);

  const key = await call('POST', '/v1/account/api-keys', {
    token: session,
    body: { name: 'my agent', mode: 'read_write' },
  });
  check('POST /v1/account/api-keys: 201, a read-write secret', key.status === 201 && /^mtl_rw_/.test(key.data?.secret ?? ''), key.json);
  const KEY = key.data.secret;

  const memory = await call('POST', '/v1/memories', {
    token: KEY,
    body: { text: 'Prefers concise answers with TypeScript examples.', type: 'preference', tags: ['style'] },
  });
  check(
    'POST /v1/memories: 201, revision 1, tags kept',
    memory.status === 201 && /^mem_/.test(memory.data?.id ?? '') && memory.data.revision === 1 && memory.data.tags?.[0] === 'style',
    memory.json,
  );
  const memoryId = memory.data.id;

  const search = await call('GET', '/v1/memories/search', {
    token: KEY,
    query: { q: 'Which language does the user prefer for examples?' },
  });
  check('search "Which language does the user prefer for examples?" finds it first', search.status === 200 && ids(search.data)[0] === memoryId, search.json);
  const typo = await call('GET', '/v1/memories/search', { token: KEY, query: { q: 'typscript' } });
  check('search "typscript" (a typo) still finds it', typo.status === 200 && ids(typo.data).includes(memoryId), typo.json);

  const docs = await call('GET', '/docs/');
  check('GET /docs/: 200 HTML', docs.status === 200 && /text\/html/.test(docs.headers.get('content-type') ?? ''), docs.status);
  const contract = await call('GET', '/openapi.yaml');
  check('GET /openapi.yaml: 200, the contract', contract.status === 200 && contract.text.startsWith('openapi:'), contract.text.slice(0, 80));

  // An agent's first minutes
  const startup = await call('GET', '/v1/context/startup', { token: KEY, query: { max_chars: 6000 } });
  check(
    'GET /v1/context/startup: 200, a checkpoint, within max_chars',
    startup.status === 200 &&
      typeof startup.data?.checkpoint === 'string' &&
      startup.data.budget?.max_chars === 6000 &&
      startup.data.budget.used_chars <= 6000 &&
      JSON.stringify(startup.data).includes(memoryId),
    startup.json,
  );
  const checkpoint = startup.data.checkpoint;

  const deploy = await call('POST', '/v1/memories', {
    token: KEY,
    body: { text: 'The deploy window is Tuesday 14:00 to 16:00 UTC.', type: 'event' },
  });
  check('POST /v1/memories (the deploy window): 201', deploy.status === 201, deploy.json);
  const deployId = deploy.data.id;
  const deploySearch = await call('GET', '/v1/memories/search', { token: KEY, query: { q: 'When is the deploy window?', limit: 5 } });
  check('search "When is the deploy window?" limit=5 finds it first', deploySearch.status === 200 && ids(deploySearch.data)[0] === deployId, deploySearch.json);

  const subject = await call('POST', '/v1/subjects', { token: KEY, body: { name: 'Ada Lovelace', kind: 'person' } });
  check('POST /v1/subjects: 201', subject.status === 201 && /^sub_/.test(subject.data?.id ?? ''), subject.json);
  const subjectId = subject.data.id;
  const ada = await call('POST', '/v1/memories', { token: KEY, body: { text: 'Ada lives in London.', type: 'note' } });
  check('POST /v1/memories (about Ada): 201', ada.status === 201, ada.json);
  const link = await call('POST', `/v1/subjects/${subjectId}/memories`, { token: KEY, body: { memory_id: ada.data.id } });
  check('POST /v1/subjects/{id}/memories links it: 201', link.status === 201 && link.data?.memory_id === ada.data.id, link.json);
  const found = await call('GET', '/v1/subjects', { token: KEY, query: { q: 'Ada' } });
  check('GET /v1/subjects?q=Ada finds the Subject', found.status === 200 && ids(found.data).includes(subjectId), found.json);
  const subjectContext = await call('GET', `/v1/subjects/${subjectId}/context`, { token: KEY, query: { max_chars: 4000 } });
  check(
    'GET /v1/subjects/{id}/context: 200, the linked Memory',
    subjectContext.status === 200 && subjectContext.data?.subject?.memory_count === 1 && ids(subjectContext.data.memories).includes(ada.data.id),
    subjectContext.json,
  );
  const resume = await call('GET', '/v1/context/resume', { token: KEY, query: { checkpoint } });
  check(
    'GET /v1/context/resume: the two new Memories and the Subject, has_more false',
    resume.status === 200 &&
      resume.data?.has_more === false &&
      ids(resume.data.memories_upserted).includes(deployId) &&
      ids(resume.data.memories_upserted).includes(ada.data.id) &&
      ids(resume.data.subjects_upserted).includes(subjectId) &&
      typeof resume.data.checkpoint === 'string',
    resume.json,
  );

  // When a Fact changes
  const suggest = (statement, supersedes) =>
    call('POST', `/v1/subjects/${subjectId}/fact-suggestions`, {
      token: KEY,
      body: { statement, source_memory_ids: [ada.data.id], ...(supersedes ? { supersedes } : {}) },
    });
  const first = await suggest('Ada lives in London');
  check('POST /v1/subjects/{id}/fact-suggestions: 201', first.status === 201 && /^fsg_/.test(first.data?.id ?? ''), first.json);
  const accepted = await call('POST', `/v1/fact-suggestions/${first.data.id}/accept`, { token: session });
  const factId = accepted.data?.fact?.id ?? accepted.data?.id;
  check('accept with the session: 200, a Fact', accepted.status === 200 && /^fct_/.test(factId ?? ''), accepted.json);
  const byKey = await call('POST', `/v1/fact-suggestions/${first.data.id}/accept`, { token: KEY });
  check('accept with an API key: 403 (application only)', byKey.status === 403, byKey.json);
  const second = await suggest('Ada lives in Paris', factId);
  check('a suggestion superseding the Fact: 201', second.status === 201, second.json);
  const acceptedSecond = await call('POST', `/v1/fact-suggestions/${second.data.id}/accept`, { token: session });
  check('accept it: 200', acceptedSecond.status === 200, acceptedSecond.json);
  const current = await call('GET', `/v1/subjects/${subjectId}/facts`, { token: KEY });
  check(
    'GET /v1/subjects/{id}/facts: only the current Fact',
    current.status === 200 && current.data?.length === 1 && current.data[0].statement === 'Ada lives in Paris',
    current.json,
  );
  const all = await call('GET', `/v1/subjects/${subjectId}/facts`, { token: KEY, query: { include_superseded: true } });
  const old = all.data?.find((fact) => fact.id === factId);
  check(
    'include_superseded=true: both, the old one closed and superseded',
    all.status === 200 && all.data.length === 2 && old?.valid_until !== null && typeof old?.superseded_by === 'string',
    all.json,
  );
  const both = await call('GET', `/v1/subjects/${subjectId}/facts`, {
    token: KEY,
    query: { include_superseded: true, as_of: new Date().toISOString() },
  });
  check('include_superseded with as_of: 400 invalid_request', both.status === 400 && both.json?.error?.code === 'invalid_request', both.json);

  // One MCP tool call (Streamable HTTP, stateless, JSON answers)
  const mcp = await call('POST', '/mcp', {
    token: KEY,
    headers: { accept: 'application/json, text/event-stream' },
    body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_memories', arguments: { q: 'deploy window' } } },
  });
  const structured = mcp.json?.result?.structuredContent;
  check(
    'POST /mcp tools/call search_memories: the same answer as REST',
    mcp.status === 200 && mcp.json?.result?.isError !== true && ids(structured?.data)[0] === deployId,
    mcp.json ?? mcp.text,
  );

  // Backing up and restoring
  const exported = await call('GET', '/v1/export', { token: session });
  const lines = exported.text.split('\n').filter(Boolean);
  check(
    'GET /v1/export: 200 NDJSON with the Memories',
    exported.status === 200 && lines.length > 3 && lines.every((line) => JSON.parse(line)) && exported.text.includes('Ada lives in London.'),
    exported.text.slice(0, 300),
  );
  const bob = mintSession(dataDir, 'bob');
  const imported = await call('POST', '/v1/import', {
    token: bob,
    headers: { 'content-type': 'application/x-ndjson', 'idempotency-key': 'restore-1' },
    raw: exported.text,
  });
  check('POST /v1/import into another account: 200', imported.status === 200 && imported.json?.ok === true, imported.json);
  const bobKey = await call('POST', '/v1/account/api-keys', { token: bob, body: { name: 'reader', mode: 'read_only' } });
  check('a read-only key for the other account: 201', bobKey.status === 201, bobKey.json);
  const bobSearch = await call('GET', '/v1/memories/search', { token: bobKey.data.secret, query: { q: 'deploy window' } });
  check(
    'the restored account finds the deploy window (a new ID)',
    // First: Memories close in meaning may follow it once they are embedded.
    bobSearch.status === 200 &&
      bobSearch.data?.[0]?.memory.text === 'The deploy window is Tuesday 14:00 to 16:00 UTC.' &&
      bobSearch.data[0].memory.id !== deployId,
    bobSearch.json,
  );
  const readOnlyWrite = await call('POST', '/v1/memories', { token: bobKey.data.secret, body: { text: 'x' } });
  check('a read-only key cannot create a Memory: 403', readOnlyWrite.status === 403, readOnlyWrite.json);
}

async function server() {
  const dataDir = mkdtempSync(join(tmpdir(), 'mtl-smoke-'));
  const started = performance.now();
  const srv = startServer(dataDir);
  try {
    const port = await Promise.race([
      srv.port,
      new Promise((_, reject) => setTimeout(() => reject(new Error('the server did not listen within 90 s')), 90_000).unref()),
    ]);
    const base = `http://127.0.0.1:${port}`;
    const health = await waitForHealth(base, Date.now() + 30_000);
    check(
      `GET /healthz: 200 after ${((performance.now() - started) / 1000).toFixed(1)} s (new embedded database)`,
      health?.data?.status === 'ok',
      health,
    );
    await flows(base, dataDir);

    srv.child.kill('SIGTERM');
    const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 20_000).unref());
    const exit = await Promise.race([srv.exited, timeout]);
    check('SIGTERM: the server stops and exits 0', exit !== 'timeout' && exit.code === 0, exit);
    check('  and logs "stopped"', srv.output.some((line) => line.includes('"msg":"stopped"')));
    // A deprecation or other runtime warning on a newer Node.js shows here before it breaks.
    const warnings = srv.stderr.join('').split('\n').filter((line) => /Warning/.test(line));
    check('  with no warning from Node.js on stderr', warnings.length === 0, warnings.join('\n        '));
  } catch (err) {
    failures += 1;
    console.log(`  FAIL  ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    if (srv.child.exitCode === null && srv.child.signalCode === null) {
      srv.child.kill('SIGKILL');
      await srv.exited;
    }
    if (failures > 0) console.log(`  server output (last 40 lines):\n${srv.output.slice(-40).join('\n')}`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// jest, one file per area

async function jest() {
  const missing = JEST_FILES.filter((file) => !existsSync(join(ROOT, file)));
  if (!check('every listed test file exists', missing.length === 0, missing)) return;
  const jestBin = join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
  const result = run(NODE, [jestBin, '--ci', ...JEST_FILES], {
    env: {
      ...childEnv,
      // jest's workers are forked from process.execPath, so they run this Node.js too.
      NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' '),
    },
  });
  check(`jest, ${JEST_FILES.length} files`, result.status === 0, `exit code ${result.status}`);
}

// ---------------------------------------------------------------------------------------------

if (!existsSync(join(ROOT, 'node_modules'))) {
  console.error('Dependencies are not installed: run `npm ci` first.');
  process.exit(1);
}
console.log(`Smoke run on Node.js ${process.version} (${NODE})`);
const total = performance.now();
try {
  if (!args.has('--no-build')) await phase('Build', build);
  if (!existsSync(join(ROOT, 'dist', 'src', 'server.js'))) throw new Error('dist/ is missing: build first (npm run build)');
  if (!args.has('--no-server')) await phase('Server and the README flows', server);
  if (!args.has('--no-jest')) await phase('jest, the files closest to the runtime', jest);
} catch (err) {
  failures += 1;
  console.log(`  FAIL  ${err instanceof Error ? err.message : String(err)}`);
}
const summary = timings.map(([title, seconds]) => `${title} ${seconds.toFixed(1)} s`).join(', ');
const seconds = ((performance.now() - total) / 1000).toFixed(1);
if (failures > 0) {
  console.log(`\nSmoke run on Node.js ${process.version}: ${failures} failed check(s) in ${seconds} s (${summary})`);
  process.exit(1);
}
console.log(`\nSmoke run on Node.js ${process.version}: passed in ${seconds} s (${summary})`);
