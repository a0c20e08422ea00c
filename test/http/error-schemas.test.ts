import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { CONTRACT } from '../../src/contract-file';
import { AppError } from '../../src/domain/shared/errors';
import { enums } from '../../src/generated/contract';
import { checkErrorShapes, errorBody } from '../../src/pipeline/envelope';
import { errorSchemasByCode, errorShapeChecker } from '../../src/pipeline/error-shapes';

// Error details are typed per code in the contract, and the service is held to those types.

const check = errorShapeChecker();
const base = { message: 'm', status: 409, retryable: false, request_id: 'r' };

test('each per-code error schema names one known code', () => {
  const byCode = errorSchemasByCode();
  expect(byCode.get('draft_changed')).toBe('DraftChangedError');
  expect(byCode.get('precondition_failed')).toBe('PreconditionFailedError');
  expect(byCode.get('invalid_draft')).toBe('InvalidDraftError');
  expect(byCode.get('invalid_import')).toBe('InvalidImportError');
  expect(byCode.get('rate_limited')).toBe('RateLimitedError');
  for (const code of byCode.keys()) expect(enums.errorCode).toContain(code);
});

test('an error without the details its code promises is caught; one with them passes', () => {
  expect(check({ code: 'draft_changed', ...base, details: { current_revision: 4 } })).toBeNull();
  expect(check({ code: 'draft_changed', ...base })).toMatch(/details/);
  expect(check({ code: 'draft_changed', ...base, details: { current_revision: 'four' } })).toMatch(/current_revision/);
  expect(check({ code: 'invalid_import', ...base, status: 400, details: { line: 3 } })).toMatch(/errors/);
  // A code without a schema of its own is only the generic Error.
  expect(check({ code: 'memory_not_found', ...base, status: 404 })).toBeNull();
});

test('where responses are checked, an error that breaks its schema becomes an internal_error naming the difference', () => {
  checkErrorShapes();
  const broken = errorBody(new AppError('draft_changed', 'The draft changed.', { revision: 3 }), 'req');
  expect(broken.error).toMatchObject({ code: 'internal_error', status: 500 });
  expect(broken.error.message).toMatch(/draft_changed error does not match its schema.*current_revision/);
  const fine = errorBody(new AppError('draft_changed', 'The draft changed.', { current_revision: 3 }), 'req');
  expect(fine.error).toMatchObject({ code: 'draft_changed', details: { current_revision: 3 } });
});

test('the error code is an open set: an envelope with a code added later is still valid', () => {
  const ajv = new Ajv({ strict: false });
  addFormats(ajv);
  ajv.addSchema({ $id: 'c', components: { schemas: (CONTRACT.components as { schemas: unknown }).schemas } });
  const envelope = ajv.getSchema('c#/components/schemas/ErrorResponse')!;
  expect(envelope({ ok: false, error: { code: 'quota_exceeded_later', ...base, status: 429, retryable: true } })).toBe(true);
  expect(envelope({ ok: false, error: { code: 'draft_changed', ...base, details: { current_revision: 2, extra: true } } })).toBe(true);
  expect(envelope({ ok: false, error: { code: 42, ...base } })).toBe(false);
});
