import { currentWalPosition, formatLsn, parseLsn, type ReadReplicas } from '../db/replicas';
import type { Logger } from 'pino';
import { operations, type OperationId } from '../generated/contract';
import type { ActivityEntry } from '../domain/api-keys/activity';
import type { Services } from '../domain/services';
import type { AccountQueue } from '../domain/shared/account-queue';
import { assertNotBeingImported } from '../domain/portability/running-imports';
import { assertNotBeingExported } from '../domain/portability/export-slots';
import { fingerprint, keyReused, type IdempotencyStore } from '../domain/idempotency/idempotency';
import { safeError } from '../domain/shared/errors';
import { assertOperationAllowed, type Caller, type Principal } from '../domain/shared/principal';
import { argumentNaming, prepareArgumentCall, type ArgumentShape } from './arguments';
import { asAppError, errorBody } from './envelope';
import { renamedFields, type FieldNaming } from './invalid-input';
import type { Handler, Handlers, Upload } from './handlers';
import { bodyLimitOf } from './operations';
import { DigestedUpload } from './upload-digest';

/** The operations that change an account (all but reads: GET, and retrieval by POST). */
const CHANGES: ReadonlySet<OperationId> = new Set(
  (Object.keys(operations) as OperationId[]).filter((id) => operations[id].method.toUpperCase() !== 'GET' && operations[id].access !== 'read'),
);

/**
 * One path from a request to the domain, whichever transport it came by: the caller's access
 * (`admit`), the input's check against the contract, idempotency, the operation's handler, its
 * answer or error envelope, and the API key's activity entry (`record`).
 *
 * A REST request is checked by express-openapi-validator, which runs in the validation slot of
 * the REST transport's route (after `admit`, before `execute`); a call that names the inputs as
 * arguments (MCP, the application's forms) goes through `callWithArguments`, which admits it,
 * checks it with the validators generated from the contract and executes it.
 */

/** An operation's request after validation, as every transport hands it over. */
export interface OperationCall {
  readonly id: OperationId;
  readonly path: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly headers: Record<string, string>;
  readonly body: unknown;
  /** A streamed body (an import's lines), for the operations that take one. */
  readonly upload?: Upload;
  /** An account's principal, or a visitor of the Library website (published data only). */
  readonly principal: Caller;
  readonly requestId: string;
  /** How the caller names a field (by default REST's pointers, which the domain's rules use too). */
  readonly naming?: FieldNaming;
}

/** An operation's answer: a success body, or an error envelope with its status. */
export interface OperationResult {
  readonly status: number;
  readonly body: unknown;
  /** Headers to send with it (`location` and `etag` of a success, `retry-after` of an error…), lower case. */
  readonly headers: Record<string, string>;
  /** True when an Idempotency-Key replayed a stored answer. */
  readonly replayed?: boolean;
}

/** A call that names the operation's inputs as arguments (an MCP tool call, a form). */
export interface ArgumentCall {
  readonly shape: ArgumentShape;
  readonly arguments: unknown;
  readonly principal: Caller;
  readonly requestId: string;
}

/** One line of an API key's activity, as a transport knows it (whose key and when are added here). */
export type CallRecord = Omit<ActivityEntry, 'accountId' | 'keyId' | 'at'>;

/** The answer's headers that a replay repeats. */
const REPLAYED_HEADERS = ['location', 'etag'];
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface PipelineDependencies {
  readonly services: Services;
  readonly handlers: Handlers;
  readonly idempotency: IdempotencyStore;
  readonly logger: Logger;
  /** How many operations of one account run at once; the rest wait their turn (see AccountQueue). */
  readonly accounts: AccountQueue;
  /** Read replicas (DATABASE_REPLICA_URLS), if any: reads go to one that has replayed the caller's writes. */
  readonly replicas?: ReadReplicas;
}

/**
 * The header that carries a write's WAL position in its answer, and that a later request may
 * carry back (through another instance, say) so that its reads see that write.
 */
