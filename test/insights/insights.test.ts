import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { expectError, TIMESTAMP_PATTERN } from '../support/assertions';
import type { Schemas } from '../support/client';
import { createMemory, createSubject, linkMemory, updateMemory } from '../support/factories';
import { idPattern, UNKNOWN_INSIGHT, UNKNOWN_SUBJECT } from '../support/ids';
import { DUPLICATE_COMPARED_MEMORIES, DUPLICATES_PER_MEMORY } from '../../src/domain/insights/insights.repository';
import { end, fileId, header, importText, memoryLine, subjectLine, toText, type Line } from '../portability/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const INSIGHT_ID = idPattern('ins');

type Insight = Schemas['MemoryInsight'];

async function unlink(token: string, subjectId: string, memoryId: string): Promise<void> {
  const res = await t.http.delete(`/v1/subjects/${subjectId}/memories/${memoryId}`).set(bearer(token));
  expect(res.status).toBe(200);
}

async function insights(token: string, subjectId: string, query: Record<string, string | number> = {}) {
  const res = await t.http.get(`/v1/subjects/${subjectId}/memory-insights`).query(query).set(bearer(token));
  expect(res.status).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(['data', 'next_cursor', 'ok']);
  return res.body as { ok: true; data: Insight[]; next_cursor: string | null };
}

/** The pending insights of a Subject as [kind, memory_ids] pairs, in list order. */
async function causes(token: string, subjectId: string): Promise<[string, string[]][]> {
  return (await insights(token, subjectId, { limit: 100 })).data.map((i) => [i.kind, i.memory_ids]);
}

const dismiss = (token: string, id: string) => t.http.post(`/v1/memory-insights/${id}/dismiss`).set(bearer(token));

/** An account with the Subject "Ada Lovelace", alias "Ada". */
async function adaWorld(): Promise<{ a: TestAccount; subjectId: string }> {
  const a = await t.account();
  const subjectId = (await createSubject(t, a.readWriteKey, { name: 'Ada Lovelace', kind: 'person', aliases: ['Ada'] })).id;
  return { a, subjectId };
}

