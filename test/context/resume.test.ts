import type { RequestQuery } from '../../src/contract-types';
import { runMaintenance } from '../../src/domain/maintenance/maintenance';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import { clientOf, type DataOf } from '../support/client';
import { DAY_MS, movableClock } from '../support/clock';
import { createMemory, createSubject, linkMemory, updateMemory } from '../support/factories';
import {
  acceptedFact,
  codePoints,
  createMemories,
  deleteMemory,
  deleteSubject,
  expectContextTexts,
  expectShortenedFrom,
  firstCodePoints,
  longText,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type ResumeData = DataOf<'resumeContext'>;

async function checkpointOf(token: string): Promise<string> {
  return (await clientOf(t, token).ok('getStartupContext')).checkpoint;
}

async function resume(
  token: string,
  checkpoint: string,
  query: Omit<RequestQuery<'resumeContext'>, 'checkpoint'> = {},
  app: TestApp = t,
): Promise<ResumeData> {
  const data = await clientOf(app, token).ok('resumeContext', { query: { checkpoint, ...query } });
  expectPageWithinBudget(data, Number(query.max_chars ?? 8000));
  return data;
}

/** used_chars is the code points of every returned Memory text and Subject name, never above max_chars. */
function expectPageWithinBudget(data: ResumeData, maxChars: number): void {
  const used =
    data.memories_upserted.reduce((sum, memory) => sum + codePoints(memory.text), 0) +
    data.subjects_upserted.reduce((sum, subject) => sum + codePoints(subject.name), 0);
  expect(data.budget).toEqual({ max_chars: maxChars, used_chars: used });
  expect(used).toBeLessThanOrEqual(maxChars);
  expectContextTexts(data.memories_upserted);
}

const EMPTY = { memories_upserted: [], memories_removed: [], subjects_upserted: [], subjects_removed: [] };

describe('resuming from a startup checkpoint', () => {
  test('when Memories and Subjects are created, updated and deleted, then resume reports each once in its latest state, oldest change first', async () => {
    const alice = await t.account();
    const rw = alice.readWriteKey;
    const [untouched, toUpdate, toDelete] = await createMemories(t, rw, [
      { text: 'Untouched memory' },
      { text: 'Will be updated' },
      { text: 'Will be deleted' },
    ]);
    const toRename = await createSubject(t, rw, { name: 'Old name', kind: 'project' });
    const toRemove = await createSubject(t, rw, { name: 'Short-lived' });
    const checkpoint = await checkpointOf(rw);

    const created = await createMemory(t, rw, { text: 'Created after the checkpoint', type: 'decision', tags: ['Fresh'] });
    await updateMemory(t, rw, toUpdate!.id, { text: 'Updated once' });
    const longer = longText(2500, 'Updated twice: ');
    const updated = await updateMemory(t, rw, toUpdate!.id, { text: longer, pinned: true });
    await deleteMemory(t, rw, toDelete!.id);
    const newSubject = await createSubject(t, rw, { name: 'New subject', kind: 'person' });
    const renamed = await t.http.patch(`/v1/subjects/${toRename.id}`).set(bearer(rw)).send({ name: 'New name' });
    expect(renamed.status).toBe(200);
    await deleteSubject(t, rw, toRemove.id);

    const data = await resume(rw, checkpoint);

    expect(data.memories_upserted.map((m) => m.id)).toEqual([created.id, toUpdate!.id]);
    expect(data.memories_upserted[0]).toEqual({
      id: created.id,
      type: 'decision',
      sensitivity: 'normal',
      pinned: false,
      tags: ['fresh'],
      text: 'Created after the checkpoint',
      text_truncated: false,
      updated_at: created.updated_at,
    });
    // The latest state, with the text shortened to 2,000 code points.
    expect(data.memories_upserted[1]).toEqual({
      id: toUpdate!.id,
      type: 'note',
      sensitivity: 'normal',
      pinned: true,
      tags: [],
      text: firstCodePoints(longer, 2000),
      text_truncated: true,
      updated_at: updated.updated_at,
    });
    expect(data.memories_removed).toEqual([toDelete!.id]);
    expect(data.subjects_upserted).toEqual([
      { id: newSubject.id, name: 'New subject', kind: 'person', memory_count: 0, fact_count: 0 },
      { id: toRename.id, name: 'New name', kind: 'project', memory_count: 0, fact_count: 0 },
    ]);
    expect(data.subjects_removed).toEqual([toRemove.id]);
    expect(JSON.stringify(data)).not.toContain(untouched!.id);
    expect(data.has_more).toBe(false);
    expect(data.checkpoint).not.toBe(checkpoint);

    // Nothing changed since the new checkpoint: empty lists.
    const again = await resume(rw, data.checkpoint);
    expect(again).toEqual({ ...EMPTY, checkpoint: expect.any(String), has_more: false, budget: { max_chars: 8000, used_chars: 0 } });

    // The old checkpoint still works and gives the same answer.
    const replay = await resume(alice.readOnlyKey, checkpoint);
    expect({ ...replay, checkpoint: '' }).toEqual({ ...data, checkpoint: '' });
  });

  test('when nothing changed since startup, then resume gives empty lists, has_more false and a usable checkpoint', async () => {
    const alice = await t.account();
    await createMemory(t, alice.readWriteKey, { text: 'Before the checkpoint' });
    const checkpoint = await checkpointOf(alice.readOnlyKey);
    const data = await resume(alice.readOnlyKey, checkpoint);
    expect(data).toEqual({ ...EMPTY, checkpoint: expect.any(String), has_more: false, budget: { max_chars: 8000, used_chars: 0 } });

    const later = await createMemory(t, alice.readWriteKey, { text: 'After the checkpoint' });
    const next = await resume(alice.readOnlyKey, data.checkpoint);
    expect(next.memories_upserted.map((m) => m.id)).toEqual([later.id]);
  });

  test('when a Memory is created and deleted after the checkpoint, then it is reported once, as removed', async () => {
    const alice = await t.account();
    const checkpoint = await checkpointOf(alice.readWriteKey);
    const fleeting = await createMemory(t, alice.readWriteKey, { text: 'Here and gone' });
    await deleteMemory(t, alice.readWriteKey, fleeting.id);
    const data = await resume(alice.readWriteKey, checkpoint);
    expect(data.memories_upserted).toEqual([]);
    expect(data.memories_removed).toEqual([fleeting.id]);
  });

  test('when a Memory linked to a Subject is deleted, then the Subject is reported again with its new memory_count', async () => {
    const alice = await t.account();
    const rw = alice.readWriteKey;
    const memory = await createMemory(t, rw, { text: 'Linked memory' });
    const subject = await createSubject(t, rw, { name: 'Garden' });
    const linked = await t.http.post(`/v1/subjects/${subject.id}/memories`).set(bearer(rw)).send({ memory_id: memory.id });
    expect(linked.status).toBe(201);
    const checkpoint = await checkpointOf(rw);

    await deleteMemory(t, rw, memory.id);
    const data = await resume(rw, checkpoint);
    expect(data.memories_removed).toEqual([memory.id]);
    expect(data.subjects_upserted).toEqual([{ id: subject.id, name: 'Garden', kind: 'other', memory_count: 0, fact_count: 0 }]);
  });

  test('when a Fact suggestion is accepted, then the Subject is reported again with its new fact_count', async () => {
    const alice = await t.account();
    const rw = alice.readWriteKey;
    const memory = await createMemory(t, rw, { text: 'The garden gets sun in the morning' });
    const subject = await createSubject(t, rw, { name: 'Garden' });
    await linkMemory(t, rw, subject.id, memory.id);
    const checkpoint = await checkpointOf(rw);

    await acceptedFact(t, rw, alice.session, subject.id, 'The garden faces east', [memory.id]);
    const data = await resume(rw, checkpoint);
    expect(data.memories_upserted).toEqual([]);
    expect(data.subjects_upserted).toEqual([{ id: subject.id, name: 'Garden', kind: 'other', memory_count: 1, fact_count: 1 }]);
  });

  test("when another account changes its Memories, then they never show up in this account's resume", async () => {
    const alice = await t.account();
    const bob = await t.account();
    const checkpoint = await checkpointOf(alice.readWriteKey);
    await createMemory(t, bob.readWriteKey, { text: 'Bob only' });
    await createSubject(t, bob.readWriteKey, { name: 'Bob subject' });
    const data = await resume(alice.readWriteKey, checkpoint);
    expect(data).toMatchObject({ ...EMPTY, has_more: false });
  });
});

describe('Memories that change visibility', () => {
  test('when the session turns a Memory secret, then API keys see it removed and the session sees it upserted with include_sensitive', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'Becomes secret' });
    const checkpoint = await checkpointOf(alice.readWriteKey);
    await updateMemory(t, alice.session, memory.id, { sensitivity: 'secret' });

    for (const token of [alice.readWriteKey, alice.readOnlyKey]) {
      for (const query of [{}, { include_sensitive: 'true' }] as Array<Record<string, string>>) {
        const data = await resume(token, checkpoint, query);
        expect(data.memories_upserted).toEqual([]);
        expect(data.memories_removed).toEqual([memory.id]);
        expect(JSON.stringify(data)).not.toContain('Becomes secret');
      }
    }

    const session = await resume(alice.session, checkpoint, { include_sensitive: true });
    expect(session.memories_upserted.map((m) => [m.id, m.sensitivity, m.text])).toEqual([[memory.id, 'secret', 'Becomes secret']]);
    expect(session.memories_removed).toEqual([]);

    // Without include_sensitive, a secret Memory is out of the session's context too.
    const plainSession = await resume(alice.session, checkpoint);
    expect(plainSession.memories_removed).toEqual([memory.id]);
  });

  test('when a Memory turns sensitive, then it is removed for a key without include_sensitive and upserted with it', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'Becomes sensitive' });
    const checkpoint = await checkpointOf(alice.readWriteKey);
    await updateMemory(t, alice.readWriteKey, memory.id, { sensitivity: 'sensitive' });

    const without = await resume(alice.readOnlyKey, checkpoint);
    expect(without.memories_upserted).toEqual([]);
    expect(without.memories_removed).toEqual([memory.id]);

    const withSensitive = await resume(alice.readOnlyKey, checkpoint, { include_sensitive: true });
    expect(withSensitive.memories_removed).toEqual([]);
    expect(withSensitive.memories_upserted).toEqual([
      expect.objectContaining({ id: memory.id, sensitivity: 'sensitive', text: 'Becomes sensitive' }),
    ]);
  });

  test('when a secret Memory is created by the session, then API keys are told nothing of it, and the session sees it removed without include_sensitive', async () => {
    const alice = await t.account();
    const checkpoint = await checkpointOf(alice.readWriteKey);
    const secret = await createMemory(t, alice.session, { text: 'Top secret plan', sensitivity: 'secret' });
    await updateMemory(t, alice.session, secret.id, { text: 'Top secret plan, revised' });
    for (const token of [alice.readWriteKey, alice.readOnlyKey]) {
      for (const query of [{}, { include_sensitive: 'true' }] as Array<Record<string, string>>) {
        const data = await resume(token, checkpoint, query);
        // A secret Memory does not exist for keys: not even its ID.
        expect(data).toMatchObject({ ...EMPTY, has_more: false });
      }
    }
    expect((await resume(alice.session, checkpoint)).memories_removed).toEqual([secret.id]);
    const withSensitive = await resume(alice.session, checkpoint, { include_sensitive: true });
    expect(withSensitive.memories_upserted.map((m) => m.id)).toEqual([secret.id]);
  });

  test('when a secret Memory created after the checkpoint is deleted, then API keys are told nothing of it', async () => {
    const alice = await t.account();
    const checkpoint = await checkpointOf(alice.readWriteKey);
    const secret = await createMemory(t, alice.session, { text: 'Short-lived secret', sensitivity: 'secret' });
    await deleteMemory(t, alice.session, secret.id);
    expect(await resume(alice.readWriteKey, checkpoint)).toMatchObject({ ...EMPTY, has_more: false });
    expect((await resume(alice.session, checkpoint)).memories_removed).toEqual([secret.id]);
  });

  test('when secret Memories are linked to a Subject, unlinked, trashed and restored, then keys are not told the Subject changed; a visible Memory\'s link tells them', async () => {
    const alice = await t.account();
    const subject = await createSubject(t, alice.readWriteKey, { name: 'Zephyrine' });
    const secret = await createMemory(t, alice.session, { text: 'Secret about Zephyrine', sensitivity: 'secret' });
    const other = await createMemory(t, alice.session, { text: 'Another secret', sensitivity: 'secret' });
    await linkMemory(t, alice.session, subject.id, other.id);
    const checkpoint = await checkpointOf(alice.readWriteKey);

    await linkMemory(t, alice.session, subject.id, secret.id);
    await clientOf(t, alice.session).ok('unlinkMemory', { path: { subject_id: subject.id, memory_id: secret.id } });
    await deleteMemory(t, alice.session, other.id);
    await clientOf(t, alice.session).ok('restoreMemory', { path: { id: other.id } });
    for (const token of [alice.readWriteKey, alice.readOnlyKey]) expect(await resume(token, checkpoint)).toMatchObject({ ...EMPTY, has_more: false });
    // The session sees the Subject changed, once.
    expect((await resume(alice.session, checkpoint)).subjects_upserted.map((s) => s.id)).toEqual([subject.id]);

    // A link of a Memory keys can see is news to them.
    const visible = await createMemory(t, alice.readWriteKey, { text: 'Zephyrine visits' });
    const afterCreate = await checkpointOf(alice.readWriteKey);
    await linkMemory(t, alice.readWriteKey, subject.id, visible.id);
    const data = await resume(alice.readOnlyKey, afterCreate);
    expect(data.subjects_upserted.map((s) => [s.id, s.memory_count])).toEqual([[subject.id, 1]]);
  });

  test('when a linked Memory turns secret, then keys see its Subject changed too: its count of Memories they can see went down', async () => {
    const alice = await t.account();
    const subject = await createSubject(t, alice.readWriteKey, { name: 'Quillon' });
    const memory = await createMemory(t, alice.readWriteKey, { text: 'Quillon notes' });
    await linkMemory(t, alice.readWriteKey, subject.id, memory.id);
    const checkpoint = await checkpointOf(alice.readWriteKey);
    await updateMemory(t, alice.session, memory.id, { sensitivity: 'secret' });
    const data = await resume(alice.readOnlyKey, checkpoint);
    expect(data.memories_removed).toEqual([memory.id]);
    expect(data.subjects_upserted.map((s) => [s.id, s.memory_count])).toEqual([[subject.id, 0]]);
  });

  test('when a Memory a key could see after the checkpoint turns secret, then the key sees it removed', async () => {
    const alice = await t.account();
    const checkpoint = await checkpointOf(alice.readWriteKey);
    // Created visible after the checkpoint (the key may have read it), then made secret.
    const memory = await createMemory(t, alice.readWriteKey, { text: 'Seen, then hidden' });
    await updateMemory(t, alice.session, memory.id, { sensitivity: 'secret' });
    const data = await resume(alice.readOnlyKey, checkpoint);
    expect(data.memories_upserted).toEqual([]);
    expect(data.memories_removed).toEqual([memory.id]);
    expect(JSON.stringify(data)).not.toContain('Seen, then hidden');
  });

  test('when a Memory that was secret at the checkpoint becomes visible and then secret again, then the key sees it removed', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.session, { text: 'Briefly visible', sensitivity: 'secret' });
    const checkpoint = await checkpointOf(alice.readWriteKey);
    await updateMemory(t, alice.session, memory.id, { sensitivity: 'normal' });
    await updateMemory(t, alice.session, memory.id, { sensitivity: 'secret' });
    expect((await resume(alice.readWriteKey, checkpoint)).memories_removed).toEqual([memory.id]);
  });

  test('when a Memory a key could see at the checkpoint turns secret and is deleted, then the key sees it removed', async () => {
    const alice = await t.account();
    const memory = await createMemory(t, alice.readWriteKey, { text: 'Visible, then secret, then gone' });
    const checkpoint = await checkpointOf(alice.readWriteKey);
    await updateMemory(t, alice.session, memory.id, { sensitivity: 'secret' });
    await deleteMemory(t, alice.session, memory.id);
    expect((await resume(alice.readWriteKey, checkpoint)).memories_removed).toEqual([memory.id]);
  });

  test('when a change predates the record of what keys could see, then its Memory is reported removed as before', async () => {
    const alice = await t.account();
    const checkpoint = await checkpointOf(alice.readWriteKey);
    const secret = await createMemory(t, alice.session, { text: 'Recorded before', sensitivity: 'secret' });
    // As the migration leaves the changes recorded before it: nothing known of key visibility.
    await t.database.db
      .updateTable('changes')
      .set({ key_visible_before: null, key_visible_after: null })
      .where('entity_id', '=', secret.id)
      .execute();
    expect((await resume(alice.readWriteKey, checkpoint)).memories_removed).toEqual([secret.id]);
  });
});

