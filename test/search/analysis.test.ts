import { IRREGULAR_FORMS, memoryTerms, termOf, tokenize } from '../../src/domain/search/analyzer';
import { containsPhrase, highlight as excerpt, matchedRanges, phrasesIn } from '../../src/domain/search/highlight';
import { clauseTerms, MAX_QUERY_WORDS, parseQuery } from '../../src/domain/search/query-parser';

/* The analysis and query syntax on their own: what becomes a term, and what a query asks. */

const terms = (text: string) => tokenize(text).map((token) => token.term);

describe('analysis', () => {
  test('case and accents fold, English words stem, stop words drop; the words questions put around what they ask are terms', () => {
    expect(terms('Zürich RÉUNION Straße Ærø')).toEqual(['zurich', 'reunion', 'strass', 'aero']);
    expect(terms('What kind of meetings did she mention?')).toEqual([null, 'kind', null, 'meet', null, null, 'mention']);
    expect(terms('Blood type: O negative')).toEqual(['blood', 'type', 'o', 'negat']);
    expect(terms('went children kids')).toEqual(['go', 'child', 'kid']);
  });

  test('Cyrillic and Greek keep their folded form; digits are not stemmed', () => {
    expect(terms('Москве Ёлка ΑΘΉΝΑ Οδυσσεύς')).toEqual(['москве', 'елка', 'αθηνα', 'οδυσσευσ']);
    expect(terms('2023 3pm')).toEqual(['2023', '3pm']);
  });

  test('Chinese, Japanese and Korean runs become overlapping pairs, with their places in the text', () => {
    const text = '東京で会議';
    expect(tokenize(text).map((token) => [token.term, text.slice(token.start, token.end)])).toEqual([
      ['東京', '東京'],
      ['京で', '京で'],
      ['で会', 'で会'],
      ['会議', '会議'],
    ]);
    expect(terms('会議室ABC')).toEqual(['会議', '議室', 'abc']);
    expect(terms('한국어')).toEqual(['한국', '국어']);
  });

  test('a word longer than a term is cut to 64 characters and not stemmed', () => {
    expect(terms(`${'q'.repeat(32_000)} running`)).toEqual(['q'.repeat(64), 'run']);
    expect(terms(`${'walking'.repeat(10)}`)).toEqual(['walking'.repeat(10).slice(0, 64)]);
  });

  test('tags and a short leading label count twice; the length counts them so', () => {
    const { counts, length } = memoryTerms('Dana: kayaking with Dana', ['Outdoors']);
    expect(Object.fromEntries(counts)).toEqual({ dana: 3, kayak: 1, outdoor: 2 });
    expect(length).toBe(6);
    // A colon further in is no label.
    expect(Object.fromEntries(memoryTerms('We met the whole team of the project at ten: Dana', []).counts).dana).toBe(1);
  });
});

describe('query syntax', () => {
  test('plain words, phrases, exclusions and or', () => {
    const parsed = parseQuery('green tea -coffee "mint leaves" or chamomile -"black tea"');
    expect(parsed.groups.map((group) => group.map((clause) => [clause.kind, clauseTerms(clause)]))).toEqual([
      [['word', ['green']]],
      [['word', ['tea']]],
      [['phrase', ['mint', 'leav']], ['word', ['chamomil']]],
    ]);
    expect(parsed.excluded.map((clause) => [clause.kind, clauseTerms(clause)])).toEqual([
      ['word', ['coffe']],
      ['phrase', ['black', 'tea']],
    ]);
  });

  test('an or at either end, a lone dash and an unclosed quote are taken as written', () => {
    const parsed = parseQuery('or tea - "green tea');
    expect(parsed.groups.map((group) => group.map(clauseTerms))).toEqual([[['tea']], [['green', 'tea']]]);
    expect(parsed.excluded).toEqual([]);
  });

  test('the words questions put around what they ask count only in a query of nothing else', () => {
    const words = (q: string) => parseQuery(q).groups.map((group) => group.map(clauseTerms));
    expect(words('What kind of music would she ever mention?')).toEqual([[['music']]]);
    expect(words('would')).toEqual([]);
    expect(words('What type?')).toEqual([[['type']]]);
    expect(words('kind things')).toEqual([[['kind']], [['thing']]]);
    // Inside a phrase, and when excluded, they are words like any other.
    expect(words('"blood type" donor')).toEqual([[['blood', 'type']], [['donor']]]);
    expect(words('blood or type')).toEqual([[['blood']]]);
    expect(parseQuery('blood -type').excluded.map(clauseTerms)).toEqual([['type']]);
  });

  test('repeated words count once, and only the first 32 distinct words are used', () => {
    expect(parseQuery('tuesdys '.repeat(62)).groups).toHaveLength(1);
    const many = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    expect(parseQuery(many).groups).toHaveLength(MAX_QUERY_WORDS);
  });
});

/** A hit's `highlight`: the excerpt as text. */
const highlight = (text: string, terms: ReadonlySet<string>) => excerpt(text, terms).text;

