import type { OperationId, operations } from '../generated/contract';
import type { JsonBody, Part, RequestBody, RequestParameters, Responses, SuccessStatus } from '../contract-types';
import type { Services } from '../domain/services';
import type { Caller, Principal } from '../domain/shared/principal';

/** A body sent as it is produced (an export's lines): the transport pulls the next piece when the client has taken the last. */
export interface StreamedBody {
  readonly streamed: 'application/x-ndjson';
  /** Ended early with `return()` when nothing is to be sent (a HEAD request). */
  readonly chunks: AsyncIterableIterator<string>;
}

export function isStreamed(body: unknown): body is StreamedBody {
  return typeof body === 'object' && body !== null && 'streamed' in body && 'chunks' in body;
}

/** A request body handed over as it arrives (an import's lines), with its announced length when it has one. */
export interface Upload {
  readonly chunks: AsyncIterable<Buffer>;
  readonly length?: number;
}

type BodyOf<R> = R extends { content: { 'application/x-ndjson': unknown } } ? StreamedBody : JsonBody<R>;

/** What a handler may send: only the success statuses and bodies the contract declares. */
export type Reply<K extends OperationId> = {
  [S in SuccessStatus<K>]: { status: S; body: BodyOf<Responses<K>[S]>; headers?: Record<string, string> };
}[SuccessStatus<K>];

/** The operations a visitor without an account may call (`x-mtl-visitors`): their handlers must not need an account. */
export type VisitorOperation = {
  [K in OperationId]: (typeof operations)[K]['visitors'] extends true ? K : never;
}[OperationId];

/** A request after contract validation, typed from the generated types. */
export interface ValidatedRequest<K extends OperationId> {
  readonly path: Part<RequestParameters<K>, 'path'>;
  readonly query: Part<RequestParameters<K>, 'query'>;
  readonly headers: Part<RequestParameters<K>, 'header'>;
  readonly body: RequestBody<K>;
  /** The body of an operation that takes a stream (the contract's `application/x-ndjson`). */
  readonly upload?: Upload;
  readonly principal: K extends VisitorOperation ? Caller : Principal;
  readonly requestId: string;
}

export type Handler<K extends OperationId> = (services: Services, request: ValidatedRequest<K>) => Promise<Reply<K>>;
export type Handlers = { [K in OperationId]: Handler<K> };
export type HandlerGroup<K extends OperationId> = { [Id in K]: Handler<Id> };

/** The operations the contract files under these tags (a file of handlers serves its tags). */
export type TaggedOperations<Tag extends string> = {
  [K in OperationId]: (typeof operations)[K]['tag'] extends Tag ? K : never;
}[OperationId];

/** The `Location` of a created resource under the versioned base path. */
export function locationOf(path: string): Record<string, string> {
  return { Location: `/v1${path}` };
}

export function etagOf(revision: number): Record<string, string> {
  return { ETag: `"${revision}"` };
}

/** A 200 answer with the envelope around `data`. */
export function ok<T>(data: T): { status: 200; body: { ok: true; data: T } } {
  return { status: 200, body: { ok: true, data } };
}

/** A 200 answer with one page of a list and the cursor of the next. */
export function okPage<T>(page: { items: T[]; nextCursor: string | null }): {
  status: 200;
  body: { ok: true; data: T[]; next_cursor: string | null };
} {
  return { status: 200, body: { ok: true, data: page.items, next_cursor: page.nextCursor } };
}

/** A 201 answer for a resource created at `path` (under the versioned base path). */
export function createdAt<T>(
  path: string,
  data: T,
  headers: Record<string, string> = {},
): { status: 201; body: { ok: true; data: T }; headers: Record<string, string> } {
  return { status: 201, body: { ok: true, data }, headers: { ...locationOf(path), ...headers } };
}
