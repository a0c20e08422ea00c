import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { mcpTools, type McpToolDefinition } from '../generated/mcp-tools';
import { bodyLimitOf } from '../pipeline/operations';
import { invalidRequest } from '../http/errors';
import { assertDepth, assertNoNul } from '../http/input-rules';
import { AppError, bodyTooLarge, LISTED_MAX } from '../domain/shared/errors';
import { boundsErrors } from '../domain/shared/input-bounds';
import { DATE_TIME_FORMAT } from '../domain/shared/instants';
import { NOT_A_PARAMETER } from '../domain/shared/validation-words';
import { assertOperationAllowed, isOperationAllowed, type Principal } from '../domain/shared/principal';

export type { McpToolDefinition };

/** An operation's request as the REST handler receives it after validation. */
export interface OperationRequest {
  readonly path: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly headers: Record<string, string>;
  readonly body: Record<string, unknown> | undefined;
}

/** An operation's answer: a success body, or an error envelope with its status. */
export interface OperationResult {
  readonly status: number;
  readonly body: unknown;
  /** The answer's Location and ETag, when it has them. */
  readonly headers?: Record<string, string>;
  /** True when an Idempotency-Key replayed a stored answer. */
  readonly replayed?: boolean;
}

const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true, coerceTypes: false });
addFormats(ajv);
// As the REST validator checks it: a date-time must name an instant the service can store as sent.
ajv.addFormat('date-time', DATE_TIME_FORMAT);

const byName = new Map(mcpTools.map((tool) => [tool.name, tool]));
const validators = new Map<string, ValidateFunction>();

function validatorOf(tool: McpToolDefinition): ValidateFunction {
  let validate = validators.get(tool.name);
  if (!validate) {
    validate = ajv.compile(tool.inputSchema);
    validators.set(tool.name, validate);
  }
  return validate;
}

export function findTool(name: string): McpToolDefinition | undefined {
  return byName.get(name);
}

/** The tools a principal may call: read-only keys see only reads; application-only operations have none. */
export function toolsFor(principal: Principal): McpToolDefinition[] {
  return mcpTools.filter((tool) => isOperationAllowed(principal, tool.operationId));
}

/** Where an argument goes in the HTTP request, as the REST validator names it ("/body/text"). */
function requestPath(tool: McpToolDefinition, argument: string, rest: string): string {
  const parameter = tool.parameters[argument];
  if (parameter?.in === 'header') return `/headers/${parameter.name.toLowerCase()}${rest}`;
  if (parameter?.in === 'path') return `/params/${parameter.name}${rest}`;
  if (parameter?.in === 'query') return `/query/${parameter.name}${rest}`;
  return `/body/${argument}${rest}`;
}

interface ValidationItem {
  readonly path: string;
  readonly message: string;
  readonly errorCode: string;
}

/** An Ajv error in the REST validator's words: the same request path and message. */
function describe(tool: McpToolDefinition, error: ErrorObject): ValidationItem {
  const errorCode = `${error.keyword}.openapi.validation`;
  const [, argument = '', ...rest] = error.instancePath.split('/');
  const restPath = rest.length > 0 ? `/${rest.join('/')}` : '';
  const params = error.params as { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[] };
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'enum' && params.allowedValues) message += `: ${params.allowedValues.join(', ')}`;
  if (argument !== '') return { path: requestPath(tool, argument, restPath), message, errorCode };
  if (params.missingProperty) return { path: requestPath(tool, params.missingProperty, ''), message, errorCode };
  if (params.additionalProperty) {
    const name = params.additionalProperty;
    return tool.hasBody
      ? { path: `/body/${name}`, message: 'must NOT have additional properties', errorCode }
      : { path: `/query/${name}`, message: NOT_A_PARAMETER, errorCode };
  }
  return { path: '/', message, errorCode };
}

/** Rules of the body as a whole, which the flattened arguments cannot express. */
function bodyRules(tool: McpToolDefinition, input: Record<string, unknown>): ValidationItem[] {
  const given = tool.bodyArguments.filter((name) => input[name] !== undefined).length;
  if (given >= tool.bodyMinProperties) return [];
  return [
    {
      path: '/body',
      message: `must NOT have fewer than ${tool.bodyMinProperties} properties`,
      errorCode: 'minProperties.openapi.validation',
    },
  ];
}

/**
 * Checks a tool call as the REST API checks the request: the key's access first, then the body
 * size, then the arguments against the contract's schema (with the same error codes).
 */
export function prepareCall(tool: McpToolDefinition, principal: Principal, given: unknown): OperationRequest {
  assertOperationAllowed(principal, tool.operationId);
  const args = argumentsObject(given);
  assertDepth(args ?? {}, '/body', 'body');
  const input: Record<string, unknown> = structuredClone(args ?? {});
  // As over REST, the body's size is checked before its content.
  const sentBody = bodyOf(tool, input);
  const limit = bodyLimitOf(tool.operationId);
  if (sentBody && Buffer.byteLength(JSON.stringify(sentBody)) > limit) {
    throw bodyTooLarge(limit);
  }
  // As over REST, text holding NUL is refused before the schema is checked.
  assertNoNul(tool.operationId, partsOf(tool, input));
  // As over REST, arrays over their limit and unknown body fields are refused before the full check,
  // whose cost grows with each item. A tool without a body has query parameters for arguments, and
  // an unknown one is reported beside the others, as REST reports an unknown query parameter.
  const bounds = boundsErrors(tool.inputSchema, input, LISTED_MAX, { unknownProperties: tool.hasBody });
  if (bounds.total > 0) {
    throw invalidRequest(
      bounds.errors.map((error) => describe(tool, error as ErrorObject)),
      { operationId: tool.operationId, body: bodyOf(tool, input) },
      bounds.total,
    )!;
  }
  const validate = validatorOf(tool);
  const errors = validate(input) ? [] : (validate.errors ?? []).map((error) => describe(tool, error));
  errors.push(...bodyRules(tool, input));
  const refusal = invalidRequest(errors, { operationId: tool.operationId, body: bodyOf(tool, input) });
  if (refusal) throw refusal;
  // After validation, which fills in the schema's defaults.
  return partsOf(tool, input);
}

/** A call's arguments, which must be an object (or absent), as a request's body must. */
function argumentsObject(args: unknown): Record<string, unknown> | undefined {
  if (args === undefined || (typeof args === 'object' && args !== null && !Array.isArray(args))) {
    return args as Record<string, unknown> | undefined;
  }
  const error = { in: 'body', path: '/arguments', message: 'must be an object' };
  throw new AppError('invalid_request', `${error.path} ${error.message}`, { errors: [error] });
}

/** The arguments of a call as the REST handler's path, query, headers and body. */
function partsOf(tool: McpToolDefinition, input: Record<string, unknown>): OperationRequest {
  const request: { path: Record<string, unknown>; query: Record<string, unknown>; headers: Record<string, string> } = {
    path: {},
    query: {},
    headers: {},
  };
  for (const [argument, value] of Object.entries(input)) {
    const parameter = tool.parameters[argument];
    if (!parameter || value === undefined) continue;
    if (parameter.in === 'header') request.headers[parameter.name] = String(value);
    else request[parameter.in][parameter.name] = value;
  }
  return { ...request, body: bodyOf(tool, input) };
}

function bodyOf(tool: McpToolDefinition, input: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!tool.hasBody) return undefined;
  const body: Record<string, unknown> = {};
  for (const name of tool.bodyArguments) if (input[name] !== undefined) body[name] = input[name];
  return { ...body, ...tool.fixedBody };
}


