import { randomUUID } from 'node:crypto';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { callOperationUntyped, createMtlClient, type MtlClient } from '../../clients/typescript/src';
import { AppError } from '../domain/shared/errors';
import type { Principal } from '../domain/shared/principal';
import { errorBody } from '../http/errors';
import { createMcpServer, type ToolRunner } from './server';

/**
 * The MCP tools over stdio, for desktop clients that only speak stdio: each tool call becomes the
 * REST request of its operation to a running MTL (MTL_BASE_URL) with MTL_API_KEY, so the server
 * applies every rule; arguments and key modes are checked here first, with the same codes.
 */
export function remoteRunner(client: MtlClient, principal: Principal, baseUrl: string): ToolRunner {
  return {
    principal,
    get requestId() {
      return randomUUID();
    },
    async run(tool, request) {
      try {
        const response = await callOperationUntyped(client, tool.operationId, {
          path: request.path,
          query: request.query,
          header: request.headers,
          body: request.body,
        });
        return {
          status: response.status,
          body: response.body,
          replayed: response.headers.get('idempotent-replayed') === 'true',
        };
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        const error = new AppError('service_unavailable', `MTL at ${baseUrl} could not be reached: ${reason}`, {
          retry_after_seconds: 5,
        });
        return { status: error.status, body: errorBody(error, randomUUID()) };
      }
    },
  };
}

/** Who the key is, so tools/list shows only the tools it may call. */
export async function principalOf(client: MtlClient): Promise<Principal> {
  const { data: body, error } = await client.GET('/principal');
  if (!body) throw new Error(`MTL refused the credential: ${error?.error.code}: ${error?.error.message}`);
  const { data } = body;
  return data.kind === 'api_key' && data.key_id && data.key_mode
    ? { kind: 'api_key', accountId: '', keyId: data.key_id, mode: data.key_mode }
    : { kind: 'session', accountId: '' };
}

export async function serveStdio(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const baseUrl = env.MTL_BASE_URL;
  const token = env.MTL_API_KEY;
  if (!baseUrl) throw new Error('MTL_BASE_URL is not set: give the address of a running MTL, such as http://localhost:3000.');
  if (!token) throw new Error('MTL_API_KEY is not set: give an API key (mtl_ro_… or mtl_rw_…).');
  const client = createMtlClient({ baseUrl, token, userAgent: 'mtl-mcp-stdio' });
  const principal = await principalOf(client);
  const server = createMcpServer(remoteRunner(client, principal, baseUrl));
  await server.connect(new StdioServerTransport());
}

if (require.main === module) {
  serveStdio().catch((err: unknown) => {
    // stdout carries the protocol: everything else goes to stderr.
    process.stderr.write(`mtl-mcp: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
