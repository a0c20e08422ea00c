import { sql } from 'kysely';
import { monotonicClock } from '../support/clock';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';

/*
 * Search as agents use it: natural-language questions over realistic Memories, in several
 * languages, with typos, operators and secrets. Every expectation names the Memory that answers.
 */

interface Hit {
  memory: { id: string; text: string };
  score: number;
  match: 'fulltext' | 'fuzzy';
  highlight: string;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: monotonicClock() });
});
afterAll(() => t.close());

async function remember(token: string, text: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await t.http.post('/v1/memories').set(bearer(token)).send({ text, ...extra });
  if (res.status !== 201) throw new Error(`creating a Memory failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as string;
}

async function hitsFor(token: string, query: Record<string, string | number | boolean>): Promise<Hit[]> {
  const res = await t.http.get('/v1/memories/search').query(query).set(bearer(token));
  if (res.status !== 200) throw new Error(`search failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as Hit[];
}

const ids = (hits: Hit[]) => hits.map((hit) => hit.memory.id);

describe('natural-language questions over a realistic account', () => {
  let dana: TestAccount;
  const m: Record<string, string> = {};
  const notes: Record<string, string> = {
    support: 'Caroline: I went to an LGBTQ support group yesterday and it was so powerful.',
    pottery: 'Melanie: I signed up for a pottery class last weekend, my first bowl came out lopsided.',
    adoption: 'Caroline: I have been researching adoption agencies; I want to give a child a loving home.',
    camping: 'Melanie: We took the kids camping at the lake in June and saw the Perseid meteor shower.',
    painting: 'Melanie: Painted a sunrise over the lake this morning, it calms me down.',
    career: 'Caroline: I am thinking of studying counseling so I can work in mental health.',
    dentist: 'Dentist appointment moved to Thursday 14:00, bring the insurance card.',
    deploy: 'Project Falcon: the production deploy window is Tuesdays 09:00-11:00 UTC.',
    database: 'Project Falcon: we chose PostgreSQL over MongoDB for the billing service.',
    allergy: 'Sam is allergic to peanuts; never order the satay for team lunches.',
    birthday: "Mum's birthday is on 3 March; she loves orchids and dark chocolate.",
    landlord: 'The landlord agreed to fix the boiler before the end of the month.',
    running: 'Ran my first half marathon in Lisbon in 1:58, knees held up fine.',
  };
  beforeAll(async () => {
    dana = await t.account();
    for (const [key, text] of Object.entries(notes)) m[key] = await remember(dana.readWriteKey, text);
    // Newer Memories that share common words with the questions, so that ranking, not recency,
    // must put the answer first.
    for (let i = 0; i < 30; i += 1) {
      await remember(dana.readWriteKey, `Caroline: thanks Melanie, talk soon! Note ${i} about the week and the weekend.`);
    }
  });

  test.each([
    ['When did Caroline go to the LGBTQ support group?', 'support'],
    ['What did Melanie sign up for last weekend?', 'pottery'],
    ['What is Caroline researching?', 'adoption'],
    ['Where did Melanie take her kids camping?', 'camping'],
    ['What did Melanie paint?', 'painting'],
    ['What career path is Caroline considering?', 'career'],
    ['When is the dentist appointment?', 'dentist'],
    ['When can we deploy to production?', 'deploy'],
    ['Which database did we pick for billing?', 'database'],
    ['What food allergies does Sam have?', 'allergy'],
    ['What does my mother like as a birthday present?', 'birthday'],
    ['How long did the half marathon take?', 'running'],
  ])('"%s" ranks the answering Memory first', async (question, answer) => {
    const hits = await hitsFor(dana.readOnlyKey, { q: question });
    expect(ids(hits)[0]).toBe(m[answer]);
    // Every word is optional: the answer is found though the question has words it lacks.
    expect(hits[0]!.match).toBe('fulltext');
  });

  test('a question answered by a Memory that shares only some of its words still finds it in the top three', async () => {
    const hits = await hitsFor(dana.readOnlyKey, { q: 'Is the boiler going to be repaired by the landlord this month?' });
    expect(ids(hits).slice(0, 3)).toContain(m.landlord);
  });

  test('one misspelt word inside a four-word question still ranks the right Memory first', async () => {
    const hits = await hitsFor(dana.readOnlyKey, { q: 'Is Sam alergic to peanuts at lunch?' });
    expect(ids(hits)[0]).toBe(m.allergy);
    expect(hits[0]!.match).toBe('fulltext');
    expect(hits[0]!.highlight).toContain('<mark>allergic</mark>');
  });

  test('a word questions put around what they ask finds the Memories that hold it when asked alone, and is left out of a question', async () => {
    const blood = await remember(dana.readWriteKey, 'Blood type: O negative, so I can donate to anyone.');
    const car = await remember(dana.readWriteKey, 'Sam drives a red Volvo estate car.');
    const alone = await hitsFor(dana.readOnlyKey, { q: 'type' });
    expect(ids(alone)).toEqual([blood]);
    expect(alone[0]!.highlight).toContain('<mark>type</mark>');
    // In a question it is not what is asked for: the car is, and the blood type does not match.
    const question = ids(await hitsFor(dana.readOnlyKey, { q: 'What type of car does Sam drive?' }));
    expect(question[0]).toBe(car);
    expect(question).not.toContain(blood);
    expect(ids(await hitsFor(dana.readOnlyKey, { q: '"blood type"' }))).toEqual([blood]);
  });

  test('a question of stop words only finds nothing, and scores fall along the list', async () => {
    expect(await hitsFor(dana.readOnlyKey, { q: 'what is it that they would have been' })).toEqual([]);
    const hits = await hitsFor(dana.readOnlyKey, { q: 'Caroline Melanie lake weekend', limit: 20 });
    expect(hits.length).toBe(20);
    for (let i = 1; i < hits.length; i += 1) expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score);
  });
});

