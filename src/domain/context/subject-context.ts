import { limits } from '../../generated/contract';
import type { SubjectContext } from '../../generated/openapi';
import type { Services } from '../services';
import { toFacts } from '../facts/facts';
import { pendingInsights } from '../insights/insights';
import { toMemoryInsight } from '../insights/insight-mapper';
import type { Principal } from '../shared/principal';
import { toSubject } from '../subjects/subject-mapper';
import { findSubject, subjectNotFound } from '../subjects/subjects.repository';
import { memoryCandidateLimit, TextBudget, wholeItemCandidateLimit } from './budget';
import { toContextMemory } from './context-mapper';
import { contextMemoriesOfSubject, currentFactsOf } from './context.repository';
import type { ContextOptions } from './startup';

/**
 * One Subject with its current reviewed Facts, linked Memories (pinned first, then newest) and pending
 * insights, within one character budget; the Subject's name and description count first.
 */
export async function subjectContext(
  services: Services,
  principal: Principal,
  subjectId: string,
  options: ContextOptions,
): Promise<SubjectContext> {
  const row = await findSubject(services.db, principal, subjectId);
  if (!row) throw subjectNotFound();
  const maxChars = options.max_chars ?? limits.subjectContextMaxCharsDefault;
  const budget = new TextBudget(maxChars);
  const fetch = memoryCandidateLimit(maxChars);
  const fetchWhole = wholeItemCandidateLimit(maxChars);
  budget.fitShortened(row.name);
  const description = budget.fitShortened(row.description);
  const subject = { ...toSubject(row), description: description.text };

  const [facts, linked, insights] = await Promise.all([
    currentFactsOf(services.db, principal, [subjectId], fetchWhole),
    contextMemoriesOfSubject(services.db, principal, options.include_sensitive ?? false, subjectId, fetch),
    pendingInsights(services, principal, subjectId, fetchWhole),
  ]);

  const fittingFacts = [];
  for (const fact of facts.rows) {
    if (!budget.fitWhole(fact.statement)) break;
    fittingFacts.push(fact);
  }
  const memories = [];
  for (const memory of linked.rows) {
    const text = budget.fitMemoryText(memory.text);
    if (!text) break;
    memories.push(toContextMemory(memory, text));
  }
  const fittingInsights = [];
  for (const insight of insights.items) {
    if (!budget.fitWhole(insight.summary)) break;
    fittingInsights.push(toMemoryInsight(insight));
  }

  return {
    subject,
    subject_description_truncated: description.truncated,
    facts: await toFacts(services.db, principal, fittingFacts),
    memories,
    pending_insights: fittingInsights,
    budget: budget.toJSON(),
    omitted: {
      facts: facts.total - fittingFacts.length,
      memories: linked.total - memories.length,
      insights: insights.total - fittingInsights.length,
    },
  };
}
