import { LISTED_MAX } from '../domain/shared/errors';
import { forEachNested, MAX_DEPTH } from '../domain/shared/input-bounds';
import type { OperationId } from '../generated/contract';
import type { Problem, RequestPart } from './invalid-input';

/**
 * Rules of every request's input that no schema states, checked before the schema's (whose cost
 * grows with what they walk): no value nests deeper than MAX_DEPTH, and no text holds U+0000.
 * They walk without recursion: a value may nest deeper than the stack allows.
 */

const NUL = '\u0000';
const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
const NUL_NAME_MESSAGE = 'must not have a name containing the NUL character (U+0000)';

/** Fields whose text a domain rule checks with more to say (a draft's files: `text_only`, with the line). */
const CHECKED_BY_DOMAIN: Partial<Record<OperationId, RegExp>> = {
  updateTemplateDraft: /^\/files\//,
};

/** The problem of a value that nests deeper than MAX_DEPTH (the walk stops there), or null. */
export function nestingProblem(value: unknown, part: RequestPart): Problem | null {
  let tooDeep = false;
  forEachNested(value, '', (item, place) => {
    if (place.depth >= MAX_DEPTH && item !== null && typeof item === 'object') tooDeep = true;
    return !tooDeep;
  });
  return tooDeep ? { in: part, pointer: '', message: `must not nest deeper than ${MAX_DEPTH} levels` } : null;
}

/** What a walk found: the first problems (at most LISTED_MAX) and how many in all. */
export interface Found {
  readonly problems: Problem[];
  total: number;
}

/**
 * Text never holds U+0000 (PostgreSQL cannot store it, and no text needs it): every string and
 * property name of each part is checked, and each one that holds it is named.
 */
export function nulProblems(operationId: OperationId, parts: Partial<Record<RequestPart, unknown>>): Found {
  const found: Found = { problems: [], total: 0 };
  const skip = CHECKED_BY_DOMAIN[operationId];
  const report = (problem: Problem) => {
    found.total += 1;
    if (found.problems.length < LISTED_MAX) found.problems.push(problem);
  };
  for (const [part, value] of Object.entries(parts) as Array<[RequestPart, unknown]>) {
    forEachNested(value, '', (item, place) => {
      if (part === 'body' && skip && place.depth > 0 && skip.test(place.pointer())) return false;
      const name = place.key();
      if (typeof name === 'string' && name.includes(NUL)) report({ in: part, pointer: place.pointer(), message: NUL_NAME_MESSAGE });
      if (typeof item === 'string' && item.includes(NUL)) report({ in: part, pointer: place.pointer(), message: NUL_MESSAGE });
      return true;
    });
  }
  return found;
}
