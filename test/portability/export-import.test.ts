import { bearer, startTestApp, type TestAccount, type TestApp } from '../support/app';
import {
  comparable,
  end,
  exportLines,
  exportOf,
  fileId,
  header,
  importText,
  memoryLine,
  ofType,
  subjectLine,
  toText,
  type Line,
} from './helpers';
import { expectError } from '../support/assertions';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A Fact of the file with no sources, as an export before Fact validity wrote it unless `extra` adds the fields. */
const factLine = (n: number, extra: Record<string, unknown> = {}): Line => ({
  type: 'fact',
  data: { id: fileId('fct', n), subject_id: fileId('sub', 1), statement: `Fact ${n}`, sources: [], accepted_at: '2026-11-01T09:00:00.000Z', created_at: '2026-11-01T09:00:00.000Z', ...extra },
});

const README = '# Weekly review\n\nA calm checklist for the end of every week, with space for notes.\n';

const AT = '2026-11-01T09:00:00.000Z';

/** A pending suggestion of the file about Subject 1, with no sources. */
const suggestionLine = (n: number, extra: Record<string, unknown> = {}): Line => ({
  type: 'fact_suggestion',
  data: { id: fileId('fsg', n), subject_id: fileId('sub', 1), statement: `Suggestion ${n}`, note: '', sources: [], status: 'pending', fact_id: null, created_at: AT, reviewed_at: null, ...extra },
});

/** A draft Template of the file that was never published. */
const templateLine = (n: number, extra: Record<string, unknown> = {}): Line => ({
  type: 'template',
  data: {
    id: fileId('tpl', n),
    name: `Review ${n}`,
    summary: '',
    category: 'other',
    tags: [],
    license: 'MIT',
    release_notes: '',
    draft: { revision: 1, files: [{ path: 'README.md', content: README }], updated_at: AT },
    review: { state: 'draft', reviewed_revision: null },
    publication: { state: 'never_published', version: 0, published_revision: null, published_at: null, files: [] },
    created_at: AT,
    updated_at: AT,
    ...extra,
  },
});

/** A Template line with its draft holding these files. */
const withFiles = (line: Line, files: Array<{ path: string; content: string }>): Line => ({
  ...line,
  data: { ...line.data, draft: { ...line.data.draft, files } },
});

/** A Memory line whose own timestamps (and its revision's) are `at`. */
const memoryAt = (n: number, at: string): Line => {
  const line = memoryLine(fileId('mem', n), `memory ${n}`);
  return { type: 'memory', data: { ...line.data, created_at: at, updated_at: at, revisions: line.data.revisions.map((r: object) => ({ ...r, created_at: at })) } };
};

async function ok<T = any>(res: PromiseLike<{ status: number; body: any }>, status = 200): Promise<T> {
  const answer = await res;
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data as T;
}

/** Every insight of the account, as "Subject: kind texts" lines. */
async function insights(token: string): Promise<string[]> {
  const texts = new Map((await exportLines(t, token)).filter((line) => line.type === 'memory').map((line) => [line.data.id, line.data.text]));
  const found: string[] = [];
  for (const subject of await ok(t.http.get('/v1/subjects').set(bearer(token)))) {
    for (const insight of await ok(t.http.get(`/v1/subjects/${subject.id}/memory-insights`).query({ limit: 100 }).set(bearer(token)))) {
      found.push(`${subject.name}: ${insight.kind} ${insight.memory_ids.map((id: string) => texts.get(id)).sort().join(' | ')}`);
    }
  }
  return found.sort();
}

/** An account with a bit of everything the export holds, including a secret Memory and a published Template. */
async function populate(account: TestAccount): Promise<{ secretId: string; ids: Record<string, string> }> {
  const s = bearer(account.session);
  const post = (path: string, body: unknown, status = 201) => ok(t.http.post(path).set(s).send(body as object), status);
  await ok(t.http.put('/v1/context/workspace-profile').set(s).send({ guidance: 'Answer briefly.' }));
  const ada = await post('/v1/subjects', { name: 'Ada Lovelace', kind: 'person', aliases: ['Ada'], description: 'Mathematician' });
  const engine = await post('/v1/subjects', { name: 'Analytical Engine', kind: 'project' });
  const tea = await post('/v1/memories', { text: 'Ada drinks green tea every morning', tags: ['Habits', 'tea'], pinned: true });
  await ok(t.http.patch(`/v1/memories/${tea.id}`).set(s).send({ text: 'Ada drinks jasmine tea every morning' }));
  const notes = await post('/v1/memories', { text: 'The engine design notes are in the blue folder', type: 'reference', sensitivity: 'sensitive' });
  const secret = await post('/v1/memories', { text: 'The vault code is 4711', sensitivity: 'secret' });
  const formerSecret = await post('/v1/memories', { text: 'Draft salary figures', sensitivity: 'secret' });
  await ok(t.http.patch(`/v1/memories/${formerSecret.id}`).set(s).send({ sensitivity: 'normal', text: 'Salary talks are in March' }));
  for (const [subject, memory] of [
    [ada.id, tea.id],
    [engine.id, notes.id],
    [ada.id, secret.id],
    [ada.id, formerSecret.id],
  ]) {
    await post(`/v1/subjects/${subject}/memories`, { memory_id: memory });
  }
  const accepted = await post(`/v1/subjects/${ada.id}/fact-suggestions`, { statement: 'Ada drinks jasmine tea', source_memory_ids: [tea.id, secret.id] });
  const jasmine = await post(`/v1/fact-suggestions/${accepted.id}/accept`, {}, 200);
  // A Fact that changed: the jasmine tea Fact is superseded, and stays in the export.
  const changed = await post(`/v1/subjects/${ada.id}/fact-suggestions`, { statement: 'Ada drinks oolong tea', source_memory_ids: [tea.id], supersedes: jasmine.fact.id });
  await post(`/v1/fact-suggestions/${changed.id}/accept`, {}, 200);
  const rejected = await post(`/v1/subjects/${ada.id}/fact-suggestions`, { statement: 'Ada dislikes tea', source_memory_ids: [tea.id], note: 'doubtful' });
  await post(`/v1/fact-suggestions/${rejected.id}/reject`, {}, 200);
  await post(`/v1/subjects/${engine.id}/fact-suggestions`, { statement: 'The notes are blue', source_memory_ids: [notes.id] });
  const created = await post('/v1/library/templates/workflow', { action: 'create', name: 'Weekly review', summary: 'A calm weekly review', category: 'productivity', tags: ['Planning'], license: 'MIT' });
  const templateId = created.template.id as string;
  await ok(t.http.put(`/v1/library/templates/${templateId}/draft`).set(s).send({ base_revision: 1, files: [{ path: 'README.md', content: README }, { path: 'notes/extra.md', content: 'More.\n' }] }));
  await post('/v1/library/templates/workflow', { action: 'submit_review', template_id: templateId, revision: 2 }, 200);
  await post(
    '/v1/library/templates/workflow',
    { action: 'publish', template_id: templateId, revision: 2, release_notes: 'The first public version.', confirm: { license: 'MIT', files_public: true, reviewed_revision: 2 } },
    200,
  );
  return { secretId: secret.id, ids: { ada: ada.id, engine: engine.id, tea: tea.id, formerSecret: formerSecret.id } };
}

