import { CommandBus } from '@nestjs/cqrs';
import { codeFrom, CookieJar } from '../../../../test-support/identity-kit';
import { startTestApp, TestApp } from '../../../../test-support/test-app';
import { seedDemoData } from './demo-data';
import { DEMO_LOGINS, DEMO_PASSWORD, DEMO_USER_IDS } from './identity-demo-data';

describe('Demo identity seed: groups, the administrator and one user per group, signing in on a fresh machine', () => {
  let t: TestApp;

  beforeAll(async () => {
    // As `npm start` on an empty store: the identity bootstrap leaves it to the seed.
    t = await startTestApp({ config: { seedDemoData: true } });
    await seedDemoData(t.app.get(CommandBus));
  }, 120_000);
  afterAll(() => t?.close());

  it('prints sign-ins that work: password, then the code from the local outbox (no SMTP configured)', async () => {
    expect(DEMO_LOGINS.map((l) => l.username)).toEqual([
      'admin',
      'state.admin',
      'supervisor.admin',
      'supervisor',
      'worker1',
      'worker2',
      'analyst',
    ]);
    for (const demo of DEMO_LOGINS) {
      const jar = new CookieJar();
      const login = await t.http().post('/api/auth/login').send({ login: demo.username, password: demo.password });
      expect([demo.username, login.status, login.body.status]).toEqual([demo.username, 200, 'verification-required']);
      jar.store(login);
      const before = t.outbox.length;
      expect((await t.http().post('/api/auth/verification-code').set('Cookie', jar.header()).send({ channel: 1 })).status).toBe(200);
      const verified = await t
        .http()
        .post('/api/auth/verify')
        .set('Cookie', jar.header())
        .send({ code: codeFrom(t.outbox[before].text) });
      expect(verified.status).toBe(200);
      expect(verified.body.user).toMatchObject({ username: demo.username, groupName: demo.group });
      // Every demo user has a phone on file, so each lands on their role's own page, not on My Account's warning.
      expect([demo.username, verified.body.phoneMissing]).toEqual([demo.username, false]);
    }
  });

  it('builds the supervisor chain in one agency and lands the administrator on /library', async () => {
    const admin = `Bearer ${t.adminToken()}`;
    const supervisees = await t.http().get(`/api/users/${DEMO_USER_IDS.supervisor}/supervisees`).set('Authorization', admin);
    expect(supervisees.body.supervisees.map((u: { username: string }) => u.username).sort()).toEqual(['worker1', 'worker2']);
    expect(supervisees.body.supervisees[0].agencyName).toBe('Northside Family Services');
    expect((await t.http().get('/api/auth/me').set('Authorization', admin)).body.landingPath).toBe('/library');
    expect(DEMO_PASSWORD).toBe('Demo!2345');
  });

  it('is idempotent: a second run creates no identity records', async () => {
    const before = (await t.http().get('/api/users').set('Authorization', `Bearer ${t.adminToken()}`)).headers['content-range'];
    const report = await seedDemoData(t.app.get(CommandBus));
    expect(report.skipped).toBeGreaterThan(0);
    const after = (await t.http().get('/api/users').set('Authorization', `Bearer ${t.adminToken()}`)).headers['content-range'];
    expect(after).toBe(before);
  });
});
