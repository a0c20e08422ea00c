import type { Request as ExpressRequest, RequestHandler, Response } from 'express';
import { operations, type OperationId } from '../generated/contract';
import type { JsonBody, Part, RequestBody, RequestParameters, Responses, SuccessStatus } from '../contract-types';
import type { DomainContext } from '../domain/context';
import { assertOperationAllowed, type Principal } from '../domain/shared/principal';
import { AppError } from '../domain/shared/errors';
import { locals } from './request-context';

/** What a handler may send: only the success statuses and bodies the contract declares. */
export type Reply<K extends OperationId> = {
  [S in SuccessStatus<K>]: { status: S; body: JsonBody<Responses<K>[S]>; headers?: Record<string, string> };
}[SuccessStatus<K>];

/** A request after contract validation, typed from the generated types. */
export interface ValidatedRequest<K extends OperationId> {
  readonly path: Part<RequestParameters<K>, 'path'>;
  readonly query: Part<RequestParameters<K>, 'query'>;
  readonly headers: Part<RequestParameters<K>, 'header'>;
  readonly body: RequestBody<K>;
  readonly principal: Principal;
  readonly requestId: string;
}

export type Handler<K extends OperationId> = (ctx: DomainContext, request: ValidatedRequest<K>) => Promise<Reply<K>>;
export type Handlers = { [K in OperationId]: Handler<K> };
export type HandlerGroup<K extends OperationId> = { [Id in K]: Handler<Id> };

/** Static segments before parameters, so /memories/search is never taken for /memories/{id}. */
function routeOrder([, a]: [string, { path: string }], [, b]: [string, { path: string }]): number {
  const rank = (path: string) => path.split('/').map((segment) => (segment.startsWith('{') ? '~' : segment)).join('/');
  return rank(a.path) < rank(b.path) ? -1 : rank(a.path) > rank(b.path) ? 1 : 0;
}

const entries = (Object.entries(operations) as Array<[OperationId, (typeof operations)[OperationId]]>).sort(routeOrder);

interface CompiledOperation {
  readonly id: OperationId;
  readonly path: string;
  readonly pattern: RegExp;
  readonly keys: readonly string[];
}

/**
 * The pattern Express would build for a contract path: case-insensitive, an optional trailing
 * slash, each parameter one non-empty segment.
 */
function compilePath(path: string): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const param = /^\{([^}]+)\}$/.exec(part);
      if (!param) return part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      keys.push(param[1] as string);
      return '([^\\/]+)';
    })
    .join('');
  return { pattern: new RegExp(`^(?:${source})(?:\\/$)?$`, 'i'), keys };
}

/** The operations of each method, static segments first (see routeOrder). */
const byMethod = new Map<string, CompiledOperation[]>();
for (const [id, op] of entries) {
  const method = op.method.toUpperCase();
  const list = byMethod.get(method) ?? [];
  list.push({ id, path: op.path, ...compilePath(op.path) });
  byMethod.set(method, list);
}

/** As Express decodes path parameters; a malformed escape is 400 invalid_request naming the parameter. */
function decodeParam(name: string, value: string): string {
  if (value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    const error = { in: 'path', path: `/params/${name}`, message: 'is not a valid percent-encoded value' };
    throw new AppError('invalid_request', `${error.path} ${error.message}`, { errors: [error] });
  }
}

function matchOperation(method: string, path: string): { operation: CompiledOperation; params: Record<string, string> } | null {
  // HEAD is answered by the GET operation, as Express does.
  for (const operation of byMethod.get(method === 'HEAD' ? 'GET' : method) ?? []) {
    const match = operation.pattern.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    operation.keys.forEach((key, i) => {
      params[key] = decodeParam(key, match[i + 1] as string);
    });
    return { operation, params };
  }
  return null;
}

/**
 * Names the operation of a request (for logs and activity) and applies its access rule before
 * the body is validated, so a read-only key learns that it may not write, not what to fix. The
 * operation found here is the one mountHandlers runs, so a request is matched once.
 */
export function resolveOperations(basePath: string): RequestHandler {
  return (req, res, next) => {
    const state = locals(res);
    try {
      const found = matchOperation(req.method, req.path);
      if (found) {
        state.operationId = found.operation.id;
        state.route = basePath + found.operation.path;
        state.pathParams = found.params;
        if (state.principal) assertOperationAllowed(state.principal, found.operation.id);
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}

function headerParameters(req: ExpressRequest, id: OperationId): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const parameter of operations[id].parameters) {
    if (parameter.in !== 'header') continue;
    const value = req.get(parameter.name);
    if (value !== undefined) headers[parameter.name] = value;
  }
  return headers;
}

function send(res: Response, reply: { status: number; body: unknown; headers?: Record<string, string> }): void {
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  res.status(reply.status).json(reply.body);
}

/**
 * Runs the handler of the operation resolveOperations found; the Handlers type makes a missing
 * one a compile error.
 */
export function mountHandlers(ctx: DomainContext, handlers: Handlers): RequestHandler {
  return async (req, res, next) => {
    const state = locals(res);
    const id = state.operationId;
    if (!id || !state.pathParams) {
      next();
      return;
    }
    const handler = handlers[id] as Handler<OperationId>;
    const reply = await handler(ctx, {
      path: state.pathParams as never,
      query: req.query as never,
      headers: headerParameters(req, id) as never,
      body: req.body as never,
      principal: state.principal as Principal,
      requestId: state.requestId,
    });
    send(res, reply as { status: number; body: unknown; headers?: Record<string, string> });
  };
}

/** The `Location` of a created resource under the versioned base path. */
export function locationOf(path: string): Record<string, string> {
  return { Location: `/v1${path}` };
}

export function etagOf(revision: number): Record<string, string> {
  return { ETag: `"${revision}"` };
}
