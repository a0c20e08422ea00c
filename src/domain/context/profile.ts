import type { WorkspaceProfile } from '../../generated/openapi';
import type { Services } from '../services';
import type { Principal } from '../shared/principal';
import { findWorkspaceProfile, saveWorkspaceProfile } from './context.repository';

export async function getWorkspaceProfile(services: Services, principal: Principal): Promise<WorkspaceProfile> {
  const row = await findWorkspaceProfile(services.db, principal.accountId);
  return { guidance: row?.guidance ?? '', updated_at: row ? row.updated_at.toISOString() : null };
}

/** Application only: replaces the guidance every context starts with. */
export async function setWorkspaceProfile(
  services: Services,
  principal: Principal,
  guidance: string,
): Promise<WorkspaceProfile> {
  const now = services.clock.now();
  const row = await saveWorkspaceProfile(services.db, principal.accountId, guidance, now);
  return { guidance: row.guidance, updated_at: row.updated_at.toISOString() };
}
