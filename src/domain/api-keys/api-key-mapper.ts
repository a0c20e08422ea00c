import type { ActivityRow, ApiKeyRow } from '../../db/schema';
import type { components } from '../../generated/openapi';

export type ApiKey = components['schemas']['ApiKey'];
export type ActivityEntry = components['schemas']['ActivityEntry'];

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    prefix: row.prefix,
    created_at: row.created_at.toISOString(),
    last_used_at: iso(row.last_used_at),
    expires_at: iso(row.expires_at),
    revoked_at: iso(row.revoked_at),
  };
}

export function toActivityEntry(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    method: row.method,
    route: row.route,
    operation: row.operation,
    status: row.status,
    request_id: row.request_id,
    duration_ms: row.duration_ms,
  };
}
