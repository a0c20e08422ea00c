import { sql } from 'kysely';
import { limits } from '../../generated/contract';
import type { components } from '../../generated/openapi';
import type { Services } from '../services';
import { toFacts } from '../facts/facts';
import { pendingInsights, toMemoryInsight } from '../insights/insights';
import type { Principal } from '../shared/principal';
import { toSubject } from '../subjects/subject-mapper';
import { findSubject, subjectNotFound } from '../subjects/subjects.repository';
import { contextMemories, memoryCandidateLimit, TextBudget, toContextMemory, wholeItemCandidateLimit } from './budget';
import type { ContextOptions } from './startup';

type SubjectContext = components['schemas']['SubjectContext'];

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

  // Current Facts only: a superseded Fact no longer describes the Subject.
  const factQuery = services.db
    .selectFrom('facts')
    .where('subject_id', '=', subjectId)
    .where('account_id', '=', principal.accountId)
    .where('valid_until', 'is', null);
  const memoryQuery = contextMemories(services.db, principal, options.include_sensitive ?? false)
    .innerJoin('memory_links as l', 'l.memory_id', 'memories.id')
    .where('l.subject_id', '=', subjectId);
  const [factRows, factTotal, memoryRows, memoryTotal, insights] = await Promise.all([
    factQuery.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(fetchWhole).execute(),
    factQuery.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
    memoryQuery
      .orderBy('memories.pinned', 'desc')
      .orderBy('memories.updated_at', 'desc')
      .orderBy('memories.id', 'desc')
      .limit(fetch)
      .execute(),
    memoryQuery.clearSelect().select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
    pendingInsights(services, principal, subjectId, fetchWhole),
  ]);

  const fittingFacts = [];
  for (const fact of factRows) {
    if (!budget.fitWhole(fact.statement)) break;
    fittingFacts.push(fact);
  }
  const memories = [];
  for (const memory of memoryRows) {
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
    facts: await toFacts(services.db, principal, fittingFacts),
    memories,
    pending_insights: fittingInsights,
    budget: budget.toJSON(),
    omitted: {
      facts: factTotal.count - fittingFacts.length,
      memories: memoryTotal.count - memories.length,
      insights: insights.total - fittingInsights.length,
    },
  };
}
