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
