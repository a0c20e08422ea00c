import pino from 'pino';
import type { Services } from '../../src/domain/services';
import { expireMemories } from '../../src/domain/memories/trash';
import { openExport } from '../../src/domain/portability/export';
import { importAccount } from '../../src/domain/portability/import';
import { undoUnfinishedImports } from '../../src/domain/portability/import-undo';
import type { NumberedLine } from '../../src/domain/portability/lines';
import { LINE_VALUES_MAX } from '../../src/domain/portability/records';
import type { Principal } from '../../src/domain/shared/principal';
import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { testDatabaseUrl } from '../support/database';
import { end, exportLines, fileId, header, importText, memoryLine, ofType, subjectLine, toText, type Line } from './helpers';

/**
 * How an import is written: checked whole before anything is written, then written all or
 * nothing; on the embedded database in short transactions that let other accounts in between,
 * with what it wrote taken out again when it fails or the process stops before the end.
 */

let t: TestApp;
let services: Services;

beforeAll(async () => {
  t = await startTestApp();
  services = t.app.services;
});
afterAll(() => t.close());

const sessionOf = (account: TestAccount): Principal => ({ kind: 'session', accountId: account.accountId });

const LINKED = 3;

/** A file of `count` Memories, the first `linked` linked to one Subject. */
function fileOf(count: number, subjectName = 'Ada Lovelace', linked = LINKED): Line[] {
  const lines: Line[] = [header(), subjectLine(fileId('sub', 1), subjectName)];
  for (let n = 1; n <= count; n += 1) lines.push(memoryLine(fileId('mem', n), `Imported note number ${n} about the garden and the engine`));
  for (let n = 1; n <= linked; n += 1) {
    lines.push({ type: 'link', data: { subject_id: fileId('sub', 1), memory_id: fileId('mem', n), created_at: '2026-11-01T09:00:00.000Z' } });
  }
  lines.push(end({ subjects: 1, memories: count, links: linked }));
  return lines;
}

/** The account's startup-context counts as the service keeps them, by section and sensitivity. */
async function sectionCounts(accountId: string): Promise<Record<string, number>> {
  const rows = await services.db.selectFrom('memory_section_counts').selectAll().where('account_id', '=', accountId).execute();
  return Object.fromEntries(rows.filter((row) => row.memories !== 0).map((row) => [`${row.section}/${row.sensitivity}`, row.memories]));
}

function numbered(lines: readonly Line[]): () => AsyncIterable<NumberedLine> {
  return async function* () {
    for (const [index, line] of lines.entries()) yield { number: index + 1, text: JSON.stringify(line) };
  };
}

