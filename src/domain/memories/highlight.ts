import { shortenToCodePoints } from '../shared/text';

export const MARK_START = '<mark>';
export const MARK_END = '</mark>';
const EXCERPT_CHARS = 240;
const WORD_SIMILARITY = 0.4;

/** pg_trgm's trigrams of one word: lower-cased, padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3));
  return grams;
}

function similarity(a: Set<string>, b: Set<string>): number {
  let common = 0;
  for (const gram of a) if (b.has(gram)) common += 1;
  return common / (a.size + b.size - common);
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The excerpt of a fuzzy hit: the words of `text` most like a query word are wrapped in marks,
 * centred on the first of them. Computed here because PostgreSQL's ts_headline only knows exact
 * lexemes.
 */
export function fuzzyHighlight(text: string, query: string): string {
  const queryGrams = [...query.matchAll(WORD)].map((m) => m[0]).filter((w) => w.length >= 3).map(trigrams);
  const marks: Array<{ start: number; end: number }> = [];
  for (const match of text.matchAll(WORD)) {
    const grams = trigrams(match[0]);
    if (queryGrams.some((q) => similarity(q, grams) >= WORD_SIMILARITY)) {
      marks.push({ start: match.index, end: match.index + match[0].length });
    }
  }
  const first = marks[0];
  const windowStart = first ? Math.max(0, first.start - EXCERPT_CHARS / 3) : 0;
  let start = windowStart;
  // Never start inside a word or a surrogate pair.
  while (start > 0 && /[\p{L}\p{N}]/u.test(text[start - 1] ?? '')) start -= 1;
  if (start > 0 && /[\uDC00-\uDFFF]/.test(text[start] ?? '')) start -= 1;
  const excerpt = shortenToCodePoints(text.slice(start), EXCERPT_CHARS).text;
  const end = start + excerpt.length;
  let out = start > 0 ? '… ' : '';
  let cursor = start;
  for (const mark of marks) {
    if (mark.start < start || mark.end > end) continue;
    out += text.slice(cursor, mark.start) + MARK_START + text.slice(mark.start, mark.end) + MARK_END;
    cursor = mark.end;
  }
  out += text.slice(cursor, end);
  return end < text.length ? `${out} …` : out;
}
