import { CookieJar, createUserWithPassword, linkTokenFrom, signIn } from '../../../test-support/identity-kit';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { DIRECT_CARE_WORKER_GROUP_ID } from '../user-groups/built-in-groups';

const NEW_PASSWORD = 'N3w!Password';

/**
 * Issue 27, finding 12: a browser remembered before a password change kept skipping the code, so whoever had
 * the old password and a device cookie stayed in. A new password, changed or set through a reset link, forgets
 * every remembered device of the account (docs/security.md).
 */
describe('Remembered devices over HTTP: a new password forgets them', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ identity: { smtp: smtp.settings, publicUrl: 'https://cans.example' } });
    admin = `Bearer ${t.adminToken()}`;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const worker = () => createUserWithPassword(t, smtp, admin, { userGroupId: DIRECT_CARE_WORKER_GROUP_ID });
  const loginWithDevice = (username: string, password: string, device: string) =>
    t.http().post('/api/auth/login').set('Cookie', `cans_device=${device}`).send({ login: username, password, rememberMe: true });

  /** A user signed in with remember-me, and the device cookie that now skips the code. */
  const rememberedUser = async () => {
    const user = await worker();
    const { jar } = await signIn(t, smtp, user, { rememberMe: true });
    const device = jar.get('cans_device')!;
    expect((await loginWithDevice(user.username, user.password, device)).body.status).toBe('signed-in');
    return { user, jar, device };
  };

  it('asks for the code again after the password is changed in My Account, on the changing browser too', async () => {
    const { user, jar, device } = await rememberedUser();
    const changed = await t
      .http()
      .post('/api/account/password')
      .set('Cookie', jar.header())
      .send({ oldPassword: user.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    jar.store(changed);
    // The browser that changed it stays signed in; its device cookie no longer skips the code.
    expect((await t.http().get('/api/auth/me').set('Cookie', jar.header())).status).toBe(200);
    const next = await loginWithDevice(user.username, NEW_PASSWORD, device);
    expect([next.status, next.body.status, next.body.reason]).toEqual([200, 'verification-required', 'device-not-remembered']);
  });

  it('asks for the code again after the password is reset through the mailed link', async () => {
    const { user, device } = await rememberedUser();
    const since = smtp.mails.length;
    expect((await t.http().post('/api/auth/password-reset').send({ username: user.username, email: user.email })).status).toBe(200);
    const token = linkTokenFrom((await smtp.nextMailTo(user.email, since)).text);
    const set = await t.http().post('/api/auth/password-link').send({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(set.status).toBe(200);
    const next = await loginWithDevice(user.username, NEW_PASSWORD, device);
    expect([next.status, next.body.status, next.body.reason]).toEqual([200, 'verification-required', 'device-not-remembered']);
    // Passing the code again remembers the browser again.
    const again = await signIn(t, smtp, { ...user, password: NEW_PASSWORD }, { rememberMe: true, jar: new CookieJar() });
    expect((await loginWithDevice(user.username, NEW_PASSWORD, again.jar.get('cans_device')!)).body.status).toBe('signed-in');
  });
});