export const READ_AFTER_HEADER = 'MTL-Read-After';

/**
 * Reads that stay on the primary: a key's activity is written (the buffered lines flushed) just
 * before it is read, and an export reads one long snapshot, which a standby would cancel when its
 * replay needs the rows (`max_standby_streaming_delay`).
 */
const READS_ON_PRIMARY: ReadonlySet<OperationId> = new Set(['listApiKeyActivity', 'listConnectionActivity', 'exportAccount']);

export class OperationPipeline {
  constructor(private readonly deps: PipelineDependencies) {}

  /** The caller's access to the operation, checked before its input: a read-only key learns that it may not write, not what to fix. */
  admit(principal: Principal, id: OperationId): void {
    assertOperationAllowed(principal, id);
  }

  /** Admits, checks and runs a call made with arguments; every refusal is its envelope, with each field named by its argument. */
  async callWithArguments(call: ArgumentCall): Promise<OperationResult> {
    const id = call.shape.operationId;
    const naming = argumentNaming(call.shape);
    let request;
    try {
      request = prepareArgumentCall(call.shape, call.principal, call.arguments);
    } catch (err) {
      // Refused by the checks of the arguments, which name each field by its argument already.
      return this.refusal({ id, requestId: call.requestId }, err);
    }
    return this.execute({ id, ...request, principal: call.principal, requestId: call.requestId, naming });
  }

  /**
   * Runs a validated call, in its account's turn: idempotency, then the handler; every error
   * becomes its envelope.
   */
  async execute(received: OperationCall): Promise<OperationResult> {
    const call = withBodyDefaults(received);
    try {
      const { principal } = call;
      // A visitor reads published data, which belongs to no account's turn (and keeps no idempotency record).
      if (principal.kind === 'visitor') return await this.invoke(call);
      return await this.deps.accounts.run(principal.accountId, () => this.executeInTurn({ ...call, principal }));
    } catch (err) {
      return this.refusal(call, err);
    }
  }

  private async executeInTurn(call: OperationCall & { readonly principal: Principal }): Promise<OperationResult> {
    try {
      const key = call.headers[IDEMPOTENCY_HEADER];
      if (!key || !operations[call.id].idempotent) return await this.invoke(call);
      const { idempotency } = this.deps;
      const upload = call.upload ? new DigestedUpload(call.upload, bodyLimitOf(call.id)) : undefined;
      const claim = await idempotency.claim(
        call.principal,
        key,
        call.id,
        fingerprint(call.id, {
          params: call.path,
          query: call.query,
          // A streamed body is not read before the claim: it is told apart by its length here, and
          // by its content before a stored answer is replayed.
          body: call.upload ? { upload_length: call.upload.length ?? null } : (call.body ?? null),
        }),
      );
      if (claim.kind === 'replay') {
        if (upload && claim.contentSha256 !== null && (await upload.drain()) !== claim.contentSha256) throw keyReused();
        return {
          status: claim.response.status,
          body: withRequestId(claim.response.body, call.requestId),
          headers: lowerCased(claim.response.headers),
          replayed: true,
        };
      }
      const markWrite = idempotency.writeMark(call.principal, claim.row);
      const result = await this.invoke(upload ? { ...call, upload: upload.upload } : call, markWrite).catch((err: unknown) => this.refusal(call, err));
      const kept = Object.fromEntries(REPLAYED_HEADERS.flatMap((name) => (result.headers[name] ? [[name, result.headers[name]]] : [])));
      await idempotency
        .complete(call.principal, claim.row, {
          response: { status: result.status, body: result.body, headers: kept },
          contentSha256: upload?.digest() ?? null,
        })
        .catch((err: unknown) => this.deps.logger.warn({ error: safeError(err) }, 'storing an idempotent response failed'));
      return result;
    } catch (err) {
      return this.refusal(call, err);
    }
  }

