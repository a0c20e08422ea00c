import type { Transaction } from 'kysely';
import type { DB, MemoryRow } from '../../db/schema';
import { recordChanges, subjectChanged, subjectChangedByLink, type Change } from './change-feed';
import { subjectsOfFactsSourcedFrom } from '../facts/facts.repository';
import { refreshDuplicatesOfMemory, refreshMentionOfPair, refreshMentionsOfMemory, refreshMentionsOfSubject } from './insights';
import { removeInsightsOfMemory } from './insights.repository';
import { countMemoryChange } from './section-counts';
import { isSecret } from '../memories/visibility';
import { subjectsLinkedTo } from '../shared/memory-links.repository';
import { indexMemories, setIndexedSecrecy, unindexMemory } from './search-index';
import { countLinkAdded, countLinkRemoved, countLinksRemoved, countSecrecyChanged } from './link-counts';
import { queueForEmbedding } from './embedding-queue';

/**
 * Derived state: what the service keeps beside an account's knowledge so that reads stay cheap
 * (insights, the Subjects' linked-Memory counts, the change feed, the startup context's section
 * counts and the search index). A write changes the knowledge itself, then describes what it did
 * as typed changes; `applyChanges` hands them to every projection, in the order of PROJECTIONS,
 * in the same transaction. That order is the lock order: the rows a projection locks that other
 * accounts' writers may also take (the account's row, the index's statistics and terms) are
 * locked last and always in the same order, so writers wait for each other instead of
 * deadlocking. No other code writes the tables of derived state.
 */

/** What a write did to an account's knowledge. */
export type KnowledgeChange =
  /** A Memory came to be: created, or restored from the trash (its links follow as `linked`). */
  | { readonly kind: 'memory_added'; readonly memory: MemoryRow }
  | { readonly kind: 'memory_changed'; readonly before: MemoryRow; readonly after: MemoryRow }
  /** A Memory went (to the trash, or for good), with the Subjects it was linked to: its links went before it. */
  | { readonly kind: 'memory_removed'; readonly memory: MemoryRow; readonly linkedSubjects: readonly string[] }
  | { readonly kind: 'linked'; readonly memory: MemoryRow; readonly subjectId: string }
  | { readonly kind: 'unlinked'; readonly memory: MemoryRow; readonly subjectId: string }
  /** A Subject came to be, or its name or aliases changed (`named`), or anything else of it (`named` false). */
  | { readonly kind: 'subject_saved'; readonly subject: NamedSubject; readonly named: boolean }
  | { readonly kind: 'subject_removed'; readonly subjectId: string }
  /** A Subject's Facts changed: news to API keys only if they can see a Fact that came or went. */
  | { readonly kind: 'facts_changed'; readonly subjectId: string; readonly keysSeeIt: boolean };

/** What the projections need of a Subject. */
export interface NamedSubject {
  readonly id: string;
  readonly name: string;
  readonly aliases: readonly string[];
}

interface Projection {
  readonly name: string;
  apply(trx: Transaction<DB>, accountId: string, changes: readonly KnowledgeChange[], at: Date): Promise<void>;
}

/** Whether API keys can see a Memory in this state (a secret one does not exist for them). */
const keyVisible = (memory: MemoryRow | null): boolean => memory !== null && !isSecret(memory);

/** The memory insights (unlinked mentions, possible duplicates) that a change can make or end. */
const insights: Projection = {
  name: 'insights',
  async apply(trx, accountId, changes, at) {
    for (const change of changes) {
      switch (change.kind) {
        case 'memory_added':
          await refreshMentionsOfMemory(trx, accountId, change.memory, at);
          break;
        case 'memory_changed':
          if (change.before.text !== change.after.text) {
            await refreshMentionsOfMemory(trx, accountId, change.after, at);
            await refreshDuplicatesOfMemory(trx, accountId, change.after.id, at);
          }
          break;
        case 'memory_removed':
          await removeInsightsOfMemory(trx, accountId, change.memory.id);
          break;
        case 'linked':
          await refreshMentionOfPair(trx, accountId, change.subjectId, change.memory.id, at);
          await refreshDuplicatesOfMemory(trx, accountId, change.memory.id, at, [change.subjectId]);
          break;
        case 'unlinked':
          await refreshDuplicatesOfMemory(trx, accountId, change.memory.id, at, [change.subjectId]);
          await refreshMentionOfPair(trx, accountId, change.subjectId, change.memory.id, at);
          break;
        case 'subject_saved':
          if (change.named) await refreshMentionsOfSubject(trx, accountId, change.subject, at);
          break;
        default:
          break;
      }
    }
  },
};

/** Each Subject's count of linked Memories, and of secret ones (see link-counts.repository.ts). */
const linkCounts: Projection = {
  name: 'link counts',
  async apply(trx, accountId, changes) {
    for (const change of changes) {
      switch (change.kind) {
        case 'memory_changed':
          if (isSecret(change.before) !== isSecret(change.after)) await countSecrecyChanged(trx, accountId, change.after.id, isSecret(change.after));
          break;
        case 'memory_removed':
          await countLinksRemoved(trx, accountId, change.linkedSubjects, isSecret(change.memory));
          break;
        case 'linked':
          await countLinkAdded(trx, accountId, change.subjectId, change.memory.id);
          break;
        case 'unlinked':
          await countLinkRemoved(trx, accountId, change.subjectId, change.memory.id);
          break;
        default:
          break;
      }
    }
  },
};

