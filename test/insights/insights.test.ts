import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const INSIGHT_ID = /^ins_[0-9A-HJKMNP-TV-Z]{26}$/;
const UNKNOWN_INSIGHT = 'ins_01JD2X5Y7Z8A9B0C1D2E3F4G5H';
const UNKNOWN_SUBJECT = 'sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H';

interface Insight {
  id: string;
  subject_id: string;
  kind: 'unlinked_mention' | 'possible_duplicate';
  status: 'pending' | 'dismissed';
  summary: string;
  memory_ids: string[];
  created_at: string;
}

async function createMemory(token: string, text: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await t.http.post('/v1/memories').set(bearer(token)).send({ text, ...extra });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

async function editMemory(token: string, id: string, patch: Record<string, unknown>): Promise<void> {
  const res = await t.http.patch(`/v1/memories/${id}`).set(bearer(token)).send(patch);
  expect(res.status).toBe(200);
}

async function createSubject(token: string, name: string, aliases: string[] = []): Promise<string> {
  const res = await t.http.post('/v1/subjects').set(bearer(token)).send({ name, kind: 'person', aliases });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

async function link(token: string, subjectId: string, memoryId: string): Promise<void> {
  const res = await t.http.post(`/v1/subjects/${subjectId}/memories`).set(bearer(token)).send({ memory_id: memoryId });
  expect(res.status).toBe(201);
}

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
  const subjectId = await createSubject(a.readWriteKey, 'Ada Lovelace', ['Ada']);
  return { a, subjectId };
}

describe('unlinked_mention insights', () => {
  test('a Memory created after the Subject that mentions its alias gives one pending insight', async () => {
    const { a, subjectId } = await adaWorld();
    const memoryId = await createMemory(a.readWriteKey, 'Met Ada at the meetup');

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
        created_at: expect.stringMatching(ISO_MS),
      },
    ]);
    expect(list.data[0]?.summary.length).toBeGreaterThan(0);
  });

  test('a Memory created before the Subject gives the insight as soon as the Subject is created', async () => {
    const a = await t.account();
    const memoryId = await createMemory(a.readWriteKey, 'Met Ada at the meetup');
    const subjectId = await createSubject(a.readWriteKey, 'Ada Lovelace', ['Ada']);
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['unlinked_mention', [memoryId]]]);
  });

  test('the full name counts as well as the alias, and one Memory mentioning both gives one insight', async () => {
    const { a, subjectId } = await adaWorld();
    const both = await createMemory(a.readWriteKey, 'Ada Lovelace, known as Ada, wrote notes.');
    const full = await createMemory(a.readWriteKey, 'A letter from ada lovelace arrived.');
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
    const shouted = await createMemory(a.readWriteKey, 'ADA SAID HELLO');
    const punctuated = await createMemory(a.readWriteKey, 'Thanks, ada!');
    await createMemory(a.readWriteKey, 'John Adams wrote back');
    await createMemory(a.readWriteKey, 'Travelled to canada last spring');
    await createMemory(a.readWriteKey, 'The adage holds: measure twice');

    const list = await causes(a.readWriteKey, subjectId);
    expect(list.map(([, ids]) => ids[0]).sort()).toEqual([shouted, punctuated].sort());
    expect(list.every(([kind, ids]) => kind === 'unlinked_mention' && ids.length === 1)).toBe(true);
  });

  test('linking the Memory removes the insight; unlinking brings it back', async () => {
    const { a, subjectId } = await adaWorld();
    const memoryId = await createMemory(a.readWriteKey, 'Met Ada at the meetup');
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['unlinked_mention', [memoryId]]]);

    await link(a.readWriteKey, subjectId, memoryId);
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);

    await unlink(a.readWriteKey, subjectId, memoryId);
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['unlinked_mention', [memoryId]]]);
  });

  test('a link to another Subject does not remove the insight of this one', async () => {
    const { a, subjectId } = await adaWorld();
    const other = await createSubject(a.readWriteKey, 'Analytical Engine');
    const memoryId = await createMemory(a.readWriteKey, 'Met Ada at the meetup');
    await link(a.readWriteKey, other, memoryId);
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['unlinked_mention', [memoryId]]]);
  });

  test('editing the Memory so it no longer mentions the Subject removes the insight; mentioning it again brings one back', async () => {
    const { a, subjectId } = await adaWorld();
    const memoryId = await createMemory(a.readWriteKey, 'Met Ada at the meetup');

    await editMemory(a.readWriteKey, memoryId, { text: 'Met nobody at the meetup' });
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);

    await editMemory(a.readWriteKey, memoryId, { text: 'Met ada lovelace after all' });
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['unlinked_mention', [memoryId]]]);
  });

  test('a Memory that starts mentioning the Subject after an edit gets an insight', async () => {
    const { a, subjectId } = await adaWorld();
    const memoryId = await createMemory(a.readWriteKey, 'Lunch with a colleague');
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);
    await editMemory(a.readWriteKey, memoryId, { text: 'Lunch with Ada' });
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['unlinked_mention', [memoryId]]]);
  });

  test('renaming the Subject or changing its aliases updates the mentions', async () => {
    const { a, subjectId } = await adaWorld();
    const memoryId = await createMemory(a.readWriteKey, 'Met Ada at the meetup');
    const countess = await createMemory(a.readWriteKey, 'The Countess of Lovelace sent a note');
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
    const memoryId = await createMemory(a.readWriteKey, 'Met Ada at the meetup');
    expect(await causes(a.readWriteKey, subjectId)).toHaveLength(1);

    expect((await t.http.delete(`/v1/memories/${memoryId}`).set(bearer(a.readWriteKey))).status).toBe(200);
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);
  });

  test('accented names match case-insensitively, whether the Memory comes before or after the Subject', async () => {
    const a = await t.account();
    const before = await createMemory(a.readWriteKey, 'Coffee with ZOË tomorrow');
    await createMemory(a.readWriteKey, 'Zoëy is someone else');
    const subjectId = await createSubject(a.readWriteKey, 'Zoë Keating', ['Zoë']);
    const after = await createMemory(a.readWriteKey, 'zoë called back');
    expect(await causes(a.readWriteKey, subjectId)).toEqual([
      ['unlinked_mention', [before]],
      ['unlinked_mention', [after]],
    ]);
  });

  test('a name with LIKE wildcards (% and _) is matched literally in Memories written before the Subject', async () => {
    const a = await t.account();
    const literal = await createMemory(a.readWriteKey, 'Joined the 100%_club today');
    await createMemory(a.readWriteKey, 'Joined the 100xyclub today');
    const subjectId = await createSubject(a.readWriteKey, '100%_Club');
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['unlinked_mention', [literal]]]);
  });

  test("another account's Memory that mentions the name gives no insight here", async () => {
    const { a, subjectId } = await adaWorld();
    const b = await t.account();
    await createMemory(b.readWriteKey, 'Met Ada at the meetup');
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);
  });
});

