import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';

/*
 * Subjects' memory_count and the startup context's `omitted` totals are read from counts the
 * service keeps current on every write (subject_memory_counts, memory_section_counts). These
 * tests change links and Memories every way the API allows and compare what the API reports, and
 * the stored counts, with a fresh count of the rows themselves.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const unique = (prefix: string) => `${prefix} ${randomBytes(4).toString('hex')}`;

async function accountIdOf(account: TestAccount): Promise<string> {
  const row = await t.database.db
    .selectFrom('api_keys')
    .select('account_id')
    .where('prefix', '=', account.readWriteKey.slice(0, 12))
    .executeTakeFirstOrThrow();
  return row.account_id;
}

async function createSubject(token: string): Promise<string> {
  const res = await t.http.post('/v1/subjects').set(bearer(token)).send({ name: unique('Subject') });
  expect(res.status).toBe(201);
  expect(res.body.data.memory_count).toBe(0);
  return res.body.data.id as string;
}

async function createMemory(token: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await t.http.post('/v1/memories').set(bearer(token)).send({ text: unique('note'), ...body });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

async function link(token: string, subjectId: string, memoryId: string, status = 201): Promise<void> {
  const res = await t.http.post(`/v1/subjects/${subjectId}/memories`).set(bearer(token)).send({ memory_id: memoryId });
  expect(res.status).toBe(status);
}

async function unlink(token: string, subjectId: string, memoryId: string): Promise<void> {
  const res = await t.http.delete(`/v1/subjects/${subjectId}/memories/${memoryId}`).set(bearer(token));
  expect(res.status).toBe(200);
}

async function patch(token: string, memoryId: string, body: Record<string, unknown>): Promise<void> {
  const res = await t.http.patch(`/v1/memories/${memoryId}`).set(bearer(token)).send(body);
  expect(res.status).toBe(200);
}

async function remove(token: string, memoryId: string): Promise<void> {
  const res = await t.http.delete(`/v1/memories/${memoryId}`).set(bearer(token));
  expect(res.status).toBe(200);
}

async function memoryCount(token: string, subjectId: string): Promise<number> {
  const res = await t.http.get(`/v1/subjects/${subjectId}`).set(bearer(token));
  expect(res.status).toBe(200);
  return res.body.data.memory_count as number;
}

/** The stored counts of an account's Subjects next to a fresh count of their links. */
async function expectSubjectCountsExact(accountId: string): Promise<void> {
  const stored = await t.database.db
    .selectFrom('subject_memory_counts')
    .select(['subject_id', 'links', 'secret_links'])
    .where('account_id', '=', accountId)
    .orderBy('subject_id')
    .execute();
  const counted = await sql<{ subject_id: string; links: number; secret_links: number }>`
    select s.id as subject_id, count(m.id)::int as links, (count(m.id) filter (where m.sensitivity = 'secret'))::int as secret_links
    from subjects s
    left join memory_links l on l.subject_id = s.id
    left join memories m on m.id = l.memory_id
    where s.account_id = ${accountId}
    group by s.id
    order by s.id`.execute(t.database.db);
  expect(stored).toEqual(counted.rows);
}

/** The stored section counts of an account next to a fresh count of its Memories. */
async function expectSectionCountsExact(accountId: string): Promise<void> {
  const stored = await t.database.db
    .selectFrom('memory_section_counts')
    .select(['section', 'sensitivity', 'memories'])
    .where('account_id', '=', accountId)
    .where('memories', '!=', 0)
    .orderBy('section')
    .orderBy('sensitivity')
    .execute();
  const counted = await sql<{ section: string; sensitivity: string; memories: number }>`
    select case when pinned then 'pinned' when type in ('instruction', 'preference') then 'instructions' else 'recent' end as section,
      sensitivity, count(*)::int as memories
    from memories where account_id = ${accountId}
    group by 1, 2
    order by 1, 2`.execute(t.database.db);
  expect(stored).toEqual(counted.rows);
}

