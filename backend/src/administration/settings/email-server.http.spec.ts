/**
 * The Email Server setting over HTTP, against a real SMTP server in the test process that requires a user name and
 * password: saving switches every mail of the product to it at once; the password is sealed in the event log and
 * the read model and never answered; "Send test mail" reports success or the SMTP failure in plain words.
 */
import { EMAIL_SERVER_STREAM_ID } from '@cans/domain/administration/settings.events';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { EMAIL_SERVER_SETTING_ID, SETTINGS_COLLECTION } from '@cans/projections/administration/settings.projection';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { EVENT_STORE, READ_STORE } from '../../platform/storage/storage-tokens';

const PASSWORD = 'S3cret mail pass!';
const ADMIN_PASSWORD = 'Adm1n!own pass';

describe('Email server over HTTP (a real SMTP server that requires sign-in)', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtpTestServer({ user: 'cans-mailer', password: PASSWORD });
    t = await startTestApp();
    // Before any token: a new password ends the sessions issued before it.
    await t.setPassword('1', ADMIN_PASSWORD);
    admin = `Bearer ${t.adminToken()}`;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const server = (fields: Record<string, unknown> = {}) => ({
    smtp: '127.0.0.1',
    port: smtp.settings.port,
    userName: 'cans-mailer',
    password: PASSWORD,
    fromEmail: 'cans@agency.example',
    fromName: 'CANS Office',
    sslKey: 1,
    // The test server offers no STARTTLS: the super admin's explicit choice (docs/security.md).
    allowUnencrypted: true,
    ...fields,
  });
  const save = async (body: Record<string, unknown>) => {
    const saved = await t
      .http()
      .put('/api/settings/email-server')
      .set('Authorization', admin)
      .send({ ...body, currentPassword: ADMIN_PASSWORD });
    expect(saved.status).toBe(200);
    return saved;
  };
  const testMail = (to = 'admin@agency.example') =>
    t.http().post('/api/settings/email-server/test-mail').set('Authorization', admin).send({ to });

  it('before a server is saved: the empty form, and a test mail says to save one first', async () => {
    expect((await t.http().get('/api/settings/email-server').set('Authorization', admin)).body).toEqual({
      smtp: '',
      port: 587,
      userName: null,
      passwordSet: false,
      fromEmail: '',
      fromName: null,
      sslKey: 1,
      allowUnencrypted: false,
    });
    const refused = await testMail();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/No mail server is saved yet/);
  });

  it('saves the server with its password sealed, never answered, and sends the test mail through it', async () => {
    const saved = await save(server());
    expect(saved.body).toEqual({ message: 'The email server was saved successfully.' });
    const read = await t
      .http()
      .get('/api/settings/email-server')
      .set('Authorization', admin)
      .set('X-Wait-For-Position', saved.headers['x-event-position']);
    expect(read.body).toEqual({ ...server(), password: undefined, passwordSet: true });
    expect(JSON.stringify(read.body)).not.toContain(PASSWORD);
    const [event] = await t.app.get<EventStore>(EVENT_STORE).readStream(EMAIL_SERVER_STREAM_ID);
    expect(JSON.stringify(event.data)).not.toContain(PASSWORD);
    expect(event.data).toMatchObject({ passwordSealed: expect.stringMatching(/^v1:/) });
    expect(JSON.stringify(await t.app.get<ReadStore>(READ_STORE).get(SETTINGS_COLLECTION, EMAIL_SERVER_SETTING_ID))).not.toContain(
      PASSWORD,
    );

    const since = smtp.mails.length;
    const sent = await testMail();
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      sent: true,
      message: `The test mail was sent to admin@agency.example through 127.0.0.1:${smtp.settings.port}.`,
    });
    const mail = await smtp.nextMailTo('admin@agency.example', since);
    expect(mail.subject).toBe('CANS test mail');
    expect(mail.from).toBe('CANS Office <cans@agency.example>');
  });

  it('every mail of the product goes through the saved server at once: a new user is mailed their link through it', async () => {
    const since = smtp.mails.length;
    const created = await t.http().post('/api/users').set('Authorization', admin).send({
      firstName: 'Mia',
      lastName: 'Mailer',
      username: 'mia.mailer',
      email: 'mia.mailer@agency.example',
      userGroupId: '153',
      supervisorId: '1',
      externalId: 'MIA-1',
    });
    expect(created.status).toBe(201);
    const mail = await smtp.nextMailTo('mia.mailer@agency.example', since);
    expect(mail.from).toBe('CANS Office <cans@agency.example>');
    expect(t.outbox.some((message) => message.to === 'mia.mailer@agency.example')).toBe(false);
  });

  it('a save without the password keeps it; a wrong password or a closed port is reported in plain words', async () => {
    await save({ ...server(), password: undefined, fromName: 'CANS' });
    expect((await testMail()).body).toMatchObject({ sent: true });

    await save(server({ password: 'not the password' }));
    expect((await testMail()).body).toEqual({
      sent: false,
      message: expect.stringMatching(/^The mail server did not accept the user name and password\./),
    });

    await save(server({ port: 9 }));
    expect((await testMail()).body).toEqual({
      sent: false,
      message: expect.stringMatching(
        /^The mail server could not be reached at 127\.0\.0\.1:9\. Check the server name, the port and the security setting\./,
      ),
    });
  });

  it.each([
    [{ ...{ smtp: '', port: 0, fromEmail: 'nope', sslKey: 4 } }, ['smtp', 'port', 'fromEmail', 'sslKey']],
    [{ smtp: 'x', port: 70000, fromEmail: 'a@b.example', sslKey: 2, password: 7 }, ['port', 'password']],
  ])('refuses %j with a message per field and records nothing', async (body, fields) => {
    const before = await t.app.get<EventStore>(EVENT_STORE).headPosition();
    const refused = await t.http().put('/api/settings/email-server').set('Authorization', admin).send(body);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors).sort()).toEqual([...fields].sort());
    expect(await t.app.get<EventStore>(EVENT_STORE).headPosition()).toBe(before);
    const badTo = await t.http().post('/api/settings/email-server/test-mail').set('Authorization', admin).send({ to: 'not-an-address' });
    expect(badTo.body.errors).toEqual({ to: ['Send to must be an email address.'] });
  });
});
