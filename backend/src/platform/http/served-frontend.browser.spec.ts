import type { Browser } from 'playwright-core';
import { describeInBrowser, FRONTEND_DIST, launchChromium, signedInPage, takeCspViolations } from '../../../test-support/browser';
import { expectAccessible } from '../../../test-support/page-checks';
import { ADMINISTRATOR_ID } from '@cans/domain/identity/identity-rules';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { toBeVisible } from '../../../test-support/eventually';

describeInBrowser('The app served at / in headless Chromium', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestApp({ listen: true, config: { frontendDist: FRONTEND_DIST } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows the sign-in page for a visitor and keeps client routes on the SPA', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${t.baseUrl}/`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await toBeVisible(page.getByLabel('Username, email or phone'));
    await toBeVisible(page.getByLabel('Password').first());
    await toBeVisible(page.getByText('Child and Adolescent Needs and Strengths').first());
    expect(errors).toEqual([]);

    const deepLink = await page.request.get(`${t.baseUrl}/some/client/route`);
    expect(deepLink.status()).toBe(200);
    expect(await deepLink.text()).toContain('<div id="root">');
    const unknownApi = await page.request.get(`${t.baseUrl}/api/nothing-here`);
    expect(unknownApi.status()).toBe(404);
    await page.close();
  });

  it('runs under its Content Security Policy, which blocks what it does not allow (and the specs notice)', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${t.baseUrl}/`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(takeCspViolations()).toEqual([]);

    // An injected inline script is refused, and the violation watcher of test-support/browser.ts reports it.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.head.appendChild(script);
    });
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
    const reported: string[] = [];
    // The report travels from the page to the test asynchronously: a bound that fits a busy machine.
    for (let waited = 0; reported.length === 0 && waited < 30_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      reported.push(...takeCspViolations());
    }
    expect(reported).toEqual([expect.stringMatching(/inline script.*Content Security Policy/)]);
    await page.close();
  });

  it('serves Swagger UI at /api/docs under the same policy without violations', async () => {
    const page = await browser.newPage();
    await page.goto(`${t.baseUrl}/api/docs`);
    await page.locator('.swagger-ui .opblock').first().waitFor();
    await toBeVisible(page.getByText('CANS platform API').first());
    await page.close();
  });

  it("names every spinner, react-admin's loading indicator in the app bar too (axe: aria-progressbar-name)", async () => {
    const page = await signedInPage(browser, t, ADMINISTRATOR_ID);
    await page.goto(`${t.baseUrl}/users`);
    await page.getByRole('columnheader').first().waitFor();
    // The next read is held, so the indicator stays up while axe looks at the page.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/users**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    await toBeVisible(page.getByRole('banner').getByRole('progressbar'));
    await expectAccessible(page, 'app bar loading indicator');
    await toBeVisible(page.getByRole('banner').getByRole('progressbar', { name: 'Loading' }));
    release();
    await page.context().close();
  });
});
