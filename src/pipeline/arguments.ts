import * as generated from '../generated/argument-validators';
import { argumentShapes, type McpToolDefinition } from '../generated/mcp-tools';
import { AppError, bodyTooLarge, LISTED_MAX } from '../domain/shared/errors';
import { boundsErrors } from '../domain/shared/input-bounds';
import { assertOperationAllowed, type Caller } from '../domain/shared/principal';
import { NOT_A_PARAMETER } from '../domain/shared/validation-words';
import { nestingProblem, nulProblems } from './input-checks';
import { argumentLabel, invalidFields, invalidRequest, splitPointer, type FieldNaming, type Problem, type RequestPart } from './invalid-input';
import { bodyLimitOf } from './operations';

/**
 * Calls that name an operation's inputs as arguments (an MCP tool call, a form of the
 * application): flat arguments for its path, query and header parameters and its body's
 * properties, as `src/generated/mcp-tools.ts` lists them for each operation (one entry per action
 * for the Template workflow). They are checked here against the contract, by the validators
 * generated from it, and refused with each field named by its argument.
 */

/** How an operation takes its arguments. */
export type ArgumentShape = McpToolDefinition;

/** An operation's request, split from the arguments into the parts of its REST request. */
export interface OperationRequest {
  readonly path: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly headers: Record<string, string>;
  readonly body: Record<string, unknown> | undefined;
}

interface GeneratedValidator {
  (data: unknown): boolean;
  errors?: Array<{ instancePath: string; keyword: string; params: Record<string, unknown>; message?: string }> | null;
}

const validators = generated as unknown as Readonly<Record<string, GeneratedValidator>>;
const shapes = new Map(argumentShapes.map((shape) => [shape.name, shape]));

/** The shape of arguments that has this name (an MCP tool's). */
export function argumentShape(name: string): ArgumentShape | undefined {
  return shapes.get(name);
}

/** Names each field by its argument: `type`, `files[0].path`; the part itself as `arguments`. */
export function argumentNaming(shape: ArgumentShape): FieldNaming {
  let naming = namings.get(shape);
  if (!naming) {
    naming = namingOf(shape);
    namings.set(shape, naming);
  }
  return naming;
}

/** Each shape's naming, made on its first call: a call's refusal names fields without building it again. */
const namings = new WeakMap<ArgumentShape, FieldNaming>();

function namingOf(shape: ArgumentShape): FieldNaming {
  const byParameter = new Map(Object.entries(shape.parameters).map(([argument, parameter]) => [`${parameter.in}:${parameter.name}`, argument]));
  return (problem) => {
    const { name, rest } = splitPointer(problem.pointer);
    if (problem.pointer === '') return { in: problem.in, path: '', label: 'arguments' };
    const argument = problem.in === 'body' ? name : (byParameter.get(`${problem.in}:${name}`) ?? name);
    return { in: problem.in, path: `/${argument.replace(/~/g, '~0').replace(/\//g, '~1')}${rest}`, label: argumentLabel(argument, rest), argument };
  };
}

/** Where an argument goes: a parameter's part, otherwise the body. */
function partOf(shape: ArgumentShape, argument: string): RequestPart {
  return shape.parameters[argument]?.in ?? 'body';
}

/** A problem the arguments' validator reports (its pointer is into the arguments), placed in its part. */
function problemOf(shape: ArgumentShape, error: NonNullable<GeneratedValidator['errors']>[number]): Problem {
  const params = error.params as { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[] };
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'enum' && params.allowedValues) message += `: ${params.allowedValues.join(', ')}`;
  const named = params.missingProperty ?? params.additionalProperty;
  const pointer = error.instancePath === '' && named !== undefined ? `/${named.replace(/~/g, '~0').replace(/\//g, '~1')}` : error.instancePath;
  const { name, rest } = splitPointer(pointer);
  const part = partOf(shape, name);
  const parameter = shape.parameters[name];
  // An unknown argument of an operation without a body is reported as REST reports an unknown query parameter.
  if (params.additionalProperty !== undefined && !shape.hasBody) return { in: 'query', pointer, message: NOT_A_PARAMETER, keyword: error.keyword };
  const inPart = parameter ? `/${parameter.name}${rest}` : pointer;
  return { in: part, pointer: inPart, message, keyword: error.keyword };
}