describe('possible_duplicate insights', () => {
  async function linkedPair(first: string, second: string) {
    const a = await t.account();
    const subjectId = await createSubject(a.readWriteKey, 'Release Train');
    const m1 = await createMemory(a.readWriteKey, first);
    const m2 = await createMemory(a.readWriteKey, second);
    await link(a.readWriteKey, subjectId, m1);
    await link(a.readWriteKey, subjectId, m2);
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
        created_at: expect.stringMatching(ISO_MS),
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
    const subjectId = await createSubject(a.readWriteKey, 'Release Train');
    const m1 = await createMemory(a.readWriteKey, 'Ship it on Friday!');
    await createMemory(a.readWriteKey, 'ship it on friday');
    await link(a.readWriteKey, subjectId, m1);
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);
  });

  test('duplicates are found per Subject: the insight belongs to the Subject both Memories are linked to', async () => {
    const { a, subjectId, m1, m2 } = await linkedPair('Ship it on Friday!', 'ship it on friday');
    const other = await createSubject(a.readWriteKey, 'Another Project');
    await link(a.readWriteKey, other, m1);
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
    await editMemory(a.readWriteKey, m1, { text: 'Postponed to Monday after the incident review' });
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);
  });

  test('editing a linked Memory into a duplicate of another creates the insight', async () => {
    const { a, subjectId, m1, m2 } = await linkedPair('Ship it on Friday!', 'Retrospective notes are in the wiki');
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);
    await editMemory(a.readWriteKey, m2, { text: 'SHIP IT ON FRIDAY.' });
    expect(await causes(a.readWriteKey, subjectId)).toEqual([['possible_duplicate', [m1, m2].sort()]]);
  });

  test('deleting one of them removes the insight', async () => {
    const { a, subjectId, m1 } = await linkedPair('Ship it on Friday!', 'ship it on friday');
    expect((await t.http.delete(`/v1/memories/${m1}`).set(bearer(a.readWriteKey))).status).toBe(200);
    expect(await causes(a.readWriteKey, subjectId)).toEqual([]);
  });

  test('three copies give one insight per pair', async () => {
    const a = await t.account();
    const subjectId = await createSubject(a.readWriteKey, 'Release Train');
    const ids: string[] = [];
    for (const text of ['Ship it on Friday!', 'ship it on friday', 'SHIP IT, ON FRIDAY']) {
      const id = await createMemory(a.readWriteKey, text);
      await link(a.readWriteKey, subjectId, id);
      ids.push(id);
    }
    const [x, y, z] = ids as [string, string, string];
    const pairs = (await causes(a.readWriteKey, subjectId)).map(([, memoryIds]) => memoryIds.join(','));
    expect(pairs.sort()).toEqual([[x, y].sort(), [x, z].sort(), [y, z].sort()].map((p) => p.join(',')).sort());
  });
});

