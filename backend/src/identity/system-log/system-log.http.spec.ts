import { linkTokenFrom } from '../../../test-support/identity-kit';
import { appendRawEvents, startTestApp, TestApp } from '../../../test-support/test-app';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { DIRECT_CARE_WORKER_GROUP_ID } from '../user-groups/built-in-groups';
import { DEFAULT_RATE_LIMITS } from '../identity-config';
import { systemActor } from '../../platform/commands/actor';
import { CredentialEvents } from '@cans/domain/identity/credentials.events';
import { unknownLoginStreamId } from '../authentication/sign-in-lockout';

const backends = httpTestBackends();

describe.each(backends)('System log over HTTP (%s): audited actions from the event stream', (backend) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = `Bearer ${t.adminToken()}`;
  });
  afterAll(() => t?.close());

  const search = (filter: object, extra: Record<string, string> = {}) =>
    t
      .http()
      .get('/api/system-log')
      .query({ filter: JSON.stringify(filter), ...extra })
      .set('Authorization', admin);

  it('records sign-in failures, lockouts, user and agency saves with action, IP, username and time; filters by each', async () => {
    const created = await t.http().post('/api/users').set('Authorization', admin).set('X-Forwarded-For', '10.20.0.1').send({
      firstName: 'Log',
      lastName: 'Subject',
      username: 'logsubject',
      email: 'logsubject@example.test',
      userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
      supervisorId: '1',
      externalId: 'L',
    });
    expect(created.status).toBe(201);
    const welcome = t.outbox.find((mail) => mail.to === 'logsubject@example.test')!;
    await t
      .http()
      .post('/api/auth/password-link')
      .send({ token: linkTokenFrom(welcome.text), password: 'R1ght!Pass', confirmPassword: 'R1ght!Pass' });
    await t
      .http()
      .post('/api/agencies')
      .set('Authorization', admin)
      .set('X-Forwarded-For', '10.20.0.1')
      .send({ name: 'Logged Agency', displayName: 'Logged' });
    for (let i = 0; i < 5; i++) {
      await t.http().post('/api/auth/login').set('X-Forwarded-For', '10.30.0.9').send({ login: 'logsubject', password: 'Wrong!Pass1' });
    }
    const unknown = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', '10.30.0.9')
      .send({ login: 'ghost-user', password: 'Wrong!Pass1' });
    expect(unknown.status).toBe(401);
    expect(unknown.headers['x-event-position']).toMatch(/^\d+$/);
    const wait = { 'X-Wait-For-Position': unknown.headers['x-event-position'] };

    const failures = await search({ action: 'sign-in-failed' }).set(wait);
    expect(failures.status).toBe(200);
    expect(failures.body.length).toBeGreaterThanOrEqual(6);
    expect(failures.body[0]).toMatchObject({
      action: 'sign-in-failed',
      label: 'Sign-in failed',
      ip: '10.30.0.9',
      username: 'ghost-user',
      userId: null,
    });
    expect(failures.body[1]).toMatchObject({
      ip: '10.30.0.9',
      username: 'logsubject',
      userId: created.body.id,
      description: 'Sign-in failed: wrong-password',
    });

    const lockouts = await search({ action: ['sign-in-locked-out'], username: 'LOGSUB' });
    expect(lockouts.body).toEqual([expect.objectContaining({ action: 'sign-in-locked-out', username: 'logsubject', ip: '10.30.0.9' })]);

    const passwordSet = await search({ action: 'password-set-with-link', username: 'logsubject' });
    expect(passwordSet.body).toHaveLength(1);

    const byAdminIp = await search({ ip: '10.20.' });
    expect(byAdminIp.body.map((r: { action: string }) => r.action)).toEqual(['agency-created', 'user-created']);
    expect(byAdminIp.body[1]).toMatchObject({ username: 'admin', description: 'User added: logsubject' });
    expect(byAdminIp.body[0].description).toBe('Agency added: Logged Agency');

    const today = new Date().toISOString().slice(0, 10);
    expect((await search({ ip: '10.20.', from: today, to: today })).body).toHaveLength(2);
    expect((await search({ ip: '10.20.', from: '2999-01-01' })).body).toEqual([]);
    expect((await search({ ip: '10.20.', to: '2000-01-01' })).body).toEqual([]);
  });

  it('pages by 20 by default, newest first, with the total in Content-Range', async () => {
    let lastPosition = '';
    for (let i = 0; i < 22; i++) {
      const refused = await t
        .http()
        .post('/api/auth/login')
        .set('X-Forwarded-For', '10.40.0.1')
        .send({ login: `nobody${i}`, password: 'x' });
      expect(refused.status).toBe(401);
      lastPosition = refused.headers['x-event-position'];
    }
    expect(lastPosition).toMatch(/^\d+$/); // a recorded refusal carries its position like any command
    const page = await search({ ip: '10.40.0.1' }).set('X-Wait-For-Position', lastPosition);
    expect(page.body).toHaveLength(20);
    expect(page.headers['content-range']).toBe('system-log 0-19/22');
    expect(page.body[0].username).toBe('nobody21');
    const second = await search({ ip: '10.40.0.1' }, { range: '[20,39]' });
    expect(second.body.map((r: { username: string }) => r.username)).toEqual(['nobody1', 'nobody0']);
    expect(DEFAULT_RATE_LIMITS.signIn.capacity).toBeLessThan(22); // the tests run with generous limits
  });

  it('lists the audited actions for the Action filter', async () => {
    const actions = await t.http().get('/api/system-log/actions').set('Authorization', admin);
    expect(actions.body).toEqual(
      expect.arrayContaining([
        { action: 'sign-in', label: 'Signed in' },
        { action: 'user-deleted', label: 'User deleted' },
        { action: 'agency-deleted', label: 'Agency deleted' },
      ]),
    );
  });

  it('shows IPv4 addresses in IPv4 form, also for events recorded with the IPv4-mapped IPv6 form (spec §2: IP)', async () => {
    // New requests: the server derives the client IP in IPv4 form (platform/http/client-ip.ts).
    const fresh = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', '::ffff:10.60.0.3')
      .send({ login: 'mapped-now', password: 'x' });
    expect(fresh.status).toBe(401);
    // Older events kept the address as Node reported it on a dual-stack socket.
    const old = await appendRawEvents(
      t.app,
      unknownLoginStreamId('mapped-before'),
      [{ type: CredentialEvents.SignInFailed, data: { userId: null, login: 'mapped-before', reason: 'unknown-user' } }],
      'any',
      { ...systemActor(), ip: '::ffff:10.60.0.4' },
    );
    const wait = { 'X-Wait-For-Position': String(Math.max(old.position, Number(fresh.headers['x-event-position']))) };
    const rows = (await search({ ip: '10.60.0.' }).set(wait)).body;
    expect(rows.map((r: { username: string; ip: string }) => [r.username, r.ip])).toEqual([
      ['mapped-before', '10.60.0.4'],
      ['mapped-now', '10.60.0.3'],
    ]);
  });
});
