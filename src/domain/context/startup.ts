import { sql } from 'kysely';
import type { MemoryRow } from '../../db/schema';
import { limits } from '../../generated/contract';
import type { components } from '../../generated/openapi';
import { latestSequence } from '../changes/change-feed.repository';
import type { Services } from '../services';
import { sectionCounts } from '../memories/section-counts';
import type { Principal } from '../shared/principal';
import { visibleLinks } from '../subjects/subjects.repository';
import type { Queryable } from '../memories/memories.repository';
import { contextMemories, contextSensitivities, memoryCandidateLimit, TextBudget, toContextMemory, wholeItemCandidateLimit } from './budget';
import { issueCheckpoint } from './checkpoints';
import { getWorkspaceProfile } from './profile';

type StartupContext = components['schemas']['StartupContext'];
type ContextMemory = components['schemas']['ContextMemory'];
type ContextSubject = components['schemas']['ContextSubject'];
type SubjectKind = components['schemas']['SubjectKind'];

const INSTRUCTION_TYPES = ['instruction', 'preference'];

export interface ContextOptions {
  max_chars?: number;
  include_sensitive?: boolean;
}

/** How many current reviewed Facts each of these Subjects has. */
async function factCountsOf(db: Queryable, subjectIds: readonly string[]): Promise<Map<string, number>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('facts')
    .select(['subject_id', sql<number>`count(*)::int`.as('count')])
    .where('subject_id', 'in', subjectIds)
    .where('valid_until', 'is', null)
    .groupBy('subject_id')
    .execute();
  return new Map(rows.map((row) => [row.subject_id, row.count]));
}

/** Fills one section in order; returns what fit and how many were left out. */
function fillMemories(budget: TextBudget, rows: readonly MemoryRow[], total: number): { items: ContextMemory[]; omitted: number } {
  const items: ContextMemory[] = [];
  for (const row of rows) {
    const text = budget.fitMemoryText(row.text);
    if (!text) break;
    items.push(toContextMemory(row, text));
  }
  return { items, omitted: total - items.length };
}

/**
 * What an agent loads first: the workspace profile, pinned Memories, instructions and
 * preferences, recent Memories and the most-linked Subjects, within one character budget.
 */
export async function startupContext(
  services: Services,
  principal: Principal,
  options: ContextOptions,
): Promise<StartupContext> {
  // Read the feed position first: anything that changes while the sections are read is reported
  // again by the next resume, never lost.
  const seq = await latestSequence(services.db, principal.accountId);
  const maxChars = options.max_chars ?? limits.startupMaxCharsDefault;
  const includeSensitive = options.include_sensitive ?? false;
  const budget = new TextBudget(maxChars);
  const fetch = memoryCandidateLimit(maxChars);

  const profile = await getWorkspaceProfile(services, principal);
  const guidance = budget.fitShortened(profile.guidance, Math.floor(maxChars / 4));

  const memories = () => contextMemories(services.db, principal, includeSensitive);
  const sections = {
    pinned: memories().where('memories.pinned', '=', true),
    instructions: memories().where('memories.pinned', '=', false).where('memories.type', 'in', INSTRUCTION_TYPES),
    recent: memories().where('memories.pinned', '=', false).where('memories.type', 'not in', INSTRUCTION_TYPES),
  };
  const newest = (query: (typeof sections)['pinned']) =>
    query.orderBy('memories.updated_at', 'desc').orderBy('memories.id', 'desc').limit(fetch).execute();

  // The totals come from the maintained section counts, not from counting every Memory.
  const [pinnedRows, instructionRows, recentRows, totals] = await Promise.all([
    newest(sections.pinned),
    newest(sections.instructions),
    newest(sections.recent),
    sectionCounts(services.db, principal.accountId, contextSensitivities(principal, includeSensitive)),
  ]);
  const pinned = fillMemories(budget, pinnedRows, totals.pinned);
  const instructions = fillMemories(budget, instructionRows, totals.instructions);
  const recent = fillMemories(budget, recentRows, totals.recent);

  // Most-linked first, by the maintained counts; Fact counts only for the Subjects that fit.
  const linked = sql<number>`coalesce(${visibleLinks(principal)}, 0)`;
  const [subjectRows, subjectTotal] = await Promise.all([
    services.db
      .selectFrom('subjects')
      .leftJoin('subject_memory_counts as c', 'c.subject_id', 'subjects.id')
      .select(['subjects.id', 'subjects.name', 'subjects.kind', linked.as('memory_count')])
      .where('subjects.account_id', '=', principal.accountId)
      .orderBy(linked, 'desc')
      .orderBy(sql`lower(subjects.name)`)
      .orderBy('subjects.id')
      .limit(wholeItemCandidateLimit(budget.left))
      .execute(),
    services.db
      .selectFrom('subjects')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('subjects.account_id', '=', principal.accountId)
      .executeTakeFirstOrThrow(),
  ]);
  const fitting: typeof subjectRows = [];
  for (const row of subjectRows) {
    if (!budget.fitWhole(row.name)) break;
    fitting.push(row);
  }
  const factCounts = await factCountsOf(
    services.db,
    fitting.map((row) => row.id),
  );
  const subjects: ContextSubject[] = fitting.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind as SubjectKind,
    memory_count: row.memory_count,
    fact_count: factCounts.get(row.id) ?? 0,
  }));

  return {
    profile: { guidance: guidance.text, truncated: guidance.truncated },
    pinned: pinned.items,
    instructions: instructions.items,
    recent: recent.items,
    subjects,
    budget: budget.toJSON(),
    omitted: {
      pinned: pinned.omitted,
      instructions: instructions.omitted,
      recent: recent.omitted,
      subjects: subjectTotal.count - subjects.length,
    },
    checkpoint: await issueCheckpoint(services, principal.accountId, seq),
  };
}
