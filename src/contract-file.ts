import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import YAML from 'yaml';

/** openapi.yaml sits at the project root, above both src/ and dist/src/. */
function findContract(): string {
  let directory = __dirname;
  for (;;) {
    const candidate = join(directory, 'openapi.yaml');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(directory);
    if (parent === directory) throw new Error('openapi.yaml not found above ' + __dirname);
    directory = parent;
  }
}

export const CONTRACT_PATH = findContract();
export const CONTRACT_TEXT = readFileSync(CONTRACT_PATH, 'utf8');
export const CONTRACT = YAML.parse(CONTRACT_TEXT) as Record<string, unknown>;
