import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';
import type { DatabaseKind } from './server';

/** How the scripts name each database in their output. */
export const DATABASE_LABELS: Record<DatabaseKind, string> = { postgres: 'PostgreSQL', embedded: 'embedded database' };

/** A deterministic pseudo-random sequence (mulberry32), so every run sends the same data. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time of one thread in ms from the scheduler's statistics, or null when they cannot be read. */
function taskCpuMs(dir: string): number | null {
  try {
    const sched = /se\.sum_exec_runtime\s*:\s*([\d.]+)/.exec(readFileSync(`${dir}/sched`, 'utf8'));
    if (sched) return Number(sched[1]);
  } catch {
    // fall back to stat
  }
  return null;
}

/**
 * A process's CPU time in ms: the sum over its threads of the scheduler's runtime (to the
 * microsecond), or else user + system time from /proc/<pid>/stat (to the clock tick); 0 once it
 * has gone. The thread sum leaves out threads that ended, which Node.js's and PostgreSQL's
 * long-lived threads do not.
 */
export function cpuMs(pid: number): number {
  try {
    let sum = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const ms = taskCpuMs(`/proc/${pid}/task/${tid}`);
      if (ms === null) throw new Error('no scheduler statistics');
      sum += ms;
    }
    return sum;
  } catch {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // from field 3: the name may hold spaces
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
    } catch {
      return 0;
    }
  }
}

/**
 * CPU ms of each backend serving the monitor's database (PostgreSQL on this machine), by PID: the
 * server's CPU leaves out the database's work, which on the embedded database it includes.
 */
export async function backendCpu(monitor: pg.Client): Promise<Map<number, number>> {
  const { rows } = await monitor.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  return new Map(rows.filter((row) => existsSync(`/proc/${row.pid}/stat`)).map((row) => [row.pid, cpuMs(row.pid)]));
}

/** CPU used between two readings; a backend started in between counts from zero (one that ended is lost, rare within seconds). */
export const backendDelta = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/** A process's resident set size in bytes (VmRSS from /proc/<pid>/status), or 0 once it has gone. */
export function rssBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s*(\d+)\s*kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Reads a process's RSS every `everyMs` in the background until `stop()`. `reset()` starts a new
 * window and returns the RSS at that moment; `peak()` is the largest RSS read since.
 */
export function sampleRss(pid: number, everyMs = 50): { reset(): number; peak(): number; stop(): void } {
  let peak = rssBytes(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), everyMs);
  timer.unref();
  return {
    reset: () => (peak = rssBytes(pid)),
    peak: () => (peak = Math.max(peak, rssBytes(pid))),
    stop: () => clearInterval(timer),
  };
}

/**
 * Waits until a process has used less than `busyShare` of one CPU over `windowMs` (after a load,
 * a server still collects garbage and finishes background work), or `timeoutMs` passed.
 */
export async function waitIdle(pid: number, { windowMs = 500, busyShare = 0.05, timeoutMs = 15_000 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let before = cpuMs(pid);
  while (Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, windowMs));
    const after = cpuMs(pid);
    if (after - before < windowMs * busyShare) return;
    before = after;
  }
}
