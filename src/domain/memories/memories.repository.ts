import type { SelectQueryBuilder } from 'kysely';
import type { DB, MemoryRow, NewMemoryRow } from '../../db/schema';
import type { Principal } from '../shared/principal';
import { memoryVisibleTo } from './visibility';

import type { Queryable } from '../../db/schema';
export type { Queryable };

const MEMORY_COLUMNS = [
  'memories.id',
  'memories.account_id',
  'memories.text',
  'memories.type',
  'memories.sensitivity',
  'memories.tags',
  'memories.pinned',
  'memories.revision',
  'memories.created_at',
  'memories.updated_at',
  'memories.expires_at',
] as const;

/** Memories of the caller's account that the caller may see (see visibility.ts). */
export function visibleMemories(db: Queryable, principal: Principal): SelectQueryBuilder<DB, 'memories', MemoryRow> {
  const query = db
    .selectFrom('memories')
    .select(MEMORY_COLUMNS)
    .where('memories.account_id', '=', principal.accountId)
    .where(memoryVisibleTo(principal, 'memories'));
  return query as unknown as SelectQueryBuilder<DB, 'memories', MemoryRow>;
}

export async function findVisibleMemory(
  db: Queryable,
  principal: Principal,
  id: string,
  options: { forUpdate?: boolean; forShare?: boolean } = {},
): Promise<MemoryRow | undefined> {
  let query = visibleMemories(db, principal).where('memories.id', '=', id);
  if (options.forUpdate) query = query.forUpdate();
  else if (options.forShare) query = query.forShare();
  return query.executeTakeFirst();
}

export async function insertMemory(db: Queryable, row: NewMemoryRow): Promise<MemoryRow> {
  return db.insertInto('memories').values(row).returning(MEMORY_COLUMNS).executeTakeFirstOrThrow() as Promise<MemoryRow>;
}

export async function insertRevision(
  db: Queryable,
  memory: MemoryRow,
  principal: Principal,
): Promise<void> {
  await db
    .insertInto('memory_revisions')
    .values({
      memory_id: memory.id,
      account_id: memory.account_id,
      revision: memory.revision,
      text: memory.text,
      type: memory.type,
      sensitivity: memory.sensitivity,
      tags: memory.tags,
      pinned: memory.pinned,
      created_at: memory.updated_at,
      actor_kind: principal.kind,
      actor_key_id: principal.kind === 'api_key' ? principal.keyId : null,
    })
    .execute();
}

/** The reviewed Facts a Memory is a source of: while any exist, the Memory cannot be deleted. */
export async function factsSourcedFrom(db: Queryable, accountId: string, memoryId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('fact_sources')
    .select('fact_id')
    .where('account_id', '=', accountId)
    .where('memory_id', '=', memoryId)
    .orderBy('fact_id')
    .execute();
  return rows.map((row) => row.fact_id);
}