describe('insight identity and listing', () => {
  test('listing twice gives the same insight ID, and unrelated changes keep it', async () => {
    const { a, subjectId } = await adaWorld();
    const memoryId = await createMemory(a.readWriteKey, 'Met Ada at the meetup');
    const first = (await insights(a.readWriteKey, subjectId)).data;
    const second = (await insights(a.readWriteKey, subjectId)).data;
    expect(second).toEqual(first);
    expect(first).toHaveLength(1);

    await createMemory(a.readWriteKey, 'Bought new shoes');
    await createSubject(a.readWriteKey, 'Charles Babbage');
    await editMemory(a.readWriteKey, memoryId, { tags: ['events'] });
    await editMemory(a.readWriteKey, memoryId, { text: 'Met Ada again at the meetup' });
    await t.http.patch(`/v1/subjects/${subjectId}`).set(bearer(a.readWriteKey)).send({ description: 'Mathematician' }).expect(200);

    const after = (await insights(a.readWriteKey, subjectId)).data;
    expect(after.map((i) => i.id)).toEqual([first[0]?.id]);
  });

  test('pending insights are listed oldest first, page by page', async () => {
    const { a, subjectId } = await adaWorld();
    const ids: string[] = [];
    for (const text of ['Ada one', 'Ada two', 'Ada three']) ids.push(await createMemory(a.readWriteKey, text));

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
    await createMemory(b.a.readWriteKey, 'Met Ada at the meetup');
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
    const memoryId = await createMemory(a.readWriteKey, 'Met Ada at the meetup');
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
    await editMemory(a.readWriteKey, memoryId, { text: 'Met Ada once more at the meetup' });
    await createMemory(a.readWriteKey, 'Unrelated shopping list');
    expect(await causes(a.session, subjectId)).toEqual([]);
  });

  test('API keys of either mode get 403 session_required and the insight stays pending', async () => {
    const { a, subjectId } = await adaWorld();
    await createMemory(a.readWriteKey, 'Met Ada at the meetup');
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
    await createMemory(a.readWriteKey, 'Met Ada at the meetup');
    const [insight] = (await insights(a.session, subjectId)).data;

    const res = await dismiss(b.session, insight!.id);
    expect((await insights(a.session, subjectId)).data).toEqual([insight]);
    expectError(res, 404, 'insight_not_found');
  });
});

describe('insights and secret Memories', () => {
  test('a mention by a secret Memory is listed for the session but not for API keys', async () => {
    const { a, subjectId } = await adaWorld();
    const visible = await createMemory(a.readWriteKey, 'Met Ada at the meetup');
    const secret = await createMemory(a.session, "Ada's private phone number is in the vault", { sensitivity: 'secret' });

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
    const subjectId = await createSubject(a.readWriteKey, 'Release Train');
    const normal = await createMemory(a.readWriteKey, 'Ship it on Friday!');
    const secret = await createMemory(a.session, 'ship it on friday', { sensitivity: 'secret' });
    await link(a.readWriteKey, subjectId, normal);
    await link(a.session, subjectId, secret);

    expect(await causes(a.session, subjectId)).toEqual([['possible_duplicate', [normal, secret].sort()]]);
    expect(await causes(a.readOnlyKey, subjectId)).toEqual([]);
  });

  test('a Memory that becomes secret takes its insight out of the API-key view', async () => {
    const { a, subjectId } = await adaWorld();
    const memoryId = await createMemory(a.session, 'Met Ada at the meetup');
    expect(await causes(a.readOnlyKey, subjectId)).toEqual([['unlinked_mention', [memoryId]]]);

    await editMemory(a.session, memoryId, { sensitivity: 'secret' });
    expect(await causes(a.readOnlyKey, subjectId)).toEqual([]);
    expect(await causes(a.session, subjectId)).toEqual([['unlinked_mention', [memoryId]]]);
  });
});
