/**
 * Print and Export to PDF of the four report wizards in headless Chromium (issue 13 "Print and PDF"): a supervisor
 * runs each wizard to its report step; Print saves the query and opens the print view in a new tab with the spec's
 * tab title, the filters or the child's information, every chosen domain one after another (no tabs), Close and
 * Print; Export to PDF downloads a PDF named like the title. Page checks (axe, no sideways scrolling at 375, 1024
 * and 1440 px; full-page screenshots with SCREENSHOTS_DIR). An unknown print id shows the not-found message.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import { describeInBrowser, FRONTEND_DIST, launchChromium, signedInPage } from '../../../test-support/browser';
import { expectAccessible, expectFitsAllWidths } from '../../../test-support/page-checks';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { createWizardOrg, domainNames } from '../test-support/wizard-org';
import { afterNextFrame, expectEventually, toHaveCount } from '../../../test-support/eventually';
import { RATING_COLOURS } from '@cans/domain/reports/chart-rules';
import { drawnBars } from '../test-support/chart-bars';

const CHILDREN = 11;
const SCALE: Rating[] = ['0', '1', '2', '3', 'NA'];
const ratingsOf = (i: number): Record<string, Rating> => ({
  SEXUAL_ABUSE: SCALE[i % SCALE.length],
  PHYSICAL_ABUSE: SCALE[(i + 2) % SCALE.length],
});
const pid = (i: number) => `PR-${String(i + 1).padStart(2, '0')}`;

/** The tab title's timestamp (local yyyyMMddHHmmss) as a Date. */
const stampOf = (title: string): Date => {
  const [, y, mo, d, h, mi, s] = /_(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(title) ?? [];
  return new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
};
const today = () => {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}/${String(now.getDate()).padStart(2, '0')}/${now.getFullYear()}`;
};

describeInBrowser('Report print views and PDF export in headless Chromium', () => {
  jest.setTimeout(300_000);
  let t: TestApp;
  let browser: Browser;
  let supervisorId = '';
  let childDomains: string[] = [];
  let caregiverDomain = '';
  let agency = { id: '', displayName: '' };
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ listen: true, config: { frontendDist: FRONTEND_DIST } });
    const org = await createWizardOrg(t, 'pr');
    supervisorId = org.supervisorId;
    // Every assessment in one agency, so a comparison by that agency has all the children (at least 10). The
    // comparison lists the agencies of users: one user of it.
    const admin = `Bearer ${t.adminToken()}`;
    const post = async (path: string, body: object) => {
      const answer = await t.http().post(path).set('Authorization', admin).send(body);
      if (answer.status !== 201) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
      return answer.body.id as string;
    };
    agency = {
      id: await post('/api/agencies', { name: 'Print Agency Services', displayName: 'Print Agency' }),
      displayName: 'Print Agency',
    };
    const group = await post('/api/user-groups', { name: 'pr Agency Staff', parentGroupId: '153', privileges: ['HOME_SHOW'] });
    await post('/api/users', {
      firstName: 'Agency',
      lastName: 'Member',
      username: 'pragency',
      email: 'pragency@example.test',
      userGroupId: group,
      supervisorId: '1',
      agencyId: agency.id,
      externalId: 'pragency',
    });
    await t.settled();
    const approved = async (i: number, ratings: Record<string, Rating>, dateOfAssessment: string) => {
      const id = await org.writer.start(org.workerId, { cin: pid(i), dateOfAssessment }, agency.id);
      await org.writer.rate(id, org.workerId, ratings);
      await org.writer.complete(id, org.workerId);
      await org.writer.approve(id, supervisorId);
    };
    for (let i = 0; i < CHILDREN; i++) await approved(i, ratingsOf(i), '2024-01-10');
    // Two children with a later assessment: the many-assessment reports.
    await approved(0, { SEXUAL_ABUSE: '1', PHYSICAL_ABUSE: '0' }, '2024-06-10');
    await approved(1, { SEXUAL_ABUSE: '2', PHYSICAL_ABUSE: '3' }, '2024-06-10');
    childDomains = [(await domainNames(t, 'CHILD_STRENGTHS')).name, (await domainNames(t, 'TRAUMA')).name];
    caregiverDomain = (await domainNames(t, 'CAREGIVER_RESOURCES_NEEDS')).name;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const open = async (path: string, title: string): Promise<Page> => {
    const page = await signedInPage(browser, t, supervisorId, {
      viewport: { width: 1440, height: 900 },
      pageErrors: errors,
    });
    await page.goto(`${t.baseUrl}${path}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    return page;
  };
  const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
  const step = (page: Page, n: number, of: number, name: string) =>
    page.getByRole('heading', { name: `Step ${n} of ${of}: ${name}` }).waitFor();
  const chooseAllDomains = async (page: Page, n: number, of: number) => {
    await page.getByRole('checkbox', { name: 'Select all domains' }).check();
    await next(page);
    await step(page, n + 1, of, 'Generate report');
  };

  /** While the server prepares the PDF the button says so; a refusal (429 from the pool) shows the server's words. */
  async function preparingThenRefused(tab: Page, id: string): Promise<void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const message = 'You already have 3 files being prepared. Wait for one to finish, then try again.';
    await tab.route(`**/api/reports/saved-queries/${id}/pdf`, async (route) => {
      await held;
      await route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'Retry-After': '5' },
        body: JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message, retryAfterSeconds: 5 }),
      });
    });
    await tab.getByRole('button', { name: 'Download PDF' }).click();
    const preparing = tab.getByRole('button', { name: 'Preparing the PDF…' });
    await preparing.waitFor();
    expect(await preparing.isDisabled()).toBe(true);
    release();
    await tab.getByRole('alert').filter({ hasText: message }).waitFor();
    await tab.getByRole('button', { name: 'Download PDF' }).waitFor();
    await tab.unroute(`**/api/reports/saved-queries/${id}/pdf`);
  }

  /**
   * Print from the report step: the new tab's title, the expected content, every domain heading, no tabs, the
   * buttons; axe and the widths with full-page screenshots; then Export to PDF; Close closes the tab.
   */
  async function printAndExport(
    page: Page,
    name: string,
    expected: {
      /** Also: the button while the server prepares the PDF, and a refusal in the server's words. */
      refusal?: boolean;
      title: RegExp;
      file: RegExp;
      heading: string;
      domains: string[];
      texts: Array<string | RegExp>;
      /** More checks of the print tab's content. */
      check?: (tab: Page) => Promise<void>;
    },
  ): Promise<void> {
    const opened = new Date();
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Print', exact: true }).click(),
    ]);
    tab.on('pageerror', (error) => errors.push(`print tab: ${error.message}`));
    await tab.waitForURL(/\/report\/print\/[A-Za-z0-9_-]+$/);
    await tab.getByRole('heading', { name: expected.heading, level: 1 }).waitFor();
    for (const domain of expected.domains) await tab.getByRole('heading', { name: domain, exact: true, level: 3 }).waitFor();
    for (const text of expected.texts) await tab.getByText(text).first().waitFor();
    await expected.check?.(tab);
    await tab.waitForFunction((pattern) => new RegExp(pattern).test(document.title), expected.title.source);
    const title = await tab.title();
    expect(title).toMatch(expected.title);
    // Opened just now, in local time (the title's timestamp has whole seconds).
    expect(Math.abs(stampOf(title).getTime() - opened.getTime())).toBeLessThan(60_000);
    await toHaveCount(tab.getByRole('tab'), 0);
    await toHaveCount(tab.getByRole('tablist'), 0);
    await toHaveCount(tab.getByRole('button', { name: 'Print', exact: true }), 1);
    await toHaveCount(tab.getByRole('button', { name: 'Close', exact: true }), 1);
    const id = /\/report\/print\/([^/]+)$/.exec(tab.url())![1];
    expect(id).toBeTruthy();
    // Prepared in the server's worker pool, handed over as a download under the server's name.
    const [printDownload] = await Promise.all([tab.waitForEvent('download'), tab.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(printDownload.suggestedFilename()).toMatch(expected.file);
    expect((await readFile(await printDownload.path())).subarray(0, 4).toString('latin1')).toBe('%PDF');
    if (expected.refusal) await preparingThenRefused(tab, id);

    await expectAccessible(tab, `print-${name}`);
    await expectFitsAllWidths(tab, `print-${name}`);
    if (process.env.SCREENSHOTS_DIR)
      for (const width of [375, 1024, 1440]) {
        await tab.setViewportSize({ width, height: 900 });
        await afterNextFrame(tab);
        await tab.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/print-${name}-full-${width}.png`, fullPage: true });
      }

    // Printed (A4 is about 794 CSS px wide): the controls are hidden, the content is not.
    await tab.setViewportSize({ width: 794, height: 1123 });
    await tab.emulateMedia({ media: 'print' });
    await toHaveCount(tab.getByRole('button'), 0);
    await tab.getByRole('heading', { name: expected.heading, level: 1 }).waitFor();
    if (process.env.SCREENSHOTS_DIR)
      await tab.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/print-${name}-as-printed.png`, fullPage: true });
    await tab.emulateMedia({ media: 'screen' });

    // Export to PDF: the same saved query (same id), a PDF named like the tab title without the child's PID.
    // Fetched (so a refusal can be shown in words), then saved under the server's name.
    const [download, pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((response) => response.url().endsWith('/pdf')),
      page.getByRole('button', { name: 'Export to PDF' }).click(),
    ]);
    expect([pdf.url(), pdf.status()]).toEqual([`${t.baseUrl}/api/reports/saved-queries/${id}/pdf`, 200]);
    expect(download.suggestedFilename()).toMatch(expected.file);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // Close: the tab the report step opened closes itself.
    // The click closes the tab: a click that the closing page interrupts has done its work.
    await Promise.all([
      tab.waitForEvent('close'),
      tab
        .getByRole('button', { name: 'Close', exact: true })
        .click()
        .catch((error: unknown) => {
          if (!tab.isClosed()) throw error;
        }),
    ]);
  }

  it('One Child One CANS: the child, the other CANS and every domain', async () => {
    const page = await open('/report/oneChildOneCANS', 'One Child One CANS');
    await page.getByRole('combobox', { name: 'Assessor' }).filter({ hasText: 'Worker Wizard' }).waitFor();
    await page.getByLabel('PID').fill(pid(0));
    await next(page);
    await step(page, 2, 4, 'Select one child');
    await page.getByRole('radio', { name: new RegExp(`\\(${pid(0)}\\), 06/10/2024$`) }).check();
    await next(page);
    await step(page, 3, 4, 'Choose domain(s)');
    await chooseAllDomains(page, 3, 4);
    await page.getByRole('tab', { name: childDomains[1], exact: true }).waitFor();
    await printAndExport(page, 'oc1', {
      title: new RegExp(`^One_Child_One_CANS_${pid(0)}_\\d{14}$`),
      file: /^One_Child_One_CANS_\d{14}\.pdf$/,
      heading: 'One Child One CANS',
      domains: childDomains,
      texts: [pid(0), '06/10/2024', 'Other CANS of this child', /^01\/10\/2024 · /],
      // Issue 28: the print view's bars in the one colour scale (chart-rules.ts) — a rating 0 green, not the N/A grey.
      check: async (tab) => {
        const chart = tab.getByRole('img', { name: new RegExp(`^Bar chart of ${childDomains[1]}: `) });
        await expectEventually(
          () => drawnBars(chart),
          (drawn) => {
            const bars = drawn.filter((bar) => ['0', '1'].includes(bar.label));
            expect(bars.map(({ label, fill }) => ({ label, fill })).sort((a, b) => a.label.localeCompare(b.label))).toEqual([
              { label: '0', fill: RATING_COLOURS['0'] },
              { label: '1', fill: RATING_COLOURS['1'] },
            ]);
          },
        );
      },
    });
    expect(errors).toEqual([]);
  });

  it('Many Children One CANS with a comparison: the filters, the comparison filters and every domain', async () => {
    const page = await open('/report/manyChildOneCANS', 'Many Children One CANS');
    await next(page);
    await step(page, 2, 4, 'Show Assessment(s)');
    await next(page);
    await step(page, 3, 4, 'Choose domain(s)');
    await chooseAllDomains(page, 3, 4);
    const summary = `${CHILDREN} child(ren), ${CHILDREN + 2} assessment(s).`;
    await page.getByText(summary).waitFor();
    // The comparison group: the agency's Initial Assessments of 2024 (every assessment here).
    await page.getByRole('combobox', { name: 'Agency' }).click();
    await page.getByRole('option', { name: agency.displayName }).click();
    await page.getByRole('combobox', { name: 'Year of assessment' }).click();
    await page.getByRole('option', { name: '2024', exact: true }).click();
    await page.getByRole('button', { name: 'Compare' }).click();
    const compared = `Comparison: ${CHILDREN} child(ren), ${CHILDREN + 2} assessment(s).`;
    await page.getByText(compared).waitFor();
    await printAndExport(page, 'mc1', {
      title: /^Many_Children_One_CANS_\d{14}$/,
      file: /^Many_Children_One_CANS_\d{14}\.pdf$/,
      heading: 'Many Children One CANS',
      domains: [...childDomains, caregiverDomain],
      texts: ['Filters', 'Comparison filters', agency.displayName, `Before ${today()}`, summary, compared, 'Mean domain scores'],
    });
    expect(errors).toEqual([]);
  });

  it('One Child Many CANS: the child, the time-points and every domain', async () => {
    const page = await open('/report/oneChildManyCANS', 'One Child Many CANS');
    await page.getByRole('combobox', { name: 'Assessor' }).filter({ hasText: 'Worker Wizard' }).waitFor();
    await page.getByLabel('PID').fill(pid(1));
    await next(page);
    await step(page, 2, 5, 'Select one child');
    await page.getByRole('radio', { name: new RegExp(`\\(${pid(1)}\\)$`) }).check();
    await next(page);
    await step(page, 3, 5, 'Choose time-points assessment(s)');
    await page.getByRole('checkbox', { name: 'Choose all assessments' }).check();
    await next(page);
    await step(page, 4, 5, 'Choose domain(s)');
    await chooseAllDomains(page, 4, 5);
    await printAndExport(page, 'om', {
      title: new RegExp(`^One_Child_Many_CANS_${pid(1)}_\\d{14}$`),
      file: /^One_Child_Many_CANS_\d{14}\.pdf$/,
      heading: 'One Child Many CANS',
      domains: childDomains,
      texts: [pid(1), /^Initial Assessment: 01\/10\/2024/, /^Most Recent: 06\/10\/2024/],
    });
    expect(errors).toEqual([]);
  });

  it('Many Children Many CANS: the filters, the definitions and every domain', async () => {
    const page = await open('/report/manyChildManyCANS', 'Many Children Many CANS');
    await page.getByLabel('PIDs').fill(`${pid(0)}, ${pid(1)}`);
    await next(page);
    await step(page, 2, 4, 'Show Assessment(s)');
    await page.getByText('2 child(ren) with two or more approved assessments.').waitFor();
    await next(page);
    await step(page, 3, 4, 'Choose domain(s)');
    await chooseAllDomains(page, 3, 4);
    await printAndExport(page, 'mm', {
      title: /^Many_Children_Many_CANS_\d{14}$/,
      file: /^Many_Children_Many_CANS_\d{14}\.pdf$/,
      heading: 'Many Children Many CANS',
      refusal: true,
      domains: childDomains,
      texts: ['Filters', `${pid(0)}, ${pid(1)}`, '2 child(ren) compared between their first and last assessment.'],
    });
    expect(errors).toEqual([]);
  });

  it('shows the not-found message for an unknown print id', async () => {
    const page = await signedInPage(browser, t, supervisorId, { pageErrors: errors });
    await page.goto(`${t.baseUrl}/report/print/AAAAAAAAAAAA`);
    await page.getByText('You can not enter this page...').waitFor();
    await expectAccessible(page, 'print-unknown');
  });
});
