import addFormats from 'ajv-formats';
import { AppError } from './errors';

/** Where a timestamp was sent, as a validation error names it (`/query/as_of`, `/body/expires_at`). */
export interface InstantField {
  readonly in: 'body' | 'query';
  readonly name: string;
}

const rfc3339 = addFormats.get('date-time', 'full') as { validate: (value: string) => boolean };
const EARLIEST = Date.parse('0100-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * Whether a `date-time` is one this service takes: an RFC 3339 date-time of a real calendar day
 * (no month 13, no February 30) that names an instant of the years 0100 to 9999 in UTC. RFC 3339
 * also allows a leap second (`23:59:60`) and the years before; neither is taken, since JavaScript
 * has no leap seconds and PostgreSQL no year 0 (it would store a leap second as the next
 * midnight), and the embedded database's driver reads the years 0 to 99 back as two-digit years.
 */
export function isInstant(value: string): boolean {
  if (!rfc3339.validate(value)) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && time >= EARLIEST && time <= LATEST;
}

/** The `date-time` format as the validators of requests, tool arguments and import files check it. */
export const DATE_TIME_FORMAT = { type: 'string', validate: isInstant } as const;

/**
 * The formats of the contract that generated validators take at run time (see
 * `src/generated/argument-validators.ts`): the code of a format that is a function cannot be
 * written into them.
 */
export const CONTRACT_FORMATS = { 'date-time': DATE_TIME_FORMAT } as const;

/**
 * A date-time sent by a caller, as the instant it names, or `400 invalid_request` naming the
 * field, as the contract's validation words it: never a value that JavaScript or the database
 * would move to another day, nor a failure of the database.
 */
export function instantOf(value: string, field: InstantField): Date {
  if (!isInstant(value)) {
    const error = { in: field.in, path: `/${field.in}/${field.name}`, message: 'must match format "date-time"' };
    throw new AppError('invalid_request', `${error.path} ${error.message}`, { errors: [error] });
  }
  return new Date(value);
}
