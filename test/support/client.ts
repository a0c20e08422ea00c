import type { Response } from 'supertest';
import type { Part, RequestBody, RequestParameters, SuccessBody } from '../../src/contract-types';
import { operations, type OperationId } from '../../src/generated/contract';
import type { components } from '../../src/generated/openapi';
import type { TestApp } from './app';

/** An operation's input, typed from the contract: path, query and header parameters, and the body. */
export interface CallInput<K extends OperationId> {
  readonly path?: Part<RequestParameters<K>, 'path'>;
  readonly query?: Part<RequestParameters<K>, 'query'>;
  readonly headers?: Part<RequestParameters<K>, 'header'>;
  readonly body?: RequestBody<K>;
}

/** The contract's schemas by name, such as `Schemas['MemoryCreate']`. */
export type Schemas = components['schemas'];

/** What `data` holds in an operation's success envelope. */
export type DataOf<K extends OperationId> = SuccessBody<K> extends { data: infer D } ? D : never;

function pathOf(template: string, path: Record<string, unknown> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = path?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

function queryOf(query: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    // The contract's array parameters are comma-separated (style form, explode false).
    out[name] = Array.isArray(value) ? value.map(String).join(',') : String(value);
  }
  return out;
}

/**
 * The test app's REST API by operation ID, typed from the generated contract types: `call`
 * answers whatever came back (for tests of refusals), `ok` fails the test unless the operation
 * succeeded and returns its `data`.
 */
export class TestClient {
  constructor(
    private readonly t: TestApp,
    readonly token: string,
  ) {}

  call<K extends OperationId>(id: K, input: CallInput<K> = {}): Promise<Response> {
    const operation = operations[id];
    const url = `/v1${pathOf(operation.path, input.path as Record<string, unknown> | undefined)}`;
    const method = operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    let req = this.t.http[method](url)
      .set('Authorization', `Bearer ${this.token}`)
      .query(queryOf(input.query as Record<string, unknown> | undefined));
    for (const [name, value] of Object.entries((input.headers ?? {}) as Record<string, unknown>)) {
      if (value !== undefined) req = req.set(name, String(value));
    }
    return input.body === undefined ? req : req.send(input.body as object);
  }

  /** `status` narrows the operation's success statuses to one (201 where a create must be new). */
  async ok<K extends OperationId>(id: K, input: CallInput<K> = {}, status?: number): Promise<DataOf<K>> {
    const res = await this.call(id, input);
    const expected = status === undefined ? (operations[id].successStatus as readonly number[]) : [status];
    if (!expected.includes(res.status)) {
      throw new Error(`${id}: expected ${expected.join(' or ')}, got ${res.status} ${JSON.stringify(res.body)}`);
    }
    return (res.body as { data: DataOf<K> }).data;
  }
}

/** A client of the test app that sends this token (an API key or a session). */
export const clientOf = (t: TestApp, token: string): TestClient => new TestClient(t, token);
