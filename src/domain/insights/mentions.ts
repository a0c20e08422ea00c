const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** The names a Subject is mentioned by: its name and aliases, lower-cased. */
export function subjectTerms(subject: { name: string; aliases: readonly string[] }): string[] {
  return [...new Set([subject.name, ...subject.aliases].map((term) => term.trim().toLowerCase()).filter(Boolean))];
}

/** Whether `term` occurs in `lowerText` as a whole word (not inside a longer word). */
export function mentionsTerm(lowerText: string, term: string): boolean {
  for (let at = lowerText.indexOf(term); at !== -1; at = lowerText.indexOf(term, at + 1)) {
    const before = at > 0 ? lowerText[at - 1] ?? '' : '';
    const after = lowerText[at + term.length] ?? '';
    const startsWord = !WORD_CHAR.test(term[0] ?? '') || !WORD_CHAR.test(before);
    const endsWord = !WORD_CHAR.test(term[term.length - 1] ?? '') || !WORD_CHAR.test(after);
    if (startsWord && endsWord) return true;
  }
  return false;
}

/** The first of a Subject's terms that the text mentions, or null. */
export function mentionedTerm(lowerText: string, terms: readonly string[]): string | null {
  return terms.find((term) => mentionsTerm(lowerText, term)) ?? null;
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