describe('resuming over several pages', () => {
  test('when 250 Memories are created after the checkpoint, then paging with max_chars 1000, the default or 32000 loses none of them', async () => {
    const alice = await t.account();
    const checkpoint = await checkpointOf(alice.readWriteKey);
    const bodies = Array.from({ length: 250 }, (_, i) => ({
      text: i % 25 === 7 ? longText(3000, `Long ${i} `) : `Memory number ${i} ${'x'.repeat(i % 13)}`,
    }));
    const created = await createMemories(t, alice.readWriteKey, bodies);
    const fullText = new Map(created.map((memory) => [memory.id, memory.text]));
    const allIds = created.map((memory) => memory.id).sort();

    for (const maxChars of [1000, undefined, 32000]) {
      const seen = new Set<string>();
      let position = checkpoint;
      let pages = 0;
      for (;;) {
        pages += 1;
        if (pages > 300) throw new Error(`resume with max_chars ${maxChars} did not finish in 300 pages`);
        const data = await resume(alice.readOnlyKey, position, maxChars === undefined ? {} : { max_chars: maxChars });
        expect(data.memories_removed).toEqual([]);
        for (const memory of data.memories_upserted) {
          expectShortenedFrom(memory, fullText.get(memory.id));
          seen.add(memory.id);
        }
        const more = data.has_more;
        if (more) {
          // A page that says there is more must have made progress.
          expect(data.memories_upserted.length).toBeGreaterThan(0);
        }
        position = data.checkpoint;
        if (!more) break;
      }
      expect([...seen].sort()).toEqual(allIds);
      // 250 changes never fit one page (at most 200 changes per call).
      expect(pages).toBeGreaterThan(1);
      // The last checkpoint has nothing more to report.
      const after = await resume(alice.readOnlyKey, position, maxChars === undefined ? {} : { max_chars: maxChars });
      expect(after).toMatchObject({ ...EMPTY, has_more: false });
    }
  });

  test('when a Memory changed before and after others must be paged, then paging still finishes and reports everything', async () => {
    const alice = await t.account();
    const rw = alice.readWriteKey;
    const checkpoint = await checkpointOf(rw);
    const first = await createMemory(t, rw, { text: 'a'.repeat(300) });
    const others = [];
    for (let i = 0; i < 10; i += 1) others.push(await createMemory(t, rw, { text: `${i}`.repeat(300) }));
    await updateMemory(t, rw, first.id, { text: 'z'.repeat(300) });

    const seen = new Map<string, { text: string; text_truncated: boolean }>();
    let position = checkpoint;
    let pages = 0;
    for (;;) {
      pages += 1;
      if (pages > 30) throw new Error('resume kept answering has_more without making progress');
      const data = await resume(rw, position, { max_chars: 1000 });
      for (const memory of data.memories_upserted) seen.set(memory.id, memory);
      if (!data.has_more) break;
      position = data.checkpoint;
    }
    expect([...seen.keys()].sort()).toEqual([first.id, ...others.map((m) => m.id)].sort());
    // An entity may be reported again on a later page, shortened to what that page had left:
    // always its latest text, cut at a code point, and flagged when cut.
    const last = seen.get(first.id)!;
    expect('z'.repeat(300).startsWith(last.text)).toBe(true);
    expect(last.text_truncated).toBe(last.text.length < 300);
    expect(last.text.length).toBeGreaterThanOrEqual(100);
  });
});

