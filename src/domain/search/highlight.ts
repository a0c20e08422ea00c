import { IRREGULAR_FORMS, termOf, tokens, type Token } from './analyzer';

export const MARK_START = '<mark>';
export const MARK_END = '</mark>';

/** An excerpt holds at most this many characters (code points) of text, ellipses included. */
export const EXCERPT_CHARS = 300;
/** Text kept before the first marked word of the excerpt. */
const LEAD_CHARS = 60;
const ELLIPSIS = '…';
/** The excerpt is the best window among the first this many matched words (a bound on the work per hit). */
const MARKS_CONSIDERED = 64;

/**
 * What a word must be to have one of `terms` as its term: start with a term's first two characters
 * (stems and folded forms keep their beginning), or be one of the irregular forms of a term's base.
 */
function candidatesFor(terms: ReadonlySet<string>): { starts: ReadonlySet<string>; irregular: ReadonlySet<string> } {
  irregularByTerm ??= groupIrregularForms();
  const starts = new Set([...terms].map((term) => term.slice(0, 2)));
  const irregular = new Set([...terms].flatMap((term) => irregularByTerm!.get(term) ?? []));
  return { starts, irregular };
}

let irregularByTerm: Map<string, string[]> | undefined;

function groupIrregularForms(): Map<string, string[]> {
  const byTerm = new Map<string, string[]>();
  for (const word of IRREGULAR_FORMS) {
    const term = termOf(word);
    if (term !== null) byTerm.set(term, [...(byTerm.get(term) ?? []), word]);
  }
  return byTerm;
}

/** A prefilter for analysis: every word that cannot have one of `terms` is skipped before the costly stemming. */
function mayHaveTerm(terms: ReadonlySet<string>): (folded: string) => boolean {
  const { starts, irregular } = candidatesFor(terms);
  return (folded) => starts.has(folded.slice(0, 2)) || irregular.has(folded);
}

const ASCII_TEXT = /^[\x00-\x7f]*$/;
const ASCII_WORD = /[A-Za-z0-9]+/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The words of `text` whose term is one of `terms`, as [start, end) ranges, merged where they
 * overlap. In ASCII text a word's folded form is its lower case, so a regular expression finds
 * the few words that may have one of the terms and only those are analysed; other text is
 * analysed word by word.
 */
export function matchedRanges(text: string, terms: ReadonlySet<string>, max = Number.POSITIVE_INFINITY): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let found = 0;
  const add = (term: string | null, start: number, end: number) => {
    if (term === null || !terms.has(term)) return;
    found += 1;
    const last = ranges[ranges.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  };
  const { starts, irregular } = candidatesFor(terms);
  if (ASCII_TEXT.test(text) && [...starts].every((start) => ASCII_TEXT.test(start))) {
    const words = new RegExp(
      `(?<![A-Za-z0-9])(?:(?:${[...starts].map(escapeRegExp).join('|')})[A-Za-z0-9]*${[...irregular].map((word) => `|${word}(?![A-Za-z0-9])`).join('')})`,
      'gi',
    );
    for (const match of text.matchAll(words)) {
      add(termOf(match[0].toLowerCase()), match.index, match.index + match[0].length);
      if (found >= max) break;
    }
    return ranges;
  }
  for (const token of tokens(text, mayHaveTerm(terms))) {
    add(token.term, token.start, token.end);
    if (found >= max) break;
  }
  return ranges;
}

/**
 * Which of `phrases` (each its tokens: terms at their relative positions) occur in `text`, their
 * terms in order: the text is read once for all of them, so the work is one reading of the text
 * however many phrases a query has.
 */
