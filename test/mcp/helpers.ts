import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { startListeningApp, type ListeningTestApp, type startTestApp } from '../support/app';

export interface McpTestApp extends ListeningTestApp {
  /** An MCP client connected to /mcp with this bearer token. */
  connect(token: string): Promise<Client>;
}

/**
 * The clients' check of structured results against each tool's outputSchema, compiled once per
 * test file: the SDK compiles every tool's schema again for each client that lists the tools,
 * which was most of the MCP tests' time.
 */
class CompiledOnce implements jsonSchemaValidator {
  private readonly ajv = new AjvJsonSchemaValidator();
  private readonly compiled = new Map<string, JsonSchemaValidator<unknown>>();

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.getValidator<unknown>(schema);
      this.compiled.set(key, validate);
    }
    return validate as JsonSchemaValidator<T>;
  }
}

export const sharedSchemaValidator: jsonSchemaValidator = new CompiledOnce();

/** The real app listening on a port, for MCP clients that speak HTTP. */
export async function startMcpTestApp(options: Parameters<typeof startTestApp>[0] = {}): Promise<McpTestApp> {
  const testApp = await startListeningApp(options);
  const { baseUrl } = testApp;
  const clients: Client[] = [];
  return {
    ...testApp,
    async connect(token) {
      const client = new Client({ name: 'mtl-tests', version: '1.0.0' }, { jsonSchemaValidator: sharedSchemaValidator });
      const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      });
      await client.connect(transport);
      // Listing the tools makes the client check every structured result against the tool's
      // outputSchema (the contract's response schema).
      await client.listTools();
      clients.push(client);
      return client;
    },
    async close() {
      await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
      await testApp.close();
    },
  };
}

interface Envelope {
  ok: boolean;
  data?: any;
  next_cursor?: string | null;
  error?: { code: string; message: string; status: number; retryable: boolean; request_id: string; details?: any };
}

/** The JSON envelope a tool call answered with (its text content), whether it succeeded or not. */
export function envelopeOf(result: unknown): Envelope {
  const content = (result as CallToolResult).content;
  const text = content.find((item) => item.type === 'text');
  if (!text || text.type !== 'text') throw new Error(`the tool result has no text content: ${JSON.stringify(result)}`);
  return JSON.parse(text.text) as Envelope;
}

/** Calls a tool and returns its success envelope, failing the test with the error if it was refused. */
export async function callOk(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Envelope> {
  const result = await client.callTool({ name, arguments: args });
  const envelope = envelopeOf(result);
  if (result.isError) throw new Error(`${name} was refused: ${JSON.stringify(envelope.error)}`);
  expect(result.structuredContent).toEqual(envelope);
  return envelope;
}

/** Calls a tool that must be refused and returns its error (code, message, status, …). */
export async function callError(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  const envelope = envelopeOf(result);
  if (!result.isError) throw new Error(`${name} should have been refused but answered ${JSON.stringify(envelope)}`);
  expect(envelope.ok).toBe(false);
  return envelope.error!;
}
