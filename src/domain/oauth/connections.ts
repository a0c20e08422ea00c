import type { components } from '../../generated/openapi';
import { pageOfActivity, type StatusClass } from '../api-keys/activity.repository';
import { toActivityEntry, type ActivityEntry } from '../api-keys/api-key-mapper';
import type { Services } from '../services';
import { AppError } from '../shared/errors';
import { mapPage, pageByTimeAndId, pageRequest, type Page, type PageQuery } from '../shared/pagination';
import type { Principal } from '../shared/principal';
import type { Queryable } from '../../db/schema';
import { revokeConnectionRow } from './oauth.repository';

/**
 * The MCP clients connected to an account by OAuth, as Settings shows them: each is an `api_keys`
 * row naming its client, so it has a key's mode, activity and revocation.
 */

export type Connection = components['schemas']['Connection'];

const connectionNotFound = (): AppError => new AppError('connection_not_found', 'No connection with this ID.');

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

function connections(db: Queryable, accountId: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('oauth_clients', 'oauth_clients.id', 'api_keys.oauth_client_id')
    .select([
      'api_keys.id',
      'api_keys.name',
      'api_keys.mode',
      'api_keys.created_at',
      'api_keys.last_used_at',
      'api_keys.revoked_at',
      'oauth_clients.id as client_id',
    ])
    .where('api_keys.account_id', '=', accountId);
}

type ConnectionRow = { id: string; name: string; mode: 'read_only' | 'read_write'; created_at: Date; last_used_at: Date | null; revoked_at: Date | null; client_id: string };

const toConnection = (row: ConnectionRow): Connection => ({
  id: row.id,
  client_id: row.client_id,
  client_name: row.name,
  mode: row.mode,
  created_at: row.created_at.toISOString(),
  last_used_at: iso(row.last_used_at),
  revoked_at: iso(row.revoked_at),
});

async function findConnection(db: Queryable, accountId: string, connectionId: string): Promise<ConnectionRow> {
  const row = await connections(db, accountId).where('api_keys.id', '=', connectionId).executeTakeFirst();
  if (!row) throw connectionNotFound();
  return row;
}

export async function listConnections(services: Services, principal: Principal, query: PageQuery): Promise<Page<Connection>> {
  return pageByTimeAndId(
    connections(services.db, principal.accountId),
    pageRequest('connections', {}, query),
    { time: 'api_keys.created_at', id: 'api_keys.id' },
    (row) => [row.created_at, row.id],
    toConnection,
  );
}

export async function getConnection(services: Services, principal: Principal, connectionId: string): Promise<Connection> {
  return toConnection(await findConnection(services.db, principal.accountId, connectionId));
}

/** Revokes a connection at once: every token of it is refused from now on (tokens are checked against it on each request). */
export async function revokeConnection(services: Services, principal: Principal, connectionId: string): Promise<Connection> {
  await findConnection(services.db, principal.accountId, connectionId);
  await revokeConnectionRow(services.db, principal.accountId, connectionId, services.clock.now());
  return toConnection(await findConnection(services.db, principal.accountId, connectionId));
}

export async function listConnectionActivity(
  services: Services,
  principal: Principal,
  connectionId: string,
  query: PageQuery & { readonly status_class?: StatusClass },
): Promise<Page<ActivityEntry>> {
  await findConnection(services.db, principal.accountId, connectionId);
  await services.activity.flush();
  const filters = { connection_id: connectionId, ...(query.status_class ? { status_class: query.status_class } : {}) };
  const page = await pageOfActivity(services.db, principal.accountId, connectionId, query.status_class, pageRequest('connection_activity', filters, query));
  return mapPage(page, toActivityEntry);
}