describe('every language', () => {
  let lena: TestAccount;
  const m: Record<string, string> = {};
  beforeAll(async () => {
    lena = await t.account();
    m.zurich = await remember(lena.readWriteKey, 'Conference trip to Zürich in May, hotel near the lake.');
    m.reunion = await remember(lena.readWriteKey, 'Family holiday on Réunion island, hiking the Piton des Neiges.');
    m.strasse = await remember(lena.readWriteKey, 'Die Straßenbau-Firma beginnt am Montag mit den Arbeiten.');
    m.meeting = await remember(lena.readWriteKey, '明日は東京で会議があります。資料を準備すること。');
    m.chinese = await remember(lena.readWriteKey, '我们下周在上海开会讨论预算。');
    m.korean = await remember(lena.readWriteKey, '다음 주에 서울에서 회의가 있습니다.');
    m.russian = await remember(lena.readWriteKey, 'Встреча с командой в Москве в пятницу, обсудить бюджет.');
    m.greek = await remember(lena.readWriteKey, 'Ταξίδι στην Αθήνα τον Ιούνιο.');
    m.other = await remember(lena.readWriteKey, 'Buy milk and bread on the way home.');
  });

  test.each([
    ['zurich', 'zurich', 'Zürich'],
    ['ZÜRICH', 'zurich', 'Zürich'],
    ['reunion', 'reunion', 'Réunion'],
    ['strassenbau', 'strasse', 'Straßenbau'],
    ['Straßenbau', 'strasse', 'Straßenbau'],
    ['会議', 'meeting', '会議'],
    ['東京', 'meeting', '東京'],
    ['上海', 'chinese', '上海'],
    ['서울', 'korean', '서울'],
    ['москве', 'russian', 'Москве'],
    ['МОСКВЕ', 'russian', 'Москве'],
    ['αθηνα', 'greek', 'Αθήνα'],
  ])('"%s" finds its Memory and marks the word as written', async (q, answer, marked) => {
    const hits = await hitsFor(lena.readOnlyKey, { q });
    expect(ids(hits)).toEqual([m[answer]]);
    expect(hits[0]!.highlight).toContain(`<mark>${marked}</mark>`);
  });

  test('a Japanese question finds the sentence by a word inside it, and two words rank above one', async () => {
    const hits = await hitsFor(lena.readOnlyKey, { q: '東京の会議はいつ?' });
    expect(ids(hits)[0]).toBe(m.meeting);
  });

  test('a CJK word of one character is not a word of two: "京" alone finds nothing', async () => {
    expect(await hitsFor(lena.readOnlyKey, { q: '京' })).toEqual([]);
  });
});

