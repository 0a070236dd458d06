import type { Browser } from 'playwright-core';
import { describeInBrowser, FRONTEND_DIST, launchChromium } from '../../../test-support/browser';
import { expectEventually } from '../../../test-support/eventually';
import { expectPageChecks } from '../../../test-support/page-checks';
import { codeFrom, createUserWithPassword } from '../../../test-support/identity-kit';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { IdentityMessages } from '../identity-messages';
import { DIRECT_CARE_WORKER_GROUP_ID } from '../user-groups/built-in-groups';

describeInBrowser('Sign-in page in headless Chromium: a lock that falls between password and code', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ listen: true, config: { frontendDist: FRONTEND_DIST }, identity: { smtp: smtp.settings } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  it('closes the code dialog and shows the lock message on the sign-in form', async () => {
    const user = await createUserWithPassword(t, smtp, `Bearer ${t.adminToken()}`, { userGroupId: DIRECT_CARE_WORKER_GROUP_ID });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${t.baseUrl}/login`);
      await page.getByLabel('Username, email or phone').fill(user.username);
      await page.getByLabel(/^Password/).fill(user.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      const dialog = page.getByRole('dialog', { name: 'Verification Code' });
      await dialog.waitFor();
      const since = smtp.mails.length;
      await dialog.getByRole('button', { name: 'Get code' }).click();
      const code = codeFrom((await smtp.nextMailTo(user.email, since, 30_000)).text);

      // Meanwhile strangers use up the attempts.
      for (let i = 0; i < 5; i++) await t.http().post('/api/auth/login').send({ login: user.username, password: 'Wrong!Pass1' });

      await dialog.getByLabel('Verification code').fill(code);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('alert').filter({ hasText: IdentityMessages.account_temporarily_locked }).waitFor();
      await page.waitForURL(/\/login/);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('lays the code field out for a phone: as wide as its button, label whole, its error on one line', async () => {
    const user = await createUserWithPassword(t, smtp, `Bearer ${t.adminToken()}`, { userGroupId: DIRECT_CARE_WORKER_GROUP_ID });
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    try {
      const page = await context.newPage();
      await page.goto(`${t.baseUrl}/login`);
      await page.getByLabel('Username, email or phone').fill(user.username);
      await page.getByLabel(/^Password/).fill(user.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      const dialog = page.getByRole('dialog', { name: 'Verification Code' });
      await dialog.waitFor();
      await dialog.getByLabel('Verification code').fill('12');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      const error = dialog.getByText('The verification code is 6 digits.');
      await error.waitFor();

      // Read again until the dialog has settled (it has just laid out its error).
      const readLayout = () =>
        dialog.evaluate((root) => {
          const input = root.querySelector('input[autocomplete="one-time-code"]')!.closest('.MuiInputBase-root')!;
          const label = root.querySelector('label[for]:not(.MuiFormControlLabel-root)') as HTMLElement;
          const button = Array.from(root.querySelectorAll('button')).find((b) => b.textContent === 'Get code')!;
          const helper = root.querySelector('.MuiFormHelperText-root.Mui-error') as HTMLElement;
          return {
            fieldWidth: input.getBoundingClientRect().width,
            buttonWidth: button.getBoundingClientRect().width,
            labelClipped: label.scrollWidth > label.clientWidth,
            helperLines: Math.round(helper.getBoundingClientRect().height / parseFloat(getComputedStyle(helper).lineHeight)),
          };
        });
      await expectEventually(readLayout, (layout) => {
        expect(layout.fieldWidth).toBeGreaterThanOrEqual(layout.buttonWidth);
        expect(layout.labelClipped).toBe(false);
        expect(layout.helperLines).toBe(1);
      });
      await expectPageChecks(page, 'sign-in-verification-code-error');
    } finally {
      await context.close();
    }
  }, 90_000);
});
