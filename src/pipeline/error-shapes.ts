import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { CONTRACT } from '../contract-file';

type Json = Record<string, unknown>;

/**
 * The contract's error schema of each code that has one (`DraftChangedError` for
 * `draft_changed`, …): an `allOf` of `Error` and an object whose `code` has that single value.
 */
export function errorSchemasByCode(contract: Json = CONTRACT): Map<string, string> {
  const schemas = ((contract.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const byCode = new Map<string, string>();
  for (const [name, schema] of Object.entries(schemas)) {
    const parts = schema.allOf as Json[] | undefined;
    const [base, own] = parts ?? [];
    if (parts?.length !== 2 || base?.$ref !== '#/components/schemas/Error') continue;
    const codes = (((own?.properties as Json | undefined)?.code as Json | undefined)?.enum ?? []) as string[];
    if (codes.length === 1) byCode.set(codes[0] as string, name);
  }
  return byCode;
}

/**
 * Checks an error (the `error` of the envelope) against the schema of its code: what it breaks,
 * or null when it conforms or its code has no schema of its own. Used where responses are checked
 * against the contract (`VALIDATE_RESPONSES`), so a code that stops carrying its documented
 * details fails the tests that meet it.
 */
export function errorShapeChecker(contract: Json = CONTRACT): (error: Json) => string | null {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema({ $id: 'mtl-contract', components: { schemas: (contract.components as Json).schemas } });
  const names = errorSchemasByCode(contract);
  // Each code's schema is compiled when an error of that code is first checked.
  const validators = new Map<string, ValidateFunction>();
  const validatorOf = (code: string): ValidateFunction | undefined => {
    const name = names.get(code);
    if (!name) return undefined;
    let validate = validators.get(code);
    if (!validate) {
      validate = ajv.getSchema(`mtl-contract#/components/schemas/${name}`);
      if (!validate) throw new Error(`The contract's schema ${name} could not be compiled`);
      validators.set(code, validate);
    }
    return validate;
  };
  return (error) => {
    const validate = validatorOf(String(error.code));
    if (!validate || validate(error)) return null;
    return ajv.errorsText(validate.errors, { dataVar: 'error' });
  };
}
