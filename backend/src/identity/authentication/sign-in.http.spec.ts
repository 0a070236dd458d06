import {
  codeFrom,
  CookieJar,
  createUserWithPassword,
  GOOD_PASSWORD,
  linkTokenFrom,
  setCookieLine,
  signIn,
} from '../../../test-support/identity-kit';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { DIRECT_CARE_WORKER_GROUP_ID } from '../user-groups/built-in-groups';
import { IdentityMessages } from '../identity-messages';
import { CODE_TTL_MS, LOCKOUT_DURATION_MS } from '@cans/domain/identity/identity-rules';
import type { SmsSender } from '../delivery/sms-sender';

const backends = httpTestBackends();

describe.each(backends)('Signing in over HTTP (%s): password, code by mail from a real SMTP server, sessions', (backend) => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let admin: string;
  const texts: Array<{ to: string; text: string }> = [];
  const sms: SmsSender = { description: 'test', send: async (to, text) => void texts.push({ to, text }) };

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ backend, identity: { smtp: smtp.settings, publicUrl: 'https://cans.example' }, smsSender: sms });
    admin = `Bearer ${t.adminToken()}`;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const worker = (fields: Record<string, unknown> = {}) =>
    createUserWithPassword(t, smtp, admin, { userGroupId: DIRECT_CARE_WORKER_GROUP_ID, ...fields });

  it('runs the whole flow: initial-password link by mail, password, code by mail, token cookie, /me', async () => {
    const user = await worker({ phone: '555-201-0001' });
    const jar = new CookieJar();

    const login = await t
      .http()
      .post('/api/auth/login')
      .send({ login: user.username, password: user.password, rememberMe: true, agreed: true });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ status: 'verification-required', reason: 'device-not-remembered', expiresInSeconds: 900 });
    expect(login.body.channels).toEqual([
      { channel: 1, name: 'email', enabled: true, destination: expect.stringMatching(/^u\*\*\*@example\.test$/), reason: null },
      { channel: 2, name: 'phone', enabled: true, destination: '***-***-0001', reason: null },
    ]);
    expect(setCookieLine(login, 'cans_token')).toBeUndefined();
    expect(setCookieLine(login, 'cans_signin')).toMatch(/HttpOnly/);
    jar.store(login);

    const since = smtp.mails.length;
    const sent = await t.http().post('/api/auth/verification-code').set('Cookie', jar.header()).send({ channel: 1 });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ channel: 1, expiresInSeconds: 600, resendAfterSeconds: 60 });
    const mail = await smtp.nextMailTo(user.email, since);
    expect(mail.subject).toBe('Your CANS verification code');
    const code = codeFrom(mail.text);

    const again = await t.http().post('/api/auth/verification-code').set('Cookie', jar.header()).send({ channel: 1 });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ messageKey: 'code_has_sent', message: 'The code has already been sent.' });
    expect(again.body.retryAfterSeconds).toBeGreaterThan(50);

    const wrong = await t
      .http()
      .post('/api/auth/verify')
      .set('Cookie', jar.header())
      .send({ code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ code: [IdentityMessages.code_invalid] });
    expect(wrong.body.attemptsLeft).toBe(4);

    const verified = await t.http().post('/api/auth/verify').set('Cookie', jar.header()).send({ code });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      status: 'signed-in',
      phoneMissing: false,
      user: { id: user.id, username: user.username, groupName: 'Direct Care Worker', isAdministrator: false, landingPath: '/' },
    });
    const tokenCookie = setCookieLine(verified, 'cans_token')!;
    expect(tokenCookie).toMatch(/HttpOnly/);
    expect(tokenCookie).toMatch(/SameSite=Lax/);
    expect(tokenCookie).toMatch(/Max-Age=604800/);
    expect(tokenCookie).not.toMatch(/Secure/);
    expect(setCookieLine(verified, 'cans_device')).toMatch(/HttpOnly/);
    jar.store(verified);

    const me = await t.http().get('/api/auth/me').set('Cookie', jar.header());
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: user.id,
      username: user.username,
      fullName: 'Test Person',
      email: user.email,
      phone: '555-201-0001',
      groupId: DIRECT_CARE_WORKER_GROUP_ID,
      kind: 'user',
    });
    expect(me.body.privileges).toEqual(expect.arrayContaining(['Assessment_New', 'HOME_SHOW']));
    expect(me.body.privileges).not.toContain('User_View');

    // The code was single use: the challenge is completed.
    const replay = await t
      .http()
      .post('/api/auth/verify')
      .set('Cookie', `cans_signin=${login.headers['set-cookie'][0].split(';')[0].split('=')[1]}`)
      .send({ code });
    expect(replay.status).toBe(401);
    expect(replay.body.messageKey).toBe('sign_in_expired');
  });

  it('marks cookies Secure over HTTPS (behind the proxy)', async () => {
    const user = await worker();
    const login = await t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-Proto', 'https')
      .send({ login: user.email, password: user.password });
    expect(setCookieLine(login, 'cans_signin')).toMatch(/Secure/);
  });

  it('accepts the login as username with or without eo_, email or phone; the same code flow follows', async () => {
    const user = await worker({ phone: '555-201-0002' });
    for (const login of [user.username, `eo_${user.username}`, user.email.toUpperCase(), '555-201-0002', '(555) 201-0002']) {
      const answer = await t.http().post('/api/auth/login').send({ login, password: user.password });
      expect([login, answer.status, answer.body.status]).toEqual([login, 200, 'verification-required']);
    }
  });

  it('skips the code on a remembered device with remember-me; asks again without remember-me or on another browser', async () => {
    const user = await worker();
    const { jar } = await signIn(t, smtp, user, { rememberMe: true });
    expect(jar.get('cans_device')).toBeTruthy();

    const direct = await t
      .http()
      .post('/api/auth/login')
      .set('Cookie', `cans_device=${jar.get('cans_device')}`)
      .send({ login: user.username, password: user.password, rememberMe: true });
    expect(direct.status).toBe(200);
    expect(direct.body).toMatchObject({ status: 'signed-in', user: { id: user.id } });
    expect(setCookieLine(direct, 'cans_token')).toMatch(/Max-Age=604800/);

    const notRemembering = await t
      .http()
      .post('/api/auth/login')
      .set('Cookie', `cans_device=${jar.get('cans_device')}`)
      .send({ login: user.username, password: user.password, rememberMe: false });
    expect(notRemembering.body).toMatchObject({ status: 'verification-required', reason: 'remember-me-off' });

    const otherBrowser = await t.http().post('/api/auth/login').send({ login: user.username, password: user.password, rememberMe: true });
    expect(otherBrowser.body).toMatchObject({ status: 'verification-required', reason: 'device-not-remembered' });

    // Another user's remembered device does not help.
    const stranger = await worker();
    const borrowed = await t
      .http()
      .post('/api/auth/login')
      .set('Cookie', `cans_device=${jar.get('cans_device')}`)
      .send({ login: stranger.username, password: stranger.password, rememberMe: true });
    expect(borrowed.body.status).toBe('verification-required');
  });

  it('without remember-me gives a session cookie (no Max-Age) and remembers no device', async () => {
    const user = await worker();
    const login = await t.http().post('/api/auth/login').send({ login: user.username, password: user.password, rememberMe: false });
    const jar = new CookieJar().store(login);
    const since = smtp.mails.length;
    await t.http().post('/api/auth/verification-code').set('Cookie', jar.header()).send({ channel: 1 });
    const code = codeFrom((await smtp.nextMailTo(user.email, since)).text);
    const verified = await t.http().post('/api/auth/verify').set('Cookie', jar.header()).send({ code });
    expect(verified.status).toBe(200);
    expect(setCookieLine(verified, 'cans_token')).not.toMatch(/Max-Age|Expires/);
    expect(setCookieLine(verified, 'cans_device')).toBeUndefined();
  });

  it('sends the code by text message when an SMS sender is configured; a user without phone gets the reason', async () => {
    const user = await worker({ phone: '555-201-0003' });
    const jar = new CookieJar().store(await t.http().post('/api/auth/login').send({ login: user.username, password: user.password }));
    const sent = await t.http().post('/api/auth/verification-code').set('Cookie', jar.header()).send({ channel: 2 });
    expect(sent.status).toBe(200);
    expect(sent.body.destination).toBe('***-***-0003');
    const text = texts.find((m) => m.to === '555-201-0003')!;
    const verified = await t
      .http()
      .post('/api/auth/verify')
      .set('Cookie', jar.header())
      .send({ code: /(\d{6})/.exec(text.text)![1] });
    expect(verified.status).toBe(200);

    const noPhone = await worker();
    const login = await t.http().post('/api/auth/login').send({ login: noPhone.username, password: noPhone.password });
    expect(login.body.channels[1]).toEqual({
      channel: 2,
      name: 'phone',
      enabled: false,
      destination: null,
      reason: IdentityMessages.phone_channel_no_phone,
    });
    const refused = await t
      .http()
      .post('/api/auth/verification-code')
      .set('Cookie', new CookieJar().store(login).header())
      .send({ channel: 2 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ channel: [IdentityMessages.phone_channel_no_phone] });
  });

  it('refuses an expired code, allows a resend after 60 s, and locks sign-in at the fifth wrong code', async () => {
    const user = await worker();
    const jar = new CookieJar().store(await t.http().post('/api/auth/login').send({ login: user.username, password: user.password }));
    let since = smtp.mails.length;
    await t.http().post('/api/auth/verification-code').set('Cookie', jar.header()).send({ channel: 1 });
    const first = codeFrom((await smtp.nextMailTo(user.email, since)).text);
    t.clock.advance(CODE_TTL_MS + 1000);
    const expired = await t.http().post('/api/auth/verify').set('Cookie', jar.header()).send({ code: first });
    expect(expired.status).toBe(400);
    expect(expired.body.errors).toEqual({ code: [IdentityMessages.code_expired] });

    since = smtp.mails.length;
    expect((await t.http().post('/api/auth/verification-code').set('Cookie', jar.header()).send({ channel: 1 })).status).toBe(200);
    const second = codeFrom((await smtp.nextMailTo(user.email, since)).text);
    const wrong = second === '123456' ? '654321' : '123456';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await t.http().post('/api/auth/verify').set('Cookie', jar.header()).send({ code: wrong });
      expect([answer.status, answer.body.messageKey]).toEqual(attempt < 5 ? [400, 'code_invalid'] : [423, 'account_temporarily_locked']);
    }
    const tooLate = await t.http().post('/api/auth/verify').set('Cookie', jar.header()).send({ code: second });
    expect([tooLate.status, tooLate.body.messageKey]).toEqual([423, 'account_temporarily_locked']);
  });

  it('answers the second step without a pending sign-in with 401, and bad codes with field messages', async () => {
    const noChallenge = await t.http().post('/api/auth/verification-code').send({ channel: 1 });
    expect(noChallenge.status).toBe(401);
    expect(noChallenge.body.message).toBe(IdentityMessages.sign_in_expired);
    const forged = await t.http().post('/api/auth/verify').set('Cookie', 'cans_signin=forged.value.here').send({ code: '123456' });
    expect(forged.status).toBe(401);
    const empty = await t.http().post('/api/auth/verify').send({ code: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.code).toContain('Verification code is required.');
    const letters = await t.http().post('/api/auth/verify').send({ code: 'abcdef' });
    expect(letters.body.errors.code).toEqual([IdentityMessages.code_format]);
  });

  it('locks sign-in for 15 minutes after 5 wrong passwords, with a clear message, then lets the user in again', async () => {
    const user = await worker();
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answer = await t.http().post('/api/auth/login').send({ login: user.username, password: 'Wrong!Pass1' });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ message: IdentityMessages.login_failed, attemptsLeft: 5 - attempt });
    }
    const fifth = await t.http().post('/api/auth/login').send({ login: user.username, password: 'Wrong!Pass1' });
    expect(fifth.status).toBe(423);
    expect(fifth.body).toMatchObject({
      messageKey: 'account_temporarily_locked',
      message: IdentityMessages.account_temporarily_locked,
      minutesLeft: 15,
    });
    const rightButLocked = await t.http().post('/api/auth/login').send({ login: user.username, password: user.password });
    expect(rightButLocked.status).toBe(423);

    // The administrator holds no position of the visitor's failed attempts: the list shows them once projected.
    await t.caughtUp();
    const list = await t
      .http()
      .get('/api/users')
      .query({ filter: JSON.stringify({ username: user.username }) })
      .set('Authorization', admin);
    expect(list.body[0].lockedUntil).toEqual(fifth.body.lockedUntil);

    t.clock.advance(LOCKOUT_DURATION_MS + 1000);
    const later = await t.http().post('/api/auth/login').send({ login: user.username, password: user.password });
    expect(later.status).toBe(200);
    expect(later.body.status).toBe('verification-required');
  });

  it('does not tell unknown users from wrong passwords, and refuses inactive, locked, pending and expired accounts after a right password', async () => {
    const unknown = await t.http().post('/api/auth/login').send({ login: 'nobody-here', password: GOOD_PASSWORD });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(IdentityMessages.login_failed);

    const user = await worker();
    const view = await t.http().get(`/api/users/${user.id}`).set('Authorization', admin);
    for (const [status, key] of [
      [0, 'account_inactive'],
      [2, 'account_locked'],
    ] as const) {
      const current = await t.http().get(`/api/users/${user.id}`).set('Authorization', admin);
      const saved = await t
        .http()
        .put(`/api/users/${user.id}`)
        .set('Authorization', admin)
        .send({ ...current.body, status });
      expect(saved.status).toBe(200);
      const refused = await t.http().post('/api/auth/login').send({ login: user.username, password: user.password });
      expect([refused.status, refused.body.messageKey]).toEqual([403, key]);
    }
    expect(view.status).toBe(200);

    const expiring = await worker({ expirationDate: '2001-01-01' });
    const expired = await t.http().post('/api/auth/login').send({ login: expiring.username, password: expiring.password });
    expect([expired.status, expired.body.message]).toEqual([403, IdentityMessages.account_expired]);

    const refusedAgreement = await t.http().post('/api/auth/login').send({ login: user.username, password: user.password, agreed: false });
    expect(refusedAgreement.status).toBe(400);
    expect(refusedAgreement.body.errors.agreed).toEqual([IdentityMessages.agreement_required]);
  });

  it('logout revokes the token server-side: the same token is refused on the next request', async () => {
    const user = await worker();
    const { jar } = await signIn(t, smtp, user);
    const token = jar.get('cans_token')!;
    expect((await t.http().get('/api/auth/me').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    const out = await t.http().post('/api/auth/logout').set('Cookie', jar.header());
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(IdentityMessages.signed_out);
    expect(setCookieLine(out, 'cans_token')).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await t.http().get('/api/auth/me').set('Cookie', `cans_token=${token}`)).status).toBe(401);
    expect((await t.http().get('/api/auth/me').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    // Logging out twice, or without a token, is harmless.
    expect((await t.http().post('/api/auth/logout')).status).toBe(200);
  });

  it("refuses a deactivated user's token and applies a group's privilege change on the next request", async () => {
    const group = await t
      .http()
      .post('/api/user-groups')
      .set('Authorization', admin)
      .send({ name: `Readers ${Date.now()}`, parentGroupId: '1', privileges: ['User_View', 'HOME_SHOW'] });
    expect(group.status).toBe(201);
    const user = await worker({ userGroupId: group.body.id });
    const { jar } = await signIn(t, smtp, user);
    expect((await t.http().get('/api/users').set('Cookie', jar.header())).status).toBe(200);

    const narrowed = await t
      .http()
      .put(`/api/user-groups/${group.body.id}`)
      .set('Authorization', admin)
      .send({ ...group.body, privileges: ['HOME_SHOW'] });
    expect(narrowed.status).toBe(200);
    expect((await t.http().get('/api/users').set('Cookie', jar.header())).status).toBe(403);

    const current = await t.http().get(`/api/users/${user.id}`).set('Authorization', admin);
    expect(
      (
        await t
          .http()
          .put(`/api/users/${user.id}`)
          .set('Authorization', admin)
          .send({ ...current.body, status: 0 })
      ).status,
    ).toBe(200);
    expect((await t.http().get('/api/auth/me').set('Cookie', jar.header())).status).toBe(401);
  });

  it('serves the administrator a landing path of /library', async () => {
    const me = await t.http().get('/api/auth/me').set('Authorization', admin);
    expect(me.body).toMatchObject({
      id: '1',
      username: 'admin',
      isAdministrator: true,
      landingPath: '/library',
      groupName: 'System Administrator',
      canManageUserGroups: true,
    });
    expect(me.body.privileges).toHaveLength(25);
  });

  it('lets the mailed link set the initial password once; the link check answers 1 then 2', async () => {
    const since = smtp.mails.length;
    const created = await t
      .http()
      .post('/api/users')
      .set('Authorization', admin)
      .send({
        firstName: 'Link',
        lastName: 'Tester',
        username: `link${Date.now()}`,
        email: `link${Date.now()}@example.test`,
        userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
        supervisorId: '1',
        externalId: 'EXT-L',
      });
    expect(created.status).toBe(201);
    const mail = await smtp.nextMailTo(created.body.email, since);
    expect(mail.text).toContain(
      `https://cans.example/initialPassword/${created.body.id}/${created.body.username}/${encodeURIComponent(created.body.email)}/`,
    );
    expect(mail.text).toContain(created.body.username);
    const token = linkTokenFrom(mail.text);

    expect((await t.http().post('/api/auth/password-link/status').send({ token })).body).toMatchObject({
      state: 1,
      purpose: 'initial',
      username: created.body.username,
    });
    const weak = await t.http().post('/api/auth/password-link').send({ token, password: 'password', confirmPassword: 'password' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.password).toEqual([IdentityMessages.new_pass_format]);
    const mismatch = await t
      .http()
      .post('/api/auth/password-link')
      .send({ token, password: GOOD_PASSWORD, confirmPassword: `${GOOD_PASSWORD}x` });
    expect(mismatch.body.errors.confirmPassword).toEqual([IdentityMessages.password_not_match]);

    expect(
      (await t.http().post('/api/auth/password-link').send({ token, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD })).status,
    ).toBe(200);
    const used = await t.http().post('/api/auth/password-link/status').send({ token });
    expect(used.body).toEqual({ state: 2, purpose: null, username: null, message: IdentityMessages.link_invalid });
    const reuse = await t.http().post('/api/auth/password-link').send({ token, password: 'An0ther!Pass', confirmPassword: 'An0ther!Pass' });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toMatchObject({ messageKey: 'link_invalid', state: 2 });
    expect((await t.http().post('/api/auth/password-link/status').send({ token: 'not-a-token' })).body.state).toBe(2);
    expect((await t.http().post('/api/auth/password-link/status').send({ token: t.adminToken() })).body.state).toBe(2);
  });

  it('resets a forgotten password by mail (username + email); only the latest link works; unknown pairs get the same answer', async () => {
    const user = await worker();
    const tip = IdentityMessages.reset_pass_sent_tip;
    let since = smtp.mails.length;
    const wrongEmail = await t.http().post('/api/auth/password-reset').send({ username: user.username, email: 'someone@else.test' });
    expect(wrongEmail.body.message).toBe(tip);
    expect(
      (
        await t
          .http()
          .post('/api/auth/password-reset')
          .send({ username: `eo_${user.username}`, email: user.email.toUpperCase() })
      ).body.message,
    ).toBe(tip);
    const firstLink = linkTokenFrom((await smtp.nextMailTo(user.email, since)).text);
    since = smtp.mails.length;
    await t.http().post('/api/auth/password-reset').send({ username: user.username, email: user.email });
    const secondLink = linkTokenFrom((await smtp.nextMailTo(user.email, since)).text);
    expect((await t.http().post('/api/auth/password-link/status').send({ token: firstLink })).body.state).toBe(2);
    expect((await t.http().post('/api/auth/password-link/status').send({ token: secondLink })).body).toMatchObject({
      state: 1,
      purpose: 'reset',
    });

    const { jar } = await signIn(t, smtp, user);
    expect(
      (
        await t
          .http()
          .post('/api/auth/password-link')
          .send({ token: secondLink, password: 'N3w!Password', confirmPassword: 'N3w!Password' })
      ).status,
    ).toBe(200);
    // The new password voids earlier sessions and the old password.
    expect((await t.http().get('/api/auth/me').set('Cookie', jar.header())).status).toBe(401);
    expect((await t.http().post('/api/auth/login').send({ login: user.username, password: user.password })).status).toBe(401);
    expect((await t.http().post('/api/auth/login').send({ login: user.username, password: 'N3w!Password' })).status).toBe(200);

    const bad = await t.http().post('/api/auth/password-reset').send({ username: '', email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ username: [IdentityMessages.reset_username_required], email: [IdentityMessages.email_format] });
  });

  it('changes the password from My Account: checks the old one and the policy, keeps this browser signed in', async () => {
    const user = await worker();
    const { jar } = await signIn(t, smtp, user);
    const oldToken = jar.get('cans_token')!;
    const wrongOld = await t
      .http()
      .post('/api/account/password')
      .set('Cookie', jar.header())
      .send({ oldPassword: 'Nope!Nope1', newPassword: 'N3w!Password', confirmPassword: 'N3w!Password' });
    expect([wrongOld.status, wrongOld.body.errors]).toEqual([400, { oldPassword: [IdentityMessages.old_password_wrong] }]);
    const bad = await t
      .http()
      .post('/api/account/password')
      .set('Cookie', jar.header())
      .send({ oldPassword: '', newPassword: 'short', confirmPassword: 'other' });
    expect(bad.body.errors).toEqual({
      oldPassword: [IdentityMessages.old_password_required],
      newPassword: [IdentityMessages.new_pass_format],
      confirmPassword: [IdentityMessages.password_not_match],
    });
    const changed = await t
      .http()
      .post('/api/account/password')
      .set('Cookie', jar.header())
      .send({ oldPassword: user.password, newPassword: 'N3w!Password', confirmPassword: 'N3w!Password' });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('The password has been changed successfully.');
    jar.store(changed);
    expect(jar.get('cans_token')).not.toBe(oldToken);
    expect((await t.http().get('/api/auth/me').set('Cookie', jar.header())).status).toBe(200);
    expect((await t.http().get('/api/auth/me').set('Authorization', `Bearer ${oldToken}`)).status).toBe(401);
  });
});

describe('Per-IP rate limiting of the sign-in endpoints', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      identity: { rateLimits: { signIn: { capacity: 3, refillPerMinute: 3 }, passwordReset: { capacity: 2, refillPerMinute: 2 } } },
    });
  });
  afterAll(() => t?.close());

  it('answers 429 with a clear message and Retry-After once an address used its budget; other addresses are unaffected', async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (await t.http().post('/api/auth/login').set('X-Forwarded-For', '203.0.113.50').send({ login: 'x', password: 'y' })).status,
      ).toBe(401);
    }
    const limited = await t.http().post('/api/auth/login').set('X-Forwarded-For', '203.0.113.50').send({ login: 'x', password: 'y' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ messageKey: 'rate_limited', message: IdentityMessages.rate_limited });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await t.http().post('/api/auth/login').set('X-Forwarded-For', '203.0.113.51').send({ login: 'x', password: 'y' })).status).toBe(
      401,
    );

    for (let i = 0; i < 2; i++) {
      expect(
        (await t.http().post('/api/auth/password-reset').set('X-Forwarded-For', '203.0.113.52').send({ username: 'x', email: 'x@y.test' }))
          .status,
      ).toBe(200);
    }
    expect(
      (await t.http().post('/api/auth/password-reset').set('X-Forwarded-For', '203.0.113.52').send({ username: 'x', email: 'x@y.test' }))
        .status,
    ).toBe(429);
  });
});
