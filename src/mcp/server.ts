import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolRequest,
  type CallToolResult,
  type JSONRPCMessage,
  type RequestId,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { operations } from '../generated/contract';
import type { Principal } from '../domain/shared/principal';
import { asAppError, errorBody } from '../pipeline/envelope';
import type { OperationResult } from '../pipeline/pipeline';
import { findTool, toolsFor, type McpToolDefinition } from './tools';

export const SERVER_INFO = { name: 'mtl', title: 'MTL — Memory and Template Library', version: '1.0.0' };

export const INSTRUCTIONS = [
  "MTL keeps the user's Memories, the Subjects they are about, reviewed Facts, and a public Library of Templates.",
  'Start a task with get_startup_context; keep its checkpoint and call resume_context with it later to get only what changed.',
  'Find Memories with search_memories, read several at once with get_memories, and record what matters with create_memory,',
  'linking it to a Subject with link_memory. Propose Facts with suggest_fact: the user reviews them in the application.',
  'A refused call is a tool error whose JSON carries error.code, error.message and error.retryable, as the REST API does.',
].join(' ');

/** Runs tool calls for one principal: in this process (/mcp) or against a running MTL (stdio). */
export interface ToolRunner {
  readonly principal: Principal;
  /** The request ID that error envelopes made here carry. */
  readonly requestId: string;
  /** Takes the call from the principal's rate budget, or refuses it (`rate_limited`). */
  charge?(): Promise<void>;
  /**
   * Waits until a call or listing of the request may run, and returns what ends its turn; or
   * refuses it (`batch_response_too_large`) once the request's answers are full. Charges are taken
   * in the turn.
   */
  begin?(): Promise<() => void>;
  /** Counts the bytes of an answer given (toward what one request may answer in all). */
  answered?(bytes: number): void;
  /** Runs the tool's operation with the call's arguments (checked by the operation pipeline); refusals are envelopes. */
  run(tool: McpToolDefinition, args: unknown): Promise<OperationResult>;
  /** Called once per tool call with the REST status it came to (for activity and logs). */
  called?(tool: McpToolDefinition, status: number, durationMs: number): void;
}

const WRITE_METHODS_IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);

/**
 * A tool as `tools/list` gives it, kept small for an agent's context (see the README's figure):
 * a few sentences of description, the compact input schema (the server checks the full one), no
 * output schema (every answer is the operation's JSON envelope, as text and as structured
 * content), and of the annotations those that differ from MCP's defaults or say what a tool does.
 */
function listing(tool: McpToolDefinition): Tool {
  const method = operations[tool.operationId].method;
  const idempotent = WRITE_METHODS_IDEMPOTENT.has(method) || tool.readOnly;
  return {
    name: tool.name,
    description: tool.listedDescription,
    inputSchema: tool.listedInputSchema as Tool['inputSchema'],
    annotations: {
      readOnlyHint: tool.readOnly,
      // Meaningful for a write only (MCP's default is true).
      ...(tool.readOnly ? {} : { destructiveHint: tool.destructive }),
      ...(idempotent ? { idempotentHint: true } : {}),
      openWorldHint: false,
    },
  };
}

export function toolResult(result: OperationResult): CallToolResult {
  const text = JSON.stringify(result.body);
  const meta = result.replayed ? { _meta: { 'mtl/idempotent-replayed': true } } : {};
  if (result.status >= 400) return { isError: true, content: [{ type: 'text', text }], ...meta };
  return { content: [{ type: 'text', text }], structuredContent: result.body as Record<string, unknown>, ...meta };
}

/** One call: the same checks, the same operation and the same error envelope as over REST. */
export async function callTool(runner: ToolRunner, name: string, args: unknown): Promise<CallToolResult> {
  const tool = findTool(name);
  if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  return inTurn(runner, async () => {
    const started = process.hrtime.bigint();
    let result: OperationResult;
    try {
      await runner.charge?.();
      result = await runner.run(tool, args);
    } catch (err) {
      const error = asAppError(err);
      result = { status: error.status, body: errorBody(error, runner.requestId), headers: {} };
    }
    runner.called?.(tool, result.status, Number((process.hrtime.bigint() - started) / 1_000_000n));
    const answer = toolResult(result);
    runner.answered?.(sizeOf(answer));
    return answer;
  });
}

/** About how many bytes a tool result takes in the answer: its text, and the same JSON again as structuredContent. */
function sizeOf(answer: CallToolResult): number {
  const [content] = answer.content;
  const text = content?.type === 'text' ? Buffer.byteLength(content.text) : 0;
  return answer.structuredContent ? 2 * text : text;
}