describe('unlinked_mention insights', () => {
  test('a Memory created after the Subject that mentions its alias gives one pending insight', async () => {
    const { a, subjectId } = await adaWorld();
    const memoryId = (await createMemory(t, a.readWriteKey, { text: 'Met Ada at the meetup' })).id;

    const list = await insights(a.readOnlyKey, subjectId);
    expect(list.next_cursor).toBeNull();
    expect(list.data).toEqual([
      {
        id: expect.stringMatching(INSIGHT_ID),
        subject_id: subjectId,
        kind: 'unlinked_mention',
        status: 'pending',
        summary: expect.any(String),
        memory_ids: [memoryId],
        created_at: expect.stringMatching(TIMESTAMP_PATTERN),
      },
    ]);
    expect(list.data[0]?.summary.length).toBeGreaterThan(0);
  });

  test('a Memory created before the Subject gives the insight as soon as the Subject is created', async () => {
    const a = await t.account();
    const memoryId = (await createMemory(t, a.readWriteKey, { text: 'Met Ada at the meetup' })).id;
    const subjectId = (await createSubject(t, a.readWriteKey, { name: 'Ada Lovelace', kind: 'person', aliases: ['Ada'] })).id;
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['unlinked_mention', [memoryId]]]);
  });

  test('the full name counts as well as the alias, and one Memory mentioning both gives one insight', async () => {
    const { a, subjectId } = await adaWorld();
    const both = (await createMemory(t, a.readWriteKey, { text: 'Ada Lovelace, known as Ada, wrote notes.' })).id;
    const full = (await createMemory(t, a.readWriteKey, { text: 'A letter from ada lovelace arrived.' })).id;
    const list = await causes(a.readWriteKey, subjectId);
    expect(list).toHaveLength(2);
    expect(list).toEqual(
      expect.arrayContaining([
        ['unlinked_mention', [both]],
        ['unlinked_mention', [full]],
      ]),
    );
  });

  test('matching is case-insensitive and by whole words only: "ADA" matches, "Adams" and "canada" do not', async () => {
    const { a, subjectId } = await adaWorld();
    const shouted = (await createMemory(t, a.readWriteKey, { text: 'ADA SAID HELLO' })).id;
    const punctuated = (await createMemory(t, a.readWriteKey, { text: 'Thanks, ada!' })).id;
    (await createMemory(t, a.readWriteKey, { text: 'John Adams wrote back' })).id;
    (await createMemory(t, a.readWriteKey, { text: 'Travelled to canada last spring' })).id;
    (await createMemory(t, a.readWriteKey, { text: 'The adage holds: measure twice' })).id;

    const list = await causes(a.readWriteKey, subjectId);
    expect(list.map(([, ids]) => ids[0]).sort()).toEqual([shouted, punctuated].sort());
    expect(list.every(([kind, ids]) => kind === 'unlinked_mention' && ids.length === 1)).toBe(true);
  });

  test('linking the Memory removes the insight; unlinking brings it back', async () => {
    const { a, subjectId } = await adaWorld();
    const memoryId = (await createMemory(t, a.readWriteKey, { text: 'Met Ada at the meetup' })).id;
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['unlinked_mention', [memoryId]]]);

    await linkMemory(t, a.readWriteKey, subjectId, memoryId);
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);

    await unlink(a.readWriteKey, subjectId, memoryId);
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['unlinked_mention', [memoryId]]]);
  });

  test('a link to another Subject does not remove the insight of this one', async () => {
    const { a, subjectId } = await adaWorld();
    const other = (await createSubject(t, a.readWriteKey, { name: 'Analytical Engine', kind: 'person' })).id;
    const memoryId = (await createMemory(t, a.readWriteKey, { text: 'Met Ada at the meetup' })).id;
    await linkMemory(t, a.readWriteKey, other, memoryId);
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['unlinked_mention', [memoryId]]]);
  });

  test('editing the Memory so it no longer mentions the Subject removes the insight; mentioning it again brings one back', async () => {
    const { a, subjectId } = await adaWorld();
    const memoryId = (await createMemory(t, a.readWriteKey, { text: 'Met Ada at the meetup' })).id;

    await updateMemory(t, a.readWriteKey, memoryId, { text: 'Met nobody at the meetup' });
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);

    await updateMemory(t, a.readWriteKey, memoryId, { text: 'Met ada lovelace after all' });
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['unlinked_mention', [memoryId]]]);
  });

  test('a Memory that starts mentioning the Subject after an edit gets an insight', async () => {
    const { a, subjectId } = await adaWorld();
    const memoryId = (await createMemory(t, a.readWriteKey, { text: 'Lunch with a colleague' })).id;
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);
    await updateMemory(t, a.readWriteKey, memoryId, { text: 'Lunch with Ada' });
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['unlinked_mention', [memoryId]]]);
  });

  test('renaming the Subject or changing its aliases updates the mentions', async () => {
    const { a, subjectId } = await adaWorld();
    const memoryId = (await createMemory(t, a.readWriteKey, { text: 'Met Ada at the meetup' })).id;
    const countess = (await createMemory(t, a.readWriteKey, { text: 'The Countess of Lovelace sent a note' })).id;
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['unlinked_mention', [memoryId]]]);

    const dropAlias = await t.http.patch(`/v1/subjects/${subjectId}`).set(bearer(a.readWriteKey)).send({ aliases: [] });
    expect(dropAlias.status).toBe(200);
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);

    const rename = await t.http
      .patch(`/v1/subjects/${subjectId}`)
      .set(bearer(a.readWriteKey))
      .send({ name: 'Countess of Lovelace', aliases: ['ADA'] });
    expect(rename.status).toBe(200);
    const list = await causes(a.readWriteKey, subjectId);
    expect(list.map(([, ids]) => ids[0]).sort()).toEqual([memoryId, countess].sort());
  });

  test('deleting the Memory removes the insight', async () => {
    const { a, subjectId } = await adaWorld();
    const memoryId = (await createMemory(t, a.readWriteKey, { text: 'Met Ada at the meetup' })).id;
    expect(await causes(a.readWriteKey, subjectId)).toHaveLength(1);

    expect((await t.http.delete(`/v1/memories/${memoryId}`).set(bearer(a.readWriteKey))).status).toBe(200);
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);
  });

  test('accented names match case-insensitively, whether the Memory comes before or after the Subject', async () => {
    const a = await t.account();
    const before = (await createMemory(t, a.readWriteKey, { text: 'Coffee with ZOË tomorrow' })).id;
    (await createMemory(t, a.readWriteKey, { text: 'Zoëy is someone else' })).id;
    const subjectId = (await createSubject(t, a.readWriteKey, { name: 'Zoë Keating', kind: 'person', aliases: ['Zoë'] })).id;
    const after = (await createMemory(t, a.readWriteKey, { text: 'zoë called back' })).id;
    expect(await causes(a.readWriteKey, subjectId)).toEqual([
      ['unlinked_mention', [before]],
      ['unlinked_mention', [after]],
    ]);
  });

  test('a name with LIKE wildcards (% and _) is matched literally in Memories written before the Subject', async () => {
    const a = await t.account();
    const literal = (await createMemory(t, a.readWriteKey, { text: 'Joined the 100%_club today' })).id;
    (await createMemory(t, a.readWriteKey, { text: 'Joined the 100xyclub today' })).id;
    const subjectId = (await createSubject(t, a.readWriteKey, { name: '100%_Club', kind: 'person' })).id;
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['unlinked_mention', [literal]]]);
  });

  test("another account's Memory that mentions the name gives no insight here", async () => {
    const { a, subjectId } = await adaWorld();
    const b = await t.account();
    (await createMemory(t, b.readWriteKey, { text: 'Met Ada at the meetup' })).id;
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);
  });
});

