import { randomBytes } from 'node:crypto';
import { DEMO_LOGINS } from '../seeding/demo-data/identity-demo-data';
import { loadAppConfig } from './app-config';
import { startUpBanner } from './start-up-banner';

describe('startUpBanner', () => {
  const password = DEMO_LOGINS[0]!.password;

  it('on a demo machine: the address and the demo logins with their password', () => {
    const banner = startUpBanner(loadAppConfig({}), 'http://localhost:3000');
    expect(banner).toContain('http://localhost:3000');
    expect(banner).toContain(password);
    expect(banner).toContain('supervisor.admin');
  });

  it('in production: never the demo password, even when demo data was asked for', () => {
    const config = loadAppConfig({ NODE_ENV: 'production', JWT_SECRET: randomBytes(32).toString('hex'), SEED_DEMO_DATA: 'true' });
    const banner = startUpBanner(config, 'http://localhost:3000');
    expect(banner).toContain('http://localhost:3000');
    expect(banner).not.toContain(password);
    expect(banner).not.toMatch(/demo/i);
  });
});
