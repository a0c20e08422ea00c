import type { MemoryInsightRow } from '../../db/schema';
import type { Services } from '../services';
import { AppError } from '../shared/errors';
import { mapPage, pageRequest, type Page, type PageQuery } from '../shared/pagination';
import type { Principal } from '../shared/principal';
import { assertSubjectExists } from '../subjects/subjects.repository';
import { toMemoryInsight, type MemoryInsight } from './insight-mapper';
import { dismissInsight, pageOfPendingInsights, pendingInsightsOf } from './insights.repository';

/**
 * Memory insights as the user reviews them: listed per Subject, and dismissed. The insights
 * themselves come and go with the knowledge they are about (projections/insights.ts).
 */

/** The oldest pending insights of a Subject the principal may see, and how many there are. */
export async function pendingInsights(
  services: Services,
  principal: Principal,
  subjectId: string,
  limit: number,
): Promise<{ items: MemoryInsightRow[]; total: number }> {
  return pendingInsightsOf(services.db, principal, subjectId, limit);
}

/** A Subject's pending insights (its page and `GET /subjects/{id}/memory-insights`), oldest first. */
export async function listMemoryInsights(services: Services, principal: Principal, subjectId: string, query: PageQuery): Promise<Page<MemoryInsight>> {
  await assertSubjectExists(services.db, principal, subjectId);
  const page = await pageOfPendingInsights(services.db, principal, subjectId, pageRequest('memory_insights', { subject_id: subjectId }, query));
  return mapPage(page, toMemoryInsight);
}

/** Every pending insight of the account, across its Subjects (the review inbox), oldest first. */
export async function listAccountMemoryInsights(services: Services, principal: Principal, query: PageQuery): Promise<Page<MemoryInsight>> {
  const page = await pageOfPendingInsights(services.db, principal, null, pageRequest('account_memory_insights', {}, query));
  return mapPage(page, toMemoryInsight);
}

export async function dismissMemoryInsight(services: Services, principal: Principal, insightId: string): Promise<MemoryInsight> {
  const row = await dismissInsight(services.db, principal.accountId, insightId, services.clock.now());
  if (!row) throw new AppError('insight_not_found', 'No Memory insight with this ID.');
  return toMemoryInsight(row);
}