describe('possible_duplicate insights', () => {
  async function linkedPair(first: string, second: string) {
    const a = await t.account();
    const subjectId = (await createSubject(t, a.readWriteKey, { name: 'Release Train', kind: 'person' })).id;
    const m1 = (await createMemory(t, a.readWriteKey, { text: first })).id;
    const m2 = (await createMemory(t, a.readWriteKey, { text: second })).id;
    await linkMemory(t, a.readWriteKey, subjectId, m1);
    await linkMemory(t, a.readWriteKey, subjectId, m2);
    return { a, subjectId, m1, m2 };
  }

  const LONG = 'The quarterly planning meeting moves to the large conference room on the third floor next week';

  test('two linked Memories equal after folding case, whitespace and punctuation give one insight with both IDs, sorted', async () => {
    const { a, subjectId, m1, m2 } = await linkedPair('Ship it on Friday!', 'ship it   on friday');
    const list = await insights(a.readOnlyKey, subjectId);
    expect(list.data).toEqual([
      {
        id: expect.stringMatching(INSIGHT_ID),
        subject_id: subjectId,
        kind: 'possible_duplicate',
        status: 'pending',
        summary: expect.any(String),
        memory_ids: [m1, m2].sort(),
        created_at: expect.stringMatching(TIMESTAMP_PATTERN),
      },
    ]);
  });

  test('near-identical texts (one character changed in a long sentence) give an insight', async () => {
    const { a, subjectId, m1, m2 } = await linkedPair(LONG, LONG.replace('third', 'thirt'));
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['possible_duplicate', [m1, m2].sort()]]);
  });

  test('clearly different texts give no insight', async () => {
    const { a, subjectId } = await linkedPair('Ship it on Friday!', 'Retrospective notes are in the wiki');
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);
  });

  test('texts in another script are compared by their letters: equal ones are duplicates, different ones are not', async () => {
    const same = await linkedPair('Привет, как дела?', 'привет   как дела');
    expect(await causes(same.a.readWriteKey, same.subjectId)).toEqual([['possible_duplicate', [same.m1, same.m2].sort()]]);
    const different = await linkedPair('Привет, как дела?', 'Совсем другой текст здесь');
    expect(await causes(different.a.readWriteKey, different.subjectId)).toEqual([]);
  });

  test('texts made only of symbols are not duplicates of each other just because nothing is left after folding', async () => {
    const { a, subjectId } = await linkedPair('👍', '👎');
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);
  });

  test('equal texts that are not both linked to the Subject give no duplicate insight', async () => {
    const a = await t.account();
    const subjectId = (await createSubject(t, a.readWriteKey, { name: 'Release Train', kind: 'person' })).id;
    const m1 = (await createMemory(t, a.readWriteKey, { text: 'Ship it on Friday!' })).id;
    (await createMemory(t, a.readWriteKey, { text: 'ship it on friday' })).id;
    await linkMemory(t, a.readWriteKey, subjectId, m1);
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);
  });

  test('duplicates are found per Subject: the insight belongs to the Subject both Memories are linked to', async () => {
    const { a, subjectId, m1, m2 } = await linkedPair('Ship it on Friday!', 'ship it on friday');
    const other = (await createSubject(t, a.readWriteKey, { name: 'Another Project', kind: 'person' })).id;
    await linkMemory(t, a.readWriteKey, other, m1);
    expect(await causes(a.readWriteKey, other)).toEqual([]);
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['possible_duplicate', [m1, m2].sort()]]);
  });

  test('unlinking one of the Memories removes the insight', async () => {
    const { a, subjectId, m2 } = await linkedPair('Ship it on Friday!', 'ship it on friday');
    expect(await causes(a.readWriteKey, subjectId)).toHaveLength(1);
    await unlink(a.readWriteKey, subjectId, m2);
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);
  });

  test('editing one of them to a different text removes the insight', async () => {
    const { a, subjectId, m1 } = await linkedPair('Ship it on Friday!', 'ship it on friday');
    expect(await causes(a.readWriteKey, subjectId)).toHaveLength(1);
    await updateMemory(t, a.readWriteKey, m1, { text: 'Postponed to Monday after the incident review' });
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);
  });

  test('editing a linked Memory into a duplicate of another creates the insight', async () => {
    const { a, subjectId, m1, m2 } = await linkedPair('Ship it on Friday!', 'Retrospective notes are in the wiki');
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);
    await updateMemory(t, a.readWriteKey, m2, { text: 'SHIP IT ON FRIDAY.' });
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['possible_duplicate', [m1, m2].sort()]]);
  });

  test('deleting one of them removes the insight', async () => {
    const { a, subjectId, m1 } = await linkedPair('Ship it on Friday!', 'ship it on friday');
    expect((await t.http.delete(`/v1/memories/${m1}`).set(bearer(a.readWriteKey))).status).toBe(200);
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);
  });

  test('three copies give one insight per pair', async () => {
    const a = await t.account();
    const subjectId = (await createSubject(t, a.readWriteKey, { name: 'Release Train', kind: 'person' })).id;
    const ids: string[] = [];
    for (const text of ['Ship it on Friday!', 'ship it on friday', 'SHIP IT, ON FRIDAY']) {
      const id = (await createMemory(t, a.readWriteKey, { text: text })).id;
      await linkMemory(t, a.readWriteKey, subjectId, id);
      ids.push(id);
    }
    const [x, y, z] = ids as [string, string, string];
    const pairs = (await causes(a.readWriteKey, subjectId)).map(([, memoryIds]) => memoryIds.join(','));
    expect(pairs.sort()).toEqual([[x, y].sort(), [x, z].sort(), [y, z].sort()].map((p) => p.join(',')).sort());
  });
});

