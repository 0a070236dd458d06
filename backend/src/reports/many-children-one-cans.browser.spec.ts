/**
 * The Many Children One CANS wizard in headless Chromium (issue 13 "The four wizards"): a supervisor runs it end to
 * end over approved assessments written as the command handlers write them, sees each blocking message once, reads
 * the report's numbers (checked against a computation from the ratings this test gave, not the report code), runs
 * a comparison (every agency × assessment type × year) with at least 10 children and gets the warning with fewer;
 * Back clears the report, New Report the filter. Page checks (axe, no sideways scrolling at 375, 1024 and 1440 px;
 * screenshots with SCREENSHOTS_DIR).
 */
import type { Browser, Page } from 'playwright-core';
import type { Rating } from '@cans/domain/library/instrument/instrument.types';
import { describeInBrowser, FRONTEND_DIST, launchChromium, signedInPage } from '../../test-support/browser';
import { expectAccessible, expectPageChecks } from '../../test-support/page-checks';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { COMPARISON_TOO_SMALL } from './report-comparison.service';
import { createWizardOrg, domainNames } from './test-support/wizard-org';
import { drawnWhiskers } from './test-support/chart-bars';
import { expectEventually, toContainText, toHaveAttribute, toHaveCount, toHaveValue } from '../../test-support/eventually';

const TRAUMA_ITEMS = ['SEXUAL_ABUSE', 'PHYSICAL_ABUSE', 'EMOTIONAL_ABUSE'] as const;
const SCALE: Rating[] = ['0', '1', '2', '3', 'NA'];
const CHILDREN = 12;

/** Child i's TRAUMA ratings: a fixed spread over 0-3 and N/A. */
const ratingsOf = (i: number): Record<string, Rating> =>
  Object.fromEntries(TRAUMA_ITEMS.map((code, k) => [code, SCALE[(i * (k + 1) + k) % SCALE.length]]));

/** Independent expectations: plain loops over the ratings above. */
function expectedItem(code: string, children: number[]): Record<string, string> {
  const ratings = children.map((i) => ratingsOf(i)[code]);
  const rated = ratings.length;
  const cell = (rating: Rating) => {
    const count = ratings.filter((r) => r === rating).length;
    return `${count} (${Math.round((count / rated) * 1000) / 10}%)`;
  };
  return Object.fromEntries(SCALE.map((rating) => [rating, cell(rating)]));
}
/** The domain score of an assessment: the sum of its numeric ratings; none when it has no numeric rating. */
function expectedMean(children: number[]): { mean: string; sd: string; scored: string } {
  const scores = children
    .map((i) => Object.values(ratingsOf(i)).filter((r) => r !== 'NA'))
    .filter((numeric) => numeric.length > 0)
    .map((numeric) => numeric.reduce((sum, r) => sum + Number(r), 0));
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  const sd = Math.sqrt(scores.reduce((a, b) => a + (b - mean) ** 2, 0) / scores.length);
  return { mean: String(Math.round(mean * 100) / 100), sd: String(Math.round(sd * 100) / 100), scored: String(scores.length) };
}

