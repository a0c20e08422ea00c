import { formatLsn, parseLsn } from '../../src/db/replicas';

/** The `MTL-Read-After` header's value: a WAL position, or anything else, which is ignored. */
describe('WAL positions', () => {
  test('a position reads as the 64-bit number it names, and is written back as PostgreSQL writes it', () => {
    expect(parseLsn('0/3000148')).toBe(0x3000148n);
    expect(parseLsn('1A/FF')).toBe((0x1an << 32n) | 0xffn);
    expect(formatLsn(parseLsn('16/B374D848')!)).toBe('16/B374D848');
    expect(parseLsn('0/10')! > parseLsn('0/F')!).toBe(true);
  });

  test.each(['', 'latest', '0/', '/10', '1/2/3', '123456789/0', '0/G1', '-1/0', '0/3000148; drop table memories'])(
    'the value %p names no position (the request reads as without it)',
    (value) => {
      expect(parseLsn(value)).toBeNull();
    },
  );
});