describe('possible_duplicate insights among many Memories that all look alike', () => {
  /** Imports `texts` as Memories linked to one Subject, each link a minute after the one before; returns the Subject's ID and the Memories' IDs in file order. */
  async function importLinked(token: string, texts: readonly string[]): Promise<{ subjectId: string; ids: string[] }> {
    const lines: Line[] = [header(), subjectLine(fileId('sub', 1), 'Weather Diary')];
    texts.forEach((text, n) => lines.push(memoryLine(fileId('mem', n + 1), text)));
    texts.forEach((_, n) =>
      lines.push({ type: 'link', data: { subject_id: fileId('sub', 1), memory_id: fileId('mem', n + 1), created_at: new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString() } }),
    );
    lines.push(end({ subjects: 1, memories: texts.length, links: texts.length }));
    const res = await importText(t, token, toText(lines));
    expect(res.status).toBe(200);
    const subjectId = (await t.http.get('/v1/subjects').set(bearer(token))).body.data[0].id as string;
    const exported = (await t.http.get(`/v1/subjects/${subjectId}/memories`).query({ limit: 100 }).set(bearer(token))).body.data as Array<{ id: string; text: string }>;
    const byText = new Map(exported.map((m) => [m.text, m.id]));
    return { subjectId, ids: texts.map((text) => byText.get(text) ?? '') };
  }

  /** How many pending duplicate insights of the Subject each Memory is in. */
  async function pairsPerMemory(token: string, subjectId: string): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof insights>> = await insights(token, subjectId, { limit: 100, ...(cursor ? { cursor } : {}) });
      for (const insight of page.data) {
        expect(insight.kind).toBe('possible_duplicate');
        for (const id of insight.memory_ids) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      cursor = page.next_cursor;
    } while (cursor);
    return counts;
  }

  const diary = (n: number) => `The weather diary of the garden behind the house by the river, kept every morning before breakfast, entry ${n}.`;

  test(`when ${DUPLICATES_PER_MEMORY * 4} near-identical Memories are imported linked to one Subject, then each is in at least one and at most ${DUPLICATES_PER_MEMORY} duplicate insights, and a twin linked later adds at most ${DUPLICATES_PER_MEMORY}`, async () => {
    const a = await t.account();
    const texts = Array.from({ length: DUPLICATES_PER_MEMORY * 4 }, (_, n) => diary(n + 1));
    const { subjectId, ids } = await importLinked(a.session, texts);
    const before = await pairsPerMemory(a.session, subjectId);
    expect(ids.filter((id) => !before.has(id))).toEqual([]);
    expect(Math.max(...before.values())).toBeLessThanOrEqual(DUPLICATES_PER_MEMORY);
    // Every pair of them would be (texts.length - 1) per Memory.
    expect([...before.values()].reduce((sum, count) => sum + count, 0) / 2).toBeLessThanOrEqual((texts.length * DUPLICATES_PER_MEMORY) / 2);

    const twin = (await createMemory(t, a.readWriteKey, { text: diary(999) })).id;
    await linkMemory(t, a.readWriteKey, subjectId, twin);
    const after = await pairsPerMemory(a.session, subjectId);
    expect(after.get(twin)).toBe(DUPLICATES_PER_MEMORY);
  });

  test(`when a Subject has more than ${DUPLICATE_COMPARED_MEMORIES} Memories, then one linked alone is compared with the ${DUPLICATE_COMPARED_MEMORIES} linked most recently`, async () => {
    const a = await t.account();
    // Texts unlike each other: 40 letters drawn by a generator seeded with n.
    const unlike = (n: number) => {
      let state = n + 1;
      return Array.from({ length: 40 }, () => {
        state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
        return String.fromCharCode(97 + (state % 26));
      }).join('');
    };
    const oldest = 'Lighthouse keeper log: the lamp was trimmed at dusk and the fog horn sounded twice.';
    const newest = 'Harbour master note: the ferry left late because of the storm over the northern bay.';
    const texts = [oldest, ...Array.from({ length: DUPLICATE_COMPARED_MEMORIES - 1 }, (_, n) => unlike(n)), newest];
    const { subjectId, ids } = await importLinked(a.session, texts);
    expect(await causes(a.session, subjectId)).toEqual([]);

    for (const text of [`${oldest}!`, `${newest}!`]) {
      const twin = (await createMemory(t, a.readWriteKey, { text })).id;
      await linkMemory(t, a.readWriteKey, subjectId, twin);
    }
    // The twin of the first linked is not compared with it: it is no longer among the most recent.
    const found = await causes(a.session, subjectId);
    expect(found).toHaveLength(1);
    expect(found[0]![1]).toContain(ids[ids.length - 1]);
  });
});

