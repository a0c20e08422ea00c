import type { RequestHandler } from 'express';
import type { OperationId } from '../generated/contract';
import { AppError } from '../domain/shared/errors';
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
/** Reported at most, so that a body full of them costs a bounded answer. */
const ERRORS_MAX = 20;

/** Fields whose text a domain rule checks with more to say (a draft's files: `text_only`, with the line). */
const CHECKED_BY_DOMAIN: Partial<Record<OperationId, RegExp>> = {
  updateTemplateDraft: /^\/body\/files\//,
};

const escapePointer = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

/** JSON values nest at most this deep: deeper is refused before anything walks them. */
export const MAX_DEPTH = 64;

/** How deep a value nests, measured without recursion; stops counting past MAX_DEPTH. */
function depthOf(root: unknown): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[root, 0]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (value === null || typeof value !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_DEPTH) return deepest;
    for (const item of Array.isArray(value) ? value : Object.values(value)) pending.push([item, depth + 1]);
  }
  return deepest;
}

/** Refuses a body (or MCP arguments) that nests deeper than MAX_DEPTH. */
export function assertDepth(value: unknown, pointer: string, part: InputError['in']): void {
  if (depthOf(value) <= MAX_DEPTH) return;
  const error: InputError = { in: part, path: pointer, message: `must not nest deeper than ${MAX_DEPTH} levels` };
  throw new AppError('invalid_request', `${error.path} ${error.message}`, { errors: [error] });
}

/** Walks a parsed value without recursion (bodies may nest deeper than the stack allows). */
function collectNul(root: unknown, rootPointer: string, part: InputError['in'], skip: RegExp | undefined, out: InputError[]): void {
  const pending: Array<[unknown, string]> = [[root, rootPointer]];
  while (pending.length > 0 && out.length < ERRORS_MAX) {
    const [value, pointer] = pending.pop()!;
    if (skip?.test(pointer)) continue;
    if (typeof value === 'string') {
      if (value.includes(NUL)) out.push({ in: part, path: pointer, message: NUL_MESSAGE });
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) pending.push([value[index], `${pointer}/${index}`]);
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [name, item] = entries[index]!;
        if (name.includes(NUL)) out.push({ in: part, path: `${pointer}/${escapePointer(name)}`, message: NUL_NAME_MESSAGE });
        pending.push([item, `${pointer}/${escapePointer(name)}`]);
      }
    }
  }
}

/**
 * Text never holds U+0000 (PostgreSQL cannot store it, and no text needs it): every string of the
 * path, the query and the body is checked, and each one that holds it is named.
 */
export function assertNoNul(operationId: OperationId, request: RequestParts): void {
  const errors: InputError[] = [];
  const skip = CHECKED_BY_DOMAIN[operationId];
  collectNul(request.path, '/params', 'path', skip, errors);
  collectNul(request.query, '/query', 'query', skip, errors);
  collectNul(request.body, '/body', 'body', skip, errors);
  if (errors.length > 0) {
    throw new AppError('invalid_request', errors.map((error) => `${error.path} ${error.message}`).join('; '), { errors });
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