describe('GET /v1/export', () => {
  let alice: TestAccount;
  let lines: Line[];
  let secretId: string;
  beforeAll(async () => {
    alice = await t.account();
    ({ secretId } = await populate(alice));
    lines = await exportLines(t, alice.session);
  });

  test('when a session exports, then the file has a header, every record type, referenced records first, and an end line that counts them', () => {
    expect(lines[0]).toEqual({ type: 'header', data: { format: 'mtl-export', version: 1, exported_at: expect.any(String) } });
    expect(lines.map((line) => line.type)).toEqual([
      'header',
      'workspace_profile',
      'subject',
      'subject',
      'memory',
      'memory',
      'memory',
      'memory',
      'link',
      'link',
      'link',
      'link',
      'fact',
      'fact',
      'fact_suggestion',
      'fact_suggestion',
      'fact_suggestion',
      'fact_suggestion',
      'template',
      'end',
    ]);
    expect(lines[lines.length - 1]!.data).toEqual({
      counts: { workspace_profile: 1, subjects: 2, memories: 4, memory_histories: 0, links: 4, facts: 2, fact_suggestions: 4, templates: 1 },
    });
    const [jasmine, oolong] = ofType(lines, 'fact');
    expect(oolong).toMatchObject({ statement: 'Ada drinks oolong tea', valid_from: oolong!.accepted_at, valid_until: null, superseded_by: null });
    expect(jasmine).toMatchObject({ statement: 'Ada drinks jasmine tea', valid_from: jasmine!.accepted_at, valid_until: oolong!.valid_from, superseded_by: oolong!.id });
    expect(ofType(lines, 'fact_suggestion').find((suggestion) => suggestion.statement === 'Ada drinks oolong tea')).toMatchObject({ supersedes: jasmine!.id, fact_id: oolong!.id });
    const tea = ofType(lines, 'memory').find((memory) => memory.text.includes('jasmine'))!;
    expect(tea).toMatchObject({ tags: ['habits', 'tea'], pinned: true, revision: 2 });
    expect(tea.revisions.map((revision: { text: string }) => revision.text)).toEqual(['Ada drinks green tea every morning', 'Ada drinks jasmine tea every morning']);
    const [template] = ofType(lines, 'template');
    expect(template).toMatchObject({
      name: 'Weekly review',
      tags: ['planning'],
      draft: { revision: 2, files: [{ path: 'README.md', content: README }, { path: 'notes/extra.md', content: 'More.\n' }] },
      review: { state: 'ready_to_publish', reviewed_revision: 2 },
      publication: { state: 'published', version: 1, published_revision: 2, files: [{ path: 'README.md', content: README }, { path: 'notes/extra.md', content: 'More.\n' }] },
    });
    expect(ofType(lines, 'fact')[0]!.sources).toHaveLength(2);
  });

  test('when an API key exports, then secret Memories, their links, secret revisions and secret Fact sources are left out', async () => {
    for (const key of [alice.readOnlyKey, alice.readWriteKey]) {
      const keyLines = await exportLines(t, key);
      const text = JSON.stringify(keyLines);
      expect(text).not.toContain(secretId);
      expect(text).not.toContain('4711');
      expect(text).not.toContain('Draft salary figures');
      expect(ofType(keyLines, 'memory')).toHaveLength(3);
      expect(ofType(keyLines, 'link')).toHaveLength(3);
      const formerSecret = ofType(keyLines, 'memory').find((memory) => memory.text === 'Salary talks are in March')!;
      expect(formerSecret.revisions.map((revision: { revision: number }) => revision.revision)).toEqual([2]);
      expect(ofType(keyLines, 'fact')[0]!.sources).toHaveLength(1);
      expect(keyLines[keyLines.length - 1]!.data.counts).toMatchObject({ memories: 3, links: 3 });
    }
  });

  test('when an account has nothing, then the export is a header and an end line with zero counts', async () => {
    const empty = await t.account();
    const emptyLines = await exportLines(t, empty.readOnlyKey);
    expect(emptyLines.map((line) => line.type)).toEqual(['header', 'end']);
  });

  test('when another account exports, then none of this account\'s records are in it', async () => {
    const bob = await t.account();
    const text = JSON.stringify(await exportLines(t, bob.session));
    expect(text).not.toContain('jasmine');
  });

  test('when the request has no credentials, then it is 401 with the envelope', async () => {
    const res = await exportOf(t, 'not-a-token');
    expect(res.status).toBe(401);
  });
});