/** The account's change feed, which `resume` reads (see change-feed.ts); it takes the account row's lock. */
const changeFeed: Projection = {
  name: 'change feed',
  async apply(trx, accountId, changes, at) {
    const entries: Change[] = [];
    for (const change of changes) entries.push(...(await feedEntriesOf(trx, accountId, change)));
    await recordChanges(trx, accountId, entries, at);
  },
};

async function feedEntriesOf(trx: Transaction<DB>, accountId: string, change: KnowledgeChange): Promise<Change[]> {
  switch (change.kind) {
    case 'memory_added':
      return [{ entity: 'memory', entityId: change.memory.id, op: 'upsert', keyVisible: { before: false, after: keyVisible(change.memory) } }];
    case 'memory_changed': {
      const { before, after } = change;
      const memory: Change = { entity: 'memory', entityId: after.id, op: 'upsert', keyVisible: { before: keyVisible(before), after: keyVisible(after) } };
      if (isSecret(before) === isSecret(after)) return [memory];
      // The Subjects it is linked to change for API keys when it turns secret or back (their
      // count), and so may those of the Facts it backs (a Fact exists for keys through a source
      // they can see).
      const linked = await subjectsLinkedTo(trx, accountId, after.id);
      const subjects = [...new Set([...linked, ...(await subjectsOfFactsSourcedFrom(trx, accountId, after.id))])];
      return [memory, ...subjects.map((subjectId): Change => ({ entity: 'subject', entityId: subjectId, op: 'upsert' }))];
    }
    case 'memory_removed':
      return [
        { entity: 'memory', entityId: change.memory.id, op: 'delete', keyVisible: { before: keyVisible(change.memory), after: false } },
        ...change.linkedSubjects.map((subjectId) => subjectChangedByLink(subjectId, keyVisible(change.memory))),
      ];
    case 'linked':
    case 'unlinked':
      return [subjectChangedByLink(change.subjectId, keyVisible(change.memory))];
    case 'subject_saved':
      return [{ entity: 'subject', entityId: change.subject.id, op: 'upsert' }];
    case 'subject_removed':
      return [{ entity: 'subject', entityId: change.subjectId, op: 'delete' }];
    case 'facts_changed':
      return [subjectChanged(change.subjectId, change.keysSeeIt)];
  }
}

/** How many Memories of each startup-context section the account has (see section-counts.ts), under the account row's lock. */
const sectionCounts: Projection = {
  name: 'section counts',
  async apply(trx, _accountId, changes) {
    for (const change of changes) {
      if (change.kind === 'memory_added') await countMemoryChange(trx, null, change.memory);
      else if (change.kind === 'memory_changed') await countMemoryChange(trx, change.before, change.after);
      else if (change.kind === 'memory_removed') await countMemoryChange(trx, change.memory, null);
    }
  },
};

/** The search index (see search-index.ts): its statistics and terms are locked last. */
const searchIndex: Projection = {
  name: 'search index',
  async apply(trx, accountId, changes) {
    for (const change of changes) {
      if (change.kind === 'memory_added') await indexMemories(trx, [change.memory]);
      else if (change.kind === 'memory_removed') await unindexMemory(trx, accountId, change.memory.id, isSecret(change.memory));
      else if (change.kind === 'memory_changed') {
        const { before, after } = change;
        if (before.text !== after.text || before.tags.join(' ') !== after.tags.join(' ')) {
          await unindexMemory(trx, accountId, after.id, isSecret(before));
          await indexMemories(trx, [after]);
        } else if (isSecret(before) !== isSecret(after)) {
          await setIndexedSecrecy(trx, accountId, after.id, isSecret(after));
        }
      }
    }
  },
};

/** The queue of Memories to embed (see embedding-queue.ts): rows of the account's own Memories only. */
const embeddingQueue: Projection = {
  name: 'embedding queue',
  async apply(trx, accountId, changes, at) {
    const added: string[] = [];
    const changed: string[] = [];
    for (const change of changes) {
      if (change.kind === 'memory_added') added.push(change.memory.id);
      else if (change.kind === 'memory_changed' && change.before.text !== change.after.text) changed.push(change.after.id);
    }
    await queueForEmbedding(trx, accountId, added, at, { textChanged: false });
    await queueForEmbedding(trx, accountId, changed, at, { textChanged: true });
  },
};

/** Every projection, in the order it applies changes: the lock order (see above). */
export const PROJECTIONS: readonly Projection[] = [insights, linkCounts, changeFeed, sectionCounts, searchIndex, embeddingQueue];

/**
 * Brings the account's derived state up to date with what the transaction changed (`at`: when the
 * change happened, as the insights and the change feed record it). Call it once the knowledge
 * itself is written, as the transaction's last step.
 */
export async function applyChanges(trx: Transaction<DB>, accountId: string, changes: readonly KnowledgeChange[], at: Date): Promise<void> {
  if (changes.length === 0) return;
  for (const projection of PROJECTIONS) await projection.apply(trx, accountId, changes, at);
}

export { ImportProjections } from './in-bulk';
export { indexAllMemories } from './search-index';
export { pruneChanges } from './change-feed';
export type { IndexColumns } from './search-index';
