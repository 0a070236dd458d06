/**
 * The web app as the mobile app (issue 28 item 15), in headless Chromium against the built UI and the demo data:
 * installable (manifest, icons, service worker), an offline shell that keeps no API answer, the home page's mobile
 * dialog whose QR code reads back as the app's address, and the questionnaire at 375 px (large targets, a domain row
 * that stays at the top while the questions scroll).
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { demoDataInBrowser, describeInBrowser } from '../../../test-support/browser';
import { expectEventually, toHaveAttribute, toHaveCount } from '../../../test-support/eventually';
import { expectAccessible, expectPageChecks } from '../../../test-support/page-checks';
import { DEMO_USER_IDS } from '../seeding/demo-data/identity-demo-data';

const PHONE = { width: 375, height: 740 };

/** Width and height of a PNG, from its header. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describeInBrowser('The installable app in headless Chromium (demo data)', () => {
  jest.setTimeout(180_000);
  const demo = demoDataInBrowser();
  const { errors } = demo;

  const onPhone = (userId: string): Promise<Page> => demo.signedIn(userId, PHONE);

  it('serves a manifest with its icons and a service worker that every start checks for a new version', async () => {
    const manifest = await demo.t.http().get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const body = JSON.parse(manifest.text) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(body).toMatchObject({ short_name: 'CANS', display: 'standalone', start_url: '/' });
    expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of [...body.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
      const file = await demo.t.http().get(icon.src).buffer(true);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(file.body as Buffer)).toEqual({ width, height });
    }
    const worker = await demo.t.http().get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const index = await demo.t.http().get('/');
    expect(index.text).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(index.text).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
  });

  it('starts offline from the service worker, whose caches hold the built files and no API answer', async () => {
    const context = await demo.browser.newContext({ serviceWorkers: 'allow', viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto(`${demo.t.baseUrl}/`);
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      // Installed and in control of the page (a first visit's page is controlled once the worker has claimed it).
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await expectEventually(
        () => page.evaluate(() => navigator.serviceWorker.controller !== null),
        (controlled) => expect(controlled).toBe(true),
      );

      await context.setOffline(true);
      await page.goto(`${demo.t.baseUrl}/privacy`);
      await page
        .getByRole('heading', { name: /privacy/i })
        .first()
        .waitFor();
      await page.goto(`${demo.t.baseUrl}/`);
      await page.getByRole('button', { name: 'Log in' }).waitFor();
      await context.setOffline(false);

      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        return urls;
      });
      expect(cached.some((url) => /\/index\.html/.test(url))).toBe(true);
      expect(cached.some((url) => /\/assets\/index-[\w-]+\.js/.test(url))).toBe(true);
      expect(cached.filter((url) => new URL(url).pathname.startsWith('/api'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the home page's mobile dialog shows a QR code of the app's address and the steps for Android and iOS", async () => {
    const page = await onPhone(DEMO_USER_IDS.worker1);
    await page.goto(`${demo.t.baseUrl}/`);
    await page.getByRole('button', { name: 'CANS on your phone' }).click();
    const dialog = page.getByRole('dialog', { name: 'CANS on your phone' });
    const address = `${demo.t.baseUrl}/`;
    const qrCode = dialog.getByRole('img', { name: `QR code of ${address}` });
    await qrCode.waitFor();
    const picture = PNG.sync.read(await qrCode.screenshot());
    expect(jsQR(new Uint8ClampedArray(picture.data), picture.width, picture.height)?.data).toBe(address);
    await dialog.getByRole('heading', { name: 'Android (Chrome)' }).waitFor();
    await dialog.getByText('Tap Install app (or Add to Home screen), then Install').waitFor();
    await dialog.getByRole('heading', { name: 'iPhone and iPad (Safari)' }).waitFor();
    await dialog.getByText('Tap Add to Home Screen, then Add').waitFor();
    await toHaveAttribute(dialog.getByRole('link', { name: address }), 'href', address);
    await expectPageChecks(page, 'mobile-dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await toHaveCount(page.getByRole('dialog'), 0);
    expect(errors).toEqual([]);
  });

  it('the questionnaire at 375 px: large targets, and a domain row that opens a domain and stays at the top', async () => {
    const worker1 = DEMO_USER_IDS.worker1;
    const list = await demo.t
      .http()
      .get('/api/assessments?range=[0,49]')
      .set('Authorization', `Bearer ${demo.t.tokenForUser(worker1)}`);
    const assessment = (list.body as { id: string; status: string }[]).find((row) => row.status === 'incomplete');
    if (!assessment) throw new Error('The demo data has no incomplete assessment of worker1');
    const page = await onPhone(worker1);
    await page.goto(`${demo.t.baseUrl}/assessment/childinfo/edit/${assessment.id}`);
    const domains = page.getByRole('navigation', { name: 'Domains' });
    const trauma = domains.getByRole('button', { name: 'Go to Trauma' });
    await trauma.click();
    await toHaveAttribute(trauma, 'aria-current', 'true');
    const region = page.getByRole('region', { name: 'Trauma' });
    await region.waitFor();
    await toHaveAttribute(page.getByRole('button', { name: /^Trauma,/ }), 'aria-expanded', 'true');

    // Every target a thumb meets is at least 44 px high: the domain row's, the answers', the question's buttons.
    const heights = async (locator: ReturnType<Page['locator']>) =>
      (await locator.evaluateAll((all) => all.map((e) => e.getBoundingClientRect().height))) as number[];
    for (const height of await heights(domains.getByRole('button'))) expect(height).toBeGreaterThanOrEqual(44);
    const firstQuestion = region.getByRole('group').first();
    for (const height of await heights(firstQuestion.getByRole('button'))) expect(height).toBeGreaterThanOrEqual(44);

    // Far down the questions the row is still on screen, at the top; another domain is one tap away.
    await page.mouse.wheel(0, 2500);
    await expectEventually(
      () => domains.boundingBox(),
      (box) => {
        expect(box?.y).toBeGreaterThanOrEqual(0);
        expect(box?.y).toBeLessThanOrEqual(56);
      },
    );
    await expectAccessible(page, 'questionnaire-on-a-phone');
    await domains.getByRole('button', { name: 'Go to Life Functioning' }).click();
    await toHaveAttribute(domains.getByRole('button', { name: 'Go to Life Functioning' }), 'aria-current', 'true');
    await expectEventually(
      () => page.getByRole('region', { name: 'Life Functioning' }).boundingBox(),
      (box) => expect(box?.y).toBeLessThan(PHONE.height),
    );
    await toHaveCount(page.getByRole('region', { name: 'Trauma' }), 0);
    expect(errors).toEqual([]);
  });
});
