/**
 * Export Approved Assessments on the Library screen (issue 15, spec 002 §2 Question Library, §4) in headless
 * Chromium over the demo data: the administrator (who lands on /library) asks without a range and is told to
 * choose one, exports a range with approved assessments and the XLSX arrives — read back with exceljs, its rows are
 * the range's approved assessments — and an empty range says there is nothing to export. Page checks (axe, no
 * sideways scrolling at 375, 1024 and 1440 px). The "Mail to" variant: a bad address gets the server's message beside
 * the field, a good one gets the XLSX as an attachment through a real SMTP server. A library manager without
 * DATA_FEED_SHOW sees no export.
 */
import { readFile } from 'node:fs/promises';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { feedRangeIds } from '@cans/projections/data-feed/data-feed.queries';
import { ADMINISTRATOR_ID } from '@cans/domain/identity/identity-rules';
import { describeInBrowser, demoDataInBrowser } from '../../../test-support/browser';
import { expectPageChecks } from '../../../test-support/page-checks';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { readWorkbook } from './xlsx-read-back';
import { toHaveAttribute, toHaveCount } from '../../../test-support/eventually';

const RANGE = { from: '2000-01-01', to: '2099-12-31' };

describeInBrowser('Export Approved Assessments in headless Chromium (demo data)', () => {
  jest.setTimeout(180_000);
  let smtp: SmtpTestServer;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
  });
  afterAll(() => smtp?.close());
  const app = demoDataInBrowser(() => ({ identity: { smtp: smtp.settings } }));

  it('asks for the range, downloads the XLSX of the range’s approved assessments, and says when there are none', async () => {
    await app.t.caughtUp();
    const expected = await feedRangeIds(app.t.app.get<ReadStore>(READ_STORE), RANGE.from, RANGE.to, 5001);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThanOrEqual(5000);

    const page = await app.signedIn(ADMINISTRATOR_ID);
    await page.goto(`${app.t.baseUrl}/library`);
    const form = page.getByRole('form', { name: 'Export approved assessments by date of assessment' });
    await form.waitFor();
    const exportButton = form.getByRole('button', { name: 'Export Approved Assessments' });
    await exportButton.click();
    await form.getByRole('status').filter({ hasText: 'Please select Date Range.' }).waitFor();
    await expectPageChecks(page, 'library-export');

    // Keyboard only: type the dates and submit with Enter.
    await form.getByRole('textbox', { name: 'From', exact: true }).fill('2001-01-01');
    await form.getByRole('textbox', { name: 'To', exact: true }).fill('2001-12-31');
    await form.getByRole('textbox', { name: 'To', exact: true }).press('Enter');
    await form.getByText('There are no assessments to export.').waitFor();

    await form.getByRole('textbox', { name: 'From', exact: true }).fill(RANGE.from);
    await form.getByRole('textbox', { name: 'To', exact: true }).fill(RANGE.to);
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toBe(`cans-approved-assessments-${RANGE.from}-to-${RANGE.to}.xlsx`);
    await form.getByText('The approved assessments were exported successfully.').waitFor();
    const sheets = await readWorkbook(await readFile((await download.path())!));
    expect(sheets.get('children')!.rows.map((row) => row.assessment_id)).toEqual(expected);
    expect(app.errors).toEqual([]);
  });

  it('mails the XLSX of the range to the address given; a bad address gets the server’s message', async () => {
    await app.t.caughtUp();
    const expected = await feedRangeIds(app.t.app.get<ReadStore>(READ_STORE), RANGE.from, RANGE.to, 5001);
    const page = await app.signedIn(ADMINISTRATOR_ID);
    await page.goto(`${app.t.baseUrl}/library`);
    const form = page.getByRole('form', { name: 'Export approved assessments by date of assessment' });
    await form.getByRole('textbox', { name: 'From', exact: true }).fill(RANGE.from);
    await form.getByRole('textbox', { name: 'To', exact: true }).fill(RANGE.to);
    const mailTo = form.getByRole('textbox', { name: 'Mail to (optional)' });

    const since = smtp.mails.length;
    await mailTo.fill('not an address');
    await mailTo.press('Enter');
    await form.locator('#library-export-email-helper-text').filter({ hasText: 'Please enter a valid email address.' }).waitFor();
    await toHaveAttribute(mailTo, 'aria-invalid', 'true');
    expect(smtp.mails.length).toBe(since);

    await mailTo.fill('analyst@agency.example');
    await form.getByRole('button', { name: 'Export Approved Assessments' }).click();
    await form
      .getByRole('status')
      .filter({ hasText: 'The approved assessments were exported successfully and sent to analyst@agency.example.' })
      .waitFor();
    const received = await smtp.nextMailTo('analyst@agency.example', since);
    expect(received.subject).toBe(`CANS approved assessments ${RANGE.from} to ${RANGE.to}`);
    expect(received.attachments.map((attachment) => attachment.filename)).toEqual([
      `cans-approved-assessments-${RANGE.from}-to-${RANGE.to}.xlsx`,
    ]);
    const sheets = await readWorkbook(received.attachments[0].content);
    expect(sheets.get('children')!.rows.map((row) => row.assessment_id)).toEqual(expected);
    expect(app.errors).toEqual([]);
  });

  it('a library manager without DATA_FEED_SHOW sees the library but no export', async () => {
    const userId = 'e0e0e0e0-0000-4000-8000-00000000e001';
    app.t.tokenFor(['HOME_SHOW', 'Library_Manage'], userId);
    await app.t.settled();
    const page = await app.signedIn(userId);
    await page.goto(`${app.t.baseUrl}/library`);
    await page.getByRole('button', { name: 'Add', exact: true }).waitFor();
    await toHaveCount(page.getByRole('form', { name: 'Export approved assessments by date of assessment' }), 0);
  });
});
