import { operations, type OperationId } from '../generated/contract';
import type { components } from '../generated/openapi';
import type { Part, RequestBody, RequestParameters, SuccessBody } from '../contract-types';

type ErrorResponse = components['schemas']['ErrorResponse'];

/** An operation's input, typed from the contract: path, query and header parameters, and the body. */
export interface OperationInput<K extends OperationId> {
  readonly path?: Part<RequestParameters<K>, 'path'>;
  readonly query?: Part<RequestParameters<K>, 'query'>;
  readonly headers?: Part<RequestParameters<K>, 'header'>;
  readonly body?: RequestBody<K>;
}

/** An operation's answer: the success body it declares, or the error envelope. */
export type OperationOutput<K extends OperationId> =
  | { readonly ok: true; readonly status: number; readonly body: SuccessBody<K>; readonly headers: Headers }
  | { readonly ok: false; readonly status: number; readonly body: ErrorResponse; readonly headers: Headers };

export interface MtlClientOptions {
  /** The server's origin, such as https://mtl.example.com (the client adds /v1). */
  readonly baseUrl: string;
  /** An API key or an application session token. */
  readonly token: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

export class MtlRequestError extends Error {
  override readonly name = 'MtlRequestError';
}

function queryString(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    // The contract's array parameters are comma-separated (style form, explode false).
    params.set(name, Array.isArray(value) ? value.map(String).join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function pathOf(template: string, path: Record<string, unknown> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = path?.[name];
    if (value === undefined) throw new MtlRequestError(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A client of the REST API, typed from the generated contract types. */
export class MtlClient {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: MtlClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? fetch;
  }

  async call<K extends OperationId>(id: K, input: OperationInput<K> = {}): Promise<OperationOutput<K>> {
    const operation = operations[id];
    const url = `${this.baseUrl}/v1${pathOf(operation.path, input.path as Record<string, unknown>)}${queryString(
      input.query as Record<string, unknown>,
    )}`;
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.options.token}`,
      Accept: 'application/json',
      ...(input.headers as Record<string, string> | undefined),
    };
    if (input.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await this.fetch(url, {
      method: operation.method,
      headers,
      ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new MtlRequestError(`${operation.method} ${operation.path} answered ${response.status} without a JSON body`);
    }
    return response.ok
      ? { ok: true, status: response.status, body: body as SuccessBody<K>, headers: response.headers }
      : { ok: false, status: response.status, body: body as ErrorResponse, headers: response.headers };
  }
}
