import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { CONTRACT } from '../contract-file';
import { CONTRACT_FORMATS } from '../domain/shared/instants';
import { operations, type OperationId } from '../generated/contract';
import type { Problem } from '../pipeline/invalid-input';

type Json = Record<string, unknown>;

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false });
addFormats(ajv);
ajv.addFormat('date-time', CONTRACT_FORMATS['date-time']);
ajv.addSchema({ $id: 'mtl-contract', components: { schemas: (CONTRACT.components as Json).schemas } });
const validators = new Map<string, ValidateFunction | null>();

const schemas = (CONTRACT.components as { schemas: Record<string, Json> }).schemas;
const paths = CONTRACT.paths as Record<string, Record<string, Json>>;

/** The schema the body's discriminator chooses (`WorkflowCreate` for `action: create`), if the body is a discriminated union and names one. */
function chosenSchema(operationId: OperationId, body: unknown): string | null {
  const { path, method } = operations[operationId];
  const requestBody = paths[path]?.[method.toLowerCase()]?.requestBody as { content?: Record<string, { schema?: Json }> } | undefined;
  const ref = requestBody?.content?.['application/json']?.schema?.$ref;
  const union = typeof ref === 'string' ? schemas[ref.split('/').pop()!] : undefined;
  const discriminator = union?.discriminator as { propertyName: string; mapping?: Record<string, string> } | undefined;
  if (!discriminator?.mapping || body === null || typeof body !== 'object') return null;
  const tag = (body as Json)[discriminator.propertyName];
  const chosen = typeof tag === 'string' && Object.hasOwn(discriminator.mapping, tag) ? discriminator.mapping[tag] : undefined;
  return chosen ?? null;
}

/**
 * Every rule a body of a discriminated union (a workflow request, chosen by `action`) breaks in
 * the schema its discriminator chooses; null when the body is not one, or names no known choice.
 * express-openapi-validator checks such a body with a validator that stops at its first error;
 * the arguments of each choice's MCP tool are checked with all of them, and so is this.
 */
export function chosenBodyErrors(operationId: OperationId, body: unknown): Problem[] | null {
  const chosen = chosenSchema(operationId, body);
  if (!chosen) return null;
  let validate = validators.get(chosen);
  if (validate === undefined) {
    validate = ajv.getSchema(`mtl-contract${chosen}`) ?? null;
    validators.set(chosen, validate);
  }
  if (!validate || validate(body)) return validate ? [] : null;
  return (validate.errors ?? []).map((error) => {
    const params = error.params as { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[] };
    const property = params.missingProperty ?? params.additionalProperty;
    let message = error.message ?? 'is invalid';
    if (error.keyword === 'enum' && params.allowedValues) message += `: ${params.allowedValues.join(', ')}`;
    return { in: 'body', pointer: `${error.instancePath}${property !== undefined ? `/${property}` : ''}`, message, keyword: error.keyword };
  });
}
