import { hashCostOf, hashPassword, PASSWORD_HASH_COST_MIN, verifyPassword } from '../../src/domain/accounts/passwords';
import { LocalAccounts } from '../../src/domain/accounts/local-accounts';
import { startTestApp } from '../support/app';
import { loadConfig } from '../../src/config';
import { AppError } from '../../src/domain/shared/errors';

describe('password hashing', () => {
  it('costs 2^17 unless PASSWORD_HASH_COST says otherwise, and never less than 2^14', () => {
    const base = { APP_JWT_SECRET: 'a secret of at least thirty-two characters, for the test' };
    expect(loadConfig(base).passwordHashCost).toBe(17);
    expect(loadConfig({ ...base, PASSWORD_HASH_COST: '15' }).passwordHashCost).toBe(15);
    expect(() => loadConfig({ ...base, PASSWORD_HASH_COST: '13' })).toThrow(/PASSWORD_HASH_COST/);
  });

  it('verifies the password it hashed, and nothing else', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
    expect(await verifyPassword('correct horse battery staple', null)).toBe(false);
  });

  it('runs two hashes at once and lets 32 wait: a flood beyond that is refused at once with 503, not queued', async () => {
    // At the least cost: the turns are the same whatever a hash costs.
    const results = await Promise.allSettled(Array.from({ length: 35 }, () => verifyPassword('any password at all', null, PASSWORD_HASH_COST_MIN)));
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(1);
    const error = (refused[0] as PromiseRejectedResult).reason as AppError;
    expect(error.code).toBe('service_unavailable');
    expect(error.status).toBe(503);
    expect(error.headers?.['Retry-After']).toBe('5');
    // The slots are given back: a hash runs again afterwards.
    expect(await verifyPassword('any password at all', null, PASSWORD_HASH_COST_MIN)).toBe(false);
  });

  it('hashes at the cost it is given, and verifies a hash at the parameters it was made with', async () => {
    const cheap = await hashPassword('correct horse battery staple', PASSWORD_HASH_COST_MIN);
    expect(cheap).toMatch(/^scrypt\$ln=14,r=8,p=1\$/);
    expect(await verifyPassword('correct horse battery staple', cheap)).toBe(true);
    const strong = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('correct horse battery staple', strong, PASSWORD_HASH_COST_MIN)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', strong, PASSWORD_HASH_COST_MIN)).toBe(false);
  });

  it('makes a stored hash again at the configured cost when its account signs in', async () => {
    const t = await startTestApp();
    try {
      const strong = new LocalAccounts(t.database.db, t.app.services.clock, 'open');
      const accountId = await strong.signUp({ email: 'cost@example.com', password: 'correct horse battery staple' }, null);
      const stored = async () => (await t.database.db.selectFrom('local_credentials').select('password_hash').where('account_id', '=', accountId).executeTakeFirstOrThrow()).password_hash;
      expect(hashCostOf(await stored())).toBe(17);
      const cheaper = new LocalAccounts(t.database.db, t.app.services.clock, 'open', PASSWORD_HASH_COST_MIN);
      expect(await cheaper.verify({ email: 'cost@example.com', password: 'correct horse battery staple' })).toBe(accountId);
      expect(hashCostOf(await stored())).toBe(14);
      await expect(cheaper.verify({ email: 'cost@example.com', password: 'wrong horse battery staple' })).rejects.toMatchObject({ code: 'invalid_credentials' });
      expect(await cheaper.verify({ email: 'cost@example.com', password: 'correct horse battery staple' })).toBe(accountId);
    } finally {
      await t.close();
    }
  });
});
