import {
  createApiKey,
  getApiKey,
  listApiKeyActivity,
  listApiKeys,
  revokeApiKey,
  rotateApiKey,
} from '../domain/api-keys/api-keys';
import { locationOf, type HandlerGroup } from '../pipeline/handlers';

type ApiKeyOperations = 'listApiKeys' | 'createApiKey' | 'getApiKey' | 'revokeApiKey' | 'rotateApiKey' | 'listApiKeyActivity';

export const apiKeyHandlers: HandlerGroup<ApiKeyOperations> = {
  listApiKeys: async (ctx, { principal, query }) => {
    const page = await listApiKeys(ctx, principal, query);
    return { status: 200, body: { ok: true, data: page.items, next_cursor: page.nextCursor } };
  },
  createApiKey: async (ctx, { principal, body }) => {
    const key = await createApiKey(ctx, principal, body);
    return { status: 201, body: { ok: true, data: key }, headers: locationOf(`/account/api-keys/${key.id}`) };
  },
  getApiKey: async (ctx, { principal, path }) => ({
    status: 200,
    body: { ok: true, data: await getApiKey(ctx, principal, path.key_id) },
  }),
  revokeApiKey: async (ctx, { principal, path }) => ({
    status: 200,
    body: { ok: true, data: await revokeApiKey(ctx, principal, path.key_id) },
  }),
  rotateApiKey: async (ctx, { principal, path }) => {
    const key = await rotateApiKey(ctx, principal, path.key_id);
    return { status: 201, body: { ok: true, data: key }, headers: locationOf(`/account/api-keys/${key.id}`) };
  },
  listApiKeyActivity: async (ctx, { principal, path, query }) => {
    const page = await listApiKeyActivity(ctx, principal, path.key_id, query);
    return { status: 200, body: { ok: true, data: page.items, next_cursor: page.nextCursor } };
  },
};
