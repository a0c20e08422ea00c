import type { Request, Response, Router } from 'express';
import { frame, page, textField, type WebContext } from '../context';
import { problemsOf, type Answer } from '../operations';
import { redirectTo, sendPage } from '../render';
import { ErrorPanel, formatTime, Pager } from '../views/common';
import { ActionButton, Csrf, Field, FormError, NO_PROBLEMS, Select, type FormProblems } from '../views/forms';
import { Layout } from '../views/layout';
import { webLocals } from '../web-session';
import { errorPage } from './settings';

/** Memories: browse and search, one Memory's page, create and edit, pin, the trash. */

export interface Memory {
  readonly id: string;
  readonly text: string;
  readonly text_truncated: boolean;
  readonly type: string;
  readonly sensitivity: string;
  readonly tags: readonly string[];
  readonly pinned: boolean;
  readonly revision: number;
  readonly created_at: string;
  readonly updated_at: string;
  readonly expires_at: string | null;
}

interface SearchHit {
  readonly memory: Memory;
  readonly score: number;
}

interface Revision {
  readonly revision: number;
  readonly text: string;
  readonly created_at: string;
}

interface SubjectItem {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
}

const TYPES = ['note', 'preference', 'instruction', 'decision', 'event', 'reference'];
const SENSITIVITIES = ['normal', 'sensitive', 'secret'];
const query = (req: Request, name: string) => (typeof req.query[name] === 'string' && req.query[name] !== '' ? (req.query[name] as string) : undefined);
const param = (req: Request, name: string) => String(req.params[name]);

