import stem from 'wink-porter2-stemmer';
import * as lemmatizer from 'wink-lemmatizer';

/**
 * How text becomes search terms, the same way for Memories and for queries:
 *
 * - words are runs of letters, digits and combining marks;
 * - case and accents are folded (NFKD, marks dropped, a few letters that do not decompose mapped),
 *   so `Zürich` is `zurich` and `Straße` is `strasse`;
 * - English words (ASCII letters after folding) lose their stop words, irregular forms are brought
 *   to their base (a lemmatizer's exception lists) and they are stemmed (Porter2, the Snowball
 *   English stemmer); other Latin, Cyrillic and Greek words keep their folded form;
 * - Chinese, Japanese and Korean runs, which have no spaces between words, become overlapping
 *   character pairs, so any word of two or more characters is found inside a sentence.
 */

/** A term of a text, with where its word is in the text (UTF-16 offsets) and its word position. */
export interface Token {
  /** Null for a stop word: it takes a position (phrases keep their gaps) but is not a term. */
  readonly term: string | null;
  readonly start: number;
  readonly end: number;
  readonly position: number;
}

/** Terms longer than this are cut to it (a term is a key in the index). */
export const MAX_TERM_CHARS = 64;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** The prolonged sound mark belongs to Japanese words though its script is Common. */
const isCjk = (char: string) => CJK.test(char) || char === '\u30FC';
const MARKS = /\p{M}/gu;
const COMBINING = /^[\p{M}\uFF9E\uFF9F]$/u;
const ENGLISH_WORD = /^[a-z]+$/;
const ASCII_WORD = /^[A-Za-z0-9]+$/;

/** English stop words: the Snowball list (PostgreSQL's `english` configuration uses the same), and `would`. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself ' +
    'it its itself they them their theirs themselves what which who whom this that these those am is are was were be ' +
    'been being have has had having do does did doing a an the and but if or because as until while of at by for with ' +
    'about against between into through during before after above below to from up down in out on off over under again ' +
    'further then once here there when where why how all any both each few more most other some such no nor not only ' +
    'own same so than too very s t can will just don should now would'
  ).split(' '),
);

/**
 * Words that questions put around what they ask for ("what kind of music", "did she ever
 * mention"). Memories are indexed under them like any word, so a search for `type` alone finds
 * "Blood type: O negative"; a query that has other words leaves them out (see query-parser.ts).
 * Measured on the retrieval benchmark, leaving these out of questions ranks better than keeping
 * them, and better than a larger list.
 */
const QUESTION_WORDS: ReadonlySet<string> = new Set(
  'kind type types thing things something describe mention mentioned ever likely'.split(' '),
);

/** Whether a folded word is one of the words questions put around what they ask for. */
export const isQuestionWord = (folded: string): boolean => QUESTION_WORDS.has(folded);

/** Letters that NFKD leaves whole but that readers treat as accented forms. */
const FOLDS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ŋ: 'n',
  ς: 'σ',
};
const FOLDABLE = new RegExp(`[${Object.keys(FOLDS).join('')}]`, 'gu');

/** Case and accents folded; the input is one word without CJK characters. */
export function foldWord(word: string): string {
  if (ASCII_WORD.test(word)) return word.toLowerCase();
  return word
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(FOLDABLE, (letter) => FOLDS[letter] ?? letter);
}

// Stemming is the costly step of analysis; a word seen once is usually seen again.
const STEM_CACHE_MAX = 50_000;
const stems = new Map<string, string>();

/**
 * An English word's stem, after irregular forms are brought to their base (`went` → `go`,
 * `children` → `child`), which stemming alone cannot do.
 */
function stemmed(word: string): string {
  let result = stems.get(word);
  if (result === undefined) {
    const verb = lemmatizer.verb(word);
    result = stem(verb !== word ? verb : lemmatizer.noun(word));
    if (stems.size >= STEM_CACHE_MAX) stems.clear();
    stems.set(word, result);
  }
  return result;
}

/**
 * The English words whose term begins with other letters than the word itself: irregular forms
 * whose base, by the lemmatizer's exception lists, does (`went` → `go`, `mice` → `mouse`). Stemming
 * and folding keep every other word's beginning, which lets highlighting and phrase checks skip
 * words by their first letters before stemming them. A test checks this list against the
 * lemmatizer's.
 */
