import { randomBytes } from 'node:crypto';
import { ConfigurationError } from '../config/configuration-error';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox('a long random test key');

  it('seals a secret so that only the same key opens it, differently each time', () => {
    const sealed = box.seal('smtp p@ssw0rd');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('p@ssw0rd');
    expect(box.seal('smtp p@ssw0rd')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('smtp p@ssw0rd');
    expect(() => new SecretBox('another key').open(sealed)).toThrow();
  });

  it('refuses a changed byte', () => {
    const sealed = box.seal('secret');
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1] ^= 1;
    expect(() => box.open(`v1:${bytes.toString('base64')}`)).toThrow();
  });

  it('needs a strong key from the environment in production, refused as a configuration error (one line at start)', () => {
    expect(() => SecretBox.fromEnvironment({ NODE_ENV: 'production' })).toThrow(ConfigurationError);
    expect(() => SecretBox.fromEnvironment({ NODE_ENV: 'production' })).toThrow(/SETTINGS_SECRET_KEY.*not set/);
    expect(() => SecretBox.fromEnvironment({ NODE_ENV: 'production', SETTINGS_SECRET_KEY: 'k'.repeat(40) })).toThrow(/SETTINGS_SECRET_KEY/);
    const key = randomBytes(32).toString('hex');
    expect(SecretBox.fromEnvironment({ NODE_ENV: 'production', SETTINGS_SECRET_KEY: key }).open(new SecretBox(key).seal('x'))).toBe('x');
    expect(SecretBox.fromEnvironment({ SETTINGS_SECRET_KEY: 'k' }).open(new SecretBox('k').seal('x'))).toBe('x');
  });
});
