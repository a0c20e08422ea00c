import { createHash, randomUUID } from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { enums, limits } from '../../generated/contract';
import type { components } from '../../generated/openapi';
import { frame, page, textField, type WebContext } from '../context';
import { problemsOf, refusalOf, type Answer } from '../operations';
import { redirectTo, sendPage } from '../render';
import { ErrorPanel, formatTime } from '../views/common';
import { ErrorView } from '../views/error';
import { ActionButton, Csrf, Field, FormError, NO_PROBLEMS, Select, type FormProblems } from '../views/forms';
import { Layout } from '../views/layout';
import { webLocals } from '../web-session';
import { templatePath } from './library';

/**
 * A creator's Templates at /library/mine: their states and latest workflow runs, a new Template,
 * and the editor of one draft (its files and description, saved with the revision that was read),
 * its review, and publication behind the checklist. Every form runs the operation of the API
 * (`create_template`, `update_template_draft`, `submit_template_for_review`, `publish_template`…),
 * so the draft's rules, the review and the state machine are the API's.
 */

type CreatorStatus = components['schemas']['CreatorStatusResponse']['data'];
type Template = components['schemas']['Template'];
type WorkflowRun = components['schemas']['WorkflowRun'];
type DraftRead = components['schemas']['DraftReadResponse']['data'];

const README = 'README.md';
/** The editor reads whole files: the largest file, and the largest file set. */
const FILE_CHARS_MAX = 100_000;
const ALL_FILES_CHARS = 500_000;

const REVIEW_STATES: Readonly<Record<string, string>> = {
  draft: 'Not reviewed',
  changes_requested: 'Changes requested',
  review_error: 'Review could not run',
  ready_to_publish: 'Ready to publish',
};
const PUBLICATION_STATES: Readonly<Record<string, string>> = {
  never_published: 'Never published',
  published: 'Published',
  unpublished: 'Unpublished',
};

const editorPath = (id: string) => `/library/mine/${encodeURIComponent(id)}`;
const param = (req: Request, name: string) => String(req.params[name]);
/** What the editor remembers of a file it showed: a digest of its content, to tell later what changed. */
const digest = (content: string) => createHash('sha256').update(content).digest('base64url').slice(0, 22);
/** A browser sends a text area's lines ending with CR LF: the editor saves them as LF. */
const lines = (text: string) => text.replace(/\r\n?/g, '\n');

