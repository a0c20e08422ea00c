import type { RequestHandler } from 'express';
import { operations, type OperationId } from '../generated/contract';
import { AppError, listed, LISTED_MAX, summarized } from '../domain/shared/errors';
import { boundsErrors, forEachNested, MAX_DEPTH } from '../domain/shared/input-bounds';
import { asValidatorItem } from './chosen-body';
import { invalidRequest } from './errors';
import { locals } from './request-context';

/** One broken rule of a request: where (the part, and a pointer into it) and what is wrong. */
export interface InputError {
  readonly in: 'body' | 'query' | 'path' | 'header';
  readonly path: string;
  readonly message: string;
}

/** The parts of a request as the rules see them, after parsing. */
export interface RequestParts {
  readonly path: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly body: unknown;
}

const NUL = '\u0000';
const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
const NUL_NAME_MESSAGE = 'must not have a name containing the NUL character (U+0000)';

/** Fields whose text a domain rule checks with more to say (a draft's files: `text_only`, with the line). */
const CHECKED_BY_DOMAIN: Partial<Record<OperationId, RegExp>> = {
  updateTemplateDraft: /^\/body\/files\//,
};

const escapePointer = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');


/** Whether a value nests deeper than MAX_DEPTH, walked without recursion; the walk stops there. */
function nestsTooDeep(root: unknown): boolean {
  let tooDeep = false;
  forEachNested(root, '', (value, place) => {
    if (place.depth >= MAX_DEPTH && value !== null && typeof value === 'object') tooDeep = true;
    return !tooDeep;
  });
  return tooDeep;
}

/** Refuses a body (or MCP arguments) that nests deeper than MAX_DEPTH. */
export function assertDepth(value: unknown, pointer: string, part: InputError['in']): void {
  if (!nestsTooDeep(value)) return;
  const error: InputError = { in: part, path: pointer, message: `must not nest deeper than ${MAX_DEPTH} levels` };
  throw new AppError('invalid_request', `${error.path} ${error.message}`, { errors: [error] });
}

/** What a walk found: the first errors (at most LISTED_MAX) and how many in all. */
interface Found {
  readonly errors: InputError[];
  total: number;
}

/** Every string and property name of a value that holds NUL, without recursion (bodies may nest deeper than the stack allows). */
function collectNul(root: unknown, rootPointer: string, part: InputError['in'], skip: RegExp | undefined, found: Found): void {
  const report = (error: InputError) => {
    found.total += 1;
    if (found.errors.length < LISTED_MAX) found.errors.push(error);
  };
  forEachNested(root, rootPointer, (value, place) => {
    if (skip && place.depth > 0 && skip.test(place.pointer())) return false;
    const name = place.key();
    if (typeof name === 'string' && name.includes(NUL)) report({ in: part, path: place.pointer(), message: NUL_NAME_MESSAGE });
    if (typeof value === 'string' && value.includes(NUL)) report({ in: part, path: place.pointer(), message: NUL_MESSAGE });
    return true;
  });
}

/**
 * Text never holds U+0000 (PostgreSQL cannot store it, and no text needs it): every string of the
 * path, the query and the body is checked, and each one that holds it is named.
 */
export function assertNoNul(operationId: OperationId, request: RequestParts): void {
  const found: Found = { errors: [], total: 0 };
  const skip = CHECKED_BY_DOMAIN[operationId];
  collectNul(request.path, '/params', 'path', skip, found);
  collectNul(request.query, '/query', 'query', skip, found);
  collectNul(request.body, '/body', 'body', skip, found);
  if (found.total > 0) {
    const { errors, total } = found;
    throw new AppError('invalid_request', summarized(errors.map((error) => `${error.path} ${error.message}`), total), listed('errors', errors, total));
  }
}

/**
 * Query values are strings, or lists of strings for repeated parameters: `name[key]=value` makes
 * an object of them, which no parameter takes.
 */
function assertPlainQuery(url: string, query: Record<string, unknown>): void {
  const errors: InputError[] = [];
  const start = url.indexOf('?');
  if (start !== -1) {
    for (const name of new URLSearchParams(url.slice(start + 1)).keys()) {
      if (/\[(?!\]$)/.test(name)) {
        errors.push({ in: 'query', path: `/query/${escapePointer(name)}`, message: 'is not a parameter (name[key]=value is not supported)' });
      }
    }
  }
  for (const [name, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    if (errors.length === 0 && values.some((item) => typeof item !== 'string')) {
      errors.push({ in: 'query', path: `/query/${escapePointer(name)}`, message: 'must be a value, not an object (name[key]=value is not supported)' });
    }
  }
  if (errors.length > 0) {
    throw new AppError('invalid_request', errors.map((error) => `${error.path} ${error.message}`).join('; '), { errors });
  }
}

/** The rules above for a REST request, once its operation is known and its body parsed. */
export const refuseBadInput: RequestHandler = (req, res, next) => {
  const state = locals(res);
  if (state.operationId) {
    assertPlainQuery(req.originalUrl, req.query);
    assertDepth(req.body, '/body', 'body');
    assertNoNul(state.operationId, { path: state.pathParams ?? {}, query: req.query, body: req.body });
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
    next(invalidRequest(verdict.errors.map(asValidatorItem), { operationId, body: req.body }, verdict.total));
  };
}
