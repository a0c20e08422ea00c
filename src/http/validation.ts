import type { RequestHandler } from 'express';
import { operations, type OperationId } from '../generated/contract';
import { AppError, LISTED_MAX } from '../domain/shared/errors';
import { boundsErrors } from '../domain/shared/input-bounds';
import { NOT_A_PARAMETER } from '../domain/shared/validation-words';
import { locals } from '../edge/request-context';
import { nestingProblem, nulProblems } from '../pipeline/input-checks';
import { invalidFields, invalidRequest, problemAt, restNaming, type Problem } from '../pipeline/invalid-input';
import { chosenBodyErrors } from './chosen-body';

/**
 * The REST transport's checks of a request against the contract, in the slot the pipeline gives
 * validation: the rules no schema states (a plain query, nesting, NUL), then arrays over their
 * bounds and unknown body fields, then express-openapi-validator's verdict, which this module
 * turns into the pipeline's refusal with each field named by its JSON pointer (`/body/text`).
 */

/** One broken rule as express-openapi-validator reports it. */
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
  return typeof err === 'object' && err !== null && typeof (err as ValidatorError).status === 'number' && Array.isArray((err as ValidatorError).errors);
}

const PART_PREFIX = /^\/(?:body|query|params|headers)(?:\/|$)/;

/** A validator error's path as a JSON pointer (some come dot-separated). */
const pointerOf = (item: ValidatorErrorItem) => (item.path ?? '').replace(/^\./, '/').replace(/\./g, '/');

/**
 * A validator error as a problem of the request. Bodies checked against a discriminated union
 * come back with paths without `/body`, and an unknown discriminator with the route's URL and the
 * property named in the message: both become the body's `/<property>`.
 */
function problemOfItem(item: ValidatorErrorItem): Problem {
  let path = pointerOf(item);
  let message = item.message ?? 'is invalid';
  if (!PART_PREFIX.test(path)) {
    const named = /^'([^']+)' (.*)$/s.exec(message);
    if (named) {
      path = `/body/${named[1]}`;
      message = named[2]!.replace(/\.$/, '');
    } else {
      path = `/body${path === '/' ? '' : path}`;
    }
  }
  return problemAt(path, message, (item.errorCode ?? '').split('.')[0] || undefined);
}

/**
 * The validator's verdict (undefined when the request passed) with the broken parameter rules
 * found beside it, as the refusal to send: one naming every broken rule, each parameter once (in
 * the words found beside the validator, which may have reported it too). A refusal for another
 * reason (a media type, a size) stands as it is.
 */
export function verdictOf(verdict: unknown, found: readonly ValidatorErrorItem[], request: { operationId: OperationId; body: unknown }): AppError | undefined {
  if (verdict !== undefined && !isValidatorError(verdict)) return verdict instanceof AppError ? verdict : undefined;
  if (verdict === undefined && found.length === 0) return undefined;
  if (verdict !== undefined && verdict.status !== 400) return fromValidatorStatus(verdict);
  const named = new Set(found.map(pointerOf));
  const items = [...found, ...(verdict?.errors ?? []).filter((item) => !named.has(pointerOf(item)))];
  return invalidRequest(withWholeChosenBody(items.map(problemOfItem), request), restNaming, request) ?? new AppError('invalid_request', verdict?.message ?? 'The request is not valid.');
}

function fromValidatorStatus(err: ValidatorError): AppError {
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
      return new AppError('internal_error', 'Something went wrong on our side.');
  }
}

/**
 * A discriminated body (a workflow request) is checked by the validator against its chosen schema
 * up to the first error only, reported with paths outside `/body`: those are replaced by every
 * error of the chosen schema, as the arguments of its MCP tool are checked.
 */
function withWholeChosenBody(problems: readonly Problem[], request: { operationId: OperationId; body: unknown }): readonly Problem[] {
  const whole = chosenBodyErrors(request.operationId, request.body);
  if (!whole || whole.length === 0) return problems;
  return [...problems.filter((problem) => problem.in !== 'body'), ...whole];
}

/** A query parameter that the operation does not have, as the validator words a broken rule. */
export function unknownQueryParameter(name: string): ValidatorErrorItem {
  return { path: `/query/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, message: NOT_A_PARAMETER, errorCode: 'additionalProperties.openapi.validation' };
}

const escapePointer = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Query values are strings, or lists of strings for repeated parameters: `name[key]=value` makes
 * an object of them, which no parameter takes.
 */
function plainQueryProblems(url: string, query: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  const start = url.indexOf('?');
  if (start !== -1) {
    for (const name of new URLSearchParams(url.slice(start + 1)).keys()) {
      if (/\[(?!\]$)/.test(name)) problems.push({ in: 'query', pointer: `/${escapePointer(name)}`, message: 'is not a parameter (name[key]=value is not supported)' });
    }
  }
  for (const [name, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    if (problems.length === 0 && values.some((item) => typeof item !== 'string')) {
      problems.push({ in: 'query', pointer: `/${escapePointer(name)}`, message: 'must be a value, not an object (name[key]=value is not supported)' });
    }
  }
  return problems;
}

/** The rules no schema states, for a REST request once its operation is known and its body parsed. */
export const refuseBadInput: RequestHandler = (req, res, next) => {
  const state = locals(res);
  if (state.operationId) {
    const query = plainQueryProblems(req.originalUrl, req.query);
    if (query.length > 0) throw invalidFields(query, restNaming);
    const nesting = nestingProblem(req.body, 'body');
    if (nesting) throw invalidFields([nesting], restNaming);
    const nul = nulProblems(state.operationId, { path: state.pathParams ?? {}, query: req.query, body: req.body });
    if (nul.total > 0) throw invalidFields(nul.problems, restNaming, nul.total);
  }
  next();
};

/**
 * Refuses a JSON body with an array longer than its schema allows or a property its schema does
 * not have, before the validator reads it: the validator's work grows with every item it reports
 * on (see input-bounds.ts), these checks only with the body's size.
 */
export function refuseOverBounds(operationId: OperationId): RequestHandler {
  const schema = operations[operationId].requestBody as object | null;
  return (req, _res, next) => {
    if (!schema) return next();
    const verdict = boundsErrors(schema, req.body, LISTED_MAX);
    if (verdict.total === 0) return next();
    const problems = verdict.errors.map((error) => {
      const params = error.params as { additionalProperty?: string };
      const pointer = error.instancePath + (params.additionalProperty !== undefined ? `/${escapePointer(params.additionalProperty)}` : '');
      return { in: 'body' as const, pointer, message: error.message ?? 'is invalid', keyword: error.keyword };
    });
    next(invalidRequest(problems, restNaming, { operationId, body: req.body }, verdict.total));
  };
}
