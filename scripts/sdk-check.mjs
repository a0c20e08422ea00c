#!/usr/bin/env node
// `npm run sdk:check`: generates clients from openapi.yaml as a client team would, with
// openapi-typescript (default options) for openapi-fetch and with @hey-api/openapi-ts (default
// options), compiles the typed flows in sdk-check/ against each with `tsc --strict`, and runs them
// against a server started on a fresh embedded database. Fails on the first step that fails.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
// Inside node_modules, so the flows resolve openapi-fetch and @types/node from the project.
const work = join(root, 'node_modules', '.cache', 'mtl-sdk-check');
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

function run(title, command, args, options = {}) {
  console.log(`\n== ${title}`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n${title}: failed`);
    process.exit(result.status ?? 1);
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
cpSync(join(root, 'sdk-check'), work, { recursive: true });
writeFileSync(
  join(work, 'tsconfig.json'),
  JSON.stringify(
    {
      compilerOptions: {
        strict: true,
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        types: ['node'],
        outDir: 'out',
        skipLibCheck: true,
      },
      include: ['*.ts', 'generated/**/*.ts'],
    },
    null,
    2,
  ),
);
writeFileSync(join(work, 'package.json'), JSON.stringify({ type: 'module', private: true }));

run('openapi-typescript (default options)', bin('openapi-typescript'), ['openapi.yaml', '-o', join(work, 'generated', 'openapi-typescript', 'schema.ts')]);
run('@hey-api/openapi-ts (default options)', bin('openapi-ts'), ['-i', 'openapi.yaml', '-o', join(work, 'generated', 'hey-api')]);
run('The flows compile with tsc --strict', bin('tsc'), ['-p', join(work, 'tsconfig.json')]);

console.log('\n== The flows run against a server on the embedded database');
const dataDir = mkdtempSync(join(tmpdir(), 'mtl-sdk-check-'));
const port = await freePort();
const serverEnv = { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', APP_JWT_SECRET: randomBytes(32).toString('hex') };
const server = spawn(process.execPath, [join(root, 'dist', 'src', 'server.js')], { cwd: root, env: serverEnv, stdio: ['ignore', 'inherit', 'inherit'] });
let failed = false;
try {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error('the server exited during start-up');
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((res) => res.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the server did not become ready within 120 s');
    await new Promise((done) => setTimeout(done, 250));
  }
  for (const flow of ['openapi-fetch-flow.ts', 'hey-api-flow.ts']) {
    const token = spawnSync(process.execPath, [join(root, 'dist', 'scripts', 'token.js'), `sdk-check-${flow.replace('.ts', '')}`], { env: serverEnv, encoding: 'utf8' });
    if (token.status !== 0) throw new Error(`minting a session failed: ${token.stderr}`);
    const result = spawnSync(process.execPath, [join(work, 'out', flow.replace(/\.ts$/, '.js'))], {
      cwd: root,
      env: { ...env, MTL_BASE_URL: `http://127.0.0.1:${port}`, MTL_SESSION: token.stdout.trim() },
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`${flow} failed`);
  }
} catch (err) {
  failed = true;
  console.error(`\nsdk:check: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  const exited = new Promise((done) => server.once('exit', done));
  if (server.exitCode === null) server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exit(1);
console.log('\nsdk:check: both generated clients compile and run the flows.');
