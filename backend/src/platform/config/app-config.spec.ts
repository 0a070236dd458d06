import { randomBytes } from 'node:crypto';
import { loadAppConfig } from './app-config';

/** What the README's `openssl rand -hex 32` makes. */
const OPENSSL_HEX_32 = randomBytes(32).toString('hex');

describe('loadAppConfig', () => {
  describe('NODE_ENV=production', () => {
    it('refuses to start without JWT_SECRET, naming the variable and how to make one', () => {
      expect(() => loadAppConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET.*at least 32 bytes.*not set.*openssl rand -hex 32/s);
    });

    it('refuses a JWT_SECRET shorter than 32 bytes or clearly not random', () => {
      for (const weak of [
        'x'.repeat(31),
        ' '.repeat(40),
        'a'.repeat(32),
        '0123456789abcdef0123456789abcdef',
        'abcdefghijklmnopqrstuvwxyz012345',
      ]) {
        expect(() => loadAppConfig({ NODE_ENV: 'production', JWT_SECRET: weak })).toThrow(/JWT_SECRET/);
      }
    });

    it('takes a random secret, and starts without demo data unless asked', () => {
      const config = loadAppConfig({ NODE_ENV: 'production', JWT_SECRET: OPENSSL_HEX_32 });
      expect(config).toMatchObject({ production: true, jwtSecret: OPENSSL_HEX_32, seedDemoData: false });
      expect(loadAppConfig({ NODE_ENV: 'production', JWT_SECRET: OPENSSL_HEX_32, SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    });
  });

  it('outside production: a random secret per process and demo data by default', () => {
    const config = loadAppConfig({});
    expect(config.production).toBe(false);
    expect(Buffer.byteLength(config.jwtSecret)).toBeGreaterThanOrEqual(32);
    expect(loadAppConfig({}).jwtSecret).not.toBe(config.jwtSecret);
    expect(config.seedDemoData).toBe(true);
  });

  describe('TRUST_PROXY', () => {
    const trustProxy = (value: string | undefined) => loadAppConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;

    it('is off by default', () => {
      expect(trustProxy(undefined)).toBe(false);
      expect(trustProxy('')).toBe(false);
      expect(trustProxy('false')).toBe(false);
      expect(trustProxy('0')).toBe(false);
    });

    it('takes a hop count, or proxy addresses, subnets and the names loopback, linklocal, uniquelocal', () => {
      expect(trustProxy('1')).toBe(1);
      expect(trustProxy('loopback')).toEqual(['loopback']);
      expect(trustProxy(' loopback, 10.0.0.0/8 ,192.168.1.7, fd00::/8, ::1')).toEqual([
        'loopback',
        '10.0.0.0/8',
        '192.168.1.7',
        'fd00::/8',
        '::1',
      ]);
      expect(trustProxy('uniquelocal,linklocal')).toEqual(['uniquelocal', 'linklocal']);
    });

    it.each([
      'true',
      'yes',
      '*',
      'proxy.example',
      '10.0.0.0/33',
      'fd00::/129',
      '300.1.1.1',
      '1.2.3',
      '-1',
      '1.5',
      'loopback,,',
      '10.0.0.0/',
    ])('refuses "%s" at start', (value) => {
      expect(() => trustProxy(value)).toThrow(/TRUST_PROXY/);
    });
  });

  it('READY_MAX_PROJECTION_DELAY_MS: 5 s by default', () => {
    expect(loadAppConfig({}).readinessMaxProjectionDelayMs).toBe(5000);
    expect(loadAppConfig({ READY_MAX_PROJECTION_DELAY_MS: '250' }).readinessMaxProjectionDelayMs).toBe(250);
    expect(() => loadAppConfig({ READY_MAX_PROJECTION_DELAY_MS: 'soon' })).toThrow(/READY_MAX_PROJECTION_DELAY_MS/);
  });

  it('SERVER_TIMING: off by default, true or false, and nothing else', () => {
    expect(loadAppConfig({}).serverTiming).toBe(false);
    expect(loadAppConfig({ SERVER_TIMING: 'true' }).serverTiming).toBe(true);
    expect(loadAppConfig({ SERVER_TIMING: 'false' }).serverTiming).toBe(false);
    expect(() => loadAppConfig({ SERVER_TIMING: 'yes' })).toThrow(/SERVER_TIMING must be true or false/);
  });
});
