import { limits } from '../../generated/contract';
import type { components, DraftReadRequest, DraftUpdate } from '../../generated/openapi';
import type { Services } from '../services';
import { AppError, listed } from '../shared/errors';
import type { Principal } from '../shared/principal';
import { codePointLength, shortenToCodePoints } from '../shared/text';
import { draftViolations, findSecrets, findSecretsInFields, FINDINGS_MAX, ROOT_README, type DraftFileInput, type Violation } from './draft-rules';
import {
  fileContent,
  fileContents,
  insertRevision,
  latestRuns,
  inOneSnapshot,
  loadTemplate,
  loadTemplatesOf,
  moveTemplate,
  pruneRevisions,
  type Queryable,
} from './templates.repository';
import { toRun, toTemplate, type Template, type WorkflowRun } from './template-mapper';

export type { Template, WorkflowRun };

type DraftRead = components['schemas']['DraftReadResponse']['data'];
type CreatorStatus = components['schemas']['CreatorStatusResponse']['data'];

const LATEST_RUNS = 5;

/** Tags are trimmed, lower-cased and de-duplicated. */
export function normalizeTemplateTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim().toLowerCase()))];
}

export function starterReadme(name: string): string {
  return `# ${name}\n\nDescribe what this Template is for and how to use it.\n`;
}

/** Reads selected files of the current draft, cut to the per-file and total budgets. */
export async function readDraft(
  services: Services,
  principal: Principal,
  templateId: string,
  request: DraftReadRequest | undefined,
): Promise<DraftRead> {
  const { state, contents } = await inOneSnapshot(services.db, async (trx) => {
    const state = await loadTemplate(trx, principal.accountId, templateId);
    return { state, contents: await fileContents(trx, principal.accountId, templateId, state.template.draft_revision) };
  });
  return { template_id: templateId, revision: state.template.draft_revision, ...readBounded(contents, request ?? {}) };
}

/** What a bounded read asks for: which files (all when absent), and how much of each and of all. */
export interface BoundedRead {
  readonly paths?: readonly string[] | undefined;
  readonly max_chars_per_file?: number | undefined;
  readonly max_total_chars?: number | undefined;
}

type ReadFiles = Pick<DraftRead, 'files' | 'missing' | 'omitted'>;

/**
 * The selected files of a revision in the order asked (path order when all), each cut to the
 * per-file budget and all together to the total one: what a draft's read and a published
 * Template's read return.
 */
export function readBounded(contents: ReadonlyArray<{ path: string; content: string; size: number }>, request: BoundedRead): ReadFiles {
  const perFile = request.max_chars_per_file ?? limits.readMaxCharsPerFileDefault;
  let left = request.max_total_chars ?? limits.readMaxTotalCharsDefault;
  const byPath = new Map(contents.map((file) => [file.path, file]));
  const wanted = request.paths ? [...new Set(request.paths)] : contents.map((file) => file.path);
  const result: ReadFiles = { files: [], missing: [], omitted: [] };
  for (const path of wanted) {
    const file = byPath.get(path);
    if (!file) {
      result.missing.push(path);
      continue;
    }
    if (left <= 0) {
      result.omitted.push(path);
      continue;
    }
    const cut = shortenToCodePoints(file.content, Math.min(perFile, left));
    left -= cut.length;
    result.files.push({ path, size: file.size, content: cut.text, truncated: cut.truncated });
  }
  return result;
}

export type PublicFields = Parameters<typeof findSecretsInFields>[0];

/** Refuses an MTL API key anywhere that can become public: contents, paths, metadata. */
export function assertNoApiKey(files: readonly DraftFileInput[], fields: PublicFields): void {
  const keys = [...findSecrets(files, ['mtl_api_key']), ...findSecretsInFields(fields, ['mtl_api_key'])];
  if (keys.length > 0) {
    throw new AppError('secret_in_content', 'The Template contains an MTL API key; remove it (and revoke the key).', {
      findings: keys
        .slice(0, FINDINGS_MAX)
        .map(({ path, line, field }) => ({ ...(path ? { path } : {}), ...(line ? { line } : {}), ...(field ? { field } : {}) })),
      ...(keys.length > FINDINGS_MAX ? { omitted_findings: keys.length - FINDINGS_MAX } : {}),
    });
  }
}

/**
 * Refuses release notes sent with `publish` or `republish` that hold a secret of any kind the
 * `no_secrets` check looks for: they go public as written, after the review that read the draft's
 * own notes.
 */
