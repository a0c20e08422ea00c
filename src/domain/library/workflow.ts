import type { Transaction } from 'kysely';
import type { DB, RunCheckRecord, TemplateRunRow } from '../../db/schema';
import { limits } from '../../generated/contract';
import type { WorkflowCreate as CreateRequest, WorkflowRequest } from '../../generated/openapi';
import { lockAccount } from '../accounts/accounts.repository';
import type { Services } from '../services';
import { AppError, safeError } from '../shared/errors';
import { newId } from '../shared/ids';
import type { Principal } from '../shared/principal';
import { codePointLength } from '../shared/text';
import { ROOT_README } from './draft-rules';
import { publishListing } from './public';
import { countUse, deleteListing, findListing, insertVersion, setVersionNotes } from './public-library.repository';
import { REVIEW_CHECKS, runReview } from './review';
import {
  fileContents,
  hasCopied,
  insertRevision,
  lockForRead,
  insertRun,
  insertTemplate,
  inOneSnapshot,
  loadTemplate,
  pruneRevisions,
  moveTemplate,
  type Queryable,
  setLastRun,
  setReleaseNotes,
  templateIdsOf,
  templateNotFound,
  type TemplateState,
} from './templates.repository';
import { assertNoApiKey, assertNoSecretInReleaseNotes, normalizeTemplateTags, starterReadme } from './templates';
import { toRun, toTemplate, type Template, type WorkflowRun } from './template-mapper';

type ActionRequest = Exclude<WorkflowRequest, CreateRequest>;

export interface WorkflowResult {
  readonly template: Template;
  readonly run: WorkflowRun;
  readonly created: boolean;
}

function invalidState(state: TemplateState, action: string): AppError {
  return new AppError(
    'invalid_template_state',
    `"${action}" is not allowed while the review is ${state.template.review_state} and the Template is ${state.template.publication_state}.`,
    {
      action,
      review_state: state.template.review_state,
      publication_state: state.template.publication_state,
      draft_revision: state.template.draft_revision,
    },
  );
}

function draftChanged(state: TemplateState, revision: number): AppError {
  return new AppError('draft_changed', `The draft is at revision ${state.template.draft_revision}, not ${revision}; read it again.`, {
    current_revision: state.template.draft_revision,
    revision,
  });
}

type TemplateRow = TemplateState['template'];
type ReviewState = TemplateRow['review_state'];
type PublicationState = TemplateRow['publication_state'];

interface Transition {
  /** The review states the action may start from, and those it can lead to (the review's outcomes). */
  readonly review?: { readonly from: readonly ReviewState[]; readonly to?: readonly ReviewState[] };
  /** The publication states the action may start from, and the one it leads to. */
  readonly publication?: { readonly from: readonly PublicationState[]; readonly to: PublicationState };
  /** A state the table's states allow but in which the action has nothing to do, refused like any other. */
  readonly refusedWhen?: (template: TemplateRow, revision: number | null) => boolean;
}

/**
 * The workflow of a Template: what each action needs of the review of the draft and of the
 * publication, and what it changes. A state an action's row does not name is one the action
 * neither needs nor changes. Besides these actions, a draft update sends the review back to
 * `draft` from any state (see updateTemplateDraft).
 */
const TRANSITIONS: Record<ActionRequest['action'], Transition> = {
  submit_review: { review: { from: ['draft', 'changes_requested'], to: ['ready_to_publish', 'changes_requested', 'review_error'] } },
  retry: { review: { from: ['review_error'], to: ['ready_to_publish', 'changes_requested', 'review_error'] } },
  publish: {
    review: { from: ['ready_to_publish'] },
    publication: { from: ['never_published', 'published', 'unpublished'], to: 'published' },
    // Publishing the revision that is already public would change nothing.
    refusedWhen: (template, revision) => template.publication_state === 'published' && template.published_revision === revision,
  },
  unpublish: { publication: { from: ['published'], to: 'unpublished' } },
  republish: { publication: { from: ['unpublished'], to: 'published' } },
};