/** A call's arguments, which must be an object (or absent), as a request's body must. */
function argumentsObject(args: unknown): Record<string, unknown> {
  if (args === undefined) return {};
  if (typeof args === 'object' && args !== null && !Array.isArray(args)) return args as Record<string, unknown>;
  throw new AppError('invalid_request', 'arguments must be an object', { errors: [{ in: 'body', path: '', message: 'must be an object' }] });
}

/**
 * Checks a call's arguments against the contract as the REST API checks a request, in the same
 * order and with the same codes: nesting, the body's size, NUL in text, arrays over their bounds
 * and unknown arguments (before the full check, whose cost grows with each item), then every
 * rule of the schema. Returns the operation's request, with the schema's defaults filled in.
 */
export function checkArguments(shape: ArgumentShape, given: unknown): OperationRequest {
  const naming = argumentNaming(shape);
  const sent = argumentsObject(given);
  const nesting = nestingProblem(sent, 'body');
  if (nesting) throw invalidFields([nesting], naming);
  // The defaults are filled in on a copy: the caller's arguments stay as they were sent.
  const input: Record<string, unknown> = structuredClone(sent);
  const sentBody = bodyOf(shape, input);
  const limit = bodyLimitOf(shape.operationId);
  if (sentBody && Buffer.byteLength(JSON.stringify(sentBody)) > limit) throw bodyTooLarge(limit);
  const sentParts = partsOf(shape, input);
  const nul = nulProblems(shape.operationId, { path: sentParts.path, query: sentParts.query, body: sentParts.body });
  if (nul.total > 0) throw invalidFields(nul.problems, naming, nul.total);
  const request = { operationId: shape.operationId, body: sentBody };
  const bounds = boundsErrors(shape.inputSchema, input, LISTED_MAX, { unknownProperties: shape.hasBody });
  if (bounds.total > 0) throw invalidRequest(bounds.errors.map((error) => problemOf(shape, error)), naming, request, bounds.total)!;
  const validate = validators[shape.name];
  if (!validate) throw new Error(`No generated validator for ${shape.name}: run npm run codegen`);
  const problems = validate(input) ? [] : (validate.errors ?? []).map((error) => problemOf(shape, error));
  problems.push(...bodyRules(shape, input));
  const refusal = invalidRequest(problems, naming, request);
  if (refusal) throw refusal;
  // After validation, which fills in the schema's defaults.
  return partsOf(shape, input);
}

/** The pipeline's first two steps for a call made with arguments: the caller's access to the operation, then the arguments. */
export function prepareArgumentCall(shape: ArgumentShape, principal: Caller, given: unknown): OperationRequest {
  assertOperationAllowed(principal, shape.operationId);
  return checkArguments(shape, given);
}

/** Rules of the body as a whole, which flat arguments cannot express. */
function bodyRules(shape: ArgumentShape, input: Record<string, unknown>): Problem[] {
  const given = shape.bodyArguments.filter((name) => input[name] !== undefined).length;
  if (given >= shape.bodyMinProperties) return [];
  const names = shape.bodyArguments.join(', ');
  return [{ in: 'body', pointer: '', message: `must give at least ${shape.bodyMinProperties} of ${names}`, keyword: 'minProperties' }];
}

/** The arguments of a call as the REST request's path, query, headers and body. */
function partsOf(shape: ArgumentShape, input: Record<string, unknown>): OperationRequest {
  const request: { path: Record<string, unknown>; query: Record<string, unknown>; headers: Record<string, string> } = { path: {}, query: {}, headers: {} };
  for (const [argument, value] of Object.entries(input)) {
    const parameter = shape.parameters[argument];
    if (!parameter || value === undefined) continue;
    if (parameter.in === 'header') request.headers[parameter.name] = String(value);
    else request[parameter.in][parameter.name] = value;
  }
  return { ...request, body: bodyOf(shape, input) };
}

function bodyOf(shape: ArgumentShape, input: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!shape.hasBody) return undefined;
  const body: Record<string, unknown> = {};
  for (const name of shape.bodyArguments) if (input[name] !== undefined) body[name] = input[name];
  return { ...body, ...shape.fixedBody };
}
