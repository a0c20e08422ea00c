import { hashPassword, verifyPassword } from '../../src/domain/accounts/passwords';
import { AppError } from '../../src/domain/shared/errors';

describe('password hashing', () => {
  it('verifies the password it hashed, and nothing else', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
    expect(await verifyPassword('correct horse battery staple', null)).toBe(false);
  });

  it('runs two hashes at once and lets 32 wait: a flood beyond that is refused at once with 503, not queued', async () => {
    const results = await Promise.allSettled(Array.from({ length: 35 }, () => verifyPassword('any password at all', null)));
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(1);
    const error = (refused[0] as PromiseRejectedResult).reason as AppError;
    expect(error.code).toBe('service_unavailable');
    expect(error.status).toBe(503);
    expect(error.headers?.['Retry-After']).toBe('5');
    // The slots are given back: a hash runs again afterwards.
    expect(await verifyPassword('any password at all', null)).toBe(false);
  });
});