describe('checkpoint validation', () => {
  test('when the checkpoint is missing or empty, then it is 400 invalid_request', async () => {
    const alice = await t.account();
    expectError(await t.http.get('/v1/context/resume').set(bearer(alice.readWriteKey)), 400, 'invalid_request');
    expectError(
      await t.http.get('/v1/context/resume').query({ checkpoint: '' }).set(bearer(alice.readWriteKey)),
      400,
      'invalid_request',
    );
  });

  test.each(['garbage', 'a.b', 'a.b.c', '....', 'eyJhIjoxfQ.AAAAAAAAAAAAAAAAAAAAAAAA', '🙂'])(
    'when the checkpoint is the garbage %p, then it is 400 invalid_checkpoint',
    async (checkpoint) => {
      const alice = await t.account();
      const res = await t.http.get('/v1/context/resume').query({ checkpoint }).set(bearer(alice.readWriteKey));
      expectError(res, 400, 'invalid_checkpoint');
    },
  );

  test("when the checkpoint was issued to another account, then it is 400 invalid_checkpoint for this one", async () => {
    const alice = await t.account();
    const bob = await t.account();
    const bobs = await checkpointOf(bob.readWriteKey);
    const res = await t.http.get('/v1/context/resume').query({ checkpoint: bobs }).set(bearer(alice.readWriteKey));
    expectError(res, 400, 'invalid_checkpoint');
    const viaSession = await t.http.get('/v1/context/resume').query({ checkpoint: bobs }).set(bearer(alice.session));
    expectError(viaSession, 400, 'invalid_checkpoint');
  });

  test('when one character of the checkpoint is changed, in the payload or in the signature, then it is 400 invalid_checkpoint', async () => {
    const alice = await t.account();
    const checkpoint = await checkpointOf(alice.readWriteKey);
    const swap = (c: string) => (c === 'A' ? 'B' : 'A');
    const positions = [0, Math.floor(checkpoint.length / 3), checkpoint.indexOf('.') - 1, checkpoint.indexOf('.') + 1, checkpoint.length - 1];
    for (const index of positions.filter((i) => i >= 0 && checkpoint[i] !== '.')) {
      const tampered = checkpoint.slice(0, index) + swap(checkpoint[index] as string) + checkpoint.slice(index + 1);
      expect(tampered).not.toBe(checkpoint);
      const res = await t.http.get('/v1/context/resume').query({ checkpoint: tampered }).set(bearer(alice.readWriteKey));
      expectError(res, 400, 'invalid_checkpoint');
    }
    // Cut short, or with another part appended, it is no longer a checkpoint either.
    for (const tampered of [checkpoint.slice(0, -1), `${checkpoint}.x`, `x${checkpoint}`]) {
      const res = await t.http.get('/v1/context/resume').query({ checkpoint: tampered }).set(bearer(alice.readWriteKey));
      expectError(res, 400, 'invalid_checkpoint');
    }
    // The untouched checkpoint still works.
    expect((await resume(alice.readWriteKey, checkpoint)).has_more).toBe(false);
  });

  test('when characters are added to the signature of a checkpoint, then it is no longer the signed checkpoint: 400 invalid_checkpoint', async () => {
    const alice = await t.account();
    const checkpoint = await checkpointOf(alice.readWriteKey);
    const dot = checkpoint.indexOf('.');
    const tamperedForms = [
      `${checkpoint}A`,
      `${checkpoint}==`,
      `${checkpoint.slice(0, dot + 5)}!${checkpoint.slice(dot + 5)}`,
    ];
    for (const tampered of tamperedForms) {
      const res = await t.http.get('/v1/context/resume').query({ checkpoint: tampered }).set(bearer(alice.readWriteKey));
      expectError(res, 400, 'invalid_checkpoint');
    }
  });

  const accountOf = async (subject: string) =>
    (await t.database.db.selectFrom('accounts').select('id').where('external_id', '=', subject).executeTakeFirstOrThrow()).id;

  test('a checkpoint tells a key nothing: it is sealed, and edits of a secret Memory change neither its length nor anything readable', async () => {
    const alice = await t.account();
    const secret = await createMemory(t, alice.session, { text: 'A secret', sensitivity: 'secret' });
    const before = await checkpointOf(alice.readOnlyKey);
    for (const text of ['One', 'Two', 'Three']) {
      await t.http.patch(`/v1/memories/${secret.id}`).set(bearer(alice.session)).send({ text }).expect(200);
    }
    const after = await checkpointOf(alice.readOnlyKey);
    expect(after.length).toBe(before.length);
    for (const checkpoint of [before, after]) {
      expect(checkpoint).toMatch(/^[A-Za-z0-9_-]+$/);
      const decoded = Buffer.from(checkpoint, 'base64url').toString('latin1');
      expect(decoded).not.toContain(await accountOf(alice.subject));
      expect(decoded).not.toMatch(/"s"|"a"|"t"/);
    }
    // Two checkpoints of the same moment differ too.
    expect(await checkpointOf(alice.readOnlyKey)).not.toBe(after);
  });

  test('checkpoints issued signed but unsealed keep working for their 30 days; a forged payload under their signature does not', async () => {
    const alice = await t.account();
    const bob = await t.account();
    const now = Date.now();
    // A signed checkpoint at the start of the feed: everything since is reported.
    const memory = await createMemory(t, alice.readWriteKey, { text: 'After a signed checkpoint' });
    const signed = await t.app.services.signer.sign('checkpoint', { a: await accountOf(alice.subject), s: 0, t: now });
    const data = await resume(alice.readWriteKey, signed);
    expect(data.memories_upserted.map((m) => m.id)).toContain(memory.id);

    const [body, signature] = signed.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...payload, s: Number(payload.s) + 100 })).toString('base64url');
    const bobs = await t.app.services.signer.sign('checkpoint', { a: await accountOf(bob.subject), s: 0, t: now });
    const [bobsBody] = bobs.split('.') as [string];
    for (const candidate of [`${forged}.${signature}`, `${bobsBody}.${signature}`, bobs]) {
      const res = await t.http.get('/v1/context/resume').query({ checkpoint: candidate }).set(bearer(alice.readWriteKey));
      expectError(res, 400, 'invalid_checkpoint');
    }
  });

  test('when max_chars is out of range, then it is 400 invalid_request', async () => {
    const alice = await t.account();
    const checkpoint = await checkpointOf(alice.readWriteKey);
    for (const maxChars of [999, 32001]) {
      const res = await t.http.get('/v1/context/resume').query({ checkpoint, max_chars: maxChars }).set(bearer(alice.readWriteKey));
      expectError(res, 400, 'invalid_request');
    }
  });
});

