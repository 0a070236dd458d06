/**
 * Reads of children's records over HTTP on the real app (issue 16 "Who saw"): a supervisor opening a supervisee's
 * assessment (editor, summary, PDF) is recorded with user, IP, what and time — in the assessment's reads and in the
 * System Log; a refused read records nothing; an export records every assessment of its file; shutdown appends the
 * reads still queued.
 */
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { findAssessmentReads } from '@cans/projections/audit/record-reads.queries';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { createOrganisation } from '../../assessments/assessments.test-support';
import { AssessmentWriter, loadTestLibrary } from '../../assessments/summary/test-support/assessment-writer';
import { binaryBody } from '../../data-feed/export/xlsx-read-back';
import { EVENT_STORE, READ_STORE } from '../../platform/storage/storage-tokens';
import { RecordReadsService } from './record-reads.service';

const backends = httpTestBackends();
const SUPERVISOR_IP = '10.44.0.7';

describe.each(backends)("reads of children's records over HTTP (%s)", (backend) => {
  let t: TestApp;
  let writer: AssessmentWriter;
  let ids: Awaited<ReturnType<typeof createOrganisation>>;
  let supervisorToken: string;
  let outsiderToken: string;
  let adminToken: string;
  let assessmentId: string;

  const get = (path: string, token: string, ip = SUPERVISOR_IP) =>
    t
      .http()
      .get(path)
      .set('Authorization', `Bearer ${token}`)
      .set('X-Forwarded-For', ip)
      .set('X-Wait-For-Position', String(writer.position));
  /** Appends what is queued, then waits for the read models to hold it. */
  const recorded = async () => {
    await t.app.get(RecordReadsService).flush();
    await t.caughtUp();
  };
  const readsOf = (id: string) => findAssessmentReads(t.app.get<ReadStore>(READ_STORE), id);
  const systemLog = async (filter: object) =>
    (
      await t
        .http()
        .get('/api/system-log')
        .query({ filter: JSON.stringify(filter), sort: JSON.stringify(['recordedAt', 'ASC']) })
        .set('Authorization', `Bearer ${adminToken}`)
        .expect(200)
    ).body as Array<Record<string, unknown>>;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    ids = await createOrganisation(t);
    supervisorToken = t.tokenForUser(ids.supervisor);
    outsiderToken = t.tokenForUser(ids.outsider);
    adminToken = t.adminToken();
    await t.settled();
    writer = new AssessmentWriter(t, await loadTestLibrary(t));
    assessmentId = await writer.start(ids.worker, { cin: 'PID-READ-1' });
  });
  afterAll(() => t?.close());

  it("records the supervisor's editor, summary and PDF reads with user, IP, what and time, and shows them in the System Log", async () => {
    const before = new Date().toISOString();
    await get(`/api/assessments/${assessmentId}`, supervisorToken).expect(200);
    await get(`/api/assessments/${assessmentId}/summary`, supervisorToken).expect(200);
    const pdf = await get(`/api/assessments/${assessmentId}/summary.pdf`, supervisorToken).buffer(true).parse(binaryBody).expect(200);
    expect((pdf.body as Buffer).subarray(0, 4).toString()).toBe('%PDF');
    await recorded();
    const after = new Date().toISOString();

    const reads = await readsOf(assessmentId);
    expect(reads.map(({ userId, ip, what, whatCode }) => ({ userId, ip, what, whatCode }))).toEqual([
      { userId: ids.supervisor, ip: SUPERVISOR_IP, what: 'Assessment', whatCode: 'editor' },
      { userId: ids.supervisor, ip: SUPERVISOR_IP, what: 'CANS Summary', whatCode: 'summary' },
      { userId: ids.supervisor, ip: SUPERVISOR_IP, what: 'CANS Summary PDF', whatCode: 'summary-pdf' },
    ]);
    for (const { at } of reads) expect(at >= before && at <= after).toBe(true);

    const rows = await systemLog({ action: 'records-read', username: 'supervisor' });
    expect(rows.map(({ label, description, ip, username, userId }) => ({ label, description, ip, username, userId }))).toEqual(
      ['Assessment', 'CANS Summary', 'CANS Summary PDF'].map((what) => ({
        label: 'Child records read',
        description: `Viewed: ${what} of 1 assessment (PID PID-READ-1)`,
        ip: SUPERVISOR_IP,
        username: 'supervisor',
        userId: ids.supervisor,
      })),
    );
    expect(rows.map((row) => row.recordedAt)).toEqual(reads.map((read) => read.at));
  });

  it('records nothing for a refused read: an assessment out of row access, or one that does not exist (404)', async () => {
    const readsBefore = (await readsOf(assessmentId)).length;
    await get(`/api/assessments/${assessmentId}`, outsiderToken, '10.66.0.1').expect(404);
    await get(`/api/assessments/${assessmentId}/print`, outsiderToken, '10.66.0.1').expect(404);
    const missing = randomUUID();
    await get(`/api/assessments/${missing}`, supervisorToken).expect(404);
    await get(`/api/assessments/${missing}/summary.pdf`, supervisorToken).expect(404);
    // A read that is served after them shows the queue was flushed past them.
    await get(`/api/assessments/${assessmentId}/print`, supervisorToken).expect(200);
    await recorded();
    const reads = await readsOf(assessmentId);
    expect(reads.slice(readsBefore).map(({ userId, whatCode }) => ({ userId, whatCode }))).toEqual([
      { userId: ids.supervisor, whatCode: 'print' },
    ]);
    expect(await readsOf(missing)).toEqual([]);
    expect(await systemLog({ action: 'records-read', ip: '10.66.0.1' })).toEqual([]);
  });

  it('records an export as a read of every assessment in its file, by the exporter', async () => {
    const owner = ids.worker;
    const approved = async (cin: string, dateOfAssessment: string) => {
      const id = await writer.start(owner, { cin, dateOfAssessment });
      await writer.rate(id, owner, { SEXUAL_ABUSE: '2' });
      await writer.complete(id, owner);
      await writer.approve(id, owner);
      return id;
    };
    const inFile = [await approved('PID-READ-X1', '2021-03-01'), await approved('PID-READ-X2', '2021-03-31')];
    const outside = await approved('PID-READ-X3', '2021-04-01');
    const exporterId = randomUUID();
    const exporter = t.tokenFor(['HOME_SHOW', 'DATA_FEED_SHOW', 'Library_Manage'], exporterId);

    const xlsx: Response = await get('/api/data-feed/export/download', exporter, '10.55.0.2')
      .query({ from: '2021-03-01', to: '2021-03-31' })
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect((xlsx.body as Buffer).length).toBeGreaterThan(0);
    await t
      .http()
      .post('/api/data-feed/export/mail')
      .set('Authorization', `Bearer ${exporter}`)
      .set('X-Forwarded-For', '10.55.0.2')
      .send({ from: '2021-03-01', to: '2021-03-31', email: 'analyst@agency.example' })
      .expect(200);
    await get('/api/data-feed/monthly/download', exporter, '10.55.0.2')
      .query({ year: 2021, month: 3 })
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    await recorded();

    for (const id of inFile) {
      expect((await readsOf(id)).map(({ userId, ip, what }) => ({ userId, ip, what }))).toEqual([
        { userId: exporterId, ip: '10.55.0.2', what: 'XLSX export' },
        { userId: exporterId, ip: '10.55.0.2', what: 'XLSX export, mailed' },
        { userId: exporterId, ip: '10.55.0.2', what: 'Monthly data feed zip' },
      ]);
    }
    expect(await readsOf(outside)).toEqual([]);
    expect((await systemLog({ action: 'records-read', ip: '10.55.0.2' })).map((row) => row.description)).toEqual([
      'Exported: 2 assessments (XLSX export)',
      'Exported: 2 assessments (XLSX export, mailed)',
      'Exported: 2 assessments (Monthly data feed zip)',
    ]);
  });
});

