/**
 * Quick Glance and CSV downloads in headless Chromium (issue 13 "Every report table also downloads as CSV", spec 001
 * §2 "Quick Glance panel"): a supervisor runs Many Children One CANS and One Child One CANS; the glance pie is the
 * Gender Overview (type 3) and the Rating Overview with the Range of Needs average only (type 1); a chart's table
 * and a glance table download as CSV files named after the report and chart, with the table's header and figures,
 * checked against the ratings and genders this test gave. Page checks (axe, no sideways scrolling at 375, 1024 and
 * 1440 px; screenshots with SCREENSHOTS_DIR).
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import { describeInBrowser, FRONTEND_DIST, launchChromium, signedInPage } from '../../../test-support/browser';
import { expectPageChecks } from '../../../test-support/page-checks';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { createWizardOrg, domainNames } from '../test-support/wizard-org';
import { toHaveCount } from '../../../test-support/eventually';

const CHILDREN: Array<{ cin: string; gender: string; ratings: Record<string, Rating> }> = [
  { cin: 'CSV-01', gender: 'F', ratings: { SEXUAL_ABUSE: '3', PHYSICAL_ABUSE: '2', EMOTIONAL_ABUSE: 'NA' } },
  { cin: 'CSV-02', gender: 'M', ratings: { SEXUAL_ABUSE: '0', PHYSICAL_ABUSE: '1' } },
  { cin: 'CSV-03', gender: 'F', ratings: { SEXUAL_ABUSE: '2', PHYSICAL_ABUSE: '0', EMOTIONAL_ABUSE: '1' } },
];
const BOM = '\ufeff';

describeInBrowser('Quick Glance and CSV downloads in headless Chromium', () => {
  jest.setTimeout(240_000);
  let t: TestApp;
  let browser: Browser;
  let supervisorId = '';
  let trauma: { name: string; items: Record<string, string> };
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ listen: true, config: { frontendDist: FRONTEND_DIST } });
    const org = await createWizardOrg(t, 'csv');
    supervisorId = org.supervisorId;
    for (const child of CHILDREN) await org.approved(child.cin, child.ratings, { gender: child.gender });
    trauma = await domainNames(t, 'TRAUMA');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
  const step = (page: Page, n: number, name: string) => page.getByRole('heading', { name: `Step ${n} of 4: ${name}` }).waitFor();
  /** Clicks a chart's Download CSV and answers the file's suggested name and text. */
  const download = async (page: Page, chartTitle: string) => {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download CSV: ${chartTitle}`, exact: true }).click(),
    ]);
    return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
  };
  const open = async (path: string, heading: string) => {
    const page = await signedInPage(browser, t, supervisorId, {
      viewport: { width: 1440, height: 900 },
      pageErrors: errors,
    });
    await page.goto(`${t.baseUrl}${path}`);
    await page.getByRole('heading', { name: heading }).waitFor();
    return page;
  };

  it('shows the Gender Overview of Many Children One CANS and downloads its tables as CSV', async () => {
    const page = await open('/report/manyChildOneCANS', 'Many Children One CANS');
    await next(page);
    await step(page, 2, 'Show Assessment(s)');
    await page.getByText(`${CHILDREN.length} assessment(s) match the filter.`).waitFor();
    await next(page);
    await step(page, 3, 'Choose domain(s)');
    await page.getByRole('checkbox', { name: trauma.name, exact: true }).check();
    await next(page);
    await step(page, 4, 'Generate report');
    await page.getByRole('heading', { name: 'Quick Glance' }).waitFor();
    await page.getByRole('heading', { name: 'Gender Overview' }).waitFor();
    await toHaveCount(page.getByRole('heading', { name: 'Rating Overview' }), 0);

    // The glance pie's table as CSV: children by gender (independent: the genders above).
    const genders = await download(page, 'Gender Overview');
    expect(genders.name).toBe('Many_Children_One_CANS_Quick_Glance_Gender_Overview.csv');
    const girls = CHILDREN.filter((c) => c.gender === 'F').length;
    expect(genders.text).toBe(`${BOM}Gender,Children\nMale,1\nFemale,${girls}\nGender Fluid,0\nNon-binary Gender,0\nOther,0\nN/A,0\n`);

    // The item chart's table as CSV: a header, then per item the counts and percentages of each rating.
    const itemsTitle = `${trauma.name}: ratings by item`;
    const items = await download(page, itemsTitle);
    // The report's part of the name comes from the ReportCsvScope around the report (the glance has its own).
    expect(items.name).toBe(`Many_Children_One_CANS_${trauma.name.replace(/[^A-Za-z0-9_-]+/g, '_')}_ratings_by_item.csv`);
    const [header, ...lines] = items.text.replace(BOM, '').trim().split('\n');
    expect(header).toBe('Module,Item,Rated,N/A,N/A (%),0,0 (%),1,1 (%),2,2 (%),3,3 (%)');
    const sexualAbuse = lines.find((line) => line.startsWith(`,${trauma.items.SEXUAL_ABUSE},`));
    // Ratings 3, 0, 2 of three: one each of 0, 2 and 3 (33.3 %).
    expect(sexualAbuse).toBe(`,${trauma.items.SEXUAL_ABUSE},3,0,0,1,33.3,0,0,1,33.3,1,33.3`);
    await expectPageChecks(page, 'report-csv-many-children-one-cans');
    if (process.env.SCREENSHOTS_DIR)
      for (const width of [375, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByRole('heading', { name: 'Gender Overview' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/glance-mc1-${width}.png` });
      }
    expect(errors).toEqual([]);
  });

  it('shows the Rating Overview and the average only for One Child One CANS, and downloads the glance as CSV', async () => {
    const page = await open('/report/oneChildOneCANS', 'One Child One CANS');
    await page.getByLabel('PID').fill('CSV-01');
    await next(page);
    await step(page, 2, 'Select one child');
    await page.getByRole('radio', { name: /\(CSV-01\)/ }).check();
    await next(page);
    await step(page, 3, 'Choose domain(s)');
    await page.getByRole('checkbox', { name: trauma.name, exact: true }).check();
    await next(page);
    await step(page, 4, 'Generate report');
    await page.getByRole('heading', { name: 'Rating Overview' }).waitFor();
    await toHaveCount(page.getByRole('heading', { name: 'Gender Overview' }), 0);
    // One assessment: the Range of Needs is its Total Actionable Items (3 and 2 are actionable) and nothing else.
    await page.getByRole('img', { name: 'Range of Needs: average 2' }).waitFor();

    const ratings = await download(page, 'Rating Overview');
    expect(ratings.name).toBe('One_Child_One_CANS_Quick_Glance_Rating_Overview.csv');
    expect(ratings.text).toBe(`${BOM}Rating,Count\nN/A,1\n0,0\n1,0\n2,1\n3,1\n`);
    const range = await download(page, 'Range of Needs');
    expect(range.text).toBe(`${BOM}Measure,Value\nAverage,2\n`);
    await expectPageChecks(page, 'report-csv-one-child-one-cans');
    if (process.env.SCREENSHOTS_DIR)
      for (const width of [375, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByRole('heading', { name: 'Range of Needs' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/glance-oc1-${width}.png` });
      }
    expect(errors).toEqual([]);
  });
});
