import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { RequestHandler, Response } from 'express';
import { contractForValidation } from '../contract-file';
import { AppError } from '../domain/shared/errors';
import type { OperationInfo } from '../pipeline/operations';
import { errorBody } from '../pipeline/envelope';
import { locals } from '../edge/request-context';

type Json = Record<string, unknown>;

/** A JSON pointer's segment inside a URI fragment. */
const pointerSegment = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

/**
 * Checks answers against the responses the contract declares (`VALIDATE_RESPONSES`, on in the
 * tests): the body of an answer of status N must match the JSON schema of operation's response N.
 * One Ajv holds the whole contract, so a schema that many operations share (a Memory, the error
 * envelope) is compiled once, when the first answer that uses it is checked.
 */
export class ResponseChecker {
  private readonly ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
  private readonly paths: Record<string, Record<string, Json>>;
  private readonly sharedResponses: Record<string, Json>;
  private readonly validators = new Map<string, ValidateFunction | null>();

  constructor(contract: Json = contractForValidation()) {
    addFormats(this.ajv);
    this.ajv.addSchema(contract, 'mtl-contract');
    this.paths = contract.paths as Record<string, Record<string, Json>>;
    this.sharedResponses = ((contract.components as Json | undefined)?.responses ?? {}) as Record<string, Json>;
  }

  /** What the body breaks, or null when it conforms (or the response declares no JSON body). */
  check(operation: Pick<OperationInfo, 'path' | 'method'>, status: number, body: unknown): string | null {
    const key = `${operation.method} ${operation.path} ${status}`;
    let validate = this.validators.get(key);
    if (validate === undefined) {
      const pointer = this.schemaPointer(operation, status);
      if (typeof pointer !== 'string') return pointer.refused;
      validate = pointer === '' ? null : (this.ajv.getSchema(`mtl-contract#${pointer}`) ?? null);
      if (pointer !== '' && !validate) throw new Error(`The contract's schema at ${pointer} could not be compiled`);
      this.validators.set(key, validate);
    }
    if (!validate || validate(body)) return null;
    return this.ajv.errorsText(validate.errors, { dataVar: 'response' });
  }

  /** The pointer to the JSON schema of the operation's response of this status; '' when it has no JSON body. */
  private schemaPointer({ path, method }: Pick<OperationInfo, 'path' | 'method'>, status: number): string | { refused: string } {
    const responses = (this.paths[path]?.[method.toLowerCase()]?.responses ?? {}) as Record<string, Json>;
    const code = [String(status), `${String(status)[0]}XX`, 'default'].find((name) => responses[name] !== undefined);
    if (code === undefined) return { refused: `the contract declares no ${status} answer for ${method} ${path}` };
    const declared = responses[code]!;
    const ref = typeof declared.$ref === 'string' ? declared.$ref : null;
    const response = ref ? this.sharedResponses[ref.split('/').pop()!] : declared;
    const content = (response?.content ?? {}) as Record<string, Json>;
    const media = Object.keys(content).find((type) => type === 'application/json' || type.endsWith('+json'));
    if (!media || !content[media]?.schema) return '';
    const base = ref ? ['components', 'responses', ref.split('/').pop()!] : ['paths', path, method.toLowerCase(), 'responses', code];
    return '/' + [...base, 'content', media, 'schema'].map(pointerSegment).join('/');
  }
}

let shared: ResponseChecker | undefined;

/**
 * Checks every JSON answer of the operation's route against the contract; an answer that breaks
 * it is replaced by an `internal_error` naming the difference, so no test can pass with it.
 */
export function checkResponses(operation: OperationInfo): RequestHandler {
  return (_req, res, next) => {
    shared ??= new ResponseChecker();
    const checker = shared;
    const json = res.json.bind(res) as Response['json'];
    res.json = (body: unknown) => {
      const broken = checker.check(operation, res.statusCode, body);
      if (broken === null) return json(body);
      const error = new AppError('internal_error', `The answer does not match the contract: ${broken}`);
      res.status(error.status);
      return json(errorBody(error, locals(res).requestId));
    };
    next();
  };
}
