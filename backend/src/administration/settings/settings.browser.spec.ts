/**
 * The Notification editor, the App Version screen and the help dialog (issue 14) in headless Chromium over the
 * demo data: an
 * administrator writes the notification in the rich-text editor and a case worker then sees it once per session;
 * the saved version shows on the About page and in the profile menu; Cancel leads back to /library; page checks
 * (axe, no sideways scrolling at 375, 1024 and 1440 px) on both screens. Help opens for the current page, and the
 * administrator (Customize_Manage) rewrites it in place for every record of that screen.
 */
import type { Browser, Page } from 'playwright-core';
import { DEMO_USER_IDS } from '../../platform/seeding/demo-data/identity-demo-data';
import { describeInBrowser, FRONTEND_DIST, launchChromium, signedInPage } from '../../../test-support/browser';
import { expectPageChecks } from '../../../test-support/page-checks';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { expectEventually, toHaveAttribute, toHaveCount } from '../../../test-support/eventually';

describeInBrowser('Notification editor, App Version and help in headless Chromium (demo data)', () => {
  jest.setTimeout(180_000);
  let t: TestApp;
  let browser: Browser;
  let smtp: SmtpTestServer;
  const errors: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpTestServer({ user: 'cans-mailer', password: 'Mail pass 1!' });
    t = await startTestApp({ listen: true, seed: 'demo-data', config: { frontendDist: FRONTEND_DIST } });
    await t.setPassword('1', 'Adm1n!own pass');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  const signedIn = (userId: string): Promise<Page> =>
    signedInPage(browser, t, userId, { viewport: { width: 1440, height: 900 }, pageErrors: errors });

  it('the administrator writes the notification; a case worker sees it once per session', async () => {
    const admin = await signedIn('1');
    await admin.goto(`${t.baseUrl}/library`);
    await admin.getByRole('menuitem', { name: 'Notification' }).click();
    await admin.waitForURL(/\/setting\/notification$/);
    const content = admin.getByRole('textbox', { name: 'Content' });
    await content.click();
    await admin.keyboard.type('Planned maintenance ');
    await admin.getByRole('button', { name: 'Bold' }).click();
    // Typed on once Bold is on, and into the text (the caret stays there when a toolbar button is pressed).
    await toHaveAttribute(admin.getByRole('button', { name: 'Bold' }), 'aria-pressed', 'true');
    await expectEventually(
      () => content.evaluate((area) => area === document.activeElement),
      (focused) => expect(focused).toBe(true),
    );
    await admin.keyboard.type('Friday 18:00');
    await expectPageChecks(admin, 'setting-notification');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('The notification was saved successfully.').waitFor();
    await admin.getByRole('link', { name: 'Cancel' }).click();
    await admin.waitForURL(/\/library/);
    await t.caughtUp();

    const worker = await signedIn(DEMO_USER_IDS.worker1);
    await worker.goto(`${t.baseUrl}/`);
    const dialog = worker.getByRole('dialog', { name: 'System Notification' });
    await dialog.locator('b, strong').filter({ hasText: 'Friday 18:00' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await worker.reload();
    await worker.getByRole('heading', { name: 'Assessments per month', exact: true }).waitFor();
    await toHaveCount(worker.getByRole('dialog'), 0);
    // The administrator's own session began before there was a notification: it does not open over the editor.
    await toHaveCount(admin.getByRole('dialog'), 0);
    expect(errors).toEqual([]);

    // Every page shows it once a session now: the later tests of this file start without one.
    const cleared = await t.http().put('/api/system-notification').set('Authorization', `Bearer ${t.adminToken()}`).send({ content: '' });
    expect(cleared.status).toBe(200);
    await t.caughtUp();
  });

  it('pictures: the editor refuses a file over 1M with the spec message, embeds a smaller PNG, and the notification shows it', async () => {
    const dot = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const admin = await signedIn('1');
    await admin.goto(`${t.baseUrl}/setting/notification`);
    const content = admin.getByRole('textbox', { name: 'Content' });
    await content.click();
    await admin.keyboard.type('New entrance: ');
    const choose = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = admin.waitForEvent('filechooser');
      await admin.getByRole('button', { name: /^Insert picture/ }).click();
      await (await chooser).setFiles(file);
    };
    await choose({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(1_048_577, 1) });
    await admin.getByRole('alert').filter({ hasText: 'Please do not upload files larger than 1M in size.' }).waitFor();
    await toHaveCount(content.locator('img'), 0);
    await choose({ name: 'front-door.png', mimeType: 'image/png', buffer: dot });
    await content.getByRole('img', { name: 'front door' }).waitFor();
    await toHaveCount(admin.getByText('Please do not upload files larger than 1M in size.'), 0);
    await expectPageChecks(admin, 'setting-notification-picture');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('The notification was saved successfully.').waitFor();
    await t.caughtUp();

    const worker = await signedIn(DEMO_USER_IDS.worker1);
    await worker.goto(`${t.baseUrl}/`);
    const dialog = worker.getByRole('dialog', { name: 'System Notification' });
    const picture = dialog.getByRole('img', { name: 'front door' });
    await picture.waitFor();
    expect(await picture.getAttribute('src')).toBe(`data:image/png;base64,${dot.toString('base64')}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(errors).toEqual([]);
    const cleared = await t.http().put('/api/system-notification').set('Authorization', `Bearer ${t.adminToken()}`).send({ content: '' });
    expect(cleared.status).toBe(200);
    await t.caughtUp();
  });

  it('the administrator saves the App Version; the About page and the profile menu show it', async () => {
    const admin = await signedIn('1');
    await admin.goto(`${t.baseUrl}/library`);
    await admin.getByRole('menuitem', { name: 'App Version' }).click();
    await admin.waitForURL(/\/setting\/appVersion$/);
    const version = admin.getByLabel('Version');
    await version.fill('');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Version is required.').waitFor();
    await version.fill('2026.11 release');
    await expectPageChecks(admin, 'setting-app-version');
    await version.press('Enter');
    await admin.getByText('The app version was saved successfully.').waitFor();
    await t.caughtUp();

    const worker = await signedIn(DEMO_USER_IDS.worker1);
    await worker.goto(`${t.baseUrl}/about`);
    await worker.getByText('App Version: 2026.11 release').waitFor();
    await worker.getByRole('button', { name: /account menu/ }).click();
    await worker.getByRole('menuitem', { name: 'Version 2026.11 release' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('a case worker (no Setting) has neither menu entry, and both routes show the 404 page', async () => {
    const worker = await signedIn(DEMO_USER_IDS.worker1);
    for (const path of ['/setting/notification', '/setting/appVersion']) {
      await worker.goto(`${t.baseUrl}${path}`);
      await worker.getByRole('heading', { name: 'OOPS!' }).waitFor();
    }
    await toHaveCount(worker.getByRole('menuitem', { name: 'App Version' }), 0);
    expect(errors).toEqual([]);
  });

  it('help opens for the current page; the administrator rewrites it in place, and a case worker then reads it', async () => {
    const admin = await signedIn('1');
    await admin.goto(`${t.baseUrl}/assessment/list`);
    await admin.getByRole('button', { name: 'Help' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Help' });
    await dialog.getByText(/Every assessment you may see/).waitFor();
    await expectPageChecks(admin, 'help-dialog');
    await dialog.getByRole('button', { name: 'Edit' }).click();
    const editor = dialog.getByRole('textbox', { name: 'Help for this page' });
    await editor.click();
    await admin.keyboard.press('Control+A');
    await admin.keyboard.type('Call the duty desk on 0113 555 0199 before closing a case.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Call the duty desk on 0113 555 0199 before closing a case.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await t.caughtUp();

    const worker = await signedIn(DEMO_USER_IDS.worker1);
    await worker.goto(`${t.baseUrl}/assessment/list`);
    await worker.getByRole('button', { name: 'Help' }).click();
    const workerDialog = worker.getByRole('dialog', { name: 'Help' });
    await workerDialog.getByText('Call the duty desk on 0113 555 0199 before closing a case.').waitFor();
    await toHaveCount(workerDialog.getByRole('button', { name: 'Edit' }), 0);
    expect(errors).toEqual([]);
  });

  it('the administrator saves the mail server and sends a test mail, which the SMTP server receives', async () => {
    const admin = await signedIn('1');
    await admin.goto(`${t.baseUrl}/library`);
    await admin.getByRole('menuitem', { name: 'Email Server' }).click();
    await admin.waitForURL(/\/setting\/emailServer$/);
    await admin.getByLabel('SMTP server').fill('127.0.0.1');
    await admin.getByLabel('Port').fill(String(smtp.settings.port));
    await admin.getByLabel('User name').fill('cans-mailer');
    await admin.getByLabel('Password', { exact: true }).fill('Mail pass 1!');
    await admin.getByLabel('From email').fill('not an address');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('From email must be an email address.').waitFor();
    await admin.getByLabel('From email').fill('cans@agency.example');
    await admin.getByLabel('From name').fill('CANS Office');
    // A new destination: the caller's own password; the test server offers no STARTTLS.
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Enter your own password to confirm this change.').waitFor();
    await admin.getByLabel('Your password').fill('Adm1n!own pass');
    await admin.getByLabel('Allow unencrypted').check();
    await admin.getByLabel('Password', { exact: true }).fill('Mail pass 1!');
    await expectPageChecks(admin, 'setting-email-server');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('The email server was saved successfully.').waitFor();
    await admin.getByText('A password is saved. Leave empty to keep it.').waitFor();

    const since = smtp.mails.length;
    await admin.getByLabel('Send to').fill('admin@agency.example');
    await admin.getByRole('button', { name: 'Send test mail' }).click();
    await admin.getByRole('status').filter({ hasText: 'The test mail was sent to admin@agency.example' }).waitFor();
    expect((await smtp.nextMailTo('admin@agency.example', since)).subject).toBe('CANS test mail');
    expect(errors).toEqual([]);
  });
});
