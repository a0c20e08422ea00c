import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { DATE_TIME_FORMAT } from '../shared/instants';
import { exportRecordSchemas } from '../../generated/contract';
import type { components } from '../../generated/openapi';
import { AppError, listed, LISTED_MAX, summarized } from '../shared/errors';
import { boundsErrors, forEachNested, MAX_DEPTH, textExceeds } from '../shared/input-bounds';
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
  memory_history: Schemas['ExportMemoryHistory'];
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
  return { workspace_profile: 0, subjects: 0, memories: 0, memory_histories: 0, links: 0, facts: 0, fact_suggestions: 0, templates: 0 };
}

/** One thing wrong with a line, as `details.errors` of `invalid_import` lists it. */
export interface LineError {
  readonly path: string;
  readonly message: string;
}

/**
 * An import refused at a line: `400 invalid_import` with the line's number and what is wrong with
 * it (the first errors listed, the rest of `total` counted).
 */
export function invalidLine(line: number, errors: readonly LineError[], total = errors.length): AppError {
  const summary = summarized(
    errors.slice(0, LISTED_MAX).map((error) => (error.path ? `${error.path} ${error.message}` : error.message)),
    total,
  );
  return new AppError('invalid_import', `Line ${line}: ${summary}`, { line, ...listed('errors', errors, total) });
}

const DATE_TIME_WORDS = 'must be an RFC 3339 date-time in the years 0100 to 9999, and not a leap second';

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false });
addFormats(ajv);
// The file's timestamps are read as the API reads them: only instants the database stores unchanged.
ajv.addFormat('date-time', DATE_TIME_FORMAT);
const TYPES = Object.keys(exportRecordSchemas) as ExportRecordType[];

/**
 * A record type's check: its schema, with each property that is an array without `maxItems` (a
 * Memory's revisions) checked item by item, so that the errors of a line of millions of broken
 * items are counted, not all held at once.
 */
interface RecordCheck {
  readonly whole: ValidateFunction;
  readonly itemised: ReadonlyArray<{ readonly property: string; readonly item: ValidateFunction }>;
}

const checks = new Map<ExportRecordType, RecordCheck>();

type ObjectSchema = { properties?: Record<string, { type?: string; maxItems?: number; items?: object }> };

function checkOf(type: ExportRecordType): RecordCheck {
  let check = checks.get(type);
  if (!check) {
    const schema = structuredClone(exportRecordSchemas[type]) as ObjectSchema;
    const itemised: Array<{ property: string; item: ValidateFunction }> = [];
    for (const [property, propertySchema] of Object.entries(schema.properties ?? {})) {
      if (propertySchema.type !== 'array' || propertySchema.maxItems !== undefined || !propertySchema.items) continue;
      itemised.push({ property, item: ajv.compile(propertySchema.items) });
      delete propertySchema.items;
    }
    check = { whole: ajv.compile(schema), itemised };
    checks.set(type, check);
  }
  return check;
}

/** What a record's data breaks of its type's schema: the first errors and how many in all. */
function schemaErrors(type: ExportRecordType, data: unknown): { errors: LineError[]; total: number } {
  const { whole, itemised } = checkOf(type);
  const errors = whole(data) ? [] : (whole.errors ?? []).map(described);
  let total = errors.length;
  for (const { property, item } of itemised) {
    const items = (data as Record<string, unknown> | null)?.[property];
    if (!Array.isArray(items)) continue;
    items.forEach((value, index) => {
      if (item(value)) return;
      const found = item.errors ?? [];
      total += found.length;
      for (const error of found.slice(0, Math.max(0, LISTED_MAX - errors.length))) {
        errors.push(described({ ...error, instancePath: `/${property}/${index}${error.instancePath}` }));
      }
    });
  }
  return { errors, total };
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

/** Strings with a NUL character (which no text of the service may hold), by their path in the data: the first of them, and how many. */
function nulCharacters(data: unknown): { errors: LineError[]; total: number } {
  const errors: LineError[] = [];
  let total = 0;
  forEachNested(data, '/data', (value, place) => {
    if (typeof value === 'string' && value.includes('\u0000')) {
      total += 1;
      if (errors.length < LISTED_MAX) errors.push({ path: place.pointer(), message: 'must not contain a NUL character' });
    }
    return true;
  });
  return { errors, total };
}

/**
 * The most values (items and members of all its arrays and objects) one line may hold: ten times
 * what the largest record of an export holds (a Memory with 32 revisions of 20 tags, about 1,000).
 */
export const LINE_VALUES_MAX = 10_000;

/**
 * Parses and checks one line of an export against its record type's schema. Throws
 * `invalid_import` naming the line for anything that is not a record of a known type with valid data.
 */
export function parseRecord(text: string, line: number): ExportRecord {
  const exceeds = textExceeds(text, { depth: MAX_DEPTH + 1, values: LINE_VALUES_MAX });
  if (exceeds === 'depth') throw invalidLine(line, [{ path: '', message: `must not nest deeper than ${MAX_DEPTH} levels` }]);
  if (exceeds === 'values') throw invalidLine(line, [{ path: '', message: `must not hold more than ${LINE_VALUES_MAX} values (items and members of all its arrays and objects)` }]);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidLine(line, [{ path: '', message: 'is not valid JSON' }]);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidLine(line, [{ path: '', message: 'must be an object with "type" and "data"' }]);
  }
  const { type, data } = value as { type?: unknown; data?: unknown };
  const extraNames = Object.keys(value).filter((name) => name !== 'type' && name !== 'data');
  const extra = extraNames.slice(0, LISTED_MAX).map((name): LineError => ({ path: `/${name}`, message: 'is not allowed' }));
  const refuse = (errors: readonly LineError[], total: number) => invalidLine(line, [...extra, ...errors], extraNames.length + total);
  if (typeof type !== 'string' || !TYPES.includes(type as ExportRecordType)) {
    throw invalidLine(line, [{ path: '/type', message: `must be one of: ${TYPES.join(', ')}` }, ...extra], 1 + extraNames.length);
  }
  if (data === undefined) throw refuse([{ path: '/data', message: 'is required' }], 1);
  // Arrays over their limit and unknown fields are refused before the full check, whose cost grows with each item it reports on.
  const bounds = boundsErrors(exportRecordSchemas[type as ExportRecordType] as object, data, LISTED_MAX);
  if (bounds.total > 0) throw refuse(bounds.errors.map((error) => described(error as ErrorObject)), bounds.total);
  const checked = schemaErrors(type as ExportRecordType, data);
  const found = checked.total > 0 ? checked : nulCharacters(data);
  if (found.total > 0 || extraNames.length > 0) throw refuse(found.errors, found.total);
  return { type, data } as ExportRecord;
}
