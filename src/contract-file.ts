import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

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
export const CONTRACT = parseContract(CONTRACT_TEXT);

/**
 * The contract's document: from the JSON copy that `npm run codegen` writes beside the generated
 * types when it was made from this very text (it reads in milliseconds, where the YAML takes
 * about 0.4 s), otherwise from the YAML.
 */
export function parseContract(text: string): Record<string, unknown> {
  try {
    const copy = JSON.parse(readFileSync(join(dirname(CONTRACT_PATH), 'src', 'generated', 'openapi.json'), 'utf8')) as {
      sha256?: string;
      document?: Record<string, unknown>;
    };
    if (copy.document && copy.sha256 === createHash('sha256').update(text).digest('hex')) return copy.document;
  } catch {
    // No copy (or an unreadable one): the YAML is the source.
  }
  // Loaded only here: the parser itself takes a tenth of a second to load.
  const YAML = require('yaml') as typeof import('yaml');
  return YAML.parse(text) as Record<string, unknown>;
}

type Json = Record<string, unknown>;

function withoutMediaExamples(content: unknown): unknown {
  if (!content || typeof content !== 'object') return content;
  return Object.fromEntries(
    Object.entries(content as Json).map(([type, media]) => {
      const { examples: _examples, example: _example, ...rest } = (media ?? {}) as Json;
      return [type, rest];
    }),
  );
}

function stripResponse(response: unknown): unknown {
  if (!response || typeof response !== 'object' || !('content' in response)) return response;
  return { ...(response as Json), content: withoutMediaExamples((response as Json).content) };
}

/**
 * The contract as handed to express-openapi-validator: identical but for the media-type
 * examples, which its response validation would otherwise compile as schemas (an example value
 * with an `id` field is taken for a schema `$id`), and for the servers: only the relative one.
 */
export function contractForValidation(): Json {
  const copy = structuredClone(CONTRACT) as Json;
  const paths = (copy.paths ?? {}) as Record<string, Json>;
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      const op = operation as Json;
      const responses = op.responses as Json;
      for (const status of Object.keys(responses)) responses[status] = stripResponse(responses[status]);
      if (op.requestBody) op.requestBody = stripResponse(op.requestBody);
    }
  }
  // The validator matches requests below the relative server URL (`/v1`); the templated one
  // (`{base_url}/v1`) is for clients.
  copy.servers = ((copy.servers ?? []) as Array<{ url: string }>).filter((server) => server.url.startsWith('/'));
  const components = (copy.components ?? {}) as Json;
  // An error's `error` is checked against the schema of its code by the service's own check
  // (`checkErrorShapes`), compiled once: each operation's validator takes the generic `Error`.
  const schemas = (components.schemas ?? {}) as Record<string, Json>;
  const envelope = schemas.ErrorResponse as { properties: Json } | undefined;
  if (envelope) envelope.properties.error = { $ref: '#/components/schemas/Error' };
  const shared = (components.responses ?? {}) as Json;
  for (const name of Object.keys(shared)) shared[name] = stripResponse(shared[name]);
  delete components.examples;
  return copy;
}
