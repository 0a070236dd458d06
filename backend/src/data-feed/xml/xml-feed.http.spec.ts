/**
 * The XML feed to SFTP over HTTP on the real app, uploading to a real OpenSSH server (sshd on loopback, key
 * authentication): the manual upload arrives and validates against docs/data-feed.xsd (xmllint), the scheduled run
 * at a fixed clock covers the configured date plus one year, a second app instance on the same database uploads
 * nothing the same day, an unreachable server is recorded and the next run delivers (naming the day it makes good),
 * the field messages, the 403s, the secrets never answered nor stored in clear, and the System Log rows.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SFTP_SERVER_STREAM_ID } from '@cans/domain/administration/settings.events';
import { EVENT_STORE, READ_STORE } from '../../platform/storage/storage-tokens';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { testPostgresUrl } from '@cans/storage/test-support/databases';
import { startSftpTestServer, SftpTestServer, xmlSchemaErrors } from '../../../test-support/sftp-test-server';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { AssessmentWriter, loadTestLibrary, testCaregiver } from '../../assessments/summary/test-support/assessment-writer';
import { XML_FEED_LAYOUT, xmlColumnsOf } from './xml-feed';
import { XmlFeedRunService } from './xml-feed-run.service';
import { XmlFeedFieldMessages } from './xml-feed.dto';
import { XmlFeedMessages } from './xml-feed.service';
import { findAssessmentReads } from '@cans/projections/audit/record-reads.queries';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { RecordReadsService } from '../../audit/record-reads/record-reads.service';

const XSD = join(__dirname, '../../../../docs/data-feed.xsd');
const ADMIN_PASSWORD = 'Adm1n!own pass';
// Two app instances need one shared database: PostgreSQL when there is one, else one instance runs twice at once.
const backend = testPostgresUrl() ? 'postgres' : 'pglite';

describe(`XML feed to SFTP over HTTP (${backend})`, () => {
  let t: TestApp;
  /** A second app instance on the same database (PostgreSQL only). */
  let other: TestApp | null = null;
  let sftp: SftpTestServer;
  let writer: AssessmentWriter;
  let admin: string;
  const work = mkdtempSync(join(tmpdir(), 'cans-xml-spec-'));
  const ids: Record<string, string> = {};

  const send = (method: 'get' | 'post' | 'put', path: string, token: string, body?: object) =>
    t.http()[method](path).set('Authorization', `Bearer ${token}`).set('X-Wait-For-Position', String(writer.position)).send(body);
  /** The uploaded file validated against the schema (xmllint), as text. */
  const validUpload = (fileName: string): string => {
    const text = sftp.read(fileName);
    const path = join(work, fileName);
    writeFileSync(path, text);
    expect(xmlSchemaErrors(XSD, path)).toBe('');
    return text;
  };
  const pidsOf = (xml: string) => [...xml.matchAll(/<pid>([^<]*)<\/pid>/g)].map((match) => match[1]);
  const saveServer = (overrides: object = {}) => {
    const { host, port, userName, privateKey, remoteFolder } = sftp.connection;
    return send('put', '/api/settings/sftp-server', admin, {
      host,
      port,
      userName,
      privateKey,
      remoteFolder,
      currentPassword: ADMIN_PASSWORD,
      ...overrides,
    });
  };

  beforeAll(async () => {
    sftp = await startSftpTestServer();
    t = await startTestApp({ backend });
    // Before any token: a new password ends the sessions issued before it.
    await t.setPassword('1', ADMIN_PASSWORD);
    admin = t.adminToken();
    await t.settled();
    writer = new AssessmentWriter(t, await loadTestLibrary(t));
    const approved = async (cin: string, dateOfAssessment: string, withCaregiver: boolean) => {
      const id = await writer.start('1', { cin, dateOfAssessment }, null);
      if (withCaregiver) {
        await writer.addCaregiver(id, '1', testCaregiver(`${id}-cg1`, 'Ann'));
        await writer.rate(id, '1', { CG_SUPERVISION: 'NA' }, `${id}-cg1`);
      }
      await writer.rate(id, '1', { SEXUAL_ABUSE: '1', PHYSICAL_ABUSE: '0' });
      // Markup, quotes, an ampersand and a control character XML 1.0 cannot carry.
      await writer.comment(id, '1', 'SEXUAL_ABUSE', `Said "no" & <then> yes\u0007 at ${cin}`);
      await writer.complete(id, '1');
      await writer.approve(id, '1');
      ids[cin] = id;
    };
    await approved('PID-XML-1', '2021-03-05', true);
    await approved('PID-XML-2', '2021-06-30', false);
    await approved('PID-XML-OLD', '2020-12-31', false);
    await writer.start('1', { cin: 'PID-XML-DRAFT', dateOfAssessment: '2021-04-10' }, null);
  });

  afterAll(async () => {
    await t?.close();
    await other?.close();
    await sftp?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('keeps the schema in step with feed-tables.ts: every group lists exactly the columns, in order', () => {
    const xsd = readFileSync(XSD, 'utf8');
    for (const { file, row } of XML_FEED_LAYOUT) {
      const group = new RegExp(`<xs:group name="${row ?? 'assessment_record'}_fields">([\\s\\S]*?)</xs:group>`).exec(xsd)?.[1] ?? '';
      expect([...group.matchAll(/<xs:element name="([a-z_]+)"/g)].map((match) => match[1])).toEqual(xmlColumnsOf(file).map((c) => c.name));
    }
  });

  it('refuses the manual upload before an SFTP server is saved (409), sending and recording nothing', async () => {
    const response = await send('post', '/api/data-feed/xml/upload', admin, {
      startDateFullTime: '2021-01-01',
      endDateFullTime: '2021-12-31',
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(XmlFeedMessages.noServer);
    expect(sftp.files()).toEqual([]);
  });

  it('saves the SFTP server with its secrets sealed, and never answers them', async () => {
    const saved = await saveServer({ password: 'Feed!Secret-2345' }).expect(200);
    writer.position = Math.max(writer.position, Number(saved.headers['x-event-position']));
    const answer = await send('get', '/api/settings/sftp-server', admin).expect(200);
    expect(answer.body).toEqual({
      ...sftp.connection,
      privateKey: undefined,
      passwordSet: true,
      privateKeySet: true,
      hostKeyFingerprint: sftp.hostKeyFingerprint(),
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/PRIVATE KEY|Feed!Secret/);
    const stored = JSON.stringify(await t.app.get<EventStore>(EVENT_STORE).readStream(SFTP_SERVER_STREAM_ID));
    expect(stored).not.toContain('Feed!Secret-2345');
    expect(stored).not.toContain('PRIVATE KEY');
    // An empty password removes it; the key stays (left out: kept).
    const again = await saveServer({ password: '', privateKey: undefined }).expect(200);
    writer.position = Math.max(writer.position, Number(again.headers['x-event-position']));
    expect((await send('get', '/api/settings/sftp-server', admin).expect(200)).body).toMatchObject({
      passwordSet: false,
      privateKeySet: true,
    });
  });

  it('answers bad input with field messages and sends nothing', async () => {
    const upload = (body: object) => send('post', '/api/data-feed/xml/upload', admin, body).expect(400);
    expect((await upload({ endDateFullTime: '2021-12-31 23:59:59' })).body.errors).toEqual({
      startDateFullTime: [XmlFeedFieldMessages.rangeRequired],
    });
    expect((await upload({ startDateFullTime: '2021-01-01 00:00:00', endDateFullTime: '' })).body.errors).toEqual({
      endDateFullTime: [XmlFeedFieldMessages.rangeRequired],
    });
    expect((await upload({ startDateFullTime: '2021-02-30', endDateFullTime: '2021-12-31' })).body.errors).toEqual({
      startDateFullTime: [XmlFeedFieldMessages.realDate],
    });
    expect((await upload({ startDateFullTime: '2021-12-31', endDateFullTime: '2021-01-01' })).body.errors).toEqual({
      endDateFullTime: [XmlFeedFieldMessages.endBeforeStart],
    });
    const noEnd = await send('put', '/api/data-feed/xml/assessment-date', admin, {}).expect(400);
    expect(noEnd.body.errors).toEqual({ endDateFullTime: [XmlFeedFieldMessages.endDateRequired] });
    const noSecret = await saveServer({ password: '', privateKey: '' }).expect(400);
    expect(noSecret.body.errors).toEqual({ password: ['Password or private key is required.'] });
    expect((await saveServer({ port: 70000, host: 'bad host' }).expect(400)).body.errors).toMatchObject({
      port: ['Port must be a whole number from 1 to 65535.'],
      host: ['Host must be a host name or an IP address.'],
    });
    expect(sftp.files()).toEqual([]);
  });

  it('uploads the range by hand: the file arrives complete, validates against the schema and holds the approved assessments', async () => {
    const response = await send('post', '/api/data-feed/xml/upload', admin, {
      startDateFullTime: '2021-01-01 00:00:00',
      endDateFullTime: '2021-12-31 23:59:59',
    }).expect(200);
    expect(response.body).toMatchObject({ delivered: true, message: XmlFeedMessages.submitted, assessmentCount: 2 });
    const fileName = response.body.fileName as string;
    expect(fileName).toMatch(/^cans-data-feed-2021-01-01_2021-12-31-\d{8}T\d{6}Z\.xml$/);
    // Only the complete file: the temporary .part name is gone; readable by the receiving account alone.
    expect(sftp.files()).toEqual([fileName]);
    expect(sftp.mode(fileName)).toBe(0o600);
    const xml = validUpload(fileName);
    expect(pidsOf(xml)).toEqual(['PID-XML-1', 'PID-XML-2']);
    expect(xml).toContain(`<assessment_id>${ids['PID-XML-1']}</assessment_id>`);
    expect(xml).toContain(`<caregiver_id>${ids['PID-XML-1']}-cg1</caregiver_id><position>1</position><first_name>Ann</first_name>`);
    expect(xml).toContain(
      `<rating><item_code>CG_SUPERVISION</item_code><caregiver_id>${ids['PID-XML-1']}-cg1</caregiver_id><rating>NA</rating></rating>`,
    );
    expect(xml).toContain('<rating><item_code>SEXUAL_ABUSE</item_code><rating>1</rating></rating>');
    expect(xml).toContain('<content>Said &quot;no&quot; &amp; &lt;then&gt; yes at PID-XML-1</content>');
    expect(xml).toMatch(/<cans_data_feed schema_version="1" from="2021-01-01" to="2021-12-31" generated_at="[^"]+Z">/);

    // Each assessment in the file is recorded as read by the super admin who sent it (issue 16); no other is.
    await t.app.get(RecordReadsService).flush();
    await t.caughtUp();
    const readsOf = async (cin: string) =>
      (await findAssessmentReads(t.app.get<ReadStore>(READ_STORE), ids[cin])).map(({ userId, what }) => ({ userId, what }));
    expect(await readsOf('PID-XML-1')).toEqual([{ userId: '1', what: 'XML data feed, manual upload' }]);
    expect(await readsOf('PID-XML-2')).toEqual([{ userId: '1', what: 'XML data feed, manual upload' }]);
    expect(await readsOf('PID-XML-OLD')).toEqual([]);
  });

  it('refuses every XML feed route to anyone but the super admin (403), even with every privilege', async () => {
    const everything = t.tokenFor([
      'HOME_SHOW',
      'Setting',
      'DATA_FEED_SHOW',
      'User_View',
      'User_Actions',
      'Library_Manage',
      'Agency',
      'Report_Assessment',
    ]);
    const before = sftp.files().length;
    await send('get', '/api/data-feed/xml', everything).expect(403);
    await send('post', '/api/data-feed/xml/upload', everything, { startDateFullTime: '2021-01-01', endDateFullTime: '2021-12-31' }).expect(
      403,
    );
    await send('put', '/api/data-feed/xml/assessment-date', everything, { endDateFullTime: '2021-03-01' }).expect(403);
    await send('get', '/api/settings/sftp-server', everything).expect(403);
    await saveServer().set('Authorization', `Bearer ${everything}`).expect(403);
    expect(sftp.files()).toHaveLength(before);
  });

  describe('the daily run', () => {
    let runs: XmlFeedRunService;
    const at = (day: string) => new Date(`${day}T02:30:00.000Z`);

    beforeAll(async () => {
      runs = t.app.get(XmlFeedRunService);
      const updated = await send('put', '/api/data-feed/xml/assessment-date', admin, { endDateFullTime: '2020-12-31 23:59:59' }).expect(
        200,
      );
      expect(updated.body).toMatchObject({ message: XmlFeedMessages.dateUpdated, assessmentDate: '2020-12-31' });
      writer.position = Math.max(writer.position, Number(updated.headers['x-event-position']));
      const status = await send('get', '/api/data-feed/xml', admin).expect(200);
      expect(status.body).toEqual({ assessmentDate: '2020-12-31', from: '2020-12-31', to: '2021-12-30', sftpServerSaved: true });
    });

    it('uploads the configured date plus one year at the scheduled time, once per day across app instances', async () => {
      // Closed after the first (the two share the database's connection pool).
      other = backend === 'postgres' ? await startTestApp({ config: { databaseUrl: t.databaseUrl } }) : null;
      const second = other ? other.app.get(XmlFeedRunService) : runs;
      const [a, b] = await Promise.all([runs.run(at('2026-01-05')), second.run(at('2026-01-05'))]);
      const ran = [a, b].filter((summary) => summary.ran);
      expect(ran).toHaveLength(1);
      const outcome = ran[0].ran ? ran[0].outcome : null;
      expect(outcome).toMatchObject({
        delivered: true,
        assessmentCount: 3,
        fileName: 'cans-data-feed-2020-12-31_2021-12-30-20260105T023000Z.xml',
      });
      expect(pidsOf(validUpload(outcome!.fileName!))).toEqual(['PID-XML-OLD', 'PID-XML-1', 'PID-XML-2']);
      // Later the same day (a restart): the day is taken.
      expect(await second.run(at('2026-01-05'))).toMatchObject({ ran: false });
      expect(sftp.files().filter((name) => name.includes('20260105'))).toHaveLength(1);
    });

    it('records a failed upload when the server is unreachable, and the next run delivers and names the day it makes good', async () => {
      await sftp.stop();
      try {
        const failed = await runs.run(at('2026-01-06'));
        expect(failed).toMatchObject({ ran: true, outcome: { delivered: false } });
        if (failed.ran && !failed.outcome.delivered)
          expect(failed.outcome.failure).toMatch(/could not be delivered to 127\.0\.0\.1:\d+\/.*ECONNREFUSED/);
      } finally {
        await sftp.start();
      }
      const next = await runs.run(at('2026-01-07'));
      expect(next).toMatchObject({ ran: true, outcome: { delivered: true, assessmentCount: 3, coversRunDays: ['2026-01-06'] } });
      if (next.ran && next.outcome.delivered) validUpload(next.outcome.fileName);
      expect(sftp.files().filter((name) => name.includes('20260106'))).toEqual([]);
    });

    it('shows every upload and failure in the System Log with the range, the count and the outcome', async () => {
      await t.caughtUp();
      const rows = async (action: string) =>
        (
          await t
            .http()
            .get('/api/system-log')
            .query({ filter: JSON.stringify({ action }), range: '[0,19]' })
            .set('Authorization', `Bearer ${admin}`)
            .expect(200)
        ).body.map((row: { description: string }) => row.description) as string[];
      const destination = `127.0.0.1:${sftp.connection.port}/${sftp.connection.remoteFolder.replace(/^\/+/, '')}`;
      expect(await rows('xml-feed-uploaded')).toEqual(
        expect.arrayContaining([
          `XML data feed uploaded to SFTP: 2021-01-01 to 2021-12-31: 2 assessments to ${destination} (manual upload)`,
          `XML data feed uploaded to SFTP: 2020-12-31 to 2021-12-30: 3 assessments to ${destination} (daily run 2026-01-05)`,
          `XML data feed uploaded to SFTP: 2020-12-31 to 2021-12-30: 3 assessments to ${destination} (daily run 2026-01-07; also covers 2026-01-06)`,
        ]),
      );
      const failures = await rows('xml-feed-failed');
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatch(
        /^XML data feed upload failed: 2020-12-31 to 2021-12-30 not delivered \(daily run 2026-01-06\): The file could not be delivered/,
      );
      expect(await rows('xml-feed-date-updated')).toEqual(['XML data feed date updated: 2020-12-31']);
      expect((await rows('sftp-server-saved')).every((row) => !row.includes('PRIVATE'))).toBe(true);
    });
  });
});
