import {
  createApiKey,
  getApiKey,
  listApiKeyActivity,
  listApiKeys,
  revokeApiKey,
  rotateApiKey,
} from '../domain/api-keys/api-keys';
import { createdAt, ok, okPage, type HandlerGroup, type TaggedOperations } from '../pipeline/handlers';


export const apiKeyHandlers: HandlerGroup<TaggedOperations<'API keys'>> = {
  listApiKeys: async (ctx, { principal, query }) => okPage(await listApiKeys(ctx, principal, query)),
  createApiKey: async (ctx, { principal, body }) => {
    const key = await createApiKey(ctx, principal, body);
    return createdAt(`/account/api-keys/${key.id}`, key);
  },
  getApiKey: async (ctx, { principal, path }) => ok(await getApiKey(ctx, principal, path.key_id)),
  revokeApiKey: async (ctx, { principal, path }) => ok(await revokeApiKey(ctx, principal, path.key_id)),
  rotateApiKey: async (ctx, { principal, path }) => {
    const key = await rotateApiKey(ctx, principal, path.key_id);
    return createdAt(`/account/api-keys/${key.id}`, key);
  },
  listApiKeyActivity: async (ctx, { principal, path, query }) => okPage(await listApiKeyActivity(ctx, principal, path.key_id, query)),
};
