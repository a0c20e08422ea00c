import type { Request, Response, Router } from 'express';
import { frame, page, textField, type WebContext } from '../context';
import { problemsOf } from '../operations';
import { redirectTo, sendPage } from '../render';
import { ErrorPanel, formatTime, Pager } from '../views/common';
import { ActionButton, Csrf, Field, FormError, NO_PROBLEMS, Select, type FormProblems } from '../views/forms';
import { Layout } from '../views/layout';
import { webLocals } from '../web-session';
import type { Memory } from './memories';
import { InsightItem, referencesOf, SuggestionItem, type Fact, type Insight, type Suggestion } from './review';
import { errorPage } from './settings';

/** Subjects: list and search, a Subject's page (Facts, linked Memories, what waits for review), create, edit, the two-step delete. */

interface Subject {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  readonly aliases: readonly string[];
  readonly description: string;
  readonly memory_count: number;
  readonly updated_at: string;
}

interface SubjectForm {
  readonly name: string;
  readonly kind: string;
  readonly aliases: string;
  readonly description: string;
}

const KINDS = ['person', 'project', 'organization', 'place', 'topic', 'other'];
const query = (req: Request, name: string) => (typeof req.query[name] === 'string' && req.query[name] !== '' ? (req.query[name] as string) : undefined);
const param = (req: Request, name: string) => String(req.params[name]);

function formOf(body: unknown): SubjectForm {
  return {
    name: textField(body, 'name') ?? '',
    kind: textField(body, 'kind') ?? 'topic',
    aliases: textField(body, 'aliases') ?? '',
    description: textField(body, 'description') ?? '',
  };
}

const argumentsOf = (form: SubjectForm) => ({
  name: form.name,
  kind: form.kind,
  aliases: form.aliases
    .split(',')
    .map((alias) => alias.trim())
    .filter((alias) => alias !== ''),
  description: form.description,
});

function SubjectFields(props: { form: SubjectForm; problems: FormProblems }) {
  return (
    <>
      <Field name="name" label="Name" required value={props.form.name} problems={props.problems} />
      <Select name="kind" label="Kind" options={KINDS} value={props.form.kind} problems={props.problems} />
      <Field name="aliases" label="Aliases" value={props.form.aliases} problems={props.problems} hint="Other names, separated by commas." />
      <Field name="description" label="Description" multiline rows={4} value={props.form.description} problems={props.problems} />
    </>
  );
}

