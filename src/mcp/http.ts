import { Router, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { AppError } from '../domain/shared/errors';
import type { Principal } from '../domain/shared/principal';
import { BODY_VALUES_MAX, jsonBody, requireJson } from '../edge/body';
import { errorBody } from '../pipeline/envelope';
import type { ChargeRequest } from '../edge/rate-limit';
import { locals } from '../edge/request-context';
import { LARGEST_BODY_BYTES } from '../pipeline/operations';
import type { OperationPipeline } from '../pipeline/pipeline';
import type { ToolRunner } from './server';
import type { McpToolDefinition } from './tools';

export const MCP_PATH = '/mcp';
/** A JSON-RPC message carries one operation's body, at most the largest one plus room for the envelope. */
const MCP_BODY_LIMIT_BYTES = LARGEST_BODY_BYTES + 64 * 1024;
/**
 * The most messages of one JSON-RPC batch. Protocol version 2025-03-26 allows batches and later
 * ones removed them (the SDK's clients send one message per request), so two suffice: a batch of
 * two of the costliest searches costs the server about 140 ms of CPU on the embedded database,
 * within the 250 ms one request may cost, where four cost about 380.
 */
export const MCP_BATCH_MAX_MESSAGES = 2;
/** Once a request's answers come to this, its calls not yet begun are refused. */
export const MCP_ANSWER_LIMIT_BYTES = 2 * 1024 * 1024;

interface LocalRunnerOptions {
  readonly pipeline: OperationPipeline;
  readonly logger: Logger;
  /** Charges a tool call beyond the first of one HTTP request to the principal's rate budget. */
  readonly charge: ChargeRequest;
  readonly principal: Principal;
  readonly requestId: string;
  /** The HTTP answer the calls go out in (its rate-limit headers follow the charges). */
  readonly response: Response;
}

/**
 * Runs tools in this process through the operation pipeline, as REST requests run. The rate
 * limiter counted the HTTP request once, which pays for its first tool call or listing; every
 * further one of a JSON-RPC batch is charged as a request of its own, so a batch buys nothing a
 * client could not have by sending its calls one by one. And so they run: one after the other,
 * each after the event loop has served what else was waiting; none begins once the answers given
 * come to MCP_ANSWER_LIMIT_BYTES, and one that has begun is always answered (it may have written).
 */
export function localRunner(options: LocalRunnerOptions): ToolRunner {
  const { pipeline, logger, charge, principal, requestId, response } = options;
  let answeredBytes = 0;
  let calls = 0;
  /** Settles when the call or listing that began last has ended. */
  let previous = Promise.resolve();
  return {
    principal,
    requestId,
    async charge() {
      calls += 1;
      if (calls > 1) await charge(principal, response);
    },
    async begin() {
      let end!: () => void;
      const ended = new Promise<void>((resolve) => (end = resolve));
      const before = previous;
      previous = ended;
      await before;
      if (answeredBytes >= MCP_ANSWER_LIMIT_BYTES) {
        end();
        throw new AppError(
          'batch_response_too_large',
          `The answers of this request already come to ${MCP_ANSWER_LIMIT_BYTES} bytes; send this message in a request of its own.`,
          { limit_bytes: MCP_ANSWER_LIMIT_BYTES },
        );
      }
      // Other requests are served between one call and the next.
      await new Promise((resolve) => setImmediate(resolve));
      return end;
    },
    answered(bytes) {
      answeredBytes += bytes;
    },
    run(tool, args) {
      return pipeline.callWithArguments({ shape: tool, arguments: args, principal, requestId });
    },
    called(tool: McpToolDefinition, status: number, durationMs: number) {
      locals(response).toolCalls = (locals(response).toolCalls ?? 0) + 1;
      logger.info({ request_id: requestId, tool: tool.name, operation: tool.operationId, status, duration_ms: durationMs }, 'tool call');
      pipeline.record(principal, { method: 'POST', route: MCP_PATH, operation: tool.name, status, requestId, durationMs });
    },
  };
}

/** JSON-RPC's code for a request that is not a valid one. */
const INVALID_REQUEST = -32600;

const EMPTY_BATCH = { jsonrpc: '2.0', id: null, error: { code: INVALID_REQUEST, message: 'Invalid Request: a batch must hold at least one message.' } };

/** A batch over the limit: one JSON-RPC error for the whole batch, whose `data` is the envelope (`batch_too_large`). */
function batchTooLarge(requestId: string) {
  const error = new AppError('batch_too_large', `A JSON-RPC batch holds at most ${MCP_BATCH_MAX_MESSAGES} messages.`, {
    max_messages: MCP_BATCH_MAX_MESSAGES,
  });
  return { jsonrpc: '2.0', id: null, error: { code: INVALID_REQUEST, message: `Invalid Request: ${error.message}`, data: errorBody(error, requestId) } };
}

const notAllowed: RequestHandler = (_req, res, next) => {
  res.setHeader('Allow', 'POST');
  next(new AppError('method_not_allowed', 'MCP over Streamable HTTP is served statelessly here: send JSON-RPC messages with POST.'));
};

/**
 * `/mcp`: Streamable HTTP, stateless (a server per request, JSON answers), so any instance can
 * answer any request. Authentication and rate limits run before this router, as for `/v1`.
 */
export function mcpRouter(options: Omit<LocalRunnerOptions, 'principal' | 'requestId' | 'response'>): Router {
  const router = Router();
  router.post('/', requireJson, jsonBody(MCP_BODY_LIMIT_BYTES, MCP_BATCH_MAX_MESSAGES * BODY_VALUES_MAX), async (req, res, next) => {
    const state = locals(res);
    state.route = MCP_PATH;
    if (Array.isArray(req.body) && req.body.length === 0) {
      // JSON-RPC 2.0: an empty batch is answered with one "invalid request" error.
      res.status(400).json(EMPTY_BATCH);
      return;
    }
    if (Array.isArray(req.body) && req.body.length > MCP_BATCH_MAX_MESSAGES) {
      res.status(400).json(batchTooLarge(state.requestId));
      return;
    }
    // The MCP SDK and the tool definitions are loaded on the first MCP request, not with the app:
    // a service (or a test) that is only called over REST never pays for them.
    const { createMcpServer } = require('./server') as typeof import('./server');
    const { StreamableHTTPServerTransport } =
      require('@modelcontextprotocol/sdk/server/streamableHttp.js') as typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js');
    const server = createMcpServer(
      localRunner({ ...options, principal: state.principal as Principal, requestId: state.requestId, response: res }),
    );
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
