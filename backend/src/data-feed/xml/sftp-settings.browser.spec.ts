/**
 * The SFTP Server settings screen (issue 15, the XML feed's server) in headless Chromium over the demo data, with a
 * real OpenSSH server on loopback: the super admin opens it from the menu, sees the server's messages beside the
 * fields (a bad port, no secret), saves the test server with its private key (write-only: the screen then only says
 * one is saved), and a manual upload from /xmlbyhandtosftp arrives on that server. Page checks (axe, no sideways
 * scrolling at 375, 1024 and 1440 px). A State Administrator has no menu entry and is told the screen is not theirs.
 */
import { ADMINISTRATOR_ID } from '@cans/domain/identity/identity-rules';
import { describeInBrowser, demoDataInBrowser } from '../../../test-support/browser';
import { expectPageChecks } from '../../../test-support/page-checks';
import { startSftpTestServer, SftpTestServer } from '../../../test-support/sftp-test-server';
import { DEMO_PASSWORD, DEMO_USER_IDS } from '../../platform/seeding/demo-data/identity-demo-data';
import { toHaveAttribute, toHaveCount, toHaveValue } from '../../../test-support/eventually';

describeInBrowser('SFTP Server settings in headless Chromium (demo data)', () => {
  jest.setTimeout(180_000);
  let sftp: SftpTestServer;
  beforeAll(async () => {
    sftp = await startSftpTestServer();
  });
  afterAll(() => sftp?.close());
  const app = demoDataInBrowser();

  it('the super admin saves the test server from the menu; a manual upload then arrives on it', async () => {
    const { host, port, userName, privateKey, remoteFolder } = sftp.connection;
    // The administrator existed before the demo seed (which keeps existing users as they are): give them its password.
    await app.t.setPassword(ADMINISTRATOR_ID, DEMO_PASSWORD);
    const page = await app.signedIn(ADMINISTRATOR_ID);
    await page.goto(`${app.t.baseUrl}/xmlbyhandtosftp`);
    await page.getByText('No SFTP server is saved yet.').waitFor();
    await toHaveAttribute(page.getByRole('link', { name: 'Configure the SFTP server' }), 'href', '/setting/sftpServer');

    await page.getByRole('menuitem', { name: 'SFTP Server' }).click();
    await page.waitForURL(/\/setting\/sftpServer$/);
    await page.getByRole('heading', { name: 'SFTP Server' }).waitFor();
    await toHaveValue(page.getByLabel('Port'), '22');
    await toHaveAttribute(page.getByLabel('Password', { exact: true }), 'placeholder', 'Not set');

    await page.getByRole('textbox', { name: 'Host', exact: true }).fill(host);
    await page.getByLabel('Port').fill('70000');
    await page.getByLabel('User name').fill(userName);
    await page.getByLabel('Remote folder').fill(remoteFolder);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Port must be a whole number from 1 to 65535.').waitFor();

    // Keyboard: Enter in a field saves; a new server first asks for the super admin's own password.
    await page.getByLabel('Port').fill(String(port));
    await page.getByLabel('Port').press('Enter');
    await page.getByText('Enter your own password to confirm this change.').waitFor();
    await toHaveCount(page.getByText('Port must be a whole number from 1 to 65535.'), 0);
    await page.getByLabel('Your password').fill(DEMO_PASSWORD);
    // Without a password or a key the server refuses beside the password.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Password or private key is required.').waitFor();

    await page.getByLabel('Private key').fill(privateKey);
    await expectPageChecks(page, 'setting-sftp-server');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`The SFTP server was saved successfully. Its host key ${sftp.hostKeyFingerprint()} is pinned.`).waitFor();
    await toHaveValue(page.getByLabel('Host key fingerprint'), sftp.hostKeyFingerprint());
    await page.getByText('A private key is saved. Leave empty to keep it.').waitFor();
    await toHaveValue(page.getByLabel('Private key'), '');
    await toHaveAttribute(page.getByLabel('Private key'), 'placeholder', 'Saved (hidden)');
    // The save was the browser's: every write projected before this client reads.
    await app.t.caughtUp();
    const saved = await app.t.http().get('/api/settings/sftp-server').set('Authorization', `Bearer ${app.t.adminToken()}`).expect(200);
    expect(saved.body).toEqual({
      host,
      port,
      userName,
      passwordSet: false,
      privateKeySet: true,
      remoteFolder,
      hostKeyFingerprint: sftp.hostKeyFingerprint(),
    });

    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(/\/library/);

    await page.goto(`${app.t.baseUrl}/xmlbyhandtosftp`);
    await page.getByTestId('xml-feed-range').waitFor();
    await toHaveCount(page.getByText('No SFTP server is saved yet.'), 0);
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('Start date').fill('2000-01-01');
    await page.getByLabel('End date').fill(today);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByText('Data files have been submitted to the FTP server successfully. Please wait for the system to process the data.')
      .waitFor();
    const [fileName] = sftp.files();
    expect(fileName).toMatch(/^cans-data-feed-2000-01-01_.*\.xml$/);
    expect((sftp.read(fileName).match(/<assessment>/g) ?? []).length).toBeGreaterThan(0);
    expect(app.errors).toEqual([]);
  });

  it('a State Administrator has no menu entry for either server and is told both screens are the super admin’s', async () => {
    const page = await app.signedIn(DEMO_USER_IDS['state.admin']);
    await page.goto(`${app.t.baseUrl}/library`);
    await page.getByRole('menuitem', { name: 'About' }).waitFor();
    // Settings the State Administrator keeps (issue 27: the mail server is no longer among them).
    await page.getByRole('menuitem', { name: 'Email Templates' }).waitFor();
    await toHaveCount(page.getByRole('menuitem', { name: 'SFTP Server' }), 0);
    await toHaveCount(page.getByRole('menuitem', { name: 'Email Server' }), 0);
    await page.goto(`${app.t.baseUrl}/setting/sftpServer`);
    await page.getByText('Only the super admin can configure the SFTP server.').waitFor();
    await toHaveCount(page.getByRole('button', { name: 'Save' }), 0);
    await page.goto(`${app.t.baseUrl}/setting/emailServer`);
    await page.getByText('Only the super admin can configure the email server: where mail goes decides who can sign in.').waitFor();
    await toHaveCount(page.getByRole('button', { name: 'Save' }), 0);
    expect(app.errors).toEqual([]);
  });
});
