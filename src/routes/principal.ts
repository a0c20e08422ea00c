import { ok, type HandlerGroup, type TaggedOperations } from '../pipeline/handlers';

export const principalHandlers: HandlerGroup<TaggedOperations<'Principal'>> = {
  getPrincipal: async (_ctx, { principal }) =>
    ok(
      principal.kind === 'api_key'
        ? { kind: 'api_key' as const, key_id: principal.keyId, key_mode: principal.mode }
        : { kind: 'session' as const, key_id: null, key_mode: null },
    ),
};