describe('operators', () => {
  let omar: TestAccount;
  const m: Record<string, string> = {};
  beforeAll(async () => {
    omar = await t.account();
    m.greenTea = await remember(omar.readWriteKey, 'Green tea with honey every morning.');
    m.teaGreen = await remember(omar.readWriteKey, 'The tea was green and rather bitter today.');
    m.mint = await remember(omar.readWriteKey, 'Mint tea before bed helps me sleep well.');
    m.coffee = await remember(omar.readWriteKey, 'Coffee with oat milk at the office desk.');
    m.lord = await remember(omar.readWriteKey, 'Rewatched The Lord of the Rings trilogy over the weekend.');
  });

  test('a quoted phrase is required, words in order, and stop words inside it keep their places', async () => {
    expect(ids(await hitsFor(omar.readOnlyKey, { q: '"green tea"' }))).toEqual([m.greenTea]);
    expect(ids(await hitsFor(omar.readOnlyKey, { q: 'morning "tea was green"' }))).toEqual([m.teaGreen]);
    expect(ids(await hitsFor(omar.readOnlyKey, { q: '"lord of the rings"' }))).toEqual([m.lord]);
    const highlighted = await hitsFor(omar.readOnlyKey, { q: '"green tea"' });
    expect(highlighted[0]!.highlight).toContain('<mark>Green</mark> <mark>tea</mark>');
  });

  test('a phrase no Memory has is taken as plain words, so a quoted title worded differently still finds something', async () => {
    const hits = await hitsFor(omar.readOnlyKey, { q: 'Did I watch "the rings of the lord"?' });
    expect(ids(hits)).toEqual([m.lord]);
  });

  test('-word excludes, and -"phrase" excludes only the phrase', async () => {
    expect(ids(await hitsFor(omar.readOnlyKey, { q: 'tea -green' }))).toEqual([m.mint]);
    expect(ids(await hitsFor(omar.readOnlyKey, { q: 'tea -"green tea"' })).sort()).toEqual([m.teaGreen, m.mint].sort());
    // A query of exclusions alone has nothing to rank.
    expect(await hitsFor(omar.readOnlyKey, { q: '-green' })).toEqual([]);
  });

  test('or is an explicit either: with require_all one side must match', async () => {
    expect(ids(await hitsFor(omar.readOnlyKey, { q: 'coffee or mint' })).sort()).toEqual([m.coffee, m.mint].sort());
    expect(ids(await hitsFor(omar.readOnlyKey, { q: 'tea coffee or mint', require_all: true }))).toEqual([m.mint]);
    expect(ids(await hitsFor(omar.readOnlyKey, { q: '"green tea" or coffee' })).sort()).toEqual([m.greenTea, m.coffee].sort());
  });

  test('require_all asks for every unquoted word; without it every word is optional', async () => {
    expect(ids(await hitsFor(omar.readOnlyKey, { q: 'green tea morning' }))[0]).toBe(m.greenTea);
    expect((await hitsFor(omar.readOnlyKey, { q: 'green tea morning' })).length).toBe(3);
    expect(ids(await hitsFor(omar.readOnlyKey, { q: 'green tea morning', require_all: true }))).toEqual([m.greenTea]);
    expect(await hitsFor(omar.readOnlyKey, { q: 'green tea xylophone', require_all: true })).toEqual([]);
    expect(ids(await hitsFor(omar.readOnlyKey, { q: 'green tea morning', require_all: 'false' }))).toHaveLength(3);
  });

  test('require_all accepts a misspelt word through its correction', async () => {
    const hits = await hitsFor(omar.readOnlyKey, { q: 'gren tea', require_all: true });
    expect(ids(hits).sort()).toEqual([m.greenTea, m.teaGreen].sort());
  });

  test('a require_all that is not a boolean is 400 invalid_request', async () => {
    const res = await t.http.get('/v1/memories/search').query({ q: 'tea', require_all: 'maybe' }).set(bearer(omar.readOnlyKey));
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 400, code: 'invalid_request' });
  });
});

describe('highlights', () => {
  test('an excerpt of at most 300 characters around the matched words, with … where text is left out', async () => {
    const owner = await t.account();
    const filler = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(40);
    await remember(owner.readWriteKey, `${filler}The harbour festival has lanterns and fireworks. ${filler}`);
    const [hit] = await hitsFor(owner.readOnlyKey, { q: 'lanterns festival' });
    const plain = hit!.highlight.replaceAll('<mark>', '').replaceAll('</mark>', '');
    expect([...plain].length).toBeLessThanOrEqual(300);
    expect(plain.startsWith('… ')).toBe(true);
    expect(plain.endsWith(' …')).toBe(true);
    expect(hit!.highlight).toContain('harbour <mark>festival</mark> has <mark>lanterns</mark>');
  });

  test('a short Memory is its own excerpt, emoji and all', async () => {
    const owner = await t.account();
    await remember(owner.readWriteKey, '🎉 Party on Friday 🎉 bring snacks');
    const [hit] = await hitsFor(owner.readOnlyKey, { q: 'snacks' });
    expect(hit!.highlight).toBe('🎉 Party on Friday 🎉 bring <mark>snacks</mark>');
  });
});

