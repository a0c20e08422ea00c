import { ok, type HandlerGroup } from '../pipeline/handlers';

export const principalHandlers: HandlerGroup<'getPrincipal'> = {
  getPrincipal: async (_ctx, { principal }) =>
    ok(
      principal.kind === 'api_key'
        ? { kind: 'api_key' as const, key_id: principal.keyId, key_mode: principal.mode }
        : { kind: 'session' as const, key_id: null, key_mode: null },
    ),
};
