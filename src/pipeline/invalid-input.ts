import { draftViolations, type DraftFileInput } from '../domain/library/draft-rules';
import { invalidDraft } from '../domain/library/templates';
import { AppError, listed, LISTED_MAX, summarized, type ErrorCode } from '../domain/shared/errors';
import { worded } from '../domain/shared/validation-words';
import type { OperationId } from '../generated/contract';

/**
 * Broken rules of an operation's input, and how each transport names the field to its caller:
 * REST by the JSON pointer into the request (`/body/text`, `/query/limit`), MCP and the
 * application's forms by the argument (`text`, `files[0].path`). The rules and the refusal they
 * make are the same whichever transport checked them.
 */

/** Where in the operation's request a field is. */
export type RequestPart = 'body' | 'query' | 'path' | 'header';

/** One broken rule: the part, the JSON pointer of the field within it ('' for the part itself), and what is wrong. */
export interface Problem {
  readonly in: RequestPart;
  readonly pointer: string;
  readonly message: string;
  /** The schema keyword it breaks (`maxItems`, `enum`, …), where it breaks one. */
  readonly keyword?: string;
}

/** A field as the caller knows it: `path` and `in` in the error's details, `label` at the start of its message. */
export interface NamedField {
  readonly in: RequestPart;
  readonly path: string;
  readonly label: string;
  /** The argument's name, for callers that send arguments (MCP, forms). */
  readonly argument?: string;
}

export type FieldNaming = (problem: Problem) => NamedField;

/** Where a REST request holds each part, as express-openapi-validator points into it. */
const REST_PREFIX: Readonly<Record<RequestPart, string>> = { body: '/body', query: '/query', path: '/params', header: '/headers' };

/** REST's names: the JSON pointer into the request. */
export const restNaming: FieldNaming = (problem) => {
  const path = REST_PREFIX[problem.in] + problem.pointer;
  return { in: problem.in, path, label: path };
};

/** A REST pointer (`/body/text`) as the problem it names; a pointer into no part is taken for the body's. */
export function problemAt(path: string, message: string, keyword?: string): Problem {
  for (const [part, prefix] of Object.entries(REST_PREFIX) as Array<[RequestPart, string]>) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return { in: part, pointer: path.slice(prefix.length), message, ...(keyword ? { keyword } : {}) };
  }
  return { in: 'body', pointer: path === '/' ? '' : path, message, ...(keyword ? { keyword } : {}) };
}

/** Whether a path points into a REST request's parts (`/body/text`, `/params`), as the domain's rules name fields. */
function inRestRequest(path: string): boolean {
  return Object.values(REST_PREFIX).some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** The first segment of a pointer (the parameter or body property) and the pointer below it. */
export function splitPointer(pointer: string): { name: string; rest: string } {
  const [, first = '', ...rest] = pointer.split('/');
  return { name: unescape(first), rest: rest.length > 0 ? `/${rest.join('/')}` : '' };
}

/** The label of a field under an argument: `files[0].path`. */
export function argumentLabel(argument: string, rest: string): string {
  let label = argument;
  for (const segment of rest.split('/').slice(1).map(unescape)) label += /^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`;
  return label;
}

/** The broken rules as a refusal listing them all (`invalid_request`), each field named for the caller. */
export function invalidFields(problems: readonly Problem[], naming: FieldNaming, total = problems.length): AppError {
  const fields = problems.slice(0, LISTED_MAX).map((problem) => ({ field: naming(problem), message: worded(problem.message) }));
  return new AppError(
    'invalid_request',
    summarized(
      fields.map(({ field, message }) => `${field.label} ${message}`),
      Math.max(total, problems.length),
    ),
    listed('errors', fields.map(detail), Math.max(total, problems.length)),
  );
}

function detail({ field, message }: { field: NamedField; message: string }): Record<string, unknown> {
  return { in: field.in, path: field.path, ...(field.argument !== undefined ? { argument: field.argument } : {}), message };
}

/** Broken schema rules that have a more precise code than invalid_request. */
const PARAMETER_CODES: ReadonlyArray<{ in: RequestPart; name: string; keyword: string; code: ErrorCode }> = [
  { in: 'query', name: 'ids', keyword: 'maxItems', code: 'batch_too_large' },
];

/**
 * Operations whose body breaks are reported by a domain rule set rather than the schema's view:
 * a draft's files get every violation at once, as invalid_draft.
 */
const BODY_RULES: Partial<Record<OperationId, { readonly field: string; readonly check: (body: unknown) => AppError | null }>> = {
  updateTemplateDraft: {
    field: 'files',
    check: (body) => {
      const files = (body as { files?: unknown } | null)?.files;
      if (!Array.isArray(files) || !files.every((f) => typeof f?.path === 'string' && typeof f?.content === 'string')) return null;
      const violations = draftViolations(files as DraftFileInput[]);
      return violations.length > 0 ? invalidDraft(violations) : null;
    },
  },
};

/**
 * An operation's broken schema rules as one refusal, whichever transport checked them: a domain
 * rule set's fuller view where the operation has one, a more precise code where one fits,
 * otherwise `invalid_request` listing them all. Null when there are none.
 */
export function invalidRequest(
  problems: readonly Problem[],
  naming: FieldNaming,
  request: { readonly operationId: OperationId; readonly body: unknown },
  total = problems.length,
): AppError | null {
  if (problems.length === 0) return null;
  const rules = BODY_RULES[request.operationId];
  const byRules = rules?.check(request.body) ?? null;
  if (byRules) {
    // The rule set speaks for its field; what else is wrong is reported beside it.
    const others = problems.filter((problem) => !(problem.in === 'body' && splitPointer(problem.pointer).name === rules!.field));
    if (others.length === 0) return byRules;
    const listing = invalidFields(others, naming);
    return new AppError(byRules.code, byRules.message, { ...byRules.details, ...(listing.details ?? {}) });
  }
  for (const problem of problems.slice(0, LISTED_MAX)) {
    const { name } = splitPointer(problem.pointer);
    const rule = PARAMETER_CODES.find((r) => r.in === problem.in && r.name === name && r.keyword === problem.keyword);
    if (!rule) continue;
    const field = naming(problem);
    const message = worded(problem.message);
    return new AppError(rule.code, `${field.label} ${message}`, { errors: [detail({ field, message })] });
  }
  return invalidFields(problems, naming, total);
}

/**
 * A refusal whose fields were named by the REST request's pointers (a rule of the domain names
 * `/body/expires_at`), with each field named for the caller instead, in its details and its
 * message. A refusal without such fields is returned as it is.
 */
export function renamedFields(error: AppError, naming: FieldNaming): AppError {
  const errors = (error.details as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return error;
  let message = error.message;
  let from = 0;
  const renamed = errors.map((item: { path?: unknown; message?: unknown }) => {
    if (typeof item?.path !== 'string' || typeof item.message !== 'string' || !inRestRequest(item.path)) return item;
    const field = naming(problemAt(item.path, item.message));
    const at = message.indexOf(`${item.path} `, from);
    if (at !== -1) {
      message = message.slice(0, at) + field.label + message.slice(at + item.path.length);
      from = at + field.label.length;
    }
    return detail({ field, message: item.message });
  });
  return new AppError(error.code, message, { ...error.details, errors: renamed }, error.headers);
}
