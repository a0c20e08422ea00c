import { randomBytes } from 'node:crypto';
import type { TestApp } from '../support/app';
import { clientOf, type Schemas } from '../support/client';
import { createMemory, type Memory } from '../support/factories';

/* Shared helpers of the context tests (startup, resume, Subject context, Context Map). */

export type ContextMemory = Schemas['ContextMemory'];
export type Fact = Schemas['Fact'];

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

/** Creates Memories ten at a time; the results keep the order of `bodies`. */
export function createMemories(t: TestApp, token: string, bodies: ReadonlyArray<Partial<Schemas['MemoryCreate']>>): Promise<Memory[]> {
  return inBatches(bodies, 10, (body) => createMemory(t, token, body));
}

export async function deleteMemory(t: TestApp, token: string, id: string): Promise<void> {
  await clientOf(t, token).ok('deleteMemory', { path: { id } });
}

/** Two-step deletion of a Subject. */
export async function deleteSubject(t: TestApp, token: string, subjectId: string): Promise<void> {
  const api = clientOf(t, token);
  const { confirmation_token } = await api.ok('prepareSubjectDeletion', { path: { subject_id: subjectId } });
  await api.ok('deleteSubject', { path: { subject_id: subjectId }, query: { confirmation_token } });
}

/** A reviewed Fact: suggested with `suggester`, accepted with the account's session. */
export async function acceptedFact(
  t: TestApp,
  suggester: string,
  session: string,
  subjectId: string,
  statement: string,
  sourceIds: string[],
): Promise<Fact> {
  const suggested = await clientOf(t, suggester).ok(
    'createFactSuggestion',
    { path: { subject_id: subjectId }, body: { statement, source_memory_ids: sourceIds } },
    201,
  );
  const accepted = await clientOf(t, session).ok('acceptFactSuggestion', { path: { suggestion_id: suggested.id } });
  if (!accepted.fact) throw new Error(`accepting a Fact suggestion made no Fact: ${JSON.stringify(accepted)}`);
  return accepted.fact;
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

/** The Memories of a context: each text at most 2,000 code points, never with a split pair. */
export function expectContextTexts(memories: readonly ContextMemory[]): void {
  for (const memory of memories) {
    expect(codePoints(memory.text)).toBeLessThanOrEqual(2000);
    expect(hasLoneSurrogate(memory.text)).toBe(false);
  }
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
