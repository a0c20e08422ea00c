import type { Response } from 'supertest';
import { bearer, type TestApp } from '../support/app';

export const NDJSON = 'application/x-ndjson';

export interface Line {
  type: string;
  data: Record<string, any>;
}

/** Reads a response body as text, whatever its media type. */
function asText(res: NodeJS.ReadableStream & { setEncoding(encoding: string): void }, done: (err: Error | null, body: string) => void): void {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    text += chunk;
  });
  res.on('end', () => done(null, text));
}

/** GET /v1/export as text (status checked by the caller). */
export function exportOf(t: TestApp, token: string): Promise<Response> {
  return t.http.get('/v1/export').set(bearer(token)).buffer(true).parse(asText as never) as unknown as Promise<Response>;
}

/** The export's lines, parsed; fails the test unless it is a 200 with a complete file. */
export async function exportLines(t: TestApp, token: string): Promise<Line[]> {
  const res = await exportOf(t, token);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
  const text = res.body as string;
  expect(text.endsWith('\n')).toBe(true);
  const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line) as Line);
  expect(lines[0]?.type).toBe('header');
  expect(lines[lines.length - 1]?.type).toBe('end');
  return lines;
}

export const toText = (lines: readonly Line[]): string => lines.map((line) => JSON.stringify(line)).join('\n') + '\n';

export function importText(t: TestApp, token: string, text: string, headers: Record<string, string> = {}) {
  return t.http.post('/v1/import').set(bearer(token)).set('Content-Type', NDJSON).set(headers).send(text);
}

/** Every non-header, non-end line of an export with its own IDs replaced by their order of appearance, so two accounts' exports compare. */
export function comparable(lines: readonly Line[]): Line[] {
  const names = new Map<string, string>();
  const rename = (value: unknown): unknown => {
    if (typeof value === 'string' && /^(sub|mem|fct|fsg|tpl)_[0-9A-HJKMNP-TV-Z]{26}$/.test(value)) {
      if (!names.has(value)) names.set(value, `${value.slice(0, 3)}#${names.size}`);
      return names.get(value);
    }
    if (Array.isArray(value)) return value.map(rename);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rename(item)]));
    return value;
  };
  return lines.filter((line) => line.type !== 'header').map((line) => rename(line) as Line);
}

export const ofType = (lines: readonly Line[], type: string) => lines.filter((line) => line.type === type).map((line) => line.data);

export const header = (version = 1): Line => ({ type: 'header', data: { format: 'mtl-export', version, exported_at: '2026-11-01T10:00:00.000Z' } });

export function end(counts: Partial<Record<string, number>> = {}): Line {
  return {
    type: 'end',
    data: { counts: { workspace_profile: 0, subjects: 0, memories: 0, links: 0, facts: 0, fact_suggestions: 0, templates: 0, ...counts } },
  };
}

const AT = '2026-11-01T09:00:00.000Z';

export function memoryLine(id: string, text: string, extra: Record<string, unknown> = {}): Line {
  const fields = { text, type: 'note', sensitivity: 'normal', tags: [], pinned: false, ...extra };
  return {
    type: 'memory',
    data: {
      id,
      ...fields,
      revision: 1,
      created_at: AT,
      updated_at: AT,
      revisions: [{ revision: 1, ...fields, created_at: AT, actor: { kind: 'session' } }],
    },
  };
}

export function subjectLine(id: string, name: string): Line {
  return { type: 'subject', data: { id, name, kind: 'person', aliases: [], description: '', created_at: AT, updated_at: AT } };
}

/** A valid ID of a kind, numbered. */
export const fileId = (prefix: string, n: number) => `${prefix}_01JD2X5Y7Z8A9B0C1D2E3F${String(n).padStart(4, '0')}`;
