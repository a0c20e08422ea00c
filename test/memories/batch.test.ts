import { expectError } from '../support/assertions';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import type { DataOf } from '../support/client';
import { createMemory } from '../support/factories';

type BatchData = DataOf<'batchGetMemories'>;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A well-formed Memory ID that no account has. */
const UNKNOWN_ID = 'mem_00000000000000000000000000';
const UNKNOWN_ID_2 = 'mem_0000000000ZZZZZZZZZZZZZZZZ';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const codePoints = (text: string) => [...text].length;
/** A text of exactly `length` code points, distinct per `label`. */
const textOf = (length: number, label: string) => `${label} `.concat('x'.repeat(length)).slice(0, length);

/** Creates Memories one after another (so their order is known) and returns their IDs. */
async function rememberAll(token: string, texts: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const text of texts) out.push((await createMemory(t, token, { text })).id);
  return out;
}

function batch(token: string, ids: string[]) {
  return t.http.get(`/v1/memories/batch?ids=${ids.join(',')}`).set(bearer(token));
}

async function batchData(token: string, ids: string[]): Promise<BatchData> {
  const res = await batch(token, ids);
  expect(res.status).toBe(200);
  expect(res.body.ok).toBe(true);
  return res.body.data;
}

const budgetExceeded = (id: string) => ({
  id,
  status: 'error',
  error: { code: 'body_budget_exceeded', message: expect.any(String) },
});
const notFound = (id: string) => ({
  id,
  status: 'error',
  error: { code: 'memory_not_found', message: expect.any(String) },
});

describe('budgets', () => {
  test('eight Memories of 2,000 characters: six fit the 12,000 budget, the last two are body_budget_exceeded', async () => {
    const alice = await t.account();
    const ids = await rememberAll(
      alice.readWriteKey,
      Array.from({ length: 8 }, (_, i) => textOf(2000, `m${i + 1}`)),
    );
    const data = await batchData(alice.readOnlyKey, ids);

    expect(data.items.map((item) => item.id)).toEqual(ids);
    for (const item of data.items.slice(0, 6)) {
      expect(item.status).toBe('ok');
      expect(codePoints(item.memory!.text)).toBe(2000);
      expect(item.truncated).toBe(false);
      expect(item.text_length).toBe(2000);
      expect(item.memory!.id).toBe(item.id);
      expect(item.error).toBeUndefined();
    }
    expect(data.items[6]).toEqual(budgetExceeded(ids[6]!));
    expect(data.items[7]).toEqual(budgetExceeded(ids[7]!));
    expect(data.budget).toEqual({ per_item: 2000, total: 12000, used: 12000 });
  });

  test('an item longer than 2,000 is cut to 2,000 with truncated true and text_length the full length', async () => {
    const bob = await t.account();
    const text = textOf(2600, 'long');
    const [id] = await rememberAll(bob.readWriteKey, [text]);
    const data = await batchData(bob.readOnlyKey, [id!]);
    expect(data.items).toHaveLength(1);
    const item = data.items[0]!;
    expect(item).toMatchObject({ id, status: 'ok', truncated: true, text_length: 2600 });
    expect(item.memory!.text).toBe(text.slice(0, 2000));
    expect(item.memory!.text_truncated).toBe(true);
    expect(data.budget).toEqual({ per_item: 2000, total: 12000, used: 2000 });

    // GET one still returns the whole text.
    const full = await t.http.get(`/v1/memories/${id}`).set(bearer(bob.readOnlyKey));
    expect(full.status).toBe(200);
    expect(full.body.data.text).toBe(text);
  });

  test('a short item is returned whole, with truncated false', async () => {
    const carol = await t.account();
    const [id] = await rememberAll(carol.readWriteKey, ['Likes green tea']);
    const data = await batchData(carol.readOnlyKey, [id!]);
    expect(data.items[0]).toMatchObject({ id, status: 'ok', truncated: false, text_length: 15 });
    expect(data.items[0]!.memory!.text).toBe('Likes green tea');
    expect(data.budget.used).toBe(15);
  });

  test('five items of 2,000 then one of 2,500: the sixth gets the 2,000 left and is marked truncated', async () => {
    const dave = await t.account();
    const texts = [...Array.from({ length: 5 }, (_, i) => textOf(2000, `d${i}`)), textOf(2500, 'sixth')];
    const ids = await rememberAll(dave.readWriteKey, texts);
    const data = await batchData(dave.readOnlyKey, ids);
    expect(data.items.every((item) => item.status === 'ok')).toBe(true);
    const sixth = data.items[5]!;
    expect(sixth).toMatchObject({ status: 'ok', truncated: true, text_length: 2500 });
    expect(sixth.memory!.text).toBe(texts[5]!.slice(0, 2000));
    expect(data.budget.used).toBe(12000);
  });

  test('an item that finds less budget left than it needs gets only what is left (500 of 1,800)', async () => {
    const erin = await t.account();
    const lengths = [2000, 2000, 2000, 2000, 2000, 1500, 1800, 300];
    const texts = lengths.map((length, i) => textOf(length, `e${i}`));
    const ids = await rememberAll(erin.readWriteKey, texts);
    const data = await batchData(erin.readOnlyKey, ids);

    expect(data.items.slice(0, 6).map((item) => [item.status, item.truncated, codePoints(item.memory!.text)])).toEqual([
      ['ok', false, 2000],
      ['ok', false, 2000],
      ['ok', false, 2000],
      ['ok', false, 2000],
      ['ok', false, 2000],
      ['ok', false, 1500],
    ]);
    const seventh = data.items[6]!;
    expect(seventh).toMatchObject({ id: ids[6], status: 'ok', truncated: true, text_length: 1800 });
    expect(seventh.memory!.text).toBe(texts[6]!.slice(0, 500));
    expect(seventh.memory!.text_truncated).toBe(true);
    // Nothing is left for the eighth, however short it is.
    expect(data.items[7]).toEqual(budgetExceeded(ids[7]!));
    expect(data.budget).toEqual({ per_item: 2000, total: 12000, used: 12000 });
  });

  test('lengths and budgets count code points: 2,000 emoji (4,000 UTF-16 units) fit one item whole', async () => {
    const frank = await t.account();
    const text = '😀'.repeat(2000);
    const [id] = await rememberAll(frank.readWriteKey, [text]);
    const data = await batchData(frank.readOnlyKey, [id!]);
    expect(data.items[0]).toMatchObject({ status: 'ok', truncated: false, text_length: 2000 });
    expect(data.items[0]!.memory!.text).toBe(text);
    expect(data.budget.used).toBe(2000);
  });
});

