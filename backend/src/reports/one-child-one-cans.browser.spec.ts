/**
 * The One Child One CANS wizard in headless Chromium (issue 13 "The four wizards"): a supervisor runs it end to end
 * — the first assessor preselected, each blocking message once, one assessment chosen from the keyboard — and the
 * report shows the ratings this test gave (child domain and the caregiver's domain), the child's other CANS; Back
 * clears the report, New Report the filter and the choices. Over the demo data, as the state administrator where
 * issue 31's walk met it: the preselected assessor is named by the hint and by an empty list, whose Clear filters
 * brings every assessment back. Page checks (axe, no sideways scrolling at 375, 1024 and 1440 px; screenshots with
 * SCREENSHOTS_DIR).
 */
import type { Browser, Page } from 'playwright-core';
import { demoDataInBrowser, describeInBrowser, FRONTEND_DIST, launchChromium, signedInPage } from '../../test-support/browser';
import { expectPageChecks } from '../../test-support/page-checks';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { testCaregiver } from '../assessments/summary/test-support/assessment-writer';
import { createWizardOrg, domainNames } from './test-support/wizard-org';
import { expectEventually, toHaveAttribute, toHaveCount, toHaveValue } from '../../test-support/eventually';
import { DEMO_USER_IDS } from '../platform/seeding/demo-data/identity-demo-data';
import { RATING_COLOURS } from '@cans/domain/reports/chart-rules';
import { drawnBars } from './test-support/chart-bars';

const LATEST = { SEXUAL_ABUSE: '2', PHYSICAL_ABUSE: 'NA', EMOTIONAL_ABUSE: '0' } as const;

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
const step = (page: Page, n: number, name: string) => page.getByRole('heading', { name: `Step ${n} of 4: ${name}` }).waitFor();

