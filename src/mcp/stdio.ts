import { randomUUID } from 'node:crypto';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { callOperationUntyped, createMtlClient, type MtlClient } from '../../clients/typescript/src';
import { AppError, rateLimited } from '../domain/shared/errors';
import type { Principal } from '../domain/shared/principal';
import { argumentNaming, prepareArgumentCall, type ArgumentShape } from '../pipeline/arguments';
import { renamedFields } from '../pipeline/invalid-input';
import type { ErrorCode } from '../domain/shared/errors';
import { errorBody } from '../pipeline/envelope';
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
    async run(tool, args) {
      // The pipeline's first steps run here, so a call the server would refuse is refused without asking it.
      const request = prepareArgumentCall(tool, principal, args);
      try {
        const response = await callOperationUntyped(client, tool.operationId, {
          path: request.path,
          query: request.query,
          header: request.headers,
          body: request.body,
        });
        if (!isEnvelope(response.body)) {
          const error = foreignAnswer(baseUrl, response.status, response.headers);
          return { status: error.status, body: errorBody(error, randomUUID()), headers: {} };
        }
        return {
          headers: {},
          status: response.status,
          body: inArgumentTerms(response.body as Envelope, tool),
          replayed: response.headers.get('idempotent-replayed') === 'true',
        };
      } catch (err) {
        const error = new AppError('service_unavailable', `${unreachable(baseUrl, err)}.`, { retry_after_seconds: RETRY_AFTER_SECONDS });
        return { status: error.status, body: errorBody(error, randomUUID()), headers: {} };
      }
    },
  };
}

const RETRY_AFTER_SECONDS = 5;

type Envelope = { ok: boolean; error?: { code: ErrorCode; message: string; request_id: string; details?: Record<string, unknown> } };

/** A refusal of the server, whose fields a rule of the domain named as REST does (`/body/expires_at`), in the tool's terms. */
function inArgumentTerms(body: Envelope, tool: ArgumentShape): unknown {
  if (body.ok || !body.error) return body;
  const { code, message, details } = body.error;
  const renamed = renamedFields(new AppError(code, message, details), argumentNaming(tool));
  return { ...body, error: { ...body.error, message: renamed.message, ...(renamed.details ? { details: renamed.details } : {}) } };
}

/** MTL answers with its JSON envelope (`ok` true or false); a proxy's or another server's page is no such answer. */
function isEnvelope(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && typeof (body as { ok?: unknown }).ok === 'boolean';
}

/** Why MTL could not be asked, or answered with something that is not JSON. */
function unreachable(baseUrl: string, err: unknown): string {
  if (err instanceof SyntaxError) return `MTL at ${baseUrl} answered with something other than JSON`;
  const reason = err instanceof Error ? err.message : String(err);
  const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
  return `MTL at ${baseUrl} could not be reached: ${reason}${cause}`;
}

/** The seconds a `Retry-After` header names (a number of seconds or an HTTP date). */
function retryAfterSeconds(header: string | null): number {
  const seconds = Number(header ?? undefined);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const at = Date.parse(header ?? '');
  return Number.isNaN(at) ? 60 : Math.max(1, Math.ceil((at - Date.now()) / 1000));
}

/**
 * An answer without MTL's envelope (a proxy's 502 page, a gateway's plain-text 429) as the
 * refusal a client can act on: the same code and retry advice as MTL's own answer would carry.
 */
function foreignAnswer(baseUrl: string, status: number, headers: Headers): AppError {
  if (status === 429) {
    return rateLimited(retryAfterSeconds(headers.get('retry-after')));
  }
  return new AppError('service_unavailable', `MTL at ${baseUrl} answered HTTP ${status} without MTL's JSON envelope (a proxy's page, or no MTL at this address).`, {
    retry_after_seconds: RETRY_AFTER_SECONDS,
  });
}

/** Who the key is, so tools/list shows only the tools it may call (by its mode: the server checks the rest). */
export async function principalOf(client: MtlClient, baseUrl: string): Promise<Principal> {
  const { data: body, error, response } = await client.GET('/principal').catch((err: unknown) => {
    throw new Error(unreachable(baseUrl, err));
  });
  if (!isEnvelope(body ?? error)) throw new Error(foreignAnswer(baseUrl, response.status, response.headers).message);
  if (!body) {
    const refused = response.status === 401 || response.status === 403;
    throw new Error(`${refused ? 'MTL refused the credential' : `MTL at ${baseUrl} could not check the credential`}: ${error?.error.code}: ${error?.error.message}`);
  }
  const { data } = body;
  return data.kind === 'api_key' && data.key_id && data.key_mode
    ? { kind: 'api_key', accountId: '', keyId: data.key_id, lineId: data.key_id, mode: data.key_mode }
    : { kind: 'session', accountId: '' };
}

export async function serveStdio(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const baseUrl = env.MTL_BASE_URL;
  const token = env.MTL_API_KEY;
  if (!baseUrl) throw new Error('MTL_BASE_URL is not set: give the address of a running MTL, such as http://localhost:3000.');
  if (!token) throw new Error('MTL_API_KEY is not set: give an API key (mtl_ro_… or mtl_rw_…).');
  const client = createMtlClient({ baseUrl, token, userAgent: 'mtl-mcp-stdio' });
  const principal = await principalOf(client, baseUrl);
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
