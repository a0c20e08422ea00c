const WORD_CHAR = /^[\p{L}\p{N}_]$/u;

/** The names a Subject is mentioned by: its name and aliases, lower-cased. */
export function subjectTerms(subject: { name: string; aliases: readonly string[] }): string[] {
  return [...new Set([subject.name, ...subject.aliases].map((term) => term.trim().toLowerCase()).filter(Boolean))];
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** Whether the code point at `at` of `text` (read whole, when `at` is either half of a pair) is a letter, digit or `_`. */
function isWordCharAt(text: string, at: number): boolean {
  const unit = text.charCodeAt(at);
  if (unit < 0x80) return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x30 && unit <= 0x39) || unit === 0x5f || (unit >= 0x41 && unit <= 0x5a);
  const start = isLowSurrogate(unit) && at > 0 && isHighSurrogate(text.charCodeAt(at - 1)) ? at - 1 : at;
  return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(start)!));
}

/**
 * Finds which of many terms (lower-cased) a lower-cased text mentions as whole words, in one pass
 * over the text however many terms there are (Aho–Corasick over UTF-16 units). A term occurs as a
 * whole word when it is not inside a longer word: a term that starts with a letter, digit or `_`
 * must not follow one, and one that ends with one must not be followed by one; a term's other
 * ends (`#tag`, `c++`) may touch anything. Letters are compared as written: no accent is folded.
 *
 * The trie's units are numbered 1… in order of first use (0: a unit no term has, which leads back
 * to the root at once); each node's children are a run of `childUnits`/`childNodes`, the root's
 * a table by unit number, as most steps of a scan start there.
 */
class TermMatcher {
  private readonly unitNumbers = new Map<number, number>();
  /** The number of each UTF-16 unit (0 for the units of no term). */
  private readonly numberOf = new Int32Array(0x10000);
  /** For each node: where its run of children starts, and ends (the next node's start). */
  private readonly childStart: Int32Array;
  private readonly childUnits: Int32Array;
  private readonly childNodes: Int32Array;
  private readonly rootChild: Int32Array;
  /** For each node: the longest proper suffix of its path that is also a path (Aho–Corasick's failure link). */
  private readonly fail: Int32Array;
  /** For each node: the term it spells, or -1. */
  private readonly termAt: Int32Array;
  /** For each node: the nearest node, itself or along the failure links, that spells a term, or 0. */
  private readonly firstMatch: Int32Array;
  private readonly lengths: Int32Array;
  /** Whether each term must start at a word's edge (whether it must end at one is read from the text). */
  private readonly startsWord: Uint8Array;

  constructor(readonly terms: readonly string[]) {
    // The trie, built with a map from (node, unit number) to child, then laid out in runs.
    const children = new Map<number, number>();
    const parents: number[] = [0];
    const units: number[] = [0];
    const termOfNode: number[] = [-1];
    for (const [index, term] of terms.entries()) {
      let node = 0;
      for (let at = 0; at < term.length; at += 1) {
        const unit = this.numberUnit(term.charCodeAt(at));
        const key = node * 0x10000 + unit;
        let child = children.get(key);
        if (child === undefined) {
          child = parents.length;
          children.set(key, child);
          parents.push(node);
          units.push(unit);
          termOfNode.push(-1);
        }
        node = child;
      }
      termOfNode[node] = index;
    }
    const nodes = parents.length;
    this.termAt = Int32Array.from(termOfNode);
    this.childStart = new Int32Array(nodes + 1);
    for (let node = 1; node < nodes; node += 1) this.childStart[parents[node]! + 1]! += 1;
    for (let node = 0; node < nodes; node += 1) this.childStart[node + 1]! += this.childStart[node]!;
    this.childUnits = new Int32Array(nodes - 1);
    this.childNodes = new Int32Array(nodes - 1);
    const filled = this.childStart.slice(0, nodes);
    for (let node = 1; node < nodes; node += 1) {
      const slot = filled[parents[node]!]!++;
      this.childUnits[slot] = units[node]!;
      this.childNodes[slot] = node;
    }
    this.rootChild = new Int32Array(this.unitNumbers.size + 1);
    for (let slot = this.childStart[0]!; slot < this.childStart[1]!; slot += 1) this.rootChild[this.childUnits[slot]!] = this.childNodes[slot]!;

    // Failure links, breadth first: a node's link is found from its parent's.
    this.fail = new Int32Array(nodes);
    this.firstMatch = new Int32Array(nodes);
    const queue = new Int32Array(nodes);
    let tail = 1;
    for (let head = 0; head < tail; head += 1) {
      const parent = queue[head]!;
      for (let slot = this.childStart[parent]!; slot < this.childStart[parent + 1]!; slot += 1) {
        const child = this.childNodes[slot]!;
        const fallback = parent === 0 ? 0 : this.step(this.fail[parent]!, this.childUnits[slot]!);
        this.fail[child] = fallback;
        this.firstMatch[child] = this.termAt[child]! >= 0 ? child : this.firstMatch[fallback]!;
        queue[tail++] = child;
      }
    }

    this.lengths = Int32Array.from(terms, (term) => term.length);
    this.startsWord = Uint8Array.from(terms, (term) => (isWordCharAt(term, 0) ? 1 : 0));
  }