describeInBrowser('Many Children One CANS in headless Chromium', () => {
  jest.setTimeout(240_000);
  let t: TestApp;
  let browser: Browser;
  let supervisorId = '';
  let traumaName = '';
  const itemNames: Record<string, string> = {};
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ listen: true, config: { frontendDist: FRONTEND_DIST } });
    const org = await createWizardOrg(t, 'mc');
    supervisorId = org.supervisorId;
    for (let i = 0; i < CHILDREN; i++) await org.approved(`MC-${String(i + 1).padStart(2, '0')}`, ratingsOf(i));
    const trauma = await domainNames(t, 'TRAUMA');
    traumaName = trauma.name;
    Object.assign(itemNames, trauma.items);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const open = async (): Promise<Page> => {
    const page = await signedInPage(browser, t, supervisorId, {
      viewport: { width: 1440, height: 900 },
      pageErrors: errors,
    });
    await page.goto(`${t.baseUrl}/report/manyChildOneCANS`);
    await page.getByRole('heading', { name: 'Many Children One CANS' }).waitFor();
    return page;
  };
  const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
  const step = (page: Page, n: number, name: string) => page.getByRole('heading', { name: `Step ${n} of 4: ${name}` }).waitFor();
  const rowCells = async (page: Page, table: string, rowName: RegExp) =>
    (await page.getByRole('table', { name: table }).getByRole('row', { name: rowName }).first().locator('td').allTextContents()).map((s) =>
      s.trim(),
    );

  it('runs end to end with each blocking message once, the report numbers, a comparison, Back and New Report', async () => {
    const page = await open();
    await page.getByText('Only approved assessments that are included in reports are used.').waitFor();
    await expectPageChecks(page, 'report-mc1-step1');

    // No assessment matches: step 2 refuses to go on.
    await page.getByLabel('PIDs').fill('NOBODY');
    await next(page);
    await step(page, 2, 'Show Assessment(s)');
    await page.getByText('No assessments match the filter.').waitFor();
    await page.getByRole('status').getByText('Filters in use — PID: NOBODY.').waitFor(); // issue 31
    await next(page);
    await page.getByRole('alert').filter({ hasText: 'No children need to generate a report.' }).waitFor();

    // Back to the filter: all assessments (none selected means all).
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await step(page, 1, 'Filter Assessments');
    await page.getByLabel('PIDs').fill('');
    await next(page);
    await page.getByText(`${CHILDREN} assessment(s) match the filter.`).waitFor();
    await toHaveCount(page.getByRole('table', { name: 'Assessments in the report' }).getByRole('row'), CHILDREN + 1);
    await expectPageChecks(page, 'report-mc1-step2');
    await next(page);

    // No domain chosen: refused; then TRAUMA from the keyboard.
    await step(page, 3, 'Choose domain(s)');
    await next(page);
    await page.getByRole('alert').filter({ hasText: 'Please choose domain(s) to report.' }).waitFor();
    await page.getByRole('checkbox', { name: traumaName, exact: true }).focus();
    await page.keyboard.press('Space');
    await next(page);

    await step(page, 4, 'Generate report');
    await page.getByText(`${CHILDREN} child(ren), ${CHILDREN} assessment(s).`).waitFor();
    await page.getByText('Caregiver counts use only the first listed caregiver of each assessment.').waitFor();
    await page.getByRole('heading', { name: 'Quick Glance' }).waitFor();
    await toHaveCount(page.getByRole('button', { name: 'New Report' }), 1);
    await toHaveCount(page.getByRole('button', { name: 'Next', exact: true }), 0);
    await toHaveAttribute(page.getByRole('tab', { name: traumaName }), 'aria-selected', 'true');

    // The mean domain score and its standard deviation, through the chart's table.
    const all = Array.from({ length: CHILDREN }, (_, i) => i);
    const meanPanel = page.getByRole('region', { name: 'Mean domain scores' });
    await meanPanel.getByRole('button', { name: 'Show table' }).click();
    const { mean, sd, scored } = expectedMean(all);
    expect(scored).toBe(String(CHILDREN - 2)); // two children rated every TRAUMA item N/A: no score
    await expectEventually(
      () => rowCells(page, 'Mean domain scores', new RegExp(traumaName)),
      (cells) => expect(cells.slice(0, 3)).toEqual([mean, sd, scored]),
    );
    // Issue 28: the chart draws the standard deviation as an error bar (mean ± 1 SD) per domain, and says so in
    // its caption and its text alternative.
    await meanPanel.getByRole('button', { name: 'Show chart' }).click();
    const meanChart = meanPanel.getByRole('img', { name: /^Bar chart of the mean domain score per domain, with error bars/ });
    await meanChart.waitFor();
    await expectEventually(
      (timeout) => meanChart.getAttribute('aria-label', { timeout }),
      (label) => expect(label).toContain(`${traumaName} ${mean} ± ${sd}`),
    );
    await meanPanel.getByText('Error bars: mean ± 1 standard deviation (SD).').waitFor();
    await expectEventually(
      () => drawnWhiskers(meanChart),
      (whiskers) => {
        expect(whiskers.map((whisker) => whisker.sd)).toContain(sd);
        for (const whisker of whiskers) expect(whisker.x2).toBeGreaterThan(whisker.x1);
      },
    );

    // Each item's rating counts and shares, through the domain tab's table.
    const itemsTitle = `${traumaName}: ratings by item`;
    await page.getByRole('region', { name: itemsTitle }).getByRole('button', { name: 'Show table' }).click();
    for (const code of TRAUMA_ITEMS) {
      const expected = expectedItem(code, all);
      // Columns: Rated, N/A, 0, 1, 2, 3.
      await expectEventually(
        () => rowCells(page, itemsTitle, new RegExp(`^${itemNames[code].replace(/[()/]/g, '.')}`)),
        (cells) =>
          expect(cells.slice(0, 6)).toEqual([String(CHILDREN), expected.NA, expected['0'], expected['1'], expected['2'], expected['3']]),
      );
    }
    await page.getByRole('region', { name: itemsTitle }).getByRole('button', { name: 'Show chart' }).click();

    // The comparison group is a fixed cohort (no day ranges or PIDs): every agency's Initial Assessments of 2024,
    // the same 12 children (all the supervisor's team's), at least 10.
    await toContainText(page.getByRole('combobox', { name: 'Agency' }), 'Every agency');
    await page.getByRole('combobox', { name: 'Assessment type' }).click();
    await page.getByRole('option', { name: 'Initial Assessment', exact: true }).click();
    await page.getByRole('combobox', { name: 'Year of assessment' }).click();
    await page.getByRole('option', { name: '2024', exact: true }).click();
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.getByText(`Comparison: ${CHILDREN} child(ren), ${CHILDREN} assessment(s).`).waitFor();
    await page
      .getByRole('img', { name: new RegExp(`^${itemNames.SEXUAL_ABUSE.replace(/[()/]/g, '.')} \\(Comparison\\)`) })
      .first()
      .waitFor();
    await expectPageChecks(page, 'report-mc1-comparison');
    if (process.env.SCREENSHOTS_DIR)
      for (const width of [375, 1024, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/report-mc1-full-${width}.png`, fullPage: true });
      }
    await page.setViewportSize({ width: 1440, height: 900 });

    // Back before the report step clears the report; Next builds it again, without the comparison.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await step(page, 3, 'Choose domain(s)');
    await toHaveCount(page.getByText(/child\(ren\), \d+ assessment/), 0);
    await next(page);
    await page.getByText(`${CHILDREN} child(ren), ${CHILDREN} assessment(s).`).waitFor();
    await toHaveCount(page.getByText(/^Comparison: /), 0);

    // New Report: step 1 with an empty filter.
    await page.getByRole('button', { name: 'New Report' }).click();
    await step(page, 1, 'Filter Assessments');
    await toHaveValue(page.getByLabel('PIDs'), '');
    expect(errors).toEqual([]);
  });

  it('warns instead of comparing when the comparison group has fewer than 10 children', async () => {
    const page = await open();
    await page.getByLabel('PIDs').fill('MC-01, MC-02,MC-03');
    await next(page);
    await page.getByText('3 assessment(s) match the filter.').waitFor();
    await next(page);
    await page.getByRole('checkbox', { name: 'Select all domains' }).check();
    await next(page);
    await page.getByText('3 child(ren), 3 assessment(s).').waitFor();
    // The report's three PIDs do not narrow the comparison group; this year's group (the default) has no one.
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.getByRole('alert').filter({ hasText: COMPARISON_TOO_SMALL }).waitFor();
    expect(COMPARISON_TOO_SMALL).toBe(
      'Unable to generate a comparison report due to there being fewer than 10 cases which meet report criteria. Please try again using different criteria.',
    );
    await toHaveCount(page.getByText(/^Comparison: /), 0);
    await expectAccessible(page, 'report-mc1-warning');
    expect(errors).toEqual([]);
  });
});
