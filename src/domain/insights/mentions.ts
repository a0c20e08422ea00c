const WORD_CHAR = /[\p{L}\p{N}_]/u;
const WORD_RUN = /[\p{L}\p{N}_]+/gu;

/** The names a Subject is mentioned by: its name and aliases, lower-cased. */
export function subjectTerms(subject: { name: string; aliases: readonly string[] }): string[] {
  return [...new Set([subject.name, ...subject.aliases].map((term) => term.trim().toLowerCase()).filter(Boolean))];
}

/**
 * Finds whole-word mentions of terms in one lower-cased text. The text's words are measured once,
 * so that an occurrence inside a longer word skips to that word's end: each term costs a scan of
 * the text, however often its letters occur inside other words.
 */
export class MentionFinder {
  /** For each position inside a word, where that word ends; filled on first use. */
  private wordEnds: Int32Array | null = null;

  constructor(private readonly lowerText: string) {}

  private isWordChar(at: number): boolean {
    return at >= 0 && at < this.lowerText.length && WORD_CHAR.test(this.lowerText[at] ?? '');
  }

  private endOfWord(at: number): number {
    if (!this.wordEnds) {
      // Only positions inside words are ever asked about: each word's run is filled with its end.
      const ends = new Int32Array(this.lowerText.length);
      for (const word of this.lowerText.matchAll(WORD_RUN)) ends.fill(word.index + word[0].length, word.index, word.index + word[0].length);
      this.wordEnds = ends;
    }
    return this.wordEnds[at] ?? this.lowerText.length;
  }

  /** Whether `term` occurs as a whole word (not inside a longer word). */
  mentions(term: string): boolean {
    if (term.length === 0) return false;
    const wordStart = WORD_CHAR.test(term[0] ?? '');
    const wordEnd = WORD_CHAR.test(term[term.length - 1] ?? '');
    let at = this.lowerText.indexOf(term);
    while (at !== -1) {
      const startsWord = !wordStart || !this.isWordChar(at - 1);
      const endsWord = !wordEnd || !this.isWordChar(at + term.length);
      if (startsWord && endsWord) return true;
      // A term that starts with a letter cannot start again inside the word it failed in.
      const next = wordStart ? Math.max(at + 1, this.endOfWord(at)) : at + 1;
      at = this.lowerText.indexOf(term, next);
    }
    return false;
  }

  /** The first of a Subject's terms that the text mentions, or null. */
  firstMentioned(terms: readonly string[]): string | null {
    return terms.find((term) => this.mentions(term)) ?? null;
  }
}

const FIRST_WORD = /^[\p{L}\p{N}_]+/u;

/**
 * The first word of a lower-cased term, which a text must have among its words to mention the
 * term as a whole word (a cheap test before the search); null when the term starts with a symbol.
 */
export function firstWordOf(term: string): string | null {
  return FIRST_WORD.exec(term)?.[0] ?? null;
}

/** The words of a lower-cased text, as firstWordOf reads a term's. */
export function wordsOf(lowerText: string): Set<string> {
  return new Set(lowerText.match(WORD_RUN) ?? []);
}

/** Whether `term` occurs in `lowerText` as a whole word (not inside a longer word). */
export function mentionsTerm(lowerText: string, term: string): boolean {
  return new MentionFinder(lowerText).mentions(term);
}

/** The first of a Subject's terms that the text mentions, or null. */
export function mentionedTerm(lowerText: string, terms: readonly string[]): string | null {
  return new MentionFinder(lowerText).firstMentioned(terms);
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