/** Whether the table lets the action start from the Template's states. */
function isAllowed(template: TemplateRow, request: ActionRequest): boolean {
  const { review, publication, refusedWhen } = TRANSITIONS[request.action];
  return (
    (!review || review.from.includes(template.review_state)) &&
    (!publication || publication.from.includes(template.publication_state)) &&
    !refusedWhen?.(template, revisionOf(request))
  );
}

/** The premise of an action: what the state must be for it to run. Throws the refusal. */
function assertPremise(state: TemplateState, request: ActionRequest): void {
  const { template, revision } = state;
  // A revision that is no longer the draft's is a changed draft, whatever the state.
  if ('revision' in request && request.revision !== template.draft_revision) throw draftChanged(state, request.revision);
  if (!isAllowed(template, request)) throw invalidState(state, request.action);
  if (request.action !== 'publish') return;
  if (request.revision !== template.reviewed_revision) throw draftChanged(state, request.revision);
  const mismatched = [
    ...(request.confirm.license !== revision.license ? ['license'] : []),
    ...(request.confirm.files_public !== true ? ['files_public'] : []),
    ...(request.confirm.reviewed_revision !== request.revision ? ['reviewed_revision'] : []),
  ];
  if (mismatched.length > 0) {
    throw new AppError('publish_confirmation_mismatch', `The confirmation does not match: ${mismatched.join(', ')}.`, {
      mismatched,
      license: revision.license,
      reviewed_revision: template.reviewed_revision,
    });
  }
}

function revisionOf(request: ActionRequest): number | null {
  return 'revision' in request ? request.revision : null;
}

async function recordRun(
  db: Queryable,
  principal: Principal,
  templateId: string,
  action: string,
  revision: number | null,
  now: Date,
  outcome: { status: TemplateRunRow['status']; checks?: RunCheckRecord[]; errorCode?: string | null },
): Promise<TemplateRunRow> {
  return insertRun(db, {
    id: newId('run', now.getTime()),
    template_id: templateId,
    account_id: principal.accountId,
    action,
    revision,
    status: outcome.status,
    checks: outcome.checks ?? [],
    error_code: outcome.errorCode ?? null,
    created_at: now,
  });
}

/** What a new Template starts from: its first revision's description and files. */
interface NewTemplate {
  readonly name: string;
  readonly summary: string;
  readonly category: string;
  readonly tags: readonly string[];
  readonly license: string;
  readonly files: ReadonlyArray<{ readonly path: string; readonly content: string }>;
  readonly copiedFrom?: { readonly templateId: string; readonly version: number };
}

/**
 * Creates a Template of the caller's with revision 1 (review `draft`, never published), within
 * the account's limit: the account row's lock serialises creations, so the limit holds under
 * concurrency. `prepare` runs first under that lock and says what to create.
 */