describe('checkpoint lifetime', () => {
  test('when a checkpoint is 29 days old it still works, and at 31 days it is 400 checkpoint_expired', async () => {
    const clock = movableClock();
    const app = await startTestApp({ clock });
    try {
      const alice = await app.account();
      const res = await app.http.get('/v1/context/startup').set(bearer(alice.readWriteKey));
      expect(res.status).toBe(200);
      const checkpoint: string = res.body.data.checkpoint;

      clock.advance(29 * DAY_MS);
      const fresh = await resume(alice.readWriteKey, checkpoint, {}, app);
      expect(fresh).toMatchObject({ ...EMPTY, has_more: false });

      clock.advance(2 * DAY_MS);
      const expired = await app.http.get('/v1/context/resume').query({ checkpoint }).set(bearer(alice.readWriteKey));
      expectError(expired, 400, 'checkpoint_expired');

      // The checkpoint handed out at day 29 is still young.
      const renewed = await resume(alice.readWriteKey, fresh.checkpoint, {}, app);
      expect(renewed.has_more).toBe(false);
    } finally {
      await app.close();
    }
  });

  test('when a young checkpoint points at changes the feed no longer keeps, then it is 400 checkpoint_expired instead of skipping them', async () => {
    const clock = movableClock();
    const app = await startTestApp({ clock });
    try {
      const alice = await app.account();
      const checkpoint = (await clientOf(app, alice.readWriteKey).ok('getStartupContext')).checkpoint;
      await createMemories(app, alice.readWriteKey, [{ text: 'a'.repeat(950) }, { text: 'b'.repeat(950) }, { text: 'c'.repeat(950) }]);

      // At day 29 one page is read; the checkpoint it hands out is new, its position is not.
      clock.advance(29 * DAY_MS);
      const first = await resume(alice.readWriteKey, checkpoint, { max_chars: 1000 }, app);
      expect(first.memories_upserted).toHaveLength(1);
      expect(first.has_more).toBe(true);

      // At day 32 the changes of day 0 are pruned: what the checkpoint did not report yet is gone.
      clock.advance(3 * DAY_MS);
      await runMaintenance(app.app.services);
      const res = await app.http.get('/v1/context/resume').query({ checkpoint: first.checkpoint }).set(bearer(alice.readWriteKey));
      expectError(res, 400, 'checkpoint_expired');

      // A checkpoint at the end of the feed stays valid when nothing after it was pruned.
      const startup = (await clientOf(app, alice.readWriteKey).ok('getStartupContext')).checkpoint;
      await runMaintenance(app.app.services);
      expect(await resume(alice.readWriteKey, startup, {}, app)).toMatchObject({ ...EMPTY, has_more: false });
    } finally {
      await app.close();
    }
  });
});
