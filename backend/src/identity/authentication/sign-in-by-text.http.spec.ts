import { codeFrom, CookieJar, createUserWithPassword } from '../../../test-support/identity-kit';
import { startSmsGatewayTestServer, SmsGatewayTestServer } from '../../../test-support/sms-gateway-test-server';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { DIRECT_CARE_WORKER_GROUP_ID } from '../user-groups/built-in-groups';
import { IdentityMessages } from '../identity-messages';
import { CODE_RESEND_INTERVAL_MS } from '@cans/domain/identity/identity-rules';

const codeIn = (text: string | undefined) => /(\d{6})/.exec(text ?? '')![1];

describe('Signing in with a code by text message, through an HTTP SMS gateway (a local node:http server)', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let gateway: SmsGatewayTestServer;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    gateway = await startSmsGatewayTestServer();
    t = await startTestApp({
      identity: { smtp: smtp.settings, smsGateway: { url: gateway.url, token: 'gateway-secret', username: null, timeoutMs: 2000 } },
    });
    admin = `Bearer ${t.adminToken()}`;
  });
  afterEach(() => gateway.answer(200));
  afterAll(async () => {
    await t?.close();
    await gateway?.close();
    await smtp?.close();
  });

  const worker = (phone?: string) =>
    createUserWithPassword(t, smtp, admin, { userGroupId: DIRECT_CARE_WORKER_GROUP_ID, ...(phone ? { phone } : {}) });
  const startSignIn = async (user: { username: string; password: string }) => {
    const login = await t.http().post('/api/auth/login').send({ login: user.username, password: user.password });
    expect(login.status).toBe(200);
    return { login, jar: new CookieJar().store(login) };
  };
  const sendCode = (jar: CookieJar, channel: 1 | 2) =>
    t.http().post('/api/auth/verification-code').set('Cookie', jar.header()).send({ channel });
  const verify = (jar: CookieJar, code: string) => t.http().post('/api/auth/verify').set('Cookie', jar.header()).send({ code });

  it('offers Phone to a user with a number; the gateway receives the code, which signs in', async () => {
    const user = await worker('555-301-0001');
    const { login, jar } = await startSignIn(user);
    expect(login.body.channels[1]).toEqual({ channel: 2, name: 'phone', enabled: true, destination: '***-***-0001', reason: null });

    const sent = await sendCode(jar, 2);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ channel: 2, destination: '***-***-0001', expiresInSeconds: 600, resendAfterSeconds: 60 });
    const [received] = gateway.textsTo('555-301-0001');
    expect(received).toMatchObject({ method: 'POST', path: '/send', authorization: 'Bearer gateway-secret' });
    expect(received.contentType).toMatch(/^application\/json/);
    expect(Object.keys(received.body).sort()).toEqual(['text', 'to']);
    expect(received.body.text).toMatch(/^Your CANS verification code is \d{6}\. It expires in 10 minutes\.$/);

    const verified = await verify(jar, codeIn(received.body.text));
    expect(verified.status).toBe(200);
    const me = await t.http().get('/api/auth/me').set('Cookie', new CookieJar().store(verified).header());
    expect(me.status).toBe(200);
  });

  it('a gateway that answers 500: a plain message (502, not 500), no code recorded, and email still works', async () => {
    const user = await worker('555-301-0002');
    const { jar } = await startSignIn(user);
    gateway.answer(500);
    const failed = await sendCode(jar, 2);
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({
      messageKey: 'text_message_failed',
      message: 'The text message could not be sent. Please use email.',
    });
    expect(failed.body.errors).toEqual({ channel: ['The text message could not be sent. Please use email.'] });
    expect(gateway.textsTo('555-301-0002')).toHaveLength(1);
    // Nothing claims a code was sent: no code to verify, and no 60-second countdown before the next one.
    const noCode = await verify(jar, '123456');
    expect([noCode.status, noCode.body.messageKey]).toEqual([400, 'code_not_requested']);

    const since = smtp.mails.length;
    const byMail = await sendCode(jar, 1);
    expect(byMail.status).toBe(200);
    const code = codeFrom((await smtp.nextMailTo(user.email, since)).text);
    expect((await verify(jar, code)).status).toBe(200);
  });

  it('follows no redirect and gives up on a gateway that does not answer in time', async () => {
    const user = await worker('555-301-0003');
    const { jar } = await startSignIn(user);
    const before = gateway.texts.length;
    gateway.answer(307, { location: `${gateway.url}?redirected=1` });
    const redirected = await sendCode(jar, 2);
    expect([redirected.status, redirected.body.messageKey]).toEqual([502, 'text_message_failed']);
    expect(gateway.texts.slice(before).map((text) => text.path)).toEqual(['/send']);

    gateway.answer(200, { delayMs: 3000 });
    const slow = await sendCode(jar, 2);
    expect([slow.status, slow.body.messageKey]).toEqual([502, 'text_message_failed']);
  });

  it('a code by text counts towards the same limits as a code by mail: countdown, wrong codes, lockout', async () => {
    const user = await worker('555-301-0004');
    const { jar } = await startSignIn(user);
    expect((await sendCode(jar, 2)).status).toBe(200);
    const code = codeIn(gateway.textsTo('555-301-0004')[0].body.text);
    // One code per 60 seconds, whatever the channel.
    const byMail = await sendCode(jar, 1);
    expect([byMail.status, byMail.body.messageKey]).toEqual([429, 'code_has_sent']);
    const again = await sendCode(jar, 2);
    expect([again.status, again.body.messageKey]).toEqual([429, 'code_has_sent']);

    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await verify(jar, wrong);
      if (attempt < 5)
        expect([answer.status, answer.body.messageKey, answer.body.attemptsLeft]).toEqual([400, 'code_invalid', 5 - attempt]);
      else expect([answer.status, answer.body.messageKey]).toEqual([423, 'account_temporarily_locked']);
    }
    const tooLate = await verify(jar, code);
    expect([tooLate.status, tooLate.body.messageKey]).toEqual([423, 'account_temporarily_locked']);
    t.clock.advance(CODE_RESEND_INTERVAL_MS);
  });

  it('a user without a phone number still gets the reason, with a gateway configured', async () => {
    const user = await worker();
    const { login, jar } = await startSignIn(user);
    expect(login.body.channels[1]).toMatchObject({ enabled: false, destination: null, reason: IdentityMessages.phone_channel_no_phone });
    const refused = await sendCode(jar, 2);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ channel: [IdentityMessages.phone_channel_no_phone] });
  });
});

describe('Signing in without an SMS gateway', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ identity: { smtp: smtp.settings } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('offers Phone disabled, with today’s reason, even to a user with a number', async () => {
    const user = await createUserWithPassword(t, smtp, `Bearer ${t.adminToken()}`, {
      userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
      phone: '555-301-0009',
    });
    const login = await t.http().post('/api/auth/login').send({ login: user.username, password: user.password });
    expect(login.body.channels[1]).toEqual({
      channel: 2,
      name: 'phone',
      enabled: false,
      destination: '***-***-0009',
      reason: IdentityMessages.phone_channel_unconfigured,
    });
    const refused = await t
      .http()
      .post('/api/auth/verification-code')
      .set('Cookie', new CookieJar().store(login).header())
      .send({ channel: 2 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ channel: [IdentityMessages.phone_channel_unconfigured] });
  });
});
