import type { HandlerGroup } from '../pipeline/handlers';

export const principalHandlers: HandlerGroup<'getPrincipal'> = {
  getPrincipal: async (_ctx, { principal }) => ({
    status: 200,
    body: {
      ok: true,
      data:
        principal.kind === 'api_key'
          ? { kind: 'api_key', key_id: principal.keyId, key_mode: principal.mode }
          : { kind: 'session', key_id: null, key_mode: null },
    },
  }),
};
