/**
 * Issue 27, findings 1 and 13, for the SFTP server of the XML feed, against a real OpenSSH server: its host key is
 * pinned when the super admin saves it and an upload to a server showing another key is refused; uploaded files are
 * 0600; a new destination needs the caller's password and the saved secrets again, and the administrator is told.
 */
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { startSftpTestServer, SftpTestServer } from '../../../test-support/sftp-test-server';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';

const ADMIN_PASSWORD = 'Adm1n!own pass';

describe('SFTP server: pinned host key, private files, confirmed destination changes', () => {
  let t: TestApp;
  let sftp: SftpTestServer;
  let smtp: SmtpTestServer;
  let admin: string;

  beforeAll(async () => {
    sftp = await startSftpTestServer();
    smtp = await startSmtpTestServer();
    t = await startTestApp({ identity: { smtp: smtp.settings } });
    // Before any token: a new password ends the sessions issued before it.
    await t.setPassword('1', ADMIN_PASSWORD);
    admin = `Bearer ${t.adminToken()}`;
  });
  afterAll(async () => {
    await t?.close();
    await sftp?.close();
    await smtp?.close();
  });

  const connection = () => {
    const { host, port, userName, privateKey, remoteFolder } = sftp.connection;
    return { host, port, userName, privateKey, remoteFolder };
  };
  const save = (body: Record<string, unknown>) => t.http().put('/api/settings/sftp-server').set('Authorization', admin).send(body);
  const upload = () =>
    t
      .http()
      .post('/api/data-feed/xml/upload')
      .set('Authorization', admin)
      .send({ startDateFullTime: '2021-01-01', endDateFullTime: '2021-12-31' });
  const head = () => t.app.get<EventStore>(EVENT_STORE).headPosition();

  it('pins the key the server shows when saved, and the upload arrives readable by the receiving account only', async () => {
    const since = smtp.mails.length;
    const saved = await save({ ...connection(), currentPassword: ADMIN_PASSWORD });
    expect(saved.status).toBe(200);
    expect(saved.body.hostKeyFingerprint).toBe(sftp.hostKeyFingerprint());
    const notice = await smtp.nextMailTo('administrator@cans.local', since);
    expect(notice.subject).toBe('CANS: the SFTP server was changed');
    expect(notice.text).toContain('Before: none saved');

    await t.caughtUp();
    const uploaded = await upload();
    expect([uploaded.body.delivered, uploaded.body.message]).toEqual([true, expect.any(String)]);
    expect(sftp.mode(uploaded.body.fileName)).toBe(0o600);
  });

  it('refuses to upload to a server that shows another host key, and sends nothing', async () => {
    const pinned = sftp.hostKeyFingerprint();
    await sftp.replaceHostKey();
    const before = sftp.files();
    const refused = await upload();
    expect(refused.body.delivered).toBe(false);
    expect(refused.body.message).toContain(`The server showed the host key ${sftp.hostKeyFingerprint()}, not the pinned ${pinned}`);
    expect(sftp.files()).toEqual(before);

    // The super admin confirms the new key by its fingerprint (read on the server); uploads go through again.
    const confirmed = await save({ ...connection(), privateKey: undefined, hostKeyFingerprint: sftp.hostKeyFingerprint() });
    expect(confirmed.status).toBe(400);
    expect(confirmed.body.errors).toMatchObject({ currentPassword: ['Enter your own password to confirm this change.'] });
    const again = await save({ ...connection(), hostKeyFingerprint: sftp.hostKeyFingerprint(), currentPassword: ADMIN_PASSWORD });
    expect(again.status).toBe(200);
    // The upload reads the saved server from its projection and waits for it only so long (3 s); on a loaded machine
    // the save may take longer to project, so the spec waits for it as the super admin would see the page update.
    await t.caughtUp();
    const delivered = (await upload()).body;
    expect([delivered.delivered, delivered.message]).toEqual([true, expect.any(String)]);
  });

  it('stores a second upload of the same range in the same second under its own name (SFTP never replaces a file)', async () => {
    const [first, second] = [(await upload()).body, (await upload()).body];
    expect([first.delivered, second.delivered]).toEqual([true, true]);
    expect(second.fileName).not.toBe(first.fileName);
    expect(sftp.files()).toEqual(expect.arrayContaining([first.fileName, second.fileName]));
    // In a second that already has the name (the upload of the test before may share it), the next number is taken.
    expect(second.fileName).toMatch(/^cans-data-feed-2021-01-01_2021-12-31-\d{8}T\d{6}Z(-\d)?\.xml$/);
  });

  it('never keeps a saved key for another host or port, and refuses what it cannot pin', async () => {
    const before = await head();
    const moved = await save({
      ...connection(),
      privateKey: undefined,
      port: 9,
      hostKeyFingerprint: sftp.hostKeyFingerprint(),
      currentPassword: ADMIN_PASSWORD,
    });
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toEqual({ privateKey: [expect.stringMatching(/^Enter the private key again/)] });
    const unreadable = await save({ ...connection(), port: 9, currentPassword: ADMIN_PASSWORD });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.errors.hostKeyFingerprint[0]).toMatch(/^The host key of 127\.0\.0\.1:9 could not be read/);
    const malformed = await save({ ...connection(), hostKeyFingerprint: 'MD5:aa:bb', currentPassword: ADMIN_PASSWORD });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual({
      hostKeyFingerprint: ['Host key fingerprint must look like SHA256: followed by 43 characters, as ssh-keygen -l prints it.'],
    });
    expect(await head()).toBe(before);
  });
});
