import { tokenize } from '../../src/domain/search/analyzer';
import { COORDINATION, type ScoringTerm } from '../../src/domain/search/ranking';
import { rankMemories } from '../../src/domain/search/ranking.repository';
import { lookUpTerms } from '../../src/domain/search/vocabulary.repository';
import { startTestApp, type TestAccount, type TestApp } from '../support/app';
import { createMemory, type Memory } from '../support/factories';

/* The ranking query on its own, with scoring terms built by hand: what coordination counts. */

let t: TestApp;
let alice: TestAccount;
let both: Memory;
let first: Memory;
const words = ['harpsichord', 'tamarind', 'marzipan'];
const termOf = (word: string) => tokenize(word)[0]!.term!;

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.account();
  both = await createMemory(t, alice.session, { text: 'Harpsichord lessons, then tamarind and marzipan sweets.' });
  first = await createMemory(t, alice.session, { text: 'Harpsichord lessons moved to Thursday.' });
});
afterAll(() => t.close());

async function rank(spec: ReadonlyArray<{ word: string; queryTerm: number; exact: boolean }>, knownTerms: number) {
  const { stats, vocabulary } = await lookUpTerms(t.database.db, alice.accountId, false, words.map(termOf));
  const terms: ScoringTerm[] = spec.map(({ word, queryTerm, exact }) => {
    const row = vocabulary.get(termOf(word))!;
    return { termId: row.id, term: row.term, docs: row.docs, weight: exact ? 1 : 0.5, queryTerm, exact };
  });
  const ranked = await rankMemories(t.database.db, {
    principal: { kind: 'session', accountId: alice.accountId },
    terms,
    stats,
    knownTerms,
    requirements: [],
    excluded: [],
    limit: 10,
    describeBest: 0,
  });
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