describe('cutting never splits a code point', () => {
  test('1,999 letters then two emoji: exactly 2,000 code points ending in one whole emoji', async () => {
    const gina = await t.account();
    const text = `${'a'.repeat(1999)}😀😀`;
    const [id] = await rememberAll(gina.readWriteKey, [text]);
    const data = await batchData(gina.readOnlyKey, [id!]);
    const item = data.items[0]!;
    const cut = item.memory!.text;
    expect(codePoints(cut)).toBe(2000);
    expect(cut).toBe(`${'a'.repeat(1999)}😀`);
    expect(cut.endsWith('😀')).toBe(true);
    expect(LONE_SURROGATE.test(cut)).toBe(false);
    expect(item).toMatchObject({ truncated: true, text_length: 2001 });
    expect(data.budget.used).toBe(2000);
  });

  test('a cut by the total budget next to emoji keeps whole emoji only', async () => {
    const hank = await t.account();
    const texts = [...Array.from({ length: 5 }, (_, i) => textOf(2000, `h${i}`)), `${'b'.repeat(1999)}😀😀`];
    const ids = await rememberAll(hank.readWriteKey, texts);
    const data = await batchData(hank.readOnlyKey, ids);
    const sixth = data.items[5]!;
    expect(sixth.memory!.text).toBe(`${'b'.repeat(1999)}😀`);
    expect(LONE_SURROGATE.test(sixth.memory!.text)).toBe(false);
    expect(data.budget.used).toBe(12000);
  });

  test('an emoji-only text longer than 2,000 is cut to 2,000 whole emoji', async () => {
    const ivan = await t.account();
    const [id] = await rememberAll(ivan.readWriteKey, ['🎉'.repeat(2100)]);
    const data = await batchData(ivan.readOnlyKey, [id!]);
    const cut = data.items[0]!.memory!.text;
    expect(cut).toBe('🎉'.repeat(2000));
    expect(LONE_SURROGATE.test(cut)).toBe(false);
    expect(data.items[0]).toMatchObject({ truncated: true, text_length: 2100 });
  });
});