describe('reads queued at shutdown', () => {
  it('are appended when the app closes', async () => {
    // No timer flush in this test's lifetime: only the shutdown can append the read.
    const t = await startTestApp({ config: { recordReadsFlushMs: 3_600_000 } });
    const writer = new AssessmentWriter(t, await loadTestLibrary(t));
    const assessmentId = await writer.start('1', { cin: 'PID-READ-CLOSE' });
    const append = jest.spyOn(t.app.get<EventStore>(EVENT_STORE), 'append');
    await t.http().get(`/api/assessments/${assessmentId}`).set('Authorization', `Bearer ${t.adminToken()}`).expect(200);
    const reads = t.app.get(RecordReadsService);
    expect(reads.pending).toBe(1);
    expect(append.mock.calls.filter(([streamId]) => streamId.startsWith('record-reads-'))).toEqual([]);

    await t.close();

    const appends = append.mock.calls.flatMap(([streamId, events], call) =>
      streamId.startsWith('record-reads-') ? [{ events, call }] : [],
    );
    expect(appends).toHaveLength(1);
    expect(appends[0].events).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ assessmentIds: [assessmentId], what: 'editor' }),
        metadata: expect.objectContaining({ userId: '1' }),
      }),
    ]);
    await expect(append.mock.results[appends[0].call].value).resolves.toMatchObject({ position: expect.any(Number) });
    expect(reads.pending).toBe(0);
  });
});
