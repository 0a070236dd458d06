import type { Response } from 'supertest';
import { codeFrom, CookieJar, createUserWithPassword, signIn, uniqueName } from '../../../test-support/identity-kit';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { DIRECT_CARE_WORKER_GROUP_ID } from '../user-groups/built-in-groups';
import { IdentityMessages } from '../identity-messages';
import { LOCKOUT_DURATION_MS } from '@cans/domain/identity/identity-rules';
import { PasswordHasher } from './password-hasher';

const WRONG = 'Wrong!Pass1';

/**
 * Spec-less rules of ours (docs/security.md): a login that matches no account is answered exactly like a wrong
 * password for an account, lockout included; strangers cannot lock an owner out of a device the owner has
 * remembered; wrong codes lock the account like wrong passwords (issue 27, finding 5); and the code step checks
 * the account again.
 */
describe('Sign-in lockout and account enumeration over HTTP', () => {
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
  const login = (loginName: string, password: string, options: { device?: string; rememberMe?: boolean; ip?: string } = {}) =>
    t
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', options.ip ?? '198.51.100.66')
      .set('Cookie', options.device ? `cans_device=${options.device}` : '')
      .send({ login: loginName, password, rememberMe: options.rememberMe ?? true });
  /** Five wrong passwords from strangers' addresses. */
  const strangersLock = async (loginName: string) => {
    for (let i = 1; i <= 5; i++) await login(loginName, WRONG, { ip: `203.0.113.${100 + i}` });
  };
  /** Password step and a mailed code; answers the jar holding the challenge cookie and the code. */
  const passwordAndCode = async (user: { username: string; email: string; password: string }, device?: string) => {
    const jar = new CookieJar();
    if (device) jar.store({ headers: { 'set-cookie': [`cans_device=${device}; Path=/api/auth`] } } as unknown as Response);
    const started = await t
      .http()
      .post('/api/auth/login')
      .set('Cookie', jar.header())
      .send({ login: user.username, password: user.password, rememberMe: false });
    expect([started.status, started.body.status]).toEqual([200, 'verification-required']);
    jar.store(started);
    const since = smtp.mails.length;
    expect((await t.http().post('/api/auth/verification-code').set('Cookie', jar.header()).send({ channel: 1 })).status).toBe(200);
    return { jar, code: codeFrom((await smtp.nextMailTo(user.email, since)).text) };
  };
  /** What a client can tell apart: status, body (the lock's end as a shape) and which headers came. */
  const observable = (answer: Response) => ({
    status: answer.status,
    body: { ...answer.body, ...(answer.body.lockedUntil ? { lockedUntil: typeof answer.body.lockedUntil } : {}) },
    eventPosition: 'x-event-position' in answer.headers,
    cookies: answer.headers['set-cookie'] ?? null,
  });

  it('answers a wrong password for an account exactly like an unknown login, up to and after the lockout, hashing in both cases', async () => {
    const user = await worker();
    const created = await t
      .http()
      .post('/api/users')
      .set('Authorization', admin)
      .send({
        firstName: 'No',
        lastName: 'Password',
        ...uniqueName('nopass'),
        userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
        supervisorId: '1',
        externalId: 'EXT-NOPASS',
      });
    expect(created.status).toBe(201);
    const logins = [user.username, created.body.username, `nobody-${Date.now()}`, `nobody-${Date.now()}@example.test`];
    const verify = jest.spyOn(t.app.get(PasswordHasher), 'verify');
    try {
      for (let attempt = 1; attempt <= 6; attempt++) {
        const seen = [];
        for (const name of logins) {
          verify.mockClear();
          const answer = await login(name, WRONG);
          seen.push({ ...observable(answer), passwordsHashed: verify.mock.calls.length });
        }
        const expected =
          attempt < 5
            ? {
                status: 401,
                body: {
                  statusCode: 401,
                  error: 'Unauthorized',
                  messageKey: 'login_failed',
                  message: IdentityMessages.login_failed,
                  attemptsLeft: 5 - attempt,
                },
              }
            : {
                status: 423,
                body: {
                  statusCode: 423,
                  error: 'Locked',
                  messageKey: 'account_temporarily_locked',
                  message: IdentityMessages.account_temporarily_locked,
                  lockedUntil: 'string',
                  minutesLeft: 15,
                },
              };
        // Locked: no password is checked at all (no guessing during the lock), for anybody.
        const hashed = attempt <= 5 ? 1 : 0;
        for (const [index, answer] of seen.entries()) {
          expect([attempt, logins[index], answer]).toEqual([
            attempt,
            logins[index],
            { ...expected, eventPosition: true, cookies: null, passwordsHashed: hashed },
          ]);
        }
      }
    } finally {
      verify.mockRestore();
    }
    expect((await login(user.username, user.password)).status).toBe(423);
    t.clock.advance(LOCKOUT_DURATION_MS + 1000);
    expect((await login(user.username, user.password)).body.status).toBe('verification-required');
    expect(observable(await login(logins[2], WRONG))).toMatchObject({ status: 401, body: { attemptsLeft: 4 } });
  });

  it('lets the owner sign in from a remembered device while strangers have locked the account; other browsers stay locked', async () => {
    const user = await worker();
    const { jar } = await signIn(t, smtp, user, { rememberMe: true });
    const device = jar.get('cans_device')!;
    expect(device).toBeTruthy();
    await strangersLock(user.username);
    expect((await login(user.username, user.password)).status).toBe(423);
    const otherUser = await worker();
    const borrowed = await signIn(t, smtp, otherUser, { rememberMe: true });
    expect((await login(user.username, user.password, { device: borrowed.jar.get('cans_device') })).status).toBe(423);

    const remembered = await login(user.username, user.password, { device });
    expect(remembered.status).toBe(200);
    expect(remembered.body).toMatchObject({ status: 'signed-in', user: { id: user.id } });

    // Without remember-me the same device still gets past the lock, then through the code.
    await strangersLock(user.username);
    const { jar: codeJar, code } = await passwordAndCode(user, device);
    const verified = await t.http().post('/api/auth/verify').set('Cookie', codeJar.header()).send({ code });
    expect([verified.status, verified.body.status]).toEqual([200, 'signed-in']);
  });

  it('counts wrong passwords on a remembered device apart: five of them and the device no longer gets past a lock', async () => {
    const user = await worker();
    const { jar } = await signIn(t, smtp, user, { rememberMe: true });
    const device = jar.get('cans_device')!;
    await strangersLock(user.username);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const wrong = await login(user.username, WRONG, { device });
      expect([wrong.status, wrong.body.messageKey, wrong.body.attemptsLeft]).toEqual([401, 'login_failed', 5 - attempt]);
    }
    expect((await login(user.username, WRONG, { device })).status).toBe(423);
    expect((await login(user.username, user.password, { device })).status).toBe(423);
  });

  it('locks the account after five wrong codes in a row, across challenges and addresses; refuses the right code; mails the user', async () => {
    const user = await worker();
    let address = 0;
    const verify = (jar: CookieJar, code: string) =>
      t
        .http()
        .post('/api/auth/verify')
        .set('X-Forwarded-For', `203.0.113.${150 + address++}`)
        .set('Cookie', jar.header())
        .send({ code });
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    // A new password step and a new code do not start the count again: 2 + 2 wrong codes in two challenges …
    for (const first of [1, 3]) {
      const { jar, code } = await passwordAndCode(user);
      for (const count of [first, first + 1]) {
        const wrong = await verify(jar, wrongFor(code));
        expect([wrong.status, wrong.body.messageKey, wrong.body.attemptsLeft]).toEqual([400, 'code_invalid', 5 - count]);
      }
    }
    // … and the fifth, in a third challenge, locks sign-in.
    const { jar, code } = await passwordAndCode(user);
    const since = smtp.mails.length;
    const locking = await verify(jar, wrongFor(code));
    expect([locking.status, locking.body.messageKey, locking.body.minutesLeft]).toEqual([423, 'account_temporarily_locked', 15]);
    const right = await verify(jar, code);
    expect([right.status, right.body.messageKey]).toEqual([423, 'account_temporarily_locked']);
    expect(right.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^cans_token=[^;]/)]));
    expect((await login(user.username, user.password)).status).toBe(423);

    const mail = await smtp.nextMailTo(user.email, since);
    expect(mail.subject).toBe('Sign-in to your CANS account was locked');
    expect(mail.text).toContain(`(username: ${user.username}) was locked for 15 minutes after too many incorrect verification codes`);

    t.clock.advance(LOCKOUT_DURATION_MS + 1000);
    expect((await signIn(t, smtp, user)).me).toMatchObject({ id: user.id });
  });

  it('checks the lockout, deactivation and expiry again at the code step', async () => {
    const locked = await worker();
    const pending = await passwordAndCode(locked);
    await strangersLock(locked.username);
    const afterLock = await t.http().post('/api/auth/verify').set('Cookie', pending.jar.header()).send({ code: pending.code });
    expect([afterLock.status, afterLock.body.messageKey]).toEqual([423, 'account_temporarily_locked']);
    expect(afterLock.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^cans_token=[^;]/)]));
    const resend = await t.http().post('/api/auth/verification-code').set('Cookie', pending.jar.header()).send({ channel: 1 });
    expect(resend.status).toBe(423);

    for (const [change, key] of [
      [{ status: 0 }, 'account_inactive'],
      [{ status: 2 }, 'account_locked'],
      [{ expirationDate: '2001-01-01' }, 'account_expired'],
    ] as const) {
      const user = await worker();
      const { jar, code } = await passwordAndCode(user);
      const current = await t.http().get(`/api/users/${user.id}`).set('Authorization', admin);
      expect(
        (
          await t
            .http()
            .put(`/api/users/${user.id}`)
            .set('Authorization', admin)
            .send({ ...current.body, ...change })
        ).status,
      ).toBe(200);
      const refused = await t.http().post('/api/auth/verify').set('Cookie', jar.header()).send({ code });
      expect([key, refused.status, refused.body.messageKey, refused.body.message]).toEqual([key, 403, key, IdentityMessages[key]]);
    }
  });
});