export function phrasesIn(text: string, phrases: ReadonlyArray<readonly Token[]>): boolean[] {
  const wanted = phrases.map((phrase) => phrase.filter((token) => token.term !== null));
  const terms = new Set(wanted.flatMap((tokens) => tokens.map((token) => token.term!)));
  if (terms.size === 0) return phrases.map(() => false);
  // The terms of the phrases found at each position of the text (a position may hold several),
  // and the positions of each term.
  const byPosition = new Map<number, string[]>();
  const positionsOf = new Map<string, number[]>();
  const at = (position: number, term: string) => {
    const held = byPosition.get(position);
    if (held) held.push(term);
    else byPosition.set(position, [term]);
    const positions = positionsOf.get(term);
    if (positions) positions.push(position);
    else positionsOf.set(term, [position]);
  };
  const keep = mayHaveTerm(terms);
  if (ASCII_TEXT.test(text)) {
    // As in matchedRanges: in ASCII text every word is one token, its term that of its lower case.
    let position = 0;
    for (const match of text.matchAll(ASCII_WORD)) {
      const folded = match[0].toLowerCase();
      if (keep(folded)) {
        const term = termOf(folded);
        if (term !== null && terms.has(term)) at(position, term);
      }
      position += 1;
    }
  } else {
    for (const token of tokens(text, keep)) {
      if (token.term !== null && terms.has(token.term)) at(token.position, token.term);
    }
  }
  return wanted.map((tokens) => {
    const first = tokens[0];
    if (!first) return false;
    return (positionsOf.get(first.term!) ?? []).some((position) => {
      const origin = position - first.position;
      return tokens.every((token) => byPosition.get(origin + token.position)?.includes(token.term!));
    });
  });
}

/** Whether the tokens of a phrase (terms at their relative positions) occur in `text`, in order. */
export function containsPhrase(text: string, phrase: readonly Token[]): boolean {
  return phrasesIn(text, [phrase])[0]!;
}

const codePoints = (text: string) => [...text].length;

/** Where to cut `text` near `index` without splitting a surrogate pair or, going back, a word. */
function wordStartAtOrBefore(text: string, index: number): number {
  let start = index;
  while (start > 0 && /[\p{L}\p{N}\p{M}]/u.test(text[start - 1] ?? '')) start -= 1;
  return start;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML that shows it as written: `&`, `<`, `>` and both quotes escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** An excerpt with its matched words marked, in two forms. */
export interface Highlight {
  /** The excerpt as written, the marks inserted as literal MARK_START and MARK_END: text, never to be rendered as HTML. */
  readonly text: string;
  /** The same excerpt as HTML: the text escaped, so that the marks are its only markup. */
  readonly html: string;
}

/**
 * A short excerpt of `text` around the matched words, with those words wrapped in MARK_START and
 * MARK_END: the window of EXCERPT_CHARS that holds the most of the first MARKS_CONSIDERED matched
 * words, starting a little before the first of them. `…` marks text left out at either end.
 */
export function highlight(text: string, terms: ReadonlySet<string>): Highlight {
  const ranges = terms.size > 0 ? matchedRanges(text, terms, MARKS_CONSIDERED) : [];
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
  // A run of letters much longer than the lead (as Chinese and Japanese are written, without
  // spaces) is cut inside, or the excerpt could end before the words it is for.
  if (anchor - start > 2 * LEAD_CHARS) start = anchor - LEAD_CHARS;
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
  let plain = lead;
  let html = lead;
  const add = (from: number, to: number, marked: boolean) => {
    const part = text.slice(from, to);
    plain += marked ? MARK_START + part + MARK_END : part;
    html += marked ? MARK_START + escapeHtml(part) + MARK_END : escapeHtml(part);
  };
  let cursor = start;
  for (const [from, to] of ranges) {
    if (to <= start || from >= end) continue;
    const markFrom = Math.max(from, start);
    const markTo = Math.min(to, end);
    add(cursor, markFrom, false);
    add(markFrom, markTo, true);
    cursor = markTo;
  }
  add(cursor, end, false);
  if (end >= text.length) return { text: plain, html };
  // Escaping leaves white space as it is, so both forms end alike.
  return { text: `${plain.trimEnd()} ${ELLIPSIS}`, html: `${html.trimEnd()} ${ELLIPSIS}` };
}
