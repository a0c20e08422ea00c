import type { Response } from 'supertest';

/* Helpers of the MCP tests that compare a tool's answer with the REST answer to the same input. */

export interface ToolError {
  code: string;
  message: string;
  status: number;
  retryable: boolean;
  request_id: string;
  details?: unknown;
}

interface FieldError {
  in?: string;
  path: string;
  message: string;
  argument?: string;
}

const PARTS = /^\/(body|query|params|headers)(?:\/([^/]*)(.*))?$/;

/**
 * A REST field error in MCP's terms: the field named by its argument (a header's name in lower
 * case with `_` for `-`: `Idempotency-Key` is `idempotency_key`), `path` the JSON pointer into the
 * arguments, and the message's label the argument with what lies below it (`files[0].path`).
 */
export function asArgument(field: FieldError): { field: FieldError; label: string } {
  const match = PARTS.exec(field.path);
  if (!match) return { field, label: field.path };
  const [, part, name, rest = ''] = match;
  if (name === undefined) return { field: { ...field, path: '' }, label: 'arguments' };
  const plain = name.replace(/~1/g, '/').replace(/~0/g, '~');
  const argument = part === 'headers' ? plain.toLowerCase().replace(/-/g, '_') : plain;
  let label = argument;
  for (const segment of rest.split('/').slice(1)) label += /^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`;
  const escaped = argument.replace(/~/g, '~0').replace(/\//g, '~1');
  return { field: { ...(field.in !== undefined ? { in: field.in } : {}), path: `/${escaped}${rest}`, argument, message: field.message }, label };
}

/** A REST error as MCP words it: every field named by its argument, in the details and in the message. */
export function inArgumentTerms(sent: Omit<ToolError, 'request_id'> & { request_id?: string }): Omit<ToolError, 'request_id'> {
  const { request_id: _requestId, ...error } = sent;
  const details = error.details as { errors?: FieldError[] } | undefined;
  if (!details?.errors) return error;
  let message = error.message;
  let from = 0;
  const errors = details.errors.map((field) => {
    const named = asArgument(field);
    const at = message.indexOf(`${field.path} `, from);
    if (at !== -1) {
      message = message.slice(0, at) + named.label + message.slice(at + field.path.length);
      from = at + named.label.length;
    }
    return named.field;
  });
  return { ...error, message, details: { ...details, errors } };
}

/**
 * A refused tool call carries the REST error for the same input, in its own terms: the same code,
 * status, retryability and details, each field named by its argument rather than its place in an
 * HTTP request. Only the request ID differs (each request has its own).
 */
export function expectSameError(mcp: ToolError, rest: Response, code: string = rest.body?.error?.code): void {
  expect({ status: rest.status, code: rest.body?.error?.code }).toEqual({ status: rest.body?.error?.status, code });
  const { request_id: restRequestId, ...restError } = rest.body.error as ToolError;
  const { request_id: mcpRequestId, ...mcpError } = mcp;
  expect(mcpError).toEqual(inArgumentTerms(restError));
  expect(typeof mcpRequestId).toBe('string');
  expect(mcpRequestId.length).toBeGreaterThan(0);
  expect(typeof restRequestId).toBe('string');
}
