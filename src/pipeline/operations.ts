import { limits, operations, type OperationId } from '../generated/contract';

/** Bodies of every operation but a draft's update and an import are limited to this (1 MiB). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** An import's body (newline-delimited JSON, read as a stream) may hold up to 512 MiB. */
export const IMPORT_BODY_BYTES = 512 * 1024 * 1024;

/** What the pipeline needs of an operation, read from the contract once. */
export interface OperationInfo {
  readonly id: OperationId;
  readonly method: string;
  /** The contract path under the base path, such as `/memories/{id}`. */
  readonly path: string;
  /** The same path as an Express route, such as `/memories/:id`. */
  readonly route: string;
  readonly idempotent: boolean;
  readonly bodyLimitBytes: number;
  readonly headerNames: readonly string[];
  readonly queryNames: readonly string[];
  /** The query parameters that are lists (`ids=a,b`). */
  readonly listQueryNames: readonly string[];
  /** The path and query parameters that are integers. */
  readonly integerParameters: ReadonlyArray<{ readonly in: 'path' | 'query'; readonly name: string }>;
  /** The body's media type: JSON is parsed before the handler; a stream (an import's lines) is handed to it as it arrives. */
  readonly bodyMediaType: 'application/json' | 'application/x-ndjson' | null;
}

/** The largest body an operation accepts. */
export function bodyLimitOf(id: OperationId): number {
  if (operations[id].bodyMediaType === 'application/x-ndjson') return IMPORT_BODY_BYTES;
  return id === 'updateTemplateDraft' ? limits.draftBodyBytesMax : BODY_LIMIT_BYTES;
}

/** Static segments before parameters, so /memories/search is never taken for /memories/{id}. */
const rank = (path: string) => path.split('/').map((segment) => (segment.startsWith('{') ? '~' : segment)).join('/');

/** Every operation of the contract, those with static segments first. */
export const OPERATIONS: readonly OperationInfo[] = (Object.keys(operations) as OperationId[])
  .map((id) => {
    const operation = operations[id];
    return {
      id,
      method: operation.method.toUpperCase(),
      path: operation.path,
      route: operation.path.replace(/\{([^}]+)\}/g, ':$1'),
      idempotent: operation.idempotent,
      bodyLimitBytes: bodyLimitOf(id),
      headerNames: operation.parameters.filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name),
      queryNames: operation.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
      listQueryNames: operation.parameters
        .filter((parameter) => parameter.in === 'query' && (parameter.schema as { type?: string } | null)?.type === 'array')
        .map((parameter) => parameter.name),
      integerParameters: operation.parameters
        .filter((parameter) => (parameter.in === 'path' || parameter.in === 'query') && (parameter.schema as { type?: string } | null)?.type === 'integer')
        .map((parameter) => ({ in: parameter.in as 'path' | 'query', name: parameter.name })),
      bodyMediaType: operation.bodyMediaType as OperationInfo['bodyMediaType'],
    };
  })
  .sort((a, b) => (rank(a.path) < rank(b.path) ? -1 : rank(a.path) > rank(b.path) ? 1 : 0));

/** The largest JSON body of any operation: what one MCP message may carry, with room for its envelope. */
export const LARGEST_BODY_BYTES = Math.max(
  ...OPERATIONS.filter((operation) => operation.bodyMediaType !== 'application/x-ndjson').map((operation) => operation.bodyLimitBytes),
);
