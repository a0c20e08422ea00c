import { tokenize } from '../../src/domain/search/analyzer';
import { COORDINATION, type ScoringTerm } from '../../src/domain/search/ranking';
import { rankMemories } from '../../src/domain/search/ranking.repository';
import { lookUpTerms } from '../../src/domain/search/vocabulary.repository';
import { startTestApp, type TestAccount, type TestApp } from '../support/app';
import { createMemory, type Memory } from '../support/factories';

/* The ranking query on its own, with scoring terms built by hand: what coordination counts, and what a partly read term adds. */

let t: TestApp;
let alice: TestAccount;
let both: Memory;
let first: Memory;
const termOf = (word: string) => tokenize(word)[0]!.term!;

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.account();
  both = await createMemory(t, alice.session, { text: 'Harpsichord lessons, then tamarind and marzipan sweets.' });
  first = await createMemory(t, alice.session, { text: 'Harpsichord lessons moved to Thursday.' });
});
afterAll(() => t.close());

type TermSpec = { word: string; queryTerm: number; exact: boolean };

/** Ranks the account's Memories for these scoring terms (a correction weighs half). */
async function rankFor(account: TestAccount, spec: readonly TermSpec[], knownTerms: number, prefix?: number) {
  const { stats, vocabulary } = await lookUpTerms(t.database.db, account.accountId, false, spec.map(({ word }) => termOf(word)));
  const terms: ScoringTerm[] = spec.map(({ word, queryTerm, exact }) => {
    const row = vocabulary.get(termOf(word))!;
    return { termId: row.id, term: row.term, docs: row.docs, weight: exact ? 1 : 0.5, queryTerm, exact };
  });
  return rankMemories(t.database.db, {
    principal: { kind: 'session', accountId: account.accountId },
    terms,
    stats,
    knownTerms,
    requirements: [],
    excluded: [],
    limit: 10,
    describeBest: 0,
    ...(prefix === undefined ? {} : { prefix }),
  });
}

async function rank(spec: readonly TermSpec[], knownTerms: number) {
  const ranked = await rankFor(alice, spec, knownTerms);
  return new Map(ranked.map((doc) => [doc.id, doc.coordination]));
}

describe('coordination', () => {
  test('counts the query terms a Memory matched, each scored by one term', async () => {
    const coordination = await rank(
      [
        { word: 'harpsichord', queryTerm: 0, exact: true },
        { word: 'tamarind', queryTerm: 1, exact: true },
      ],
      2,
    );
    expect(coordination.get(both.id)).toBe(1);
    expect(coordination.get(first.id)).toBeCloseTo(Math.pow(1 / 2, COORDINATION), 12);
  });

  test('a query term matched through two of its corrections counts once', async () => {
    // "tamarind" and "marzipan" both stand for query term 1, as corrections of one misspelt word.
    const coordination = await rank(
      [
        { word: 'harpsichord', queryTerm: 0, exact: true },
        { word: 'tamarind', queryTerm: 1, exact: false },
        { word: 'marzipan', queryTerm: 1, exact: false },
      ],
      2,
    );
    expect(coordination.get(both.id)).toBe(1);
    expect(coordination.get(first.id)).toBeCloseTo(Math.pow(1 / 2, COORDINATION), 12);
  });
});

describe('a term read only in part', () => {
  let bob: TestAccount;
  let both: Memory;
  let sassafras: Memory;
  beforeAll(async () => {
    bob = await t.account();
    // Every Memory has three terms, so the average length, and with it every posting's weight,
    // stays what it was when each was written. Read two postings per term: `both` is second of
    // "sassafras" (twice against three times), and its single "quokka" comes after those of the
    // Memories that say it three times.
    sassafras = await createMemory(t, bob.session, { text: 'Sassafras sassafras sassafras.' });
    both = await createMemory(t, bob.session, { text: 'Sassafras sassafras quokka.' });
    for (let i = 0; i < 3; i += 1) await createMemory(t, bob.session, { text: 'Quokka quokka quokka.' });
  });

  const rankWithPrefix = (prefix: number) =>
    rankFor(
      bob,
      [
        { word: 'sassafras', queryTerm: 0, exact: true },
        { word: 'quokka', queryTerm: 1, exact: true },
      ],
      2,
      prefix,
    );

  test('a candidate holding it beyond the postings read is scored with it and ranks first', async () => {
    const ranked = await rankWithPrefix(2);
    expect(ranked[0]!.id).toBe(both.id);
    expect(ranked[0]!.matched).toBe(3n);
    expect(ranked[0]!.coordination).toBe(1);
    // Those with one of the words keep coordination's discount.
    expect(ranked.map((doc) => doc.id)).toContain(sassafras.id);
    for (const doc of ranked.slice(1)) expect(doc.coordination).toBeCloseTo(Math.pow(1 / 2, COORDINATION), 12);
  });

  test('the completed score is the one every posting gives when the term occurs once', async () => {
    const [partly] = await rankWithPrefix(2);
    const [fully] = await rankWithPrefix(100);
    expect(fully!.id).toBe(both.id);
    // Postings keep their impacts as single-precision numbers; completion computes in double.
    expect(partly!.score).toBeCloseTo(fully!.score, 6);
  });
});
