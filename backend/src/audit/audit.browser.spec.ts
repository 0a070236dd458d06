/**
 * Issue 16's Done-when in headless Chromium over the demo data: the supervisor opens the History tab of a demo
 * assessment that was returned and approved (Mia Johnson's: worker Riley Brooks re-rated one item after the return),
 * sees who changed which rating, filters by kind, opens the assessment as it was before the return, compares it
 * with today, downloads the history CSV, and finds their own view of the record among the access events; who could
 * see it is answered for a past moment. Each session is collapsed to a summary line until opened, a jump to a date
 * opens the first session from then, the printable view keeps every change open, and the comparison shows an item
 * not yet rated as "(none)", the history's word (issue 31). Page checks (axe, no sideways scrolling at 375, 1024
 * and 1440 px) on the history, as-of and compare pages. (The Analytics page: analytics/analytics.browser.spec.ts.)
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { describeInBrowser, demoDataInBrowser } from '../../test-support/browser';
import { expectPageChecks } from '../../test-support/page-checks';
import { demoAssessmentId } from '../platform/seeding/demo-data/assessments-demo-data';
import { DEMO_USER_IDS } from '../platform/seeding/demo-data/identity-demo-data';
import { expectEventually, toHaveAttribute, toHaveCount, toHaveText } from '../../test-support/eventually';

const SUPERVISOR = DEMO_USER_IDS['supervisor'];
const MIA = demoAssessmentId('mia-recent');

/** 'MM/dd/yyyy' as the page writes a day → the date input's 'yyyy-MM-dd', moved by `days`. */
const dateInputValue = (shown: string, days = 0): string => {
  const [month, day, year] = shown.split('/').map(Number);
  const date = new Date(year, month - 1, day + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

describeInBrowser('Assessment history, the assessment as it was, and access events in headless Chromium (demo data)', () => {
  jest.setTimeout(240_000);
  const app = demoDataInBrowser();

  it('a supervisor audits a returned and approved assessment: who changed which rating, as it was before the return, compared with today, CSV, own view recorded', async () => {
    const page = await app.signedIn(SUPERVISOR);
    await page.goto(`${app.t.baseUrl}/assessment/childinfo/edit/${MIA}`);
    await page.getByRole('tab', { name: 'History' }).click();
    await page.waitForURL(/\/assessment\/history\//);
    await page.getByRole('heading', { name: /History of the assessment/ }).waitFor();

    // Every session collapsed to one line: who, when, and what was done, counted, in words; no change shown yet.
    const sessions = page.getByRole('region', { name: /^Session of / });
    const toggles = sessions.locator('button[aria-expanded]');
    const expanded = sessions.locator('button[aria-expanded="true"]');
    await toggles.first().waitFor();
    await expectEventually(
      () => toggles.count(),
      (count) => expect(count).toBeGreaterThanOrEqual(4),
    );
    await toHaveCount(expanded, 0);
    await toHaveCount(page.locator('li[data-kind]'), 0);
    const created = toggles.first();
    /** Every session open: as many open toggles as toggles (both read together, again and again). */
    const expectAllExpanded = () =>
      expectEventually(
        () => Promise.all([expanded.count(), toggles.count()]),
        ([open, all]) => {
          expect(all).toBeGreaterThanOrEqual(4);
          expect(open).toBe(all);
        },
      );
    await toHaveText(
      created,
      /^Riley Brooks.*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}.*Started the assessment, rated \d+ items, sent it for approval and \d+ more changes$/,
    );
    const rileysSessions = page.getByRole('region', { name: 'Session of Riley Brooks' });
    const reRating = rileysSessions.nth(1).locator('button[aria-expanded]');
    await toHaveText(reRating, /Rated 1 item and sent it for approval$/);
    const sofiasSessions = page.getByRole('region', { name: 'Session of Sofia Martinez' });
    // A session of one change is summed up by that change's own sentence.
    await toHaveText(sofiasSessions.first().locator('button[aria-expanded]'), /Returned: The school report of last week.*$/);
    await toHaveText(sofiasSessions.nth(1).locator('button[aria-expanded]'), /Approved/);

    // Who changed which rating: the worker's re-rating after the return, with the rating before it, once opened
    // from the keyboard.
    const rating = page.locator('li[data-kind="rating"]').filter({ hasText: /\(was [01]\)/ });
    await reRating.focus();
    await page.keyboard.press('Enter');
    await toHaveAttribute(reRating, 'aria-expanded', 'true');
    await rating.first().waitFor();
    const reRated = rileysSessions.filter({ has: rating });
    await reRated.first().waitFor();
    await toHaveCount(expanded, 1);
    await expectPageChecks(page, 'assessment history');

    // Jump to a date: the first session on or after it opens, is scrolled to and has the focus; after the last, none.
    await page.getByRole('button', { name: 'Expand all' }).click();
    await expectAllExpanded();
    await created.click();
    await toHaveAttribute(created, 'aria-expanded', 'false');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const firstDay = /\d{2}\/\d{2}\/\d{4}/.exec(await created.innerText())![0];
    const jumpDate = page.getByLabel('Jump to date');
    await jumpDate.fill(dateInputValue(firstDay));
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await toHaveAttribute(created, 'aria-expanded', 'true');
    await page
      .getByRole('status')
      .filter({ hasText: `Showing the first session on or after ${firstDay}.` })
      .waitFor();
    await expectEventually(
      () => created.evaluate((button) => ({ focused: button === document.activeElement, top: button.getBoundingClientRect().top })),
      ({ focused, top }) => {
        expect(focused).toBe(true);
        expect(top).toBeGreaterThanOrEqual(0);
        expect(top).toBeLessThan(900 / 2);
      },
    );
    const lastDay = /\d{2}\/\d{2}\/\d{4}/.exec(await toggles.last().innerText())![0];
    const dayAfter = dateInputValue(lastDay, 1);
    await jumpDate.fill(dayAfter);
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    const [year, month, day] = dayAfter.split('-');
    await page
      .getByRole('status')
      .filter({ hasText: `No session on or after ${month}/${day}/${year}.` })
      .waitFor();
    await expectAllExpanded();
    // Opened, the supervisor's sessions show the return with its reason and the approval.
    const returned = page.locator('li[data-kind="status"]').filter({ hasText: 'Returned: The school report of last week' });
    await returned.waitFor();
    await page
      .locator('li[data-kind="status"]')
      .filter({ hasText: /^.*Approved/ })
      .first()
      .waitFor();

    // Filter by kind: only ratings remain.
    await page.getByRole('combobox', { name: 'Kind of change' }).click();
    await page.getByRole('option', { name: 'Ratings' }).click();
    await page.waitForURL(/kind=rating/);
    await page.waitForFunction(() => document.querySelectorAll('li[data-kind="status"]').length === 0);
    await rating.first().waitFor();
    await page.getByRole('combobox', { name: 'Kind of change' }).click();
    await page.getByRole('option', { name: 'All kinds' }).click();
    await returned.waitFor();
    // Every change of the record, all sessions open (Expand all holds across filters): the printable view has each.
    const changesOnPage = await expectEventually(
      () => page.locator('li[data-kind]:not([data-kind="viewed"])').count(),
      (count) => expect(count).toBeGreaterThan(20),
    );

    // The history CSV: the rating change is a row with its before and after.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^cans-history-.*\.csv$/);
    const rows = parse(await readFile((await download.path())!), { columns: true, bom: true }) as Array<Record<string, string>>;
    const ratingRows = rows.filter((row) => row.Kind === 'rating' || row.Kind === 'Ratings');
    expect(ratingRows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.Change.startsWith('Returned: The school report'))).toBe(true);
    expect(rows.some((row) => /\(was [01]\)/.test(row.Change) && row.User === 'Riley Brooks')).toBe(true);

    // As it was before the return: the completion just before it.
    const completions = page.locator('li[data-kind="status"]').filter({ hasText: 'Completed' });
    await completions
      .first()
      .getByRole('link', { name: /View the assessment as it was after/ })
      .click();
    await page.waitForURL(/\/as-of\?revision=\d+/);
    const banner = page.getByRole('status').filter({ hasText: /As of .*after change \d+ of \d+/ });
    await banner.waitFor();
    await page.getByText('Pending Approval').first().waitFor();
    await toHaveCount(page.getByRole('slider', { name: 'Step through the changes' }), 1);
    await expectPageChecks(page, 'assessment as it was');

    // Compared with today: the re-rated item and the status are changed rows.
    await page.getByRole('link', { name: 'Compare with today' }).click();
    await page.waitForURL(/\/compare\?revision=\d+/);
    const changedRows = page.locator('tr[data-changed="true"]');
    await changedRows.first().waitFor();
    await toHaveCount(changedRows.filter({ hasText: 'Status' }), 1);
    await expectEventually(
      () => changedRows.allInnerTexts(),
      (changedTexts) =>
        expect(changedTexts.some((text) => /\n0\s*\n?\s*1$|\t0\t1$|0\s+1$/.test(text.trim()) || /1\s+0$/.test(text.trim()))).toBe(true),
    );
    await expectPageChecks(page, 'assessment compared with today');

    // Compared from the first rating: every other item was not rated then, and reads "(none)" as in the history.
    await page.goto(`${app.t.baseUrl}/assessment/history/${MIA}`);
    await created.click();
    await page
      .locator('li[data-kind="rating"]')
      .first()
      .getByRole('link', { name: /Compare the assessment after/ })
      .click();
    await page.waitForURL(/\/compare\?revision=\d+/);
    await changedRows.filter({ hasText: '(none)' }).first().waitFor();
    await expectEventually(
      () => page.locator('tbody td').allInnerTexts(),
      (cells) => {
        expect(cells.length).toBeGreaterThan(0);
        expect(cells.filter((cell) => cell.trim() === '')).toEqual([]);
      },
    );
    await expectPageChecks(page, 'assessment compared from its first rating');

    // The printable view: the same sessions, every one open with every change, nothing to expand.
    await page.goto(`${app.t.baseUrl}/assessment/history/${MIA}/print`);
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await toHaveCount(page.locator('li[data-kind]:not([data-kind="viewed"])'), changesOnPage);
    await toHaveCount(page.locator('button[aria-expanded]'), 0);
    // Filtered as the page was, without the app's menu, with Print.
    await page.goto(`${app.t.baseUrl}/assessment/history/${MIA}/print?kind=status`);
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).waitFor(); // a tab of its own: it offers to close itself
    await page.locator('li[data-kind="status"]').filter({ hasText: 'Returned: The school report' }).waitFor();
    // One clock: each change's time as the session's header writes it (24-hour HH:mm, no AM/PM beside it).
    await expectEventually(
      () => page.locator('time').allTextContents(),
      (times) => {
        expect(times.length).toBeGreaterThan(0);
        for (const time of times) expect(time).toMatch(/^\d{2}:\d{2}$/);
      },
    );
    await toHaveCount(page.getByText(/\b[AP]M\b/), 0);
    // Named like the other printable tabs: what, whose, when (not "CANS").
    await expectEventually(
      () => page.title(),
      (title) => expect(title).toMatch(/^History of the assessment .+ \d{12}$/),
    );
    await expectPageChecks(page, 'printable history');

    // The access events show the supervisor's own reads (the editor opened above, the as-of and compare views).
    await page.goto(`${app.t.baseUrl}/assessment/history/${MIA}?kind=viewed`);
    // Collapsed, the session says so in words; opened, it lists each read.
    await page
      .getByRole('region', { name: 'Session of Sofia Martinez' })
      .locator('button[aria-expanded]')
      .filter({ hasText: /Viewed it \d+ times$/ })
      .first()
      .click();
    await page.locator('li[data-kind="viewed"]').filter({ hasText: 'Viewed by Sofia Martinez' }).first().waitFor({ timeout: 30_000 });

    // Who could see it at this moment: the owner, the worker it is shared with and the supervisor.
    await page.getByRole('button', { name: 'Show' }).click();
    const who = page.getByRole('list', { name: /Who could see this assessment/ });
    await who.waitFor();
    for (const name of ['Riley Brooks', 'Jamie Carter', 'Sofia Martinez']) await who.getByText(name, { exact: false }).first().waitFor();
    expect(app.errors).toEqual([]);
  });
});
