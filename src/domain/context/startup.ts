import type { MemoryRow, MemorySection } from '../../db/schema';
import { limits } from '../../generated/contract';
import type { ContextMemory, StartupContext } from '../../generated/openapi';
import { latestSequence } from '../changes/change-feed.repository';
import type { Services } from '../services';
import { sectionCounts } from '../memories/section-counts';
import type { Principal } from '../shared/principal';
import { contextSensitivities, memoryCandidateLimit, TextBudget, wholeItemCandidateLimit } from './budget';
import { toContextMemory, toContextSubject } from './context-mapper';
import { countSubjects, currentFactCounts, mostLinkedSubjects, newestInSection } from './context.repository';
import { issueCheckpoint } from './checkpoints';
import { getWorkspaceProfile } from './profile';

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

  const newest = (section: MemorySection) => newestInSection(services.db, principal, includeSensitive, section, fetch);
  // The totals come from the maintained section counts, not from counting every Memory.
  const [pinnedRows, instructionRows, recentRows, totals] = await Promise.all([
    newest('pinned'),
    newest('instructions'),
    newest('recent'),
    sectionCounts(services.db, principal.accountId, contextSensitivities(principal, includeSensitive)),
  ]);
  const pinned = fillMemories(budget, pinnedRows, totals.pinned);
  const instructions = fillMemories(budget, instructionRows, totals.instructions);
  const recent = fillMemories(budget, recentRows, totals.recent);

  // Most-linked first, by the maintained counts; Fact counts only for the Subjects that fit.
  const [subjectRows, subjectTotal] = await Promise.all([
    mostLinkedSubjects(services.db, principal, wholeItemCandidateLimit(budget.left)),
    countSubjects(services.db, principal.accountId),
  ]);
  const fitting: typeof subjectRows = [];
  for (const row of subjectRows) {
    if (!budget.fitWhole(row.name)) break;
    fitting.push(row);
  }
  const factCounts = await currentFactCounts(services.db, principal, fitting.map((row) => row.id));
  const subjects = fitting.map((row) => toContextSubject(row, factCounts.get(row.id) ?? 0));

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
      subjects: subjectTotal - subjects.length,
    },
    checkpoint: await issueCheckpoint(services, principal.accountId, seq),
  };
}
