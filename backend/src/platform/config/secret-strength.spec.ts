import { randomBytes } from 'node:crypto';
import { ConfigurationError } from './configuration-error';
import { requireStrongSecret, secretWeakness } from './secret-strength';

describe('secretWeakness: the production check of JWT_SECRET and SETTINGS_SECRET_KEY', () => {
  it('accepts what openssl rand -hex 32 and -base64 32 make, every time', () => {
    for (let i = 0; i < 2000; i++) {
      const bytes = randomBytes(32);
      expect([bytes.toString('hex'), secretWeakness(bytes.toString('hex'))]).toEqual([bytes.toString('hex'), null]);
      expect([bytes.toString('base64'), secretWeakness(bytes.toString('base64'))]).toEqual([bytes.toString('base64'), null]);
    }
  });

  it.each([
    [undefined, 'it is not set'],
    ['   ', 'it is not set'],
    ['short-but-random-7Hq', 'it has 20 bytes'],
    ['a'.repeat(32), 'it uses 1 different characters'],
    ['changeme-changeme-changeme-chang', 'it uses 8 different characters'],
    ['0123456789abcdef0123456789abcdef', 'it repeats a shorter pattern'],
    ['abcdefghijklmnopqrstuvwxyz012345', 'it is mostly a run'],
    ['aabbccddeeffgghhiijjkkllmmnnoopp', 'it is mostly a run'],
  ])('refuses %p: %s', (value, reason) => {
    expect(secretWeakness(value)).toContain(reason);
  });

  it('refuses with a configuration error naming the variable and how to make a key', () => {
    expect(() => requireStrongSecret('JWT_SECRET', 'a'.repeat(32))).toThrow(ConfigurationError);
    expect(() => requireStrongSecret('JWT_SECRET', 'a'.repeat(32))).toThrow(
      /^JWT_SECRET must be a random key of at least 32 bytes when NODE_ENV=production \(.+\)\. Make one with: openssl rand -hex 32$/,
    );
  });
});