describe('unknown, invisible and duplicate IDs', () => {
  test('unknown IDs are memory_not_found items that use no budget', async () => {
    const judy = await t.account();
    const ids = await rememberAll(
      judy.readWriteKey,
      Array.from({ length: 6 }, (_, i) => textOf(2000, `j${i}`)),
    );
    const data = await batchData(judy.readOnlyKey, [UNKNOWN_ID, ...ids, UNKNOWN_ID_2]);
    expect(data.items).toHaveLength(8);
    expect(data.items[0]).toEqual(notFound(UNKNOWN_ID));
    expect(data.items.slice(1, 7).every((item) => item.status === 'ok' && item.truncated === false)).toBe(true);
    expect(data.items[7]).toEqual(notFound(UNKNOWN_ID_2));
    expect(data.budget).toEqual({ per_item: 2000, total: 12000, used: 12000 });
  });

  test('a batch of unknown IDs only is still 200, with nothing used', async () => {
    const ken = await t.account();
    const res = await batch(ken.readOnlyKey, [UNKNOWN_ID]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      data: { items: [notFound(UNKNOWN_ID)], budget: { per_item: 2000, total: 12000, used: 0 } },
    });
  });

  test('another account\'s Memory is memory_not_found, never revealed', async () => {
    const owner = await t.account();
    const stranger = await t.account();
    const [id] = await rememberAll(owner.readWriteKey, ['Owner only']);
    const data = await batchData(stranger.session, [id!]);
    expect(data.items).toEqual([notFound(id!)]);
    expect(data.budget.used).toBe(0);
  });

  test('a secret Memory is memory_not_found for API keys and uses no budget, but is returned to the session', async () => {
    const lena = await t.account();
    const secret = await createMemory(t, lena.session, { text: 'The safe code is 4711', sensitivity: 'secret' });
    const normal = await createMemory(t, lena.readWriteKey, { text: 'Normal memory' });
    const forKey = await batchData(lena.readOnlyKey, [secret.id, normal.id]);
    expect(forKey.items[0]).toEqual(notFound(secret.id));
    expect(forKey.items[1]).toMatchObject({ id: normal.id, status: 'ok' });
    expect(forKey.budget.used).toBe('Normal memory'.length);

    const forSession = await batchData(lena.session, [secret.id, normal.id]);
    expect(forSession.items.map((item) => item.status)).toEqual(['ok', 'ok']);
    expect(forSession.items[0]!.memory!.text).toBe('The safe code is 4711');
  });

  test('duplicate IDs are returned once, in order of first appearance', async () => {
    const mia = await t.account();
    const [a, b, c] = await rememberAll(mia.readWriteKey, ['first', 'second', 'third']);
    const data = await batchData(mia.readOnlyKey, [b!, a!, b!, c!, a!, UNKNOWN_ID, UNKNOWN_ID]);
    expect(data.items.map((item) => [item.id, item.status])).toEqual([
      [b, 'ok'],
      [a, 'ok'],
      [c, 'ok'],
      [UNKNOWN_ID, 'error'],
    ]);
    expect(data.budget.used).toBe('secondfirstthird'.length);
  });
});

describe('request validation', () => {
  let nina: TestAccount;
  let ids: string[];
  beforeAll(async () => {
    nina = await t.account();
    ids = await rememberAll(
      nina.readWriteKey,
      Array.from({ length: 9 }, (_, i) => `nine ${i}`),
    );
  });

  test('eight IDs are allowed', async () => {
    const data = await batchData(nina.readOnlyKey, ids.slice(0, 8));
    expect(data.items).toHaveLength(8);
  });

  test('nine IDs are 400 batch_too_large', async () => {
    expectError(await batch(nina.readOnlyKey, ids), 400, 'batch_too_large');
  });

  test('nine IDs as sent are 400 batch_too_large even when some repeat', async () => {
    expectError(await batch(nina.readOnlyKey, [...ids.slice(0, 8), ids[0]!]), 400, 'batch_too_large');
  });

  test('a malformed ID is 400 invalid_request', async () => {
    expectError(await batch(nina.readOnlyKey, [ids[0]!, 'mem_123']), 400, 'invalid_request');
    expectError(await batch(nina.readOnlyKey, ['sub_01JD2X5Y7Z8A9B0C1D2E3F4G5H']), 400, 'invalid_request');
  });

  test('no ids parameter, or an empty one, is 400 invalid_request', async () => {
    expectError(await t.http.get('/v1/memories/batch').set(bearer(nina.readOnlyKey)), 400, 'invalid_request');
    expectError(await t.http.get('/v1/memories/batch?ids=').set(bearer(nina.readOnlyKey)), 400, 'invalid_request');
  });

  test('a batch needs a bearer token', async () => {
    const res = await t.http.get(`/v1/memories/batch?ids=${ids[0]}`);
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 401, code: 'unauthorized' });
  });
});
