import { B, K1, PIVOT_LENGTH } from '../../src/domain/search/bm25';
import { rerankWithFeedback, scaledBelow, type RankedDoc } from '../../src/domain/search/ranking';

/* Pseudo-relevance feedback's re-ranking of candidates, on its own. */

const candidate = (id: string, fields: Partial<RankedDoc> = {}): RankedDoc => ({
  id,
  doc: Number(id.replace(/\D/g, '')),
  score: 1,
  coordination: 1,
  matched: 1n,
  exact: true,
  terms: null,
  termList: '{}',
  length: PIVOT_LENGTH,
  updatedAt: 0,
  ...fields,
});

/** What one feedback term of weight 1 adds to a Memory of the pivot length. */
const one = (K1 + 1) / (1 + K1 * (1 - B + B));

describe('feedback re-ranking', () => {
  test('adds the weights of the feedback terms a candidate has, scaled by its coordination', () => {
    const ranked = rerankWithFeedback(
      [
        candidate('m1', { score: 3, termList: '{5}' }),
        candidate('m2', { score: 2, termList: '{7,9,123456}' }),
        candidate('m3', { score: 2, termList: '{7,9,123456}', coordination: 0.5 }),
      ],
      new Map([
        [9, 1],
        [123456, 2],
      ]),
      10,
    );
    expect(ranked.map(({ doc, score }) => [doc.id, score])).toEqual([
      ['m2', 2 + 3 * one],
      ['m3', 2 + 0.5 * 3 * one],
      ['m1', 3],
    ]);
  });

  test('IDs that share a slot of the lookup are all found, and others are not', () => {
    // 16 slots: 0, 16, 32 and 48 share slot 0.
    const feedback = new Map([
      [16, 1],
      [32, 10],
      [48, 100],
    ]);
    const [hit] = rerankWithFeedback([candidate('m1', { score: 0, termList: '{0,16,48,64}' })], feedback, 1);
    expect(hit!.score).toBeCloseTo(101 * one, 10);
  });

  test('a longer Memory gains less from the same term, as in BM25', () => {
    const [short, long] = rerankWithFeedback(
      [candidate('m1', { termList: '{1}', length: 5 }), candidate('m2', { termList: '{1}', length: 50 })],
      new Map([[1, 1]]),
      2,
    );
    expect(short!.doc.id).toBe('m1');
    expect(short!.score).toBeGreaterThan(long!.score);
  });

  test('ties go to the more recently updated Memory, then to the greater ID; the limit holds', () => {
    const ranked = rerankWithFeedback(
      [
        candidate('m1', { updatedAt: 100 }),
        candidate('m2', { updatedAt: 300 }),
        candidate('m3', { updatedAt: 100 }),
        candidate('m4', { updatedAt: 200 }),
      ],
      new Map(),
      3,
    );
    expect(ranked.map(({ doc }) => doc.id)).toEqual(['m2', 'm4', 'm3']);
  });

  test('re-ranked scores that would pass the last kept one are scaled below it, rounding included', () => {
    // 4.39… × (1.60… / 4.39…) rounds to a little more than 1.60….
    const lowestKept = 1.6025549539045176;
    const scores = scaledBelow(lowestKept, [4.392011880627226, 2, 1]);
    expect(scores[0]).toBe(lowestKept);
    for (let i = 1; i < scores.length; i += 1) expect(scores[i]!).toBeLessThanOrEqual(scores[i - 1]!);
    expect(scores[2]).toBeCloseTo(lowestKept / 4.392011880627226, 12);
    expect(scaledBelow(5, [3, 2])).toEqual([3, 2]);
  });
});