export function creatorPages(router: Router, context: WebContext): void {
  router.get(
    '/library/mine',
    page(async (req, res) => {
      const status = await context.operations.call<CreatorStatus>(res, 'get_creator_status', {});
      sendPage(
        res,
        status.ok ? 200 : status.status,
        <Layout {...frame(req, res, 'Your templates', 'library')}>
          <p class="breadcrumbs">
            <a href="/library">Library</a>
          </p>
          <h1>Your templates</h1>
          <p>
            <a class="button-link" href="/library/mine/new">
              New template
            </a>
          </p>
          {status.ok ? <TemplateList status={status.data} /> : <ErrorPanel result={status.result} />}
        </Layout>,
      );
    }),
  );

  router.get(
    '/library/mine/new',
    page(async (req, res) => {
      sendNewTemplate(req, res, { category: 'productivity', license: 'MIT' }, NO_PROBLEMS, 200);
    }),
  );

  router.post(
    '/library/mine/new',
    page(async (req, res) => {
      const form = newTemplateForm(req.body);
      const created = await context.operations.call<{ template: Template }>(res, 'create_template', {
        name: form.name,
        summary: form.summary || undefined,
        category: form.category,
        license: form.license,
        tags: tagList(form.tags),
        idempotency_key: textField(req.body, 'idempotency_key'),
      });
      if (!created.ok) return sendNewTemplate(req, res, form, problemsOf(created.result), created.status);
      redirectTo(res, `${editorPath(created.data.template.id)}?notice=template-created`);
    }),
  );

  router.get(
    '/library/mine/:template_id',
    page(async (req, res) => {
      await sendEditor(req, res, context, param(req, 'template_id'), {});
    }),
  );

  router.post(
    '/library/mine/:template_id/draft',
    page(async (req, res) => {
      const id = param(req, 'template_id');
      const submitted = draftForm(req.body);
      const saved = await context.operations.call<Template>(res, 'update_template_draft', {
        template_id: id,
        base_revision: submitted.baseRevision,
        files: submitted.files.filter((file) => !file.deleted).map(({ path, content }) => ({ path, content })),
        name: submitted.name,
        summary: submitted.summary,
        category: submitted.category,
        tags: tagList(submitted.tags),
        license: submitted.license,
        release_notes: submitted.releaseNotes,
      });
      if (saved.ok) {
        redirectTo(res, `${editorPath(id)}?notice=draft-saved`);
        return;
      }
      await sendEditor(req, res, context, id, { submitted, refusal: saved });
    }),
  );

  router.post(
    '/library/mine/:template_id/review',
    page(async (req, res) => {
      const id = param(req, 'template_id');
      const retry = textField(req.body, 'action') === 'retry';
      const run = await context.operations.call(res, retry ? 'retry_template_review' : 'submit_template_for_review', {
        template_id: id,
        revision: integer(textField(req.body, 'revision')),
      });
      if (!run.ok) return sendEditor(req, res, context, id, { refusal: run });
      redirectTo(res, `${editorPath(id)}#review`);
    }),
  );

  router.post(
    '/library/mine/:template_id/publish',
    page(async (req, res) => {
      const id = param(req, 'template_id');
      const checklist = publishForm(req.body);
      const unconfirmed = Object.fromEntries(
        CHECKLIST.filter((item) => !checklist.confirmed.has(item.name)).map((item) => [item.name, 'Confirm this before publishing.']),
      );
      if (Object.keys(unconfirmed).length > 0) {
        return sendEditor(req, res, context, id, {
          checklist,
          publishProblems: { message: 'Confirm every item of the checklist to publish.', fields: unconfirmed },
        });
      }
      const published = await context.operations.call(res, 'publish_template', {
        template_id: id,
        revision: checklist.revision,
        release_notes: checklist.releaseNotes,
        confirm: { license: checklist.license, files_public: true, reviewed_revision: checklist.revision },
        idempotency_key: textField(req.body, 'idempotency_key'),
      });
      if (!published.ok) {
        // The form's notes field is `publish_notes` (the draft's own notes are `release_notes` on the same page).
        const problems = problemsOf(published.result);
        const { release_notes: notes, ...fields } = problems.fields;
        const publishProblems = { ...problems, fields: notes ? { ...fields, publish_notes: notes } : fields };
        return sendEditor(req, res, context, id, { checklist, publishProblems });
      }
      redirectTo(res, `${editorPath(id)}?notice=template-published`);
    }),
  );

  router.post(
    '/library/mine/:template_id/unpublish',
    page(async (req, res) => {
      const id = param(req, 'template_id');
      const done = await context.operations.call(res, 'unpublish_template', { template_id: id });
      if (!done.ok) return sendEditor(req, res, context, id, { refusal: done });
      redirectTo(res, `${editorPath(id)}?notice=template-unpublished`);
    }),
  );

  router.post(
    '/library/mine/:template_id/republish',
    page(async (req, res) => {
      const id = param(req, 'template_id');
      const done = await context.operations.call(res, 'republish_template', {
        template_id: id,
        release_notes: lines(textField(req.body, 'republish_notes') ?? ''),
      });
      if (!done.ok) return sendEditor(req, res, context, id, { refusal: done });
      redirectTo(res, `${editorPath(id)}?notice=template-republished`);
    }),
  );
}

function integer(text: string | undefined): number | undefined {
  return text !== undefined && /^\d{1,10}$/.test(text) ? Number(text) : undefined;
}

const tagList = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');

