/**
 * The home dashboard in headless Chromium over the demo data (issue 13 "Home dashboard"): the System Notification
 * once a session, the monthly charts (a bar, and from the keyboard the month in the chart's table, open the list of
 * that month), the supervisor table (a number opens the list of exactly those rows), Recent Assessments and the
 * report box, with the page checks (axe, no sideways scrolling at 375, 1024 and 1440 px; screenshots with
 * SCREENSHOTS_DIR).
 */
import { ADMINISTRATOR_ID } from '@cans/domain/identity/identity-rules';
import { addDays } from '@cans/domain/assessments';
import type { Browser, Page } from 'playwright-core';
import { DEMO_USER_IDS } from '../../platform/seeding/demo-data/identity-demo-data';
import { describeInBrowser, FRONTEND_DIST, launchChromium, signedInPage } from '../../../test-support/browser';
import { expectAccessible, expectPageChecks } from '../../../test-support/page-checks';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { expectEventually, toHaveAttribute, toHaveCount, toHaveText, toHaveTexts, toHaveValue } from '../../../test-support/eventually';

/** Spec 001 §2 "Report routes": the report box may link these only. */
const REPORT_PATHS = ['/report/oneChildOneCANS', '/report/manyChildOneCANS', '/report/oneChildManyCANS', '/report/manyChildManyCANS'];

