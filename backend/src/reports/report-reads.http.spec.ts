/**
 * The one-child reports are reads of a child's record (issue 27 finding 6): One Child One CANS (name, PID, every
 * rating), One Child Many CANS, their Quick Glances, the wizard's lists of the child's CANS (cases, time-points) and
 * the PDFs of saved one-child queries are recorded in the access log like the editor's reads — by whom, from where,
 * as what — for a person and for an API client; a refused report records nothing; the many-children reports
 * (aggregates) record nothing.
 */
import { randomUUID } from 'node:crypto';
import { findAssessmentReads } from '@cans/projections/audit/record-reads.queries';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { RecordReadsService } from '../audit/record-reads/record-reads.service';
import { binaryBody } from '../data-feed/export/xlsx-read-back';
import { READ_STORE } from '../platform/storage/storage-tokens';
import { createWizardOrg, WizardOrg } from './test-support/wizard-org';

const SUPERVISOR_IP = '10.27.6.1';
const OUTSIDER_IP = '10.27.6.66';

describe("reports' reads of one child's record", () => {
  let t: TestApp;
  let org: WizardOrg;
  let supervisor: string;
  const child: string[] = [];
  let other = '';

  const get = (path: string, token: string, ip: string, query: Record<string, string> = {}) =>
    t
      .http()
      .get(path)
      .query(query)
      .set('Authorization', token)
      .set('X-Forwarded-For', ip)
      .set('X-Wait-For-Position', String(org.writer.position));
  const pdf = (id: string, token: string, ip: string) =>
    get(`/api/reports/saved-queries/${id}/pdf`, token, ip).buffer(true).parse(binaryBody);
  const save = async (token: string, body: object): Promise<string> => {
    const saved = await t.http().post('/api/reports/saved-queries').set('Authorization', token).send(body);
    expect(saved.status).toBe(201);
    return saved.body.id as string;
  };
  /** Appends what is queued, then waits for the read models to hold it. */
  const recorded = async () => {
    await t.app.get(RecordReadsService).flush();
    await t.caughtUp();
  };
  const readsOf = async (id: string, userId: string) =>
    (await findAssessmentReads(t.app.get<ReadStore>(READ_STORE), id))
      .filter((read) => read.userId === userId)
      .map(({ whatCode, what, ip }) => ({ whatCode, what, ip }));

  beforeAll(async () => {
    t = await startTestApp();
    org = await createWizardOrg(t, 'reads');
    supervisor = `Bearer ${t.tokenForUser(org.supervisorId)}`;
    child.push(await org.approved('PID-READS-1', { SEXUAL_ABUSE: '2' }, { dateOfAssessment: '2024-01-10' }));
    child.push(await org.approved('PID-READS-1', { SEXUAL_ABUSE: '1' }, { dateOfAssessment: '2024-04-10' }));
    child.push(await org.approved('PID-READS-1', { SEXUAL_ABUSE: '0' }, { dateOfAssessment: '2024-07-10' }));
    other = await org.approved('PID-READS-2', { SEXUAL_ABUSE: '3' }, { dateOfAssessment: '2024-02-10' });
  });
  afterAll(() => t?.close());

  it('records each one-child report, glance, list and PDF as a read of the assessments it shows, with its own what', async () => {
    const [first, second, third] = child;
    const ok = async (path: string, query: Record<string, string>) => {
      const answer = await get(path, supervisor, SUPERVISOR_IP, query);
      expect([path, answer.status]).toEqual([path, 200]);
    };
    await ok('/api/reports/one-child-one-cans/cases', { cin: 'PID-READS-1' });
    await ok('/api/reports/one-child-one-cans', { assessment: first, domains: 'TRAUMA' });
    await ok('/api/reports/one-child-one-cans/glance', { assessment: first, domains: 'TRAUMA' });
    await ok('/api/reports/one-child-many-cans/time-points', { cin: 'PID-READS-1' });
    await ok('/api/reports/one-child-many-cans', { assessments: `${first},${third}` });
    await ok('/api/reports/one-child-many-cans/glance', { assessments: `${first},${third}` });
    const oneCans = await save(supervisor, { report: 'one-child-one-cans', query: { assessment: first, domains: 'TRAUMA' } });
    const manyCans = await save(supervisor, { report: 'one-child-many-cans', query: { assessments: `${first},${third}` } });
    for (const id of [oneCans, manyCans]) {
      const file = await pdf(id, supervisor, SUPERVISOR_IP);
      expect(file.status).toBe(200);
      expect((file.body as Buffer).subarray(0, 4).toString()).toBe('%PDF');
    }
    // Aggregates of many children are not reads of a record.
    await ok('/api/reports/many-children-one-cans', { domains: 'TRAUMA' });
    await ok('/api/reports/glance', { domains: 'TRAUMA' });
    await recorded();

    const read = (whatCode: string, what: string) => ({ whatCode, what, ip: SUPERVISOR_IP });
    expect(await readsOf(first, org.supervisorId)).toEqual([
      read('one-child-cases', 'One Child One CANS assessment list'),
      read('one-child-one-cans', 'One Child One CANS report'),
      read('one-child-one-cans-glance', 'One Child One CANS Quick Glance'),
      read('one-child-time-points', 'One Child Many CANS time-points'),
      read('one-child-many-cans', 'One Child Many CANS report'),
      read('one-child-many-cans-glance', 'One Child Many CANS Quick Glance'),
      read('one-child-one-cans-pdf', 'One Child One CANS PDF'),
      read('one-child-many-cans-pdf', 'One Child Many CANS PDF'),
    ]);
    // The second time-point was listed, not reported on.
    expect((await readsOf(second, org.supervisorId)).map((r) => r.whatCode)).toEqual(['one-child-cases', 'one-child-time-points']);
    expect((await readsOf(third, org.supervisorId)).map((r) => r.whatCode)).toEqual([
      'one-child-cases',
      'one-child-time-points',
      'one-child-many-cans',
      'one-child-many-cans-glance',
      'one-child-many-cans-pdf',
    ]);
    // Another child's assessment was only in the aggregates.
    expect(await readsOf(other, org.supervisorId)).toEqual([]);
  });

  it("records an API client's one-child report under the API user", async () => {
    const admin = `Bearer ${t.adminToken()}`;
    const created = await t
      .http()
      .post('/api/api-users')
      .set('Authorization', admin)
      .send({ username: 'reads-feed', password: 'a-long-machine-secret', ip: '127.0.0.1', maxRecords: 10 });
    expect(created.status).toBe(201);
    const issued = await t.http().post('/api/auth/api-token').send({ username: 'reads-feed', password: 'a-long-machine-secret' });
    expect(issued.status).toBe(200);
    const client = `Bearer ${issued.body.accessToken}`;
    const answer = await t
      .http()
      .get('/api/reports/one-child-one-cans')
      .query({ assessment: other })
      .set('Authorization', client)
      .set('X-Wait-For-Position', String(Number(created.headers['x-event-position'])));
    expect(answer.status).toBe(200);
    expect(answer.body.child.cin).toBe('PID-READS-2');
    await recorded();
    expect((await readsOf(other, created.body.id as string)).map((r) => r.whatCode)).toEqual(['one-child-one-cans']);
  });

  it('records nothing for a refused report: outside the caller’s reports, or an assessment that does not exist (400)', async () => {
    // Report_Assessment, but no caseload: the reports cover none of these assessments.
    const outsiderId = randomUUID();
    const outsider = `Bearer ${t.tokenFor(['HOME_SHOW', 'Report_Assessment'], outsiderId)}`;
    const [first, , third] = child;
    await recorded();
    const before = (await readsOf(first, org.supervisorId)).length;
    const refused = async (path: string, query: Record<string, string>, token = outsider) => {
      const answer = await get(path, token, OUTSIDER_IP, query);
      expect([path, answer.status]).toEqual([path, 400]);
    };
    await refused('/api/reports/one-child-one-cans', { assessment: first });
    await refused('/api/reports/one-child-one-cans/glance', { assessment: first });
    await refused('/api/reports/one-child-many-cans', { assessments: `${first},${third}` });
    await refused('/api/reports/one-child-many-cans/glance', { assessments: `${first},${third}` });
    const theirs = await save(supervisor, { report: 'one-child-one-cans', query: { assessment: first } });
    expect((await pdf(theirs, outsider, OUTSIDER_IP)).status).toBe(400);
    // The supervisor asking for an assessment that does not exist next to one that does.
    await refused('/api/reports/one-child-many-cans', { assessments: `${first},${randomUUID()}` }, supervisor);
    // Lists that find nothing of the child name no assessment.
    expect((await get('/api/reports/one-child-one-cans/cases', outsider, OUTSIDER_IP, { cin: 'PID-READS-1' })).body).toEqual([]);

    // A read served after them: the flush below is past every refused request.
    expect((await get('/api/reports/one-child-one-cans', supervisor, SUPERVISOR_IP, { assessment: third })).status).toBe(200);
    await recorded();
    for (const id of child) expect(await readsOf(id, outsiderId)).toEqual([]);
    expect((await readsOf(first, org.supervisorId)).length).toBe(before);
    expect((await readsOf(third, org.supervisorId)).at(-1)).toEqual(expect.objectContaining({ whatCode: 'one-child-one-cans' }));
  });
});