describe('insight identity and listing', () => {
  test('listing twice gives the same insight ID, and unrelated changes keep it', async () => {
    const { a, subjectId } = await adaWorld();
    const memoryId = (await createMemory(t, a.readWriteKey, { text: 'Met Ada at the meetup' })).id;
    const first = (await insights(a.readWriteKey, subjectId)).data;
    const second = (await insights(a.readWriteKey, subjectId)).data;
    expect(second).toEqual(first);
    expect(first).toHaveLength(1);

    (await createMemory(t, a.readWriteKey, { text: 'Bought new shoes' })).id;
    (await createSubject(t, a.readWriteKey, { name: 'Charles Babbage', kind: 'person' })).id;
    await updateMemory(t, a.readWriteKey, memoryId, { tags: ['events'] });
    await updateMemory(t, a.readWriteKey, memoryId, { text: 'Met Ada again at the meetup' });
    await t.http.patch(`/v1/subjects/${subjectId}`).set(bearer(a.readWriteKey)).send({ description: 'Mathematician' }).expect(200);

    const after = (await insights(a.readWriteKey, subjectId)).data;
    expect(after.map((i) => i.id)).toEqual([first[0]?.id]);
  });

  test('pending insights are listed oldest first, page by page', async () => {
    const { a, subjectId } = await adaWorld();
    const ids: string[] = [];
    for (const text of ['Ada one', 'Ada two', 'Ada three']) ids.push((await createMemory(t, a.readWriteKey, { text: text })).id);

    const all = await insights(a.readOnlyKey, subjectId);
    expect(all.data.map((i) => i.memory_ids[0])).toEqual(ids);

    const first = await insights(a.readOnlyKey, subjectId, { limit: 2 });
    expect(first.data.map((i) => i.memory_ids[0])).toEqual(ids.slice(0, 2));
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await insights(a.readOnlyKey, subjectId, { limit: 2, cursor: first.next_cursor! });
    expect(second.data.map((i) => i.memory_ids[0])).toEqual(ids.slice(2));
    expect(second.next_cursor).toBeNull();

    expectError(
      await t.http.get(`/v1/subjects/${subjectId}/memory-insights?limit=101`).set(bearer(a.readOnlyKey)),
      400,
      'invalid_request',
    );
  });

  test("an unknown Subject, or another account's, is 404 subject_not_found", async () => {
    const { a } = await adaWorld();
    const b = await adaWorld();
    (await createMemory(t, b.a.readWriteKey, { text: 'Met Ada at the meetup' })).id;
    expect(await causes(b.a.readWriteKey, b.subjectId)).toHaveLength(1);

    for (const token of [a.session, a.readOnlyKey]) {
      expectError(await t.http.get(`/v1/subjects/${UNKNOWN_SUBJECT}/memory-insights`).set(bearer(token)), 404, 'subject_not_found');
      expectError(await t.http.get(`/v1/subjects/${b.subjectId}/memory-insights`).set(bearer(token)), 404, 'subject_not_found');
    }
  });

  test('a malformed Subject ID is 400 invalid_request', async () => {
    const { a } = await adaWorld();
    expectError(await t.http.get('/v1/subjects/sub_nope/memory-insights').set(bearer(a.session)), 400, 'invalid_request');
  });
});

