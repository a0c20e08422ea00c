import { tokenize, type Token } from './analyzer';

export const MARK_START = '<mark>';
export const MARK_END = '</mark>';

/** An excerpt holds at most this many characters (code points) of text, ellipses included. */
export const EXCERPT_CHARS = 300;
/** Text kept before the first marked word of the excerpt. */
const LEAD_CHARS = 60;
const ELLIPSIS = '…';

/**
 * A prefilter for analysis: a word can only have one of `terms` as its term if its folded form
 * starts with a term's first two characters (stems and folded forms keep their beginning), so
 * every other word is skipped before the costly stemming.
 */
function mayHaveTerm(terms: ReadonlySet<string>): (folded: string) => boolean {
  const starts = new Set([...terms].map((term) => term.slice(0, 2)));
  return (folded) => starts.has(folded.slice(0, 2));
}

/** The words of `text` whose term is one of `terms`, as [start, end) ranges, merged where they overlap. */
export function matchedRanges(text: string, terms: ReadonlySet<string>): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const token of tokenize(text, mayHaveTerm(terms))) {
    if (token.term === null || !terms.has(token.term)) continue;
    const last = ranges[ranges.length - 1];
    if (last && token.start <= last[1]) last[1] = Math.max(last[1], token.end);
    else ranges.push([token.start, token.end]);
  }
  return ranges;
}

/** Whether the tokens of a phrase (terms at their relative positions) occur in `text`, in order. */
export function containsPhrase(text: string, phrase: readonly Token[]): boolean {
  const wanted = phrase.filter((token) => token.term !== null);
  if (wanted.length === 0) return false;
  const terms = new Set(wanted.map((token) => token.term!));
  const byPosition = new Map<number, string>();
  for (const token of tokenize(text, mayHaveTerm(terms))) {
    if (token.term !== null && terms.has(token.term)) byPosition.set(token.position, token.term);
  }
  const first = wanted[0]!;
  for (const [position, term] of byPosition) {
    if (term !== first.term) continue;
    const origin = position - first.position;
    if (wanted.every((token) => byPosition.get(origin + token.position) === token.term)) return true;
  }
  return false;
}

const codePoints = (text: string) => [...text].length;

/** Where to cut `text` near `index` without splitting a surrogate pair or, going back, a word. */
function wordStartAtOrBefore(text: string, index: number): number {
  let start = index;
  while (start > 0 && /[\p{L}\p{N}\p{M}]/u.test(text[start - 1] ?? '')) start -= 1;
  return start;
}

/**
 * A short excerpt of `text` around the matched words, with those words wrapped in MARK_START and
 * MARK_END: the window of EXCERPT_CHARS that holds the most matched words, starting a little
 * before the first of them. `…` marks text left out at either end.
 */
export function highlight(text: string, terms: ReadonlySet<string>): string {
  const ranges = terms.size > 0 ? matchedRanges(text, terms) : [];
  // The window (in UTF-16 units, a close enough measure here) holding the most ranges.
  const span = EXCERPT_CHARS - LEAD_CHARS;
  let best = 0;
  let bestCount = 0;
  for (let first = 0, last = 0; first < ranges.length; first += 1) {
    while (last < ranges.length && ranges[last]![1] - ranges[first]![0] <= span) last += 1;
    if (last - first > bestCount) {
      bestCount = last - first;
      best = first;
    }
  }
  const anchor = ranges[best]?.[0] ?? 0;
  let start = anchor <= LEAD_CHARS ? 0 : wordStartAtOrBefore(text, anchor - LEAD_CHARS);
  if (start > 0 && /[\uDC00-\uDFFF]/.test(text[start] ?? '')) start -= 1;
  const lead = start > 0 ? `${ELLIPSIS} ` : '';
  // Room for the text itself: the excerpt's limit less the ellipses it may need.
  const room = EXCERPT_CHARS - codePoints(lead) - 2;
  let end = start;
  for (let used = 0; end < text.length && used < room; used += 1) end += text.codePointAt(end)! > 0xffff ? 2 : 1;
  if (end < text.length) {
    // Do not end inside a word when a word boundary is near.
    const boundary = text.lastIndexOf(' ', end);
    if (boundary > start && end - boundary < 30) end = boundary;
  }
  let out = lead;
  let cursor = start;
  for (const [from, to] of ranges) {
    if (to <= start || from >= end) continue;
    const markFrom = Math.max(from, start);
    const markTo = Math.min(to, end);
    out += text.slice(cursor, markFrom) + MARK_START + text.slice(markFrom, markTo) + MARK_END;
    cursor = markTo;
  }
  out += text.slice(cursor, end);
  return end < text.length ? `${out.trimEnd()} ${ELLIPSIS}` : out;
}
