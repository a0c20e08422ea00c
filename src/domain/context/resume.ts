import type { MemoryRow } from '../../db/schema';
import { limits } from '../../generated/contract';
import type { ResumeContext } from '../../generated/openapi';
import { changesAfter, latestSequence, type ChangeRow } from '../changes/change-feed.repository';
import type { Services } from '../services';
import { canSeeSecrets } from '../memories/visibility';
import type { Principal } from '../shared/principal';
import { isContextVisible, TextBudget } from './budget';
import { toContextMemory, toContextSubject } from './context-mapper';
import { checkpointExpired, issueCheckpoint, readCheckpoint } from './checkpoints';
import { subjectsAmong, visibleMemoriesAmong } from './context.repository';
import type { ContextOptions } from './startup';

/** Changes read per call; more means `has_more`. */
export const RESUME_MAX_CHANGES = 200;

interface EntityChange {
  readonly entity: ChangeRow['entity'];
  readonly id: string;
  readonly op: ChangeRow['op'];
  readonly firstSeq: number;
  readonly lastSeq: number;
  /**
   * A Memory: whether API keys could have seen it at some point of the page, from the state
   * before its first change in the page to its last. One that was secret all along (created
   * secret, say) never existed for them, so it is not reported to them as removed. Unknown
   * (changes recorded before this was kept) counts as seen.
   */
  readonly seenByKeys: boolean;
}

/**
 * Each changed entity once (reported in its latest state), ordered by its first change in the
 * page, so a cut always falls after at least one reported entity and paging moves forward.
 */
function collapse(rows: readonly ChangeRow[]): EntityChange[] {
  const byEntity = new Map<string, EntityChange>();
  for (const row of rows) {
    const key = `${row.entity}:${row.entityId}`;
    const seen = byEntity.get(key);
    byEntity.set(key, {
      entity: row.entity,
      id: row.entityId,
      op: row.op,
      firstSeq: seen?.firstSeq ?? row.seq,
      lastSeq: row.seq,
      seenByKeys: (seen ? seen.seenByKeys : row.keyVisibleBefore !== false) || row.keyVisibleAfter !== false,
    });
  }
  return [...byEntity.values()].sort((a, b) => a.firstSeq - b.firstSeq);
}

/**
 * What changed since a checkpoint, oldest first, within the budget. When the budget or the page
 * of changes runs out, the new checkpoint sits just before the first change of the first entity
 * not reported, so the next call continues there (an entity may be reported twice, never missed).
 */
export async function resumeContext(
  services: Services,
  principal: Principal,
  checkpoint: string,
  options: ContextOptions,
): Promise<ResumeContext> {
  const from = await readCheckpoint(services, principal.accountId, checkpoint);
  const includeSensitive = options.include_sensitive ?? false;
  const budget = new TextBudget(options.max_chars ?? limits.resumeMaxCharsDefault);

  // The feed's end is read first: every change up to it is in the feed unless it was pruned.
  const latest = await latestSequence(services.db, principal.accountId);
  const rows = await changesAfter(services.db, principal.accountId, from, RESUME_MAX_CHANGES + 1);
  // Changes are numbered without gaps, so a missing next one was pruned: a checkpoint renewed by a
  // page of an old backlog must not skip what the feed no longer keeps.
  const next = rows[0]?.seq;
  if (next !== undefined ? next !== from + 1 : latest > from) throw checkpointExpired();
  const page = rows.slice(0, RESUME_MAX_CHANGES);
  const entities = collapse(page);

  const memoryIds = entities.filter((e) => e.entity === 'memory' && e.op === 'upsert').map((e) => e.id);
  const subjectIds = entities.filter((e) => e.entity === 'subject' && e.op === 'upsert').map((e) => e.id);
  const [memoryRows, subjectRows] = await Promise.all([
    visibleMemoriesAmong(services.db, principal, memoryIds),
    subjectsAmong(services.db, principal, subjectIds),
  ]);
  const memories = new Map<string, MemoryRow>(memoryRows.map((row) => [row.id, row]));
  const subjects = new Map(subjectRows.map((row) => [row.id, row]));

  const result: Omit<ResumeContext, 'checkpoint' | 'has_more' | 'budget'> = {
    memories_upserted: [],
    memories_removed: [],
    subjects_upserted: [],
    subjects_removed: [],
  };
  let cutAt: number | null = null;
  for (const [index, change] of entities.entries()) {
    if (change.entity === 'memory') {
      const row = change.op === 'upsert' ? memories.get(change.id) : undefined;
      if (!row || !isContextVisible(row, principal, includeSensitive)) {
        // A Memory that was secret all along is not news to a key: it never existed for it.
        if (canSeeSecrets(principal) || change.seenByKeys) result.memories_removed.push(change.id);
        continue;
      }
      const text = budget.fitMemoryText(row.text);
      if (!text) {
        cutAt = index;
        break;
      }
      result.memories_upserted.push(toContextMemory(row, text));
    } else {
      // A Subject whose only changes were links of secret Memories did not change for a key.
      if (!canSeeSecrets(principal) && !change.seenByKeys) continue;
      const row = change.op === 'upsert' ? subjects.get(change.id) : undefined;
      if (!row) {
        result.subjects_removed.push(change.id);
        continue;
      }
      if (!budget.fitWhole(row.name)) {
        cutAt = index;
        break;
      }
      result.subjects_upserted.push(toContextSubject(row, row.fact_count));
    }
  }

  let position: number;
  let hasMore: boolean;
  if (cutAt !== null) {
    position = (entities[cutAt] as EntityChange).firstSeq - 1;
    hasMore = true;
  } else {
    position = page.length > 0 ? (page[page.length - 1] as ChangeRow).seq : from;
    hasMore = rows.length > RESUME_MAX_CHANGES;
  }
  return {
    ...result,
    checkpoint: await issueCheckpoint(services, principal.accountId, position),
    has_more: hasMore,
    budget: budget.toJSON(),
  };
}