describe('dismissing an insight', () => {
  test('the session gets 200 with status dismissed; it leaves the pending list; dismissing again is 200', async () => {
    const { a, subjectId } = await adaWorld();
    const memoryId = (await createMemory(t, a.readWriteKey, { text: 'Met Ada at the meetup' })).id;
    const [insight] = (await insights(a.session, subjectId)).data;

    const res = await dismiss(a.session, insight!.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, data: { ...insight, status: 'dismissed' } });
    expect(await causes(a.session, subjectId)).toEqual([]);
    expect(await causes(a.readOnlyKey, subjectId)).toEqual([]);

    const again = await dismiss(a.session, insight!.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);

    // The cause lasts (the Memory still mentions Ada without a link): it stays dismissed.
    await updateMemory(t, a.readWriteKey, memoryId, { text: 'Met Ada once more at the meetup' });
    (await createMemory(t, a.readWriteKey, { text: 'Unrelated shopping list' })).id;
    expect(await causes(a.session, subjectId)).toEqual([]);
  });

  test('API keys of either mode get 403 session_required and the insight stays pending', async () => {
    const { a, subjectId } = await adaWorld();
    (await createMemory(t, a.readWriteKey, { text: 'Met Ada at the meetup' })).id;
    const [insight] = (await insights(a.session, subjectId)).data;

    for (const key of [a.readWriteKey, a.readOnlyKey]) expectError(await dismiss(key, insight!.id), 403, 'session_required');
    expect((await insights(a.session, subjectId)).data).toEqual([insight]);
  });

  test('a malformed insight ID is 400 invalid_request', async () => {
    const { a } = await adaWorld();
    expectError(await dismiss(a.session, 'ins_short'), 400, 'invalid_request');
  });

  test('an unknown insight is 404 insight_not_found', async () => {
    const { a } = await adaWorld();
    expectError(await dismiss(a.session, UNKNOWN_INSIGHT), 404, 'insight_not_found');
  });

  test("another account's insight is 404 insight_not_found and stays pending for its owner", async () => {
    const { a, subjectId } = await adaWorld();
    const b = await t.account();
    (await createMemory(t, a.readWriteKey, { text: 'Met Ada at the meetup' })).id;
    const [insight] = (await insights(a.session, subjectId)).data;

    const res = await dismiss(b.session, insight!.id);
    expect((await insights(a.session, subjectId)).data).toEqual([insight]);
    expectError(res, 404, 'insight_not_found');
  });
});

