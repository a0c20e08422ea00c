/** Length in Unicode code points (what every limit of the API counts). */
export function codePointLength(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is a single code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length -= 1;
        i += 1;
      }
    }
  }
  return length;
}

export interface Shortened {
  readonly text: string;
  readonly truncated: boolean;
  /** Length of the returned text in code points. */
  readonly length: number;
}

/** The first `max` code points of `text`; never splits a surrogate pair. */
export function shortenToCodePoints(text: string, max: number): Shortened {
  if (text.length <= max) return { text, truncated: false, length: codePointLength(text) };
  let units = 0;
  let points = 0;
  while (units < text.length && points < max) {
    const unit = text.charCodeAt(units);
    const pair = unit >= 0xd800 && unit <= 0xdbff && units + 1 < text.length;
    units += pair && isLowSurrogate(text.charCodeAt(units + 1)) ? 2 : 1;
    points += 1;
  }
  if (units >= text.length) return { text, truncated: false, length: points };
  return { text: text.slice(0, units), truncated: true, length: points };
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** A surrogate that stands alone: in a `u` pattern, a pair is one code point and never matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether a string is well-formed Unicode: no surrogate stands alone (String.prototype.isWellFormed,
 * which Node.js 20 lacks). A lone surrogate is stored and sent as U+FFFD, so two such strings
 * that differ only there would become one.
 */
export function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}
