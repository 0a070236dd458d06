/**
 * Every mail of the product is rendered from its template: against a real SMTP server in the test process, a saved
 * template changes the next real mail (subject, HTML part and plain-text part) of the sign-in code, the initial
 * password link, the password reset, the approval of a pending user and an assessment reassigned to someone; the
 * built-in templates keep the earlier wording. A mail that cannot be sent never fails a reassignment.
 */
import {
  CookieJar,
  createUserWithPassword,
  GOOD_PASSWORD,
  linkTokenFrom,
  uniqueName,
  type CreatedTestUser,
} from '../../../test-support/identity-kit';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { AssessmentsApi, childForm, createOrganisation, seedTestLibrary } from '../../assessments/assessments.test-support';
import { BUILT_IN_GROUPS, DIRECT_CARE_WORKER_GROUP_ID } from '../../identity/user-groups/built-in-groups';

const WORKER_PRIVILEGES = BUILT_IN_GROUPS.find((g) => g.id === DIRECT_CARE_WORKER_GROUP_ID)!.privileges;

const PUBLIC_URL = 'https://cans.example';

describe('Mails rendered from the email templates (a real SMTP server)', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ identity: { smtp: smtp.settings, publicUrl: PUBLIC_URL } });
    // Before any token: a new password ends the sessions issued before it.
    await t.setPassword('1', 'Adm1n!own pass');
    admin = `Bearer ${t.adminToken()}`;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const saveTemplate = async (name: string, subject: string, body: string) => {
    const saved = await t.http().put(`/api/settings/email-templates/${name}`).set('Authorization', admin).send({ subject, body });
    expect(saved.status).toBe(200);
  };
  const worker = (): Promise<CreatedTestUser> => createUserWithPassword(t, smtp, admin, { userGroupId: DIRECT_CARE_WORKER_GROUP_ID });

  it('sends the built-in initial-password mail as HTML with a plain-text part, in the earlier wording', async () => {
    const since = smtp.mails.length;
    const user = await worker();
    const mail = smtp.mails.slice(since).find((m) => m.to.includes(user.email.toLowerCase()))!;
    expect(mail.subject).toBe('Your CANS account');
    const link = new RegExp(`${PUBLIC_URL}/initialPassword/[^/\\s]+/${user.username}/${encodeURIComponent(user.email)}/[A-Za-z0-9._-]+`);
    expect(mail.text).toMatch(/^Hello Test Person,\n\nAn account has been created for you\. Your username is: /);
    expect(mail.text).toMatch(link);
    expect(mail.html).toContain('<p>Hello Test Person,</p>');
    expect(mail.html).toMatch(new RegExp(`<a href="${link.source}" rel="noopener noreferrer">`));
  });

  it('a saved CreateUser template makes the next initial-password mail, and its link still sets the password', async () => {
    await saveTemplate(
      'CreateUser',
      'Welcome aboard, {{userName}}!',
      '<h2>Welcome</h2><p>Your username: <b>{{username}}</b></p><p><a href="{{link}}">Choose a password</a> (valid {{days}} days)</p>',
    );
    const { username, email } = uniqueName();
    const since = smtp.mails.length;
    const created = await t
      .http()
      .post('/api/users')
      .set('Authorization', admin)
      .send({
        firstName: 'Ann <Lee>',
        lastName: 'O’Neil',
        username,
        email,
        supervisorId: '1',
        externalId: `EXT-${username}`,
        userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
      });
    expect(created.status).toBe(201);
    const mail = await smtp.nextMailTo(email, since);
    expect(mail.subject).toBe('Welcome aboard, Ann <Lee> O’Neil!');
    expect(mail.html).toMatch(
      new RegExp(
        `^<h2>Welcome</h2><p>Your username: <b>${username}</b></p><p><a href="${PUBLIC_URL}/initialPassword/[^"]+" rel="noopener noreferrer">Choose a password</a> \\(valid 7 days\\)</p>$`,
      ),
    );
    expect(mail.text).toMatch(
      new RegExp(`^Welcome\n\nYour username: ${username}\n\nChoose a password: ${PUBLIC_URL}/initialPassword/\\S+ \\(valid 7 days\\)\n?$`),
    );
    const set = await t
      .http()
      .post('/api/auth/password-link')
      .send({ token: linkTokenFrom(mail.text), password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD });
    expect(set.status).toBe(200);
  });

  it('a saved LoginEmailVerification template makes the sign-in code mail, and its code signs in', async () => {
    await saveTemplate(
      'LoginEmailVerification',
      'CANS code {{code}}',
      '<p>{{userName}}, your code: <strong>{{code}}</strong> ({{minutes}} min)</p>',
    );
    // Its initial-password mail is the CreateUser template saved above, whose link still works.
    const user = await worker();
    const jar = new CookieJar();
    const login = await t.http().post('/api/auth/login').send({ login: user.username, password: user.password, rememberMe: false });
    jar.store(login);
    expect(login.body.status).toBe('verification-required');
    const since = smtp.mails.length;
    expect((await t.http().post('/api/auth/verification-code').set('Cookie', jar.header()).send({ channel: 1 })).status).toBe(200);
    const mail = await smtp.nextMailTo(user.email, since);
    const code = /^CANS code (\d{6})$/.exec(mail.subject)?.[1];
    expect(code).toBeDefined();
    expect(mail.html).toBe(`<p>Test Person, your code: <strong>${code}</strong> (10 min)</p>`);
    expect(mail.text.trimEnd()).toBe(`Test Person, your code: ${code} (10 min)`);
    const verified = await t.http().post('/api/auth/verify').set('Cookie', jar.header()).send({ code });
    expect(verified.status).toBe(200);
  });

  it('a saved ResetPassword template makes the reset mail of the Reset Password page and of the user dialog', async () => {
    const user = await worker();
    await saveTemplate('ResetPassword', 'Reset for {{username}}', '<p>Reset within {{hours}} hours: <a href="{{link}}">{{link}}</a></p>');
    let since = smtp.mails.length;
    expect((await t.http().post('/api/auth/password-reset').send({ username: user.username, email: user.email })).status).toBe(200);
    let mail = await smtp.nextMailTo(user.email, since);
    expect(mail.subject).toBe(`Reset for ${user.username}`);
    expect(mail.text.trimEnd()).toMatch(new RegExp(`^Reset within 24 hours: ${PUBLIC_URL}/initialPassword/\\S+$`));
    expect(mail.html).toMatch(
      /^<p>Reset within 24 hours: <a href="https:\/\/cans\.example\/initialPassword\/[^"]+" rel="noopener noreferrer">https:/,
    );
    since = smtp.mails.length;
    expect((await t.http().post(`/api/users/${user.id}/password-reset`).set('Authorization', admin)).status).toBe(200);
    mail = await smtp.nextMailTo(user.email, since);
    expect(mail.subject).toBe(`Reset for ${user.username}`);
    const set = await t
      .http()
      .post('/api/auth/password-link')
      .send({ token: linkTokenFrom(mail.text), password: 'An0ther!Pass', confirmPassword: 'An0ther!Pass' });
    expect(set.status).toBe(200);
  });

  it('approving a pending user mails them the ReviewUser template (built in, then as saved)', async () => {
    const helper = `Bearer ${t.tokenFor(['User_View', 'User_Actions', ...WORKER_PRIVILEGES])}`;
    const pendingUser = async () => {
      const { username, email } = uniqueName('pending');
      const created = await t
        .http()
        .post('/api/users')
        .set('Authorization', helper)
        .send({
          firstName: 'Pia',
          lastName: 'Pending',
          username,
          email,
          supervisorId: '1',
          externalId: `EXT-${username}`,
          userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
        });
      expect(created.body).toMatchObject({ status: 3 });
      return created.body as { id: string; username: string; email: string };
    };
    let pending = await pendingUser();
    let since = smtp.mails.length;
    expect((await t.http().post(`/api/users/${pending.id}/approve`).set('Authorization', admin)).status).toBe(200);
    let mail = await smtp.nextMailTo(pending.email, since);
    expect(mail.subject).toBe('Your CANS account was approved');
    expect(mail.text).toContain(`Your CANS account (username: ${pending.username}) has been reviewed and approved.`);
    expect(mail.text).toContain(PUBLIC_URL);

    await saveTemplate('ReviewUser', '{{username}} approved', '<p>Sign in at <a href="{{appUrl}}">{{appUrl}}</a></p>');
    pending = await pendingUser();
    since = smtp.mails.length;
    expect((await t.http().post(`/api/users/${pending.id}/approve`).set('Authorization', admin)).status).toBe(200);
    mail = await smtp.nextMailTo(pending.email, since);
    expect(mail.subject).toBe(`${pending.username} approved`);
    expect(mail.html).toBe(`<p>Sign in at <a href="${PUBLIC_URL}" rel="noopener noreferrer">${PUBLIC_URL}</a></p>`);
  });

  describe('an assessment reassigned to someone', () => {
    let ids: Awaited<ReturnType<typeof createOrganisation>>;
    let owner: AssessmentsApi;

    beforeAll(async () => {
      await seedTestLibrary(t);
      ids = await createOrganisation(t);
      owner = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.worker)}`, ids.worker);
    });

    it('mails the new owner the ReAssign template: the PID and the link, never the child’s name', async () => {
      const { id } = await owner.start(childForm({ cin: 'PID-REASSIGN-1', dateOfAssessment: '2024-05-01' }));
      const since = smtp.mails.length;
      expect((await owner.post(`/api/assessments/${id}/reassign`, { toUserId: ids.sibling })).status).toBe(200);
      const mail = await smtp.nextMailTo('sibling@example.test', since);
      expect(mail.subject).toBe('A CANS assessment was reassigned to you');
      expect(mail.text).toContain(
        'Worker Tester reassigned the CANS assessment of the child with PID PID-REASSIGN-1 (date of assessment 05/01/2024, status: Incomplete) from Worker Tester to you.',
      );
      expect(mail.text).toContain(`${PUBLIC_URL}/assessment/childinfo/edit/${id}`);
      expect(mail.html).toContain(`<a href="${PUBLIC_URL}/assessment/childinfo/edit/${id}" rel="noopener noreferrer">`);
      expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/Robin|Hale/);
    });

    it('uses the saved ReAssign template', async () => {
      await saveTemplate('ReAssign', 'Case {{pid}} is yours', '<p>From {{previousOwnerName}}: <a href="{{assessmentLink}}">open</a></p>');
      const { id } = await owner.start(childForm({ cin: 'PID-REASSIGN-2' }));
      const since = smtp.mails.length;
      expect((await owner.post(`/api/assessments/${id}/reassign`, { toUserId: ids.sibling })).status).toBe(200);
      const mail = await smtp.nextMailTo('sibling@example.test', since);
      expect(mail.subject).toBe('Case PID-REASSIGN-2 is yours');
      expect(mail.text.trimEnd()).toBe(`From Worker Tester: open: ${PUBLIC_URL}/assessment/childinfo/edit/${id}`);
    });

    it('reassigns even when the mail cannot be sent (the failure is only logged)', async () => {
      // A mail server on a closed port: every mail fails from now on (the last test of this file).
      const server = {
        smtp: '127.0.0.1',
        port: 9,
        userName: null,
        fromEmail: 'cans@example.org',
        fromName: null,
        sslKey: 1,
        allowUnencrypted: true,
        currentPassword: 'Adm1n!own pass',
      };
      expect((await t.http().put('/api/settings/email-server').set('Authorization', admin).send(server)).status).toBe(200);
      const { id } = await owner.start(childForm({ cin: 'PID-REASSIGN-3' }));
      const since = smtp.mails.length;
      const reassigned = await owner.post(`/api/assessments/${id}/reassign`, { toUserId: ids.sibling });
      expect(reassigned.status).toBe(200);
      expect(reassigned.body.ownerId).toBe(ids.sibling);
      expect(smtp.mails.length).toBe(since);
    });
  });
});
