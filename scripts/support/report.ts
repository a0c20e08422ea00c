import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { commitLabel, ROOT } from './server';

/** The line that opens a recorded run: when, which commit, on what machine. */
export function runLine(): string {
  const cpus = os.cpus();
  return `Run ${new Date().toISOString()}, commit ${commitLabel()}, ${cpus.length} × ${cpus[0]?.model ?? 'unknown'}, Node ${process.version}.`;
}

/**
 * Replaces the region between `<!-- marker -->` and `<!-- /marker -->` of docs/benchmarks.md with
 * the run line and `body`; where the file has no such region, `section` (which holds the two
 * markers) is added at its end first.
 */
export function writeBenchmarkRegion(marker: string, section: string, body: string): void {
  const file = join(ROOT, 'docs', 'benchmarks.md');
  const current = readFileSync(file, 'utf8');
  const open = `<!-- ${marker} -->`;
  const close = `<!-- /${marker} -->`;
  const start = current.indexOf(open);
  const end = current.indexOf(close, start);
  const base = start !== -1 && end !== -1 ? current : `${current.trimEnd()}\n\n${section}`;
  const from = base.indexOf(open);
  const to = base.indexOf(close, from);
  writeFileSync(file, `${base.slice(0, from)}${open}\n${runLine()}\n\n${body}\n${base.slice(to)}`);
  process.stdout.write(`Wrote the ${marker} region of docs/benchmarks.md\n`);
}
