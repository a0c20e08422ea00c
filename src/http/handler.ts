import { Router, type Request as ExpressRequest, type RequestHandler, type Response } from 'express';
import { operations, type OperationId } from '../generated/contract';
import type { JsonBody, Part, RequestBody, RequestParameters, Responses, SuccessStatus } from '../contract-types';
import type { DomainContext } from '../domain/context';
import { assertOperationAllowed, type Principal } from '../domain/shared/principal';
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

const toExpressPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

/** Static segments before parameters, so /memories/search is never taken for /memories/{id}. */
function routeOrder([, a]: [string, { path: string }], [, b]: [string, { path: string }]): number {
  const rank = (path: string) => path.split('/').map((segment) => (segment.startsWith('{') ? '~' : segment)).join('/');
  return rank(a.path) < rank(b.path) ? -1 : rank(a.path) > rank(b.path) ? 1 : 0;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const entries = (Object.entries(operations) as Array<[OperationId, (typeof operations)[OperationId]]>).sort(routeOrder);

/**
 * Names the operation of a request (for logs and activity) and applies its access rule before
 * the body is validated, so a read-only key learns that it may not write, not what to fix.
 */
export function resolveOperations(basePath: string): Router {
  const router = Router();
  for (const [id, op] of entries) {
    router[op.method.toLowerCase() as Method](toExpressPath(op.path), (_req, res, next) => {
      const state = locals(res);
      state.operationId = id;
      state.route = basePath + op.path;
      try {
        if (state.principal) assertOperationAllowed(state.principal, id);
        next('router');
      } catch (err) {
        next(err);
      }
    });
  }
  return router;
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

/** Mounts one handler per operation of the contract; the Handlers type makes a missing one a compile error. */
export function mountHandlers(ctx: DomainContext, handlers: Handlers): Router {
  const router = Router();
  for (const [id, op] of entries) {
    const handler = handlers[id] as Handler<OperationId>;
    const route: RequestHandler = async (req, res) => {
      const state = locals(res);
      const reply = await handler(ctx, {
        path: req.params as never,
        query: req.query as never,
        headers: headerParameters(req, id) as never,
        body: req.body as never,
        principal: state.principal as Principal,
        requestId: state.requestId,
      });
      send(res, reply as { status: number; body: unknown; headers?: Record<string, string> });
    };
    router[op.method.toLowerCase() as Method](toExpressPath(op.path), route);
  }
  return router;
}

/** The `Location` of a created resource under the versioned base path. */
export function locationOf(path: string): Record<string, string> {
  return { Location: `/v1${path}` };
}

export function etagOf(revision: number): Record<string, string> {
  return { ETag: `"${revision}"` };
}
