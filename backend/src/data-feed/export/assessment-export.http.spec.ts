/**
 * The export of approved assessments over HTTP on the real app: approved assessments in a range (plus ones it must
 * leave out), the count, the XLSX read back with exceljs — sheets and headers against feed-tables.ts, frozen header
 * rows, dates typed as dates, rows against what this test wrote — the same file mailed through a real SMTP server,
 * the 400s (range, zero, email), the 403s, and each export's row in the System Log.
 */
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { startSmtpTestServer, SmtpTestServer } from '../../../test-support/smtp-test-server';
import { AssessmentWriter, loadTestLibrary, testCaregiver } from '../../assessments/summary/test-support/assessment-writer';
import { FEED_TABLES } from '../feed-tables';
import { ExportMessages } from './export-messages';
import { DATA_DICTIONARY_SHEET, sheetNameOf } from './feed-xlsx';
import { binaryBody, readWorkbook } from './xlsx-read-back';

const backends = httpTestBackends();
const MARCH = { from: '2021-03-01', to: '2021-03-31' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.each(backends)('export of approved assessments over HTTP (%s)', (backend) => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let writer: AssessmentWriter;
  let exportToken: string;
  const march: string[] = [];
  let april = '';

  const withAuth = <R extends { set(name: string, value: string): R }>(request: R, token: string) =>
    request.set('Authorization', `Bearer ${token}`).set('X-Wait-For-Position', String(writer.position));
  const get = (path: string, token: string, query: Record<string, string>) => withAuth(t.http().get(path).query(query), token);
  const download = (query: Record<string, string>, token = exportToken) =>
    get('/api/data-feed/export/download', token, query).buffer(true).parse(binaryBody);
  const mail = (body: Record<string, string>, token = exportToken) =>
    withAuth(t.http().post('/api/data-feed/export/mail'), token).send(body);

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    t = await startTestApp({ backend, identity: { smtp: smtp.settings } });
    exportToken = t.tokenFor(['HOME_SHOW', 'DATA_FEED_SHOW', 'Library_Manage']);
    await t.settled();
    writer = new AssessmentWriter(t, await loadTestLibrary(t));
    const owner = '1';
    const approved = async (cin: string, dateOfAssessment: string, withCaregiver: boolean) => {
      const id = await writer.start(owner, { cin, dateOfAssessment }, null);
      if (withCaregiver) {
        await writer.addCaregiver(id, owner, testCaregiver(`${id}-cg1`, 'Ann'));
        await writer.rate(id, owner, { CG_SUPERVISION: 'NA' }, `${id}-cg1`);
      }
      await writer.rate(id, owner, { SEXUAL_ABUSE: '2', PHYSICAL_ABUSE: '0' });
      await writer.comment(id, owner, 'SEXUAL_ABUSE', `Noted at ${cin}`);
      await writer.complete(id, owner);
      await writer.approve(id, owner);
      return id;
    };
    // Both ends of the range are included.
    march.push(await approved('PID-XLSX-1', '2021-03-01', true));
    march.push(await approved('PID-XLSX-2', '2021-03-31', false));
    april = await approved('PID-XLSX-3', '2021-04-01', false);
    // Left out: not approved, and approved then deleted.
    await writer.start(owner, { cin: 'PID-XLSX-DRAFT', dateOfAssessment: '2021-03-10' }, null);
    const deleted = await approved('PID-XLSX-DEL', '2021-03-12', false);
    await writer.delete(deleted, owner, 'a');
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('counts the approved assessments of a range, both days included, with the limit of one file', async () => {
    const count = async (query: Record<string, string>) => (await get('/api/data-feed/export/count', exportToken, query).expect(200)).body;
    expect(await count(MARCH)).toEqual({ ...MARCH, count: 2, limit: 5000 });
    expect(await count({ from: '2021-03-01', to: '2021-04-01' })).toMatchObject({ count: 3 });
    expect(await count({ from: '2021-03-31', to: '2021-03-31' })).toMatchObject({ count: 1 });
    expect(await count({ from: '2020-01-01', to: '2020-12-31' })).toMatchObject({ count: 0 });
  });

  it('downloads an XLSX: one sheet per feed table and the dictionary, frozen headers, typed cells, the range’s rows only', async () => {
    const response = await download(MARCH).expect(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toBe('attachment; filename="cans-approved-assessments-2021-03-01-to-2021-03-31.xlsx"');
    expect(response.headers['x-assessment-count']).toBe('2');
    const sheets = await readWorkbook(response.body as Buffer);
    expect([...sheets.keys()]).toEqual([...FEED_TABLES.map((table) => sheetNameOf(table.file)), DATA_DICTIONARY_SHEET]);
    for (const table of FEED_TABLES) {
      const sheet = sheets.get(sheetNameOf(table.file))!;
      expect(sheet.header).toEqual(table.columns.map((c) => c.name));
      expect(sheet.view).toMatchObject({ state: 'frozen', ySplit: 1 });
    }
    expect(sheets.get(DATA_DICTIONARY_SHEET)!.header).toEqual(['file', 'column', 'type', 'description']);
    expect(sheets.get(DATA_DICTIONARY_SHEET)!.view).toMatchObject({ state: 'frozen', ySplit: 1 });

    const children = sheets.get('children')!.rows;
    expect(children.map((row) => [row.assessment_id, row.pid])).toEqual([
      [march[0], 'PID-XLSX-1'],
      [march[1], 'PID-XLSX-2'],
    ]);
    // Dates are dates (not text), timestamps too; booleans and whole numbers typed.
    expect(children.map((row) => row.date_of_assessment)).toEqual([new Date('2021-03-01T00:00:00Z'), new Date('2021-03-31T00:00:00Z')]);
    expect(children[0].approved_at).toBeInstanceOf(Date);
    expect(children[0]).toMatchObject({ approved_by: '1', included_in_reports: true, first_name: 'Robin' });
    expect(typeof children[0].age).toBe('number');

    expect(sheets.get('caregivers')!.rows.map((row) => [row.assessment_id, row.caregiver_id, row.position])).toEqual([
      [march[0], `${march[0]}-cg1`, 1],
    ]);
    const ratings = sheets
      .get('ratings')!
      .rows.map((row) => `${String(row.assessment_id)}|${String(row.item_code)}|${String(row.caregiver_id)}|${String(row.rating)}`);
    expect(ratings.sort()).toEqual(
      [
        ...march.flatMap((id) => [`${id}|PHYSICAL_ABUSE|null|0`, `${id}|SEXUAL_ABUSE|null|2`]),
        `${march[0]}|CG_SUPERVISION|${march[0]}-cg1|NA`,
      ].sort(),
    );
    expect(sheets.get('comments')!.rows.map((row) => [row.assessment_id, row.content])).toEqual([
      [march[0], 'Noted at PID-XLSX-1'],
      [march[1], 'Noted at PID-XLSX-2'],
    ]);
    expect(sheets.get('comments')!.rows[0].created_at).toBeInstanceOf(Date);
    expect(sheets.get('narratives')!.rows.map((row) => row.assessment_id)).toEqual(march);
    const everyId = [...sheets.values()].flatMap((sheet) => sheet.rows.map((row) => row.assessment_id));
    expect(everyId).not.toContain(april);
  });

  it('mails the same workbook as an attachment through the configured SMTP server', async () => {
    const since = smtp.mails.length;
    const sent = await mail({ ...MARCH, email: ' Analyst@Agency.example ' }).expect(200);
    expect(sent.body).toEqual({ assessmentCount: 2, email: 'Analyst@Agency.example' });
    const received = await smtp.nextMailTo('analyst@agency.example', since);
    expect(received.subject).toBe('CANS approved assessments 2021-03-01 to 2021-03-31');
    expect(received.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['cans-approved-assessments-2021-03-01-to-2021-03-31.xlsx', XLSX],
    ]);
    const sheets = await readWorkbook(received.attachments[0].content);
    expect(sheets.get('children')!.rows.map((row) => row.assessment_id)).toEqual(march);
    expect(sheets.get('children')!.view).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('refuses a missing, malformed or backwards range, an empty range and a bad address (400, field messages)', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ to: '2021-03-31' }, 'from', ExportMessages.export_assessment_doa_required],
      [{ from: '2021-03-01' }, 'to', ExportMessages.export_assessment_doa_required],
      [{}, 'from', ExportMessages.export_assessment_doa_required],
      [{ from: '2021-02-30', to: '2021-03-31' }, 'from', 'Please enter a real date from 1900-01-01 to 9999-12-31 as yyyy-MM-dd.'],
      [{ from: '2021-03-01', to: '03/31/2021' }, 'to', 'Please enter a real date from 1900-01-01 to 9999-12-31 as yyyy-MM-dd.'],
      [{ from: '0000-01-01', to: '2021-03-31' }, 'from', 'Please enter a real date from 1900-01-01 to 9999-12-31 as yyyy-MM-dd.'],
      [{ from: '2021-04-01', to: '2021-03-01' }, 'from', ExportMessages.range_order],
    ];
    for (const [query, field, message] of cases) {
      for (const path of ['/api/data-feed/export/count', '/api/data-feed/export/download']) {
        const response = await get(path, exportToken, query);
        expect([path, query, response.status]).toEqual([path, query, 400]);
        expect(response.body.errors[field]).toContain(message);
      }
      const mailed = await mail({ ...query, email: 'a@b.org' });
      expect([query, mailed.status, mailed.body.errors[field]]).toEqual([query, 400, expect.arrayContaining([message])]);
    }
    const empty = { from: '2020-01-01', to: '2020-12-31' };
    const none = await download(empty);
    expect([none.status, JSON.parse((none.body as Buffer).toString('utf8')).message]).toEqual([400, 'There are no assessments to export.']);
    expect((await mail({ ...empty, email: 'a@b.org' })).body.message).toBe('There are no assessments to export.');
    for (const email of ['', 'not-an-address', 'a@b@c']) {
      const response = await mail({ ...MARCH, email });
      expect([email, response.status]).toEqual([email, 400]);
      expect(response.body.errors.email.length).toBeGreaterThan(0);
    }
  });

  it('refuses users without DATA_FEED_SHOW (403), Library_Manage alone included', async () => {
    for (const token of [t.tokenFor(['HOME_SHOW', 'Library_Manage']), t.tokenFor(['Assessment_View', 'Report_Assessment'])]) {
      await get('/api/data-feed/export/count', token, MARCH).expect(403);
      await get('/api/data-feed/export/download', token, MARCH).expect(403);
      await mail({ ...MARCH, email: 'a@b.org' }, token).expect(403);
    }
  });

  it('shows every export in the System Log with the user, the range, the count and where it went; refusals record nothing', async () => {
    await t.caughtUp();
    const response = await get('/api/system-log', t.adminToken(), {
      filter: JSON.stringify({ action: 'assessments-exported' }),
      range: '[0,49]',
    }).expect(200);
    const rows = response.body as Array<{ description: string; userId: string; label: string }>;
    expect(rows.map((row) => row.description).sort()).toEqual([
      'Approved assessments exported: 2021-03-01 to 2021-03-31: 2 assessments, downloaded',
      'Approved assessments exported: 2021-03-01 to 2021-03-31: 2 assessments, mailed to Analyst@Agency.example',
    ]);
    expect(new Set(rows.map((row) => row.userId)).size).toBe(1);
  });
});
