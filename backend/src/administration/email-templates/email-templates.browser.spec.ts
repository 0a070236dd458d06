/**
 * The Email Templates page (issue 14) in headless Chromium: an administrator opens it from the menu (Incomplete
 * Assessment first), picks Create User, is told what a save lacks, inserts placeholders with the mouse and the
 * keyboard, previews the mail in a sandboxed frame, saves, and the next initial-password mail a real SMTP server
 * receives carries the new subject and text. Page checks (axe, no sideways scrolling at 375, 1024 and 1440 px) on
 * the page and on the preview.
 */
import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, FRONTEND_DIST, launchChromium, signedInPage } from '../../../test-support/browser';
import { linkTokenFrom, uniqueName } from '../../../test-support/identity-kit';
import { expectPageChecks } from '../../../test-support/page-checks';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { DIRECT_CARE_WORKER_GROUP_ID } from '../../identity/user-groups/built-in-groups';
import { toHaveAttribute, toHaveText, toHaveValue } from '../../../test-support/eventually';

describeInBrowser('Email Templates in headless Chromium', () => {
  jest.setTimeout(180_000);
  let t: TestApp;
  let browser: Browser;
  let smtp: SmtpTestServer;
  const errors: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ listen: true, config: { frontendDist: FRONTEND_DIST } });
    browser = await launchChromium();
    // The mail server as the super admin saves it on the Email Server page (the test server offers no STARTTLS);
    // the password before any token: a new password ends the sessions issued before it.
    await t.setPassword('1', 'Adm1n!own pass');
    const server = await t.http().put('/api/settings/email-server').set('Authorization', `Bearer ${t.adminToken()}`).send({
      smtp: '127.0.0.1',
      port: smtp.settings.port,
      userName: null,
      fromEmail: 'cans@agency.example',
      fromName: 'CANS',
      sslKey: 1,
      allowUnencrypted: true,
      currentPassword: 'Adm1n!own pass',
    });
    expect(server.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  const signedIn = (userId: string): Promise<Page> =>
    signedInPage(browser, t, userId, { viewport: { width: 1440, height: 900 }, pageErrors: errors });

  it('the administrator edits, previews and saves Create User; the next new user receives the new mail', async () => {
    const admin = await signedIn('1');
    await admin.goto(`${t.baseUrl}/library`);
    await admin.getByRole('menuitem', { name: 'Email Templates' }).click();
    await admin.waitForURL(/\/setting\/emailTemplate$/);
    const selector = admin.getByRole('combobox', { name: 'Template' });
    await toHaveText(selector, 'Incomplete Assessment');
    const subject = admin.getByRole('textbox', { name: 'Subject' });
    await toHaveValue(subject, 'CANS assessment {{pid}} is not complete');
    await admin.getByRole('button', { name: 'Insert {{assessmentLink}}', exact: true }).waitFor();
    await expectPageChecks(admin, 'setting-email-templates');

    await selector.click();
    await admin.getByRole('option', { name: 'Create User' }).click();
    await admin.waitForFunction(
      () => (document.getElementById('email-template-subject') as HTMLInputElement)?.value === 'Your CANS account',
    );
    await admin.getByRole('button', { name: 'Insert {{days}}', exact: true }).waitFor();

    // The server's message for an empty subject, beside the field.
    await subject.fill('');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Subject is required.').waitFor();

    // A placeholder pressed with the mouse goes where the subject's cursor is.
    await subject.fill('Welcome to CANS, !');
    await subject.press('End');
    await subject.press('ArrowLeft');
    await admin.getByRole('button', { name: 'Insert {{userName}}', exact: true }).click();
    await toHaveValue(subject, 'Welcome to CANS, {{userName}}!');

    // The body: a line typed at its end, and a placeholder inserted with the keyboard (Tab to it, Enter).
    const body = admin.getByRole('textbox', { name: 'Body' });
    await body.click();
    await admin.keyboard.press('Control+End');
    await admin.keyboard.press('Enter');
    await admin.keyboard.type('Questions? Call the help desk. Your username again: ');
    const usernameButton = admin.getByRole('button', { name: 'Insert {{username}}', exact: true });
    await usernameButton.focus();
    await admin.keyboard.press('Enter');
    await admin.getByRole('textbox', { name: 'Body' }).filter({ hasText: 'Your username again: {{username}}' }).waitFor();

    await admin.getByRole('button', { name: 'Preview' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Preview with sample values' });
    await dialog.getByText('Welcome to CANS, Jane Sample!').waitFor();
    const frame = admin.frameLocator('iframe[title="The mail as HTML"]');
    await frame.getByText('Questions? Call the help desk. Your username again: jsample').waitFor();
    await toHaveAttribute(frame.getByRole('link', { name: /initialPassword/ }), 'href', /\/initialPassword\/0\/jsample\//);
    await dialog.getByText(/Questions\? Call the help desk\. Your username again: jsample/).waitFor();
    await expectPageChecks(admin, 'email-template-preview');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('The email template was saved successfully.').waitFor();
    await admin.getByText('Saved by an administrator: this is what is sent.').waitFor();

    // The next initial-password mail is the saved template (the save projected first: mail reads the read model).
    await t.caughtUp();
    const { username, email } = uniqueName('newcomer');
    const since = smtp.mails.length;
    const created = await t
      .http()
      .post('/api/users')
      .set('Authorization', `Bearer ${t.adminToken()}`)
      .send({
        firstName: 'Nia',
        lastName: 'Newcomer',
        username,
        email,
        supervisorId: '1',
        externalId: `EXT-${username}`,
        userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
      });
    expect(created.status).toBe(201);
    const mail = await smtp.nextMailTo(email, since);
    expect(mail.subject).toBe('Welcome to CANS, Nia Newcomer!');
    expect(mail.text).toContain(`Questions? Call the help desk. Your username again: ${username}`);
    expect(mail.html).toContain(`Your username again: ${username}`);
    expect(linkTokenFrom(mail.text)).toBeTruthy();

    await admin.getByRole('link', { name: 'Cancel' }).click();
    await admin.waitForURL(/\/library/);
    expect(errors).toEqual([]);
  });
});