describe('secret Memories leave no trace for API keys', () => {
  test('a word only in a secret Memory is never offered as a correction: a key cannot tell it exists', async () => {
    const owner = await t.account();
    const deploy = await remember(owner.readWriteKey, 'Deploy checklist: run the migrations, then restart the workers.');
    await remember(owner.session, 'The zanzibarquokka password is in the blue notebook.', { sensitivity: 'secret' });

    const near = await hitsFor(owner.readOnlyKey, { q: 'deploy zanzibarquoka' });
    const far = await hitsFor(owner.readOnlyKey, { q: 'deploy xylophonequa' });
    expect(ids(near)).toEqual([deploy]);
    // Same hits, same order, same scores: the secret word changes nothing a key can see.
    expect(near).toEqual(far);
    expect(await hitsFor(owner.readOnlyKey, { q: 'zanzibarquoka' })).toEqual([]);
    // The session sees the secret Memory, through the correction too.
    expect((await hitsFor(owner.session, { q: 'zanzibarquoka' }))[0]!.match).toBe('fuzzy');
  });

  test("a key's scores do not depend on secret Memories: statistics count only what keys may see", async () => {
    const owner = await t.account();
    await remember(owner.readWriteKey, 'Kayak trip on the river with Alex.');
    await remember(owner.readWriteKey, 'Bought a new kayak paddle.');
    await remember(owner.readWriteKey, 'River cleanup day on Saturday.');
    const before = await hitsFor(owner.readOnlyKey, { q: 'kayak river' });
    for (let i = 0; i < 5; i += 1) await remember(owner.session, `Secret kayak river note ${i}, much longer text here.`, { sensitivity: 'secret' });
    expect(await hitsFor(owner.readOnlyKey, { q: 'kayak river' })).toEqual(before);
    expect((await hitsFor(owner.session, { q: 'kayak river', limit: 20 })).length).toBe(8);
  });

  test('turning a Memory secret takes it and its words out of keys\' search, and back when it is not', async () => {
    const owner = await t.account();
    const id = await remember(owner.readWriteKey, 'The marmalade recipe uses Seville oranges.');
    expect(ids(await hitsFor(owner.readOnlyKey, { q: 'marmalade' }))).toEqual([id]);
    await t.http.patch(`/v1/memories/${id}`).set(bearer(owner.session)).send({ sensitivity: 'secret' }).expect(200);
    expect(await hitsFor(owner.readOnlyKey, { q: 'marmalade' })).toEqual([]);
    expect(await hitsFor(owner.readOnlyKey, { q: 'marmelade' })).toEqual([]);
    expect(ids(await hitsFor(owner.session, { q: 'marmalade' }))).toEqual([id]);
    await t.http.patch(`/v1/memories/${id}`).set(bearer(owner.session)).send({ sensitivity: 'normal' }).expect(200);
    expect(ids(await hitsFor(owner.readOnlyKey, { q: 'marmelade' }))).toEqual([id]);
  });
});