export function assertNoSecretInReleaseNotes(releaseNotes: string): void {
  const findings = findSecretsInFields({ release_notes: releaseNotes });
  if (findings.length === 0) return;
  throw new AppError('secret_in_content', `${findings[0]!.message} Release notes are published as written: remove it.`, {
    findings: findings.slice(0, FINDINGS_MAX).map(({ field }) => ({ field: field! })),
    ...(findings.length > FINDINGS_MAX ? { omitted_findings: findings.length - FINDINGS_MAX } : {}),
  });
}

/** `invalid_draft` for the rules a file set breaks: the first of them listed, the rest counted. */
export function invalidDraft(violations: readonly Violation[], details: Record<string, unknown> = {}): AppError {
  return new AppError('invalid_draft', `The draft breaks ${violations.length} rule(s); see details.violations.`, {
    ...details,
    ...listed('violations', violations),
  });
}

/** Refuses a file set that breaks a rule (all reported) or holds an MTL API key. */
export function assertValidDraft(files: readonly DraftFileInput[], fields: PublicFields = {}): void {
  const violations = draftViolations(files);
  if (violations.length > 0) throw invalidDraft(violations);
  assertNoApiKey(files, fields);
}

/**
 * Replaces the whole file set when `base_revision` is current. The new revision is a complete
 * snapshot; the review goes back to `draft`; the published revision keeps serving.
 */
export async function updateDraft(
  services: Services,
  principal: Principal,
  templateId: string,
  update: DraftUpdate,
): Promise<Template> {
  await inOneSnapshot(services.db, (trx) => loadTemplate(trx, principal.accountId, templateId));
  assertValidDraft(update.files, {
    name: update.name,
    summary: update.summary,
    tags: update.tags,
    release_notes: update.release_notes,
  });
  return services.db.transaction().execute(async (trx) => {
    const { template, revision } = await loadTemplate(trx, principal.accountId, templateId, { lock: true });
    if (update.base_revision !== template.draft_revision) {
      throw new AppError(
        'draft_changed',
        `The draft is at revision ${template.draft_revision}; read it again before another update.`,
        { current_revision: template.draft_revision, base_revision: update.base_revision },
      );
    }
    const now = services.clock.now();
    const next = template.draft_revision + 1;
    const sizes = update.files.map((file) => codePointLength(file.content));
    await insertRevision(
      trx,
      {
        account_id: principal.accountId,
        template_id: templateId,
        revision: next,
        name: update.name?.trim() ?? revision.name,
        summary: update.summary ?? revision.summary,
        category: update.category ?? revision.category,
        tags: update.tags ? normalizeTemplateTags(update.tags) : revision.tags,
        license: update.license ?? revision.license,
        release_notes: update.release_notes ?? revision.release_notes,
        total_size: sizes.reduce((a, b) => a + b, 0),
        created_at: now,
      },
      update.files.map((file, i) => ({ path: file.path, content: file.content, size: sizes[i] ?? 0 })),
    );
    const updated = await moveTemplate(trx, principal.accountId, templateId, { draft_revision: next, review_state: 'draft', updated_at: now });
    await pruneRevisions(trx, updated);
    return toTemplate(await loadTemplate(trx, principal.accountId, templateId));
  });
}

export async function creatorStatus(services: Services, principal: Principal): Promise<CreatorStatus> {
  // The runs come from the states' snapshot: a run read later could be newer than the state beside it.
  const { states, runs } = await inOneSnapshot(services.db, async (trx) => ({
    states: await loadTemplatesOf(trx, principal.accountId),
    runs: await latestRuns(trx, principal.accountId, LATEST_RUNS),
  }));
  const runsByTemplate = new Map<string, WorkflowRun[]>();
  for (const run of runs) {
    const list = runsByTemplate.get(run.template_id) ?? [];
    list.push(toRun(run));
    runsByTemplate.set(run.template_id, list);
  }
  return {
    templates: states.map((state) => ({ template: toTemplate(state), latest_runs: runsByTemplate.get(state.template.id) ?? [] })),
    limits: {
      templates_max: limits.templatesMax as 100,
      templates_used: states.length,
      files_max: limits.draftFilesMax,
      file_chars_max: limits.draftFileCharsMax,
      total_chars_max: limits.draftTotalCharsMax as 500000,
      path_chars_max: limits.draftPathCharsMax,
      body_bytes_max: limits.draftBodyBytesMax as 2097152,
    },
  };
}

/** The README of a revision of the account's Template ('' when it has none). */
export async function readmeOf(db: Queryable, accountId: string, templateId: string, revision: number): Promise<string> {
  return (await fileContent(db, accountId, templateId, revision, ROOT_README)) ?? '';
}
