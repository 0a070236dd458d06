/**
 * The Data Feed page (issue 15, spec 002 §2 "Data Feed (monthly download)") in headless Chromium over the demo data:
 * the State Administrator (DATA_FEED_SHOW) opens it from the menu, picks a past month that has approved
 * assessments and the zip downloads; a month with none says so; next month's card is disabled; page checks (axe,
 * no sideways scrolling at 375, 1024 and 1440 px). A case worker has no menu entry.
 */
import { readFile } from 'node:fs/promises';
import { describeInBrowser, demoDataInBrowser } from '../../test-support/browser';
import { expectPageChecks } from '../../test-support/page-checks';
import { DEMO_USER_IDS } from '../platform/seeding/demo-data/identity-demo-data';
import { toBeDisabled, toHaveCount } from '../../test-support/eventually';

const STATE_ADMIN = DEMO_USER_IDS['state.admin'];
const monthName = (month: number) => new Date(2000, month - 1, 1).toLocaleString('en-US', { month: 'long' });

describeInBrowser('Data Feed monthly download in headless Chromium (demo data)', () => {
  jest.setTimeout(180_000);
  const app = demoDataInBrowser();

  /** The most recent past month with approved assessments, and one without (asked through the API). */
  async function months(): Promise<{ withData: { year: number; month: number }; empty: { year: number; month: number } }> {
    const token = app.t.tokenForUser(STATE_ADMIN);
    await app.t.caughtUp();
    let withData: { year: number; month: number } | null = null;
    let empty: { year: number; month: number } | null = null;
    const now = new Date();
    // Both in the current year or the one before, so the year picker shows them after at most one change.
    for (let back = 1; back <= 12 + now.getMonth() && (!withData || !empty); back++) {
      const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
      const query = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
      const answer = await app.t
        .http()
        .get('/api/data-feed/monthly/count')
        .query(query)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      if (answer.body.count > 0) withData ??= query;
      else empty ??= query;
    }
    if (!withData || !empty) throw new Error('the demo data has no approved assessment (or no gap) in the last year');
    return { withData, empty };
  }

  it('a user with DATA_FEED_SHOW downloads a past month; an empty month says so; later months are disabled', async () => {
    const { withData, empty } = await months();
    const page = await app.signedIn(STATE_ADMIN);
    await page.goto(`${app.t.baseUrl}/home`);
    await page.getByRole('menuitem', { name: 'Data Feed' }).click();
    await page.waitForURL(/\/datafeed$/);
    await page.getByRole('heading', { name: 'Data Feed' }).waitFor();

    const now = new Date();
    if (now.getMonth() < 11) {
      const next = page.getByRole('button', { name: new RegExp(`^${monthName(now.getMonth() + 2)} ${now.getFullYear()}: not available`) });
      await toBeDisabled(next);
    }
    const current = page.getByRole('button', { name: new RegExp(`^${monthName(now.getMonth() + 1)} ${now.getFullYear()}: not available`) });
    await toBeDisabled(current);
    await expectPageChecks(page, 'data-feed');

    const chooseYear = async (year: number) => {
      await page.getByRole('combobox', { name: 'Year' }).click();
      await page.getByRole('option', { name: String(year), exact: true }).click();
    };
    await chooseYear(now.getFullYear() + 1);
    await toBeDisabled(page.getByRole('button', { name: /^January .*not available/ }));

    await chooseYear(empty.year);
    await page.getByRole('button', { name: `Download ${monthName(empty.month)} ${empty.year}` }).click();
    await page.getByText('There are no assessments to export.').waitFor();

    await chooseYear(withData.year);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ${monthName(withData.month)} ${withData.year}` }).click(),
    ]);
    const key = `${withData.year}-${String(withData.month).padStart(2, '0')}`;
    expect(download.suggestedFilename()).toBe(`cans-data-feed-${key}.zip`);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    // The server's pool refuses (every worker busy): the page says so in the server's words, no JSON tab.
    const busy = 'The server is preparing many files right now. Please try again in a few seconds.';
    await page.route('**/api/data-feed/monthly/download?*', (route) =>
      route.fulfill({
        status: 503,
        headers: { 'retry-after': '5' },
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, message: busy, retryAfterSeconds: 5 }),
      }),
    );
    await page.getByRole('button', { name: `Download ${monthName(withData.month)} ${withData.year}` }).click();
    await page.getByRole('alert').filter({ hasText: busy }).waitFor();
    await page.unroute('**/api/data-feed/monthly/download?*');
    expect(app.errors.filter((error) => !error.includes('503'))).toEqual([]);
  });

  it('a case worker has no Data Feed menu entry', async () => {
    const page = await app.signedIn(DEMO_USER_IDS.worker1);
    await page.goto(`${app.t.baseUrl}/home`);
    await page.getByRole('menuitem', { name: 'Home' }).waitFor();
    await toHaveCount(page.getByRole('menuitem', { name: 'Data Feed' }), 0);
  });
});
