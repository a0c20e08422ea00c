import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { DATE_TIME_FORMAT } from '../shared/instants';
import { exportRecordSchemas } from '../../generated/contract';
import type { components } from '../../generated/openapi';
import { AppError } from '../shared/errors';
import { worded } from '../shared/validation-words';

/** The export format (docs/export-format.md): its name and the one version this service reads and writes. */
export const EXPORT_FORMAT = 'mtl-export';
export const EXPORT_VERSION = 1;

type Schemas = components['schemas'];
export type ExportCounts = Schemas['ExportCounts'];

/** Each record type's data, as the contract describes it. */
export interface ExportDataByType {
  header: Schemas['ExportHeader'];
  workspace_profile: Schemas['ExportWorkspaceProfile'];
  subject: Schemas['ExportSubject'];
  memory: Schemas['ExportMemory'];
  link: Schemas['Link'];
  fact: Schemas['ExportFact'];
  fact_suggestion: Schemas['ExportFactSuggestion'];
  template: Schemas['ExportTemplate'];
  end: { counts: ExportCounts };
}
export type ExportRecordType = keyof ExportDataByType;
export type ExportData<T extends ExportRecordType> = ExportDataByType[T];
export type ExportRecord = { [T in ExportRecordType]: { type: T; data: ExportDataByType[T] } }[ExportRecordType];

export function emptyCounts(): ExportCounts {
  return { workspace_profile: 0, subjects: 0, memories: 0, links: 0, facts: 0, fact_suggestions: 0, templates: 0 };
}

/** One thing wrong with a line, as `details.errors` of `invalid_import` lists it. */
export interface LineError {
  readonly path: string;
  readonly message: string;
}

/** An import refused at a line: `400 invalid_import` with the line's number and what is wrong with it. */
export function invalidLine(line: number, errors: readonly LineError[]): AppError {
  const summary = errors.map((error) => (error.path ? `${error.path} ${error.message}` : error.message)).join('; ');
  return new AppError('invalid_import', `Line ${line}: ${summary}`, { line, errors });
}

const DATE_TIME_WORDS = 'must be an RFC 3339 date-time in the years 0100 to 9999, and not a leap second';

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false });
addFormats(ajv);
// The file's timestamps are read as the API reads them: only instants the database stores unchanged.
ajv.addFormat('date-time', DATE_TIME_FORMAT);
const validators = new Map<string, ValidateFunction>();
const TYPES = Object.keys(exportRecordSchemas) as ExportRecordType[];

function validatorOf(type: ExportRecordType): ValidateFunction {
  let validate = validators.get(type);
  if (!validate) {
    validate = ajv.compile(exportRecordSchemas[type] as object);
    validators.set(type, validate);
  }
  return validate;
}

function described(error: ErrorObject): LineError {
  const params = error.params as { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[]; format?: string };
  let path = `/data${error.instancePath}`;
  let message = error.keyword === 'format' && params.format === 'date-time' ? DATE_TIME_WORDS : worded(error.message ?? 'is invalid');
  if (error.keyword === 'enum' && params.allowedValues) message += `: ${params.allowedValues.join(', ')}`;
  if (params.missingProperty) path += `/${params.missingProperty}`;
  if (params.additionalProperty) {
    path += `/${params.additionalProperty}`;
    message = 'is not allowed';
  }
  return { path, message };
}

/** Strings with a NUL character (which no text of the service may hold), by their path in the data. */
function nulCharacters(data: unknown): LineError[] {
  const found: LineError[] = [];
  const pending: Array<[unknown, string]> = [[data, '/data']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push({ path, message: 'must not contain a NUL character' });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push([item, `${path}/${index}`]));
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) pending.push([item, `${path}/${key}`]);
    }
  }
  return found;
}

/**
 * Parses and checks one line of an export against its record type's schema. Throws
 * `invalid_import` naming the line for anything that is not a record of a known type with valid data.
 */
export function parseRecord(text: string, line: number): ExportRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidLine(line, [{ path: '', message: 'is not valid JSON' }]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidLine(line, [{ path: '', message: 'must be an object with "type" and "data"' }]);
  }
  const { type, data, ...rest } = value as { type?: unknown; data?: unknown };
  const extra = Object.keys(rest).map((name): LineError => ({ path: `/${name}`, message: 'is not allowed' }));
  if (typeof type !== 'string' || !TYPES.includes(type as ExportRecordType)) {
    throw invalidLine(line, [{ path: '/type', message: `must be one of: ${TYPES.join(', ')}` }, ...extra]);
  }
  const validate = validatorOf(type as ExportRecordType);
  const errors = validate(data) ? nulCharacters(data) : (validate.errors ?? []).map(described);
  if (data === undefined) errors.splice(0, errors.length, { path: '/data', message: 'is required' });
  if (errors.length > 0 || extra.length > 0) throw invalidLine(line, [...extra, ...errors]);
  return { type, data } as ExportRecord;
}