function MemoryCard(props: { memory: Memory }) {
  const { memory } = props;
  return (
    <li class="card">
      <a href={`/memories/${encodeURIComponent(memory.id)}`} class="card-title">
        {memory.text.length > 200 ? `${memory.text.slice(0, 200)}…` : memory.text}
      </a>
      <p class="meta">
        {memory.type} · {memory.sensitivity}
        {memory.pinned ? ' · pinned' : ''}
        {memory.tags.length > 0 ? ` · ${memory.tags.map((tag) => `#${tag}`).join(' ')}` : ''} · updated {formatTime(memory.updated_at)}
      </p>
    </li>
  );
}

interface MemoryForm {
  readonly text: string;
  readonly type: string;
  readonly sensitivity: string;
  readonly tags: string;
  readonly pinned: boolean;
  readonly expires_at: string;
}

function formOf(body: unknown): MemoryForm {
  return {
    text: textField(body, 'text') ?? '',
    type: textField(body, 'type') ?? 'note',
    sensitivity: textField(body, 'sensitivity') ?? 'normal',
    tags: textField(body, 'tags') ?? '',
    pinned: textField(body, 'pinned') === 'true',
    expires_at: textField(body, 'expires_at') ?? '',
  };
}

/** The form's fields as the operation's arguments: tags split at commas, an expiry as an instant (the form's time is UTC). */
function argumentsOf(form: MemoryForm): Record<string, unknown> {
  const expires = form.expires_at.trim();
  return {
    text: form.text,
    type: form.type,
    sensitivity: form.sensitivity,
    tags: form.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
    pinned: form.pinned,
    expires_at: expires === '' ? null : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(expires) ? `${expires}:00Z` : expires,
  };
}

function MemoryFields(props: { form: MemoryForm; problems: FormProblems }) {
  const { form, problems } = props;
  return (
    <>
      <Field name="text" label="Text" multiline rows={8} required value={form.text} problems={problems} />
      <Select name="type" label="Type" options={TYPES} value={form.type} problems={problems} />
      <Select name="sensitivity" label="Sensitivity" options={SENSITIVITIES} value={form.sensitivity} problems={problems} />
      <Field name="tags" label="Tags" value={form.tags} problems={problems} hint="Separated by commas." />
      <div class="field">
        <label class="choice">
          <input type="checkbox" name="pinned" value="true" checked={form.pinned} /> Pinned
        </label>
      </div>
      <Field name="expires_at" label="Expires at (UTC, optional)" type="datetime-local" value={form.expires_at} problems={problems} />
    </>
  );
}

export function memoryPages(router: Router, context: WebContext): void {
  const { operations } = context;
  const csrf = (res: Response) => webLocals(res).csrfToken;

  router.get(
    '/memories',
    page(async (req, res) => {
      const filters = { q: query(req, 'q'), type: query(req, 'type'), sensitivity: query(req, 'sensitivity'), tag: query(req, 'tag'), pinned: query(req, 'pinned') };
      let memories: Answer<Memory[]>;
      if (filters.q) {
        const hits = await operations.call<SearchHit[]>(res, 'search_memories', { q: filters.q, type: filters.type, tag: filters.tag, limit: 50 });
        memories = { ...hits, data: hits.ok ? hits.data.map((hit) => hit.memory).filter((m) => !filters.sensitivity || m.sensitivity === filters.sensitivity).filter((m) => !filters.pinned || m.pinned) : [] };
      } else {
        memories = await operations.call<Memory[]>(res, 'list_memories', {
          type: filters.type,
          tag: filters.tag,
          sensitivity: filters.sensitivity,
          pinned: filters.pinned === 'true' ? true : undefined,
          cursor: query(req, 'cursor'),
          limit: 50,
        });
      }
      sendPage(
        res,
        memories.ok ? 200 : memories.status,
        <Layout {...frame(req, res, 'Memories', 'memories')}>
          <div class="heading-row">
            <h1>Memories</h1>
            <p class="actions">
              <a class="button-link" href="/memories/new">
                New memory
              </a>{' '}
              <a href="/memories/trash">Trash</a> <a href="/memories/export">Export</a> <a href="/memories/import">Import</a>
            </p>
          </div>
          <form method="get" action="/memories" class="filters" role="search">
            <Field name="q" label="Search" type="search" value={filters.q} />
            <Select name="type" label="Type" options={TYPES} value={filters.type} any="Any type" />
            <Select name="sensitivity" label="Sensitivity" options={SENSITIVITIES} value={filters.sensitivity} any="Any sensitivity" />
            <Field name="tag" label="Tag" value={filters.tag} />
            <div class="field">
              <label class="choice">
                <input type="checkbox" name="pinned" value="true" checked={filters.pinned === 'true'} /> Pinned only
              </label>
            </div>
            <button type="submit">Search</button>
          </form>
          {!memories.ok ? <ErrorPanel result={memories.result} /> : null}
          {memories.ok && memories.data.length === 0 ? <p>{filters.q ? 'No Memory matches this search.' : 'No Memories here yet.'}</p> : null}
          {memories.ok && memories.data.length > 0 ? (
            <>
              {filters.q ? <p>Best matches first.</p> : null}
              <ul class="cards">
                {memories.data.map((memory) => (
                  <MemoryCard memory={memory} />
                ))}
              </ul>
            </>
          ) : null}
          <Pager base="/memories" query={filters} next={memories.nextCursor} label="More Memories" />
        </Layout>,
      );
    }),
  );

  const newPage = (req: Request, res: Response, status: number, form: MemoryForm, problems: FormProblems) =>
    sendPage(
      res,
      status,
      <Layout {...frame(req, res, 'New memory', 'memories')}>
        <h1>New memory</h1>
        <form method="post" action="/memories" novalidate>
          <FormError problems={problems} />
          <Csrf token={csrf(res)} />
          <MemoryFields form={form} problems={problems} />
          <button type="submit">Save</button>
        </form>
      </Layout>,
    );

  router.get(
    '/memories/new',
    page(async (req, res) => newPage(req, res, 200, formOf({}), NO_PROBLEMS)),
  );
  router.post(
    '/memories',
    page(async (req, res) => {
      const form = formOf(req.body);
      const created = await operations.call<Memory>(res, 'create_memory', argumentsOf(form));
      if (!created.ok) return newPage(req, res, created.status, form, problemsOf(created.result));
      redirectTo(res, `/memories/${encodeURIComponent(created.data.id)}?notice=memory-saved`);
    }),
  );

  router.get(
    '/memories/trash',
    page(async (req, res) => {
      const trashed = await operations.call<Array<{ memory: Memory; trashed_at: string; purge_at: string; reason: string }>>(res, 'list_trashed_memories', {
        cursor: query(req, 'cursor'),
        limit: 50,
      });
      sendPage(
        res,
        trashed.ok ? 200 : trashed.status,
        <Layout {...frame(req, res, 'Trash', 'memories')}>
          <p>
            <a href="/memories">← Back to the list</a>
          </p>
          <h1>Trash</h1>
          <p>Memories in the trash are deleted for good after their retention period. Restore one to keep it.</p>
          {!trashed.ok ? <ErrorPanel result={trashed.result} /> : null}
          {trashed.ok && trashed.data.length === 0 ? <p>The trash is empty.</p> : null}
          {trashed.ok && trashed.data.length > 0 ? (
            <ul class="cards">
              {trashed.data.map(({ memory, trashed_at, purge_at, reason }) => (
                <li class="card">
                  <p class="card-title">{memory.text.length > 200 ? `${memory.text.slice(0, 200)}…` : memory.text}</p>
                  <p class="meta">
                    {memory.type} · {reason === 'expired' ? 'expired' : 'trashed'} {formatTime(trashed_at)} · deleted for good {formatTime(purge_at)}
                  </p>
                  <ActionButton action={`/memories/${encodeURIComponent(memory.id)}/restore`} csrfToken={csrf(res)} label="Restore" />
                  <ActionButton action={`/memories/${encodeURIComponent(memory.id)}/delete`} csrfToken={csrf(res)} label="Delete for good" danger />
                </li>
              ))}
            </ul>
          ) : null}
          {trashed.ok ? <Pager base="/memories/trash" query={{}} next={trashed.nextCursor} label="More" /> : null}
        </Layout>,
      );
    }),
  );

  router.get(
    '/memories/:id',
    page(async (req, res) => {
      const id = param(req, 'id');
      const memory = await operations.call<Memory>(res, 'get_memory', { id });
      if (!memory.ok) return errorPage(req, res, memory.result);
      const [subjects, revisions] = await Promise.all([
        operations.call<SubjectItem[]>(res, 'list_memory_subjects', { id, limit: 100 }),
        operations.call<Revision[]>(res, 'list_memory_revisions', { id, limit: 20 }),
      ]);
      const m = memory.data;
      sendPage(
        res,
        200,
        <Layout {...frame(req, res, 'Memory', 'memories')}>
          <p>
            <a href="/memories">← Back to the list</a>
          </p>
          <h1>Memory</h1>
          <div class="memory-text">{m.text}</div>
          <dl class="fields">
            <dt>Type</dt>
            <dd>{m.type}</dd>
            <dt>Sensitivity</dt>
            <dd>{m.sensitivity}</dd>
            <dt>Tags</dt>
            <dd>{m.tags.length > 0 ? m.tags.join(', ') : 'None'}</dd>
            <dt>Pinned</dt>
            <dd>{m.pinned ? 'Yes' : 'No'}</dd>
            <dt>Expires</dt>
            <dd>{m.expires_at ? formatTime(m.expires_at) : 'Never'}</dd>
            <dt>Revision</dt>
            <dd>{m.revision}</dd>
            <dt>Created</dt>
            <dd>{formatTime(m.created_at)}</dd>
            <dt>Updated</dt>
            <dd>{formatTime(m.updated_at)}</dd>
          </dl>
          <p class="actions">
            <a class="button-link" href={`/memories/${encodeURIComponent(m.id)}/edit`}>
              Edit
            </a>
            <ActionButton action={`/memories/${encodeURIComponent(m.id)}/pin`} csrfToken={csrf(res)} label={m.pinned ? 'Unpin' : 'Pin'} fields={{ pinned: String(!m.pinned) }} />
            <ActionButton action={`/memories/${encodeURIComponent(m.id)}/trash`} csrfToken={csrf(res)} label="Move to trash" danger />
          </p>
          <section aria-labelledby="subjects-heading">
            <h2 id="subjects-heading">Subjects</h2>
            {subjects.ok && subjects.data.length > 0 ? (
              <ul>
                {subjects.data.map((subject) => (
                  <li>
                    <a href={`/subjects/${encodeURIComponent(subject.id)}`}>{subject.name}</a> ({subject.kind})
                  </li>
                ))}
              </ul>
            ) : (
              <p>Not linked to any Subject.</p>
            )}
          </section>
          <section aria-labelledby="revisions-heading">
            <h2 id="revisions-heading">Revisions</h2>
            {revisions.ok ? (
              <ol reversed class="revisions">
                {revisions.data.map((revision) => (
                  <li>
                    <p class="meta">
                      Revision {revision.revision}, {formatTime(revision.created_at)}
                    </p>
                    <div class="memory-text">{revision.text}</div>
                  </li>
                ))}
              </ol>
            ) : (
              <ErrorPanel result={revisions.result} />
            )}
          </section>
        </Layout>,
      );
    }),
  );

  const editPage = (req: Request, res: Response, status: number, id: string, revision: string, form: MemoryForm, problems: FormProblems) =>
    sendPage(
      res,
      status,
      <Layout {...frame(req, res, 'Edit memory', 'memories')}>
        <p>
          <a href={`/memories/${encodeURIComponent(id)}`}>← Memory</a>
        </p>
        <h1>Edit memory</h1>
        <form method="post" action={`/memories/${encodeURIComponent(id)}`} novalidate>
          <FormError problems={problems} />
          <Csrf token={csrf(res)} />
          <input type="hidden" name="revision" value={revision} />
          <MemoryFields form={form} problems={problems} />
          <button type="submit">Save</button>
        </form>
      </Layout>,
    );

  router.get(
    '/memories/:id/edit',
    page(async (req, res) => {
      const id = param(req, 'id');
      const memory = await operations.call<Memory>(res, 'get_memory', { id });
      if (!memory.ok) return errorPage(req, res, memory.result);
      const m = memory.data;
      const form = { text: m.text, type: m.type, sensitivity: m.sensitivity, tags: m.tags.join(', '), pinned: m.pinned, expires_at: m.expires_at ? m.expires_at.slice(0, 16) : '' };
      editPage(req, res, 200, id, String(m.revision), form, NO_PROBLEMS);
    }),
  );
  router.post(
    '/memories/:id',
    page(async (req, res) => {
      const id = param(req, 'id');
      const form = formOf(req.body);
      const revision = textField(req.body, 'revision') ?? '';
      // The revision the form was filled in from: a change made since then is not overwritten (412, shown above the form).
      const updated = await operations.call<Memory>(res, 'update_memory', { id, if_match: revision ? `"${revision}"` : undefined, ...argumentsOf(form) });
      if (!updated.ok) {
        const problems = problemsOf(updated.result);
        const stale = updated.status === 412 ? { message: 'This Memory was changed since you opened the form. Reload it to see the new text, then edit again.', fields: {}, code: 'precondition_failed' } : problems;
        return editPage(req, res, updated.status, id, revision, form, stale);
      }
      redirectTo(res, `/memories/${encodeURIComponent(id)}?notice=memory-saved`);
    }),
  );
  router.post(
    '/memories/:id/pin',
    page(async (req, res) => {
      const id = param(req, 'id');
      const updated = await operations.call(res, 'update_memory', { id, pinned: textField(req.body, 'pinned') === 'true' });
      if (!updated.ok) return errorPage(req, res, updated.result);
      redirectTo(res, `/memories/${encodeURIComponent(id)}`);
    }),
  );
  router.post(
    '/memories/:id/trash',
    page(async (req, res) => {
      const trashed = await operations.call(res, 'delete_memory', { id: param(req, 'id') });
      if (!trashed.ok) return errorPage(req, res, trashed.result);
      redirectTo(res, '/memories?notice=memory-trashed');
    }),
  );
  router.post(
    '/memories/:id/restore',
    page(async (req, res) => {
      const id = param(req, 'id');
      const restored = await operations.call(res, 'restore_memory', { id });
      if (!restored.ok) return errorPage(req, res, restored.result);
      redirectTo(res, `/memories/${encodeURIComponent(id)}?notice=memory-restored`);
    }),
  );
  router.post(
    '/memories/:id/delete',
    page(async (req, res) => {
      const id = param(req, 'id');
      if (textField(req.body, 'confirm') !== 'yes') {
        return sendPage(
          res,
          200,
          <Layout {...frame(req, res, 'Delete for good', 'memories')}>
            <h1>Delete this Memory for good?</h1>
            <p>It cannot be restored afterwards, and its revisions go with it.</p>
            <ActionButton action={`/memories/${encodeURIComponent(id)}/delete`} csrfToken={csrf(res)} label="Delete for good" fields={{ confirm: 'yes' }} danger />
            <a href="/memories/trash">Cancel</a>
          </Layout>,
        );
      }
      const deleted = await operations.call(res, 'delete_memory', { id, permanent: true });
      if (!deleted.ok) return errorPage(req, res, deleted.result);
      redirectTo(res, '/memories/trash?notice=memory-deleted');
    }),
  );
}
