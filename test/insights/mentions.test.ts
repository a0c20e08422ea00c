import { MentionFinder, mentionsTerm } from '../../src/domain/insights/mentions';

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
