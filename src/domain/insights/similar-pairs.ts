/**
 * Finding, among many sets of tokens, the pairs whose Jaccard similarity (shared tokens over all
 * tokens) reaches a threshold, without comparing every pair: prefix filtering (Bayardo, Ma and
 * Srikant, "Scaling up all pairs similarity search", 2007). Order every set's tokens the same way,
 * rarest first; two sets with a similarity of at least t share a token among the first
 * |set| - ceil(t |set|) + 1 of either. Only pairs that do, and whose sizes are within the ratio t,
 * are compared in full.
 */

/** A set of tokens, given as integers in ascending order of a ranking shared by all sets. */
export interface TokenSet<Id> {
  readonly id: Id;
  readonly tokens: Int32Array;
  /** Whether pairs with this set are wanted (pairs of two sets that are not are skipped). */
  readonly wanted: boolean;
}

/** A set's distinct tokens, sorted. */
function distinct(tokens: ArrayLike<number>): Int32Array {
  const sorted = Int32Array.from(tokens).sort();
  let size = 0;
  for (let i = 0; i < sorted.length; i += 1) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[size++] = sorted[i]!;
  return sorted.subarray(0, size);
}

/** Ranks tokens (32-bit integers) rarest first across `sets` and rewrites each set as its distinct tokens' sorted ranks. */
export function rankByRarity<Id>(sets: ReadonlyArray<{ id: Id; tokens: ArrayLike<number>; wanted: boolean }>): TokenSet<Id>[] {
  const tokens = sets.map((set) => distinct(set.tokens));
  const counts = new Map<number, number>();
  for (const list of tokens) for (const token of list) counts.set(token, (counts.get(token) ?? 0) + 1);
  const order = [...counts.keys()].sort((a, b) => counts.get(a)! - counts.get(b)! || a - b);
  const rank = new Map(order.map((token, index) => [token, index]));
  return sets.map((set, index) => ({ id: set.id, wanted: set.wanted, tokens: tokens[index]!.map((token) => rank.get(token)!).sort() }));
}

/** Integers written as "1,-2,3" (an empty string: none), read without a string per number. */
export function parseIntegers(text: string): Int32Array {
  if (text === '') return new Int32Array(0);
  let count = 1;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === 44) count += 1;
  const out = new Int32Array(count);
  let at = 0;
  let value = 0;
  let negative = false;
  for (let i = 0; i <= text.length; i += 1) {
    const code = i < text.length ? text.charCodeAt(i) : 44;
    if (code === 44) {
      out[at++] = negative ? -value : value;
      value = 0;
      negative = false;
    } else if (code === 45) negative = true;
    else value = value * 10 + (code - 48);
  }
  return out;
}

/** How many tokens two sorted sets share. */
function overlap(a: Int32Array, b: Int32Array): number {
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i]! === b[j]!) {
      shared += 1;
      i += 1;
      j += 1;
    } else if (a[i]! < b[j]!) i += 1;
    else j += 1;
  }
  return shared;
}

/** The pairs of `sets` (at least one of them wanted) whose similarity is at least `threshold` (0 < t ≤ 1). */
export function similarPairs<Id>(sets: ReadonlyArray<TokenSet<Id>>, threshold: number): Array<[Id, Id]> {
  const prefixLength = (size: number) => size - Math.ceil(threshold * size) + 1;
  // Token -> the sets that have it in their prefix.
  const postings = new Map<number, number[]>();
  sets.forEach((set, index) => {
    const prefix = set.tokens.subarray(0, prefixLength(set.tokens.length));
    for (const token of prefix) {
      const list = postings.get(token);
      if (list) list.push(index);
      else postings.set(token, [index]);
    }
  });
  const pairs: Array<[Id, Id]> = [];
  sets.forEach((set, index) => {
    if (!set.wanted || set.tokens.length === 0) return;
    const size = set.tokens.length;
    const candidates = new Set<number>();
    for (const token of set.tokens.subarray(0, prefixLength(size))) {
      for (const other of postings.get(token)!) {
        if (other === index) continue;
        // A pair of two wanted sets is found from both sides: keep it once.
        if (sets[other]!.wanted && other < index) continue;
        const otherSize = sets[other]!.tokens.length;
        if (otherSize < threshold * size || size < threshold * otherSize) continue;
        candidates.add(other);
      }
    }
    for (const other of candidates) {
      const tokens = sets[other]!.tokens;
      const shared = overlap(set.tokens, tokens);
      if (shared >= threshold * (size + tokens.length - shared)) pairs.push([set.id, sets[other]!.id]);
    }
  });
  return pairs;
}