  /** A streamed answer that failed after its status was sent: the client sees it cut short; we log why. */
  streamFailed(requestId: string, err: unknown): void {
    this.deps.logger.error({ error: safeError(err), request_id: requestId }, 'streaming a response failed');
  }

  /** Adds a line to the API key's activity (sessions have none). */
  record(principal: Caller | undefined, entry: CallRecord): void {
    if (principal?.kind !== 'api_key') return;
    const { services } = this.deps;
    services.activity.record({ accountId: principal.accountId, keyId: principal.keyId, at: services.clock.now(), ...entry });
  }

  private async invoke(call: OperationCall, markWrite?: Services['markWrite']): Promise<OperationResult> {
    const { principal } = call;
    if (principal.kind === 'visitor') {
      assertOperationAllowed(principal, call.id);
    } else {
      assertNotBeingImported(this.deps.services.imports, principal.accountId);
      if (CHANGES.has(call.id)) assertNotBeingExported(this.deps.services.exports, principal.accountId);
    }
    const handler = this.deps.handlers[call.id] as Handler<OperationId>;
    const { replicas, services } = this.deps;
    const accountId = principal.kind === 'visitor' ? null : principal.accountId;
    const changes = CHANGES.has(call.id);
    const reader =
      replicas && !changes && !READS_ON_PRIMARY.has(call.id) ? replicas.reader(accountId, parseLsn(call.headers[READ_AFTER_HEADER] ?? '')) : null;
    const scoped = reader ? { ...services, db: reader } : markWrite ? { ...services, markWrite } : services;
    const reply = (await handler(scoped, call as never)) as {
      status: number;
      body: unknown;
      headers?: Record<string, string>;
    };
    const headers = lowerCased(reply.headers ?? {});
    if (replicas && changes && accountId !== null && reply.status < 400) {
      // At or after this write's commit: the account's reads wait for a replica to replay it. The
      // write has committed: a primary that stops answering now fails none of it (the account
      // then reads from the primary for a while).
      const position = await currentWalPosition(services.db).catch(() => null);
      replicas.wrote(accountId, position);
      if (position !== null) headers[READ_AFTER_HEADER.toLowerCase()] = formatLsn(position);
    }
    return { status: reply.status, body: reply.body, headers };
  }

  /** An error as the caller sees it; failures on our side are logged. */
  private refusal(call: Pick<OperationCall, 'id' | 'requestId' | 'naming'>, err: unknown): OperationResult {
    const error = call.naming ? renamedFields(asAppError(err), call.naming) : asAppError(err);
    if (error.status === 503) {
      this.deps.logger.warn({ error: safeError(err), request_id: call.requestId }, 'database unavailable');
    } else if (error.status >= 500) {
      this.deps.logger.error({ error: safeError(err), request_id: call.requestId, operation: call.id }, 'request failed');
    }
    return { status: error.status, body: errorBody(error, call.requestId), headers: lowerCased(error.headers ?? {}) };
  }
}

/** A replayed refusal names the request that received it, as every error envelope does; the rest is the first answer. */
function withRequestId(body: unknown, requestId: string): unknown {
  const envelope = body as { ok?: unknown; error?: Record<string, unknown> } | null;
  if (envelope?.ok !== false || typeof envelope.error !== 'object' || envelope.error === null) return body;
  return { ...envelope, error: { ...envelope.error, request_id: requestId } };
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/**
 * The call with the body fields the contract fills in when absent (`x-mtl-when-absent`), so a body
 * that leaves them out and one that sends those values are the same request, to the handler and
 * to the idempotency check alike.
 */
function withBodyDefaults(call: OperationCall): OperationCall {
  const defaults: Readonly<Record<string, unknown>> = operations[call.id].bodyDefaults;
  const { body } = call;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return call;
  const missing = Object.keys(defaults).filter((name) => (body as Record<string, unknown>)[name] === undefined);
  if (missing.length === 0) return call;
  return { ...call, body: { ...Object.fromEntries(missing.map((name) => [name, defaults[name]])), ...body } };
}