export function subjectPages(router: Router, context: WebContext): void {
  const { operations } = context;
  const csrf = (res: Response) => webLocals(res).csrfToken;

  router.get(
    '/subjects',
    page(async (req, res) => {
      const filters = { q: query(req, 'q'), kind: query(req, 'kind') };
      const subjects = await operations.call<Subject[]>(res, 'list_subjects', { ...filters, cursor: query(req, 'cursor'), limit: 50 });
      sendPage(
        res,
        subjects.ok ? 200 : subjects.status,
        <Layout {...frame(req, res, 'Subjects', 'subjects')}>
          <div class="heading-row">
            <h1>Subjects</h1>
            <p class="actions">
              <a class="button-link" href="/subjects/new">
                New subject
              </a>
            </p>
          </div>
          <form method="get" action="/subjects" class="filters" role="search">
            <Field name="q" label="Search subjects" type="search" value={filters.q} />
            <Select name="kind" label="Kind" options={KINDS} value={filters.kind} any="Any kind" />
            <button type="submit">Search</button>
          </form>
          {!subjects.ok ? <ErrorPanel result={subjects.result} /> : null}
          {subjects.ok && subjects.data.length === 0 ? <p>No Subjects here yet.</p> : null}
          {subjects.ok && subjects.data.length > 0 ? (
            <ul class="cards">
              {subjects.data.map((subject) => (
                <li class="card">
                  <a class="card-title" href={`/subjects/${encodeURIComponent(subject.id)}`}>
                    {subject.name}
                  </a>
                  <p class="meta">
                    {subject.kind} · {subject.memory_count} linked Memor{subject.memory_count === 1 ? 'y' : 'ies'}
                    {subject.aliases.length > 0 ? ` · also ${subject.aliases.join(', ')}` : ''}
                  </p>
                </li>
              ))}
            </ul>
          ) : null}
          <Pager base="/subjects" query={filters} next={subjects.nextCursor} label="More Subjects" />
        </Layout>,
      );
    }),
  );

  const formPage = (req: Request, res: Response, status: number, subjectId: string | null, form: SubjectForm, problems: FormProblems) =>
    sendPage(
      res,
      status,
      <Layout {...frame(req, res, subjectId ? 'Edit subject' : 'New subject', 'subjects')}>
        <h1>{subjectId ? 'Edit subject' : 'New subject'}</h1>
        <form method="post" action={subjectId ? `/subjects/${encodeURIComponent(subjectId)}` : '/subjects'} novalidate>
          <FormError problems={problems} />
          <Csrf token={csrf(res)} />
          <SubjectFields form={form} problems={problems} />
          <button type="submit">Save</button>
        </form>
      </Layout>,
    );

  router.get(
    '/subjects/new',
    page(async (req, res) => formPage(req, res, 200, null, formOf({}), NO_PROBLEMS)),
  );
  router.post(
    '/subjects',
    page(async (req, res) => {
      const form = formOf(req.body);
      const created = await operations.call<Subject>(res, 'create_subject', argumentsOf(form));
      if (!created.ok) return formPage(req, res, created.status, null, form, problemsOf(created.result));
      redirectTo(res, `/subjects/${encodeURIComponent(created.data.id)}?notice=subject-saved`);
    }),
  );

  router.get(
    '/subjects/:id',
    page(async (req, res) => {
      const id = param(req, 'id');
      const subject = await operations.call<Subject>(res, 'get_subject', { subject_id: id });
      if (!subject.ok) return errorPage(req, res, subject.result);
      const withSuperseded = req.query.superseded === 'shown';
      const [facts, memories, suggestions, insights] = await Promise.all([
        operations.call<Fact[]>(res, 'list_subject_facts', { subject_id: id, include_superseded: withSuperseded, limit: 100 }),
        operations.call<Memory[]>(res, 'list_subject_memories', { subject_id: id, limit: 50 }),
        operations.call<Suggestion[]>(res, 'list_fact_suggestions', { subject_id: id, status: 'pending', limit: 50 }),
        operations.call<Insight[]>(res, 'list_memory_insights', { subject_id: id, limit: 50 }),
      ]);
      const references = await referencesOf(context, res, suggestions.ok ? suggestions.data : [], insights.ok ? insights.data : []);
      const s = subject.data;
      sendPage(
        res,
        200,
        <Layout {...frame(req, res, s.name, 'subjects')}>
          <p>
            <a href="/subjects">← Back to the list</a>
          </p>
          <h1>{s.name}</h1>
          <p class="meta">
            {s.kind}
            {s.aliases.length > 0 ? ` · also ${s.aliases.join(', ')}` : ''}
          </p>
          {s.description ? <p>{s.description}</p> : null}
          <p class="actions">
            <a class="button-link" href={`/subjects/${encodeURIComponent(s.id)}/edit`}>
              Edit
            </a>
            <ActionButton action={`/subjects/${encodeURIComponent(s.id)}/delete`} csrfToken={csrf(res)} label="Delete subject" danger />
          </p>
          <section aria-labelledby="facts-heading">
            <h2 id="facts-heading">Facts</h2>
            {!facts.ok ? <ErrorPanel result={facts.result} /> : null}
            {facts.ok && facts.data.length === 0 ? <p>No Facts yet: accept a suggestion to add one.</p> : null}
            {facts.ok && facts.data.length > 0 ? (
              <ul class="facts">
                {facts.data.map((fact) => (
                  <li class={fact.superseded_by || fact.valid_until ? 'superseded' : undefined}>
                    <span>{fact.statement}</span>
                    <span class="meta">
                      {' '}
                      — accepted {formatTime(fact.accepted_at)}
                      {fact.valid_until ? `, superseded ${formatTime(fact.valid_until)}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
            <p>
              {withSuperseded ? (
                <a href={`/subjects/${encodeURIComponent(s.id)}`}>Show current Facts only</a>
              ) : (
                <a href={`/subjects/${encodeURIComponent(s.id)}?superseded=shown`}>Show superseded Facts too</a>
              )}
            </p>
          </section>
          {suggestions.ok && suggestions.data.length > 0 ? (
            <section aria-labelledby="suggestions-heading">
              <h2 id="suggestions-heading">Pending suggestions</h2>
              <ul class="cards">
                {suggestions.data.map((suggestion) => (
                  <SuggestionItem suggestion={suggestion} references={references} res={res} showSubject={false} />
                ))}
              </ul>
            </section>
          ) : null}
          {insights.ok && insights.data.length > 0 ? (
            <section aria-labelledby="insights-heading">
              <h2 id="insights-heading">Pending insights</h2>
              <ul class="cards">
                {insights.data.map((insight) => (
                  <InsightItem insight={insight} references={references} res={res} showSubject={false} />
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="memories-heading">
            <h2 id="memories-heading">Linked Memories ({s.memory_count})</h2>
            {memories.ok && memories.data.length > 0 ? (
              <ul class="cards">
                {memories.data.map((memory) => (
                  <li class="card">
                    <a class="card-title" href={`/memories/${encodeURIComponent(memory.id)}`}>
                      {memory.text.length > 200 ? `${memory.text.slice(0, 200)}…` : memory.text}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p>No Memory is linked yet.</p>
            )}
          </section>
        </Layout>,
      );
    }),
  );

  router.get(
    '/subjects/:id/edit',
    page(async (req, res) => {
      const id = param(req, 'id');
      const subject = await operations.call<Subject>(res, 'get_subject', { subject_id: id });
      if (!subject.ok) return errorPage(req, res, subject.result);
      const s = subject.data;
      formPage(req, res, 200, id, { name: s.name, kind: s.kind, aliases: s.aliases.join(', '), description: s.description }, NO_PROBLEMS);
    }),
  );
  router.post(
    '/subjects/:id',
    page(async (req, res) => {
      const id = param(req, 'id');
      const form = formOf(req.body);
      const updated = await operations.call(res, 'update_subject', { subject_id: id, ...argumentsOf(form) });
      if (!updated.ok) return formPage(req, res, updated.status, id, form, problemsOf(updated.result));
      redirectTo(res, `/subjects/${encodeURIComponent(id)}?notice=subject-saved`);
    }),
  );

  /** The two-step delete: the first post shows what the deletion removes; the second, with its confirmation token, deletes. */
  router.post(
    '/subjects/:id/delete',
    page(async (req, res) => {
      const id = param(req, 'id');
      const token = textField(req.body, 'confirmation_token');
      if (token) {
        const deleted = await operations.call(res, 'delete_subject', { subject_id: id, confirmation_token: token });
        if (!deleted.ok) return errorPage(req, res, deleted.result);
        return redirectTo(res, '/subjects?notice=subject-deleted');
      }
      const [subject, prepared] = await Promise.all([
        operations.call<Subject>(res, 'get_subject', { subject_id: id }),
        operations.call<{ confirmation_token: string; impact: Record<string, number> }>(res, 'prepare_subject_deletion', { subject_id: id }),
      ]);
      if (!subject.ok) return errorPage(req, res, subject.result);
      if (!prepared.ok) return errorPage(req, res, prepared.result);
      const impact = prepared.data.impact;
      sendPage(
        res,
        200,
        <Layout {...frame(req, res, 'Delete subject', 'subjects')}>
          <h1>Delete “{subject.data.name}”?</h1>
          <p>Deleting it removes:</p>
          <ul>
            <li>its links to {impact.linked_memories} Memories (the Memories stay)</li>
            <li>{impact.facts} Facts</li>
            <li>{impact.fact_suggestions} Fact suggestions</li>
            <li>{impact.insights} insights</li>
          </ul>
          <p>This cannot be undone. The confirmation is valid for 10 minutes.</p>
          <ActionButton
            action={`/subjects/${encodeURIComponent(id)}/delete`}
            csrfToken={csrf(res)}
            label="Delete subject"
            fields={{ confirmation_token: prepared.data.confirmation_token }}
            danger
          />
          <a href={`/subjects/${encodeURIComponent(id)}`}>Cancel</a>
        </Layout>,
      );
    }),
  );
}
