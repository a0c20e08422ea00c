import { getConnection, listConnectionActivity, listConnections, revokeConnection } from '../domain/oauth/connections';
import { ok, okPage, type HandlerGroup, type TaggedOperations } from '../pipeline/handlers';

export const connectionHandlers: HandlerGroup<TaggedOperations<'Connections'>> = {
  listConnections: async (services, { principal, query }) => okPage(await listConnections(services, principal, query)),
  getConnection: async (services, { principal, path }) => ok(await getConnection(services, principal, path.connection_id)),
  revokeConnection: async (services, { principal, path }) => ok(await revokeConnection(services, principal, path.connection_id)),
  listConnectionActivity: async (services, { principal, path, query }) =>
    okPage(await listConnectionActivity(services, principal, path.connection_id, query)),
};
