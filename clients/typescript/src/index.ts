/**
 * The official TypeScript client of MTL: openapi-fetch over the types openapi-typescript generates
 * from `openapi.yaml`, with the bearer token, the base URL and the contract's parameter
 * serialization set once.
 */
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations as OperationTypes, paths } from './generated/schema';
import { operations, type OperationId } from './generated/operations';

export type { components, paths, OperationId };
export type Operations = OperationTypes;
export { operations };

/** The error envelope's `error`: one of the per-code error schemas, or the generic `Error`. */
export type MtlError = components['schemas']['ErrorResponse']['error'];
/** The error codes of this version; the set is open, so `MtlError['code']` is any string. */
export type KnownErrorCode = components['schemas']['KnownErrorCode'];
export type MtlClient = Client<paths, 'application/json'>;

export interface MtlClientOptions {
  /** The server's origin, such as `https://mtl.example.com` (the client adds `/v1`). */
  readonly baseUrl: string;
  /** An API key (`mtl_ro_…`, `mtl_rw_…`) or an application session token. */
  readonly token: string;
  /** Abandons a request after this many milliseconds (default 30,000). */
  readonly timeoutMs?: number;
  readonly fetch?: ClientOptions['fetch'];
  /** Sent as `User-Agent` (Node.js and other non-browser runtimes). */
  readonly userAgent?: string;
}

/** The contract's array parameters are comma-separated (`style: form`, `explode: false`). */
const querySerializer = { array: { style: 'form', explode: false } } as const;

/** A client of `/v1`: `client.GET('/memories/{id}', { params: { path: { id } } })` and so on. */
export function createMtlClient(options: MtlClientOptions): MtlClient {
  return createClient<paths, 'application/json'>({
    baseUrl: `${options.baseUrl.replace(/\/+$/, '')}/v1`,
    querySerializer,
    headers: {
      Authorization: `Bearer ${options.token}`,
      Accept: 'application/json',
      ...(options.userAgent ? { 'User-Agent': options.userAgent } : {}),
    },
    fetch: abandonedAfter(options.timeoutMs ?? 30_000, options.fetch),
  });
}

/**
 * A fetch that abandons a request (its answer and its body) after `timeoutMs`, or when the
 * caller's signal aborts. A request follows its signal only weakly: a signal made by
 * `AbortSignal.any`, or a copy of the Request that nothing else holds, may be collected before
 * the time is up, which left a request without an answer waiting for ever. Here the timer holds
 * the controller and the request that follows it until it fires.
 */
function abandonedAfter(timeoutMs: number, custom: ClientOptions['fetch']): NonNullable<ClientOptions['fetch']> {
  return (request) => {
    const controller = new AbortController();
    const following = new Request(request, { signal: controller.signal });
    const timer = setTimeout(() => {
      if (following.signal.aborted) return;
      controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    }, timeoutMs);
    // The request keeps the process running while it waits; a timer left after the answer does not.
    timer.unref();
    const { signal } = request;
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
    return (custom ?? fetch)(following).catch((err: unknown) => {
      clearTimeout(timer);
      throw err;
    });
  };
}

/** An operation's parameters by where they go, and its JSON body, as the contract types them. */
export interface OperationInput<K extends OperationId> {
  readonly path?: ParametersOf<K, 'path'>;
  readonly query?: ParametersOf<K, 'query'>;
  readonly header?: ParametersOf<K, 'header'>;
  readonly body?: BodyOf<K>;
}

type ParametersOf<K extends OperationId, In extends 'path' | 'query' | 'header'> = OperationTypes[K] extends {
  parameters: infer P;
}
  ? P extends Record<In, infer V>
    ? V
    : never
  : never;
type BodyOf<K extends OperationId> = OperationTypes[K] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** What an operation answered: its status, its JSON body (data or error envelope) and its headers. */
export interface OperationOutput {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Headers;
}

/** An operation's input as a generic caller holds it (checked elsewhere, such as by a tool schema). */
export interface UntypedOperationInput {
  readonly path?: Record<string, unknown>;
  readonly query?: Record<string, unknown>;
  readonly header?: Record<string, string>;
  readonly body?: unknown;
}

/**
 * Calls an operation by its ID (as MCP tools and other generic callers name them), with the
 * same serialization as the typed methods. Every answer is returned, errors included; a network
 * failure or timeout rejects.
 */
export function callOperation<K extends OperationId>(client: MtlClient, id: K, input: OperationInput<K> = {}): Promise<OperationOutput> {
  return callOperationUntyped(client, id, input as UntypedOperationInput);
}

/** `callOperation` for callers whose input is not typed by the operation. */
export async function callOperationUntyped(client: MtlClient, id: OperationId, input: UntypedOperationInput = {}): Promise<OperationOutput> {
  const { method, path } = operations[id];
  // openapi-fetch types a request by a literal path; this one is chosen at run time.
  const request = client.request as unknown as (
    method: string,
    path: string,
    init: { params: UntypedOperationInput; body?: unknown },
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  const { data, error, response } = await request(method, path, {
    params: { path: input.path, query: input.query, header: input.header },
    ...(input.body !== undefined ? { body: input.body } : {}),
  });
  return { status: response.status, body: data ?? error ?? null, headers: response.headers };
}

/** The error of an answer, when it is one with this code: `details` typed by the code's schema. */
export function errorWithCode<C extends KnownErrorCode>(
  error: MtlError | undefined,
  code: C,
): Extract<MtlError, { code: C }> | undefined {
  return error?.code === code ? (error as Extract<MtlError, { code: C }>) : undefined;
}