async function insertNewTemplate(
  services: Services,
  principal: Principal,
  prepare: (trx: Transaction<DB>) => Promise<NewTemplate>,
): Promise<WorkflowResult> {
  return services.db.transaction().execute(async (trx) => {
    await lockAccount(trx, principal.accountId);
    const owned = await templateIdsOf(trx, principal.accountId);
    if (owned.length >= limits.templatesMax) {
      throw new AppError('template_limit_reached', `An account can own at most ${limits.templatesMax} Templates.`, {
        templates_max: limits.templatesMax,
      });
    }
    const created = await prepare(trx);
    const now = services.clock.now();
    const id = newId('template', now.getTime());
    await insertTemplate(trx, {
      id,
      account_id: principal.accountId,
      draft_revision: 1,
      starter_readme: starterReadme(created.name),
      review_state: 'draft',
      publication_state: 'never_published',
      version: 0,
      state_version: 0,
      ...(created.copiedFrom ? { copied_from_template_id: created.copiedFrom.templateId, copied_from_version: created.copiedFrom.version } : {}),
      created_at: now,
      updated_at: now,
    });
    const files = created.files.map((file) => ({ path: file.path, content: file.content, size: codePointLength(file.content) }));
    await insertRevision(
      trx,
      {
        account_id: principal.accountId,
        template_id: id,
        revision: 1,
        name: created.name,
        summary: created.summary,
        category: created.category,
        tags: normalizeTemplateTags(created.tags),
        license: created.license,
        release_notes: '',
        total_size: files.reduce((total, file) => total + file.size, 0),
        created_at: now,
      },
      files,
    );
    const run = await recordRun(trx, principal, id, 'create', 1, now, { status: 'succeeded' });
    await setLastRun(trx, principal.accountId, id, run.id);
    return { template: toTemplate(await loadTemplate(trx, principal.accountId, id)), run: toRun(run), created: true };
  });
}

async function createTemplate(services: Services, principal: Principal, request: CreateRequest): Promise<WorkflowResult> {
  assertNoApiKey([], { name: request.name, summary: request.summary, tags: request.tags });
  const name = request.name.trim();
  return insertNewTemplate(services, principal, async () => ({
    name,
    summary: request.summary ?? '',
    category: request.category,
    tags: request.tags ?? [],
    license: request.license,
    files: [{ path: ROOT_README, content: starterReadme(name) }],
  }));
}

/**
 * Copies the published version of a published Template (any account's, the caller's own
 * included) into a new Template of the caller's, crediting the source; the source's uses count
 * each account once. 404 when the source is not published.
 */
export async function copyTemplate(services: Services, principal: Principal, sourceId: string, name: string | undefined): Promise<Template> {
  if (name !== undefined) assertNoApiKey([], { name });
  const { template } = await insertNewTemplate(services, principal, async (trx) => {
    // The source's row, shared: a publication (which takes it for update and prunes the revision
    // the listing named) waits until the copy has read its files, or the copy reads the new one.
    await lockForRead(trx, sourceId);
    const listing = await findListing(trx, sourceId);
    if (!listing) throw templateNotFound();
    const files = await fileContents(trx, listing.account_id, sourceId, listing.revision);
    if (!(await hasCopied(trx, principal.accountId, sourceId))) await countUse(trx, listing.account_id, sourceId);
    return {
      name: name?.trim() ?? listing.name,
      summary: listing.summary,
      category: listing.category,
      tags: listing.tags,
      license: listing.license,
      files,
      copiedFrom: { templateId: sourceId, version: listing.version },
    };
  });
  return template;
}

/** Runs the review on the locked Template's current revision and records the outcome. */
async function review(services: Services, trx: Transaction<DB>, principal: Principal, state: TemplateState, request: ActionRequest, now: Date) {
  const { template, revision } = state;
  const files = await fileContents(trx, template.account_id, template.id, template.draft_revision);
  let outcome: { status: TemplateRunRow['status']; checks: RunCheckRecord[]; errorCode: string | null };
  let reviewState: TemplateState['template']['review_state'];
  try {
    const result = runReview(services.reviewChecks ?? REVIEW_CHECKS, { files, revision, starterReadme: template.starter_readme });
    outcome = { status: result.passed ? 'succeeded' : 'failed', checks: result.checks, errorCode: null };
    reviewState = result.passed ? 'ready_to_publish' : 'changes_requested';
  } catch (err) {
    services.logger.warn({ error: safeError(err), template_id: template.id }, 'review could not finish');
    outcome = { status: 'failed', checks: [], errorCode: 'review_error' };
    reviewState = 'review_error';
  }
  const run = await recordRun(trx, principal, template.id, request.action, template.draft_revision, now, outcome);
  await moveTemplate(trx, template.account_id, template.id, {
    review_state: reviewState,
    reviewed_revision: reviewState === 'ready_to_publish' ? template.draft_revision : template.reviewed_revision,
    last_run_id: run.id,
    updated_at: now,
  });
  return run;
}

