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
  /** Keys that pair two sets whatever their tokens (sets with an equal key are paired first). */
  readonly keys?: readonly string[];
}

/** How many pairs one set may take part in, and how many other sets it may be compared with. */
export interface PairBudget {
  readonly pairsPerSet: number;
  readonly checksPerSet: number;
}

/** A set's distinct tokens, sorted. */
function distinct(tokens: ArrayLike<number>): Int32Array {
  const sorted = Int32Array.from(tokens).sort();
  let size = 0;
  for (let i = 0; i < sorted.length; i += 1) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[size++] = sorted[i]!;
  return sorted.subarray(0, size);
}

/** Ranks tokens (32-bit integers) rarest first across `sets` and rewrites each set as its distinct tokens' sorted ranks. */
export function rankByRarity<Id>(sets: ReadonlyArray<{ id: Id; tokens: ArrayLike<number>; wanted: boolean; keys?: readonly string[] }>): TokenSet<Id>[] {
  const tokens = sets.map((set) => distinct(set.tokens));
  const counts = new Map<number, number>();
  for (const list of tokens) for (const token of list) counts.set(token, (counts.get(token) ?? 0) + 1);
  const order = [...counts.keys()].sort((a, b) => counts.get(a)! - counts.get(b)! || a - b);
  const rank = new Map(order.map((token, index) => [token, index]));
  return sets.map((set, index) => ({
    id: set.id,
    wanted: set.wanted,
    tokens: tokens[index]!.map((token) => rank.get(token)!).sort(),
    ...(set.keys ? { keys: set.keys } : {}),
  }));
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

/**
 * Where to start reading a list of set indexes (ascending) for the set `index`: just after it,
 * so that among many alike sets each is compared first with those that follow it (which have
 * room for pairs left), not with the first ones, which the sets before it have filled.
 */
function after(list: readonly number[], index: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid]! <= index) low = mid + 1;
    else high = mid;
  }
  return low % Math.max(list.length, 1);
}

/**
 * The pairs of `sets` (at least one of them wanted) whose similarity is at least `threshold`
 * (0 < t ≤ 1), or that share a key, with each set in at most `budget.pairsPerSet` of them and
 * compared with at most `budget.checksPerSet` others: among many sets that all look alike, the
 * work and the pairs grow with the number of sets, not with its square. Pairs found by a key come
 * first; every pair is listed once, the wanted set first.
 */
export function similarPairs<Id>(sets: ReadonlyArray<TokenSet<Id>>, threshold: number, budget: PairBudget): Array<[Id, Id]> {
  const prefixLength = (size: number) => size - Math.ceil(threshold * size) + 1;
  const paired = new Int32Array(sets.length);
  const seen = new Set<string>();
  const pairs: Array<[Id, Id]> = [];
  const open = (index: number) => paired[index]! < budget.pairsPerSet;
  const add = (self: number, other: number) => {
    const key = self < other ? `${self},${other}` : `${other},${self}`;
    if (seen.has(key)) return;
    seen.add(key);
    paired[self] = paired[self]! + 1;
    paired[other] = paired[other]! + 1;
    pairs.push([sets[self]!.id, sets[other]!.id]);
  };

  // Sets that share a key.
  const byKey = new Map<string, number[]>();
  sets.forEach((set, index) => {
    for (const key of set.keys ?? []) {
      const list = byKey.get(key);
      if (list) list.push(index);
      else byKey.set(key, [index]);
    }
  });
  sets.forEach((set, index) => {
    if (!set.wanted) return;
    for (const key of set.keys ?? []) {
      const group = byKey.get(key)!;
      const start = after(group, index);
      for (let k = 0; k < group.length && k <= budget.checksPerSet && open(index); k += 1) {
        const other = group[(start + k) % group.length]!;
        if (other !== index && open(other)) add(index, other);
      }
    }
  });

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
  sets.forEach((set, index) => {
    if (!set.wanted || set.tokens.length === 0) return;
    const size = set.tokens.length;
    const compared = new Set<number>();
    // Every posting read counts, so that sets whose prefixes share common tokens cost no more.
    let reads = 0;
    const readsAllowed = budget.checksPerSet * 8;
    for (const token of set.tokens.subarray(0, prefixLength(size))) {
      const list = postings.get(token)!;
      const start = after(list, index);
      for (let k = 0; k < list.length; k += 1) {
        const other = list[(start + k) % list.length]!;
        if (!open(index) || compared.size >= budget.checksPerSet || (reads += 1) > readsAllowed) return;
        if (other === index || compared.has(other) || !open(other)) continue;
        const tokens = sets[other]!.tokens;
        if (tokens.length < threshold * size || size < threshold * tokens.length) continue;
        compared.add(other);
        const shared = overlap(set.tokens, tokens);
        if (shared >= threshold * (size + tokens.length - shared)) add(index, other);
      }
    }
  });
  return pairs;
}
