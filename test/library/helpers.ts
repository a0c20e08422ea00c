import { limits } from '../../src/generated/contract';
import { bearer, type TestAccount, type TestApp } from '../support/app';
import type { DataOf, Schemas } from '../support/client';

/* Shared helpers of the Library tests. */

export type Template = Schemas['Template'];
export type WorkflowRun = Schemas['WorkflowRun'];
export type DraftFile = Schemas['DraftFile'];
export type PublicTemplate = Schemas['PublicTemplate'];
/** One owned Template in the creator status, with its latest workflow runs. */
export type StatusEntry = DataOf<'getCreatorStatus'>['templates'][number];

export const WORKFLOW = '/v1/library/templates/workflow';
export const STATUS = '/v1/library/creator/status';

/** The metadata of the weekly review Template the tests create unless they need other fields. */
export const WEEKLY_REVIEW = {
  name: 'Weekly review',
  summary: 'A calm weekly review checklist',
  category: 'productivity',
  tags: ['planning'],
  license: 'MIT',
};

/** A creator: an account and the Authorization headers of its two keys. */
export interface Creator {
  readonly account: TestAccount;
  readonly rw: Record<string, string>;
  readonly ro: Record<string, string>;
}

export async function newCreator(t: TestApp): Promise<Creator> {
  const account = await t.account();
  return { account, rw: bearer(account.readWriteKey), ro: bearer(account.readOnlyKey) };
}

/** POST to the Template workflow: `body` holds the action and its fields. */
export function workflow(t: TestApp, token: string, body: object) {
  return t.http.post(WORKFLOW).set(bearer(token)).send(body);
}

/** PUT a Template's whole draft. */
export function putDraft(t: TestApp, token: string, id: string, body: object) {
  return t.http.put(`/v1/library/templates/${id}/draft`).set(bearer(token)).send(body);
}

/**
 * A new Template of `token`'s account whose draft is the largest the contract allows: as many
 * files as the total permits, each of the most characters, every one '€' (three bytes in UTF-8),
 * so that reading it answers with megabytes.
 */
export async function templateWithLargestDraft(t: TestApp, token: string): Promise<string> {
  const created = await workflow(t, token, { action: 'create', ...WEEKLY_REVIEW });
  if (created.status !== 201) throw new Error(`creating a Template failed: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.data.template.id as string;
  const count = Math.floor(limits.draftTotalCharsMax / limits.draftFileCharsMax);
  const files = Array.from({ length: count }, (_, i) => ({ path: i === 0 ? 'README.md' : `notes/part-${i}.md`, content: '€'.repeat(limits.draftFileCharsMax) }));
  const updated = await putDraft(t, token, id, { base_revision: 1, files });
  if (updated.status !== 200) throw new Error(`writing the draft failed: ${updated.status} ${JSON.stringify(updated.body)}`);
  return id;
}

/** What a published Template of the tests holds, where the defaults will not do. */
export interface PublishOptions {
  name?: string;
  summary?: string;
  category?: string;
  tags?: string[];
  license?: string;
  readme?: string;
  files?: DraftFile[];
  releaseNotes?: string;
}

export const DEFAULT_README = '# A template\n\nEverything you need to run a calm and useful weekly review with your team.\n';

/** The answer's data, when its status is the one expected; otherwise the test fails saying what came instead. */
export async function okData<T>(label: string, promise: PromiseLike<{ status: number; body: { data: T } }>, status = 200): Promise<T> {
  const res = await promise;
  if (res.status !== status) throw new Error(`${label} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Creates a Template (revision 1) with the given metadata; nothing is published. */
export async function createTemplateDraft(t: TestApp, token: string, options: PublishOptions = {}): Promise<string> {
  const data = await okData<{ template: { id: string } }>(
    'create',
    workflow(t, token, {
      action: 'create',
      name: options.name ?? 'Weekly review',
      summary: options.summary ?? 'A calm weekly review for busy teams',
      category: options.category ?? 'productivity',
      tags: options.tags ?? [],
      license: options.license ?? 'MIT',
    }),
    201,
  );
  return data.template.id;
}

/** Create, write README (≥ 40 non-blank characters), review, publish: the id of a published Template. */
export async function publishTemplate(t: TestApp, token: string, options: PublishOptions = {}): Promise<string> {
  const id = await createTemplateDraft(t, token, options);
  await okData('draft update', putDraft(t, token, id, { base_revision: 1, files: [{ path: 'README.md', content: options.readme ?? DEFAULT_README }, ...(options.files ?? [])] }));
  const reviewed = await okData<{ template: { review: { state: string } }; run: unknown }>(
    'review',
    workflow(t, token, { action: 'submit_review', template_id: id, revision: 2 }),
  );
  if (reviewed.template.review.state !== 'ready_to_publish') throw new Error(`review failed: ${JSON.stringify(reviewed.run)}`);
  await okData(
    'publish',
    workflow(t, token, {
      action: 'publish',
      template_id: id,
      revision: 2,
      release_notes: options.releaseNotes ?? 'The first public version.',
      confirm: { license: options.license ?? 'MIT', files_public: true, reviewed_revision: 2 },
    }),
  );
  return id;
}
