import { createHash } from 'node:crypto';
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { limits } from '../../generated/contract';
import { AppError } from './errors';
import { isInstant } from './instants';

/** A position in a keyset ordering: the sort key values of the last row of a page. */
export type CursorPosition = ReadonlyArray<string | number>;

/** The paging parameters of a list request. */
export interface PageQuery {
  readonly limit?: number | undefined;
  readonly cursor?: string | undefined;
}

export interface Page<T> {
  readonly items: T[];
  readonly nextCursor: string | null;
}

/** Binds a cursor to the list it came from and the filters of the request that issued it. */
function fingerprint(scope: string, filters: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    [scope, ...Object.keys(filters).sort().map((key) => [key, filters[key] ?? null])],
  );
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
}

export function encodeCursor(scope: string, filters: Record<string, unknown>, position: CursorPosition): string {
  return Buffer.from(JSON.stringify({ f: fingerprint(scope, filters), p: position })).toString('base64url');
}

export function decodeCursor(
  scope: string,
  filters: Record<string, unknown>,
  cursor: string | undefined,
  arity: number,
): CursorPosition | null {
  if (cursor === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const { f, p } = (parsed ?? {}) as { f?: unknown; p?: unknown };
  if (
    !Array.isArray(p) ||
    p.length !== arity ||
    // A cursor is only encoded, not signed: a NUL the database cannot take is a malformed one.
    !p.every((value) => (typeof value === 'string' && !value.includes('\u0000')) || typeof value === 'number')
  ) {
    throw invalidCursor();
  }
  if (f !== fingerprint(scope, filters)) {
    throw new AppError('invalid_cursor', 'This cursor belongs to a request with other filters.', {
      parameter: 'cursor',
    });
  }
  return p as CursorPosition;
}

function invalidCursor(): AppError {
  return new AppError('invalid_cursor', 'The cursor is malformed.', { parameter: 'cursor' });
}

export function pageSize(limit: number | undefined): number {
  return limit ?? limits.pageSizeDefault;
}

/** The same page with each item mapped (rows to their API shape). */
export function mapPage<Row, Item>(page: Page<Row>, map: (row: Row) => Item): Page<Item> {
  return { items: page.items.map(map), nextCursor: page.nextCursor };
}

/**
 * Turns `size + 1` fetched rows into a page: the extra row only says that more exist.
 */
export function toPage<Row, Item>(
  rows: Row[],
  size: number,
  map: (row: Row) => Item,
  positionOf: (row: Row) => CursorPosition,
  cursorOf: (position: CursorPosition) => string,
): Page<Item> {
  const hasMore = rows.length > size;
  const pageRows = hasMore ? rows.slice(0, size) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(map),
    nextCursor: hasMore && last !== undefined ? cursorOf(positionOf(last)) : null,
  };
}

/** Parses a timestamp stored in a cursor position: an instant the service can store, or a malformed cursor. */
export function cursorDate(value: string | number | undefined): Date {
  if (typeof value !== 'string' || !isInstant(value)) throw invalidCursor();
  return new Date(value);
}

/**
 * The keyset condition "after this position" for a (timestamp desc, id desc) ordering, written
 * as a row comparison so PostgreSQL can walk the matching index.
 */
export function beforeTimeAndId(
  timeColumn: string,
  idColumn: string,
  position: CursorPosition,
): RawBuilder<SqlBool> {
  const [time, id] = position;
  return sql<SqlBool>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) < (${cursorDate(time)}::timestamptz, ${String(id)})`;
}

/** Parses an integer stored in a cursor position. */
export function cursorInteger(value: string | number | undefined): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new AppError('invalid_cursor', 'The cursor is malformed.', { parameter: 'cursor' });
  }
  return value;
}

/** The keyset condition "after this position" for a (timestamp asc, id asc) ordering. */
export function afterTimeAndId(timeColumn: string, idColumn: string, position: CursorPosition): RawBuilder<SqlBool> {
  const [time, id] = position;
  return sql<SqlBool>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) > (${cursorDate(time)}::timestamptz, ${String(id)})`;
}

/** One page of a keyset-paged list, as a request asks for it. */
export interface PageRequest {
  /** Names the list: a cursor only works for the list and filters that issued it. */
  readonly scope: string;
  readonly filters: Record<string, unknown>;
  readonly cursor?: string | undefined;
  readonly limit?: number | undefined;
}

/** The page a list request asks for, of the list named `scope` with these filters. */
export function pageRequest(scope: string, filters: Record<string, unknown>, query: PageQuery): PageRequest {
  return { scope, filters, cursor: query.cursor, limit: query.limit };
}

/**
 * One page of `select` in (time, id) order, newest first unless `oldestFirst`: reads the
 * request's cursor, fetches `size + 1` rows after its position, and issues the next cursor
 * from the last row's position.
 */
export async function pageByTimeAndId<Row, Item>(
  // Any tables: the ordering columns are named in `columns`.
  select: SelectQueryBuilder<any, any, Row>,
  request: PageRequest,
  columns: { readonly time: string; readonly id: string; readonly oldestFirst?: boolean },
  positionOf: (row: Row) => readonly [Date, string],
  map: (row: Row) => Item,
): Promise<Page<Item>> {
  const size = pageSize(request.limit);
  const position = decodeCursor(request.scope, request.filters, request.cursor, 2);
  const direction = columns.oldestFirst ? 'asc' : 'desc';
  let query = select
    .orderBy(sql.ref(columns.time), direction)
    .orderBy(sql.ref(columns.id), direction)
    .limit(size + 1);
  if (position) {
    const after = columns.oldestFirst ? afterTimeAndId : beforeTimeAndId;
    query = query.where(after(columns.time, columns.id, position));
  }
  const rows = await query.execute();
  return toPage(
    rows,
    size,
    map,
    (row) => {
      const [time, id] = positionOf(row);
      return [time.toISOString(), id];
    },
    (next) => encodeCursor(request.scope, request.filters, next),
  );
}
