// Helpers for the scripts that measure a real server process: a fresh database of either kind,
// the server started on it with a known session secret, the official client for it, and cleanup afterwards.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createMtlClient, type MtlClient } from '../../clients/typescript/src';

export const ROOT = join(__dirname, '..', '..', '..');

export type DatabaseKind = 'postgres' | 'embedded';

/** Generous: the slowest worst-case and seeding requests take seconds on a busy machine; only a stuck one should end a run. */
const REQUEST_TIMEOUT_MS = 600_000;

/** The method of each answer, for error messages (openapi-fetch's answer carries the response only). */
const methods = new WeakMap<Response, string>();

/** The official client for the server on `port`, sending `token` (an API key or a session token). */
export function clientFor(port: number, token: string): MtlClient {
  const client = createMtlClient({ baseUrl: `http://127.0.0.1:${port}`, token, timeoutMs: REQUEST_TIMEOUT_MS });
  client.use({ onResponse: ({ request, response }) => void methods.set(response, request.method) });
  return client;
}

/** What the client's typed methods answer: the success envelope, or an error. */
export interface ClientAnswer<T> {
  readonly data?: { readonly data: T };
  readonly error?: unknown;
  readonly response: Response;
}

/** The method and path of the request an answer is to, such as "POST /v1/memories". */
export function routeOf(response: Response): string {
  return `${methods.get(response) ?? 'request'} ${new URL(response.url).pathname}`;
}

/** The `data` of a successful answer, or an error naming the route and status with the start of the answer. */
export async function must<T>(answer: Promise<ClientAnswer<T>>): Promise<T> {
  const { data, error, response } = await answer;
  if (!response.ok || data === undefined) {
    const body = typeof error === 'string' ? error : JSON.stringify(error ?? null);
    throw new Error(`${routeOf(response)}: ${response.status} ${body.slice(0, 300)}`);
  }
  return data.data;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts `node dist/src/server.js` with `secret` as APP_JWT_SECRET, so the caller can mint session
 * tokens for it, and a rate limit no measurement reaches. `nodeArgs` go to node itself (such as
 * --cpu-prof, which NODE_OPTIONS refuses). As scripts/bench.ts, but waits on /readyz: polling /v1
 * with a bad token would count as failed authentications.
 */
export async function startServer(env: Record<string, string>, port: number, secret: string, nodeArgs: readonly string[] = []): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, 'dist', 'src', 'server.js')], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', APP_JWT_SECRET: secret, RATE_LIMIT_PER_MINUTE: '10000000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error('the server exited during start-up (its messages are above)');
    // Raw fetch, not the client: /readyz is outside the contract's /v1.
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((res) => res.ok, () => false);
    if (ready) return child;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the server did not become ready within 120 s');
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The environment for a server on a fresh, empty database: on PostgreSQL a database
 * `<prefix>_<timestamp>` created on the server at `serverUrl`, on the embedded database a new
 * temporary DATA_DIR. What removes it is put first in `cleanups`, which the caller runs in order
 * (last-in first-out) whatever step failed.
 */
export async function freshDatabase(kind: DatabaseKind, prefix: string, serverUrl: string, cleanups: (() => unknown)[]): Promise<Record<string, string>> {
  if (kind === 'embedded') {
    const dataDir = mkdtempSync(join(os.tmpdir(), `${prefix.replace(/_/g, '-')}-`));
    cleanups.unshift(() => rmSync(dataDir, { recursive: true, force: true }));
    return { DATA_DIR: dataDir };
  }
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  cleanups.unshift(() => admin.end());
  await admin.query(`create database ${name}`);
  cleanups.unshift(() => admin.query(`drop database if exists ${name} with (force)`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

export interface RunningServer {
  readonly port: number;
  readonly child: ChildProcess;
  /** The server's environment: DATABASE_URL or DATA_DIR. */
  readonly env: Readonly<Record<string, string>>;
}

export interface ServerTarget {
  readonly kind: DatabaseKind;
  /** Names the fresh database (`<prefix>_<timestamp>`) or temporary directory (`<prefix>-…`). */
  readonly prefix: string;
  /** A PostgreSQL server where a database may be created and dropped (used for kind postgres). */
  readonly serverUrl: string;
  readonly secret: string;
  readonly nodeArgs?: readonly string[];
  /** More of the server's environment (such as EMBEDDINGS). */
  readonly env?: Readonly<Record<string, string>>;
}

/** Starts the server on a fresh database of the target's kind, runs `use`, then stops the server and removes the database. */
export async function withServer<T>(target: ServerTarget, use: (server: RunningServer) => Promise<T>): Promise<T> {
  const cleanups: (() => unknown)[] = []; // run last-in first-out, whatever step failed
  try {
    const env = await freshDatabase(target.kind, target.prefix, target.serverUrl, cleanups);
    const port = await freePort();
    const child = await startServer({ ...env, ...target.env }, port, target.secret, target.nodeArgs);
    cleanups.unshift(() => stop(child));
    return await use({ port, child, env });
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

/** Waits until the server has embedded every Memory written (its /readyz says so; at once when it runs without an embedder). */
export async function untilEmbedded(port: number): Promise<void> {
  for (;;) {
    const ready = (await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()) as { data?: { embeddings?: { up_to_date: boolean } } };
    if (!ready.data?.embeddings || ready.data.embeddings.up_to_date) return;
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** The commit measured: its short hash, with "-dirty" when the work tree has changes. */
export function commitLabel(): string {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  return git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain') ? '-dirty' : '');
}
