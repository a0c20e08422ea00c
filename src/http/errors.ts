import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { isDatabaseUnavailable, isLockTimeout, isStatementTimeout, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../db/unavailable';
import { accountBusy } from '../domain/shared/account-queue';
import { AppError, bodyTooLarge, listed, LISTED_MAX, safeError, summarized, type ErrorCode } from '../domain/shared/errors';
import { errorShapeChecker } from './error-shapes';

export { safeError };
import type { OperationId } from '../generated/contract';
import type { ErrorResponse as ErrorBody } from '../generated/openapi';
import { draftViolations, type DraftFileInput } from '../domain/library/draft-rules';
import { invalidDraft } from '../domain/library/templates';
import { NOT_A_PARAMETER, worded } from '../domain/shared/validation-words';
import { chosenBodyErrors } from './chosen-body';

export { worded };

export interface ValidatorErrorItem {
  path?: string;
  message?: string;
  errorCode?: string;
}

/** Errors thrown by express-openapi-validator: its base class is not exported, so check the shape. */
interface ValidatorError {
  status: number;
  errors: ValidatorErrorItem[];
  headers?: Record<string, string>;
  message: string;
}

function isValidatorError(err: unknown): err is ValidatorError {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as ValidatorError).status === 'number' &&
    Array.isArray((err as ValidatorError).errors)
  );
}

interface BodyParserError {
  type: string;
  status?: number;
  limit?: number;
}

function isBodyParserError(err: unknown): err is BodyParserError {
  return typeof err === 'object' && err !== null && typeof (err as BodyParserError).type === 'string';
}

/** Validation failures that have a more precise code than invalid_request. */
const PARAMETER_CODES: ReadonlyArray<{ path: RegExp; errorCode: RegExp; code: ErrorCode }> = [
  { path: /^\/query\/ids$/, errorCode: /^maxItems/, code: 'batch_too_large' },
];

/** Which part of the request a validator path points into. */
function partOf(path: string): 'body' | 'query' | 'path' | 'header' {
  if (path.startsWith('/query')) return 'query';
  if (path.startsWith('/params')) return 'path';
  if (path.startsWith('/headers')) return 'header';
  return 'body';
}

const PART_PREFIX = /^\/(?:body|query|params|headers)(?:\/|$)/;

/** A validator error's path as a JSON pointer (some come dot-separated). */
const pointerOf = (item: ValidatorErrorItem) => (item.path ?? '').replace(/^\./, '/').replace(/\./g, '/');

/**
 * A validator error's path and message as every route words them. Bodies checked against a
 * discriminated union come back with paths without `/body`, and an unknown discriminator with the
 * route's URL and the property named in the message: both become `/body/<property>`.
 */
function located(item: ValidatorErrorItem): { in: ReturnType<typeof partOf>; path: string; message: string } {
  let path = pointerOf(item);
  let message = worded(item.message ?? 'is invalid');
  if (!PART_PREFIX.test(path)) {
    const named = /^'([^']+)' (.*)$/s.exec(message);
    if (named) {
      path = `/body/${named[1]}`;
      message = named[2]!.replace(/\.$/, '');
    } else {
      path = `/body${path === '/' ? '' : path}`;
    }
  }
  return { in: partOf(path), path, message };
}

function fromValidator(err: ValidatorError, request?: RequestOf): AppError {
  // A response that breaks the contract (checked in tests) is our failure, not the caller's.
  if (err.status >= 500) return new AppError('internal_error', 'Something went wrong on our side.');
  switch (err.status) {
    case 404:
      return new AppError('not_found', 'No such route.');
    case 405:
      return new AppError('method_not_allowed', 'This route does not support that method.', undefined, err.headers);
    case 413:
      return new AppError('payload_too_large', 'The request body is too large.');
    case 415:
      return new AppError('unsupported_media_type', 'Send the body as application/json.');
    default:
      return invalidRequest(withWholeChosenBody(err.errors, request), request) ?? new AppError('invalid_request', err.message);
  }
}

