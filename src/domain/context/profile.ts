import type { components } from '../../generated/openapi';
import type { Services } from '../services';
import type { Principal } from '../shared/principal';

type WorkspaceProfile = components['schemas']['WorkspaceProfile'];

export async function getWorkspaceProfile(services: Services, principal: Principal): Promise<WorkspaceProfile> {
  const row = await services.db
    .selectFrom('workspace_profiles')
    .select(['guidance', 'updated_at'])
    .where('account_id', '=', principal.accountId)
    .executeTakeFirst();
  return { guidance: row?.guidance ?? '', updated_at: row ? row.updated_at.toISOString() : null };
}

/** Application only: replaces the guidance every context starts with. */
export async function setWorkspaceProfile(
  services: Services,
  principal: Principal,
  guidance: string,
): Promise<WorkspaceProfile> {
  const now = services.clock.now();
  const row = await services.db
    .insertInto('workspace_profiles')
    .values({ account_id: principal.accountId, guidance, updated_at: now })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ guidance, updated_at: now }))
    .returning(['guidance', 'updated_at'])
    .executeTakeFirstOrThrow();
  return { guidance: row.guidance, updated_at: row.updated_at.toISOString() };
}