describe("a Subject's memory_count", () => {
  test('follows links and unlinks, and linking twice counts once', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.readWriteKey);
    const first = await createMemory(alice.readWriteKey);
    const second = await createMemory(alice.readWriteKey);
    await link(alice.readWriteKey, subject, first);
    await link(alice.readWriteKey, subject, first, 200);
    await link(alice.readWriteKey, subject, second);
    expect(await memoryCount(alice.readWriteKey, subject)).toBe(2);
    await unlink(alice.readWriteKey, subject, first);
    expect(await memoryCount(alice.readWriteKey, subject)).toBe(1);
    expect(await memoryCount(alice.session, subject)).toBe(1);
    await expectSubjectCountsExact(await accountIdOf(alice));
  });

  test('leaves out secret Memories for API keys, following a Memory into and out of secret', async () => {
    const alice = await t.account();
    const subject = await createSubject(alice.session);
    const normal = await createMemory(alice.session);
    const secret = await createMemory(alice.session, { sensitivity: 'secret' });
    await link(alice.session, subject, normal);
    await link(alice.session, subject, secret);
    expect(await memoryCount(alice.session, subject)).toBe(2);
    expect(await memoryCount(alice.readWriteKey, subject)).toBe(1);

    await patch(alice.session, secret, { sensitivity: 'sensitive' });
    expect(await memoryCount(alice.readWriteKey, subject)).toBe(2);
    await patch(alice.session, normal, { sensitivity: 'secret' });
    await patch(alice.session, secret, { sensitivity: 'secret' });
    expect(await memoryCount(alice.readWriteKey, subject)).toBe(0);
    expect(await memoryCount(alice.session, subject)).toBe(2);
    // A change that keeps the Memory secret (or not secret) changes nothing.
    await patch(alice.session, normal, { text: unique('still secret') });
    expect(await memoryCount(alice.readWriteKey, subject)).toBe(0);

    await unlink(alice.session, subject, normal);
    expect(await memoryCount(alice.session, subject)).toBe(1);
    await patch(alice.session, normal, { sensitivity: 'normal' });
    expect(await memoryCount(alice.readWriteKey, subject)).toBe(0);
    await expectSubjectCountsExact(await accountIdOf(alice));
  });

  test('drops by one in every Subject a deleted Memory was linked to, secret or not', async () => {
    const alice = await t.account();
    const subjects = [await createSubject(alice.session), await createSubject(alice.session)];
    const normal = await createMemory(alice.session);
    const secret = await createMemory(alice.session, { sensitivity: 'secret' });
    const kept = await createMemory(alice.session);
    for (const subject of subjects) {
      for (const memory of [normal, secret, kept]) await link(alice.session, subject, memory);
    }
    await remove(alice.readWriteKey, normal);
    await remove(alice.session, secret);
    for (const subject of subjects) {
      expect(await memoryCount(alice.session, subject)).toBe(1);
      expect(await memoryCount(alice.readWriteKey, subject)).toBe(1);
    }
    await expectSubjectCountsExact(await accountIdOf(alice));
  });

  test('orders startup context by the count the caller can see', async () => {
    const alice = await t.account();
    const hidden = await createSubject(alice.session);
    const visible = await createSubject(alice.session);
    for (let i = 0; i < 2; i += 1) await link(alice.session, hidden, await createMemory(alice.session, { sensitivity: 'secret' }));
    await link(alice.session, visible, await createMemory(alice.session));
    const order = async (token: string) => {
      const res = await t.http.get('/v1/context/startup').set(bearer(token));
      expect(res.status).toBe(200);
      return res.body.data.subjects.map((s: { id: string; memory_count: number }) => [s.id, s.memory_count]);
    };
    expect(await order(alice.session)).toEqual([
      [hidden, 2],
      [visible, 1],
    ]);
    expect(await order(alice.readOnlyKey)).toEqual([
      [visible, 1],
      [hidden, 0],
    ]);
  });

  test('stays exact under concurrent links, unlinks, secrecy changes and deletions', async () => {
    const alice = await t.account();
    const subjects = [await createSubject(alice.session), await createSubject(alice.session), await createSubject(alice.session)];
    const memories: string[] = [];
    for (let i = 0; i < 6; i += 1) memories.push(await createMemory(alice.session, i % 2 ? { sensitivity: 'secret' } : {}));
    for (const subject of subjects) for (const memory of memories.slice(0, 4)) await link(alice.session, subject, memory);

    const operations: Array<Promise<unknown>> = [];
    for (const [s, subject] of subjects.entries()) {
      for (const [m, memory] of memories.entries()) {
        const path = `/v1/subjects/${subject}/memories`;
        operations.push(
          (s + m) % 2 === 0
            ? t.http.post(path).set(bearer(alice.session)).send({ memory_id: memory })
            : t.http.delete(`${path}/${memory}`).set(bearer(alice.session)),
        );
      }
    }
    for (const [m, memory] of memories.entries()) {
      operations.push(t.http.patch(`/v1/memories/${memory}`).set(bearer(alice.session)).send({ sensitivity: m % 2 ? 'normal' : 'secret' }));
    }
    operations.push(t.http.delete(`/v1/memories/${memories[0]}`).set(bearer(alice.session)));
    operations.push(t.http.delete(`/v1/memories/${memories[3]}`).set(bearer(alice.session)));
    const answers = (await Promise.all(operations)) as Array<{ status: number }>;
    // Each request either succeeds or finds its Memory or link already gone; none fails.
    for (const answer of answers) expect([200, 201, 404]).toContain(answer.status);

    await expectSubjectCountsExact(await accountIdOf(alice));
    await expectSectionCountsExact(await accountIdOf(alice));
  });
});

