/**
 * Issue 27, finding 1: a State Administrator took over the System Administrator through the Email Server setting
 * (changed the port, kept the sealed password, had the test mail hand it over, then received user 1's reset link).
 * Against real SMTP servers in the test: the mail server is the super admin's; a saved password is never sent to a
 * new destination; a new destination needs the caller's own password and is told to the administrator through the
 * previous server; AUTH never travels without TLS unless the super admin allows it.
 */
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';

const MAIL_PASSWORD = 'S3cret mail pass!';
const ADMIN_PASSWORD = 'Adm1n!own pass';
const ADMINISTRATOR_EMAIL = 'administrator@cans.local';

describe('Email server: no takeover through the mail settings (issue 27, finding 1)', () => {
  let t: TestApp;
  let realServer: SmtpTestServer;
  let attackerServer: SmtpTestServer;
  let admin: string;
  let stateAdmin: string;
  let settingHolder: string;

  beforeAll(async () => {
    realServer = await startSmtpTestServer({ user: 'cans-mailer', password: MAIL_PASSWORD });
    // Accepts any sign-in and keeps what it is told: what an attacker would run.
    attackerServer = await startSmtpTestServer();
    t = await startTestApp();
    // Before any token: a new password ends the sessions issued before it.
    await t.setPassword('1', ADMIN_PASSWORD);
    admin = `Bearer ${t.adminToken()}`;
    const created = await t.http().post('/api/users').set('Authorization', admin).send({
      firstName: 'Sam',
      lastName: 'State',
      username: 'sam.state',
      email: 'sam.state@agency.example',
      userGroupId: '153',
      supervisorId: '1',
      externalId: 'SAM-153',
    });
    expect(created.status).toBe(201);
    stateAdmin = `Bearer ${t.tokenForUser(created.body.id)}`;
    settingHolder = `Bearer ${t.tokenFor(['Setting'])}`;
  });
  afterAll(async () => {
    await t?.close();
    await realServer?.close();
    await attackerServer?.close();
  });

  const realFields = () => ({
    smtp: '127.0.0.1',
    port: realServer.settings.port,
    userName: 'cans-mailer',
    fromEmail: 'cans@agency.example',
    fromName: 'CANS Office',
    sslKey: 1,
    allowUnencrypted: true,
  });
  const put = (token: string, body: Record<string, unknown>) =>
    t.http().put('/api/settings/email-server').set('Authorization', token).send(body);
  const head = () => t.app.get<EventStore>(EVENT_STORE).headPosition();

  it('the State Administrator and a Setting holder can neither read, save nor test the mail server', async () => {
    const saved = await put(admin, { ...realFields(), password: MAIL_PASSWORD, currentPassword: ADMIN_PASSWORD });
    expect(saved.status).toBe(200);
    await t.caughtUp();
    for (const token of [stateAdmin, settingHolder]) {
      const before = await head();
      expect((await t.http().get('/api/settings/email-server').set('Authorization', token)).status).toBe(403);
      expect((await put(token, { ...realFields(), port: attackerServer.settings.port })).status).toBe(403);
      const test = await t.http().post('/api/settings/email-server/test-mail').set('Authorization', token).send({ to: 'x@evil.example' });
      expect(test.status).toBe(403);
      expect(await head()).toBe(before);
    }
    // Templates, reminders and the notification stay theirs.
    expect((await t.http().get('/api/settings/reminders').set('Authorization', stateAdmin)).status).toBe(200);
  });

  it('a saved password is never sent to another port: the save without it is refused, and nothing reaches that server', async () => {
    const before = await head();
    const moved = await put(admin, { ...realFields(), port: attackerServer.settings.port, currentPassword: ADMIN_PASSWORD });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual({ password: [expect.stringMatching(/^Enter the password again/)] });
    expect(await head()).toBe(before);
    const sent = await t.http().post('/api/settings/email-server/test-mail').set('Authorization', admin).send({ to: 'x@agency.example' });
    expect(sent.body).toMatchObject({ sent: true });
    expect(attackerServer.authAttempts).toEqual([]);
    expect(attackerServer.mails).toEqual([]);
  });

  it("a new destination needs the caller's own password, and the administrator is told through the previous server", async () => {
    const moved = { ...realFields(), port: attackerServer.settings.port, userName: null };
    const before = await head();
    const missing = await put(admin, moved);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ currentPassword: ['Enter your own password to confirm this change.'] });
    const wrong = await put(admin, { ...moved, currentPassword: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: ['Your password is not correct.'] });
    expect(await head()).toBe(before);

    const since = realServer.mails.length;
    const saved = await put(admin, { ...moved, currentPassword: ADMIN_PASSWORD });
    expect(saved.status).toBe(200);
    const notice = await realServer.nextMailTo(ADMINISTRATOR_EMAIL, since);
    expect(notice.subject).toBe('CANS: the mail server was changed');
    expect(notice.text).toContain(`Before: cans-mailer@127.0.0.1:${realServer.settings.port}`);
    expect(notice.text).toContain(`Now: 127.0.0.1:${attackerServer.settings.port}`);
    expect(attackerServer.mails.some((mail) => mail.subject.includes('was changed'))).toBe(false);

    // Back to the real server: its password must be typed again (none is kept for a server without sign-in).
    const back = await put(admin, { ...realFields(), currentPassword: ADMIN_PASSWORD });
    expect(back.status).toBe(200);
    const test = await t.http().post('/api/settings/email-server/test-mail').set('Authorization', admin).send({ to: 'x@agency.example' });
    expect(test.body).toMatchObject({ sent: false, message: expect.stringMatching(/did not accept the user name and password/) });
    expect((await put(admin, { ...realFields(), password: MAIL_PASSWORD })).status).toBe(200);
  });

  it('never sends AUTH without TLS unless "Allow unencrypted" is ticked', async () => {
    const plain = { ...realFields(), allowUnencrypted: false, password: MAIL_PASSWORD, currentPassword: ADMIN_PASSWORD };
    expect((await put(admin, plain)).status).toBe(200);
    const attempts = realServer.authAttempts.length;
    const mails = realServer.mails.length;
    const sent = await t.http().post('/api/settings/email-server/test-mail').set('Authorization', admin).send({ to: 'x@agency.example' });
    expect(sent.body).toEqual({ sent: false, message: expect.stringMatching(/^A secure connection to the mail server could not be made/) });
    expect(realServer.authAttempts.length).toBe(attempts);
    expect(realServer.mails.length).toBe(mails);
    expect((await t.http().get('/api/settings/email-server').set('Authorization', admin)).body).toMatchObject({ allowUnencrypted: false });
  });
});