export const IRREGULAR_FORMS: ReadonlySet<string> = new Set(
  (
    'artal artel ate aurar bade bore born borne bought bound bushbok bushboks came cestuses ' +
    'challoth could dove dug dying feet fell fought found gan gave geese got gotten hadarim held ' +
    'hove hung ibo lain lay lice lisente listente lying makuta maloti men menservants mesdames ' +
    'mesdemoiselles messeigneurs messieurs mice might molten ora rachides ran rang rhachises rode ' +
    'rose rove rung sang sank sat saw sold sought sung sunk sunken taught teeth told took tore torn ' +
    'tying uncidia vying went woke woken won wore worn wound wove woven wrought ycleped yclept'
  ).split(' '),
);

const cut = (term: string) => (term.length > MAX_TERM_CHARS ? term.slice(0, MAX_TERM_CHARS) : term);

/** The term of one folded non-CJK word, or null for an English stop word. */
export function termOf(folded: string): string | null {
  // A word longer than a term is no English word to stem (and the stemmer's time grows with its square).
  if (folded.length > MAX_TERM_CHARS) return cut(folded);
  if (ENGLISH_WORD.test(folded)) {
    if (STOP_WORDS.has(folded)) return null;
    return cut(stemmed(folded));
  }
  return cut(folded);
}

/**
 * The tokens of a text in order. `keep` lets a caller skip the words that cannot matter to it
 * (highlighting tests a word's first letters before stemming it); a skipped word still takes its
 * position.
 */
export function tokenize(text: string, keep?: (folded: string) => boolean): Token[] {
  return [...tokens(text, keep)];
}

/** The tokens of `tokenize`, one at a time, so a reader may stop early. */
export function* tokens(text: string, keep?: (folded: string) => boolean): Generator<Token> {
  let position = 0;
  let pending: Token[] = [];
  const pushWord = (word: string, start: number) => {
    const folded = foldWord(word);
    if (folded.length === 0) return;
    if (!keep || keep(folded)) pending.push({ term: termOf(folded), start, end: start + word.length, position });
    position += 1;
  };
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    if (!CJK.test(word)) {
      pushWord(word, match.index);
      yield* pending;
      pending = [];
      continue;
    }
    // Split the word into CJK and other runs: CJK runs become overlapping character pairs (a
    // lone character stands alone), the others fold as usual.
    let latin = '';
    let latinStart = match.index;
    let cjk: Array<{ char: string; start: number }> = [];
    const flush = () => {
      if (latin) pushWord(latin, latinStart);
      latin = '';
      for (let i = 0; i < Math.max(1, cjk.length - 1) && i < cjk.length; i += 1) {
        const first = cjk[i]!;
        const last = cjk[Math.min(i + 1, cjk.length - 1)]!;
        const term = (first === last ? first.char : first.char + last.char).normalize('NFKC');
        pending.push({ term, start: first.start, end: last.start + last.char.length, position });
        position += 1;
      }
      cjk = [];
    };
    let offset = match.index;
    for (const char of word) {
      if (isCjk(char)) {
        if (latin) flush();
        cjk.push({ char, start: offset });
      } else if (cjk.length > 0 && COMBINING.test(char)) {
        // A sound mark (halfwidth kana write it apart) belongs to the character before it.
        const last = cjk[cjk.length - 1]!;
        cjk[cjk.length - 1] = { char: last.char + char, start: last.start };
      } else {
        if (cjk.length > 0) flush();
        if (!latin) latinStart = offset;
        latin += char;
      }
      offset += char.length;
    }
    flush();
    yield* pending;
    pending = [];
  }
}

/** The distinct terms of a text with how often each occurs, and the number of terms in all. */
export interface TermCounts {
  readonly counts: Map<string, number>;
  readonly length: number;
}

/**
 * Tags count as words of a Memory, each occurrence worth this many words of text; so does a short
 * label that opens the text ("Project Falcon: …", "Dana: …"), which names what the rest is about.
 */
export const TAG_WEIGHT = 2;
const LEADING_LABEL = /^[^:\n]{1,40}:/;

/** The terms a Memory is indexed under, with their counts: its text's, its label's and tags' at TAG_WEIGHT. */
export function memoryTerms(text: string, tags: readonly string[]): TermCounts {
  const counts = new Map<string, number>();
  let length = 0;
  const labelEnd = LEADING_LABEL.exec(text)?.[0].length ?? 0;
  const add = (tokens: Token[], weightOf: (token: Token) => number) => {
    for (const token of tokens) {
      if (token.term === null) continue;
      const weight = weightOf(token);
      counts.set(token.term, (counts.get(token.term) ?? 0) + weight);
      length += weight;
    }
  };
  add(tokenize(text), (token) => (token.end <= labelEnd ? TAG_WEIGHT : 1));
  for (const tag of tags) add(tokenize(tag), () => TAG_WEIGHT);
  return { counts, length };
}
