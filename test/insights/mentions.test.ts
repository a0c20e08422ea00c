import { mentionedTerm, possiblyMentioned, SubjectMentions } from '../../src/domain/insights/mentions';

/* Whole-word mentions, found with one pass over the text for all the Subjects' terms. */

const mentionsTerm = (text: string, term: string) => mentionedTerm(text, { name: term, aliases: [] }) !== null;

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
  const text = `${'q'.repeat(32_000)} qq`;
  const inside = new SubjectMentions([{ name: 'qqq', aliases: Array.from({ length: 20 }, (_, i) => 'q'.repeat(i + 4)) }]);
  expect(inside.in(text)).toEqual([]);
  expect(mentionedTerm(text, { name: 'qqq', aliases: ['qq'] })).toBe('qq');
});

test('a letter outside the Basic Multilingual Plane is part of the word it is in', () => {
  // U+1D400 MATHEMATICAL BOLD CAPITAL A and U+20000 (a CJK ideograph) are letters written as two UTF-16 units.
  expect(mentionsTerm('\u{1d400}ada', 'ada')).toBe(false);
  expect(mentionsTerm('adab\u{1d400}ada', 'ada')).toBe(false);
  expect(mentionsTerm('ada\u{20000}', 'ada')).toBe(false);
  expect(mentionsTerm('ada \u{20000}', 'ada')).toBe(true);
  expect(mentionsTerm('met \u{20000}x today', '\u{20000}x')).toBe(true);
  expect(mentionsTerm('met a\u{20000}x today', '\u{20000}x')).toBe(false);
});

test('each Subject is mentioned by the first of its terms that occurs, whichever other Subjects share its terms', () => {
  const ada = { id: 'ada', name: 'Ada Lovelace', aliases: ['Ada', 'Countess'] };
  const countess = { id: 'countess', name: 'The Countess', aliases: ['Countess'] };
  const engine = { id: 'engine', name: 'Analytical Engine', aliases: ['Engine'] };
  const mentions = new SubjectMentions([ada, countess, engine]);
  expect(mentions.in('A letter from the countess to ADA.').map(({ subject, term }) => [subject.id, term])).toEqual([
    ['ada', 'ada'],
    ['countess', 'the countess'],
  ]);
  expect(mentions.in('Ada Lovelace and the engines')).toEqual([{ subject: ada, term: 'ada lovelace' }]);
  expect(new SubjectMentions([]).in('Ada')).toEqual([]);
});

test('many Subjects with short terms inside the words of a long text: each found only where it is a whole word', () => {
  const words = Array.from({ length: 4_000 }, (_, i) => `_${i.toString(36)}x`);
  const text = words.join(' ');
  const subjects = Array.from({ length: 400 }, (_, i) => ({
    id: String(i),
    name: `Subject ${i}`,
    // Inside words (every word starts with `_`), except one whole word for every tenth Subject.
    aliases: Array.from({ length: 20 }, (_, a) => (i % 10 === 0 && a === 19 ? words[i]! : `${((i * 20 + a) % 4_000).toString(36)}x`)),
  }));
  const found = new SubjectMentions(subjects).in(text);
  expect(found.map(({ subject }) => subject.id)).toEqual(subjects.filter((_, i) => i % 10 === 0).map((subject) => subject.id));
  expect(found.every(({ subject, term }) => term === subject.aliases[19])).toBe(true);
});

test('a Subject can be mentioned only by a text that has the first word of one of its terms among its words, or a term that starts with a symbol', () => {
  const texts = ["Ada's notebook", 'met ada lovelace today', 'adaline called', 'c++ and @dana', 'the_ada file', 'ada', 'Zoë and ADA', 'cafe\u0301 ada'];
  const terms = ['ada', 'ada lovelace', "ada's", 'c++', '@dana', 'dana', 'lovelace today', 'ada_x', 'zoë', 'ZOË', 'cafe'];
  for (const text of texts) {
    for (const term of terms) {
      // The test never rules out a real mention.
      const subject = { name: term, aliases: [] };
      if (mentionsTerm(text, term)) expect(possiblyMentioned([subject], text)).toEqual([subject]);
    }
  }
  const [ada, cSharp, zoe, launch] = [
    { name: 'Ada Lovelace', aliases: ['Countess'] },
    { name: 'C#', aliases: ['F#'] },
    { name: 'Zoë', aliases: [] },
    { name: '#launch', aliases: [] },
  ];
  const subjects = [ada!, cSharp!, zoe!, launch!];
  expect(possiblyMentioned(subjects, 'The countess wrote to ZOË')).toEqual([ada, zoe, launch]);
  expect(possiblyMentioned(subjects, 'Adaline wrote')).toEqual([launch]);
  expect(possiblyMentioned(subjects, 'f# and more')).toEqual([cSharp, launch]);
});