  private numberUnit(unit: number): number {
    let number = this.unitNumbers.get(unit);
    if (number === undefined) {
      number = this.unitNumbers.size + 1;
      this.unitNumbers.set(unit, number);
      this.numberOf[unit] = number;
    }
    return number;
  }

  /** The node reached from `node` by one more unit (by number): its child, or else its failure links', or the root. */
  private step(node: number, unit: number): number {
    if (unit === 0) return 0;
    for (;;) {
      if (node === 0) return this.rootChild[unit]!;
      for (let slot = this.childStart[node]!, end = this.childStart[node + 1]!; slot < end; slot += 1) {
        if (this.childUnits[slot] === unit) return this.childNodes[slot]!;
      }
      node = this.fail[node]!;
    }
  }

  /** For each term, whether `lowerText` mentions it as a whole word. */
  mentioned(lowerText: string): Uint8Array {
    const found = new Uint8Array(this.terms.length);
    let left = this.terms.length;
    // The scan's own copies of what it reads for every unit: it is the hot loop of a Memory write.
    const { numberOf, fail, firstMatch } = this;
    const length = lowerText.length;
    let node = 0;
    for (let at = 0; at < length && left > 0; at += 1) {
      node = this.step(node, numberOf[lowerText.charCodeAt(at)]!);
      let match = firstMatch[node]!;
      if (match === 0) continue;
      // Every term that ends here ends with this unit: when it is (part of) a letter, digit or `_`
      // followed by another, none of them ends a word; otherwise each of them ends as it may.
      if (at + 1 < length && isWordCharAt(lowerText, at + 1) && isWordCharAt(lowerText, at)) continue;
      for (; match !== 0; match = firstMatch[fail[match]!]!) {
        const term = this.termAt[match]!;
        if (found[term] === 1) continue;
        const start = at + 1 - this.lengths[term]!;
        if (this.startsWord[term] === 1 && start > 0 && isWordCharAt(lowerText, start - 1)) continue;
        found[term] = 1;
        left -= 1;
      }
    }
    return found;
  }
}

/**
 * The Subjects that texts mention, each by the first of its terms (name, then aliases, in order)
 * that occurs in a text as a whole word. The terms of all the Subjects are looked for in one pass
 * over a text, so a text's cost does not grow with how many Subjects there are.
 */
export class SubjectMentions<S extends { name: string; aliases: readonly string[] }> {
  private readonly subjects: readonly S[];
  private readonly matcher: TermMatcher;
  /** Each Subject's terms, as indexes into the matcher's terms. */
  private readonly termsOf: number[][];

  constructor(subjects: readonly S[]) {
    this.subjects = [...subjects];
    const indexes = new Map<string, number>();
    this.termsOf = this.subjects.map((subject) =>
      subjectTerms(subject).map((term) => {
        let index = indexes.get(term);
        if (index === undefined) indexes.set(term, (index = indexes.size));
        return index;
      }),
    );
    this.matcher = new TermMatcher([...indexes.keys()]);
  }

  /** The Subjects that `text` mentions, each with the term it is mentioned by. */
  in(text: string): Array<{ subject: S; term: string }> {
    if (this.subjects.length === 0) return [];
    const found = this.matcher.mentioned(text.toLowerCase());
    const mentions: Array<{ subject: S; term: string }> = [];
    this.subjects.forEach((subject, index) => {
      const term = this.termsOf[index]!.find((term) => found[term] === 1);
      if (term !== undefined) mentions.push({ subject, term: this.matcher.terms[term]! });
    });
    return mentions;
  }
}

const WORD_RUN = /[\p{L}\p{N}_]+/gu;
const FIRST_WORD = /^[\p{L}\p{N}_]+/u;

/**
 * Of `subjects`, those that `text` may mention: a term can be mentioned as a whole word only by a
 * text that has the term's first word among its words (runs of letters, digits and `_`), unless
 * it starts with a symbol. A cheap test that leaves most Subjects out before their terms are
 * looked for.
 */
export function possiblyMentioned<S extends { name: string; aliases: readonly string[] }>(subjects: readonly S[], text: string): S[] {
  const words = new Set(text.toLowerCase().match(WORD_RUN) ?? []);
  return subjects.filter((subject) =>
    subjectTerms(subject).some((term) => {
      const first = FIRST_WORD.exec(term)?.[0];
      return first === undefined || words.has(first);
    }),
  );
}

/** The first of a Subject's terms that `text` mentions as a whole word, or null. */
export function mentionedTerm(text: string, subject: { name: string; aliases: readonly string[] }): string | null {
  return new SubjectMentions([subject]).in(text)[0]?.term ?? null;
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
