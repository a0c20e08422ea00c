import type { Response } from 'express';
import type { WebContext } from '../context';
import { formatTime } from '../views/common';
import { ActionButton } from '../views/forms';
import { webLocals } from '../web-session';
import type { Memory } from './memories';

/** What the Inbox and a Subject's page show of the review: pending suggestions (with their sources and the Fact they supersede) and insights. */

export interface Suggestion {
  readonly id: string;
  readonly subject_id: string;
  readonly statement: string;
  readonly note: string | null;
  readonly sources: ReadonlyArray<{ readonly memory_id: string }>;
  readonly status: string;
  readonly supersedes: string | null;
  readonly created_at: string;
}

export interface Insight {
  readonly id: string;
  readonly subject_id: string;
  readonly kind: string;
  readonly summary: string;
  readonly memory_ids: readonly string[];
  readonly created_at: string;
}

export interface Fact {
  readonly id: string;
  readonly subject_id: string;
  readonly statement: string;
  readonly sources: ReadonlyArray<{ readonly memory_id: string }>;
  readonly accepted_at: string;
  readonly valid_from: string | null;
  readonly valid_until: string | null;
  readonly superseded_by: string | null;
}

/** What a review item refers to, fetched once for the whole list: Subjects' names, source Memories, superseded Facts. */
export interface ReviewReferences {
  readonly subjects: ReadonlyMap<string, string>;
  readonly memories: ReadonlyMap<string, Memory>;
  readonly facts: ReadonlyMap<string, Fact>;
}

const BATCH_MAX = 100;

export async function referencesOf(context: WebContext, res: Response, suggestions: readonly Suggestion[], insights: readonly Insight[]): Promise<ReviewReferences> {
  const { operations } = context;
  const subjectIds = [...new Set([...suggestions.map((s) => s.subject_id), ...insights.map((i) => i.subject_id)])];
  const memoryIds = [...new Set([...suggestions.flatMap((s) => s.sources.map((source) => source.memory_id)), ...insights.flatMap((i) => i.memory_ids)])].slice(0, BATCH_MAX);
  const superseding = new Set(suggestions.flatMap((s) => (s.supersedes ? [s.subject_id] : [])));
  const [subjects, batch, facts] = await Promise.all([
    Promise.all(subjectIds.map((id) => operations.call<{ id: string; name: string }>(res, 'get_subject', { subject_id: id }))),
    memoryIds.length > 0 ? operations.call<{ items: Array<{ id: string; status: string; memory?: Memory }> }>(res, 'get_memories', { ids: memoryIds }) : null,
    Promise.all([...superseding].map((id) => operations.call<Fact[]>(res, 'list_subject_facts', { subject_id: id, limit: 100 }))),
  ]);
  return {
    subjects: new Map(subjects.flatMap((answer) => (answer.ok ? [[answer.data.id, answer.data.name] as const] : []))),
    memories: new Map(batch?.ok ? batch.data.items.flatMap((item) => (item.memory ? [[item.id, item.memory] as const] : [])) : []),
    facts: new Map(facts.flatMap((answer) => (answer.ok ? answer.data.map((fact) => [fact.id, fact] as const) : []))),
  };
}

function Sources(props: { ids: readonly string[]; references: ReviewReferences }) {
  if (props.ids.length === 0) return null;
  return (
    <details class="sources">
      <summary>
        {props.ids.length} source Memor{props.ids.length === 1 ? 'y' : 'ies'}
      </summary>
      <ul>
        {props.ids.map((id) => {
          const memory = props.references.memories.get(id);
          return (
            <li>
              <a href={`/memories/${encodeURIComponent(id)}`}>{memory ? (memory.text.length > 160 ? `${memory.text.slice(0, 160)}…` : memory.text) : id}</a>
            </li>
          );
        })}
      </ul>
    </details>
  );
}

export function SuggestionItem(props: { suggestion: Suggestion; references: ReviewReferences; res: Response; showSubject: boolean }) {
  const { suggestion, references } = props;
  const csrf = webLocals(props.res).csrfToken;
  const superseded = suggestion.supersedes ? references.facts.get(suggestion.supersedes) : undefined;
  const subject = references.subjects.get(suggestion.subject_id);
  const headingId = `suggestion-${suggestion.id}`;
  return (
    <li class="card" aria-labelledby={headingId}>
      <p class="card-title" id={headingId}>
        {suggestion.statement}
      </p>
      <p class="meta">
        {props.showSubject ? (
          <>
            About <a href={`/subjects/${encodeURIComponent(suggestion.subject_id)}`}>{subject ?? suggestion.subject_id}</a> ·{' '}
          </>
        ) : null}
        suggested {formatTime(suggestion.created_at)}
      </p>
      {suggestion.note ? <p class="note">{suggestion.note}</p> : null}
      {suggestion.supersedes ? (
        <p class="supersedes">
          Replaces the Fact: <q>{superseded?.statement ?? suggestion.supersedes}</q>
        </p>
      ) : null}
      <Sources ids={suggestion.sources.map((source) => source.memory_id)} references={references} />
      <div class="actions">
        <ActionButton action={`/inbox/suggestions/${encodeURIComponent(suggestion.id)}/accept`} csrfToken={csrf} label="Accept" />
        <ActionButton action={`/inbox/suggestions/${encodeURIComponent(suggestion.id)}/reject`} csrfToken={csrf} label="Reject" />
      </div>
    </li>
  );
}

export function InsightItem(props: { insight: Insight; references: ReviewReferences; res: Response; showSubject: boolean }) {
  const { insight, references } = props;
  const subject = references.subjects.get(insight.subject_id);
  return (
    <li class="card">
      <p class="card-title">{insight.summary}</p>
      <p class="meta">
        {insight.kind.replace(/_/g, ' ')}
        {props.showSubject ? (
          <>
            {' '}
            · about <a href={`/subjects/${encodeURIComponent(insight.subject_id)}`}>{subject ?? insight.subject_id}</a>
          </>
        ) : null}{' '}
        · {formatTime(insight.created_at)}
      </p>
      <Sources ids={insight.memory_ids} references={references} />
      <div class="actions">
        <ActionButton action={`/inbox/insights/${encodeURIComponent(insight.id)}/dismiss`} csrfToken={webLocals(props.res).csrfToken} label="Dismiss" />
      </div>
    </li>
  );
}
