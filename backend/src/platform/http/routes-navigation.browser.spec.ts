/**
 * Issue 28 "Routes and navigation": /library for a user whose only privilege there is Customize_Manage (spec 002
 * §2: open to Library_Manage, Rule_Manage or Customize_Manage), and the server side of the spec 001 print paths.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeInBrowser, FRONTEND_DIST, launchChromium } from '../../../test-support/browser';
import { expectPageChecks } from '../../../test-support/page-checks';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { toHaveCount } from '../../../test-support/eventually';
import { createWizardOrg, domainNames } from '../../reports/test-support/wizard-org';

describeInBrowser('Routes and navigation in headless Chromium (issue 28)', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ listen: true, config: { frontendDist: FRONTEND_DIST } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await t?.close();
  });
  afterEach(() => expect(errors.splice(0)).toEqual([]));

  async function pageWith(token: string): Promise<Page> {
    await t.settled();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    await context.addCookies([{ name: 'cans_token', value: token, url: t.baseUrl! }]);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    return page;
  }

  it('answers index.html for the spec 001 print paths (base64 segments with = and +, a JSON payload)', async () => {
    const ids = Buffer.from('["6375dadf-f926-4402-8607-c5aba4739115"]').toString('base64');
    const domains = Buffer.from('[1,2,3]').toString('base64');
    const payload = encodeURIComponent(JSON.stringify({ domainIds: domains, firstFilterIds: ids, lastFilterIds: ids, queryVo: 'e30=' }));
    for (const path of [
      `/onechildonecans/print/${ids}/${domains}`,
      `/onechildmanycans/print/${ids}/${domains}`,
      `/manychildonecans/print/${Buffer.from('{"a":"b+c"}').toString('base64')}`,
      `/manychildmanycans/print/${payload}`,
    ]) {
      const response = await t.http().get(path);
      expect([path, response.status]).toEqual([path, 200]);
      expect(response.text).toContain('<div id="root">');
    }
  });

  it('opens the spec 001 one-child print paths on our print view (base64 assessment ids and domain codes, a JSON array or a comma list)', async () => {
    const org = await createWizardOrg(t, 'sp');
    const first = await org.approved('SP-01', { SEXUAL_ABUSE: '1', PHYSICAL_ABUSE: '2' }, { dateOfAssessment: '2024-01-10' });
    const second = await org.approved('SP-01', { SEXUAL_ABUSE: '2', PHYSICAL_ABUSE: '0' }, { dateOfAssessment: '2024-06-10' });
    // The report routes name domains by their library code (docs/api.md "Reports").
    const domainIds = ['CHILD_STRENGTHS', 'TRAUMA'];
    const trauma = (await domainNames(t, 'TRAUMA')).name;
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const page = await pageWith(t.tokenForUser(org.supervisorId));
    for (const [path, heading] of [
      [`/onechildonecans/print/${b64(JSON.stringify([first]))}/${b64(JSON.stringify(domainIds))}`, 'One Child One CANS'],
      [`/onechildmanycans/print/${b64(`${first},${second}`)}/${b64(domainIds.join(','))}`, 'One Child Many CANS'],
    ]) {
      await page.goto(`${t.baseUrl}${path}`);
      await page.waitForURL(/\/report\/print\/[^/]+$/).catch(async (error: Error) => {
        throw new Error(`${error.message}\n${path} shows: ${await page.locator('body').innerText()}`);
      });
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Print' }).waitFor();
      await page.getByRole('heading', { name: trauma, exact: true, level: 3 }).waitFor();
      await toHaveCount(page.getByText('The report could not be loaded.'), 0);
      await toHaveCount(page.getByText('OOPS!', { exact: true }), 0);
    }
    await expectPageChecks(page, 'spec-print-one-child-many');
  });

  it('opens the spec 001 many-children print paths on our print view (the spec payload fields, or our saved query as JSON)', async () => {
    const org = await createWizardOrg(t, 'mc');
    await org.approved('MC-01', { SEXUAL_ABUSE: '1', PHYSICAL_ABUSE: '2' }, { dateOfAssessment: '2024-01-10' });
    await org.approved('MC-02', { SEXUAL_ABUSE: '2', PHYSICAL_ABUSE: '0' }, { dateOfAssessment: '2024-06-10' });
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const specFields = {
      domainIds: b64(JSON.stringify(['TRAUMA'])),
      queryVo: b64('startDoa=2024-01-01&endDoa=2024-12-31'),
      compareVo: b64('compareType=62&compareYear=2024'),
    };
    const page = await pageWith(t.tokenForUser(org.supervisorId));
    for (const [path, report, heading, query, comparison] of [
      [
        `/manychildonecans/print/${b64(JSON.stringify(specFields))}`,
        'many-children-one-cans',
        'Many Children One CANS',
        { startDoa: '2024-01-01', endDoa: '2024-12-31', domains: 'TRAUMA' },
        { compareType: '62', compareYear: '2024' },
      ],
      [
        `/manychildmanycans/print/${encodeURIComponent(JSON.stringify({ ...specFields, compareVo: undefined, firstFilterIds: 'e30=' }))}`,
        'many-children-many-cans',
        'Many Children Many CANS',
        { startDoa: '2024-01-01', endDoa: '2024-12-31', domains: 'TRAUMA' },
        null,
      ],
      [
        `/manychildonecans/print/${b64(JSON.stringify({ query: { domains: 'TRAUMA' } }))}`,
        'many-children-one-cans',
        'Many Children One CANS',
        { domains: 'TRAUMA' },
        null,
      ],
    ] as const) {
      await page.goto(`${t.baseUrl}${path}`);
      await page.waitForURL(/\/report\/print\/[^/]+$/).catch(async (error: Error) => {
        throw new Error(`${error.message}\n${path} shows: ${await page.locator('body').innerText()}`);
      });
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Print' }).waitFor();
      await toHaveCount(page.getByText('The report could not be loaded.'), 0);
      await toHaveCount(page.getByText('OOPS!', { exact: true }), 0);
      // The saved query holds the payload's parameters, as the report routes take them.
      const id = new URL(page.url()).pathname.split('/').pop()!;
      const saved = await t
        .http()
        .get(`/api/reports/saved-queries/${id}`)
        .set('Authorization', `Bearer ${t.tokenForUser(org.supervisorId)}`);
      expect(saved.body).toMatchObject({ report, query, comparison });
    }
    await expectPageChecks(page, 'spec-print-many-children');
    // A payload that is neither JSON nor base64 JSON: the 404 page. A parameter the report does not take: the
    // server's field message, nothing saved.
    await page.goto(`${t.baseUrl}/manychildonecans/print/not-a-payload`);
    await page.getByText('OOPS!', { exact: true }).waitFor();
    await page.goto(`${t.baseUrl}/manychildonecans/print/${b64(JSON.stringify({ queryVo: b64('minAge=old') }))}`);
    await page
      .getByRole('alert')
      .getByText(/query\.minAge/)
      .waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/manychildonecans\/print\//);
  });

  it('opens /library to a user whose only privilege there is Customize_Manage', async () => {
    const page = await pageWith(t.tokenFor(['HOME_SHOW', 'Customize_Manage']));
    await page.goto(`${t.baseUrl}/library`);
    await page.getByRole('heading', { level: 1, name: 'Library' }).waitFor();
    await page.getByText(/You customize the help of the pages/).waitFor();
    await toHaveCount(page.getByText('OOPS!', { exact: true }), 0);
    await expectPageChecks(page, 'library-customize-only');
  });

  it('still shows the 404 page at /library to a user with none of its privileges', async () => {
    const page = await pageWith(t.tokenFor(['HOME_SHOW']));
    await page.goto(`${t.baseUrl}/library`);
    await page.getByText('OOPS!', { exact: true }).waitFor();
  });
});
