import type { Response } from 'supertest';
import { createUserWithPassword, linkTokenFrom } from '../../../test-support/identity-kit';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { DIRECT_CARE_WORKER_GROUP_ID } from '../user-groups/built-in-groups';
import { IdentityMessages } from '../identity-messages';

/** Headers that differ between any two answers (the clock, the request's own id). */
const PER_REQUEST_HEADERS = new Set(['date', 'x-request-id', 'x-correlation-id']);

/** Everything a requester sees of an answer but the per-request headers. */
const observable = (answer: Response) => ({
  status: answer.status,
  body: answer.body as unknown,
  headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !PER_REQUEST_HEADERS.has(name))),
});

/**
 * Issue 27, finding 9: the Reset Password page answered a matching username + email only after the mail server had
 * taken the mail, so its answer time told which pairs belong to an account. The answer now comes first, the same
 * for every pair, and the mail follows it. No timing here: a mail server that holds the mail shows the order.
 */
describe('Reset Password page over HTTP: the answer does not wait for the mail', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ identity: { smtp: smtp.settings, publicUrl: 'https://cans.example' } });
  });
  afterAll(async () => {
    smtp?.release();
    await t?.close();
    await smtp?.close();
  });

  const reset = (username: string, email: string) =>
    t.http().post('/api/auth/password-reset').set('X-Forwarded-For', '198.51.100.90').send({ username, email });

  it('answers a matching pair while the mail server still holds its mail, exactly as any other pair; the link comes after', async () => {
    const user = await createUserWithPassword(t, smtp, `Bearer ${t.adminToken()}`, { userGroupId: DIRECT_CARE_WORKER_GROUP_ID });
    const since = smtp.mails.length;
    smtp.hold();

    const matching = await reset(user.username, user.email);
    const wrongEmail = await reset(user.username, `other-${user.email}`);
    const unknown = await reset(`nobody${Date.now()}`, 'nobody@example.test');

    expect(observable(matching)).toMatchObject({
      status: 200,
      body: { messageKey: 'reset_pass_sent_tip', message: IdentityMessages.reset_pass_sent_tip },
    });
    expect(observable(wrongEmail)).toEqual(observable(matching));
    expect(observable(unknown)).toEqual(observable(matching));
    expect(matching.headers['x-event-position']).toBeUndefined();

    // The mail was on its way while the answers came, and is delivered once the server answers.
    await smtp.whenHolding(1);
    expect(smtp.mails.slice(since)).toEqual([]);
    smtp.release();
    const mail = await smtp.nextMailTo(user.email, since);
    const link = await t
      .http()
      .post('/api/auth/password-link/status')
      .send({ token: linkTokenFrom(mail.text) });
    expect(link.body).toMatchObject({ state: 1, purpose: 'reset' });
  });
});
