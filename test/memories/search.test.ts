import { indexAllMemories } from '../../src/domain/projections/projections';
import { expectError } from '../support/assertions';
import { monotonicClock } from '../support/clock';
import { newId } from '../../src/domain/shared/ids';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import type { DataOf } from '../support/client';
import { createMemory, updateMemory, type Memory } from '../support/factories';

type Hit = DataOf<'searchMemories'>[number];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: monotonicClock() });
});
afterAll(() => t.close());

async function search(token: string, query: Record<string, string | number>) {
  return t.http.get('/v1/memories/search').query(query).set(bearer(token));
}

async function hitsFor(token: string, query: Record<string, string | number>): Promise<Hit[]> {
  const res = await search(token, query);
  expect(res.status).toBe(200);
  expect(res.body.ok).toBe(true);
  return res.body.data as Hit[];
}

const ids = (hits: Hit[]) => hits.map((h) => h.memory.id);

describe('ranking', () => {
  let alice: TestAccount;
  beforeAll(async () => {
    alice = await t.account();
  });

  test('a Memory that mentions the word three times ranks above one that mentions it once', async () => {
    const once = await createMemory(t, alice.readWriteKey, { text: 'Went kayaking once with my cousin near the old harbour wall.' });
    const thrice = await createMemory(t, alice.readWriteKey, { text: 'Kayaking is a passion: kayaking at dawn, kayaking at dusk.' });
    // Make the single mention the most recently updated: relevance must still win over recency.
    await updateMemory(t, alice.readWriteKey, once.id, { pinned: true });

    const hits = await hitsFor(alice.readOnlyKey, { q: 'kayaking' });
    expect(ids(hits)).toEqual([thrice.id, once.id]);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
  });

  test('the most relevant Memory is found among 300 newer matches: ranking reads every match', async () => {
    const dora = await t.account();
    const relevant = await createMemory(t, dora.readWriteKey, { text: 'Zeppelin, zeppelin, zeppelin: the whole afternoon at the zeppelin museum.' });
    const accountId = (await t.database.db.selectFrom('memories').select('account_id').where('id', '=', relevant.id).executeTakeFirstOrThrow())
      .account_id;
    const later = Date.parse(relevant.updated_at) + 1000;
    const newer = Array.from({ length: 300 }, (_, i) => {
      const at = new Date(later + i);
      return { id: newId('memory', at.getTime()), account_id: accountId, text: `Saw a zeppelin from the train, number ${i}.`, type: 'note', sensitivity: 'normal', tags: [], pinned: false, revision: 1, created_at: at, updated_at: at };
    });
    await t.database.db.insertInto('memories').values(newer).execute();
    await indexAllMemories(t.database.db);

    const hits = await hitsFor(dora.readOnlyKey, { q: 'zeppelin', limit: 50 });
    expect(hits).toHaveLength(50);
    expect(hits[0]!.memory.id).toBe(relevant.id);
    // The rest tie on relevance, so the most recently updated come first: all 300 are ranked,
    // not only as many as the candidates read for the hits.
    expect(ids(hits.slice(1))).toEqual(newer.slice(-49).reverse().map((memory) => memory.id));
    expect(ids(await hitsFor(dora.readOnlyKey, { q: 'zeppelin museum afternoon', limit: 1 }))).toEqual([relevant.id]);
  });

  test('a word in a tag weighs more than the same word mentioned once in the text', async () => {
    const bob = await t.account();
    const inTag = await createMemory(t, bob.readWriteKey, { text: 'Booked a weekend trip to the fjords with the club.', tags: ['Birdwatching'] });
    const inText = await createMemory(t, bob.readWriteKey, { text: 'Tried birdwatching for an afternoon near the lake.' });

    const hits = await hitsFor(bob.readWriteKey, { q: 'birdwatching' });
    expect(ids(hits)).toEqual([inTag.id, inText.id]);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
  });

  test('at equal relevance the more recently updated Memory comes first, and an update moves it up', async () => {
    const carol = await t.account();
    const older = await createMemory(t, carol.readWriteKey, { text: 'Water the ficus plant on the balcony.' });
    const newer = await createMemory(t, carol.readWriteKey, { text: 'Water the ficus plant on the balcony.' });

    let hits = await hitsFor(carol.readWriteKey, { q: 'ficus' });
    expect(ids(hits)).toEqual([newer.id, older.id]);
    expect(hits[0]!.score).toBe(hits[1]!.score);

    await updateMemory(t, carol.readWriteKey, older.id, { pinned: true });
    hits = await hitsFor(carol.readWriteKey, { q: 'ficus' });
    expect(ids(hits)).toEqual([older.id, newer.id]);
  });

  test('identical Memories tie whatever was written between them, and the newer comes first', async () => {
    const erin = await t.account();
    await createMemory(t, erin.readWriteKey, { text: 'Short note.' });
    const older = await createMemory(t, erin.readWriteKey, { text: 'Walrus sighting at the pier.' });
    // A long Memory moves the account's average length.
    await createMemory(t, erin.readWriteKey, { text: Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ') });
    const newer = await createMemory(t, erin.readWriteKey, { text: 'Walrus sighting at the pier.' });

    const hits = await hitsFor(erin.readOnlyKey, { q: 'walrus' });
    expect(ids(hits)).toEqual([newer.id, older.id]);
    expect(hits[0]!.score).toBe(hits[1]!.score);
  });

  test("a key's scores owe nothing to secret Memories, also for a Memory that was secret once", async () => {
    const scoresFor = async (withSecret: boolean) => {
      const account = await t.account();
      if (withSecret) {
        const long = Array.from({ length: 400 }, (_, i) => `secretword${i}`).join(' ');
        await createMemory(t, account.session, { text: long, sensitivity: 'secret' });
      }
      await createMemory(t, account.readWriteKey, { text: 'alpha beta gamma delta' });
      const once = await createMemory(t, account.session, { text: 'alpha beta gamma epsilon', sensitivity: 'secret' });
      await updateMemory(t, account.session, once.id, { sensitivity: 'normal' });
      return (await hitsFor(account.readOnlyKey, { q: 'alpha' })).map((hit) => hit.score);
    };
    expect(await scoresFor(true)).toEqual(await scoresFor(false));
  });
});

describe('web-search syntax', () => {
  let dave: TestAccount;
  const m: Record<string, Memory> = {};
  beforeAll(async () => {
    dave = await t.account();
    m.greenTea = await createMemory(t, dave.readWriteKey, { text: 'I like green tea in the morning.' });
    m.teaGreen = await createMemory(t, dave.readWriteKey, { text: 'The tea was green and rather bitter.' });
    m.coffee = await createMemory(t, dave.readWriteKey, { text: 'Coffee with oat milk at the office.' });
    m.juice = await createMemory(t, dave.readWriteKey, { text: 'Orange juice after the run.' });
    m.mint = await createMemory(t, dave.readWriteKey, { text: 'Mint tea before bed helps me sleep.' });
  });

  test('a quoted phrase matches only Memories with the exact phrase', async () => {
    const hits = await hitsFor(dave.readOnlyKey, { q: '"green tea"' });
    expect(ids(hits)).toEqual([m.greenTea!.id]);
  });

  test('the same words without quotes match both word orders, above a Memory with only one of them', async () => {
    const hits = await hitsFor(dave.readOnlyKey, { q: 'green tea' });
    expect(ids(hits).slice(0, 2).sort()).toEqual([m.greenTea!.id, m.teaGreen!.id].sort());
    expect(ids(hits).slice(2)).toEqual([m.mint!.id]);
    expect(hits[1]!.score).toBeGreaterThan(hits[2]!.score);
  });

  test('"a or b" matches Memories with either word', async () => {
    const hits = await hitsFor(dave.readOnlyKey, { q: 'coffee or juice' });
    expect(ids(hits).sort()).toEqual([m.coffee!.id, m.juice!.id].sort());
    expect(hits.every((h) => h.match === 'fulltext')).toBe(true);
  });

  test('"-word" excludes Memories that contain the word', async () => {
    const hits = await hitsFor(dave.readOnlyKey, { q: 'tea -green' });
    expect(ids(hits)).toEqual([m.mint!.id]);
  });
});

describe('what is searched', () => {
  describe('a word in more Memories than a query reads postings of', () => {
    let owner: TestAccount;
    let memo: Memory;
    beforeAll(async () => {
      owner = await t.account();
      memo = await createMemory(t, owner.readWriteKey, {
        text: `Long memo: after lunch the notes meeting covered staffing. ${'The quarterly plan stays as it was agreed. '.repeat(20)}`,
        type: 'decision',
        tags: ['rare'],
      });
      const accountId = (await t.database.db.selectFrom('memories').select('account_id').where('id', '=', memo.id).executeTakeFirstOrThrow()).account_id;
      // Shorter Memories that say the word more often: every one of them weighs more than the memo.
      const at = Date.parse(memo.updated_at) + 1000;
      const crowd = Array.from({ length: 2100 }, (_, i) => ({
        id: newId('memory', at + i),
        account_id: accountId,
        text: `Meeting meeting meeting notes agenda ${i}.`,
        type: 'note',
        sensitivity: 'normal',
        tags: [],
        pinned: false,
        revision: 1,
        created_at: new Date(at + i),
        updated_at: new Date(at + i),
      }));
      await t.database.db.insertInto('memories').values(crowd).execute();
      await indexAllMemories(t.database.db);
    });

    test('filters find a Memory beyond the postings read first', async () => {
      expect(ids(await hitsFor(owner.readOnlyKey, { q: 'meeting', tag: 'rare' }))).toEqual([memo.id]);
      expect(ids(await hitsFor(owner.readOnlyKey, { q: 'meeting', type: 'decision' }))).toEqual([memo.id]);
    });

    test('an exclusion keeps a Memory beyond the postings read first', async () => {
      expect(ids(await hitsFor(owner.readOnlyKey, { q: 'meeting -agenda' }))).toEqual([memo.id]);
      expect(ids(await hitsFor(owner.readOnlyKey, { q: 'meeting -"notes agenda"' }))).toEqual([memo.id]);
      expect(await hitsFor(owner.readOnlyKey, { q: 'meeting -notes' })).toEqual([]);
    });

    test('a phrase is found in a Memory ranked below many that have its words in another order', async () => {
      expect(ids(await hitsFor(owner.readOnlyKey, { q: '"notes meeting"' }))).toEqual([memo.id]);
      expect(ids(await hitsFor(owner.readOnlyKey, { q: '"notes meeting" staffing', require_all: 'true' }))).toEqual([memo.id]);
    });
  });

  test('tags are searched even when the text does not contain the word', async () => {
    const erin = await t.account();
    const tagged = await createMemory(t, erin.readWriteKey, { text: 'Saturn rings visible tonight from the garden.', tags: ['Astronomy'] });
    await createMemory(t, erin.readWriteKey, { text: 'Buy new garden gloves.' });
    const hits = await hitsFor(erin.readOnlyKey, { q: 'astronomy' });
    expect(ids(hits)).toEqual([tagged.id]);
    expect(hits[0]!.match).toBe('fulltext');
  });

  test('the type and tag filters narrow the hits', async () => {
    const frank = await t.account();
    const decision = await createMemory(t, frank.readWriteKey, { text: 'Project falcon: we chose PostgreSQL.', type: 'decision' });
    const note = await createMemory(t, frank.readWriteKey, { text: 'Project falcon retro notes.', tags: ['work'] });
    const both = await hitsFor(frank.readOnlyKey, { q: 'falcon' });
    expect(ids(both).sort()).toEqual([decision.id, note.id].sort());

    expect(ids(await hitsFor(frank.readOnlyKey, { q: 'falcon', type: 'decision' }))).toEqual([decision.id]);
    expect(ids(await hitsFor(frank.readOnlyKey, { q: 'falcon', tag: 'WORK' }))).toEqual([note.id]);
    expect(await hitsFor(frank.readOnlyKey, { q: 'falcon', type: 'event' })).toEqual([]);
    expect(await hitsFor(frank.readOnlyKey, { q: 'falcon', type: 'decision', tag: 'work' })).toEqual([]);
  });

  test('an unknown type filter is 400 invalid_request', async () => {
    const gina = await t.account();
    expectError(await search(gina.readOnlyKey, { q: 'falcon', type: 'diary' }), 400, 'invalid_request');
  });

  test('secret Memories are searched for sessions only, and other accounts are never searched', async () => {
    const owner = await t.account();
    const stranger = await t.account();
    const secret = await createMemory(t, owner.session, { text: 'The vault combination is hidden under the zebra rug.', sensitivity: 'secret' });
    const normal = await createMemory(t, owner.readWriteKey, { text: 'A zebra crossing near the school.' });

    expect(ids(await hitsFor(owner.readOnlyKey, { q: 'zebra' }))).toEqual([normal.id]);
    expect(ids(await hitsFor(owner.session, { q: 'zebra' })).sort()).toEqual([normal.id, secret.id].sort());
    expect(await hitsFor(stranger.session, { q: 'zebra' })).toEqual([]);
    // Not through the typo-tolerant path either.
    expect(await hitsFor(stranger.session, { q: 'zebre' })).toEqual([]);
    expect(ids(await hitsFor(owner.readOnlyKey, { q: 'combinaton' }))).toEqual([]);
  });
});

describe('hits', () => {
  test('every hit is {memory, score, match: "fulltext", highlight, highlight_html} with the matched word marked', async () => {
    const hank = await t.account();
    const created = await createMemory(t, hank.readWriteKey, { text: 'Kayaking at dawn on the quiet lake was wonderful.', tags: ['outdoors'] });
    const hits = await hitsFor(hank.readOnlyKey, { q: 'kayaking' });
    expect(hits).toHaveLength(1);
    const hit = hits[0]!;
    expect(Object.keys(hit).sort()).toEqual(['highlight', 'highlight_html', 'match', 'memory', 'score']);
    expect(hit.match).toBe('fulltext');
    expect(typeof hit.score).toBe('number');
    expect(hit.score).toBeGreaterThan(0);
    expect(hit.memory).toEqual({ ...created, text_truncated: false });
    expect(hit.highlight).toContain('<mark>Kayaking</mark>');
    expect(hit.highlight_html).toBe(hit.highlight);
  });

  test('when a Memory holds markup, then highlight_html escapes it and marks only the matched words, while highlight keeps the text as written', async () => {
    const mallory = await t.account();
    const text = `Kayak & canoe "club" <script>alert('kayak')</script> with a <mark>paddle</mark> on <b>Sunday</b>.`;
    await createMemory(t, mallory.readWriteKey, { text });
    const [hit] = await hitsFor(mallory.readOnlyKey, { q: 'kayak' });
    expect(hit!.highlight).toBe(`<mark>Kayak</mark> & canoe "club" <script>alert('<mark>kayak</mark>')</script> with a <mark>paddle</mark> on <b>Sunday</b>.`);
    expect(hit!.highlight_html).toBe(
      '<mark>Kayak</mark> &amp; canoe &quot;club&quot; &lt;script&gt;alert(&#39;<mark>kayak</mark>&#39;)&lt;/script&gt; ' +
        'with a &lt;mark&gt;paddle&lt;/mark&gt; on &lt;b&gt;Sunday&lt;/b&gt;.',
    );
  });

  test('a word stemmed differently in the text is still found and marked', async () => {
    const ivan = await t.account();
    await createMemory(t, ivan.readWriteKey, { text: 'The team meets on Tuesdays for planning.' });
    const hits = await hitsFor(ivan.readOnlyKey, { q: 'tuesday' });
    expect(hits).toHaveLength(1);
    expect(hits[0]!.match).toBe('fulltext');
    expect(hits[0]!.highlight).toContain('<mark>Tuesdays</mark>');
  });

  test('a typo ("tuesdys") finds the Memory through fuzzy matching, with a highlight', async () => {
    const judy = await t.account();
    const standup = await createMemory(t, judy.readWriteKey, { text: 'Team standup happens on Tuesdays at nine.' });
    await createMemory(t, judy.readWriteKey, { text: 'Pick up the dry cleaning.' });
    const hits = await hitsFor(judy.readOnlyKey, { q: 'tuesdys' });
    expect(ids(hits)).toEqual([standup.id]);
    expect(hits[0]!.match).toBe('fuzzy');
    expect(typeof hits[0]!.score).toBe('number');
    expect(hits[0]!.highlight).toContain('<mark>Tuesdays</mark>');
  });

  test('a typo ("typscript") finds the TypeScript Memory through fuzzy matching', async () => {
    const ken = await t.account();
    const ts = await createMemory(t, ken.readWriteKey, { text: 'Prefers TypeScript with strict mode for new services.' });
    await createMemory(t, ken.readWriteKey, { text: 'Allergic to peanuts.' });
    const hits = await hitsFor(ken.readOnlyKey, { q: 'typscript' });
    expect(ids(hits)).toEqual([ts.id]);
    expect(hits[0]!.match).toBe('fuzzy');
    expect(hits[0]!.highlight).toContain('<mark>TypeScript</mark>');
  });

  test('a slip that trigrams score low (two letters swapped) is corrected inside a question, and the answering Memory ranks first', async () => {
    const mel = await t.account();
    const birthday = await createMemory(t, mel.readWriteKey, { text: "Melanie's birthday is on 9 July." });
    await createMemory(t, mel.readWriteKey, { text: "Melanie's kids are named Leo and Mia.", tags: ['melanie'] });
    await createMemory(t, mel.readWriteKey, { text: 'Melanie painted a sunrise over the lake last year.', tags: ['melanie'] });
    await createMemory(t, mel.readWriteKey, { text: 'Melanie moved to Lisbon for a new job.' });
    const marathon = await createMemory(t, mel.readWriteKey, { text: 'Ran the Berlin marathon in under four hours.' });
    const hits = await hitsFor(mel.readOnlyKey, { q: "When is Melanie's brithday?" });
    expect(hits[0]!.memory.id).toBe(birthday.id);
    expect(hits[0]!.highlight).toContain('<mark>birthday</mark>');
    expect(hits[0]!.match).toBe('fulltext');
    const swapped = await hitsFor(mel.readOnlyKey, { q: 'marahton' });
    expect(ids(swapped)).toEqual([marathon.id]);
    expect(swapped[0]!.match).toBe('fuzzy');
    // A word as little like any other but not one slip from it is not corrected.
    expect(await hitsFor(mel.readOnlyKey, { q: 'marthonian' })).toEqual([]);
  });

  test('misspelt words are corrected each, the Memory matching more of them first, and words added by an edit or a tag are found too', async () => {
    const leo = await t.account();
    const both = await createMemory(t, leo.readWriteKey, { text: 'The quokka lives on Rottnest island.' });
    const one = await createMemory(t, leo.readWriteKey, { text: 'A quokka photo for the album.' });
    expect(ids(await hitsFor(leo.readOnlyKey, { q: 'quoka rotnest' }))).toEqual([both.id, one.id]);
    expect(ids(await hitsFor(leo.readOnlyKey, { q: 'quoka rotnest', require_all: 'true' }))).toEqual([both.id]);
    expect((await hitsFor(leo.readOnlyKey, { q: 'quoka' })).map((hit) => hit.match)).toEqual(['fuzzy', 'fuzzy']);

    await updateMemory(t, leo.readWriteKey, one.id, { text: 'A wombat photo.', tags: ['marsupials'] });
    expect(ids(await hitsFor(leo.readOnlyKey, { q: 'wombatt' }))).toEqual([one.id]);
    expect(ids(await hitsFor(leo.readOnlyKey, { q: 'marsupals' }))).toEqual([one.id]);
    // The word the edit removed finds only the Memory that still has it.
    expect(ids(await hitsFor(leo.readOnlyKey, { q: 'quoka' }))).toEqual([both.id]);
  });

  test('a word that is in nobody\'s Memory returns an empty list', async () => {
    const lena = await t.account();
    await createMemory(t, lena.readWriteKey, { text: 'I like green tea in the morning.' });
    await createMemory(t, lena.readWriteKey, { text: 'Coffee with oat milk at the office.' });
    const res = await search(lena.readOnlyKey, { q: 'xylophone' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, data: [] });
  });

  test('hit text is shortened to 2,000 code points with text_truncated, counted in code points', async () => {
    const mia = await t.account();
    const long = await createMemory(t, mia.readWriteKey, { text: `Harbour log. ${'waves and wind '.repeat(200)}` });
    expect([...long.text].length).toBeGreaterThan(2000);
    const emoji = `Harbour emoji ${'😀'.repeat(1500)}`; // 1,514 code points, 3,014 UTF-16 units
    const short = await createMemory(t, mia.readWriteKey, { text: emoji });

    const hits = await hitsFor(mia.readOnlyKey, { q: 'harbour' });
    const longHit = hits.find((h) => h.memory.id === long.id)!;
    const shortHit = hits.find((h) => h.memory.id === short.id)!;
    expect([...longHit.memory.text].length).toBe(2000);
    expect(longHit.memory.text).toBe(long.text.slice(0, 2000));
    expect(longHit.memory.text_truncated).toBe(true);
    expect(shortHit.memory.text).toBe(emoji);
    expect(shortHit.memory.text_truncated).toBe(false);
  });
});

describe('limits and validation', () => {
  let nina: TestAccount;
  beforeAll(async () => {
    nina = await t.account();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => createMemory(t, nina.readWriteKey, { text: `Lantern festival note number ${i + 1}.` })),
    );
  });

  test('limit defaults to 10 hits', async () => {
    expect(await hitsFor(nina.readOnlyKey, { q: 'lantern' })).toHaveLength(10);
  });

  test('limit caps the hits, and 50 is allowed', async () => {
    expect(await hitsFor(nina.readOnlyKey, { q: 'lantern', limit: 3 })).toHaveLength(3);
    expect(await hitsFor(nina.readOnlyKey, { q: 'lantern', limit: 50 })).toHaveLength(12);
  });

  test('limit=51 and limit=0 are 400 invalid_request', async () => {
    expectError(await search(nina.readOnlyKey, { q: 'lantern', limit: 51 }), 400, 'invalid_request');
    expectError(await search(nina.readOnlyKey, { q: 'lantern', limit: 0 }), 400, 'invalid_request');
  });

  test('a missing, empty or blank q is 400 invalid_request', async () => {
    const missing = await t.http.get('/v1/memories/search').set(bearer(nina.readOnlyKey));
    expectError(missing, 400, 'invalid_request');
    expectError(await search(nina.readOnlyKey, { q: '' }), 400, 'invalid_request');
    expectError(await search(nina.readOnlyKey, { q: '   ' }), 400, 'invalid_request');
  });

  test('q of 500 characters is accepted and q of 501 is 400 invalid_request', async () => {
    const q500 = 'lantern '.repeat(63).slice(0, 500);
    expect(q500).toHaveLength(500);
    expect(await hitsFor(nina.readOnlyKey, { q: q500 })).toHaveLength(10);
    expectError(await search(nina.readOnlyKey, { q: `${q500}x` }), 400, 'invalid_request');
  });

  test('search needs a bearer token', async () => {
    const res = await t.http.get('/v1/memories/search').query({ q: 'lantern' });
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 401, code: 'unauthorized' });
  });
});