async function journalRows(): Promise<number> {
  const rows = await services.db.selectFrom('import_run_rows').select(({ fn }) => fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const runs = await services.db.selectFrom('import_runs').select(({ fn }) => fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(rows.count) + Number(runs.count);
}

describe('an import that fails while it is written', () => {
  test('when a line breaks after more than a batch has been written, then nothing of it stays: the account is as it was, and no journal is left', async () => {
    const bob = await t.account();
    const s = bearer(bob.session);
    const kept = await t.http.post('/v1/memories').set(s).send({ text: 'Kept from before the import' });
    const subject = await t.http.post('/v1/subjects').set(s).send({ name: 'Ada Lovelace' });
    await t.http.post(`/v1/subjects/${subject.body.data.id}/memories`).set(s).send({ memory_id: kept.body.data.id });
    const before = await exportLines(t, bob.session);
    const countsBefore = await sectionCounts(bob.accountId);
    // More links than one slice of an import writes (on the embedded database), so that some
    // are written, counted and taken out again.
    const good = fileOf(600, 'Ada Lovelace', 300);
    // The file changes between its check and its writing (the check passed on the first): its
    // last link names a Memory that is not in it, found only once most of it is written.
    const bad = [...good.slice(0, -2), { type: 'link', data: { subject_id: fileId('sub', 1), memory_id: fileId('mem', 9_999), created_at: '2026-11-01T09:00:00.000Z' } }, good[good.length - 1]!];
    let pass = 0;
    const lines = () => numbered(pass++ === 0 ? good : bad)();
    await expect(importAccount(services, sessionOf(bob), lines)).rejects.toMatchObject({ code: 'invalid_import' });
    expect(pass).toBe(2);
    const after = await exportLines(t, bob.session);
    expect(ofType(after, 'memory')).toEqual(ofType(before, 'memory'));
    expect(ofType(after, 'subject')).toEqual(ofType(before, 'subject'));
    expect(ofType(after, 'link')).toEqual(ofType(before, 'link'));
    expect((await t.http.get(`/v1/subjects/${subject.body.data.id}`).set(s)).body.data.memory_count).toBe(1);
    expect(await sectionCounts(bob.accountId)).toEqual(countsBefore);
    expect((await t.http.get('/v1/memories/search').query({ q: 'garden engine' }).set(s)).body.data).toEqual([]);
    expect(await journalRows()).toBe(0);
    // And the same file, unchanged, imports in full.
    pass = 0;
    await expect(importAccount(services, sessionOf(bob), numbered(good))).resolves.toMatchObject({ imported: { memories: 600, links: 300 }, merged_subjects: 1 });
    expect((await t.http.get(`/v1/subjects/${subject.body.data.id}`).set(s)).body.data.memory_count).toBe(301);
    expect(await sectionCounts(bob.accountId)).toEqual({ ...countsBefore, 'recent/normal': (countsBefore['recent/normal'] ?? 0) + 600 });
  });

  test('when a file is refused by its check, then it is refused before anything is written: its first pass reads it all, and there is no second', async () => {
    const bob = await t.account();
    const good = fileOf(10);
    const broken = [...good.slice(0, -1), end({ subjects: 1, memories: 10, links: LINKED + 1 })];
    let passes = 0;
    const lines = () => {
      passes += 1;
      return numbered(broken)();
    };
    await expect(importAccount(services, sessionOf(bob), lines)).rejects.toMatchObject({ code: 'invalid_import' });
    expect(passes).toBe(1);
    expect(ofType(await exportLines(t, bob.session), 'memory')).toEqual([]);
  });
});

describe('an import the process stopped in the middle of', () => {
  test('when the journal of an unfinished import names records, then they are taken out at start-up, and nothing else is', async () => {
    const bob = await t.account();
    const s = bearer(bob.session);
    const kept = await t.http.post('/v1/memories').set(s).send({ text: 'Written by hand, not by the import' });
    const half = await t.http.post('/v1/memories').set(s).send({ text: 'Written by the import before it stopped' });
    const subject = await t.http.post('/v1/subjects').set(s).send({ name: 'Imported Subject' });
    await t.http.post(`/v1/subjects/${subject.body.data.id}/memories`).set(s).send({ memory_id: half.body.data.id });
    await services.db.insertInto('import_runs').values({ account_id: bob.accountId, id: 'run-1', started_at: new Date() }).execute();
    await services.db
      .insertInto('import_run_rows')
      .values([
        { account_id: bob.accountId, run_id: 'run-1', kind: 'memory', row_id: half.body.data.id },
        { account_id: bob.accountId, run_id: 'run-1', kind: 'subject', row_id: subject.body.data.id },
      ])
      .execute();
    await undoUnfinishedImports(services, pino({ level: 'silent' }));
    expect((await t.http.get(`/v1/memories/${half.body.data.id}`).set(s)).status).toBe(404);
    expect((await t.http.get(`/v1/subjects/${subject.body.data.id}`).set(s)).status).toBe(404);
    expect((await t.http.get(`/v1/memories/${kept.body.data.id}`).set(s)).status).toBe(200);
    expect((await t.http.get('/v1/memories/search').query({ q: 'before it stopped' }).set(s)).body.data).toEqual([]);
    expect(await journalRows()).toBe(0);
  });
});

const embeddedOnly = process.env.TEST_DATABASE_URL ? describe.skip : describe;

embeddedOnly('on the embedded database, an import written while others wait', () => {
  test("when a large import is written, then another account's requests are answered before it ends, and the importing account's are account_busy until it has", async () => {
    const bob = await t.account();
    const carol = await t.account();
    await t.http.post('/v1/memories').set(bearer(carol.session)).send({ text: 'Carol keeps her own notes' });
    let finished = false;
    const importing = importText(t, bob.session, toText(fileOf(3_000))).then((res) => {
      finished = true;
      return res;
    });
    // Bob's own requests are refused while his import is written: wait until it is.
    for (;;) {
      const own = await t.http.get('/v1/memories').set(bearer(bob.session));
      if (own.status === 503) {
        expect(own.body.error.code).toBe('account_busy');
        expect(own.headers['retry-after']).toBeDefined();
        break;
      }
      expect(finished).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const other = await t.http.get('/v1/memories').set(bearer(carol.session));
    expect(other.status).toBe(200);
    expect(finished).toBe(false);
    const res = await importing;
    expect(res.status).toBe(200);
    expect(res.body.data.imported.memories).toBe(3_000);
    expect((await t.http.get('/v1/memories').set(bearer(bob.session))).status).toBe(200);
    expect(await journalRows()).toBe(0);
  });
});

describe('a Memory with a long history', () => {
  test('when a Memory has 70 revisions, then its export holds its first 32 and two memory_history lines after it, and imports back whole', async () => {
    const alice = await t.account();
    const s = bearer(alice.session);
    const created = await t.http.post('/v1/memories').set(s).send({ text: 'version 1' });
    const id = created.body.data.id as string;
    for (let version = 2; version <= 70; version += 1) {
      expect((await t.http.patch(`/v1/memories/${id}`).set(s).send({ text: `version ${version}` })).status).toBe(200);
    }
    const file = await exportLines(t, alice.session);
    const types = file.map((line) => line.type);
    expect(types.slice(types.indexOf('memory'), types.indexOf('memory') + 3)).toEqual(['memory', 'memory_history', 'memory_history']);
    const [memory] = ofType(file, 'memory') as Array<{ revisions: Array<{ revision: number }> }>;
    const histories = ofType(file, 'memory_history') as Array<{ memory_id: string; revisions: Array<{ revision: number }> }>;
    expect(memory!.revisions.map((revision) => revision.revision)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    expect(histories.map((history) => history.revisions.length)).toEqual([32, 6]);
    expect(histories.every((history) => history.memory_id === id)).toBe(true);
    expect(file[file.length - 1]!.data).toMatchObject({ counts: { memories: 1, memory_histories: 2 } });

    const bob = await t.account();
    expect((await importText(t, bob.session, toText(file))).status).toBe(200);
    const copy = await exportLines(t, bob.session);
    const [imported] = ofType(copy, 'memory') as Array<{ id: string; text: string; revision: number }>;
    expect(imported).toMatchObject({ text: 'version 70', revision: 70 });
    const revisions = await t.http.get(`/v1/memories/${imported!.id}/revisions`).query({ limit: 100 }).set(bearer(bob.session));
    expect(revisions.body.data.map((revision: { revision: number }) => revision.revision)).toEqual(Array.from({ length: 70 }, (_, i) => 70 - i));
  });

  test('when a history is cut short, out of order, or goes on for another Memory, then the import is refused at that line and nothing is written', async () => {
    const bob = await t.account();
    const at = '2026-11-01T09:00:00.000Z';
    const revision = (n: number) => ({ revision: n, text: `version ${n}`, type: 'note', sensitivity: 'normal', tags: [], pinned: false, created_at: at, actor: { kind: 'session' } });
    const memory = (id: string, revisions: number[], current: number): Line => ({
      type: 'memory',
      data: { id, text: `version ${current}`, type: 'note', sensitivity: 'normal', tags: [], pinned: false, revision: current, created_at: at, updated_at: at, revisions: revisions.map(revision) },
    });
    const history = (id: string, revisions: number[]): Line => ({ type: 'memory_history', data: { memory_id: id, revisions: revisions.map(revision) } });
    const a = fileId('mem', 1);
    const b = fileId('mem', 2);
    // Each case: its records (after the header), which of them is refused (counted from 1), and why.
    const cases: Array<[Line[], number, string]> = [
      // Ends before the current revision, and the next record is another Memory.
      [[memory(a, [1, 2], 4), history(a, [3]), memory(b, [1], 1)], 3, 'comes before the history'],
      // Goes back in the history.
      [[memory(a, [1, 2], 4), history(a, [2, 3, 4])], 2, 'must be greater than the revision before it (2)'],
      // Goes past the current revision.
      [[memory(a, [1, 2], 3), history(a, [3, 4])], 2, "must end with the Memory's current revision (3)"],
      // Follows another Memory than its own.
      [[memory(a, [1], 2), memory(b, [1], 1), history(a, [2])], 2, 'comes before the history'],
      [[memory(a, [1], 1), memory(b, [1], 2), history(a, [2])], 3, 'must be the Memory of the line before'],
    ];
    for (const [records, line, message] of cases) {
      const histories = records.filter((record) => record.type === 'memory_history').length;
      const memories = records.length - histories;
      const res = await importText(t, bob.session, toText([header(), ...records, end({ memories, memory_histories: histories })]));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_import');
      expect(res.body.error.details.line).toBe(line + 1);
      expect(res.body.error.message).toContain(message);
    }
    expect(ofType(await exportLines(t, bob.session), 'memory')).toEqual([]);
  });

  test(`when a line holds more than ${LINE_VALUES_MAX} values or nests deeper than 64 levels, then it is refused before it is parsed`, async () => {
    const bob = await t.account();
    const many = memoryLine(fileId('mem', 1), 'x', { tags: new Array(LINE_VALUES_MAX).fill(1) });
    const wide = await importText(t, bob.session, toText([header(), many]));
    expect(wide.status).toBe(400);
    expect(wide.body.error).toMatchObject({ code: 'invalid_import', details: { line: 2, errors: [{ path: '', message: `must not hold more than ${LINE_VALUES_MAX} values (items and members of all its arrays and objects)` }] } });
    const deep = toText([header()]) + JSON.stringify(memoryLine(fileId('mem', 1), 'x')).replace('"tags":[]', `"tags":${'['.repeat(64)}${']'.repeat(64)}`) + '\n';
    const nested = await importText(t, bob.session, deep);
    expect(nested.status).toBe(400);
    expect(nested.body.error).toMatchObject({ code: 'invalid_import', details: { line: 2, errors: [{ path: '', message: 'must not nest deeper than 64 levels' }] } });
    expect(ofType(await exportLines(t, bob.session), 'memory')).toEqual([]);
  });

  test('when a line is longer than 8 MiB, then it is refused as it arrives', async () => {
    const bob = await t.account();
    const long = memoryLine(fileId('mem', 1), 'x', { tags: [] });
    const text = toText([header()]) + JSON.stringify(long).replace('"text":"x"', `"text":"${'y'.repeat(8 * 1024 * 1024)}"`) + '\n';
    const res = await importText(t, bob.session, text);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'invalid_import', details: { line: 2 } });
    expect(res.body.error.message).toContain('longer than 8388608 bytes');
  });
});

const onEmbedded = testDatabaseUrl() ? describe.skip : describe;

onEmbedded('an export read a page at a time (the embedded database)', () => {
  test("when an export is between two of its pages, then other accounts are served and the account is read, but its changes are 503 account_busy until the export has been read", async () => {
    const alice = await t.account();
    const bob = await t.account();
    for (let n = 0; n < 3; n += 1) expect((await t.http.post('/v1/memories').set(bearer(alice.session)).send({ text: `Note ${n}` })).status).toBe(201);
    // Read as it is pulled (no spool), so the test decides when the next page is read.
    const lines = await openExport({ ...services, spoolDirectory: '' }, sessionOf(alice));
    expect(JSON.parse((await lines.next()).value as string)).toMatchObject({ type: 'header' });
    expect((await lines.next()).value).toContain('"type":"memory"');

    // A transaction held for the whole export would keep the one connection from these.
    expect((await t.http.post('/v1/memories').set(bearer(bob.session)).send({ text: 'Another account' })).status).toBe(201);
    expect((await t.http.get('/v1/memories').set(bearer(alice.session))).status).toBe(200);
    const refused = await t.http.post('/v1/memories').set(bearer(alice.session)).send({ text: 'Made during the export' });
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('account_busy');
    expect(refused.headers['retry-after']).toBe('2');

    const rest: string[] = [];
    for await (const line of lines) rest.push(line);
    expect(JSON.parse(rest[rest.length - 1]!)).toMatchObject({ type: 'end', data: { counts: { memories: 3 } } });
    expect((await t.http.post('/v1/memories').set(bearer(alice.session)).send({ text: 'Made after the export' })).status).toBe(201);
  });

  test('when a Memory of the account expires while its export is read, then it is trashed only after the export: the file has it, and nothing is cut short', async () => {
    const alice = await t.account();
    const ids: string[] = [];
    for (let n = 0; n < 3; n += 1) ids.push((await t.http.post('/v1/memories').set(bearer(alice.session)).send({ text: `Note ${n}` })).body.data.id);
    await services.db.updateTable('memories').set({ expires_at: new Date(Date.now() - 60_000) }).where('id', '=', ids[0]!).execute();
    const lines = await openExport({ ...services, spoolDirectory: '' }, sessionOf(alice));
    const text = [(await lines.next()).value as string, (await lines.next()).value as string];
    // Between two pages: the expiry passes over this account and goes on with the others.
    expect(await expireMemories(services)).toBe(0);
    for await (const line of lines) text.push(line);
    const file = text.join('').trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; data: any });
    expect(file.filter((line) => line.type === 'memory').map((line) => line.data.id).sort()).toEqual([...ids].sort());
    expect(file[file.length - 1]).toMatchObject({ type: 'end', data: { counts: { memories: 3 } } });
    expect(await expireMemories(services)).toBe(1);
  });

  test('when an export ends early, then the account takes changes again', async () => {
    const alice = await t.account();
    expect((await t.http.post('/v1/memories').set(bearer(alice.session)).send({ text: 'Note' })).status).toBe(201);
    const lines = await openExport({ ...services, spoolDirectory: '' }, sessionOf(alice));
    await lines.next();
    await lines.next();
    await lines.return?.();
    expect((await t.http.post('/v1/memories').set(bearer(alice.session)).send({ text: 'After' })).status).toBe(201);
  });
});
