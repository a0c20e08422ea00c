import { Router, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import { AppError } from '../domain/shared/errors';
import type { Principal } from '../domain/shared/principal';
import { jsonBody, requireJson } from '../http/body';
import { errorBody } from '../http/errors';
import { locals } from '../http/request-context';
import { LARGEST_BODY_BYTES } from '../pipeline/operations';
import type { OperationPipeline } from '../pipeline/pipeline';
import type { ToolRunner } from './server';
import type { McpToolDefinition } from './tools';

export const MCP_PATH = '/mcp';
/** A JSON-RPC message carries one operation's body, at most the largest one plus room for the envelope. */
const MCP_BODY_LIMIT_BYTES = LARGEST_BODY_BYTES + 64 * 1024;

interface LocalRunnerOptions {
  readonly pipeline: OperationPipeline;
  readonly logger: Logger;
  readonly principal: Principal;
  readonly requestId: string;
}

/** Runs tools in this process through the operation pipeline, as REST requests run. */
export function localRunner(options: LocalRunnerOptions): ToolRunner {
  const { pipeline, logger, principal, requestId } = options;
  return {
    principal,
    requestId,
    run(tool, request) {
      return pipeline.execute({ id: tool.operationId, ...request, principal, requestId });
    },
    called(tool: McpToolDefinition, status: number, durationMs: number) {
      logger.info({ request_id: requestId, tool: tool.name, operation: tool.operationId, status, duration_ms: durationMs }, 'tool call');
      pipeline.record(principal, { method: 'POST', route: MCP_PATH, operation: tool.name, status, requestId, durationMs });
    },
  };
}

/**
 * A tools/call whose `arguments` is not an object is answered as a refused call (the error
 * envelope, as for any other bad argument) rather than left to the protocol layer's own wording.
 */
function refuseMalformedCall(message: unknown, requestId: string, toolResult: (typeof import('./server'))['toolResult']): unknown {
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
    // The MCP SDK and the tool definitions are loaded on the first MCP request, not with the app:
    // a service (or a test) that is only called over REST never pays for them.
    const { createMcpServer, toolResult } = require('./server') as typeof import('./server');
    const { StreamableHTTPServerTransport } =
      require('@modelcontextprotocol/sdk/server/streamableHttp.js') as typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js');
    const server = createMcpServer(
      localRunner({ ...options, principal: state.principal as Principal, requestId: state.requestId }),
    );
    const refused = refuseMalformedCall(req.body, state.requestId, toolResult);
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
