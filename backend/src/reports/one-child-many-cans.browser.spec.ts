/**
 * The One Child Many CANS wizard in headless Chromium (issue 13 "The four wizards"): a supervisor runs it end to
 * end — each blocking message once, the child and two of its three time-points chosen from the keyboard — and the
 * report compares the ratings this test gave, item by item ('--' where an assessment has none); caregiver domains
 * are not offered; Back clears the report, New Report the filter and the choices. Page checks (axe, no sideways
 * scrolling at 375, 1024 and 1440 px; screenshots with SCREENSHOTS_DIR).
 */
import type { Browser, Page } from 'playwright-core';
import { describeInBrowser, FRONTEND_DIST, launchChromium, signedInPage } from '../../test-support/browser';
import { expectPageChecks } from '../../test-support/page-checks';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { createWizardOrg, domainNames } from './test-support/wizard-org';
import { expectEventually, toHaveAttribute, toHaveCount, toHaveTexts, toHaveValue } from '../../test-support/eventually';

describeInBrowser('One Child Many CANS in headless Chromium', () => {
  jest.setTimeout(240_000);
  let t: TestApp;
  let browser: Browser;
  let supervisorId = '';
  let trauma: { name: string; items: Record<string, string> };
  let caregiverDomainName = '';
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ listen: true, config: { frontendDist: FRONTEND_DIST } });
    const org = await createWizardOrg(t, 'om');
    supervisorId = org.supervisorId;
    await org.approved('OM-01', { SEXUAL_ABUSE: '3', PHYSICAL_ABUSE: '1' }, { dateOfAssessment: '2024-01-10' });
    await org.approved('OM-01', { SEXUAL_ABUSE: '2' }, { dateOfAssessment: '2024-05-20' }); // 131 days: '<06 Month'
    await org.approved('OM-01', { SEXUAL_ABUSE: 'NA', PHYSICAL_ABUSE: '0' }, { dateOfAssessment: '2024-09-01' });
    await org.approved('OM-02', { SEXUAL_ABUSE: '1' }); // one assessment only: not listed
    trauma = await domainNames(t, 'TRAUMA');
    caregiverDomainName = (await domainNames(t, 'CAREGIVER_RESOURCES_NEEDS')).name;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
  const step = (page: Page, n: number, name: string) => page.getByRole('heading', { name: `Step ${n} of 5: ${name}` }).waitFor();
  /** The cells of a row (by its name) of a table (by its name), once they read `expected`. */
  const expectCells = (page: Page, table: string, item: string, expected: unknown[]) =>
    expectEventually(
      () => page.getByRole('table', { name: table }).getByRole('row', { name: item }).locator('td').allTextContents(),
      (cells) => expect(cells.map((s) => s.trim())).toEqual(expected),
    );

  it('runs end to end with each blocking message once and compares the chosen time-points item by item', async () => {
    const page = await signedInPage(browser, t, supervisorId, {
      viewport: { width: 1440, height: 900 },
      pageErrors: errors,
    });
    await page.goto(`${t.baseUrl}/report/oneChildManyCANS`);
    await page.getByRole('heading', { name: 'One Child Many CANS' }).waitFor();
    await page.getByText('Only approved assessments that are included in reports are used.').waitFor();
    await page.getByRole('combobox', { name: 'Assessor' }).filter({ hasText: 'Worker Wizard' }).waitFor();
    await page.getByLabel('PID').fill('OM-');
    await next(page);

    await step(page, 2, 'Select one child');
    await page.getByText('1 child(ren) with two or more approved assessments.').waitFor();
    await next(page);
    await page.getByRole('alert').filter({ hasText: 'Please select one child.' }).waitFor();
    await page.getByRole('cell', { name: 'Female', exact: true }).waitFor(); // the gender by its name, not "F"
    const child = page.getByRole('radio', { name: /\(OM-01\)$/ });
    await child.focus();
    await page.keyboard.press('Space');
    await next(page);

    await step(page, 3, 'Choose time-points assessment(s)');
    const timePoints = page.getByRole('table', { name: 'Time-point assessments' });
    await timePoints.getByRole('row').nth(3).waitFor();
    await expectEventually(
      () => timePoints.locator('tbody tr').allTextContents(),
      (rows) =>
        expect(rows.map((row) => row.slice(0, 28))).toEqual([
          expect.stringMatching(/^Initial Assessment01\/10\/2024/),
          expect.stringMatching(/^<06 Month05\/20\/2024/),
          expect.stringMatching(/^Most Recent09\/01\/2024/),
        ]),
    );
    await expectPageChecks(page, 'report-om-step3');
    await next(page);
    await page.getByRole('alert').filter({ hasText: 'Please choose assessments to report.' }).waitFor();
    await page.getByRole('checkbox', { name: 'Choose Initial Assessment, 01/10/2024' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('checkbox', { name: 'Choose Most Recent, 09/01/2024' }).check();
    await page.getByText('2 of 3 assessment(s) chosen.').waitFor();
    await next(page);

    await step(page, 4, 'Choose domain(s)');
    await toHaveCount(page.getByRole('checkbox', { name: caregiverDomainName }), 0);
    await next(page);
    await page.getByRole('alert').filter({ hasText: 'Please choose domain(s) to report.' }).waitFor();
    await page.getByRole('checkbox', { name: trauma.name, exact: true }).check();
    await next(page);

    await step(page, 5, 'Generate report');
    await page.getByText(/ · OM-01 · Female( · |$)/).waitFor();
    await toHaveAttribute(page.getByRole('tab', { name: trauma.name, exact: true }), 'aria-selected', 'true');
    await page.getByRole('img', { name: new RegExp(`^Bar chart of ${trauma.name}: `) }).waitFor();
    await page.getByRole('region', { name: trauma.name, exact: true }).getByRole('button', { name: 'Show table' }).click();
    await toHaveTexts(page.getByRole('table', { name: trauma.name }).locator('thead th'), [
      'Item',
      /01\/10\/2024 \(Initial Assessment\)$/,
      /09\/01\/2024 \(Most Recent\)$/,
    ]);
    await expectCells(page, trauma.name, trauma.items.SEXUAL_ABUSE, ['3', 'N/A']);
    await expectCells(page, trauma.name, trauma.items.PHYSICAL_ABUSE, ['1', '0']);
    await expectCells(page, trauma.name, trauma.items.EMOTIONAL_ABUSE, ['--', '--']);
    await page.getByRole('region', { name: trauma.name, exact: true }).getByRole('button', { name: 'Show chart' }).click();
    await expectPageChecks(page, 'report-om-report');

    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await step(page, 4, 'Choose domain(s)');
    await toHaveCount(page.getByRole('tab'), 0);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await step(page, 3, 'Choose time-points assessment(s)');
    await page.getByText('2 of 3 assessment(s) chosen.').waitFor();
    await next(page);
    await next(page);
    await step(page, 5, 'Generate report');
    await page.getByRole('button', { name: 'New Report' }).click();
    await step(page, 1, 'Filter Assessments');
    await toHaveValue(page.getByLabel('PID'), '');
    expect(errors).toEqual([]);
  });
});