describe('phrases and highlights', () => {
  test('a phrase matches its words in order, stop words keeping their places', () => {
    const phrase = (q: string) => parseQuery(q).groups[0]![0]!.tokens;
    expect(containsPhrase('Rewatched The Lord of the Rings.', phrase('"lord of the rings"'))).toBe(true);
    expect(containsPhrase('The rings of the lord.', phrase('"lord of the rings"'))).toBe(false);
    expect(containsPhrase('Les Misérables at the Zürich opera', phrase('"zurich opera"'))).toBe(true);
  });

  test('many phrases are looked for in one reading of the text, each found only where its words are in order', () => {
    const phrases = parseQuery('"lord of the rings" "rings lord" "zurich opera" "opera house" "the lord" "東京会議"')
      .groups.map((group) => group[0]!.tokens);
    expect(phrasesIn('The Lord of the Rings at the Zürich opera house.', phrases)).toEqual([true, false, true, true, true, false]);
    expect(phrasesIn('明日は東京会議です, lord of the rings', phrases)).toEqual([true, false, false, false, true, true]);
    expect(phrasesIn('', phrases)).toEqual([false, false, false, false, false, false]);
  });

  test('stemmed, folded and CJK matches are marked as written; ASCII and other texts alike', () => {
    expect(highlight('Meetings on Tuesdays', new Set(['meet', 'tuesday']))).toBe('<mark>Meetings</mark> on <mark>Tuesdays</mark>');
    expect(highlight('Trip to Zürich', new Set(['zurich']))).toBe('Trip to <mark>Zürich</mark>');
    expect(highlight('明日は東京で会議', new Set(['東京', '会議']))).toBe('明日は<mark>東京</mark>で<mark>会議</mark>');
    expect(matchedRanges('snake_case kayaking', new Set(['kayak']))).toEqual([[11, 19]]);
  });

  test('an excerpt considers a bounded number of matches, however often the words occur', () => {
    const text = 'kayak '.repeat(6000);
    expect(matchedRanges(text, new Set(['kayak']), 64)).toHaveLength(64);
    const excerpt = highlight(text, new Set(['kayak'])).replaceAll('<mark>', '').replaceAll('</mark>', '');
    expect([...excerpt].length).toBeLessThanOrEqual(300);
  });

  test('a highlight holds at most 300 characters of text and 64 marked words, so at most 1,132 characters with its tags', () => {
    const marked = highlight('yak '.repeat(400), new Set(['yak']));
    expect(marked.split('<mark>').length - 1).toBe(64);
    expect([...marked.replaceAll('<mark>', '').replaceAll('</mark>', '')].length).toBeLessThanOrEqual(300);
    expect([...marked].length).toBeLessThanOrEqual(300 + 64 * '<mark></mark>'.length);
  });

  test('irregular forms match and are marked where their base begins otherwise (went, bought, mice, ate)', () => {
    const text = 'Yesterday Priya bought three mice and went swimming; Zoë ate.';
    const phrase = (q: string) => parseQuery(q).groups[0]![0]!.tokens;
    expect(containsPhrase(text, phrase('"went swimming"'))).toBe(true);
    expect(containsPhrase(text, phrase('"go swimming"'))).toBe(true);
    const marked = (q: string) => highlight(text, new Set(terms(q).filter((term): term is string => term !== null)));
    expect(marked('go')).toContain('<mark>went</mark>');
    expect(marked('buy')).toContain('<mark>bought</mark>');
    expect(marked('mouse')).toContain('<mark>mice</mark>');
    expect(marked('eat')).toContain('<mark>ate</mark>');
    // The same in text that is not ASCII, which is read by the tokenizer.
    expect(highlight('Zoë went home', new Set(terms('go') as string[]))).toBe('Zoë <mark>went</mark> home');
  });

  test('the HTML form is the same excerpt with its text escaped: only the marks of matched words are markup', () => {
    const text = `Tom & Jerry's "show" <script>alert(1)</script> and a <mark>fake</mark> mark, then the real show.`;
    const { text: plain, html } = excerpt(text, new Set(['show']));
    expect(plain).toBe(text.replace(/\bshow\b/g, '<mark>show</mark>'));
    expect(html).toBe(
      'Tom &amp; Jerry&#39;s &quot;<mark>show</mark>&quot; &lt;script&gt;alert(1)&lt;/script&gt; and a ' +
        '&lt;mark&gt;fake&lt;/mark&gt; mark, then the real <mark>show</mark>.',
    );
    // Cut at both ends, the two forms keep the same words.
    const long = excerpt(`${'a<b '.repeat(200)}show ${'c&d '.repeat(200)}`, new Set(['show']));
    expect(long.html.replace(/&lt;/g, '<').replace(/&amp;/g, '&')).toBe(long.text);
    expect(long.html).toMatch(/^… a&lt;b .*<mark>show<\/mark> c&amp;d .* …$/);
  });

  test("the irregular forms listed are the words of the lemmatizer's exception lists whose term begins otherwise", () => {
    // The lemmatizer's own lists (its lexicon's data files): an upgrade that changes them shows here.
    const lists = ['wink-lexicon/src/wn-verb-exceptions.js', 'wink-lexicon/src/wn-noun-exceptions.js'].map(
      (path) => require(path) as Record<string, unknown>,
    );
    const words = lists.flatMap((list) => Object.keys(list)).filter((word) => /^[a-z]+$/.test(word));
    const beginOtherwise = words.filter((word) => {
      const term = termOf(word);
      return term !== null && term.slice(0, 2) !== word.slice(0, 2);
    });
    expect([...IRREGULAR_FORMS].sort()).toEqual([...new Set(beginOtherwise)].sort());
  });

  test('a match after a long run of letters without spaces is inside its excerpt', () => {
    const chinese = `${'的'.repeat(360)}明年的预算会议在上海举行`;
    expect(highlight(chinese, new Set(['上海']))).toContain('<mark>上海</mark>');
    const latin = `${'x'.repeat(400)} pterodactyl`;
    const excerpt = highlight(latin, new Set(terms('pterodactyl') as string[]));
    expect(excerpt).toContain('<mark>pterodactyl</mark>');
    expect([...excerpt.replaceAll('<mark>', '').replaceAll('</mark>', '')].length).toBeLessThanOrEqual(300);
  });
});