/**
 * A discriminated body (a workflow request) is checked by the validator against its chosen schema
 * up to the first error only, reported with paths outside `/body`: those are replaced by every
 * error of the chosen schema, as MCP reports them.
 */
function withWholeChosenBody(items: readonly ValidatorErrorItem[], request?: RequestOf): readonly ValidatorErrorItem[] {
  const whole = request?.operationId ? chosenBodyErrors(request.operationId, request.body) : null;
  if (!whole || whole.length === 0) return items;
  const ofOtherParts = items.filter((item) => PART_PREFIX.test(pointerOf(item)) && !pointerOf(item).startsWith('/body'));
  return [...ofOtherParts, ...whole];
}

/** A query parameter that the operation does not have, as the validator words a broken rule. */
export function unknownQueryParameter(name: string): ValidatorErrorItem {
  return {
    path: `/query/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
    message: NOT_A_PARAMETER,
    errorCode: 'additionalProperties.openapi.validation',
  };
}

/**
 * The validator's verdict on a request (undefined when it passed) with the broken parameter rules
 * found beside it added: one refusal naming every broken rule, each parameter once (in the words
 * found beside the validator, which may have reported it too). A refusal for another reason (a
 * media type, a size) stands as it is.
 */
export function withParameterErrors(verdict: unknown, found: readonly ValidatorErrorItem[]): unknown {
  if (found.length === 0) return verdict;
  if (verdict === undefined) return { status: 400, errors: found, message: 'The request has invalid parameters.' };
  if (isValidatorError(verdict) && verdict.status === 400) {
    const named = new Set(found.map(pointerOf));
    return { status: 400, errors: [...found, ...verdict.errors.filter((item) => !named.has(pointerOf(item)))], message: verdict.message };
  }
  return verdict;
}

type RequestOf = { operationId?: OperationId; body?: unknown };

/**
 * A request's broken schema rules as one error, whichever transport checked them (REST's
 * validator, or MCP's check of tool arguments against the same schemas): a domain rule set's
 * fuller view where an operation has one, a more precise code where one fits, otherwise
 * `invalid_request` listing them all. Null when there are none.
 */
export function invalidRequest(items: readonly ValidatorErrorItem[], request?: RequestOf, total = items.length): AppError | null {
  if (items.length === 0) return null;
  const errors = items.slice(0, LISTED_MAX).map(located);
  const count = Math.max(total, items.length);
  const rules = request?.operationId ? BODY_RULES[request.operationId] : undefined;
  const byRules = rules ? rules(request?.body) : null;
  if (byRules) {
    // The rule set speaks for the files; what else is wrong is reported beside it.
    const others = errors.filter((error) => !error.path.startsWith('/body/files'));
    return others.length === 0 ? byRules : new AppError(byRules.code, byRules.message, { ...byRules.details, ...listed('errors', others) });
  }
  for (const [index, item] of items.slice(0, LISTED_MAX).entries()) {
    const path = errors[index]?.path ?? '';
    const rule = PARAMETER_CODES.find((r) => r.path.test(path) && r.errorCode.test(item.errorCode ?? ''));
    if (rule) return new AppError(rule.code, `${path} ${errors[index]?.message}`, { errors: [errors[index]] });
  }
  return new AppError(
    'invalid_request',
    summarized(
      errors.map((e) => `${e.path} ${e.message}`),
      count,
    ),
    listed('errors', errors, count),
  );
}

function fromBodyParser(err: BodyParserError): AppError | null {
  switch (err.type) {
    case 'entity.parse.failed':
      return new AppError('invalid_json', 'The request body is not valid JSON.');
    case 'entity.too.large':
      return err.limit === undefined ? new AppError('payload_too_large', 'The request body is too large.') : bodyTooLarge(err.limit);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError('unsupported_media_type', 'Send the body as UTF-8 application/json.');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new AppError('invalid_request', 'The request body could not be read.');
    default:
      return null;
  }
}

/**
 * Errors of the body's reading that carry a client-error status but no type of their own (a body
 * that does not decode with its Content-Encoding, say).
 */
function fromClientErrorStatus(err: unknown): AppError | null {
  const status = typeof err === 'object' && err !== null ? (err as { status?: unknown }).status : undefined;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  switch (status) {
    case 413:
      return new AppError('payload_too_large', 'The request body is too large.');
    case 415:
      return new AppError('unsupported_media_type', 'Send the body as UTF-8 application/json.');
    default:
      return new AppError('invalid_request', 'The request body could not be read (does it match its Content-Encoding?).');
  }
}

/**
 * Operations whose body breaks are reported by a domain rule set rather than the validator's
 * first-schema-error view: a draft's files get every violation at once, as invalid_draft.
 */
const BODY_RULES: Partial<Record<OperationId, (body: unknown) => AppError | null>> = {
  updateTemplateDraft: (body) => {
    const files = (body as { files?: unknown } | null)?.files;
    if (!Array.isArray(files) || !files.every((f) => typeof f?.path === 'string' && typeof f?.content === 'string')) return null;
    const violations = draftViolations(files as DraftFileInput[]);
    return violations.length > 0 ? invalidDraft(violations) : null;
  },
};

export function serviceUnavailable(): AppError {
  return new AppError(
    'service_unavailable',
    'The database is unavailable right now; retry shortly.',
    { retry_after_seconds: UNAVAILABLE_RETRY_AFTER_SECONDS },
    { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
  );
}

/** Every error, whatever threw it, as an AppError with a stable code. */
export function toAppError(err: unknown, request?: { operationId?: OperationId; body?: unknown }): AppError {
  if (err instanceof AppError) return err;
  if (isBodyParserError(err)) {
    const mapped = fromBodyParser(err);
    if (mapped) return mapped;
  }
  if (isDatabaseUnavailable(err) || isStatementTimeout(err)) return serviceUnavailable();
  // Another instance holds the account's write lock for longer than a request may wait for it.
  if (isLockTimeout(err)) return accountBusy();
  // Express could not decode a path parameter.
  if (err instanceof URIError) {
    const error = { in: 'path', path: '/params', message: 'holds a malformed percent-escape' };
    return new AppError('invalid_request', `${error.path} ${error.message}`, { errors: [error] });
  }
  const byStatus = isValidatorError(err) ? null : fromClientErrorStatus(err);
  if (byStatus) return byStatus;
  if (isValidatorError(err)) return fromValidator(err, request);
  return new AppError('internal_error', 'Something went wrong on our side.');
}

let shapeCheck: ((error: Record<string, unknown>) => string | null) | undefined;

/**
 * Checks every error envelope against the schema of its code from now on (where responses are
 * checked against the contract): one that does not conform becomes an `internal_error` naming
 * the difference, so no test can pass with it.
 */
export function checkErrorShapes(): void {
  shapeCheck ??= errorShapeChecker();
}

/** The error envelope of an error, as REST responses and MCP tool errors carry it. */
export function errorBody(error: AppError, requestId: string): ErrorBody {
  const body: ErrorBody = {
    ok: false,
    error: {
      code: error.code,
      message: error.message,
      status: error.status,
      retryable: error.retryable,
      request_id: requestId,
      ...(error.details ? { details: error.details } : {}),
    },
  };
  const broken = shapeCheck?.(body.error as unknown as Record<string, unknown>);
  if (!broken) return body;
  return errorBody(new AppError('internal_error', `The ${error.code} error does not match its schema in the contract: ${broken}`), requestId);
}

export function sendError(res: Response, error: AppError): void {
  const body = errorBody(error, String(res.locals.requestId ?? ''));
  for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  if (error.status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="mtl"');
  res.status(error.status).json(body);
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const error = toAppError(err, { operationId: res.locals.operationId, body: req.body });
    if (error.status === 503) {
      logger.warn({ error: safeError(err), request_id: res.locals.requestId }, 'database unavailable');
    } else if (error.status >= 500) {
      logger.error({ error: safeError(err), request_id: res.locals.requestId }, 'request failed');
    }
    sendError(res, error);
  };
}

export const unknownRoute: RequestHandler = (_req, _res, next) => {
  next(new AppError('not_found', 'No such route.'));
};
