/**
 * Analytics → New projection in headless Chromium over the demo data, as an author (the administrator, who holds
 * Analytics_Author): a template in the CodeMirror editor, completion of the analyst's event fields, Preview with its
 * table and chart, a mistake shown with its line and the cursor taken there, Tab leaving the editor; page checks
 * (axe, no sideways scrolling at 375, 1024 and 1440 px). A Monitor sees neither the button nor the page.
 */
import { readFile } from 'node:fs/promises';
import { ADMINISTRATOR_ID } from '@cans/domain/identity/identity-rules';
import { describeInBrowser, demoDataInBrowser } from '../../../test-support/browser';
import { expectEventually } from '../../../test-support/eventually';
import { expectPageChecks } from '../../../test-support/page-checks';
import { DEMO_USER_IDS } from '../../platform/seeding/demo-data/identity-demo-data';

const COUNT_BY_TYPE = `const collections = {
  by_type: { label: 'Events by type', fields: { type: 'string', events: 'count' } },
};
function initialState() { return {}; }
function apply(state, event) {
  state[event.type] = (state[event.type] ?? 0) + 1;
}
function rows(state) {
  return { by_type: Object.entries(state).map(([type, events]) => ({ type, events })) };
}
`;

describeInBrowser('New projection page in headless Chromium (demo data)', () => {
  jest.setTimeout(240_000);
  const app = demoDataInBrowser();

  it('an author previews a template, writes a projection with completion, and is taken to the line of a mistake', async () => {
    const page = await app.signedIn(ADMINISTRATOR_ID);
    await page.goto(`${app.t.baseUrl}/analytics`);
    await page.getByRole('link', { name: 'New projection' }).click();
    await page.waitForURL(/\/analytics\/new$/);
    await page.getByRole('heading', { name: 'New projection', level: 1 }).waitFor();
    const editor = page.getByRole('textbox', { name: 'Projection code (JavaScript)' });
    await editor.waitFor();

    // The first template is loaded; the other one replaces it.
    await expectEventually(
      () => editor.innerText(),
      (code) => expect(code).toContain('Rating transitions per item'),
    );
    await page.getByRole('combobox', { name: 'Start from a template' }).click();
    await page.getByRole('option', { name: 'Time to approval (template)' }).click();
    await expectEventually(
      () => editor.innerText(),
      (code) => expect(code).toContain('const collections'),
    );
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('heading', { name: 'Preview', level: 2 }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /events applied in \d+ ms/ })
      .waitFor();
    await page
      .getByRole('region', { name: 'Rows of Time to approval by agency and month' })
      .getByRole('columnheader', { name: 'meanDays' })
      .waitFor();
    await expectPageChecks(page, 'new projection, template previewed');

    // Writing: everything replaced by typing; `event.` offers the analyst's fields.
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('function apply(state, event) {\n  return event.');
    await page.keyboard.press('Control+Space');
    const completion = page.getByRole('listbox');
    await completion.getByRole('option', { name: /ageInMonths/ }).waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(COUNT_BY_TYPE);
    await page.getByRole('button', { name: 'Preview' }).click();
    const table = page.getByRole('region', { name: 'Rows of Events by type' });
    await table.getByRole('cell', { name: 'ItemRated', exact: true }).waitFor();
    await page.getByRole('img', { name: /Bar chart of events per row of Events by type/ }).waitFor();
    await expectPageChecks(page, 'new projection, own projection previewed');

    // A mistake on line 6: the message says where, and the button takes the cursor there.
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(
      COUNT_BY_TYPE.replace('state[event.type] = (state[event.type] ?? 0) + 1;', 'state[event.type] = event.missing.field;'),
    );
    await page.getByRole('button', { name: 'Preview' }).click();
    const alert = page.getByRole('alert').filter({ hasText: /TypeError.*line 6.*on \w+ at position \d+/ });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Go to line 6' }).click();
    await expectEventually(
      () => page.evaluate(() => document.querySelector('.cm-activeLine')?.textContent ?? ''),
      (line) => expect(line).toContain('event.missing.field'),
    );
    await expectPageChecks(page, 'new projection, a mistake shown');

    // For the analyst's own tools: the view of the events as CSV, one column per field.
    const events = page.getByRole('region', { name: 'For your own tools' });
    const downloading = page.waitForEvent('download');
    await events.getByRole('button', { name: 'Download CSV' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^cans-analyst-events-\d{4}-01-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^type,position,recordedAt,byUser,byGroup,assessment,child,ageInMonths,agency,county,/);
    expect(csv.split('\r\n').length).toBeGreaterThan(500);
    const parquetDownloading = page.waitForEvent('download');
    await events.getByRole('button', { name: 'Download Parquet' }).click();
    const parquet = await parquetDownloading;
    expect(parquet.suggestedFilename()).toMatch(/^cans-analyst-events-\d{4}-01-01-to-\d{4}-\d{2}-\d{2}\.parquet$/);
    const bytes = await readFile((await parquet.path())!);
    // A Parquet file starts and ends with its magic number.
    expect([bytes.subarray(0, 4).toString(), bytes.subarray(-4).toString()]).toEqual(['PAR1', 'PAR1']);

    // The editor does not trap the keyboard: Tab goes on to the next control.
    await editor.focus();
    await page.keyboard.press('Tab');
    await expectEventually(
      () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''),
      (focused) => expect(focused).not.toBe('Projection code (JavaScript)'),
    );
  });

  it('a Monitor sees no New projection button, and the page is not theirs', async () => {
    const page = await app.signedIn(DEMO_USER_IDS['analyst']);
    await page.goto(`${app.t.baseUrl}/analytics`);
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'New projection' }).count()).toBe(0);
    await page.goto(`${app.t.baseUrl}/analytics/new`);
    await page
      .getByText(/not found|404/i)
      .first()
      .waitFor();
    expect(await page.getByRole('textbox', { name: 'Projection code (JavaScript)' }).count()).toBe(0);
  });
});
