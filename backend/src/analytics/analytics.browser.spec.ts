/**
 * The Analytics page in headless Chromium over the demo data, as the demo analyst reads it (issue 31 item 6: it
 * read like a developer tool): projections, collections and columns in words, item codes with the item's name and
 * agencies by name, descriptions rendered from their Markdown (no stray backticks), the CSV of the demo's approvals,
 * and a date without a replay answered in the reader's terms — no server command anywhere on the page. Page checks
 * (axe, no sideways scrolling at 375, 1024 and 1440 px) on each state.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { describeInBrowser, demoDataInBrowser } from '../../test-support/browser';
import { expectEventually } from '../../test-support/eventually';
import { expectPageChecks } from '../../test-support/page-checks';
import { DEMO_USER_IDS } from '../platform/seeding/demo-data/identity-demo-data';
import { createWizardOrg } from '../reports/test-support/wizard-org';

const ANALYST = DEMO_USER_IDS['analyst'];
const DEMO_AGENCY = /^(Northside|Riverbend|Lakeshore)$/;

/** What the page says: no field name (camelCase), no Markdown backtick, no command to run. */
async function expectReadableText(page: Page): Promise<void> {
  await expectEventually(
    (timeout) => page.locator('main').innerText({ timeout }),
    (shown) => expect(shown).not.toMatch(/`|npm|\b[a-z]+[A-Z][A-Za-z]*\b|by_month|item-transitions/),
  );
}

describeInBrowser('Analytics page in headless Chromium (demo data)', () => {
  jest.setTimeout(240_000);
  const app = demoDataInBrowser();

  beforeAll(async () => {
    // The demo has no child with two approved assessments: this one gives the item transitions a row.
    const org = await createWizardOrg(app.t, 'analytics');
    await org.approved('PID-ANALYTICS-1', { SEXUAL_ABUSE: '3' }, { dateOfAssessment: '2025-01-10' });
    await org.approved('PID-ANALYTICS-1', { SEXUAL_ABUSE: '1' }, { dateOfAssessment: '2025-04-10' });
  });

  it('an analyst reads the figures in words: labelled columns, item and agency names, descriptions rendered, the CSV', async () => {
    const page = await app.signedIn(ANALYST);
    await page.goto(`${app.t.baseUrl}/home`);
    await page.getByRole('menuitem', { name: 'Analytics' }).click();
    await page.waitForURL(/\/analytics$/);

    await page.getByRole('combobox', { name: 'Collection' }).click();
    await page.getByRole('option', { name: 'Outcomes by item' }).click();
    const items = page.getByRole('table', { name: 'Item transitions: Outcomes by item' });
    await expectEventually(
      () => items.getByRole('columnheader').allInnerTexts(),
      (headings) =>
        expect(headings).toEqual([
          'Child or caregiver',
          'Item',
          'Pairs',
          'Actionable',
          'Resolved',
          'Improved',
          'Resolved (%)',
          'Improved (%)',
        ]),
    );
    // The item's current name beside its code; the one pair is a small cell.
    await items.getByRole('cell', { name: 'Sexual Abuse (SEXUAL_ABUSE)' }).waitFor();
    await items.getByRole('cell', { name: '< 5' }).first().waitFor();
    // What each column means: the Markdown rendered (code, emphasis), not shown as text.
    await page.getByRole('button', { name: 'About the columns' }).click();
    const columns = page.locator('dl');
    await columns.getByText('Resolved (%)', { exact: true }).waitFor();
    await columns.locator('code', { hasText: '2' }).first().waitFor();
    await columns.locator('em', { hasText: 'Actionable' }).first().waitFor();
    await expectReadableText(page);
    await expectPageChecks(page, 'analytics, outcomes by item');

    await page.getByRole('combobox', { name: 'Projection' }).click();
    await page.getByRole('option', { name: 'Time to approval' }).click();
    const months = page.getByRole('table', { name: 'Time to approval: By agency and month' });
    await months.getByRole('row').nth(1).waitFor();
    await expectEventually(
      () => months.getByRole('columnheader').allInnerTexts(),
      (headings) => {
        expect(headings.slice(0, 4)).toEqual(['Agency', 'Agency name', 'Month', 'Approved']);
        expect(headings).toContain('Creation to completion: mean days');
      },
    );
    // The demo's approvals, by agency (its display name, not its id) and month of approval.
    await months
      .getByRole('cell', { name: new Date().toISOString().slice(0, 7) })
      .first()
      .waitFor();
    await expectEventually(
      () => months.locator('tbody tr td:first-child').allInnerTexts(),
      (agencies) => expect(agencies).toContainEqual(expect.stringMatching(DEMO_AGENCY)),
    );
    await expectReadableText(page);
    await expectPageChecks(page, 'analytics, time to approval');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('cans-analytics-time-to-approval-by_month.csv');
    const rows = parse(await readFile((await download.path())!), { columns: true, bom: true }) as Array<Record<string, string>>;
    // The demo's four approvals: every agency-month holds fewer than the minimum cell size, so the count is
    // suppressed in the CSV as on the page (issue 27, small cells).
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.approved)).toEqual(rows.map(() => '< 5'));
    expect(app.errors).toEqual([]);
  });

  it('a date without a replay is said in the reader’s terms; the analyst replays it on the page, follows it, and reads it', async () => {
    const page = await app.signedIn(ANALYST);
    await page.goto(`${app.t.baseUrl}/analytics`);
    await page.getByRole('table', { name: 'Item transitions: Rating transitions' }).waitFor();
    await page.getByLabel('As replayed until').fill('2025-01-31');
    const notice = page.getByRole('alert').filter({ hasText: 'No replay of this projection reaches that date yet' });
    await notice.waitFor();
    await expectEventually(
      (timeout) => notice.innerText({ timeout }),
      (text) => expect(text).toMatch(/ask for one under “Replay as of a past date”/),
    );
    await expectReadableText(page);
    await expectPageChecks(page, 'analytics, no replay until that date');

    // Asked for from the page: the app builds it while serving; the panel follows it to its end.
    const panel = page.getByRole('region', { name: 'Replay as of a past date' });
    await panel.getByLabel('Until the end of').fill('2025-01-31');
    await panel.getByRole('button', { name: 'Replay', exact: true }).press('Enter');
    const replays = panel.getByRole('list', { name: 'Replays of this projection' });
    await replays.getByText('Until 2025-01-31 (yours)').waitFor();
    await expectEventually(
      (timeout) => replays.getByRole('status').first().innerText({ timeout }),
      (text) => expect(text).toMatch(/^Done: [\d,]+ events recorded until then\.$/),
      60_000,
    );
    await expectPageChecks(page, 'analytics, a replay done');
    await replays.getByRole('button', { name: 'Show these figures' }).click();
    expect(await page.getByLabel('As replayed until').inputValue()).toBe('2025-01-31');
    // Replays go by when changes were recorded: the demo was recorded today, so at the end of 2025-01-31 there was none.
    await page.getByRole('table', { name: 'Item transitions: Rating transitions' }).getByText('No rows yet.').waitFor();
    expect(await page.getByText('No replay of this projection reaches that date yet').count()).toBe(0);
    // Emptied: the live figures again.
    await page.getByLabel('As replayed until').fill('');
    await page.getByRole('table', { name: 'Item transitions: Rating transitions' }).waitFor();
    expect(app.errors).toEqual([]);
  });
});
