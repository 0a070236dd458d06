/**
 * The manual XML upload page (spec 002 §2 "/xmlbyhandtosftp") in headless Chromium over the demo data, uploading
 * to a real OpenSSH server on loopback: the missing-date messages (nothing sent), the super admin's Submit whose
 * file arrives and validates against docs/data-feed.xsd, Update Date and its message, page checks (axe, no sideways
 * scrolling); a State Administrator is told the page is the super admin's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMINISTRATOR_ID } from '@cans/domain/identity/identity-rules';
import { describeInBrowser, demoDataInBrowser } from '../../../test-support/browser';
import { expectPageChecks } from '../../../test-support/page-checks';
import { startSftpTestServer, SftpTestServer, xmlSchemaErrors } from '../../../test-support/sftp-test-server';
import { DEMO_PASSWORD, DEMO_USER_IDS } from '../../platform/seeding/demo-data/identity-demo-data';
import { toHaveCount } from '../../../test-support/eventually';

const XSD = join(__dirname, '../../../../docs/data-feed.xsd');

describeInBrowser('manual XML upload to SFTP in headless Chromium (demo data)', () => {
  jest.setTimeout(180_000);
  let sftp: SftpTestServer;
  const work = mkdtempSync(join(tmpdir(), 'cans-xml-browser-'));
  beforeAll(async () => {
    sftp = await startSftpTestServer();
  });
  afterAll(async () => {
    await sftp?.close();
    rmSync(work, { recursive: true, force: true });
  });
  const app = demoDataInBrowser();

  it('the super admin submits a range and the file arrives on the SFTP server; Update Date; missing dates are refused', async () => {
    const { host, port, userName, privateKey, remoteFolder } = sftp.connection;
    // The administrator existed before the demo seed (which keeps existing users as they are): give them its password.
    await app.t.setPassword(ADMINISTRATOR_ID, DEMO_PASSWORD);
    const saved = await app.t
      .http()
      .put('/api/settings/sftp-server')
      .set('Authorization', `Bearer ${app.t.adminToken()}`)
      .send({ host, port, userName, privateKey, remoteFolder, currentPassword: DEMO_PASSWORD });
    expect(saved.status).toBe(200);
    await app.t.caughtUp();

    const page = await app.signedIn(ADMINISTRATOR_ID);
    await page.goto(`${app.t.baseUrl}/xmlbyhandtosftp`);
    await page.getByRole('heading', { name: 'Data Feed (XML upload)' }).waitFor();
    await page.getByText('No date is set for the daily feed yet').waitFor();

    await page.getByRole('button', { name: 'Submit' }).click();
    await toHaveCount(page.getByText('Please select Date Range.'), 2);
    await page.getByRole('button', { name: 'Update Date' }).click();
    await page.getByText('Please select the end date.').waitFor();
    expect(sftp.files()).toEqual([]);

    await page.getByLabel('Start date').fill('2000-01-01');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please select Date Range.').waitFor();
    expect(sftp.files()).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('End date').fill(today);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByText('Data files have been submitted to the FTP server successfully. Please wait for the system to process the data.')
      .waitFor();
    const [fileName] = sftp.files();
    expect(fileName).toMatch(new RegExp(`^cans-data-feed-2000-01-01_${today}-\\d{8}T\\d{6}Z\\.xml$`));
    const xml = sftp.read(fileName);
    writeFileSync(join(work, fileName), xml);
    expect(xmlSchemaErrors(XSD, join(work, fileName))).toBe('');
    expect((xml.match(/<assessment>/g) ?? []).length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Update Date' }).click();
    await page.getByText('Date was updated successfully.').waitFor();
    await page.getByText(`The daily feed covers ${today} to`).waitFor();
    await expectPageChecks(page, 'xml-upload');
    expect(app.errors).toEqual([]);
  });

  it('tells anyone but the super admin that the page is not theirs', async () => {
    const page = await app.signedIn(DEMO_USER_IDS['state.admin']);
    await page.goto(`${app.t.baseUrl}/xmlbyhandtosftp`);
    await page.getByText('Only the super admin can upload the XML data feed.').waitFor();
    await toHaveCount(page.getByRole('button', { name: 'Submit' }), 0);
  });
});
