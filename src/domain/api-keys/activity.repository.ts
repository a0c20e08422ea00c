import { sql } from 'kysely';
import type { ActivityRow, Queryable } from '../../db/schema';
import { newId } from '../shared/ids';
import { pageByTimeAndId, type Page, type PageRequest } from '../shared/pagination';

export interface ActivityEntry {
  readonly accountId: string;
  readonly keyId: string;
  readonly at: Date;
  readonly method: string;
  readonly route: string | null;
  readonly operation: string | null;
  readonly status: number;
  readonly requestId: string;
  readonly durationMs: number;
}

/**
 * Writes activity entries in one statement. One array per column: a batch is one statement with
 * ten parameters, however many entries it holds, which costs far less to build and send than ten
 * parameters per entry.
 */
export async function insertActivity(db: Queryable, entries: readonly ActivityEntry[]): Promise<void> {
  const column = <T>(pick: (entry: ActivityEntry) => T) => sql.val(entries.map(pick));
  await sql`
    insert into api_key_activity (id, account_id, key_id, at, method, route, operation, status, request_id, duration_ms)
    select * from unnest(
      ${column((entry) => newId('activity', entry.at.getTime()))}::text[],
      ${column((entry) => entry.accountId)}::text[],
      ${column((entry) => entry.keyId)}::text[],
      ${column((entry) => entry.at.toISOString())}::timestamptz[],
      ${column((entry) => entry.method)}::text[],
      ${column((entry) => entry.route)}::text[],
      ${column((entry) => entry.operation)}::text[],
      ${column((entry) => entry.status)}::integer[],
      ${column((entry) => entry.requestId)}::text[],
      ${column((entry) => entry.durationMs)}::integer[]
    )`.execute(db);
}

/** Drops the entries recorded more than `days` days before `now`. */
export async function deleteActivityOlderThan(db: Queryable, now: Date, days: number): Promise<void> {
  await db
    .deleteFrom('api_key_activity')
    .where('at', '<', sql<Date>`${now}::timestamptz - make_interval(days => ${days})`)
    .execute();
}

/** A class of HTTP status: `4xx` is 400 to 499. */
export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';

export async function pageOfActivity(
  db: Queryable,
  accountId: string,
  keyId: string,
  statusClass: StatusClass | undefined,
  request: PageRequest,
): Promise<Page<ActivityRow>> {
  let select = db.selectFrom('api_key_activity').selectAll().where('key_id', '=', keyId).where('account_id', '=', accountId);
  if (statusClass) {
    const lowest = Number(statusClass[0]) * 100;
    select = select.where('status', '>=', lowest).where('status', '<', lowest + 100);
  }
  return pageByTimeAndId(
    select,
    request,
    { time: 'at', id: 'id' },
    (row) => [row.at, row.id],
    (row) => row,
  );
}
