import { sql } from 'kysely';
import type { MemoryRow } from '../../db/schema';
import { limits } from '../../generated/contract';
import type { components } from '../../generated/openapi';
import { latestSequence } from '../changes/change-feed';
import type { DomainContext } from '../context';
import { factCount } from '../facts/facts';
import type { Principal } from '../shared/principal';
import { subjectsOf } from '../subjects/subjects.repository';
import { contextMemories, memoryCandidateLimit, TextBudget, toContextMemory, wholeItemCandidateLimit } from './budget';
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
  ctx: DomainContext,
  principal: Principal,
  options: ContextOptions,
): Promise<StartupContext> {
  // Read the feed position first: anything that changes while the sections are read is reported
  // again by the next resume, never lost.
  const seq = await latestSequence(ctx.db, principal.accountId);
  const maxChars = options.max_chars ?? limits.startupMaxCharsDefault;
  const includeSensitive = options.include_sensitive ?? false;
  const budget = new TextBudget(maxChars);
  const fetch = memoryCandidateLimit(maxChars);

  const profile = await getWorkspaceProfile(ctx, principal);
  const guidance = budget.fitShortened(profile.guidance, Math.floor(maxChars / 4));

  const memories = () => contextMemories(ctx.db, principal, includeSensitive);
  const sections = {
    pinned: memories().where('memories.pinned', '=', true),
    instructions: memories().where('memories.pinned', '=', false).where('memories.type', 'in', INSTRUCTION_TYPES),
    recent: memories().where('memories.pinned', '=', false).where('memories.type', 'not in', INSTRUCTION_TYPES),
  };
  const count = async (query: (typeof sections)['pinned']) =>
    (await query.clearSelect().select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow()).count;
  const newest = (query: (typeof sections)['pinned']) =>
    query.orderBy('memories.updated_at', 'desc').orderBy('memories.id', 'desc').limit(fetch).execute();

  const [pinnedRows, instructionRows, recentRows, pinnedTotal, instructionTotal, recentTotal] = await Promise.all([
    newest(sections.pinned),
    newest(sections.instructions),
    newest(sections.recent),
    count(sections.pinned),
    count(sections.instructions),
    count(sections.recent),
  ]);
  const pinned = fillMemories(budget, pinnedRows, pinnedTotal);
  const instructions = fillMemories(budget, instructionRows, instructionTotal);
  const recent = fillMemories(budget, recentRows, recentTotal);

  const subjectQuery = subjectsOf(ctx.db, principal);
  const [subjectRows, subjectTotal] = await Promise.all([
    subjectQuery
      .select(factCount().as('fact_count'))
      .orderBy('memory_count', 'desc')
      .orderBy(sql`lower(subjects.name)`)
      .orderBy('subjects.id')
      .limit(wholeItemCandidateLimit(budget.left))
      .execute(),
    subjectQuery
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  const subjects: ContextSubject[] = [];
  for (const row of subjectRows) {
    if (!budget.fitWhole(row.name)) break;
    subjects.push({
      id: row.id,
      name: row.name,
      kind: row.kind as SubjectKind,
      memory_count: row.memory_count,
      fact_count: row.fact_count,
    });
  }

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
    checkpoint: await issueCheckpoint(ctx, principal.accountId, seq),
  };
}