function TemplateList(props: { readonly status: CreatorStatus }) {
  const { templates, limits } = props.status;
  if (templates.length === 0) return <p>You have no templates yet. Create one, or copy one from the Library.</p>;
  return (
    <>
      <p class="meta">
        {limits.templates_used} of {limits.templates_max} templates
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Template</th>
            <th scope="col">Review</th>
            <th scope="col">Publication</th>
            <th scope="col">Latest run</th>
          </tr>
        </thead>
        <tbody>
          {templates.map(({ template, latest_runs }) => (
            <tr>
              <td>
                <a href={editorPath(template.id)}>{template.name}</a>
                <br />
                <span class="meta">draft revision {template.draft.revision}</span>
              </td>
              <td>{REVIEW_STATES[template.review.state]}</td>
              <td>
                {PUBLICATION_STATES[template.publication.state]}
                {template.publication.version > 0 ? `, version ${template.publication.version}` : ''}
              </td>
              <td>{latest_runs[0] ? <RunSummary run={latest_runs[0]} /> : 'None'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

const ACTIONS: Readonly<Record<string, string>> = {
  create: 'Created',
  submit_review: 'Review',
  retry: 'Review retried',
  publish: 'Publication',
  unpublish: 'Unpublished',
  republish: 'Published again',
};

function RunSummary(props: { readonly run: WorkflowRun }) {
  const { run } = props;
  const outcome = run.status === 'succeeded' ? 'succeeded' : run.error_code ? `refused (${run.error_code})` : 'failed';
  return (
    <span>
      {ACTIONS[run.action] ?? run.action} {outcome}, {formatTime(run.created_at)}
    </span>
  );
}

interface NewTemplateForm {
  readonly name: string;
  readonly summary: string;
  readonly category: string;
  readonly license: string;
  readonly tags: string;
}

function newTemplateForm(body: unknown): NewTemplateForm {
  return {
    name: textField(body, 'name') ?? '',
    summary: textField(body, 'summary') ?? '',
    category: textField(body, 'category') ?? '',
    license: textField(body, 'license') ?? '',
    tags: textField(body, 'tags') ?? '',
  };
}

function sendNewTemplate(req: Request, res: Response, form: Partial<NewTemplateForm>, problems: FormProblems, status: number): void {
  sendPage(
    res,
    status,
    <Layout {...frame(req, res, 'New template', 'library')}>
      <p class="breadcrumbs">
        <a href="/library/mine">Your templates</a>
      </p>
      <h1>New template</h1>
      <form method="post" action="/library/mine/new">
        <Csrf token={webLocals(res).csrfToken} />
        <input type="hidden" name="idempotency_key" value={randomUUID()} />
        <FormError problems={problems} />
        <Field name="name" label="Name" required value={form.name} problems={problems} maxLength={100} />
        <Field name="summary" label="Summary" value={form.summary} problems={problems} hint="One sentence on what it is for (10 characters or more to publish)." />
        <Select name="category" label="Category" options={enums.templateCategory} value={form.category} problems={problems} />
        <Select name="license" label="Licence" options={enums.templateLicense} value={form.license} problems={problems} />
        <Field name="tags" label="Tags" value={form.tags} problems={problems} hint="Separated by commas." />
        <button type="submit">Create template</button>
      </form>
    </Layout>,
  );
}

/** One file as the editor's form sends it back. */
interface SubmittedFile {
  readonly path: string;
  readonly content: string;
  readonly deleted: boolean;
  /** The path the file had when the editor was opened ('' for a new file). */
  readonly original: string;
  /** A digest of the content it had then ('' for a new file). */
  readonly digest: string;
}

interface DraftForm {
  readonly baseRevision: number | undefined;
  readonly files: SubmittedFile[];
  readonly name: string;
  readonly summary: string;
  readonly category: string;
  readonly tags: string;
  readonly license: string;
  readonly releaseNotes: string;
}

/** The editor's form: `path_<i>`, `content_<i>`, `delete_<i>` for each file shown, and one new file (`new_path`, `new_content`). */
function draftForm(body: unknown): DraftForm {
  // The form holds at most the files a draft may have; a form claiming more is read that far.
  const count = Math.min(integer(textField(body, 'file_count')) ?? 0, limits.draftFilesMax * 2);
  const files: SubmittedFile[] = [];
  for (let i = 0; i < count; i += 1) {
    const path = textField(body, `path_${i}`);
    if (path === undefined) continue;
    files.push({
      path: path.trim(),
      content: lines(textField(body, `content_${i}`) ?? ''),
      deleted: textField(body, `delete_${i}`) === 'yes',
      original: textField(body, `original_${i}`) ?? '',
      digest: textField(body, `digest_${i}`) ?? '',
    });
  }
  const newPath = (textField(body, 'new_path') ?? '').trim();
  const newContent = lines(textField(body, 'new_content') ?? '');
  if (newPath !== '' || newContent !== '') files.push({ path: newPath, content: newContent, deleted: false, original: '', digest: '' });
  return {
    baseRevision: integer(textField(body, 'base_revision')),
    files,
    name: textField(body, 'name') ?? '',
    summary: textField(body, 'summary') ?? '',
    category: textField(body, 'category') ?? '',
    tags: textField(body, 'tags') ?? '',
    license: textField(body, 'license') ?? '',
    releaseNotes: lines(textField(body, 'release_notes') ?? ''),
  };
}

const CHECKLIST = [
  { name: 'ready', label: (t: Template) => `The review state is ${REVIEW_STATES[t.review.state]}.` },
  { name: 'license_right', label: (t: Template) => `The licence, ${t.license}, is the right one.` },
  { name: 'files_public', label: () => 'Every file is meant to be public.' },
  { name: 'notes_describe', label: () => 'The release notes describe the changes.' },
  { name: 'reviewed_draft', label: (t: Template) => `This is the reviewed draft (revision ${t.review.reviewed_revision ?? '?'}).` },
] as const;

interface PublishForm {
  readonly confirmed: ReadonlySet<string>;
  readonly revision: number | undefined;
  readonly license: string;
  readonly releaseNotes: string;
}

function publishForm(body: unknown): PublishForm {
  return {
    confirmed: new Set(CHECKLIST.filter((item) => textField(body, item.name) === 'yes').map((item) => item.name)),
    revision: integer(textField(body, 'revision')),
    license: textField(body, 'license') ?? '',
    releaseNotes: lines(textField(body, 'publish_notes') ?? ''),
  };
}

interface EditorState {
  /** The editor's form as sent, shown again when it was refused (nothing of it is saved). */
  readonly submitted?: DraftForm;
  /** The refusal of the last form. */
  readonly refusal?: Answer<unknown>;
  readonly checklist?: PublishForm;
  readonly publishProblems?: FormProblems;
}

interface Violation {
  readonly path?: string;
  readonly message: string;
}

/** What a refused save says beside each file (by its index in the form) and above the form. */
function draftProblems(refusal: Answer<unknown>, files: readonly SubmittedFile[]): { form: FormProblems; byFile: Map<number, string[]> } {
  const body = refusal.result.body as { error: { code: string; message: string; details?: { violations?: Violation[]; errors?: Array<{ argument?: string; path?: string; message: string }> } } };
  const byFile = new Map<number, string[]>();
  const loose: string[] = [];
  const add = (index: number, message: string) => byFile.set(index, [...(byFile.get(index) ?? []), message]);
  const shown = files.filter((file) => !file.deleted);
  for (const violation of body.error.details?.violations ?? []) {
    const index = violation.path === undefined ? -1 : files.findIndex((file) => !file.deleted && file.path === violation.path);
    if (index >= 0) add(index, violation.message);
    else loose.push(violation.message);
  }
  for (const error of body.error.details?.errors ?? []) {
    const at = /^\/files\/(\d+)/.exec(error.path ?? '');
    const file = at ? shown[Number(at[1])] : undefined;
    if (file) add(files.indexOf(file), error.message);
  }
  const form = problemsOf(refusal.result);
  return { form: { ...form, message: [form.message, ...loose].filter(Boolean).join(' ') }, byFile };
}

/** The editor of one of the account's Templates: its draft, its review, its publication. */
async function sendEditor(req: Request, res: Response, context: WebContext, id: string, state: EditorState): Promise<void> {
  const [status, draft] = await Promise.all([
    context.operations.call<CreatorStatus>(res, 'get_creator_status', {}),
    context.operations.call<DraftRead>(res, 'read_template_draft', { template_id: id, max_chars_per_file: FILE_CHARS_MAX, max_total_chars: ALL_FILES_CHARS }),
  ]);
  if (!draft.ok || !status.ok) {
    const failed = !draft.ok ? draft : status;
    const { code, message } = refusalOf(failed.result);
    sendPage(res, failed.status, <ErrorView frame={frame(req, res, 'Not possible', 'library')} status={failed.status} code={code} message={message} />);
    return;
  }
  const entry = status.data.templates.find(({ template }) => template.id === id);
  if (!entry) {
    sendPage(res, 404, <ErrorView frame={frame(req, res, 'Not found', 'library')} status={404} code="template_not_found" message="No Template with this ID." />);
    return;
  }
  const { template, latest_runs: runs } = entry;
  const csrfToken = webLocals(res).csrfToken;
  const refusalCode = state.refusal ? refusalOf(state.refusal.result).code : null;
  const conflict = refusalCode === 'draft_changed' && state.submitted ? changesSince(state.submitted, draft.data) : null;
  const http = state.refusal ? state.refusal.status : state.publishProblems ? 400 : 200;
  const review = runs.find((run) => run.action === 'submit_review' || run.action === 'retry');
  sendPage(
    res,
    http,
    <Layout {...frame(req, res, template.name, 'library')}>
      <p class="breadcrumbs">
        <a href="/library/mine">Your templates</a>
      </p>
      <h1>{template.name}</h1>
      <p class="meta">
        Review: <strong>{REVIEW_STATES[template.review.state]}</strong> · Publication: <strong>{PUBLICATION_STATES[template.publication.state]}</strong>
        {template.publication.version > 0 ? ` (version ${template.publication.version})` : ''} · Draft revision {template.draft.revision}
        {template.publication.state === 'published' ? (
          <>
            {' · '}
            <a href={templatePath(template.id)}>Its page in the Library</a>
          </>
        ) : null}
      </p>
      {template.copied_from ? (
        <p class="meta">
          Copied from <a href={templatePath(template.copied_from.template_id)}>a Library Template</a>, version {template.copied_from.version}.
        </p>
      ) : null}
      {state.refusal && !state.submitted ? <ErrorPanel result={state.refusal.result} /> : null}
      <DraftEditor
        template={template}
        draft={draft.data}
        csrfToken={csrfToken}
        submitted={state.submitted}
        refusal={state.submitted ? state.refusal : undefined}
        conflict={conflict}
        findings={review && review.revision === template.draft.revision ? review : undefined}
      />
      <ReviewSection template={template} review={review} csrfToken={csrfToken} />
      <PublishSection template={template} csrfToken={csrfToken} checklist={state.checklist} problems={state.publishProblems} />
    </Layout>,
  );
}

/** What changed in the stored draft since the editor read it: the files changed, added and deleted by another save. */
interface Conflict {
  readonly readRevision: number | undefined;
  readonly currentRevision: number;
  readonly changed: string[];
  readonly added: string[];
  readonly deleted: string[];
}

function changesSince(submitted: DraftForm, current: DraftRead): Conflict {
  const read = new Map(submitted.files.filter((file) => file.original !== '').map((file) => [file.original, file.digest]));
  const now = new Map(current.files.map((file) => [file.path, digest(file.content)]));
  return {
    readRevision: submitted.baseRevision,
    currentRevision: current.revision,
    changed: [...now].filter(([path, hash]) => read.has(path) && read.get(path) !== hash).map(([path]) => path),
    added: [...now.keys()].filter((path) => !read.has(path)),
    deleted: [...read.keys()].filter((path) => !now.has(path)),
  };
}

function ConflictPanel(props: { readonly conflict: Conflict; readonly id: string }) {
  const { conflict } = props;
  const none = conflict.changed.length + conflict.added.length + conflict.deleted.length === 0;
  return (
    <div class="error" role="alert" id="conflict">
      <p>
        This draft was saved elsewhere after you opened it (you opened revision {conflict.readRevision ?? '?'}; it is now at revision{' '}
        {conflict.currentRevision}). Your changes below are not saved, and saving them again would not overwrite the other save.
      </p>
      {none ? <p>Its files are the same as when you opened it; it was saved again, perhaps with another description.</p> : null}
      {conflict.changed.length > 0 ? <p>Changed since: {conflict.changed.join(', ')}.</p> : null}
      {conflict.added.length > 0 ? <p>Added since: {conflict.added.join(', ')}.</p> : null}
      {conflict.deleted.length > 0 ? <p>Deleted since: {conflict.deleted.join(', ')}.</p> : null}
      <p>
        <a href={editorPath(props.id)}>Reload the current draft</a> (copy anything of yours you want to keep first).
      </p>
    </div>
  );
}

function DraftEditor(props: {
  readonly template: Template;
  readonly draft: DraftRead;
  readonly csrfToken: string;
  readonly submitted: DraftForm | undefined;
  readonly refusal: Answer<unknown> | undefined;
  readonly conflict: Conflict | null;
  readonly findings: WorkflowRun | undefined;
}) {
  const { template, draft, submitted } = props;
  const files: SubmittedFile[] =
    submitted?.files ?? draft.files.map((file) => ({ path: file.path, content: file.content, deleted: false, original: file.path, digest: digest(file.content) }));
  const meta = submitted ?? {
    baseRevision: draft.revision,
    name: template.name,
    summary: template.summary,
    category: template.category,
    tags: template.tags.join(', '),
    license: template.license,
    releaseNotes: template.release_notes,
  };
  const problems = props.refusal && !props.conflict ? draftProblems(props.refusal, files) : { form: NO_PROBLEMS, byFile: new Map<number, string[]>() };
  const findings = findingsByPath(props.findings);
  return (
    <section aria-labelledby="draft-heading">
      <h2 id="draft-heading">Draft</h2>
      {props.conflict ? <ConflictPanel conflict={props.conflict} id={template.id} /> : null}
      {findings.get('') ? <Findings title="Review findings on the Template" messages={findings.get('')!} /> : null}
      <form method="post" action={`${editorPath(template.id)}/draft`} class="editor">
        <Csrf token={props.csrfToken} />
        <input type="hidden" name="base_revision" value={String(meta.baseRevision ?? draft.revision)} />
        <input type="hidden" name="file_count" value={String(files.length)} />
        <FormError problems={problems.form} />
        <Field name="name" label="Name" required value={meta.name} problems={problems.form} />
        <Field name="summary" label="Summary" value={meta.summary} problems={problems.form} />
        <Select name="category" label="Category" options={enums.templateCategory} value={meta.category} problems={problems.form} />
        <Select name="license" label="Licence" options={enums.templateLicense} value={meta.license} problems={problems.form} />
        <Field name="tags" label="Tags" value={meta.tags} problems={problems.form} hint="Separated by commas." />
        <Field name="release_notes" label="Release notes" multiline rows={3} value={meta.releaseNotes} problems={problems.form} hint="What changed: published with the next version." />
        <h3>Files</h3>
        {files.map((file, i) => (
          <FileFields index={i} file={file} errors={problems.byFile.get(i)} findings={findings.get(file.original || file.path)} />
        ))}
        <fieldset class="file">
          <legend>Add a file</legend>
          <div class="field">
            <label for="field-new_path">Path of the new file</label>
            <input id="field-new_path" name="new_path" type="text" placeholder="docs/usage.md" />
          </div>
          <div class="field">
            <label for="field-new_content">Content of the new file</label>
            <textarea id="field-new_content" name="new_content" rows={6}>
              {'\n'}
            </textarea>
          </div>
        </fieldset>
        <p class="hint">Saving replaces the whole draft with what this form holds, as revision {draft.revision + 1}, and sends the review back to the start.</p>
        <button type="submit">Save</button>
      </form>
    </section>
  );
}

function FileFields(props: { readonly index: number; readonly file: SubmittedFile; readonly errors: string[] | undefined; readonly findings: string[] | undefined }) {
  const { index: i, file } = props;
  const name = file.original || file.path || `new file`;
  const errorId = `file-${i}-errors`;
  return (
    <fieldset class={props.errors ? 'file invalid' : 'file'} aria-describedby={props.errors ? errorId : undefined}>
      <legend>{name}</legend>
      <input type="hidden" name={`original_${i}`} value={file.original} />
      <input type="hidden" name={`digest_${i}`} value={file.digest} />
      {props.errors ? (
        <ul class="field-error" id={errorId}>
          {props.errors.map((message) => (
            <li>{message}</li>
          ))}
        </ul>
      ) : null}
      {props.findings ? <Findings title={`Review findings on ${name}`} messages={props.findings} /> : null}
      <div class="field">
        <label for={`field-path_${i}`}>Path of {name}</label>
        <input id={`field-path_${i}`} name={`path_${i}`} type="text" value={file.path} required />
      </div>
      <div class="field">
        <label for={`field-content_${i}`}>Content of {name}</label>
        <textarea id={`field-content_${i}`} name={`content_${i}`} rows={file.path === README ? 14 : 8}>
          {`\n${file.content}`}
        </textarea>
      </div>
      <label class="choice">
        <input type="checkbox" name={`delete_${i}`} value="yes" checked={file.deleted} /> Delete {name} when saving
      </label>
    </fieldset>
  );
}

/** A review's findings by the file they name ('' for those on the Template as a whole), each with its line. */
function findingsByPath(run: WorkflowRun | undefined): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  if (!run || run.status === 'succeeded') return byPath;
  for (const check of run.checks) {
    for (const finding of check.findings) {
      const key = finding.path ?? '';
      const message = finding.line ? `Line ${finding.line}: ${finding.message}` : finding.message;
      byPath.set(key, [...(byPath.get(key) ?? []), message]);
    }
  }
  return byPath;
}

function Findings(props: { readonly title: string; readonly messages: readonly string[] }) {
  return (
    <div class="findings" role="note" aria-label={props.title}>
      <p>
        <strong>{props.title}</strong>
      </p>
      <ul>
        {props.messages.map((message) => (
          <li>{message}</li>
        ))}
      </ul>
    </div>
  );
}

function ReviewSection(props: { readonly template: Template; readonly review: WorkflowRun | undefined; readonly csrfToken: string }) {
  const { template, review } = props;
  const state = template.review.state;
  return (
    <section aria-labelledby="review-heading" id="review">
      <h2 id="review-heading">Review</h2>
      <p>
        The review checks the draft's README, file rules, licence, description and secrets. State: <strong>{REVIEW_STATES[state]}</strong>
        {template.review.reviewed_revision !== null ? ` (last passed on revision ${template.review.reviewed_revision})` : ''}.
      </p>
      {review ? (
        <p class="meta">
          Latest review: <RunSummary run={review} />, on revision {review.revision}
          {review.checks.length > 0
            ? `: ${review.checks.filter((check) => check.status === 'passed').length} of ${review.checks.length} checks passed`
            : ''}
          .
        </p>
      ) : null}
      {state === 'draft' || state === 'changes_requested' ? (
        <ActionButton action={`${editorPath(template.id)}/review`} csrfToken={props.csrfToken} label="Submit for review" fields={{ revision: String(template.draft.revision) }} />
      ) : null}
      {state === 'review_error' ? (
        <ActionButton
          action={`${editorPath(template.id)}/review`}
          csrfToken={props.csrfToken}
          label="Retry the review"
          fields={{ revision: String(template.draft.revision), action: 'retry' }}
        />
      ) : null}
    </section>
  );
}

function PublishSection(props: { readonly template: Template; readonly csrfToken: string; readonly checklist?: PublishForm; readonly problems?: FormProblems }) {
  const { template } = props;
  const id = template.id;
  const { publication, review, draft } = template;
  const reviewedDraft = review.state === 'ready_to_publish' && review.reviewed_revision === draft.revision;
  const alreadyPublic = publication.state === 'published' && publication.published_revision === draft.revision;
  const problems = props.problems ?? NO_PROBLEMS;
  return (
    <section aria-labelledby="publish-heading" id="publish">
      <h2 id="publish-heading">Publication</h2>
      {publication.state === 'published' ? (
        <p>
          Version {publication.version} is public{publication.published_at ? ` since ${formatTime(publication.published_at)}` : ''}.
        </p>
      ) : null}
      {!(reviewedDraft && !alreadyPublic) ? <FormError problems={problems} /> : null}
      {reviewedDraft && !alreadyPublic ? (
        <form method="post" action={`${editorPath(id)}/publish`} class="checklist" data-all-checked="publish">
          <Csrf token={props.csrfToken} />
          <input type="hidden" name="idempotency_key" value={randomUUID()} />
          <input type="hidden" name="revision" value={String(draft.revision)} />
          <input type="hidden" name="license" value={template.license} />
          <FormError problems={problems} />
          <Field
            name="publish_notes"
            label="Release notes of this version"
            multiline
            rows={3}
            value={props.checklist?.releaseNotes ?? template.release_notes}
            problems={problems}
          />
          <fieldset class={Object.keys(problems.fields).some((name) => CHECKLIST.some((item) => item.name === name)) ? 'field invalid' : 'field'}>
            <legend>Before publishing, confirm each item</legend>
            {CHECKLIST.map((item) => (
              <div class="choice">
                <input
                  type="checkbox"
                  id={`check-${item.name}`}
                  name={item.name}
                  value="yes"
                  required
                  checked={props.checklist?.confirmed.has(item.name)}
                  aria-describedby={problems.fields[item.name] ? `check-${item.name}-error` : undefined}
                />{' '}
                <label for={`check-${item.name}`}>{item.label(template)}</label>
                {problems.fields[item.name] ? (
                  <p class="field-error" id={`check-${item.name}-error`}>
                    {problems.fields[item.name]}
                  </p>
                ) : null}
              </div>
            ))}
          </fieldset>
          <button type="submit">Publish</button>
        </form>
      ) : null}
      {!reviewedDraft && !alreadyPublic ? (
        <p>
          {review.reviewed_revision !== null && review.reviewed_revision !== draft.revision
            ? `The draft changed after its review of revision ${review.reviewed_revision}: submit it for review again before publishing.`
            : 'Publishing needs a review that passed on the current draft: submit it for review first.'}
        </p>
      ) : null}
      {publication.state === 'published' ? (
        <ActionButton action={`${editorPath(id)}/unpublish`} csrfToken={props.csrfToken} label="Unpublish" danger>
          <p class="hint">Unpublishing takes the Template out of the Library; you can publish it again.</p>
        </ActionButton>
      ) : null}
      {publication.state === 'unpublished' ? (
        <form method="post" action={`${editorPath(id)}/republish`}>
          <Csrf token={props.csrfToken} />
          <Field
            name="republish_notes"
            label="Release notes"
            multiline
            rows={2}
            hint={`Version ${publication.version} is published again as it was; these notes are shown with it.`}
          />
          <button type="submit">Publish again</button>
        </form>
      ) : null}
    </section>
  );
}
