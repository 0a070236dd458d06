/**
 * Issue 28 item 9: signing in from the spec's other sign-in routes, /login/{username} (the login name filled in)
 * and /superLogin, goes through the verification dialog (code read from the test SMTP server) into the app, as
 * from /login: typed, reloaded, with a trailing slash, after a refused password, on a remembered device, and for
 * the demo accounts the issue names. The cause was time: these pages lie inside react-admin's routes, which ask
 * for the permissions and, signed out, retried for about 7 s and then signed out to /404 (from /login, outside
 * those routes, nothing asked); a person typing a password takes that long, a fast test does not.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, FRONTEND_DIST, launchChromium } from '../../../test-support/browser';
import { codeFrom, createUserWithPassword, type CreatedTestUser } from '../../../test-support/identity-kit';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { expectEventually, toHaveCount, toHaveValue } from '../../../test-support/eventually';
import { DIRECT_CARE_WORKER_GROUP_ID } from '../user-groups/built-in-groups';
import { ADMINISTRATOR_ACCOUNT } from '../bootstrap/identity-bootstrap';
import { DEMO_PASSWORD } from '../../platform/seeding/demo-data/identity-demo-data';
import { ADMINISTRATOR_ID } from '@cans/domain/identity/identity-rules';
import { loadIdentityConfig } from '../identity-config';

describeInBrowser('Sign-in from /login/{username} and /superLogin in headless Chromium', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let smtp: SmtpTestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({
      listen: true,
      // The demo accounts of `npm start` (worker1, worker2, the administrator), as the issue saw them.
      seed: 'demo-data',
      config: { frontendDist: FRONTEND_DIST },
      identity: { smtp: smtp.settings },
    });
    await t.setPassword(ADMINISTRATOR_ID, DEMO_PASSWORD);
    await t.settled();
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => expect(errors.splice(0)).toEqual([]));

  const newPage = async (): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.clock.install(); // time flows as usual; a pause is run in fast steps (signInThroughDialog)
    page.on('pageerror', (error) => errors.push(error.message));
    return page;
  };
  const worker = () => createUserWithPassword(t, smtp, `Bearer ${t.adminToken()}`, { userGroupId: DIRECT_CARE_WORKER_GROUP_ID });

  /** The app opens on the user's page: My Account, as these users have no phone on file yet (spec 002 §4 step 5). */
  const expectInApp = async (page: Page, landing: string | RegExp = '/profile/index') => {
    await expectEventually(
      async () => new URL(page.url()).pathname,
      (path) => expect(path).toMatch(landing),
    );
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    // The menu comes before the route's content: wait for that content's title in the app bar (the page's own, or
    // the not-found page's), and only then look for the not-found text.
    await expectEventually(
      (timeout) => page.locator('#react-admin-title').textContent({ timeout }),
      (title) => expect(title?.trim()).toBeTruthy(),
    );
    await toHaveCount(page.getByText('OOPS!', { exact: true }), 0);
  };

  /** Password, then the Verification Code dialog with the mailed code, then the app. */
  const signInThroughDialog = async (
    page: Page,
    user: Omit<CreatedTestUser, 'id'>,
    { typeLogin = false, landing, pauseMs = 0 }: { typeLogin?: boolean; landing?: string; pauseMs?: number } = {},
  ) => {
    // A person takes a while to read the form and type: the page has been open for seconds when Log in is clicked.
    // The page's clock runs those seconds in short steps (its timers fire, its requests are answered between them).
    for (let waited = 0; waited < pauseMs; waited += 500) {
      await page.clock.runFor(500);
      await page.waitForTimeout(20);
    }
    if (typeLogin) await page.getByLabel('Username, email or phone').fill(user.username);
    await page.getByLabel(/^Password/).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verification Code' });
    await dialog.waitFor().catch(async (error: Error) => {
      throw new Error(`${error.message}\nThe page at ${page.url()} shows: ${await page.locator('body').innerText()}`);
    });
    const since = smtp.mails.length;
    await dialog.getByRole('button', { name: 'Get code' }).click();
    const code = codeFrom((await smtp.nextMailTo(user.email, since, 30_000)).text);
    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' }).catch(async (error: Error) => {
      throw new Error(`${error.message}\nThe dialog still shows: ${await dialog.innerText().catch(() => '(gone)')}`);
    });
    await expectInApp(page, landing);
  };

  it('signs in from /login/{username} with the login name filled in', async () => {
    const user = await worker();
    const page = await newPage();
    await page.goto(`${t.baseUrl}/login/${user.username}`);
    await toHaveValue(page.getByLabel('Username, email or phone'), user.username);
    await signInThroughDialog(page, user, { pauseMs: 10_000 });
  });

  it('signs in from /login/{username} reloaded in the browser, and with a trailing slash', async () => {
    const user = await worker();
    const page = await newPage();
    await page.goto(`${t.baseUrl}/login/${user.username}`);
    await page.reload();
    await toHaveValue(page.getByLabel('Username, email or phone'), user.username);
    await signInThroughDialog(page, user);

    const other = await worker();
    const next = await newPage();
    await next.goto(`${t.baseUrl}/login/${other.username}/`);
    await toHaveValue(next.getByLabel('Username, email or phone'), other.username);
    await signInThroughDialog(next, other);
  });

  it('signs in from /superLogin', async () => {
    const user = await worker();
    const page = await newPage();
    await page.goto(`${t.baseUrl}/superLogin`);
    await signInThroughDialog(page, user, { typeLogin: true, pauseMs: 10_000 });
  });

  it('signs in again from /login/{username} and /superLogin on a remembered device (no code step)', async () => {
    const user = await worker();
    const page = await newPage();
    await page.goto(`${t.baseUrl}/login/${user.username}`);
    await signInThroughDialog(page, user);
    for (const path of [`/login/${user.username}`, '/superLogin']) {
      await page.goto(`${t.baseUrl}/logout`);
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      await page.goto(`${t.baseUrl}${path}`);
      await page.getByLabel('Username, email or phone').fill(user.username);
      await page.getByLabel(/^Password/).fill(user.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expectInApp(page, /^\/(home|profile\/index)$/);
    }
  });

  it('keeps a refused password on /login/{username} and /superLogin: the message shows there, then the right one signs in', async () => {
    const user = await worker();
    for (const path of [`/login/${user.username}`, '/superLogin']) {
      const page = await newPage();
      await page.goto(`${t.baseUrl}${path}`);
      await page.getByLabel('Username, email or phone').fill(user.username);
      await page.getByLabel(/^Password/).fill('Wrong!Pass1');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByText('The username or password is incorrect.').waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      await signInThroughDialog(page, user);
    }
  });

  it('signs the demo users in: worker1 and worker2 from /login/{username}, the administrator from /superLogin', async () => {
    for (const username of ['worker1', 'worker2']) {
      const page = await newPage();
      await page.goto(`${t.baseUrl}/login/${username}`);
      await toHaveValue(page.getByLabel('Username, email or phone'), username);
      const user = { username, email: `${username}@example.org`, password: DEMO_PASSWORD };
      await signInThroughDialog(page, user, { landing: '/home', pauseMs: 10_000 });
    }
    const page = await newPage();
    await page.goto(`${t.baseUrl}/superLogin`);
    // The administrator of the seeded demo data keeps the default address (ADMIN_EMAIL unset).
    const admin = { username: ADMINISTRATOR_ACCOUNT.username, email: loadIdentityConfig({}).administratorEmail, password: DEMO_PASSWORD };
    await signInThroughDialog(page, admin, { typeLogin: true, landing: '/library', pauseMs: 10_000 });
  });
});
