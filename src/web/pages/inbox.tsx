import type { Router } from 'express';
import { frame, page, type WebContext } from '../context';
import { redirectTo, sendPage } from '../render';
import { ErrorPanel, Pager } from '../views/common';
import { Layout } from '../views/layout';
import { InsightItem, referencesOf, SuggestionItem, type Insight, type Suggestion } from './review';
import { errorPage } from './settings';

/** The Inbox: every pending Fact suggestion of the account (Accept, Reject) and every pending insight (Dismiss). */
export function inboxPages(router: Router, context: WebContext): void {
  const { operations } = context;

  router.get(
    '/inbox',
    page(async (req, res) => {
      const cursor = typeof req.query.cursor === 'string' ? req.query.cursor : undefined;
      const [suggestions, insights] = await Promise.all([
        operations.call<Suggestion[]>(res, 'list_account_fact_suggestions', { status: 'pending', cursor, limit: 25 }),
        operations.call<Insight[]>(res, 'list_account_memory_insights', { limit: 25 }),
      ]);
      const references = await referencesOf(context, res, suggestions.ok ? suggestions.data : [], insights.ok ? insights.data : []);
      sendPage(
        res,
        suggestions.ok ? 200 : suggestions.status,
        <Layout {...frame(req, res, 'Inbox', 'inbox')}>
          <h1>Inbox</h1>
          <section aria-labelledby="suggestions-heading">
            <h2 id="suggestions-heading">Fact suggestions</h2>
            <p>Statements your agents proposed from your Memories. Accept one and it becomes a current Fact of its Subject.</p>
            {!suggestions.ok ? <ErrorPanel result={suggestions.result} /> : null}
            {suggestions.ok && suggestions.data.length === 0 ? <p>No suggestion waits for review.</p> : null}
            {suggestions.ok && suggestions.data.length > 0 ? (
              <ul class="cards">
                {suggestions.data.map((suggestion) => (
                  <SuggestionItem suggestion={suggestion} references={references} res={res} showSubject />
                ))}
              </ul>
            ) : null}
            <Pager base="/inbox" query={{}} next={suggestions.nextCursor} label="More suggestions" />
          </section>
          <section aria-labelledby="insights-heading">
            <h2 id="insights-heading">Insights</h2>
            <p>What was noticed across your Memories, such as two that disagree. Dismiss one once you have dealt with it.</p>
            {!insights.ok ? <ErrorPanel result={insights.result} /> : null}
            {insights.ok && insights.data.length === 0 ? <p>No insight is pending.</p> : null}
            {insights.ok && insights.data.length > 0 ? (
              <ul class="cards">
                {insights.data.map((insight) => (
                  <InsightItem insight={insight} references={references} res={res} showSubject />
                ))}
              </ul>
            ) : null}
          </section>
        </Layout>,
      );
    }),
  );

  router.post(
    '/inbox/suggestions/:id/accept',
    page(async (req, res) => {
      const accepted = await operations.call<{ suggestion: Suggestion }>(res, 'accept_fact_suggestion', { suggestion_id: String(req.params.id) });
      if (!accepted.ok) return errorPage(req, res, accepted.result);
      // The Subject's page shows the Fact the suggestion became, and what else waits about it.
      redirectTo(res, `/subjects/${encodeURIComponent(accepted.data.suggestion.subject_id)}?notice=suggestion-accepted#facts-heading`);
    }),
  );
  router.post(
    '/inbox/suggestions/:id/reject',
    page(async (req, res) => {
      const rejected = await operations.call(res, 'reject_fact_suggestion', { suggestion_id: String(req.params.id) });
      if (!rejected.ok) return errorPage(req, res, rejected.result);
      redirectTo(res, '/inbox?notice=suggestion-rejected');
    }),
  );
  router.post(
    '/inbox/insights/:id/dismiss',
    page(async (req, res) => {
      const dismissed = await operations.call(res, 'dismiss_memory_insight', { insight_id: String(req.params.id) });
      if (!dismissed.ok) return errorPage(req, res, dismissed.result);
      redirectTo(res, '/inbox?notice=insight-dismissed');
    }),
  );
}