describeInBrowser('One Child One CANS in headless Chromium', () => {
  jest.setTimeout(240_000);
  let t: TestApp;
  let browser: Browser;
  let supervisorId = '';
  let trauma: { name: string; items: Record<string, string> };
  let caregiverDomain: { name: string; items: Record<string, string> };
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ listen: true, config: { frontendDist: FRONTEND_DIST } });
    const org = await createWizardOrg(t, 'oc');
    supervisorId = org.supervisorId;
    await org.approved('OC-01', { SEXUAL_ABUSE: '3' }, { dateOfAssessment: '2024-01-10' });
    // The latest, with a caregiver rated on the caregiver domain.
    const latest = await org.writer.start(org.workerId, { cin: 'OC-01', dateOfAssessment: '2024-07-10' });
    await org.writer.addCaregiver(latest, org.workerId, testCaregiver(`${latest}-cg`, 'Carer'));
    await org.writer.rate(latest, org.workerId, LATEST);
    await org.writer.rate(latest, org.workerId, { CG_SUPERVISION: '1' }, `${latest}-cg`);
    await org.writer.complete(latest, org.workerId);
    await org.writer.approve(latest, supervisorId);
    await org.approved('OC-02', { SEXUAL_ABUSE: '1' });
    trauma = await domainNames(t, 'TRAUMA');
    caregiverDomain = await domainNames(t, 'CAREGIVER_RESOURCES_NEEDS');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** The cells of a row (by its name) of a table (by its name), once they read `expected`. */
  const expectCells = (page: Page, table: string, item: string, expected: unknown[]) =>
    expectEventually(
      () => page.getByRole('table', { name: table }).getByRole('row', { name: item }).locator('td').allTextContents(),
      (cells) => expect(cells.map((s) => s.trim())).toEqual(expected),
    );

  it('runs end to end with each blocking message once and shows the chosen assessment’s ratings', async () => {
    const page = await signedInPage(browser, t, supervisorId, {
      viewport: { width: 1440, height: 900 },
      pageErrors: errors,
    });
    // Spec 002: the sidebar's Reports lists the four reports; this one opens from there.
    await page.goto(`${t.baseUrl}/`);
    await page.getByRole('menuitem', { name: 'Reports' }).click();
    await page.waitForURL(/\/report$/);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await expectPageChecks(page, 'reports-index');
    await page.getByRole('link', { name: 'One Child One CANS' }).click();
    await page.getByRole('heading', { name: 'One Child One CANS' }).waitFor();
    await page.getByText('Only approved assessments that are included in reports are used.').waitFor();
    // The first assessor is preselected (the supervisor assesses nobody: the worker).
    await page.getByRole('combobox', { name: 'Assessor' }).filter({ hasText: 'Worker Wizard' }).waitFor();
    await page.getByText('Only assessments by Worker Wizard. Clear the selection to include every assessor.').waitFor();
    await expectPageChecks(page, 'report-oc1-step1');

    await page.getByLabel('PID').fill('OC-01');
    await next(page);
    await step(page, 2, 'Select one child');
    await toHaveCount(page.getByRole('table', { name: 'Assessments of the filter' }).getByRole('row'), 3);
    await next(page);
    await page.getByRole('alert').filter({ hasText: 'Please select one child.' }).waitFor();
    const latest = page.getByRole('radio', { name: /^Select .* \(OC-01\), 07\/10\/2024$/ });
    await latest.focus();
    await page.keyboard.press('Space');
    await page.getByText(/^Selected: .* \(OC-01\), 07\/10\/2024\.$/).waitFor();
    await expectPageChecks(page, 'report-oc1-step2');
    await next(page);

    await step(page, 3, 'Choose domain(s)');
    await next(page);
    await page.getByRole('alert').filter({ hasText: 'Please choose domain(s) to report.' }).waitFor();
    await page.getByRole('checkbox', { name: trauma.name, exact: true }).check();
    await page.getByRole('checkbox', { name: caregiverDomain.name, exact: true }).check();
    await next(page);

    await step(page, 4, 'Generate report');
    await page.getByText('07/10/2024', { exact: true }).waitFor();
    await page.getByText('OC-01', { exact: true }).waitFor();
    // The gender by its name, as the PDF prints it (not the code "F").
    await page
      .getByRole('definition')
      .filter({ hasText: /^Female$/ })
      .waitFor();
    // The other CANS of the child: the January one, a link to its summary (spec 001 "links to other available CANS").
    const other = page.getByRole('link', { name: /^01\/10\/2024 · / });
    await toHaveAttribute(other, 'href', /^\/assessment\/summarycase\/[0-9a-f-]+$/);
    await toHaveAttribute(page.getByRole('tab', { name: trauma.name, exact: true }), 'aria-selected', 'true');
    const traumaChart = page.getByRole('img', { name: new RegExp(`^Bar chart of ${trauma.name}: `) });
    await traumaChart.waitFor();
    // Issue 28: one colour scale (spec 001 §9, chart-rules.ts) — the bar of a rating 0 is green, not the N/A grey.
    await expectEventually(
      () => drawnBars(traumaChart),
      (drawn) => {
        const fills = drawn.filter((bar) => ['0', '2', 'N/A'].includes(bar.label));
        expect(fills.map(({ label, fill }) => ({ label, fill })).sort((a, b) => a.label.localeCompare(b.label))).toEqual([
          { label: '0', fill: RATING_COLOURS['0'] },
          { label: '2', fill: RATING_COLOURS['2'] },
          { label: 'N/A', fill: RATING_COLOURS.NA },
        ]);
      },
    );
    await page.getByRole('region', { name: trauma.name, exact: true }).getByRole('button', { name: 'Show table' }).click();
    await expectCells(page, trauma.name, trauma.items.SEXUAL_ABUSE, ['2']);
    await expectCells(page, trauma.name, trauma.items.PHYSICAL_ABUSE, ['N/A']);
    await expectCells(page, trauma.name, trauma.items.EMOTIONAL_ABUSE, ['0']);
    await expectPageChecks(page, 'report-oc1-report');

    // The caregiver's domain, in its own tab, from the keyboard.
    await page.getByRole('tab', { name: trauma.name, exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const caregiverTab = page.getByRole('tab', { name: new RegExp(`^${caregiverDomain.name}: Carer`) });
    await toHaveAttribute(caregiverTab, 'aria-selected', 'true');
    const caregiverTitle = (await caregiverTab.textContent())!;
    await page.getByRole('region', { name: caregiverTitle, exact: true }).getByRole('button', { name: 'Show table' }).click();
    await expectCells(page, caregiverTitle, caregiverDomain.items.CG_SUPERVISION, ['1']);
    if (process.env.SCREENSHOTS_DIR)
      for (const width of [375, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/report-oc1-full-${width}.png`, fullPage: true });
      }
    await page.setViewportSize({ width: 1440, height: 900 });

    // Back clears the report; New Report clears the filter (the first assessor preselected again) and the choices.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await step(page, 3, 'Choose domain(s)');
    await toHaveCount(page.getByRole('tab'), 0);
    await next(page);
    await step(page, 4, 'Generate report');
    await page.getByRole('button', { name: 'New Report' }).click();
    await step(page, 1, 'Filter Assessments');
    await toHaveValue(page.getByLabel('PID'), '');
    await page.getByRole('combobox', { name: 'Assessor' }).filter({ hasText: 'Worker Wizard' }).waitFor();
    await next(page);
    await step(page, 2, 'Select one child');
    await toHaveCount(page.getByRole('radio', { checked: true }), 0);
    expect(errors).toEqual([]);
  });
});

describeInBrowser('One Child One CANS as the state administrator over the demo data (issue 31)', () => {
  jest.setTimeout(240_000);
  const app = demoDataInBrowser();

  it('names the preselected assessor in the hint and in an empty list, whose Clear filters brings every assessment', async () => {
    const page = await app.signedIn(DEMO_USER_IDS['state.admin']);
    await page.goto(`${app.t.baseUrl}/report/oneChildOneCANS`);
    // The first assessor stays preselected (spec 001 §5), and the hint says what that does.
    await page.getByRole('combobox', { name: 'Assessor' }).filter({ hasText: 'Jamie Carter' }).waitFor();
    await page.getByText('Only assessments by Jamie Carter. Clear the selection to include every assessor.').waitFor();
    await toHaveCount(page.getByText('None selected means all.'), 1); // the agency's only
    await expectPageChecks(page, 'report-oc-preselected');

    // Isla Martin is Riley Brooks's: with Jamie Carter preselected, her PID finds nothing, and the list says why.
    await page.getByLabel('PID').fill('PID-1009');
    await page.getByLabel('Date of assessment from').fill('2024-01-01');
    await next(page);
    await step(page, 2, 'Select one child');
    const empty = page.getByRole('status').filter({ hasText: 'No assessments match the filter.' });
    await empty.getByText('Filters in use — Assessor: Jamie Carter; PID: PID-1009; Date of assessment: From 01/01/2024.').waitFor();
    await expectPageChecks(page, 'report-oc-empty');
    await empty.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('radio', { name: /^Select Isla Martin \(PID-1009\), 06\/03\/2024$/ }).waitFor();
    await page.getByRole('radio', { name: /^Select Ava Thompson \(PID-1001\), / }).waitFor();
    await expectPageChecks(page, 'report-oc-cleared');

    // The filter was cleared, not only the list: no PID, no date, no assessor.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await step(page, 1, 'Filter Assessments');
    await toHaveValue(page.getByLabel('PID'), '');
    await toHaveValue(page.getByLabel('Date of assessment from'), '');
    await toHaveCount(page.getByText('None selected means all.'), 2);
    expect(app.errors).toEqual([]);
  });
});
