import type { Queryable } from '../../db/schema';
import type { QueryPlan } from './plan';
import { idfOf, rerankWithFeedback, scaledBelow, type RankedDoc } from './ranking';
import { termsOfDocs } from './vocabulary.repository';

/**
 * Pseudo-relevance feedback: the terms that best characterise the top FEEDBACK_DOCS hits (the
 * rarest of those they share) rank the next FEEDBACK_CANDIDATES again, at FEEDBACK_WEIGHT; the top
 * hits keep their places. Measured on the retrieval benchmark, this finds answers phrased in other
 * words than the question.
 */
export const FEEDBACK_DOCS = 3;
export const FEEDBACK_CANDIDATES = 100;
const FEEDBACK_TERMS = 20;
const FEEDBACK_WEIGHT = 0.3;

/** A hit and the score it is given. */
export interface ScoredDoc {
  readonly doc: RankedDoc;
  readonly score: number;
}

/**
 * Pseudo-relevance feedback: the first FEEDBACK_DOCS hits keep their places; the terms that best
 * characterise them add, at FEEDBACK_WEIGHT, to the scores of the other candidates that have
 * them, which are ranked again. Scores stay comparable: the re-ranked ones are brought below the
 * kept ones when they would pass them. A search asked for no more hits than are kept, or that
 * found no more, keeps ranking's first `limit`.
 */
export async function withFeedback(db: Queryable, keysOnly: boolean, ranked: readonly RankedDoc[], plan: QueryPlan, limit: number): Promise<ScoredDoc[]> {
  if (limit <= FEEDBACK_DOCS || ranked.length <= FEEDBACK_DOCS) return ranked.slice(0, limit).map((doc) => ({ doc, score: doc.score }));
  const kept = ranked.slice(0, FEEDBACK_DOCS);
  const feedback = await feedbackTerms(db, keysOnly, kept, plan);
  const keptDocs = new Set(kept.map((doc) => doc.doc));
  // The kept hits are re-scored with the others; those that pass them are not.
  const rest = rerankWithFeedback(ranked, feedback, limit + FEEDBACK_DOCS)
    .filter(({ doc }) => !keptDocs.has(doc.doc))
    .slice(0, limit - kept.length);
  const scores = scaledBelow(kept[kept.length - 1]!.score, rest.map(({ score }) => score));
  return [...kept.map((doc) => ({ doc, score: doc.score })), ...rest.map(({ doc }, i) => ({ doc, score: scores[i]! }))];
}

/**
 * The FEEDBACK_TERMS terms of the kept hits with the highest summed idf, the query's own left out:
 * term ID → its weight, FEEDBACK_WEIGHT times its idf. Ranking describes the best hits' terms;
 * hits checked for phrases are described here.
 */
async function feedbackTerms(db: Queryable, keysOnly: boolean, kept: readonly RankedDoc[], plan: QueryPlan): Promise<Map<number, number>> {
  const described = kept.flatMap((doc) => (doc.terms ? [doc.terms] : []));
  if (described.length < kept.length) {
    // Hits checked for phrases were not described by ranking: describe them here.
    described.push(...(await termsOfDocs(db, keysOnly, kept.filter((doc) => !doc.terms).map((doc) => doc.doc))));
  }
  const own = new Set(plan.terms.map((term) => term.termId));
  const weightOf = new Map<number, { idf: number; weight: number }>();
  for (const { ids, docs } of described) {
    ids.forEach((id, i) => {
      if (own.has(id)) return;
      const idf = idfOf({ docs: docs[i]! }, plan.stats);
      const entry = weightOf.get(id) ?? { idf, weight: 0 };
      entry.weight += idf;
      weightOf.set(id, entry);
    });
  }
  return new Map(
    [...weightOf]
      .sort(([idA, a], [idB, b]) => b.weight - a.weight || idA - idB)
      .slice(0, FEEDBACK_TERMS)
      .map(([id, entry]) => [id, FEEDBACK_WEIGHT * entry.idf]),
  );
}
