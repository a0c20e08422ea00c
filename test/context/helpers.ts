import { randomBytes } from 'node:crypto';
import type { Response } from 'supertest';
import { bearer, type TestApp } from '../support/app';

/* Shared helpers of the context tests (startup, resume, Subject context, Context Map). */

export interface ContextMemory {
  id: string;
  type: string;
  sensitivity: string;
  pinned: boolean;
  tags: string[];
  text: string;
  text_truncated: boolean;
  updated_at: string;
}

export interface CreatedMemory {
  id: string;
  text: string;
  type: string;
  sensitivity: string;
  pinned: boolean;
  updated_at: string;
  created_at: string;
  revision: number;
}

export const ID_PATTERN = (prefix: string) => new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`);

/** Length in Unicode code points, the way every limit of the API counts. */
export const codePoints = (text: string): number => [...text].length;

/** True when the text holds a high surrogate without its low half, or a low one without its high half. */
export function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i += 1;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/** The first `max` code points of a text. */
export const firstCodePoints = (text: string, max: number): string => [...text].slice(0, max).join('');

/** Lower-case letters only, so neither full text nor trigram similarity finds two of them alike. */
export function randomWord(length = 8): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return [...randomBytes(length)].map((byte) => letters[byte % letters.length]).join('');
}

/**
 * A text of exactly `length` code points: random words with emoji (two UTF-16 units each) spread
 * through it, so that any cut lands next to or between surrogate pairs at both odd and even
 * UTF-16 offsets.
 */
export function longText(length: number, prefix = ''): string {
  const parts: string[] = [...prefix];
  const emoji = ['😀', '🚀', '🧠', '👍🏽', '🇫🇷', '𝄞'];
  let i = 0;
  while (parts.length < length) {
    if (i % 3 === 2) {
      for (const point of emoji[i % emoji.length] as string) parts.push(point);
    } else {
      for (const point of `${randomWord(3 + (i % 5))} `) parts.push(point);
    }
    i += 1;
  }
  return parts.slice(0, length).join('');
}

/** Runs `work` over `items` in batches of `size` at a time, keeping the order of the results. */
export async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size);
    results.push(...(await Promise.all(batch.map((item, offset) => work(item, start + offset)))));
  }
  return results;
}

function expectStatus(res: Response, status: number, what: string): void {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
}

export async function createMemory(t: TestApp, token: string, body: Record<string, unknown>): Promise<CreatedMemory> {
  const res = await t.http.post('/v1/memories').set(bearer(token)).send(body);
  expectStatus(res, 201, 'creating a Memory');
  return res.body.data;
}

/** Creates Memories ten at a time; the results keep the order of `bodies`. */
export function createMemories(t: TestApp, token: string, bodies: ReadonlyArray<Record<string, unknown>>): Promise<CreatedMemory[]> {
  return inBatches(bodies, 10, (body) => createMemory(t, token, body));
}

export async function updateMemory(t: TestApp, token: string, id: string, body: Record<string, unknown>): Promise<CreatedMemory> {
  const res = await t.http.patch(`/v1/memories/${id}`).set(bearer(token)).send(body);
  expectStatus(res, 200, 'updating a Memory');
  return res.body.data;
}

export async function deleteMemory(t: TestApp, token: string, id: string): Promise<void> {
  const res = await t.http.delete(`/v1/memories/${id}`).set(bearer(token));
  expectStatus(res, 200, 'deleting a Memory');
}

export interface CreatedSubject {
  id: string;
  name: string;
  kind: string;
  description: string;
  memory_count: number;
}

export async function createSubject(t: TestApp, token: string, body: Record<string, unknown>): Promise<CreatedSubject> {
  const res = await t.http.post('/v1/subjects').set(bearer(token)).send(body);
  expectStatus(res, 201, 'creating a Subject');
  return res.body.data;
}

export async function link(t: TestApp, token: string, subjectId: string, memoryId: string): Promise<void> {
  const res = await t.http.post(`/v1/subjects/${subjectId}/memories`).set(bearer(token)).send({ memory_id: memoryId });
  expectStatus(res, 201, 'linking a Memory');
}

/** Two-step deletion of a Subject. */
export async function deleteSubject(t: TestApp, token: string, subjectId: string): Promise<void> {
  const prepared = await t.http.post(`/v1/subjects/${subjectId}/deletion/prepare`).set(bearer(token));
  expectStatus(prepared, 200, 'preparing a Subject deletion');
  const res = await t.http
    .delete(`/v1/subjects/${subjectId}`)
    .query({ confirmation_token: prepared.body.data.confirmation_token })
    .set(bearer(token));
  expectStatus(res, 200, 'deleting a Subject');
}

export interface CreatedFact {
  id: string;
  subject_id: string;
  statement: string;
  sources: Array<{ memory_id: string }>;
}

/** A reviewed Fact: suggested with `suggester`, accepted with the account's session. */
export async function acceptedFact(
  t: TestApp,
  suggester: string,
  session: string,
  subjectId: string,
  statement: string,
  sourceIds: string[],
): Promise<CreatedFact> {
  const suggested = await t.http
    .post(`/v1/subjects/${subjectId}/fact-suggestions`)
    .set(bearer(suggester))
    .send({ statement, source_memory_ids: sourceIds });
  expectStatus(suggested, 201, 'suggesting a Fact');
  const accepted = await t.http.post(`/v1/fact-suggestions/${suggested.body.data.id}/accept`).set(bearer(session));
  expectStatus(accepted, 200, 'accepting a Fact suggestion');
  return accepted.body.data.fact;
}

/** Newest first, as contexts order Memories: latest `updated_at`, then the larger ID. */
export function newestFirst<T extends { id: string; updated_at: string }>(memories: readonly T[]): T[] {
  return [...memories].sort((a, b) =>
    a.updated_at === b.updated_at ? (a.id < b.id ? 1 : -1) : a.updated_at < b.updated_at ? 1 : -1,
  );
}

/**
 * What a budget of `left` code points holds of these Memories, in order: each text shortened to
 * what is left (at most 2,000), and nothing more once fewer than 100 are left.
 */
export function expectedFill(texts: readonly string[], left: number): { texts: string[]; left: number } {
  const out: string[] = [];
  let rest = left;
  for (const text of texts) {
    if (rest < 100) break;
    const shortened = firstCodePoints(text, Math.min(2000, rest));
    out.push(shortened);
    rest -= codePoints(shortened);
  }
  return { texts: out, left: rest };
}

/** Every context Memory: at most 2,000 code points, never a split pair, a prefix of the stored text. */
export function expectShortenedFrom(memory: ContextMemory, fullText: string | undefined): void {
  expect(fullText).toBeDefined();
  const full = fullText as string;
  expect(codePoints(memory.text)).toBeLessThanOrEqual(2000);
  expect(hasLoneSurrogate(memory.text)).toBe(false);
  expect(full.startsWith(memory.text)).toBe(true);
  expect(memory.text_truncated).toBe(memory.text !== full);
}
