#!/usr/bin/env node
// The whole check, as CI runs it: generated types current, type check, contract lint, the layers
// of src/ (dependency-cruiser), then the
// jest suite on the embedded database (or on PostgreSQL when TEST_DATABASE_URL is set).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const env = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' '),
};

if (!existsSync(join(root, 'node_modules'))) {
  console.error('Dependencies are not installed: run `npm ci` first.');
  process.exit(1);
}

const steps = [
  ['Generated types are current', process.execPath, [join(root, 'codegen', 'generate.mjs'), '--check']],
  ['Type check', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['Contract lint', bin('redocly'), ['lint', 'openapi.yaml', '--config', 'codegen/redocly.yaml']],
  // No import cycle in src/ (type-only imports count), and no import against the layers.
  ['Layers', bin('depcruise'), ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']],
  [
    process.env.TEST_DATABASE_URL ? 'Tests on PostgreSQL' : 'Tests on the embedded database',
    bin('jest'),
    process.argv.slice(2),
  ],
];

for (const [title, command, args] of steps) {
  console.log(`\n== ${title}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${title}: failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`${title}: passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
