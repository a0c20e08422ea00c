import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';
import { createMemory, createSubject, createTemplate, linkMemory } from '../support/factories';
import { exportLines, importText, ofType, toText, type Line } from './helpers';

/**
 * `POST /import?mode=restore`: a backup put back into the account it came from keeps its IDs and
 * adds only what the account no longer has; the default copy gives every record a new ID.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const restore = (token: string, lines: readonly Line[]) => importText(t, token, toText(lines)).query({ mode: 'restore' });
const NONE = { subjects: 0, memories: 0, facts: 0, fact_suggestions: 0, templates: 0 };

/** The records of an export, without its header and end (which carry the time of the export). */
const records = (lines: readonly Line[]) => lines.filter((line) => line.type !== 'header' && line.type !== 'end');

/**
 * An account with two Subjects, three Memories (one linked to each Subject, one edited twice), a
 * Fact superseded by another, a pending suggestion, and a Template.
 */
async function account(): Promise<{ a: TestAccount; s: Record<string, string>; ids: Record<string, string> }> {
  const a = await t.account();
  const s = bearer(a.session);
  const ada = (await createSubject(t, a.session, { name: 'Ada Lovelace', kind: 'person' })).id;
  const grace = (await createSubject(t, a.session, { name: 'Grace Hopper', kind: 'person' })).id;
  const first = (await createMemory(t, a.session, { text: 'Ada lives in London.' })).id;
  const second = (await createMemory(t, a.session, { text: 'Ada moved to Paris.' })).id;
  const third = (await createMemory(t, a.session, { text: 'Grace wrote a compiler', tags: ['history'] })).id;
  for (const text of ['Grace wrote the first compiler', 'Grace wrote the first compiler, in 1952']) {
    expect((await t.http.patch(`/v1/memories/${third}`).set(s).send({ text })).status).toBe(200);
  }
  await linkMemory(t, a.session, ada, first);
  await linkMemory(t, a.session, ada, second);
  await linkMemory(t, a.session, grace, third);
  const suggest = async (subject: string, body: Record<string, unknown>) => {
    const res = await t.http.post(`/v1/subjects/${subject}/fact-suggestions`).set(s).send(body);
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const accept = async (id: string) => {
    const res = await t.http.post(`/v1/fact-suggestions/${id}/accept`).set(s).send({});
    expect(res.status).toBe(200);
    return res.body.data.fact.id as string;
  };
  const london = await accept(await suggest(ada, { statement: 'Ada lives in London', source_memory_ids: [first] }));
  await accept(await suggest(ada, { statement: 'Ada lives in Paris', source_memory_ids: [second], supersedes: london }));
  const pending = await suggest(grace, { statement: 'Grace wrote the first compiler', source_memory_ids: [third] });
  const template = (await createTemplate(t, a.session)).template.id;
  return { a, s, ids: { ada, grace, first, second, third, london, pending, template } };
}

describe('restoring a backup into the account it came from', () => {
  test('when an export is restored into its account unchanged, then nothing is added, every record is counted as existing, and the account exports the same file', async () => {
    const { a } = await account();
    const before = await exportLines(t, a.session);
    const res = await restore(a.session, before);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      imported: { memories: 0, subjects: 0, links: 0, facts: 0, fact_suggestions: 0, templates: 0 },
      merged_subjects: 0,
      facts_as_suggestions: 0,
      skipped: { workspace_profile: 0, superseded_facts: 0, existing: { subjects: 2, memories: 3, facts: 2, fact_suggestions: 3, templates: 1 } },
    });
    expect(records(await exportLines(t, a.session))).toEqual(records(before));
  });

  test('when a Memory was deleted for good since the backup, then the restore brings it back with its ID, its history and its links, and nothing else twice', async () => {
    const { a, s, ids } = await account();
    const before = await exportLines(t, a.session);
    // A Memory that is no source of a reviewed Fact can be deleted for good.
    expect((await t.http.delete(`/v1/memories/${ids.third}`).query({ permanent: 'true' }).set(s)).status).toBe(200);
    const res = await restore(a.session, before);
    expect(res.status).toBe(200);
    expect(res.body.data.imported).toEqual({ memories: 1, subjects: 0, links: 1, facts: 0, fact_suggestions: 0, templates: 0 });
    expect(res.body.data.skipped.existing).toEqual({ subjects: 2, memories: 2, facts: 2, fact_suggestions: 3, templates: 1 });
    const again = await t.http.get(`/v1/memories/${ids.third}`).set(s);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: ids.third, text: 'Grace wrote the first compiler, in 1952', revision: 3 });
    const revisions = await t.http.get(`/v1/memories/${ids.third}/revisions`).set(s);
    expect(revisions.body.data.map((r: { revision: number }) => r.revision)).toEqual([3, 2, 1]);
    expect((await t.http.get(`/v1/subjects/${ids.grace}`).set(s)).body.data.memory_count).toBe(1);
    expect((await t.http.get('/v1/memories/search').query({ q: 'compiler 1952' }).set(s)).body.data.map((hit: { memory: { id: string } }) => hit.memory.id)).toEqual([ids.third]);
    expect(records(await exportLines(t, a.session))).toEqual(records(before));
  });

  test('when a Memory is in the trash, then a restore leaves it there and does not write it again', async () => {
    const { a, s, ids } = await account();
    const before = await exportLines(t, a.session);
    expect((await t.http.delete(`/v1/memories/${ids.third}`).set(s)).status).toBe(200);
    const res = await restore(a.session, before);
    expect(res.status).toBe(200);
    expect(res.body.data.imported.memories).toBe(0);
    expect(res.body.data.skipped.existing.memories).toBe(3);
    expect((await t.http.get(`/v1/memories/${ids.third}`).set(s)).status).toBe(404);
    expect((await t.http.post(`/v1/memories/${ids.third}/restore`).set(s).send({})).status).toBe(200);
    expect(ofType(await exportLines(t, a.session), 'memory')).toHaveLength(3);
  });

  test('when the file was exported by another account, then a restore is 400 invalid_import naming the line, nothing is written, and a copy imports it', async () => {
    const { a } = await account();
    const file = await exportLines(t, a.session);
    const other = await t.account();
    const res = await restore(other.session, file);
    expectError(res, 400, 'invalid_import');
    const line = file.findIndex((record) => record.type === 'subject') + 1;
    expect(res.body.error.details.line).toBe(line);
    expect(res.body.error.details.errors).toEqual([
      {
        path: '/data/id',
        message: `${file[line - 1]!.data.id} is the ID of another account's record: a restore puts a backup back into the account it came from (import the file with mode=copy instead)`,
      },
    ]);
    expect(records(await exportLines(t, other.session))).toEqual([]);
    const copy = await importText(t, other.session, toText(file));
    expect(copy.status).toBe(200);
    expect(copy.body.data.imported).toMatchObject({ memories: 3, subjects: 2, templates: 1 });
    expect(copy.body.data.skipped.existing).toEqual(NONE);
  });

  test('when an export is imported again as a copy, then it is written again with new IDs, as before', async () => {
    const { a } = await account();
    const file = await exportLines(t, a.session);
    const res = await importText(t, a.session, toText(file)).query({ mode: 'copy' });
    expect(res.status).toBe(200);
    expect(res.body.data.imported.memories).toBe(3);
    expect(ofType(await exportLines(t, a.session), 'memory')).toHaveLength(6);
  });

  test('when an API key asks for a restore, then it is 403 session_required before the file is read, and nothing is written', async () => {
    const { a, ids } = await account();
    const file = await exportLines(t, a.session);
    expect((await t.http.delete(`/v1/memories/${ids.third}`).query({ permanent: 'true' }).set(bearer(a.session))).status).toBe(200);
    for (const key of [a.readWriteKey, a.readOnlyKey]) {
      const res = await restore(key, file);
      expectError(res, 403, key === a.readWriteKey ? 'session_required' : 'insufficient_key_mode');
    }
    expect(ofType(await exportLines(t, a.session), 'memory')).toHaveLength(2);
  });

  test('when the mode is neither copy nor restore, then it is 400 invalid_request naming the parameter, and nothing is imported', async () => {
    const { a } = await account();
    const file = await exportLines(t, a.session);
    const res = await importText(t, a.session, toText(file)).query({ mode: 'merge' });
    expectError(res, 400, 'invalid_request');
    expect(res.body.error.details.errors.map((e: { path: string }) => e.path)).toEqual(['/query/mode']);
    expect(ofType(await exportLines(t, a.session), 'memory')).toHaveLength(3);
  });
});