describe("the startup context's omitted totals", () => {
  test('follow creation, pinning, type and sensitivity changes and deletion', async () => {
    const alice = await t.account();
    const accountId = await accountIdOf(alice);
    const ids: string[] = [];
    for (const body of [
      {},
      { pinned: true },
      { type: 'instruction' },
      { type: 'preference', sensitivity: 'sensitive' },
      { sensitivity: 'secret' },
      { type: 'decision' },
    ]) {
      ids.push(await createMemory(alice.session, body));
    }
    await expectSectionCountsExact(accountId);
    await patch(alice.session, ids[0]!, { pinned: true });
    await patch(alice.session, ids[1]!, { pinned: false, type: 'instruction' });
    await patch(alice.session, ids[2]!, { type: 'note', sensitivity: 'sensitive' });
    await patch(alice.session, ids[4]!, { sensitivity: 'normal', pinned: true });
    await patch(alice.session, ids[5]!, { tags: ['only', 'tags'] });
    await expectSectionCountsExact(accountId);
    await remove(alice.session, ids[3]!);
    await remove(alice.session, ids[0]!);
    await expectSectionCountsExact(accountId);

    // max_chars 1000 holds at most ten Memories: with twelve more, some are left out in each view.
    for (let i = 0; i < 12; i += 1) await createMemory(alice.session, { text: 'x'.repeat(150), sensitivity: i % 3 === 0 ? 'secret' : 'normal' });
    for (const [token, includeSensitive] of [
      [alice.readOnlyKey, false],
      [alice.readOnlyKey, true],
      [alice.session, true],
    ] as const) {
      const res = await t.http.get(`/v1/context/startup?max_chars=1000&include_sensitive=${includeSensitive}`).set(bearer(token));
      expect(res.status).toBe(200);
      const sensitivities = !includeSensitive ? ['normal'] : token === alice.session ? ['normal', 'sensitive', 'secret'] : ['normal', 'sensitive'];
      const total = await sql<{ pinned: number; instructions: number; recent: number }>`
        select (count(*) filter (where pinned))::int as pinned,
          (count(*) filter (where not pinned and type in ('instruction', 'preference')))::int as instructions,
          (count(*) filter (where not pinned and type not in ('instruction', 'preference')))::int as recent
        from memories where account_id = ${accountId} and sensitivity in (${sql.join(sensitivities)})`.execute(t.database.db);
      const counted = total.rows[0]!;
      const data = res.body.data;
      expect({
        pinned: data.pinned.length + data.omitted.pinned,
        instructions: data.instructions.length + data.omitted.instructions,
        recent: data.recent.length + data.omitted.recent,
      }).toEqual(counted);
    }
  });
});
