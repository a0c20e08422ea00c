import { randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { hashKey, parseKey } from '../../src/domain/api-keys/key-format';
import { newId } from '../../src/domain/shared/ids';
import { bearer, startTestApp, type TestApp } from '../support/app';
import { expectError } from '../support/assertions';

/**
 * Credentials name their account, and are looked up within it (docs/scaling.md): a key made
 * before keys did is still accepted, through the directory of such keys, until it is revoked.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const base62 = (value: number, width: number) => {
  let out = '';
  for (let rest = value; rest > 0; rest = Math.floor(rest / 62)) out = BASE62[rest % 62] + out;
  return out.padStart(width, '0');
};
/** A key as they were made before keys named their account: the prefix, 32 random characters, the checksum. */
function keyOfBefore(prefix: 'mtl_rw_' | 'mtl_ro_'): string {
  let body = prefix;
  for (let i = 0; i < 32; i += 1) body += BASE62[randomInt(62)];
  return body + base62(crc32(body) >>> 0, 6);
}

describe('keys that name their account', () => {
  test('a new key carries its account, which parsing reads back', async () => {
    const alice = await t.account();
    expect(parseKey(alice.readWriteKey)).toEqual({ kind: 'read_write', accountId: alice.accountId });
  });

  test("a key whose account part names another account (checksum made right) is refused", async () => {
    const alice = await t.account();
    const bob = await t.account();
    const body = alice.readWriteKey.slice(0, 39) + bob.accountId.slice(4);
    const forged = body + base62(crc32(body) >>> 0, 6);
    expect(parseKey(forged)).toEqual({ kind: 'read_write', accountId: bob.accountId });
    expectError(await t.http.get('/v1/memories').set(bearer(forged)), 401, 'unauthorized');
  });

  test('a key made before keys named their account works until it is revoked', async () => {
    const alice = await t.account();
    const key = keyOfBefore('mtl_rw_');
    expect(parseKey(key)).toEqual({ kind: 'read_write', accountId: null });
    const id = newId('apiKey');
    await t.database.db
      .insertInto('api_keys')
      .values({ id, account_id: alice.accountId, name: 'from before', mode: 'read_write', prefix: key.slice(0, 12), key_hash: hashKey(key), created_at: new Date() })
      .execute();
    await t.database.db.insertInto('legacy_credentials').values({ hash: hashKey(key), account_id: alice.accountId }).execute();
    expect((await t.http.get('/v1/memories').set(bearer(key))).status).toBe(200);
    expect((await t.http.delete(`/v1/account/api-keys/${id}`).set(bearer(alice.session))).status).toBeLessThan(300);
    expectError(await t.http.get('/v1/memories').set(bearer(key)), 401, 'unauthorized');
  });

  test("a key from before in the directory under another account is not found in that one", async () => {
    const alice = await t.account();
    const bob = await t.account();
    const key = keyOfBefore('mtl_ro_');
    await t.database.db
      .insertInto('api_keys')
      .values({ id: newId('apiKey'), account_id: alice.accountId, name: 'from before', mode: 'read_only', prefix: key.slice(0, 12), key_hash: hashKey(key), created_at: new Date() })
      .execute();
    await t.database.db.insertInto('legacy_credentials').values({ hash: hashKey(key), account_id: bob.accountId }).execute();
    expectError(await t.http.get('/v1/memories').set(bearer(key)), 401, 'unauthorized');
  });
});
