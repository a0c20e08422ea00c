import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { contractForValidation } from '../contract-file';
import { AppError } from '../domain/shared/errors';
import { DATE_TIME_FORMAT } from '../domain/shared/instants';
import type { Principal } from '../domain/shared/principal';
import { OPERATIONS, type OperationInfo } from '../pipeline/operations';
import { READ_AFTER_HEADER, type OperationPipeline, type OperationResult } from '../pipeline/pipeline';
import { isStreamed } from '../pipeline/handlers';
import { Readable } from 'node:stream';
import { pipeline as pipe } from 'node:stream/promises';
import { absentBodyAsEmpty, jsonBody, refuseLongerThan, requireMediaType } from '../edge/body';
import { refuseBadInput, refuseOverBounds, unknownQueryParameter, verdictOf, type ValidatorErrorItem } from './validation';
import { locals } from '../edge/request-context';
import { checkResponses } from './response-check';

type ValidatorOptions = Parameters<typeof OpenApiValidator.middleware>[0];
type Json = Record<string, unknown>;

export interface RestOptions {
  readonly pipeline: OperationPipeline;
  /** Where the router is mounted, such as `/v1`. */
  readonly basePath: string;
  /** Check every response against the contract (tests). */
  readonly validateResponses: boolean;
  /**
   * The principal's rate budget: charged once the route is named (so the activity entry of a
   * refusal names it), before the access rule and the body, and for a path no route has.
   */
  readonly limit?: RequestHandler;
}

/**
 * The REST transport: one Express route per path of the contract, holding its operations and,
 * for any other method, 405 with `Allow`. Concrete paths come first, so a request to one
 * (`/memories/search`) is answered by that path only, never by a templated path
 * (`/memories/{id}`) that has the method. Each operation is validated by the
 * express-openapi-validator of its path, built from a copy of the contract that holds only that
 * path, so a request is matched once, by Express, and validation never looks through the other
 * paths.
 */
export function restRouter(options: RestOptions): Router {
  const router = Router();
  validationContract ??= contractForValidation();
  const contract = validationContract;
  // OPERATIONS lists concrete paths before templated ones: routes are matched in that order.
  const limit = options.limit ?? passOn;
  const byRoute = new Map<string, OperationInfo[]>();
  for (const operation of OPERATIONS) byRoute.set(operation.route, [...(byRoute.get(operation.route) ?? []), operation]);
  for (const [route, operations] of byRoute) {
    const path = router.route(route);
    for (const operation of operations) {
      path[operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](
        ...(operation.method === 'GET' ? [headAsGet] : []),
        nameOperation(options, operation),
        limit,
        admit(options, operation),
        ...(options.validateResponses ? [checkResponses(operation)] : []),
        ...bodyReaders(operation),
        refuseBadInput,
        ...(operation.bodyMediaType === 'application/json' ? [refuseOverBounds(operation.id)] : []),
        validatorOf(contract, operation),
        run(options, operation),
      );
    }
    path.all(
      nameRoute(options.basePath + operations[0]!.path),
      limit,
      methodNotAllowed(operations.map((operation) => operation.method)),
    );
  }
  // A path that no route has is charged as well, before it is answered 404; and so is a request
  // refused before any of its route's steps ran (a path parameter that is not a valid
  // percent-escape fails when Express decodes it, and goes straight to the error handlers).
  router.use(limit);
  router.use(chargeRefusedBeforeRoute(limit));
  return router;
}

const passOn: RequestHandler = (_req, _res, next) => next();

function chargeRefusedBeforeRoute(limit: RequestHandler): ErrorRequestHandler {
  return (err, req, res, next) => {
    // The limiter leaves `req.rateLimit` on a request it has charged.
    if ('rateLimit' in req) return next(err);
    limit(req, res, (refusal?: unknown) => next(refusal ?? err));
  };
}

/**
 * How the operation's body is read: a streamed body by the handler as it arrives (only its
 * announced length is checked here), a JSON body parsed within the limit; an operation that takes
 * no body ignores one sent all the same, whatever its media type.
 */
function bodyReaders(operation: OperationInfo): RequestHandler[] {
  switch (operation.bodyMediaType) {
    case 'application/x-ndjson':
      return [requireMediaType(operation.bodyMediaType), refuseLongerThan(operation.bodyLimitBytes)];
    case 'application/json':
      return [requireMediaType(operation.bodyMediaType), jsonBody(operation.bodyLimitBytes), absentBodyAsEmpty];
    default:
      return [];
  }
}

