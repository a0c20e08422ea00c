import { parseIntegers, rankByRarity, similarPairs } from '../../src/domain/insights/similar-pairs';

/** A seeded generator, so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function jaccard(a: readonly number[], b: readonly number[]): number {
  const left = new Set(a);
  const right = new Set(b);
  const shared = [...left].filter((token) => right.has(token)).length;
  return shared / (left.size + right.size - shared);
}

const UNBOUNDED = { pairsPerSet: Infinity, checksPerSet: Infinity };

describe('similarPairs', () => {
  test.each([0.5, 0.85, 1])('when sets are compared at %s, then the pairs found are exactly those every pair comparison finds', (threshold) => {
    const next = random(Math.round(threshold * 1000));
    // Sets drawn from few tokens with a skew, and near-copies of earlier ones, so that many pairs are close to the threshold.
    const sets: Array<{ id: number; tokens: number[]; wanted: boolean }> = [];
    for (let id = 0; id < 300; id += 1) {
      const earlier = sets[Math.floor(next() * sets.length)];
      const tokens =
        earlier && next() < 0.5
          ? earlier.tokens.filter(() => next() > 0.08).concat(next() < 0.5 ? [Math.floor(next() * 400)] : [])
          : Array.from({ length: 1 + Math.floor(next() * 40) }, () => Math.floor(next() ** 2 * 400));
      sets.push({ id, tokens, wanted: next() < 0.4 });
    }
    const expected: string[] = [];
    for (const a of sets) {
      for (const b of sets) {
        if (a.id === b.id || !a.wanted || (b.wanted && b.id < a.id)) continue;
        if (jaccard(a.tokens, b.tokens) >= threshold) expected.push(`${a.id}-${b.id}`);
      }
    }
    const found = similarPairs(rankByRarity(sets), threshold, UNBOUNDED).map(([a, b]) => `${a}-${b}`);
    expect(found.sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(10);
  });

  test('when no set is wanted, then no pair is found', () => {
    expect(similarPairs(rankByRarity([{ id: 'a', tokens: [1, 2], wanted: false }, { id: 'b', tokens: [1, 2], wanted: false }]), 0.85, UNBOUNDED)).toEqual([]);
  });

  test('when many sets all look alike, then each is in at most pairsPerSet pairs, every one in some, each pair once', () => {
    const sets = Array.from({ length: 400 }, (_, id) => ({ id, tokens: [...Array.from({ length: 60 }, (_, t) => t), 1_000 + id], wanted: id % 4 !== 0 }));
    const found = similarPairs(rankByRarity(sets), 0.9, { pairsPerSet: 5, checksPerSet: 50 });
    const pairsOf = new Map<number, number>();
    for (const [a, b] of found) for (const id of [a, b]) pairsOf.set(id, (pairsOf.get(id) ?? 0) + 1);
    expect(Math.max(...pairsOf.values())).toBe(5);
    expect(sets.filter((set) => set.wanted && !pairsOf.has(set.id))).toEqual([]);
    expect(new Set(found.map(([a, b]) => [a, b].sort().join('-'))).size).toBe(found.length);
    // Unbounded, every pair of these 400 (but those of two unwanted sets) would be found.
    expect(found.length).toBeLessThanOrEqual((400 * 5) / 2);
    expect(similarPairs(rankByRarity(sets), 0.9, UNBOUNDED)).toHaveLength((400 * 399) / 2 - (100 * 99) / 2);
  });

  test('when sets share a key, then they are paired whatever their tokens (wanted set first), within the same budget', () => {
    const sets = [
      { id: 'a', tokens: [], wanted: true, keys: ['k'] },
      { id: 'b', tokens: [7], wanted: false, keys: ['k'] },
      { id: 'c', tokens: [8], wanted: false, keys: ['k'] },
      { id: 'd', tokens: [], wanted: true, keys: ['other'] },
    ];
    expect(similarPairs(rankByRarity(sets), 0.85, UNBOUNDED)).toEqual([
      ['a', 'b'],
      ['a', 'c'],
    ]);
    expect(similarPairs(rankByRarity(sets), 0.85, { pairsPerSet: 1, checksPerSet: 10 })).toEqual([['a', 'b']]);
  });

  test('when a set is empty, then it pairs with nothing', () => {
    expect(similarPairs(rankByRarity([{ id: 'a', tokens: [], wanted: true }, { id: 'b', tokens: [], wanted: true }]), 0.85, UNBOUNDED)).toEqual([]);
  });
});

describe('parseIntegers', () => {
  test('when integers of every sign and size are written with commas, then they are read back', () => {
    const values = [0, 1, -1, 2_147_483_647, -2_147_483_648, 42, -7];
    expect([...parseIntegers(values.join(','))]).toEqual(values);
    expect([...parseIntegers('')]).toEqual([]);
  });
});