describe('the index follows every write', () => {
  test('an edit replaces the words, a deletion removes them, and the vocabulary forgets words no Memory has', async () => {
    const owner = await t.account();
    const id = await remember(owner.readWriteKey, 'Planted tulips along the fence.', { tags: ['garden'] });
    await t.http.patch(`/v1/memories/${id}`).set(bearer(owner.readWriteKey)).send({ text: 'Planted daffodils along the fence.', tags: ['spring'] }).expect(200);
    expect(await hitsFor(owner.readOnlyKey, { q: 'tulips' })).toEqual([]);
    expect(await hitsFor(owner.readOnlyKey, { q: 'garden' })).toEqual([]);
    expect(ids(await hitsFor(owner.readOnlyKey, { q: 'daffodils spring' }))).toEqual([id]);
    // "tulipz" would be corrected to "tulip" if the vocabulary still had it.
    expect(await hitsFor(owner.readOnlyKey, { q: 'tulipz' })).toEqual([]);

    await t.http.delete(`/v1/memories/${id}`).set(bearer(owner.readWriteKey)).expect(200);
    expect(await hitsFor(owner.readOnlyKey, { q: 'daffodils' })).toEqual([]);
    const accountId = await accountOf(owner);
    const left = await t.database.db.selectFrom('search_terms').select('term').where('account_id', '=', accountId).execute();
    expect(left).toEqual([]);
    const stats = await t.database.db.selectFrom('search_stats').selectAll().where('account_id', '=', accountId).executeTakeFirstOrThrow();
    expect({ ...stats, length: Number(stats.length), key_length: Number(stats.key_length) }).toEqual({
      account_id: accountId,
      docs: 0,
      key_docs: 0,
      length: 0,
      key_length: 0,
    });
  });

  test('after creates, edits, secrecy changes and deletions the statistics equal a recount from the postings', async () => {
    const owner = await t.account();
    const made: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      made.push(await remember(owner.session, `Note ${i}: ${['apples', 'pears', 'plums'][i % 3]} and ${['jam', 'pie'][i % 2]} for the fair.`, {
        ...(i % 4 === 0 ? { sensitivity: 'secret' } : {}),
        tags: i % 5 === 0 ? ['harvest'] : [],
      }));
    }
    await t.http.patch(`/v1/memories/${made[1]}`).set(bearer(owner.session)).send({ text: 'Note one: quinces only.' }).expect(200);
    await t.http.patch(`/v1/memories/${made[2]}`).set(bearer(owner.session)).send({ sensitivity: 'secret' }).expect(200);
    await t.http.patch(`/v1/memories/${made[4]}`).set(bearer(owner.session)).send({ sensitivity: 'normal', tags: ['orchard'] }).expect(200);
    await t.http.delete(`/v1/memories/${made[3]}`).set(bearer(owner.session)).expect(200);
    await t.http.delete(`/v1/memories/${made[8]}`).set(bearer(owner.session)).expect(200);
    await expectStatisticsMatchPostings(await accountOf(owner));
  });
});

async function accountOf(account: TestAccount): Promise<string> {
  const row = await t.database.db.selectFrom('accounts').select('id').where('external_id', '=', account.subject).executeTakeFirstOrThrow();
  return row.id;
}

/** The maintained statistics against a recount from the postings and the Memories themselves. */
async function expectStatisticsMatchPostings(accountId: string): Promise<void> {
  const terms = await sql<{ term: string; docs: number; key_docs: number; counted: number; key_counted: number }>`
    select t.term, t.docs, t.key_docs,
      (select count(*)::int from search_postings p where p.term_id = t.id) as counted,
      (select count(*)::int from search_postings p where p.term_id = t.id and not p.secret) as key_counted
    from search_terms t where t.account_id = ${accountId}`.execute(t.database.db);
  expect(terms.rows.length).toBeGreaterThan(0);
  for (const row of terms.rows) expect({ term: row.term, docs: row.docs, key_docs: row.key_docs }).toEqual({ term: row.term, docs: row.counted, key_docs: row.key_counted });
  const stats = await sql<{ docs: number; key_docs: number; length: string; key_length: string; counted: number; key_counted: number; total: string; key_total: string }>`
    select s.docs, s.key_docs, s.length::text, s.key_length::text,
      (select count(*)::int from memories m where m.account_id = s.account_id and m.search_length > 0) as counted,
      (select count(*)::int from memories m where m.account_id = s.account_id and m.search_length > 0 and m.sensitivity <> 'secret') as key_counted,
      (select coalesce(sum(m.search_length), 0)::text from memories m where m.account_id = s.account_id) as total,
      (select coalesce(sum(m.search_length), 0)::text from memories m where m.account_id = s.account_id and m.sensitivity <> 'secret') as key_total
    from search_stats s where s.account_id = ${accountId}`.execute(t.database.db);
  const row = stats.rows[0]!;
  expect({ docs: row.docs, key_docs: row.key_docs, length: row.length, key_length: row.key_length }).toEqual({
    docs: row.counted,
    key_docs: row.key_counted,
    length: row.total,
    key_length: row.key_total,
  });
  // Every posting agrees with its Memory's secrecy, and every Memory's postings are there.
  const mismatched = await sql<{ n: number }>`
    select count(*)::int as n from memories m
    join search_postings p on p.doc = m.search_doc and p.term_id = any(m.search_terms)
    where m.account_id = ${accountId} and p.secret <> (m.sensitivity = 'secret')`.execute(t.database.db);
  expect(mismatched.rows[0]!.n).toBe(0);
  const postings = await sql<{ expected: number; found: number }>`
    select coalesce(sum(cardinality(m.search_terms)), 0)::int as expected,
      (select count(*)::int from search_postings p join memories m2 on m2.search_doc = p.doc where m2.account_id = ${accountId}) as found
    from memories m where m.account_id = ${accountId}`.execute(t.database.db);
  expect(postings.rows[0]!.found).toBe(postings.rows[0]!.expected);
}
