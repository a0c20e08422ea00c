import type { Response } from 'express';
import type { OperationId } from '../generated/contract';
import type { Upload } from '../pipeline/handlers';
import type { OperationResult, OperationPipeline } from '../pipeline/pipeline';
import { argumentShape } from '../pipeline/arguments';
import { VISITOR } from '../domain/shared/principal';
import { locals } from '../edge/request-context';
import type { FormProblems } from './views/forms';
import { webLocals } from './web-session';

/**
 * The application's pages are a transport of the operation pipeline: a page reads, and a form
 * changes, through the same operation as its REST route (by the arguments its MCP tool or form
 * shape names), so that access, validation, rules and error codes are the API's. A page only
 * turns the form's strings into those arguments and the answer into HTML.
 */

export interface Answer<T> {
  readonly ok: boolean;
  readonly status: number;
  readonly data: T;
  /** A list's cursor to its next page, null on its last page (and for anything but a list). */
  readonly nextCursor: string | null;
  readonly result: OperationResult;
}

interface ErrorEnvelope {
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly details?: { readonly errors?: ReadonlyArray<{ readonly argument?: string; readonly path?: string; readonly message: string }> };
  };
}

export class PageOperations {
  constructor(private readonly pipeline: OperationPipeline) {}

  /** Runs a streamed operation (no arguments to check: its query is the page's own, from a fixed set). */
  async stream(res: Response, id: OperationId, call: StreamedCall): Promise<OperationResult> {
    const principal = webLocals(res).principal;
    if (!principal) throw new Error('A page called an operation without a session');
    return this.pipeline.execute({
      id,
      path: {},
      query: call.query ?? {},
      headers: {},
      body: undefined,
      ...(call.upload ? { upload: call.upload } : {}),
      principal,
      requestId: locals(res).requestId,
    });
  }

  /** Runs the operation whose arguments have this shape name, as the signed-in account (or as a visitor, without a session). */
  async call<T = unknown>(res: Response, name: string, args: Record<string, unknown>): Promise<Answer<T>> {
    const shape = argumentShape(name);
    if (!shape) throw new Error(`No operation takes arguments named ${name}`);
    // Without a session, a visitor: the pipeline lets a visitor read published data only.
    const principal = webLocals(res).principal ?? VISITOR;
    const defined = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined));
    const result = await this.pipeline.callWithArguments({ shape, arguments: defined, principal, requestId: locals(res).requestId });
    const ok = result.status < 400;
    const body = result.body as { data?: T; next_cursor?: string | null } | null;
    return { ok, status: result.status, data: (ok ? body?.data : undefined) as T, nextCursor: (ok ? body?.next_cursor : null) ?? null, result };
  }
}

/** An operation whose body or answer is streamed (an export, an import), run as the signed-in account. */
export interface StreamedCall {
  readonly query?: Record<string, unknown>;
  readonly upload?: Upload;
}

/** A refusal as a form shows it: each field's problem beside it, the rest above the form. */
export function problemsOf(result: OperationResult): FormProblems {
  const envelope = result.body as ErrorEnvelope;
  const fields: Record<string, string> = {};
  const loose: string[] = [];
  for (const error of envelope.error.details?.errors ?? []) {
    const name = error.argument ?? error.path?.split('/').filter(Boolean).pop();
    if (name && !(name in fields)) fields[name] = sentence(error.message);
    else if (!name) loose.push(error.message);
  }
  const message = Object.keys(fields).length > 0 && loose.length === 0 ? 'Check the fields marked below.' : envelope.error.message;
  return { message, fields, code: envelope.error.code };
}

/** "must be at most 100 characters" as a field's error reads: "Must be at most 100 characters." */
function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The error code and message of a refusal. */
export function refusalOf(result: OperationResult): { code: string; message: string } {
  const { code, message } = (result.body as ErrorEnvelope).error;
  return { code, message };
}
