import { bearer, startTestApp, type TestApp } from '../support/app';
import { codePoints } from './helpers';
import { expectError, TIMESTAMP_PATTERN } from '../support/assertions';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const getProfile = (token: string) => t.http.get('/v1/context/workspace-profile').set(bearer(token));
const putProfile = (token: string, body: unknown) => t.http.put('/v1/context/workspace-profile').set(bearer(token)).send(body as object);

describe('reading the workspace profile', () => {
  test('when nothing was ever set, then every principal gets empty guidance and a null updated_at', async () => {
    const alice = await t.account();
    for (const token of [alice.session, alice.readWriteKey, alice.readOnlyKey]) {
      const res = await getProfile(token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, data: { guidance: '', updated_at: null } });
    }
  });

  test('when no token is sent, then it is 401 unauthorized', async () => {
    const res = await t.http.get('/v1/context/workspace-profile');
    expectError(res, 401, 'unauthorized');
  });
});

describe('setting the workspace profile with the application session', () => {
  test('when the session puts guidance, then it gets 200 with it and the session and both keys read it back', async () => {
    const alice = await t.account();
    const guidance = 'Answer in British English. Prefer short answers with runnable examples. 🇬🇧';

    const put = await putProfile(alice.session, { guidance });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ok: true, data: { guidance, updated_at: expect.stringMatching(TIMESTAMP_PATTERN) } });

    for (const token of [alice.session, alice.readWriteKey, alice.readOnlyKey]) {
      const got = await getProfile(token);
      expect(got.status).toBe(200);
      expect(got.body.data).toEqual(put.body.data);
    }
  });

  test('when the session puts guidance again, then the new guidance replaces the old one', async () => {
    const alice = await t.account();
    const first = await putProfile(alice.session, { guidance: 'First version' });
    expect(first.status).toBe(200);
    const second = await putProfile(alice.session, { guidance: 'Second version' });
    expect(second.status).toBe(200);
    expect(second.body.data.guidance).toBe('Second version');
    expect(Date.parse(second.body.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(first.body.data.updated_at));

    const got = await getProfile(alice.readOnlyKey);
    expect(got.body.data).toEqual(second.body.data);
  });

  test('when the session clears the guidance with an empty string, then it reads back empty with a timestamp', async () => {
    const alice = await t.account();
    expect((await putProfile(alice.session, { guidance: 'Something' })).status).toBe(200);
    const cleared = await putProfile(alice.session, { guidance: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toEqual({ guidance: '', updated_at: expect.stringMatching(TIMESTAMP_PATTERN) });
    expect((await getProfile(alice.readWriteKey)).body.data).toEqual(cleared.body.data);
  });

  test('when the guidance is exactly 8,000 code points, then it is accepted, even when they are emoji', async () => {
    const alice = await t.account();
    const ascii = 'g'.repeat(8000);
    const ok = await putProfile(alice.session, { guidance: ascii });
    expect(ok.status).toBe(200);
    expect(ok.body.data.guidance).toBe(ascii);

    // 8,000 code points but 16,000 UTF-16 units: the limit counts code points.
    const emoji = '🙂'.repeat(8000);
    const emojiRes = await putProfile(alice.session, { guidance: emoji });
    expect(emojiRes.status).toBe(200);
    expect(codePoints(emojiRes.body.data.guidance)).toBe(8000);
    expect((await getProfile(alice.session)).body.data.guidance).toBe(emoji);
  });

  test('when the guidance is 8,001 code points, then it is 400 invalid_request and the stored guidance is unchanged', async () => {
    const alice = await t.account();
    expect((await putProfile(alice.session, { guidance: 'Kept' })).status).toBe(200);

    expectError(await putProfile(alice.session, { guidance: 'g'.repeat(8001) }), 400, 'invalid_request');
    expectError(await putProfile(alice.session, { guidance: '🙂'.repeat(8001) }), 400, 'invalid_request');

    expect((await getProfile(alice.session)).body.data.guidance).toBe('Kept');
  });

  test('when the body has no guidance, a non-string guidance or an unknown field, then it is 400 invalid_request', async () => {
    const alice = await t.account();
    expectError(await putProfile(alice.session, {}), 400, 'invalid_request');
    expectError(await putProfile(alice.session, { guidance: 42 }), 400, 'invalid_request');
    expectError(await putProfile(alice.session, { guidance: 'ok', extra: true }), 400, 'invalid_request');
    expect((await getProfile(alice.session)).body.data).toEqual({ guidance: '', updated_at: null });
  });
});

describe('setting the workspace profile with an API key', () => {
  test('when a read-write or read-only key puts guidance, then it is 403 session_required and nothing changes', async () => {
    const alice = await t.account();
    expect((await putProfile(alice.session, { guidance: 'Set by the app' })).status).toBe(200);

    expectError(await putProfile(alice.readWriteKey, { guidance: 'Set by an agent' }), 403, 'session_required');
    expectError(await putProfile(alice.readOnlyKey, { guidance: 'Set by an agent' }), 403, 'session_required');

    expect((await getProfile(alice.readWriteKey)).body.data.guidance).toBe('Set by the app');
  });
});

describe('workspace profiles of different accounts', () => {
  test('when one account sets guidance, then another account still reads its own (empty) profile', async () => {
    const alice = await t.account();
    const bob = await t.account();
    expect((await putProfile(alice.session, { guidance: 'Alice only' })).status).toBe(200);

    expect((await getProfile(bob.session)).body.data).toEqual({ guidance: '', updated_at: null });
    expect((await getProfile(bob.readWriteKey)).body.data).toEqual({ guidance: '', updated_at: null });

    expect((await putProfile(bob.session, { guidance: 'Bob only' })).status).toBe(200);
    expect((await getProfile(alice.readOnlyKey)).body.data.guidance).toBe('Alice only');
    expect((await getProfile(bob.readOnlyKey)).body.data.guidance).toBe('Bob only');
  });
});