/**
 * Express routes a HEAD request to the GET route; the contract, and so the validator, knows only
 * GET. The request is handled as its GET, and Node.js leaves the body out of the answer.
 */
const headAsGet: RequestHandler = (req, res, next) => {
  if (req.method === 'HEAD') {
    locals(res).head = true;
    req.method = 'GET';
  }
  next();
};

/** Names the request's operation and route, for logs and activity. */
function nameOperation({ basePath }: RestOptions, operation: OperationInfo): RequestHandler {
  return (req, res, next) => {
    const state = locals(res);
    state.operationId = operation.id;
    state.route = basePath + operation.path;
    state.pathParams = { ...req.params } as Record<string, string>;
    next();
  };
}

/** Names the route of a request whose method it does not have. */
function nameRoute(route: string): RequestHandler {
  return (_req, res, next) => {
    locals(res).route = route;
    next();
  };
}

/** Applies the operation's access rule. */
function admit({ pipeline }: RestOptions, operation: OperationInfo): RequestHandler {
  return (_req, res, next) => {
    pipeline.admit(locals(res).principal as Principal, operation.id);
    next();
  };
}

/** The `#/components/…` references in a value. */
function referencesIn(value: unknown, found: Set<string>): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (Array.isArray(item)) pending.push(...item);
    else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/')) found.add(child);
        else pending.push(child);
      }
    }
  }
}

/**
 * The contract reduced to one path and the components it uses, directly or through others (in
 * the contract's order): what that operation's validator needs to read and compile, and no more.
 */
function contractForPath(contract: Json, path: string): Json {
  const pathItem = (contract.paths as Record<string, Json>)[path];
  const components = (contract.components ?? {}) as Record<string, Record<string, unknown>>;
  const used = new Set<string>();
  const pending = new Set<string>();
  referencesIn(pathItem, pending);
  while (pending.size > 0) {
    const [ref] = pending as unknown as [string];
    pending.delete(ref);
    if (used.has(ref)) continue;
    used.add(ref);
    const [, , section = '', name = ''] = ref.split('/');
    referencesIn(components[section]?.[name], pending);
  }
  const reduced = Object.fromEntries(
    Object.entries(components).map(([section, definitions]) => [
      section,
      section === 'securitySchemes'
        ? definitions
        : Object.fromEntries(Object.entries(definitions).filter(([name]) => used.has(`#/components/${section}/${name}`))),
    ]),
  );
  return { ...contract, paths: { [path]: pathItem }, components: reduced };
}

/** The validator of one operation: that of its path, made from the contract with that path only. */
function validatorOf(contract: Json, operation: OperationInfo): RequestHandler {
  const apiSpec = contractForPath(contract, operation.path);
  const validatorOptions: ValidatorOptions = {
    apiSpec: apiSpec as never,
    // No coercion: bodies must carry the contract's types (query and path parameters are parsed).
    // Unknown query parameters are named beside the schema's errors (the validator would refuse the
    // first alone, and an empty value before its schema is read).
    validateRequests: { allErrors: true, allowUnknownQueryParameters: true, coerceTypes: false },
    // Answers are checked against the contract by `checkResponses`, with one compiler for all operations.
    validateResponses: false,
    validateSecurity: false,
    // The contract takes no multipart body: no step of the validator looks for one.
    fileUploader: false,
    ignoreUndocumented: false,
    // The contract is checked once, by the lint in the test command; each of the operations'
    // validators would otherwise check it again against the OpenAPI schema when made.
    validateApiSpec: false,
    // Formats are checked in full, as the MCP tools check their arguments: a `date-time` must be
    // a real calendar day (no month 13, no February 30) and an instant the service stores as sent.
    validateFormats: true,
    ajvFormats: { mode: 'full' },
    formats: { 'date-time': DATE_TIME_FORMAT },
  };
  // Made on the first request of one of the path's operations (a validator reads and compiles its
  // contract when made, a third of a second), shared by the path's operations, which its contract
  // holds, and by every app of the process: it depends on the contract and the options only.
  return (req, res, next) => {
    let validate = validators.get(operation.path);
    if (!validate) {
      validate = Router().use(OpenApiValidator.middleware(validatorOptions) as unknown as RequestHandler[]);
      validators.set(operation.path, validate);
    }
    const query = req.query as Record<string, unknown>;
    const found = [
      ...Object.keys(query)
        .filter((name) => !operation.queryNames.includes(name))
        .map(unknownQueryParameter),
      ...integersNotInDecimal(operation, req.params, query),
    ];
    // An empty list (`ids=`) is the empty list, checked against the list's rules; the validator
    // would leave the empty string, not a list.
    const emptyLists = operation.listQueryNames.filter((name) => query[name] === '');
    if (emptyLists.length > 0) {
      const value = { ...query, ...Object.fromEntries(emptyLists.map((name) => [name, []])) };
      Object.defineProperty(req, 'query', { value, writable: true, configurable: true, enumerable: true });
    }
    validate(req, res, (verdict?: unknown) => next(verdictOf(verdict, found, { operationId: operation.id, body: req.body })));
  };
}