describeInBrowser('Home dashboard in headless Chromium (demo data)', () => {
  jest.setTimeout(180_000);
  let t: TestApp;
  let browser: Browser;
  const errors: string[] = [];
  const month = new Date().toISOString().slice(0, 7);

  beforeAll(async () => {
    t = await startTestApp({ listen: true, seed: 'demo-data', config: { frontendDist: FRONTEND_DIST } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const signedIn = (username: string): Promise<Page> =>
    signedInPage(browser, t, DEMO_USER_IDS[username], {
      viewport: { width: 1440, height: 900 },
      pageErrors: errors,
    });

  const api = async (username: string, path: string) => {
    const response = await t
      .http()
      .get(path)
      .set('Authorization', `Bearer ${t.tokenForUser(DEMO_USER_IDS[username])}`);
    expect(response.status).toBe(200);
    return response;
  };
  /** As the Notification editor saves it (its own screen is tested in settings.browser.spec.ts). */
  const saveNotification = async (content: string) => {
    const saved = await t.http().put('/api/system-notification').set('Authorization', `Bearer ${t.adminToken()}`).send({ content });
    expect(saved.status).toBe(200);
    await t.caughtUp();
  };
  const listTotal = async (username: string, filter: Record<string, unknown>) =>
    Number(
      /\/(\d+)$/.exec(
        (await api(username, `/api/assessments?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,0]`)).headers['content-range'],
      )?.[1],
    );
  /** The list page shows "1-n of total" (or "0 results") once its rows for `total` have loaded. */
  const expectListTotal = (page: Page, total: number) => page.getByText(new RegExp(`^1-${Math.min(total, 20)} of ${total}$`)).waitFor();

  it('shows the System Notification on the first load of a session only, sanitised', async () => {
    await saveNotification('<p>Planned maintenance <strong>Friday 18:00</strong>.</p><img src=x onerror="window.hacked=1">');
    const page = await signedIn('worker1');
    await page.goto(`${t.baseUrl}/`);
    const dialog = page.getByRole('dialog', { name: 'System Notification' });
    await dialog.getByText('Friday 18:00').waitFor();
    // An image's onerror runs once its load has failed: only after the dialog's images are done does "not run" mean it.
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('[role="dialog"] img')).every((img) => img.complete),
    );
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await expectAccessible(page, 'home notification dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Same session (tab): not again.
    await page.reload();
    await page.getByRole('heading', { name: 'Assessments per month', exact: true }).waitFor();
    await page.getByRole('link', { name: /^\d+ Pending Approval$/ }).waitFor();
    await toHaveCount(page.getByRole('dialog'), 0);

    // Wherever a session starts: the administrator lands on the library and sees it there.
    const admin = await signedInPage(browser, t, ADMINISTRATOR_ID, { pageErrors: errors });
    await admin.goto(`${t.baseUrl}/library`);
    await admin.getByRole('dialog', { name: 'System Notification' }).getByText('Friday 18:00').waitFor();
    await expectAccessible(admin, 'library notification dialog');

    // No content: no dialog, also in a new session.
    await saveNotification('');
    const fresh = await signedIn('worker1');
    await fresh.goto(`${t.baseUrl}/`);
    await fresh.getByRole('heading', { name: 'Assessments per month', exact: true }).waitFor();
    await fresh.getByRole('link', { name: /^\d+ Pending Approval$/ }).waitFor();
    await toHaveCount(fresh.getByRole('dialog'), 0);
    // A case worker supervises nobody: no supervisor table.
    await toHaveCount(fresh.getByRole('heading', { name: 'My workers' }), 0);
    expect(errors).toEqual([]);
  });

  it('counts the home cards up from 0 over 3200 ms, names each link by its final number throughout, and shows it at once with reduced motion', async () => {
    /** The cards' final numbers (data-count-up), the numbers shown, and the links' accessible names. */
    const cards = (page: Page) =>
      page.locator('[data-count-up]').evaluateAll((spans) =>
        spans.map((span) => ({
          final: Number(span.getAttribute('data-count-up')),
          shown: Number(span.textContent),
          // What assistive technology reads: the link's text without the aria-hidden counting number.
          name: (() => {
            const link = span.closest('a')?.cloneNode(true) as HTMLElement | undefined;
            link?.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
            return link?.textContent ?? '';
          })(),
        })),
      );
    const page = await signedIn('supervisor');
    // Every number each card shows, in order, recorded by the page itself: a sample taken from the test could come
    // after the 3.2 s on a loaded machine.
    await page.addInitScript(() => {
      const shown: Record<string, number[]> = {};
      (window as unknown as { countUpShown: typeof shown }).countUpShown = shown;
      const record = () =>
        document.querySelectorAll('[data-count-up]').forEach((span, index) => {
          const numbers = (shown[index] ??= []);
          const number = Number(span.textContent);
          if (numbers[numbers.length - 1] !== number) numbers.push(number);
        });
      new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`${t.baseUrl}/`);
    await page.locator('[data-count-up]').nth(7).waitFor();
    const early = await cards(page);
    expect(early).toHaveLength(8);
    const biggestIndex = early.reduce((best, card, index) => (card.final > early[best].final ? index : best), 0);
    const biggest = early[biggestIndex];
    expect(biggest.final).toBeGreaterThan(1);
    // The accessible name has the final number from the start (the counting number is aria-hidden).
    for (const card of early) expect(card.name).toMatch(new RegExp(`^${card.final}\\D`));
    await expectEventually(
      () => cards(page),
      (done) => expect(done.map((card) => card.shown)).toEqual(done.map((card) => card.final)),
      10_000,
    );
    // From 0, through numbers between, to the final one, never going back.
    const history: number[] = await page.evaluate(
      (index) => (window as unknown as { countUpShown: Record<string, number[]> }).countUpShown[index],
      biggestIndex,
    );
    expect(history[0]).toBe(0);
    expect(history[history.length - 1]).toBe(biggest.final);
    expect(history.some((number) => number > 0 && number < biggest.final)).toBe(true);
    expect([...history].sort((a, b) => a - b)).toEqual(history);

    const still = await signedIn('supervisor');
    await still.emulateMedia({ reducedMotion: 'reduce' });
    await still.goto(`${t.baseUrl}/`);
    await still.locator('[data-count-up]').nth(7).waitFor();
    const atOnce = await cards(still);
    expect(atOnce.map((card) => card.shown)).toEqual(atOnce.map((card) => card.final));
    for (const card of atOnce) expect(card.name).toMatch(new RegExp(`^${card.final}\\D`));
    expect(errors).toEqual([]);
  });

  it('opens the list of a month from its bar, and from the keyboard through the chart’s table', async () => {
    const total = await listTotal('supervisor', { date: month });
    expect(total).toBeGreaterThan(0);
    const page = await signedIn('supervisor');
    await page.goto(`${t.baseUrl}/`);
    await page.getByRole('heading', { name: 'Assessments per month by type' }).waitFor();
    // The bars in month order, this month's last.
    await page
      .getByRole('img', { name: /^Bar chart of assessments per month/ })
      .locator('rect')
      .last()
      .click();
    await page.waitForURL(/\/assessment\/list/);
    await page.getByText(`Assessed in ${month}`).waitFor();
    await expectListTotal(page, total);

    await page.goto(`${t.baseUrl}/`);
    const panel = page.getByRole('region', { name: 'Assessments per month', exact: true });
    const toggle = panel.getByRole('button', { name: 'Show table' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await panel.getByRole('button', { name: 'Show chart' }).waitFor();
    await toHaveAttribute(panel.getByRole('button', { name: 'Show chart' }), 'aria-pressed', 'true');
    const monthLink = panel.getByRole('link', { name: new RegExp(`^${total} assessments in .*, open the list$`) }).last();
    await monthLink.focus();
    await page.keyboard.press('Enter');
    await page.getByText(`Assessed in ${month}`).waitFor();
    await expectListTotal(page, total);
    expect(errors).toEqual([]);
  });

  it('gives a supervisor a table of their workers whose numbers open the matching lists', async () => {
    const caseloads = (await api('supervisor', '/api/assessment-counts/supervisees')).body;
    const jamie = caseloads.workers.find((worker: { name: string }) => worker.name === 'Jamie Carter');
    expect(jamie.inProgress).toBeGreaterThan(0);
    expect(await listTotal('supervisor', jamie.filters.inProgress)).toBe(jamie.inProgress);
    const page = await signedIn('supervisor');
    await page.goto(`${t.baseUrl}/`);
    const table = page.getByRole('table', { name: 'My workers' });
    await table.getByRole('row', { name: /Riley Brooks/ }).waitFor();
    await table.getByRole('link', { name: `${jamie.inProgress} In progress of Jamie Carter, open the list` }).click();
    await page.waitForURL(/\/assessment\/list/);
    await expectListTotal(page, jamie.inProgress);
    await expectEventually(
      () => page.locator('tbody tr').allTextContents(),
      (rows) => expect(rows.filter((row) => !(/Jamie Carter/.test(row) && /(Incomplete|Returned)/.test(row)))).toEqual([]),
    );
    // The list shows the filters the link applied: the status pair in the status select, the assessor in its input.
    await toHaveText(page.getByRole('combobox', { name: 'Status' }), 'Incomplete, Returned');
    await toHaveValue(page.getByRole('combobox', { name: 'Assessor' }), 'Jamie Carter');

    // "Total children": each child's latest assessment, named by a hint the keyboard can remove.
    await page.goto(`${t.baseUrl}/`);
    await table.getByRole('link', { name: `${jamie.children} Total children of Jamie Carter, open the list` }).click();
    const hints = page.getByRole('list', { name: 'Applied filters' });
    await hints.getByText('Latest assessment of each child', { exact: true }).waitFor();
    await expectListTotal(page, jamie.children);
    await expectPageChecks(page, 'assessment-list-latest-hint');
    await page.setViewportSize({ width: 1440, height: 900 });
    await hints.getByRole('button', { name: 'Remove filter: Latest assessment of each child' }).focus();
    await page.keyboard.press('Enter');
    await hints.waitFor({ state: 'detached' });
    await expectListTotal(page, await listTotal('supervisor', { ownerId: jamie.id }));

    // "Due within 30 days": the due range, in the list's date format.
    const mdy = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
    await page.goto(`${t.baseUrl}/`);
    await table.getByRole('link', { name: `${jamie.dueSoon} Due within 30 days of Jamie Carter, open the list` }).click();
    const tomorrow = addDays(caseloads.today, 1);
    await hints.getByText(`Next assessment due ${mdy(tomorrow)} – ${mdy(caseloads.dueUntil)}`, { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it('says Follow up and Overdue with one definition each, on the cards and in the table, counting the same assessments', async () => {
    const caseloads = (await api('supervisor', '/api/assessment-counts/supervisees')).body;
    const days = caseloads.overdueAfterDays;
    const followUpMeans = `Follow up: the next assessment is due and less than ${days} days past its due date.`;
    const overdueMeans = `Overdue: the next assessment is ${days} or more days past its due date.`;
    const page = await signedIn('supervisor');
    await page.goto(`${t.baseUrl}/`);
    const table = page.getByRole('table', { name: 'My workers' });
    await table.getByRole('row', { name: /Riley Brooks/ }).waitFor();
    await toHaveTexts(table.getByRole('columnheader'), [
      'Worker',
      'Total children',
      'In progress',
      'Pending approval',
      'Completed',
      'Due within 30 days',
      'Follow up',
      'Overdue',
    ]);
    await page.getByText(`${followUpMeans} ${overdueMeans}`, { exact: true }).waitFor();
    await toHaveCount(page.getByText(/past due\b/i), 0);
    // The cards' definitions: a tooltip on focus, and the link's description.
    const followUpCard = page.getByRole('link', { name: /Follow up Assessments$/ });
    await followUpCard.focus();
    await page.getByRole('tooltip', { name: followUpMeans }).waitFor();
    await toHaveAttribute(followUpCard, 'aria-describedby', /.+/);
    await page.getByRole('link', { name: /Overdue Assessments$/ }).focus();
    await page.getByRole('tooltip', { name: overdueMeans }).waitFor();
    // Each worker's Follow up and Overdue are that worker's rows of the overdue screen's tabs.
    for (const worker of caseloads.workers)
      for (const tab of ['followUp', 'overdue'])
        expect([worker.name, tab, await listTotal('supervisor', { view: tab, ownerId: worker.id })]).toEqual([
          worker.name,
          tab,
          worker[tab],
        ]);
    // The demo data has a reassessment in follow up (the one the walk saw as "Follow up" on a card, "Past due" here).
    const inFollowUp = caseloads.workers.find((worker: { followUp: number }) => worker.followUp > 0);
    expect(inFollowUp).toBeDefined();
    await table.getByRole('link', { name: `${inFollowUp.followUp} Follow up of ${inFollowUp.name}, open the list` }).click();
    await expectListTotal(page, inFollowUp.followUp);
    expect(errors).toEqual([]);
  });

  it('lists the ten most recently modified assessments, each opening the assessment, and a report box linking only report pages that exist; passes the page checks', async () => {
    const page = await signedIn('supervisor');
    await page.goto(`${t.baseUrl}/`);
    const recent = page.getByRole('table', { name: 'Recent Assessments' });
    await recent.getByRole('row').nth(10).waitFor();
    await toHaveCount(recent.getByRole('row'), 11); // header + page size 10
    await toHaveAttribute(page.getByRole('link', { name: 'View Assessments' }), 'href', '/assessment/list');
    // The report box links the four reports (only those whose pages exist, and all four do), each opening its page,
    // not the 404 page (checked at the end).
    await page.getByRole('heading', { name: 'Recent Assessments' }).waitFor();
    const reportHrefs = await expectEventually(
      () =>
        page
          .getByRole('navigation', { name: 'Reports' })
          .getByRole('link')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      (hrefs) => expect(hrefs).toEqual(REPORT_PATHS),
    );
    await page.getByRole('heading', { name: 'Assessments per month by type' }).waitFor();
    await page.locator('svg path').first().waitFor();
    await page.getByRole('table', { name: 'My workers' }).waitFor();
    await expectPageChecks(page, 'home-dashboard-supervisor');
    // The whole page, for review (the checks above keep the first screen of each width).
    if (process.env.SCREENSHOTS_DIR)
      for (const width of [375, 1024, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/home-dashboard-full-${width}.png`, fullPage: true });
      }

    // The row opens its assessment (the editor where the user may edit, else the view), as the list's rows do.
    const first = recent.getByRole('row').nth(1);
    const href = (await toHaveAttribute(first.getByRole('link'), 'href', /^\/assessment\/childinfo\/(edit|view)\/[^/]+$/))!;
    await first.getByRole('cell').nth(1).click();
    await page.waitForURL((url) => url.pathname === href);
    expect(errors).toEqual([]);

    for (const reportHref of reportHrefs) {
      await page.goto(`${t.baseUrl}${reportHref}`);
      await page.waitForLoadState('networkidle');
      await expectEventually(
        () => page.getByText('You can not enter this page...').count(),
        (count) => expect([reportHref, count]).toEqual([reportHref, 0]),
      );
    }
    expect(errors).toEqual([]);
  });
});