/** Carries out an action whose premise holds on the locked Template, moving it as TRANSITIONS says. */
async function perform(
  services: Services,
  trx: Transaction<DB>,
  principal: Principal,
  state: TemplateState,
  request: ActionRequest,
): Promise<TemplateRunRow> {
  const now = services.clock.now();
  const { template } = state;
  const transition = TRANSITIONS[request.action];
  if (transition.review?.to) return review(services, trx, principal, state, request, now);

  const run = await recordRun(trx, principal, template.id, request.action, revisionOf(request), now, { status: 'succeeded' });
  const moved = {
    publication_state: transition.publication?.to ?? template.publication_state,
    last_run_id: run.id,
    updated_at: now,
  };
  if (request.action === 'publish') {
    await setReleaseNotes(trx, template.account_id, template.id, request.revision, request.release_notes);
    const updated = await moveTemplate(
      trx,
      template.account_id,
      template.id,
      { ...moved, published_revision: request.revision, published_at: now },
      { newVersion: true },
    );
    await publishListing(trx, updated, request.revision, request.release_notes, now);
    await insertVersion(trx, {
      account_id: template.account_id,
      template_id: template.id,
      version: updated.version,
      revision: request.revision,
      release_notes: request.release_notes,
      published_at: now,
    });
    await pruneRevisions(trx, updated);
  } else if (request.action === 'unpublish') {
    await moveTemplate(trx, template.account_id, template.id, moved);
    await deleteListing(trx, template.account_id, template.id);
  } else if (request.action === 'republish') {
    const updated = await moveTemplate(trx, template.account_id, template.id, { ...moved, published_at: now });
    await publishListing(trx, updated, updated.published_revision as number, request.release_notes, now);
    // The version's notes in its history are those it is public with now.
    await setVersionNotes(trx, template.account_id, template.id, updated.version, request.release_notes);
  }
  return run;
}

/**
 * One workflow action on an owned Template. The premise is checked first (a refusal is recorded
 * as a failed run); the action then runs under the Template's row lock. A request that waited
 * while another changed the Template, and whose premise no longer holds, is refused with
 * workflow_state_changed.
 */
export async function runWorkflow(services: Services, principal: Principal, request: WorkflowRequest): Promise<WorkflowResult> {
  if (request.action === 'create') return createTemplate(services, principal, request);
  const before = await inOneSnapshot(services.db, (trx) => loadTemplate(trx, principal.accountId, request.template_id));
  const refuse = async (error: AppError): Promise<never> => {
    await recordRun(services.db, principal, request.template_id, request.action, revisionOf(request), services.clock.now(), {
      status: 'failed',
      errorCode: error.code,
    });
    throw error;
  };
  try {
    if ('release_notes' in request) assertNoSecretInReleaseNotes(request.release_notes);
    assertPremise(before, request);
  } catch (err) {
    if (err instanceof AppError) return refuse(err);
    throw err;
  }
  try {
    return await services.db.transaction().execute(async (trx) => {
      const state = await loadTemplate(trx, principal.accountId, request.template_id, { lock: true });
      if (state.template.state_version !== before.template.state_version) {
        try {
          assertPremise(state, request);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          throw new AppError('workflow_state_changed', 'The Template changed while this request waited; read the creator status again.', {
            reason: err.code,
            review_state: state.template.review_state,
            publication_state: state.template.publication_state,
            draft_revision: state.template.draft_revision,
          });
        }
      }
      const run = await perform(services, trx, principal, state, request);
      return {
        template: toTemplate(await loadTemplate(trx, principal.accountId, request.template_id)),
        run: toRun(run),
        created: false,
      };
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'workflow_state_changed') return refuse(err);
    throw err;
  }
}
