import type { Browser } from 'playwright-core';
import { describeInBrowser, FRONTEND_DIST, launchChromium } from '../../../test-support/browser';
import { expectPageChecks } from '../../../test-support/page-checks';
import { codeFrom, createUserWithPassword } from '../../../test-support/identity-kit';
import { startSmsGatewayTestServer, SmsGatewayTestServer } from '../../../test-support/sms-gateway-test-server';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { toBeEnabled, toHaveCount } from '../../../test-support/eventually';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { IdentityMessages } from '../identity-messages';
import { DIRECT_CARE_WORKER_GROUP_ID } from '../user-groups/built-in-groups';

describeInBrowser('Sign-in page in headless Chromium: the code by text message, through an HTTP SMS gateway', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let gateway: SmsGatewayTestServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    gateway = await startSmsGatewayTestServer();
    t = await startTestApp({
      listen: true,
      config: { frontendDist: FRONTEND_DIST },
      identity: { smtp: smtp.settings, smsGateway: { url: gateway.url, token: 'gateway-secret', username: null, timeoutMs: 2000 } },
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await gateway?.close();
    await smtp?.close();
  });

  const openCodeDialog = async (user: { username: string; password: string }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/login`);
    await page.getByLabel('Username, email or phone').fill(user.username);
    await page.getByLabel(/^Password/).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verification Code' });
    await dialog.waitFor();
    return { context, page, dialog };
  };

  it('enables Phone for a user with a number; the code sent by text signs in', async () => {
    const user = await createUserWithPassword(t, smtp, `Bearer ${t.adminToken()}`, {
      userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
      phone: '555-401-0001',
    });
    const { context, page, dialog } = await openCodeDialog(user);
    try {
      const phone = dialog.getByRole('radio', { name: 'Phone (***-***-0001)' });
      await toBeEnabled(phone);
      // Once the channels are drawn (Phone enabled), the reason it would be off is not among them.
      await toHaveCount(dialog.getByText(IdentityMessages.phone_channel_unconfigured), 0);
      await phone.check();
      await dialog.getByRole('button', { name: 'Get code' }).click();
      await dialog.getByText(`${IdentityMessages.code_sent} (***-***-0001)`).waitFor();
      await dialog.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
      await expectPageChecks(page, 'sign-in-verification-code-by-text');
      const [text] = gateway.textsTo('555-401-0001');
      await dialog.getByLabel('Verification code').fill(/(\d{6})/.exec(text.body.text ?? '')![1]);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    } finally {
      await context.close();
    }
  }, 90_000);

  it('a gateway that fails: the plain message in the dialog, and the code by email still signs in', async () => {
    const user = await createUserWithPassword(t, smtp, `Bearer ${t.adminToken()}`, {
      userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
      phone: '555-401-0002',
    });
    const { context, page, dialog } = await openCodeDialog(user);
    try {
      gateway.answer(500);
      await dialog.getByRole('radio', { name: /Phone/ }).check();
      await dialog.getByRole('button', { name: 'Get code' }).click();
      await dialog.getByText(IdentityMessages.text_message_failed).waitFor();
      // Nothing was sent: no countdown, email may be chosen at once.
      await toBeEnabled(dialog.getByRole('button', { name: 'Get code' }));
      await expectPageChecks(page, 'sign-in-verification-code-text-failed');
      gateway.answer(200);
      await dialog.getByRole('radio', { name: /Email/ }).check();
      const since = smtp.mails.length;
      await dialog.getByRole('button', { name: 'Get code' }).click();
      const code = codeFrom((await smtp.nextMailTo(user.email, since, 30_000)).text);
      await dialog.getByLabel('Verification code').fill(code);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      gateway.answer(200);
      await context.close();
    }
  }, 90_000);
});