/** JSON-RPC's code for an error the server defines (a refusal that has no tool result to be given in). */
const SERVER_ERROR = -32000;

/** A refusal as a JSON-RPC error whose `data` is the REST error envelope. */
function asJsonRpcError(err: unknown, runner: ToolRunner): McpError {
  const error = asAppError(err);
  return new McpError(SERVER_ERROR, error.message, errorBody(error, runner.requestId));
}

/**
 * Runs a call or listing in its turn (a batch's run one after the other). One refused for the
 * request's answers being full has not run: a JSON-RPC error.
 */
async function inTurn<T>(runner: ToolRunner, work: () => Promise<T>): Promise<T> {
  let end: (() => void) | undefined;
  try {
    end = await runner.begin?.();
  } catch (err) {
    throw asJsonRpcError(err, runner);
  }
  try {
    return await work();
  } finally {
    end?.();
  }
}

/**
 * A listing is charged like a tool call (it is the largest answer the server gives). Over the
 * budget it has no tool result to be refused in: it is a JSON-RPC error whose `data` is the REST
 * error envelope (`rate_limited`).
 */
async function chargeListing(runner: ToolRunner): Promise<void> {
  try {
    await runner.charge?.();
  } catch (err) {
    throw asJsonRpcError(err, runner);
  }
}

interface Listing {
  readonly result: { readonly tools: readonly Tool[] };
  /** The length of its JSON, toward what one request may answer. */
  readonly bytes: number;
}

const listings = new Map<string, Listing>();

/**
 * The tools/list answer of a kind of principal (a session, or a key of one mode): made and
 * measured once, then shared by every request and every listing of a batch.
 */
export function listingFor(principal: Principal): Listing {
  const kind = principal.kind === 'api_key' ? `api_key:${principal.mode}` : principal.kind;
  let found = listings.get(kind);
  if (!found) {
    const result = Object.freeze({ tools: Object.freeze(toolsFor(principal).map(listing)) });
    found = { result, bytes: Buffer.byteLength(JSON.stringify(result)) };
    listings.set(kind, found);
  }
  return found;
}

/**
 * A server that refuses a tools/call whose `arguments` is not an object as it refuses any other
 * bad argument (a tool error with the envelope), whether the call came alone, in a JSON-RPC batch
 * or over stdio. The protocol layer's own check of such a call would answer it with a JSON-RPC
 * internal error: the arguments are set aside, by request ID, before the message reaches it. A
 * call refused before its handler runs (one without a tool name) leaves its entry to be dropped
 * with its answer, so that a long-lived server (stdio) keeps none, and a later call that reuses the
 * ID is not given them.
 */
class ToolServer extends Server {
  private readonly setAside = new Map<RequestId, unknown>();

  /** The arguments a call was sent with (those set aside, if any), once. */
  argumentsOf(id: RequestId, given: unknown): unknown {
    if (!this.setAside.has(id)) return given;
    const sent = this.setAside.get(id);
    this.setAside.delete(id);
    return sent;
  }

  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    const deliver = transport.onmessage;
    transport.onmessage = (message, extra) => deliver?.(this.withArgumentsSetAside(message), extra);
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      if ('id' in message && message.id !== undefined && !('method' in message)) this.setAside.delete(message.id);
      return send(message, options);
    };
  }

  private withArgumentsSetAside<T extends JSONRPCMessage>(message: T): T {
    if (!('method' in message) || message.method !== 'tools/call' || !('id' in message)) return message;
    const params = message.params as { arguments?: unknown } | undefined;
    const args = params?.arguments;
    if (args === undefined || (typeof args === 'object' && args !== null && !Array.isArray(args))) return message;
    this.setAside.set(message.id, args);
    return { ...message, params: { ...params, arguments: {} } };
  }
}

const ANY_TOOL_CALL = CallToolRequestSchema.pick({ method: true }).passthrough();

/** An MCP server offering the principal's tools; one is made per HTTP request (stateless). */
export function createMcpServer(runner: ToolRunner): Server {
  const server = new ToolServer(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () =>
    inTurn(runner, async () => {
      await chargeListing(runner);
      const { result, bytes } = listingFor(runner.principal);
      runner.answered?.(bytes);
      return result as { tools: Tool[] };
    }),
  );
  // The handler is registered under a schema that checks only the method: the SDK's server then
  // checks the call itself and refuses one without a tool name with "invalid params" (-32602); under
  // the full schema the protocol layer's own check would answer it with an internal error (-32603).
  server.setRequestHandler(ANY_TOOL_CALL, (request, extra) => {
    const { params } = request as unknown as CallToolRequest;
    return callTool(runner, params.name, server.argumentsOf(extra.requestId, params.arguments));
  });
  return server;
}
