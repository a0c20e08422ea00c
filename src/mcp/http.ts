import { Router, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { limits, operations, type OperationId } from '../generated/contract';
import type { DomainContext } from '../domain/context';
import { fingerprint, type IdempotencyStore } from '../domain/idempotency';
import { AppError, safeError } from '../domain/shared/errors';
import type { Principal } from '../domain/shared/principal';
import { jsonBody, requireJson } from '../http/body';
import { errorBody, toAppError } from '../http/errors';
import type { Handler, Handlers } from '../http/handler';
import { locals } from '../http/request-context';
import { createMcpServer, toolResult, type ToolRunner } from './server';
import type { McpToolDefinition, OperationRequest, OperationResult } from './tools';

export const MCP_PATH = '/mcp';
/** A draft update travels inside a JSON-RPC message: its own limit plus room for the envelope. */
const MCP_BODY_LIMIT_BYTES = limits.draftBodyBytesMax + 64 * 1024;
const REPLAYED_HEADERS = ['Location', 'ETag'];

interface LocalRunnerOptions {
  readonly ctx: DomainContext;
  readonly handlers: Handlers;
  readonly idempotency: IdempotencyStore;
  readonly logger: Logger;
  readonly principal: Principal;
  readonly requestId: string;
}

/** Runs tools in this process through the REST handlers, with the REST idempotency store. */
export function localRunner(options: LocalRunnerOptions): ToolRunner {
  const { ctx, handlers, idempotency, logger, principal, requestId } = options;

  async function execute(id: OperationId, request: OperationRequest): Promise<OperationResult> {
    try {
      const handler = handlers[id] as Handler<OperationId>;
      const reply = (await handler(ctx, { ...request, principal, requestId } as never)) as {
        status: number;
        body: unknown;
        headers?: Record<string, string>;
      };
      const headers: Record<string, string> = {};
      for (const name of REPLAYED_HEADERS) {
        const value = reply.headers?.[name];
        if (value !== undefined) headers[name.toLowerCase()] = value;
      }
      return { status: reply.status, body: reply.body, headers };
    } catch (err) {
      const error = toAppError(err, { operationId: id, body: request.body });
      if (error.status >= 500) logger.error({ error: safeError(err), request_id: requestId, operation: id }, 'tool call failed');
      return { status: error.status, body: errorBody(error, requestId) };
    }
  }

  return {
    principal,
    requestId,
    async run(tool, request) {
      const id = tool.operationId;
      const key = request.headers['Idempotency-Key'];
      if (!key || !operations[id].idempotent) return execute(id, request);
      const claim = await idempotency.claim(
        principal,
        key,
        id,
        fingerprint(id, { params: request.path, query: request.query, body: request.body }),
      );
      if (claim.kind === 'replay') return { status: claim.response.status, body: claim.response.body, replayed: true };
      const result = await execute(id, request);
      await idempotency
        .complete(principal, key, { status: result.status, body: result.body, headers: result.headers ?? {} })
        .catch((err: unknown) => logger.warn({ error: safeError(err) }, 'storing an idempotent response failed'));
      return result;
    },
    called(tool: McpToolDefinition, status: number, durationMs: number) {
      logger.info({ request_id: requestId, tool: tool.name, operation: tool.operationId, status, duration_ms: durationMs }, 'tool call');
      if (principal.kind !== 'api_key') return;
      ctx.activity.record({
        accountId: principal.accountId,
        keyId: principal.keyId,
        at: ctx.clock.now(),
        method: 'POST',
        route: MCP_PATH,
        operation: tool.name,
        status,
        requestId,
        durationMs,
      });
    },
  };
}

/**
 * A tools/call whose `arguments` is not an object is answered as a refused call (the error
 * envelope, as for any other bad argument) rather than left to the protocol layer's own wording.
 */
function refuseMalformedCall(message: unknown, requestId: string): unknown {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
  const { method, id, params } = message as { method?: unknown; id?: unknown; params?: { arguments?: unknown } };
  if (method !== 'tools/call' || id === undefined || typeof params !== 'object' || params === null) return null;
  const args = params.arguments;
  if (args === undefined || (typeof args === 'object' && args !== null && !Array.isArray(args))) return null;
  const error = { in: 'body', path: '/arguments', message: 'must be an object' };
  const refusal = new AppError('invalid_request', `${error.path} ${error.message}`, { errors: [error] });
  return { jsonrpc: '2.0', id, result: toolResult({ status: refusal.status, body: errorBody(refusal, requestId) }) };
}

const notAllowed: RequestHandler = (_req, res, next) => {
  res.setHeader('Allow', 'POST');
  next(new AppError('method_not_allowed', 'MCP over Streamable HTTP is served statelessly here: send JSON-RPC messages with POST.'));
};

/**
 * `/mcp`: Streamable HTTP, stateless (a server per request, JSON answers), so any instance can
 * answer any request. Authentication and rate limits run before this router, as for `/v1`.
 */
export function mcpRouter(options: Omit<LocalRunnerOptions, 'principal' | 'requestId'>): Router {
  const router = Router();
  router.post('/', requireJson, jsonBody(MCP_BODY_LIMIT_BYTES), async (req, res, next) => {
    const state = locals(res);
    state.route = MCP_PATH;
    const server = createMcpServer(
      localRunner({ ...options, principal: state.principal as Principal, requestId: state.requestId }),
    );
    const refused = refuseMalformedCall(req.body, state.requestId);
    if (refused) {
      res.json(refused);
      return;
    }
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (err) {
      next(err);
    }
  });
  router.all('/', notAllowed);
  return router;
}
