/**
 * The spec's routes (002 §2, 000 §2) as a person uses them: typed into the address bar or bookmarked, under path
 * routing (no `#/`), each route checked against its privilege before it renders, the spec's 404 page for
 * unknown paths (signed in or not), and the app frame (app bar, sidebar drawer below 992 px) on every width.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, FRONTEND_DIST, launchChromium } from '../../../test-support/browser';
import { expectAccessible, expectPageChecks } from '../../../test-support/page-checks';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { ADMINISTRATOR_ID } from '@cans/domain/identity/identity-rules';
import { DIRECT_CARE_WORKER_GROUP_ID } from '../../identity/user-groups/built-in-groups';
import { afterNextFrame, expectEventually, toBeVisible, toHaveCount, toHaveValue } from '../../../test-support/eventually';

const NOT_FOUND_LINES = [
  'OOPS!',
  'You can not enter this page...',
  'Please check that the URL you entered is correct, or click the button below to return to the homepage.',
];

describeInBrowser('The spec routes in headless Chromium (path routing, guards, 404, frame)', () => {
  jest.setTimeout(180_000);
  let t: TestApp;
  let smtp: SmtpTestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ listen: true, config: { frontendDist: FRONTEND_DIST }, identity: { smtp: smtp.settings } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => expect(errors.splice(0)).toEqual([]));

  async function pageWith(token?: string, width = 1440): Promise<Page> {
    if (token) await t.settled();
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    if (token) await context.addCookies([{ name: 'cans_token', value: token, url: t.baseUrl! }]);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    return page;
  }
  const go = (page: Page, path: string) => page.goto(`${t.baseUrl}${path}`);
  const pathOf = (page: Page) => {
    const url = new URL(page.url());
    return `${url.pathname}${url.search}${url.hash}`;
  };
  /** The address bar shows the path (a redirect may rewrite it a moment after the page shows). */
  const expectPath = (page: Page, path: string) =>
    expectEventually(
      async () => pathOf(page),
      (shown) => expect(shown).toBe(path),
    );
  const expectNotFoundPage = async (page: Page) => {
    for (const line of NOT_FOUND_LINES) await page.getByText(line, { exact: true }).waitFor();
    await toBeVisible(page.getByRole('link', { name: 'Back to home' }));
  };

  it('answers index.html for every non-API GET path (dots, deep segments, /api-users) and JSON 404 under /api', async () => {
    for (const path of [
      '/privacy',
      '/login/john.doe',
      '/initialPassword/7/eo_jane/jane%40example.test/a.b-c_d',
      '/a/b/c/d/e/f',
      '/api-users',
      '/api-users/create',
      '/appPrivacy',
      '/no.such.page',
    ]) {
      const response = await t.http().get(path);
      expect([path, response.status]).toEqual([path, 200]);
      expect(response.text).toContain('<div id="root">');
    }
    for (const path of ['/api', '/api/', '/api/nothing-here', '/api/no.such.thing']) {
      const response = await t.http().get(path);
      expect([path, response.status]).toEqual([path, 404]);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it('opens every public route typed into the address bar, without signing in', async () => {
    const page = await pageWith();
    await go(page, '/privacy');
    await page.getByRole('heading', { level: 1, name: 'Confidentiality Statement' }).waitFor();
    await expectPath(page, '/privacy');
    await expectPageChecks(page, 'route-privacy');

    await go(page, '/appPrivacy');
    await page.getByRole('heading', { level: 1, name: /Privacy/ }).waitFor();
    await page.getByText(/collects no personal information/).waitFor();
    await page.getByText(/no third-party services/).waitFor();
    await expectPageChecks(page, 'route-app-privacy');

    await go(page, '/resetPassword');
    await page.getByRole('button', { name: 'Reset Password' }).waitFor();
    await expectPageChecks(page, 'route-reset-password');

    await go(page, '/login/jane.doe');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await toHaveValue(page.getByLabel('Username, email or phone'), 'jane.doe');
    await expectPageChecks(page, 'route-login-prefilled');

    await go(page, '/superLogin');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await expectPath(page, '/superLogin');

    // Spec 002 §2: /help shows the help dialog (the sign-in page's help, built in, read without signing in) over
    // the sign-in page; closing it leaves the visitor on the sign-in page.
    await go(page, '/help');
    const help = page.getByRole('dialog', { name: 'Help' });
    await help.getByText(/a 6-digit verification code is then sent/).waitFor();
    await expectPageChecks(page, 'route-help');
    await help.getByRole('button', { name: 'Close' }).click();
    await help.waitFor({ state: 'detached' });
    await expectPath(page, '/login');
    // The sign-in page's Help opens the same dialog without leaving the page (the form keeps what was typed).
    await page.getByLabel('Username, email or phone').fill('jane.doe');
    await page.getByRole('button', { name: 'Help' }).click();
    await help.getByText(/a 6-digit verification code is then sent/).waitFor();
    await expectPath(page, '/login');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    await toHaveValue(page.getByLabel('Username, email or phone'), 'jane.doe');

    await go(page, '/404');
    await expectNotFoundPage(page);
    await expectPageChecks(page, 'route-404');

    await go(page, '/no/such/page');
    await expectNotFoundPage(page);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
  });

  it('sends a visitor of a signed-in route to /login?redirect={path}', async () => {
    const page = await pageWith();
    await go(page, '/assessment/list');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/assessment/list');
  });

  it('mails the initial-password link as /initialPassword/{userId}/{userName}/{userEmail}/{uuid}, which opens the set-password form', async () => {
    const since = smtp.mails.length;
    const stamp = Date.now().toString(36);
    const created = await t
      .http()
      .post('/api/users')
      .set('Authorization', `Bearer ${t.adminToken()}`)
      .send({
        firstName: 'Route',
        lastName: 'Tester',
        username: `route${stamp}`,
        email: `route${stamp}@example.test`,
        userGroupId: DIRECT_CARE_WORKER_GROUP_ID,
        supervisorId: ADMINISTRATOR_ID,
        externalId: `EXT-${stamp}`,
      });
    expect(created.status).toBe(201);
    const mail = await smtp.nextMailTo(created.body.email, since, 30_000);
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
    const linkPath = new URL(link).pathname;
    expect(linkPath).toMatch(
      new RegExp(
        `^/initialPassword/${created.body.id}/${created.body.username}/${encodeURIComponent(created.body.email)}/[A-Za-z0-9._-]+$`,
      ),
    );

    const page = await pageWith();
    await go(page, linkPath);
    await page.getByLabel(/^New password/).waitFor();
    await expectPageChecks(page, 'route-initial-password');
    await page.getByLabel(/^New password/).fill('Rout3!Secret');
    await page.getByLabel(/^Confirm password/).fill('Rout3!Secret');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();

    // The link works once: opened again, it shows the invalid-link message.
    await go(page, linkPath);
    await page.getByText(/The current link is invalid/).waitFor();
  });

  it('keeps old #/ links working: /#/privacy opens /privacy', async () => {
    const page = await pageWith();
    await go(page, '/#/privacy');
    await page.getByRole('heading', { level: 1, name: 'Confidentiality Statement' }).waitFor();
    await expectPath(page, '/privacy');
  });

  it('lands a signed-in user on /home, with one h1, a main landmark and a user button named by what it shows', async () => {
    const page = await pageWith(t.tokenFor(['HOME_SHOW', 'Assessment_View', 'Assessment_New']));
    await go(page, '/');
    await page.waitForURL(/\/home$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await toHaveCount(page.getByRole('heading', { level: 1 }), 1);
    await toHaveCount(page.getByRole('main'), 1);
    const me = await page.evaluate(async () => (await (await fetch('/api/auth/me')).json()) as { fullName: string });
    const userButton = page.getByRole('button', { name: new RegExp(me.fullName) });
    await userButton.waitFor();
    await expectPageChecks(page, 'route-home');

    await go(page, '/assessment/list');
    await page.getByText('Assessment Lists').first().waitFor();
    await expectPath(page, '/assessment/list');

    await go(page, '/no/such/page');
    await expectNotFoundPage(page);
    await expectAccessible(page, 'route-404-signed-in');
  });

  it("checks each route's privilege before rendering: a Monitor opening /assessment/childinfo/add sees the 404 page", async () => {
    const monitor = await pageWith(t.tokenFor(['HOME_SHOW', 'Assessment_View', 'Report_Assessment', 'Case_Monitor']));
    for (const path of [
      '/assessment/childinfo/add',
      '/users',
      '/users/create',
      '/system-log',
      '/library/questionRulesAdd',
      '/user/user',
      '/setting/apiUser',
      '/setting/systemLog',
    ]) {
      await go(monitor, path);
      await expectNotFoundPage(monitor);
      await toHaveCount(monitor.getByRole('button', { name: 'Save' }), 0);
      // A refused page's breadcrumb would name it: none is shown.
      await toHaveCount(monitor.getByRole('navigation', { name: 'Breadcrumb' }), 0);
      await expectPath(monitor, path);
    }
    await expectAccessible(monitor, 'route-forbidden');

    // The same route opens for a user who holds the privilege.
    const worker = await pageWith(t.tokenFor(['HOME_SHOW', 'Assessment_View', 'Assessment_New']));
    await go(worker, '/assessment/childinfo/add');
    await worker.getByRole('button', { name: 'Save' }).waitFor();
    await toHaveCount(worker.getByText('OOPS!'), 0);
  });

  it("serves the spec's own paths of the user, API user and system log screens, and /report", async () => {
    const admin = await pageWith(t.adminToken());
    for (const [specPath, ours, shown] of [
      ['/user/user', '/users', (page) => page.getByRole('columnheader').filter({ hasText: 'Email' })],
      ['/setting/apiUser', '/api-users', (page) => page.getByRole('link', { name: 'Add User' })],
      ['/setting/systemLog', '/system-log', (page) => page.getByRole('combobox', { name: 'Action' })],
    ] as Array<[string, string, (page: Page) => ReturnType<Page['getByRole']>]>) {
      await go(admin, specPath);
      await shown(admin).first().waitFor();
      await expectPath(admin, ours);
    }
    await go(admin, '/report');
    await admin.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    await toBeVisible(admin.getByRole('link', { name: 'Many Children Many CANS' }));
    await toBeVisible(admin.getByRole('menuitem', { name: 'Reports' }));
  });

  it('shows the route titles in a breadcrumb on every titled page, each page above a link', async () => {
    const admin = await pageWith(t.adminToken());
    const crumbs = admin.getByRole('navigation', { name: 'Breadcrumb' });
    for (const [path, trail] of [
      ['/home', ['Home']],
      ['/assessment/list', ['Home', 'Assessment Lists']],
      ['/users/create', ['Home', 'Users', 'Create']],
      ['/report/oneChildOneCANS', ['Home', 'Reports', 'One Child One CANS']],
      ['/setting/agency', ['Home', 'Agencies']],
      ['/library/ruleEvaluator', ['Home', 'Library', 'Question Rules', 'Try the rules']],
    ] as Array<[string, string[]]>) {
      await go(admin, path);
      await expectEventually(
        () => crumbs.getByRole('listitem').allInnerTexts(),
        (shown) => expect(shown).toEqual(trail),
      );
      // The page itself is the current one, not a link; every page above it is a link.
      await toHaveCount(crumbs.locator('[aria-current="page"]'), 1);
      await toHaveCount(crumbs.getByRole('link'), trail.length - 1);
    }
    await expectPageChecks(admin, 'breadcrumb-rule-evaluator');
    await crumbs.getByRole('link', { name: 'Question Rules' }).click();
    await expectPath(admin, '/library/questionRules');
    await expectEventually(
      () => crumbs.getByRole('listitem').allInnerTexts(),
      (shown) => expect(shown).toEqual(['Home', 'Library', 'Question Rules']),
    );
  });

  it('redirects only to paths inside the app: /redirect?path=', async () => {
    const page = await pageWith(t.tokenFor(['HOME_SHOW', 'Assessment_View']));
    await go(page, '/redirect?path=/assessment/list');
    await page.waitForURL(/\/assessment\/list$/);
    for (const outside of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      await go(page, `/redirect?path=${encodeURIComponent(outside)}`);
      await page.waitForURL(/\/home$/);
      expect(new URL(page.url()).origin).toBe(new URL(t.baseUrl!).origin);
    }
  });

  it('/logout ends the session on the server and goes to /login?redirect=home', async () => {
    const token = t.tokenFor(['HOME_SHOW', 'Assessment_View']);
    const page = await pageWith(token);
    await go(page, '/home');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await go(page, '/logout');
    await page.waitForURL(/\/login\?redirect=home$/);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect((await t.http().get('/api/auth/me').set('Cookie', `cans_token=${token}`)).status).toBe(401);
  });

  it('turns the 210 px sidebar into a drawer below 992 px, opened by the menu button', async () => {
    const page = await pageWith(t.tokenFor(['HOME_SHOW', 'Assessment_View', 'Assessment_New']), 1440);
    await go(page, '/home');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.waitFor();
    await expectEventually(
      async () => Math.round((await nav.boundingBox())?.width ?? 0),
      (width) => expect(width).toBe(210),
    );

    await page.setViewportSize({ width: 1024, height: 800 });
    await afterNextFrame(page); // the layout has followed the new width: a sidebar still
    await toBeVisible(nav);
    await expectPageChecks(page, 'route-frame');

    for (const width of [991, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await expectEventually(
        () => nav.isVisible(),
        (visible) => expect({ width, visible }).toEqual({ width, visible: false }),
      );
      await page.getByRole('button', { name: 'Open menu' }).click();
      await nav.waitFor();
      await expectAccessible(page, `route-drawer-${width}`);
      await nav.getByRole('menuitem', { name: 'Assessments' }).click();
      await page.waitForURL(/\/assessment\/list$/);
      await nav.waitFor({ state: 'hidden' });
      await go(page, '/home');
      await page.getByRole('heading', { level: 1 }).waitFor();
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await nav.waitFor();
  });
});
