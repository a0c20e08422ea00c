import type { DocumentRows, IndexedDocument } from './documents';
import { phrasesIn } from './highlight';
import type { QueryPlan } from './plan';
import { clauseTerms, type Clause, type ParsedQuery } from './query-parser';
import type { RankedDoc } from './ranking';

/**
 * Quoted phrases: ranking finds the candidates that have a phrase's words, and their texts are
 * read to check that the words stand there in order.
 */

/** With phrases to check, this many of the best candidates per hit asked for are checked for them... */
export const PHRASE_CANDIDATES_PER_HIT = 4;
/**
 * ...and when too few of them have the phrases, up to this many of all that have the phrases'
 * words, read in batches of twice the size each time from this size, within this many characters
 * of their texts in all.
 */
export const PHRASE_CANDIDATES_MAX = 10_000;
const PHRASE_FIRST_BATCH = 100;
const PHRASE_TEXT_BUDGET = 2_000_000;

/** Which of the query's phrases a candidate's text holds. */
export type PhrasesFound = ReadonlyMap<Clause, boolean>;

/** Whether one of the query's groups holds a phrase. */
export const hasPhrase = (parsed: ParsedQuery) => parsed.groups.some((group) => group.some((clause) => clause.kind === 'phrase'));

/** The query with its phrases taken as plain words. */
export function withoutPhrases(parsed: ParsedQuery): ParsedQuery {
  return {
    groups: parsed.groups.map((group) => group.map((clause) => ({ ...clause, kind: 'word' as const }))),
    excluded: parsed.excluded,
  };
}

/**
 * The candidates, in rank order, that have the query's phrases (and none of its excluded ones),
 * their texts read into `documents` in growing batches and each read once for all the phrases
 * (`checked`), so a query's phrases cost one reading of each text however many there are: after
 * `enough` of them are found, or PHRASE_TEXT_BUDGET characters of text are read, the rest are
 * left out.
 */
export async function withPhrases<Row extends IndexedDocument>(
  documents: DocumentRows<Row>,
  candidates: readonly RankedDoc[],
  checked: Map<number, PhrasesFound>,
  parsed: ParsedQuery,
  plan: QueryPlan,
  enough: number,
): Promise<RankedDoc[]> {
  const phrases = [...parsed.excluded, ...parsed.groups.flat()].filter((clause) => clause.kind === 'phrase');
  const found: RankedDoc[] = [];
  let budget = PHRASE_TEXT_BUDGET;
  for (let start = 0, size = PHRASE_FIRST_BATCH; start < candidates.length && found.length < enough && budget > 0; start += size, size *= 2) {
    const batch = candidates.slice(start, start + size);
    await documents.read(batch);
    for (const doc of batch) {
      let held = checked.get(doc.doc);
      if (!held) {
        // A batch is read whole, but no more of its texts are read for phrases than the budget allows.
        if (budget <= 0) break;
        const text = documents.of(doc).text;
        const inText = phrasesIn(text, phrases.map((clause) => clause.tokens));
        held = new Map(phrases.map((clause, i) => [clause, inText[i]!]));
        checked.set(doc.doc, held);
        budget -= text.length;
      }
      if (satisfiesPhrases(held, doc.matched, parsed, plan)) found.push(doc);
    }
  }
  return found;
}

/** Whether a candidate has the phrases its required groups ask for, and none of the excluded ones. */
function satisfiesPhrases(held: PhrasesFound, matched: bigint, parsed: ParsedQuery, plan: QueryPlan): boolean {
  if (parsed.excluded.some((clause) => held.get(clause) === true)) return false;
  return parsed.groups.every(
    (group) =>
      !group.some((clause) => clause.kind === 'phrase') ||
      group.some((clause) => {
        if (clause.kind === 'phrase') return held.get(clause) === true;
        return clauseTerms(clause).every((term) => {
          const index = plan.queryTerms.indexOf(term);
          return index >= 0 && (matched & (1n << BigInt(index))) !== 0n;
        });
      }),
  );
}