describe('POST /v1/import', () => {
  test('when an export is imported into an empty account, then exporting that account gives the same records apart from IDs, and search finds the same', async () => {
    const alice = await t.account();
    const { ids } = await populate(alice);
    // An unlinked mention of Ada, and two linked Memories that are duplicates: insights to derive again.
    const s = bearer(alice.session);
    await ok(t.http.post('/v1/memories').set(s).send({ text: 'Ada met Babbage at a party' }), 201);
    for (const text of ['Engine parts are ordered from Leeds', 'Engine parts are ordered from Leeds!']) {
      const memory = await ok(t.http.post('/v1/memories').set(s).send({ text }), 201);
      await ok(t.http.post(`/v1/subjects/${ids.engine}/memories`).set(s).send({ memory_id: memory.id }), 201);
    }
    const original = await exportLines(t, alice.session);
    const bob = await t.account();
    const answer = await ok(importText(t, bob.session, toText(original)));
    expect(answer).toEqual({
      imported: { memories: 7, subjects: 2, links: 6, facts: 2, fact_suggestions: 4, templates: 1 },
      merged_subjects: 0,
      facts_as_suggestions: 0,
      skipped: { workspace_profile: 0, superseded_facts: 0, existing: { subjects: 0, memories: 0, facts: 0, fact_suggestions: 0, templates: 0 } },
    });
    const copy = await exportLines(t, bob.session);
    // Templates come back as drafts that were never published: publication goes through review again.
    const asDraft = (lines: Line[]) =>
      comparable(lines).map((line) =>
        line.type === 'template'
          ? { ...line, data: { ...line.data, draft: { ...line.data.draft, revision: 1 }, review: null, publication: null } }
          : line.type === 'memory'
            ? { ...line, data: { ...line.data, revisions: line.data.revisions.map((r: { actor: unknown }) => ({ ...r, actor: null })) } }
            : line,
      );
    expect(asDraft(copy)).toEqual(asDraft(original));
    const [template] = ofType(copy, 'template');
    expect(template).toMatchObject({ review: { state: 'draft', reviewed_revision: null }, publication: { state: 'never_published', files: [] } });
    for (const q of ['jasmine tea', 'blue folder', 'salary', 'vault code']) {
      const texts = async (token: string) =>
        ((await ok(t.http.get('/v1/memories/search').query({ q }).set(bearer(token)))) as Array<{ memory: { text: string } }>).map((hit) => hit.memory.text);
      expect(await texts(bob.session)).toEqual(await texts(alice.session));
    }
    const subjects = await ok(t.http.get('/v1/subjects').set(bearer(bob.session)));
    const bobAda = subjects.find((subject: { name: string }) => subject.name === 'Ada Lovelace');
    const current = await ok(t.http.get(`/v1/subjects/${bobAda.id}/facts`).set(bearer(bob.session)));
    expect(current.map((fact: { statement: string }) => fact.statement)).toEqual(['Ada drinks oolong tea']);
    expect(subjects.map((subject: { name: string; memory_count: number }) => [subject.name, subject.memory_count]).sort()).toEqual([
      ['Ada Lovelace', 3],
      ['Analytical Engine', 3],
    ]);
    // The insights are derived again: the same kinds about the same texts.
    const expected = await insights(alice.session);
    expect(expected).toEqual([
      'Ada Lovelace: unlinked_mention Ada met Babbage at a party',
      'Analytical Engine: possible_duplicate Engine parts are ordered from Leeds | Engine parts are ordered from Leeds!',
    ]);
    expect(await insights(bob.session)).toEqual(expected);
  });

  test('when many linked Memories are imported, then the duplicates found are those that linking them one by one finds', async () => {
    const alice = await t.account();
    const s = bearer(alice.session);
    const subject = await ok(t.http.post('/v1/subjects').set(s).send({ name: 'Budget' }), 201);
    const base = [
      'The quarterly budget review meets on Tuesday mornings in room four',
      'Invoices from the printing supplier are paid within thirty days',
      'Travel expenses above five hundred euros need a second approval',
      'The office coffee machine is serviced every second Friday',
      'Salary reviews happen in March and are announced in April',
    ];
    // Each text, a copy with one typo (similar), one with other punctuation (equal when folded),
    // one that shares its start only (not similar), and one shortened by half (not similar).
    const texts = base.flatMap((text) => [
      text,
      text.replace(/e([^e]*)$/, '$1'),
      `${text.toUpperCase()}!!`,
      `${text.split(' ').slice(0, 4).join(' ')} and nothing else of the kind at all here`,
      text.slice(0, Math.floor(text.length / 2)),
    ]);
    for (const text of texts) {
      const memory = await ok(t.http.post('/v1/memories').set(s).send({ text }), 201);
      await ok(t.http.post(`/v1/subjects/${subject.id}/memories`).set(s).send({ memory_id: memory.id }), 201);
    }
    const expected = await insights(alice.session);
    expect(expected.filter((line) => line.includes('possible_duplicate')).length).toBeGreaterThanOrEqual(base.length * 3);
    const bob = await t.account();
    await ok(importText(t, bob.session, toText(await exportLines(t, alice.session))));
    expect(await insights(bob.session)).toEqual(expected);
  });

  test('when texts hold quotes, backslashes, emoji, a lone surrogate or an expiry, then they are imported as a Memory created with them would be', async () => {
    const bob = await t.account();
    const texts = ['She said "no" \\ then left {a,b}', 'Smile 😀 and ünïcödé', 'broken \ud800 half'];
    const expiresAt = '2099-01-01T00:00:00.000Z';
    const file = [
      header(),
      ...texts.map((text, i) => memoryLine(fileId('mem', i), text, { tags: ['a "tag"', 'back\\slash'] })),
      { type: 'memory', data: { ...memoryLine(fileId('mem', 9), 'expiring').data, expires_at: expiresAt } },
      end({ memories: texts.length + 1 }),
    ];
    await ok(importText(t, bob.session, toText(file)));
    const stored = new Map(ofType(await exportLines(t, bob.session), 'memory').map((memory) => [memory.text, memory]));
    for (const text of texts) {
      const created = await ok(t.http.post('/v1/memories').set(bearer(bob.session)).send({ text, tags: ['a "tag"', 'back\\slash'] }), 201);
      const imported = stored.get(created.text)!;
      expect(imported).toBeDefined();
      expect(imported.tags).toEqual(created.tags);
      expect(imported.revisions[0].text).toBe(created.text);
    }
    expect(stored.get('broken \ufffd half')).toBeDefined();
    expect(stored.get('expiring')!.expires_at).toBe(expiresAt);
  });

  test('when a Subject of the file has the name of one the account has, then it is merged into it', async () => {
    const bob = await t.account();
    const existing = await ok(t.http.post('/v1/subjects').set(bearer(bob.session)).send({ name: 'ada lovelace', description: 'kept' }), 201);
    const file = [header(), subjectLine(fileId('sub', 1), 'Ada Lovelace'), memoryLine(fileId('mem', 1), 'Ada wrote the first program'), { type: 'link', data: { subject_id: fileId('sub', 1), memory_id: fileId('mem', 1), created_at: '2026-11-01T09:00:00.000Z' } }, end({ subjects: 1, memories: 1, links: 1 })];
    const answer = await ok(importText(t, bob.session, toText(file)));
    expect(answer).toEqual({
      imported: { memories: 1, subjects: 0, links: 1, facts: 0, fact_suggestions: 0, templates: 0 },
      merged_subjects: 1,
      facts_as_suggestions: 0,
      skipped: { workspace_profile: 0, superseded_facts: 0, existing: { subjects: 0, memories: 0, facts: 0, fact_suggestions: 0, templates: 0 } },
    });
    const subject = await ok(t.http.get(`/v1/subjects/${existing.id}`).set(bearer(bob.session)));
    expect(subject).toMatchObject({ name: 'ada lovelace', description: 'kept', memory_count: 1 });
  });

  test.each([
    ['İstanbul', 'istanbul'],
    ['istanbul', 'İstanbul'],
    ['Ébène', 'ébène'],
  ])('when the account has the Subject %s and the file has %s, then the import merges them exactly when creating it would be a duplicate_subject', async (own, theirs) => {
    const probe = await t.account();
    await ok(t.http.post('/v1/subjects').set(bearer(probe.session)).send({ name: own }), 201);
    const created = await t.http.post('/v1/subjects').set(bearer(probe.session)).send({ name: theirs });
    const same = created.status === 400;
    if (same) expectError(created, 400, 'duplicate_subject');
    else expect(created.status).toBe(201);
    const bob = await t.account();
    await ok(t.http.post('/v1/subjects').set(bearer(bob.session)).send({ name: own }), 201);
    const answer = await ok(importText(t, bob.session, toText([header(), subjectLine(fileId('sub', 1), theirs), end({ subjects: 1 })])));
    expect(answer).toMatchObject({ imported: { subjects: same ? 0 : 1 }, merged_subjects: same ? 1 : 0 });
    // Two Subjects of one file with those names are refused exactly when they are the same name.
    const carol = await t.account();
    const res = await importText(t, carol.session, toText([header(), subjectLine(fileId('sub', 1), own), subjectLine(fileId('sub', 2), theirs), end({ subjects: 2 })]));
    if (same) {
      expectError(res, 400, 'invalid_import');
      expect(res.body.error.details).toMatchObject({ line: 3, errors: [{ path: '/data/name' }] });
    } else {
      expect(res.status).toBe(200);
    }
  });

  test('when an API key imports a file with a secret Memory, then it is 403 secret_memory_forbidden and nothing is written', async () => {
    const bob = await t.account();
    const file = [header(), memoryLine(fileId('mem', 1), 'ordinary'), memoryLine(fileId('mem', 2), 'hidden', { sensitivity: 'secret' }), end({ memories: 2 })];
    expectError(await importText(t, bob.readWriteKey, toText(file)), 403, 'secret_memory_forbidden');
    expect(ofType(await exportLines(t, bob.session), 'memory')).toEqual([]);
    // The same file with a session is fine.
    await ok(importText(t, bob.session, toText(file)));
  });

  test("when an API key imports, then it follows the key's rules: no workspace profile, no reviewed Facts or decisions (pending suggestions instead), revisions written as the key", async () => {
    const alice = await t.account();
    await populate(alice);
    // What a key of alice's may export (no secret Memories), imported by a key of bob's.
    const file = await exportLines(t, alice.readWriteKey);
    const bob = await t.account();
    const answer = await ok(importText(t, bob.readWriteKey, toText(file)));
    // The file's Facts: "jasmine" (superseded) and "oolong" (current). Its suggestions: jasmine and
    // oolong (accepted), "dislikes" (rejected), "blue" (pending); oolong is already pending from its Fact.
    expect(answer).toEqual({
      imported: { memories: 3, subjects: 2, links: 3, facts: 0, fact_suggestions: 3, templates: 1 },
      merged_subjects: 0,
      facts_as_suggestions: 1,
      skipped: { workspace_profile: 1, superseded_facts: 1, existing: { subjects: 0, memories: 0, facts: 0, fact_suggestions: 0, templates: 0 } },
    });
    const s = bearer(bob.session);
    expect((await ok(t.http.get('/v1/context/workspace-profile').set(s))).guidance).toBe('');
    const copy = await exportLines(t, bob.session);
    expect(ofType(copy, 'fact')).toEqual([]);
    const suggestions = ofType(copy, 'fact_suggestion') as Array<{ statement: string; status: string; fact_id: unknown; reviewed_at: unknown }>;
    expect(suggestions.map((suggestion) => suggestion.statement).sort()).toEqual(['Ada dislikes tea', 'Ada drinks jasmine tea', 'Ada drinks oolong tea', 'The notes are blue']);
    for (const suggestion of suggestions) expect(suggestion).toMatchObject({ status: 'pending', fact_id: null, reviewed_at: null });
    const revisions = (ofType(copy, 'memory') as Array<{ revisions: Array<{ actor: unknown }> }>).flatMap((memory) => memory.revisions);
    expect(revisions.length).toBeGreaterThan(3);
    for (const revision of revisions) expect(revision.actor).toEqual({ kind: 'api_key', key_id: bob.readWriteKeyId });
    // The same file imported with a session keeps the profile, the Facts and the decisions.
    const carol = await t.account();
    const asSession = await ok(importText(t, carol.session, toText(file)));
    expect(asSession).toMatchObject({ imported: { facts: 2 }, facts_as_suggestions: 0, skipped: { workspace_profile: 0, superseded_facts: 0 } });
    expect((await ok(t.http.get('/v1/context/workspace-profile').set(bearer(carol.session)))).guidance).toBe('Answer briefly.');
  });

  test('when a read-only key imports, then it is 403 insufficient_key_mode', async () => {
    const bob = await t.account();
    expectError(await importText(t, bob.readOnlyKey, toText([header(), end()])), 403, 'insufficient_key_mode');
  });

  test('when the body is not newline-delimited JSON, then it is 415', async () => {
    const bob = await t.account();
    const res = await t.http.post('/v1/import').set(bearer(bob.session)).send({ type: 'header' });
    expectError(res, 415, 'unsupported_media_type');
  });

  /** A Memory line with some of its timestamps replaced. */
  const memoryWith = (timestamps: Record<string, string>) => {
    const line = memoryLine(fileId('mem', 1), 'one');
    return { ...line, data: { ...line.data, ...timestamps } };
  };
  const invalid: Array<[string, () => string, number]> = [
    ['a line that is not JSON', () => toText([header()]) + '{"type": "memory", \n' + toText([end()]), 2],
    ['an unknown record type', () => toText([header(), { type: 'photo', data: {} }, end()]), 2],
    ['a record that breaks its schema', () => toText([header(), memoryLine(fileId('mem', 1), ''), end({ memories: 1 })]), 2],
    ['a NUL character in a text', () => toText([header(), memoryLine(fileId('mem', 1), 'a\u0000b'), end({ memories: 1 })]), 2],
    [
      'a link to a Memory that is not in the file',
      () => toText([header(), subjectLine(fileId('sub', 1), 'Ada'), { type: 'link', data: { subject_id: fileId('sub', 1), memory_id: fileId('mem', 9), created_at: '2026-11-01T09:00:00.000Z' } }, end({ subjects: 1, links: 1 })]),
      3,
    ],
    [
      'a Fact whose source comes later',
      () =>
        toText([
          header(),
          subjectLine(fileId('sub', 1), 'Ada'),
          { type: 'fact', data: { id: fileId('fct', 1), subject_id: fileId('sub', 1), statement: 'x', sources: [{ memory_id: fileId('mem', 1) }], accepted_at: '2026-11-01T09:00:00.000Z', created_at: '2026-11-01T09:00:00.000Z' } },
          memoryLine(fileId('mem', 1), 'late'),
          end({ subjects: 1, facts: 1, memories: 1 }),
        ]),
      3,
    ],
    [
      'a superseded Fact whose successor is not in the file',
      () => toText([header(), subjectLine(fileId('sub', 1), 'Ada'), factLine(1, { valid_until: '2026-11-02T09:00:00.000Z', superseded_by: fileId('fct', 9) }), end({ subjects: 1, facts: 1 })]),
      3,
    ],
    [
      'a current Fact with a successor',
      () =>
        toText([
          header(),
          subjectLine(fileId('sub', 1), 'Ada'),
          factLine(1, { superseded_by: fileId('fct', 2) }),
          factLine(2),
          end({ subjects: 1, facts: 2 }),
        ]),
      3,
    ],
    [
      'a Fact superseded by a Fact of another Subject',
      () =>
        toText([
          header(),
          subjectLine(fileId('sub', 1), 'Ada'),
          subjectLine(fileId('sub', 2), 'Bea'),
          factLine(1, { valid_until: '2026-11-02T09:00:00.000Z', superseded_by: fileId('fct', 2) }),
          factLine(2, { subject_id: fileId('sub', 2) }),
          end({ subjects: 2, facts: 2 }),
        ]),
      4,
    ],
    ['a version this service does not know', () => toText([header(2), end()]), 1],
    ['a file that does not start with its header', () => toText([memoryLine(fileId('mem', 1), 'first'), header(), end({ memories: 1 })]), 1],
    ['a second header', () => toText([header(), header(), end()]), 2],
    ['a record after the end line', () => toText([header(), end(), memoryLine(fileId('mem', 1), 'late')]), 3],
    ['an end line whose counts differ', () => toText([header(), memoryLine(fileId('mem', 1), 'one'), end({ memories: 2 })]), 3],
    ['a truncated file (no end line)', () => toText([header(), memoryLine(fileId('mem', 1), 'one')]), 3],
    // RFC 3339 date-times that name no instant the database stores as sent.
    ['a February 30 in a timestamp', () => toText([header(), memoryWith({ expires_at: '2999-02-30T00:00:00Z' }), end({ memories: 1 })]), 2],
    ['an empty file', () => '', 1],
    ['the same Memory twice', () => toText([header(), memoryLine(fileId('mem', 1), 'one'), memoryLine(fileId('mem', 1), 'two'), end({ memories: 2 })]), 3],
    [
      'the same suggestion twice',
      () => toText([header(), subjectLine(fileId('sub', 1), 'Ada'), suggestionLine(1), suggestionLine(2), { ...suggestionLine(1), data: { ...suggestionLine(1).data, statement: 'other' } }, end({ subjects: 1, fact_suggestions: 3 })]),
      5,
    ],
    ['the same Template twice', () => toText([header(), templateLine(1), templateLine(2), { ...templateLine(1), data: { ...templateLine(1).data, name: 'Other' } }, end({ templates: 3 })]), 4],
    [
      'a Memory at the highest revision number',
      () => {
        const line = memoryLine(fileId('mem', 1), 'edited very often');
        const data = { ...line.data, revision: 2147483647, revisions: line.data.revisions.map((r: object) => ({ ...r, revision: 2147483647 })) };
        return toText([header(), { type: 'memory', data }, end({ memories: 1 })]);
      },
      2,
    ],
    ['a leap second as a Memory\'s created_at', () => toText([header(), memoryAt(1, '2026-06-30T23:59:60Z'), end({ memories: 1 })]), 2],
    ['the year 0 as a Memory\'s created_at', () => toText([header(), memoryAt(1, '0000-01-01T00:00:00Z'), end({ memories: 1 })]), 2],
    ['a time before the year 100', () => toText([header(), memoryAt(1, '0099-12-31T23:59:59.999Z'), end({ memories: 1 })]), 2],
    ['a time past the year 9999 in UTC', () => toText([header(), memoryAt(1, '9999-12-31T23:00:00-05:00'), end({ memories: 1 })]), 2],
    [
      'a leap second as a link\'s created_at',
      () => toText([header(), subjectLine(fileId('sub', 1), 'Ada'), memoryLine(fileId('mem', 1), 'x'), { type: 'link', data: { subject_id: fileId('sub', 1), memory_id: fileId('mem', 1), created_at: '2026-06-30T23:59:60Z' } }, end({ subjects: 1, memories: 1, links: 1 })]),
      4,
    ],
    [
      'a leap second as a Subject\'s updated_at',
      () => toText([header(), { type: 'subject', data: { ...subjectLine(fileId('sub', 1), 'Ada').data, updated_at: '2026-06-30T23:59:60Z' } }, end({ subjects: 1 })]),
      2,
    ],
    ['a leap second as a Template\'s created_at', () => toText([header(), templateLine(1, { created_at: '2026-06-30T23:59:60Z' }), end({ templates: 1 })]), 2],
    ['a leap second as the profile\'s updated_at', () => toText([header(), { type: 'workspace_profile', data: { guidance: 'x', updated_at: '2026-06-30T23:59:60Z' } }, end({ workspace_profile: 1 })]), 2],
    ['a leap second as a Fact\'s accepted_at', () => toText([header(), subjectLine(fileId('sub', 1), 'Ada'), factLine(1, { accepted_at: '2026-06-30T23:59:60Z' }), end({ subjects: 1, facts: 1 })]), 3],
  ];
  test.each(invalid)('when the file has %s, then it is 400 invalid_import naming the line, and nothing is written', async (_label, file, line) => {
    const bob = await t.account();
    const before = toText(await exportLines(t, bob.session)).replace(/"exported_at":"[^"]+"/, '');
    const res = await importText(t, bob.session, file());
    expectError(res, 400, 'invalid_import');
    expect(res.body.error.details).toEqual({ line, errors: expect.any(Array) });
    expect(res.body.error.details.errors.length).toBeGreaterThan(0);
    for (const error of res.body.error.details.errors) expect(error).toEqual({ path: expect.any(String), message: expect.any(String) });
    expect(toText(await exportLines(t, bob.session)).replace(/"exported_at":"[^"]+"/, '')).toBe(before);
  });

  test('when a Memory is one revision below the highest, then it is imported and can be changed once more', async () => {
    const bob = await t.account();
    const line = memoryLine(fileId('mem', 1), 'edited very often');
    const data = { ...line.data, revision: 2147483646, revisions: line.data.revisions.map((r: object) => ({ ...r, revision: 2147483646 })) };
    await ok(importText(t, bob.session, toText([header(), { type: 'memory', data }, end({ memories: 1 })])));
    const [memory] = await ok(t.http.get('/v1/memories').set(bearer(bob.session)));
    expect(await ok(t.http.patch(`/v1/memories/${memory.id}`).set(bearer(bob.session)).send({ pinned: true }))).toMatchObject({ revision: 2147483647 });

    // At the highest revision, a change is refused and leaves the Memory as it was; a request that changes nothing is still answered.
    const refused = await t.http.patch(`/v1/memories/${memory.id}`).set(bearer(bob.session)).send({ text: 'edited once too often' });
    expectError(refused, 400, 'revision_limit_reached');
    expect(refused.body.error.details).toEqual({ current_revision: 2147483647 });
    expect(await ok(t.http.patch(`/v1/memories/${memory.id}`).set(bearer(bob.session)).send({ pinned: true }))).toMatchObject({ revision: 2147483647, text: 'edited very often' });
    const revisions = await ok(t.http.get(`/v1/memories/${memory.id}/revisions`).set(bearer(bob.session)));
    expect(revisions.map((revision: { revision: number }) => revision.revision)).toEqual([2147483647, 2147483646]);
  });

  test('when a timestamp of the file cannot be stored, then the error names its field and says what it must be', async () => {
    const bob = await t.account();
    const res = await importText(t, bob.session, toText([header(), memoryAt(1, '2026-06-30T23:59:60Z'), end({ memories: 1 })]));
    expectError(res, 400, 'invalid_import');
    expect(res.body.error.details.errors).toEqual(
      expect.arrayContaining([{ path: '/data/created_at', message: 'must be an RFC 3339 date-time in the years 0100 to 9999, and not a leap second' }]),
    );
  });

  test('when a Memory and a Subject were created before 1970, then they get IDs that work, keep their timestamps, and export and import again', async () => {
    const bob = await t.account();
    const s = bearer(bob.session);
    const moon = '1969-07-20T20:17:00.000Z';
    const file = [
      header(),
      { type: 'subject', data: { ...subjectLine(fileId('sub', 1), 'Apollo').data, created_at: '0100-01-01T00:00:00.000Z', updated_at: moon } },
      memoryAt(1, moon),
      { type: 'link', data: { subject_id: fileId('sub', 1), memory_id: fileId('mem', 1), created_at: moon } },
      end({ subjects: 1, memories: 1, links: 1 }),
    ];
    await ok(importText(t, bob.session, toText(file)));
    const memory = ofType(await exportLines(t, bob.session), 'memory')[0]!;
    expect(memory.id).toMatch(/^mem_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(await ok(t.http.get(`/v1/memories/${memory.id}`).set(s))).toMatchObject({ created_at: moon, updated_at: moon });
    const [subject] = await ok(t.http.get('/v1/subjects').set(s));
    expect(subject.id).toMatch(/^sub_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(await ok(t.http.get(`/v1/subjects/${subject.id}`).set(s))).toMatchObject({ created_at: '0100-01-01T00:00:00.000Z', memory_count: 1 });
    await ok(t.http.patch(`/v1/memories/${memory.id}`).set(s).send({ pinned: true }));
    const exported = await exportLines(t, bob.session);
    const carol = await t.account();
    await ok(importText(t, carol.session, toText(exported)));
    expect(comparable(await exportLines(t, carol.session))).toEqual(comparable(exported));
  });

  test('when a Fact names a successor later in the file, or the file predates Fact validity, then the import keeps or defaults the validity', async () => {
    const bob = await t.account();
    const file = [
      header(),
      subjectLine(fileId('sub', 1), 'Ada'),
      factLine(1, { valid_from: '2026-10-01T09:00:00.000Z', valid_until: '2026-11-02T09:00:00.000Z', superseded_by: fileId('fct', 2) }),
      factLine(2, { accepted_at: '2026-11-02T09:00:00.000Z', created_at: '2026-11-02T09:00:00.000Z', valid_from: '2026-11-02T09:00:00.000Z', valid_until: null, superseded_by: null }),
      factLine(3),
      end({ subjects: 1, facts: 3 }),
    ];
    expect(await ok(importText(t, bob.session, toText(file)))).toMatchObject({ imported: { subjects: 1, facts: 3 } });
    const [subject] = await ok(t.http.get('/v1/subjects').set(bearer(bob.session)));
    const all = await ok(t.http.get(`/v1/subjects/${subject.id}/facts`).query({ include_superseded: true }).set(bearer(bob.session)));
    const byStatement = Object.fromEntries(all.map((fact: { statement: string }) => [fact.statement, fact]));
    expect(byStatement['Fact 1']).toMatchObject({ valid_from: '2026-10-01T09:00:00.000Z', valid_until: '2026-11-02T09:00:00.000Z', superseded_by: byStatement['Fact 2'].id });
    expect(byStatement['Fact 2']).toMatchObject({ valid_from: '2026-11-02T09:00:00.000Z', valid_until: null, superseded_by: null });
    expect(byStatement['Fact 3']).toMatchObject({ valid_from: '2026-11-01T09:00:00.000Z', valid_until: null, superseded_by: null });
    const current = await ok(t.http.get(`/v1/subjects/${subject.id}/facts`).set(bearer(bob.session)));
    expect(current.map((fact: { statement: string }) => fact.statement).sort()).toEqual(['Fact 2', 'Fact 3']);
  });

  test('when a Fact ended with no successor in the file, or an accepted suggestion names no Fact (what an API key\'s export leaves out), then the import takes them as they are', async () => {
    const bob = await t.account();
    const file = [
      header(),
      subjectLine(fileId('sub', 1), 'Ada'),
      factLine(1, { valid_until: '2026-11-02T09:00:00.000Z', superseded_by: null }),
      suggestionLine(1, { status: 'accepted', reviewed_at: '2026-11-02T09:00:00.000Z' }),
      end({ subjects: 1, facts: 1, fact_suggestions: 1 }),
    ];
    expect(await ok(importText(t, bob.session, toText(file)))).toMatchObject({ imported: { facts: 1, fact_suggestions: 1 } });
    const lines = await exportLines(t, bob.session);
    expect(ofType(lines, 'fact')).toEqual([expect.objectContaining({ statement: 'Fact 1', valid_until: '2026-11-02T09:00:00.000Z', superseded_by: null })]);
    expect(ofType(lines, 'fact_suggestion')).toEqual([expect.objectContaining({ statement: 'Suggestion 1', status: 'accepted', fact_id: null })]);
  });

  test('when a merged Subject already states the current Fact, then the file\'s superseded Fact points to the account\'s Fact', async () => {
    const bob = await t.account();
    const s = bearer(bob.session);
    const subject = await ok(t.http.post('/v1/subjects').set(s).send({ name: 'Ada' }), 201);
    const memory = await ok(t.http.post('/v1/memories').set(s).send({ text: 'Ada notes' }), 201);
    await ok(t.http.post(`/v1/subjects/${subject.id}/memories`).set(s).send({ memory_id: memory.id }), 201);
    const suggestion = await ok(t.http.post(`/v1/subjects/${subject.id}/fact-suggestions`).set(s).send({ statement: 'Fact 2', source_memory_ids: [memory.id] }), 201);
    const own = (await ok(t.http.post(`/v1/fact-suggestions/${suggestion.id}/accept`).set(s))).fact;
    const file = [
      header(),
      subjectLine(fileId('sub', 1), 'Ada'),
      factLine(1, { valid_until: '2026-11-02T09:00:00.000Z', superseded_by: fileId('fct', 2) }),
      factLine(2, { valid_from: '2026-11-02T09:00:00.000Z', valid_until: null, superseded_by: null }),
      end({ subjects: 1, facts: 2 }),
    ];
    expect(await ok(importText(t, bob.session, toText(file)))).toMatchObject({ imported: { facts: 1 }, merged_subjects: 1 });
    const all = await ok(t.http.get(`/v1/subjects/${subject.id}/facts`).query({ include_superseded: true }).set(s));
    expect(all.map((fact: { statement: string; superseded_by: string | null }) => [fact.statement, fact.superseded_by]).sort()).toEqual([
      ['Fact 1', own.id],
      ['Fact 2', null],
    ]);
  });

  test('when a file fails at its last line after many good ones, then nothing of the good ones is written', async () => {
    const bob = await t.account();
    const memories = Array.from({ length: 450 }, (_, i) => memoryLine(fileId('mem', i), `memory number ${i} about gardening`));
    const res = await importText(t, bob.session, toText([header(), subjectLine(fileId('sub', 1), 'Garden'), ...memories, end({ memories: 450 })]));
    expectError(res, 400, 'invalid_import');
    expect(res.body.error.details.line).toBe(453);
    const after = await exportLines(t, bob.session);
    expect(after.map((line) => line.type)).toEqual(['header', 'end']);
    expect((await ok(t.http.get('/v1/memories/search').query({ q: 'gardening' }).set(bearer(bob.session)))).length).toBe(0);
    expect(await ok(t.http.get('/v1/context/startup').set(bearer(bob.session)))).toMatchObject({ pinned: [], instructions: [], recent: [] });
  });

  test('when an import is repeated with the same Idempotency-Key, then the first answer is replayed and nothing is imported twice', async () => {
    const bob = await t.account();
    const file = toText([header(), memoryLine(fileId('mem', 1), 'only once'), end({ memories: 1 })]);
    const first = await importText(t, bob.session, file, { 'Idempotency-Key': 'import-1' });
    expect(first.status).toBe(200);
    const again = await importText(t, bob.session, file, { 'Idempotency-Key': 'import-1' });
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(ofType(await exportLines(t, bob.session), 'memory')).toHaveLength(1);
    const other = await importText(t, bob.session, toText([header(), end()]), { 'Idempotency-Key': 'import-1' });
    expectError(other, 400, 'idempotency_key_reused');
  });

  test('when the file is larger than other routes accept (1 MiB), then it is imported: the import\'s own limit is 512 MiB', async () => {
    const bob = await t.account();
    const long = 'a longer note about the garden and the orchard '.repeat(50);
    const file = toText([header(), ...Array.from({ length: 700 }, (_, i) => memoryLine(fileId('mem', i), `${i} ${long}`)), end({ memories: 700 })]);
    expect(Buffer.byteLength(file)).toBeGreaterThan(1.5 * 1024 * 1024);
    const res = await importText(t, bob.session, file);
    expect(res.status).toBe(200);
    expect(res.body.data.imported.memories).toBe(700);
    const elsewhere = await t.http.post('/v1/memories').set(bearer(bob.session)).send({ text: 'x', padding: file });
    expectError(elsewhere, 413, 'payload_too_large');
  });

  test('when the same Idempotency-Key comes with another file of the same length, then it is 400 idempotency_key_reused and nothing is imported', async () => {
    const bob = await t.account();
    const file = (word: string) => toText([header(), memoryLine(fileId('mem', 1), `kept ${word}`), end({ memories: 1 })]);
    expect(Buffer.byteLength(file('apple'))).toBe(Buffer.byteLength(file('melon')));
    await ok(importText(t, bob.session, file('apple'), { 'Idempotency-Key': 'same-length' }));
    const other = await importText(t, bob.session, file('melon'), { 'Idempotency-Key': 'same-length' });
    expectError(other, 400, 'idempotency_key_reused');
    expect(ofType(await exportLines(t, bob.session), 'memory').map((memory) => memory.text)).toEqual(['kept apple']);
    // The first file again is still a repeat.
    const again = await importText(t, bob.session, file('apple'), { 'Idempotency-Key': 'same-length' });
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  test('when the workspace profile is set already, then the file\'s profile does not replace it', async () => {
    const bob = await t.account();
    await ok(t.http.put('/v1/context/workspace-profile').set(bearer(bob.session)).send({ guidance: 'Mine.' }));
    const file = [header(), { type: 'workspace_profile', data: { guidance: 'Theirs.', updated_at: '2026-11-01T09:00:00.000Z' } }, end({ workspace_profile: 1 })];
    await ok(importText(t, bob.session, toText(file)));
    expect(await ok(t.http.get('/v1/context/workspace-profile').set(bearer(bob.session)))).toMatchObject({ guidance: 'Mine.' });
  });

  test('when a Template in the file breaks the draft rules, then the import is refused at its line', async () => {
    const bob = await t.account();
    const res = await importText(t, bob.session, toText([header(), withFiles(templateLine(1), [{ path: 'notes.md', content: 'x' }]), end({ templates: 1 })]));
    expectError(res, 400, 'invalid_import');
    expect(res.body.error.details.line).toBe(2);
    expect(res.body.error.details.errors).toEqual([{ path: '/data/draft', message: 'A root README.md is required.' }]);
  });

  test.each([
    ['a segment ending with "."', ['README.md.'], '"README.md." is not a valid path: no segment may end with "."'],
    ['a Windows device name', ['docs/NUL.md'], '"docs/NUL.md" is not a valid path: NUL is a device name on Windows'],
    ['a file that is also a folder of another path', ['docs', 'docs/a.md'], '"docs" is a file, but "docs/a.md" lies in a folder of that name'],
    ['a folder spelled in two ways', ['DOCS/a.md', 'docs/b.md'], '"docs/b.md" lies in the folder "docs", which "DOCS/a.md" spells with other letter case'],
  ])('when a Template in the file has %s, then the import is refused at its line, naming the path, and nothing is written', async (_rule, paths, words) => {
    const bob = await t.account();
    const files = [{ path: 'README.md', content: README }, ...paths.map((path) => ({ path, content: 'x\n' }))];
    const res = await importText(t, bob.session, toText([header(), withFiles(templateLine(1), files), end({ templates: 1 })]));
    expectError(res, 400, 'invalid_import');
    expect(res.body.error.details).toMatchObject({ line: 2, errors: [{ path: '/data/draft', message: expect.stringContaining(words) }] });
    expect(ofType(await exportLines(t, bob.session), 'template')).toEqual([]);
  });

  test('when two imports into one account run at once, then each either succeeds or is refused as retryable, and the data is never doubled by a refusal', async () => {
    const bob = await t.account();
    const file = (n: number) => toText([header(), ...Array.from({ length: 100 }, (_, i) => memoryLine(fileId('mem', i), `batch ${n} memory ${i}`)), end({ memories: 100 })]);
    const answers = await Promise.all([importText(t, bob.session, file(1)), importText(t, bob.session, file(2))]);
    const succeeded = answers.filter((res) => res.status === 200).length;
    for (const res of answers.filter((answer) => answer.status !== 200)) expectError(res, 409, 'import_in_progress', true);
    for (const res of answers.filter((answer) => answer.status === 409)) expect(res.headers['retry-after']).toBe('5');
    expect(succeeded).toBeGreaterThanOrEqual(1);
    expect(ofType(await exportLines(t, bob.session), 'memory')).toHaveLength(100 * succeeded);
  });
});