describe('insights and secret Memories', () => {
  test('a mention by a secret Memory is listed for the session but not for API keys', async () => {
    const { a, subjectId } = await adaWorld();
    const visible = (await createMemory(t, a.readWriteKey, { text: 'Met Ada at the meetup' })).id;
    const secret = (await createMemory(t, a.session, { text: "Ada's private phone number is in the vault", sensitivity: 'secret' })).id;

    const bySession = await causes(a.session, subjectId);
    expect(bySession).toEqual([
      ['unlinked_mention', [visible]],
      ['unlinked_mention', [secret]],
    ]);
    for (const key of [a.readOnlyKey, a.readWriteKey]) {
      expect(await causes(key, subjectId)).toEqual([['unlinked_mention', [visible]]]);
    }
  });

  test('a duplicate pair with a secret Memory is hidden from API keys', async () => {
    const a = await t.account();
    const subjectId = (await createSubject(t, a.readWriteKey, { name: 'Release Train', kind: 'person' })).id;
    const normal = (await createMemory(t, a.readWriteKey, { text: 'Ship it on Friday!' })).id;
    const secret = (await createMemory(t, a.session, { text: 'ship it on friday', sensitivity: 'secret' })).id;
    await linkMemory(t, a.readWriteKey, subjectId, normal);
    await linkMemory(t, a.session, subjectId, secret);

    expect(await causes(a.session, subjectId)).toEqual([['possible_duplicate', [normal, secret].sort()]]);
    expect(await causes(a.readOnlyKey, subjectId)).toEqual([]);
  });

  test('a Memory that becomes secret takes its insight out of the API-key view', async () => {
    const { a, subjectId } = await adaWorld();
    const memoryId = (await createMemory(t, a.session, { text: 'Met Ada at the meetup' })).id;
    expect(await causes(a.readOnlyKey, subjectId)).toEqual([['unlinked_mention', [memoryId]]]);

    await updateMemory(t, a.session, memoryId, { sensitivity: 'secret' });
    expect(await causes(a.readOnlyKey, subjectId)).toEqual([]);
    expect(await causes(a.session, subjectId)).toEqual([['unlinked_mention', [memoryId]]]);
  });
});