/** An integer parameter as its text may write it: decimal digits, with a minus sign for a negative one. */
const DECIMAL_INTEGER = /^-?[0-9]+$/;

/**
 * Integer parameters written otherwise (`1.0`, `1e3`, `0x1`, ` 1`): the validator reads them as
 * numbers and lets them through, but the text would reach the database as it was sent.
 */
function integersNotInDecimal(operation: OperationInfo, path: Record<string, unknown>, query: Record<string, unknown>): ValidatorErrorItem[] {
  return operation.integerParameters.flatMap((parameter) => {
    const value = parameter.in === 'path' ? path[parameter.name] : query[parameter.name];
    // Anything but one text (a repeated parameter) is the validator's to refuse.
    if (typeof value !== 'string' || DECIMAL_INTEGER.test(value)) return [];
    return [{ path: `/${parameter.in === 'path' ? 'params' : 'query'}/${parameter.name}`, message: 'must be integer', errorCode: 'type.openapi.validation' }];
  });
}

/** The request's integer parameters as numbers (checked as decimal integers in range by then). */
function withIntegers(operation: OperationInfo, part: 'path' | 'query', values: Record<string, unknown>): Record<string, unknown> {
  const names = operation.integerParameters.filter((parameter) => parameter.in === part).map((parameter) => parameter.name);
  const converted = names.filter((name) => typeof values[name] === 'string').map((name) => [name, Number(values[name])]);
  return converted.length === 0 ? values : { ...values, ...Object.fromEntries(converted) };
}

const validators = new Map<string, Router>();
let validationContract: Json | undefined;

function headersOf(req: Request, operation: OperationInfo): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of [...operation.headerNames, READ_AFTER_HEADER]) {
    const value = req.get(name);
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

function run(options: RestOptions, operation: OperationInfo): RequestHandler {
  const { pipeline } = options;
  return async (req, res) => {
    const state = locals(res);
    const streamed = operation.bodyMediaType === 'application/x-ndjson';
    const length = req.get('content-length');
    const result = await pipeline.execute({
      id: operation.id,
      path: withIntegers(operation, 'path', req.params),
      query: withIntegers(operation, 'query', req.query as Record<string, unknown>),
      headers: headersOf(req, operation),
      body: streamed ? undefined : req.body,
      ...(streamed ? { upload: { chunks: req, ...(length !== undefined ? { length: Number(length) } : {}) } } : {}),
      principal: state.principal as Principal,
      requestId: state.requestId,
    });
    await send(req, res, result, options);
  };
}

async function send(req: Request, res: Response, result: OperationResult, options: RestOptions): Promise<void> {
  for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
  if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
  if (result.status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="mtl"');
  // A streamed upload that was refused before it was read to its end: the connection cannot carry another request.
  if (!req.complete && req.readable) res.setHeader('Connection', 'close');
  if (!isStreamed(result.body)) {
    res.status(result.status).json(result.body);
    return;
  }
  res.status(result.status).type(result.body.streamed);
  if (locals(res).head) {
    // Nothing of a streamed answer is sent for HEAD: it ends (and lets go of what it holds) at once.
    await result.body.chunks.return?.();
    res.end();
    return;
  }
  try {
    // Back-pressure: the next piece is produced only when the client has taken the last one. A
    // client that stops taking them has its connection closed after the app's write timeout, which
    // lets go of the answer's snapshot (see closeStalledAnswers).
    await pipe(Readable.from(result.body.chunks, { highWaterMark: 1 }), res);
  } catch (err) {
    // The status is sent: a failure can only cut the stream short (the missing `end` line tells the client).
    res.destroy();
    if (!req.socket.destroyed || !isPrematureClose(err)) options.pipeline.streamFailed(locals(res).requestId, err);
  }
}

function methodNotAllowed(allowed: readonly string[]): RequestHandler {
  const allow = [...new Set(allowed.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method])))].join(', ');
  return (_req, res, next) => {
    res.setHeader('Allow', allow);
    next(new AppError('method_not_allowed', 'This route does not support that method.'));
  };
}

/** The client went away before the end: nothing failed on our side. */
function isPrematureClose(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
}
