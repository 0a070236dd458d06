/**
 * An API client's maxRecords holds on the reports and analytics too (issue 27 finding 8), with an API user of
 * maxRecords 2: One Child Many CANS asking for three assessments is a 400 on `assessments` (its glance and its saved
 * query's PDF too), the time-points list never adds up to more than two rows across pages, One Child One CANS lists
 * at most two other CANS, and an analytics CSV holds at most two rows. A person gets everything.
 */
import { parse } from 'csv-parse/sync';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { binaryBody } from '../../data-feed/export/xlsx-read-back';
import { createWizardOrg, WizardOrg } from '../../reports/test-support/wizard-org';
import { recordLimitMessage } from './api-client-record-limit';

const MAX = 2;

describe('API users: maxRecords on the reports and analytics', () => {
  let t: TestApp;
  let org: WizardOrg;
  let person: string;
  let client: string;
  let position = 0;
  const series: string[] = [];

  const get = (token: string, path: string, query: Record<string, string> = {}) =>
    t
      .http()
      .get(path)
      .query(query)
      .set('Authorization', token)
      .set('X-Wait-For-Position', String(Math.max(position, org.writer.position)));

  beforeAll(async () => {
    t = await startTestApp();
    org = await createWizardOrg(t, 'capped');
    person = `Bearer ${t.tokenForUser(org.supervisorId)}`;
    const ratings = { SEXUAL_ABUSE: '2', PHYSICAL_ABUSE: '1', EMOTIONAL_ABUSE: '3' } as const;
    for (const month of ['01', '03', '05', '07'])
      series.push(await org.approved('PID-CAPPED', ratings, { dateOfAssessment: `2024-${month}-15` }));
    const created = await t
      .http()
      .post('/api/api-users')
      .set('Authorization', `Bearer ${t.adminToken()}`)
      .send({ username: 'capped-reports', password: 'a-long-machine-secret', ip: '127.0.0.1', maxRecords: MAX });
    expect(created.status).toBe(201);
    position = Number(created.headers['x-event-position']);
    const issued = await t.http().post('/api/auth/api-token').send({ username: 'capped-reports', password: 'a-long-machine-secret' });
    expect(issued.status).toBe(200);
    client = `Bearer ${issued.body.accessToken}`;
  });
  afterAll(() => t?.close());

  it('refuses One Child Many CANS, its glance and its saved PDF for more assessments than maxRecords (400 on assessments)', async () => {
    const three = series.slice(0, 3).join(',');
    const expected = { assessments: [recordLimitMessage(3, MAX)] };
    for (const path of ['/api/reports/one-child-many-cans', '/api/reports/one-child-many-cans/glance']) {
      expect((await get(person, path, { assessments: three })).status).toBe(200);
      const refused = await get(client, path, { assessments: three });
      expect([path, refused.status, refused.body.errors]).toEqual([path, 400, expected]);
      const two = await get(client, path, { assessments: series.slice(0, 2).join(',') });
      expect([path, two.status]).toEqual([path, 200]);
    }
    const two = await get(client, '/api/reports/one-child-many-cans', { assessments: series.slice(0, 2).join(',') });
    expect(two.body.assessments.map((a: { id: string }) => a.id)).toEqual(series.slice(0, 2));

    const saved = await t
      .http()
      .post('/api/reports/saved-queries')
      .set('Authorization', person)
      .send({ report: 'one-child-many-cans', query: { assessments: three } });
    expect(saved.status).toBe(201);
    const pdf = (token: string) => get(token, `/api/reports/saved-queries/${saved.body.id}/pdf`).buffer(true).parse(binaryBody);
    expect((await pdf(person)).status).toBe(200);
    const refusedPdf = await pdf(client);
    expect(refusedPdf.status).toBe(400);
    expect(JSON.parse((refusedPdf.body as Buffer).toString('utf8')).errors).toEqual(expected);
  });

  it('never answers more than maxRecords time-points, however the client pages', async () => {
    const all = await get(person, '/api/reports/one-child-many-cans/time-points', { cin: 'PID-CAPPED' });
    expect(all.body.map((row: { id: string }) => row.id)).toEqual(series);

    const first = await get(client, '/api/reports/one-child-many-cans/time-points', { cin: 'PID-CAPPED' });
    expect([first.status, first.body.map((row: { id: string }) => row.id)]).toEqual([200, series.slice(0, MAX)]);
    expect(first.headers['content-range']).toBe('reports/one-child-many-cans/time-points 0-1/4');
    // Paging on: only what is left of the first maxRecords, then nothing; the total stays true.
    const overlapping = await get(client, '/api/reports/one-child-many-cans/time-points', { cin: 'PID-CAPPED', range: '[1,3]' });
    expect(overlapping.body.map((row: { id: string }) => row.id)).toEqual([series[1]]);
    expect(overlapping.headers['content-range']).toBe('reports/one-child-many-cans/time-points 1-1/4');
    const beyond = await get(client, '/api/reports/one-child-many-cans/time-points', { cin: 'PID-CAPPED', range: '[2,3]' });
    expect([beyond.status, beyond.body]).toEqual([200, []]);
    expect(beyond.headers['content-range']).toBe('reports/one-child-many-cans/time-points 2-2/4');
  });

  it('lists at most maxRecords other CANS of the child in One Child One CANS', async () => {
    const query = { assessment: series[3] };
    expect((await get(person, '/api/reports/one-child-one-cans', query)).body.otherCases).toHaveLength(3);
    const capped = await get(client, '/api/reports/one-child-one-cans', query);
    expect(capped.status).toBe(200);
    expect(capped.body.otherCases.map((c: { id: string }) => c.id)).toEqual([series[2], series[1]]);
  });

  it('cuts an analytics CSV to maxRecords rows, saying of how many in Content-Range', async () => {
    await t.caughtUp();
    const path = '/api/analytics/item-transitions/items.csv';
    const whole = await get(person, path, { sort: '["item","ASC"]' });
    const rows = parse(whole.text, { columns: true }) as Array<Record<string, string>>;
    expect(rows.length).toBeGreaterThan(MAX);
    expect(whole.headers['content-range']).toBeUndefined();

    const cut = await get(client, path, { sort: '["item","ASC"]' });
    expect(cut.status).toBe(200);
    expect(parse(cut.text, { columns: true })).toEqual(rows.slice(0, MAX));
    expect(cut.headers['content-range']).toBe(`items 0-${MAX - 1}/${rows.length}`);
  });
});
