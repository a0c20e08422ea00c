import { createApiKey, getApiKey, listApiKeyActivity, listApiKeys, revokeApiKey, rotateApiKey } from '../domain/api-keys/api-keys';
import { createdAt, ok, okPage, type HandlerGroup, type TaggedOperations } from '../pipeline/handlers';


export const apiKeyHandlers: HandlerGroup<TaggedOperations<'API keys'>> = {
  listApiKeys: async (services, { principal, query }) => okPage(await listApiKeys(services, principal, query)),
  createApiKey: async (services, { principal, body }) => {
    const key = await createApiKey(services, principal, body);
    return createdAt(`/account/api-keys/${key.id}`, key);
  },
  getApiKey: async (services, { principal, path }) => ok(await getApiKey(services, principal, path.key_id)),
  revokeApiKey: async (services, { principal, path }) => ok(await revokeApiKey(services, principal, path.key_id)),
  rotateApiKey: async (services, { principal, path }) => {
    const key = await rotateApiKey(services, principal, path.key_id);
    return createdAt(`/account/api-keys/${key.id}`, key);
  },
  listApiKeyActivity: async (services, { principal, path, query }) => okPage(await listApiKeyActivity(services, principal, path.key_id, query)),
};
