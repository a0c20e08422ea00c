import { firstWordOf, MentionFinder, mentionsTerm, wordsOf } from '../../src/domain/insights/mentions';

/* Whole-word mentions, found with one scan of the text per term. */

test('a term counts only as a whole word, wherever its letters also occur inside longer words', () => {
  expect(mentionsTerm('renew york and new york', 'new york')).toBe(true);
  expect(mentionsTerm('renew yorkshire', 'new york')).toBe(false);
  expect(mentionsTerm('ada, adam and adaline', 'ada')).toBe(true);
  expect(mentionsTerm('adam and adaline', 'ada')).toBe(false);
  expect(mentionsTerm('c++ and c#', 'c#')).toBe(true);
  expect(mentionsTerm('abc#', 'c#')).toBe(false);
  expect(mentionsTerm('#tag', '#tag')).toBe(true);
  expect(mentionsTerm('x#tag', '#tag')).toBe(true);
  expect(mentionsTerm('', 'ada')).toBe(false);
});

test('terms whose letters fill a long word: none is found inside it, one after it is', () => {
  const finder = new MentionFinder(`${'q'.repeat(32_000)} qq`);
  expect(Array.from({ length: 40 }, (_, i) => 'q'.repeat(i + 3)).some((term) => finder.mentions(term))).toBe(false);
  expect(finder.firstMentioned(['qqq', 'qq'])).toBe('qq');
});

test('a term can be mentioned only by a text that has its first word among its words', () => {
  const texts = ["ada's notebook", 'met ada lovelace today', 'adaline called', 'c++ and @dana', 'the_ada file', 'ada'];
  const terms = ['ada', 'ada lovelace', "ada's", 'c++', '@dana', 'dana', 'lovelace today', 'ada_x'];
  for (const text of texts) {
    const words = wordsOf(text);
    for (const term of terms) {
      const first = firstWordOf(term);
      // The test never rules out a real mention.
      if (mentionsTerm(text, term)) expect(first === null || words.has(first)).toBe(true);
    }
  }
  expect(firstWordOf('@dana')).toBeNull();
  expect(firstWordOf("ada's")).toBe('ada');
});
