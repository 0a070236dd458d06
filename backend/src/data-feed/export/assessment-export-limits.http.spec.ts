/**
 * The limits of the export over HTTP: more than 5000 approved assessments in a range (the spec's limit, as is:
 * 5001 assessments appended straight to the event store) refuses the file with the spec's message and records
 * nothing; API users fetch the same export, capped by their maxRecords, and may not mail it.
 */
import { testPostgresUrl } from '@cans/storage/test-support/databases';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { loadTestLibrary } from '../../assessments/summary/test-support/assessment-writer';
import { ProjectionRunnerService } from '../../platform/projections/projection-runner.service';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';
import { appendApprovedAssessments } from '../../../test-support/approved-history';
import { EXPORT_LIMIT, ExportMessages } from './export-messages';
import { binaryBody, readWorkbook } from './xlsx-read-back';

// One backend: 5001 assessments cost a minute on each; PostgreSQL when configured.
const backend = testPostgresUrl() ? 'postgres' : 'pglite';
const CROWDED = { from: '2019-06-01', to: '2019-06-30' };
const FEW = { from: '2018-01-01', to: '2018-01-31' };

describe(`export limits over HTTP (${backend})`, () => {
  let t: TestApp;
  let position = 0;
  let exportToken: string;

  const get = (path: string, authorization: string, query: Record<string, string>) =>
    t.http().get(path).query(query).set('Authorization', authorization).set('X-Wait-For-Position', String(position));

  beforeAll(async () => {
    t = await startTestApp({ backend });
    exportToken = `Bearer ${t.tokenFor(['HOME_SHOW', 'DATA_FEED_SHOW'])}`;
    await t.settled();
    const library = await loadTestLibrary(t);
    const eventStore = t.app.get<EventStore>(EVENT_STORE);
    // 5001 in June 2019 (one more than the limit), 3 in January 2018.
    const crowded = await appendApprovedAssessments(eventStore, library, {
      count: EXPORT_LIMIT + 1,
      ownerId: '1',
      dateOfAssessment: (i) => `2019-06-${String(1 + (i % 30)).padStart(2, '0')}`,
    });
    const few = await appendApprovedAssessments(eventStore, library, { count: 3, ownerId: '1', dateOfAssessment: () => '2018-01-15' });
    position = Math.max(crowded, few);
    expect(await t.app.get(ProjectionRunnerService).waitForPosition(position, 180_000)).toBe(true);
  }, 300_000);

  afterAll(() => t?.close());

  it('counts more than 5000 and refuses the file with the spec’s message (400), recording nothing', async () => {
    expect((await get('/api/data-feed/export/count', exportToken, CROWDED).expect(200)).body).toEqual({
      ...CROWDED,
      count: 5001,
      limit: 5000,
    });
    const refused = await get('/api/data-feed/export/download', exportToken, CROWDED);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'The file cannot be generated as there are more than 5000 assessments, please narrow the date range.',
    );
    expect(refused.body.errors.to).toEqual([ExportMessages.export_assessment_too_many]);
    const mailed = await t
      .http()
      .post('/api/data-feed/export/mail')
      .set('Authorization', exportToken)
      .send({ ...CROWDED, email: 'a@b.org' });
    expect([mailed.status, mailed.body.message]).toEqual([400, ExportMessages.export_assessment_too_many]);
    // Without the 30th of June the range is within the limit again.
    expect(
      (await get('/api/data-feed/export/count', exportToken, { from: '2019-06-01', to: '2019-06-29' })).body.count,
    ).toBeLessThanOrEqual(EXPORT_LIMIT);
    await t.caughtUp();
    const log = await get('/api/system-log', `Bearer ${t.adminToken()}`, {
      filter: JSON.stringify({ action: 'assessments-exported' }),
      range: '[0,9]',
    }).expect(200);
    expect(log.body).toEqual([]);
  });

  it('lets an API user fetch the export within its maxRecords, refuses above it, and never mails', async () => {
    const admin = `Bearer ${t.adminToken()}`;
    const clientToken = async (username: string, maxRecords: number) => {
      const created = await t
        .http()
        .post('/api/api-users')
        .set('Authorization', admin)
        .send({ username, password: 'a-long-machine-secret', ip: '127.0.0.1', maxRecords });
      expect(created.status).toBe(201);
      position = Math.max(position, Number(created.headers['x-event-position'] ?? 0));
      const issued = await t.http().post('/api/auth/api-token').send({ username, password: 'a-long-machine-secret' });
      expect(issued.status).toBe(200);
      return `Bearer ${issued.body.accessToken}`;
    };
    const wide = await clientToken('export-wide', 10);
    expect((await get('/api/data-feed/export/count', wide, FEW).expect(200)).body).toEqual({ ...FEW, count: 3, limit: 10 });
    const file = await get('/api/data-feed/export/download', wide, FEW).buffer(true).parse(binaryBody).expect(200);
    expect((await readWorkbook(file.body as Buffer)).get('children')!.rows).toHaveLength(3);

    const narrow = await clientToken('export-narrow', 2);
    const capped = await get('/api/data-feed/export/download', narrow, FEW);
    expect(capped.status).toBe(400);
    expect(capped.body.message).toBe(
      'The range holds 3 assessments, more than the 2 records this API user may fetch in one request; please narrow the date range.',
    );
    // Above 5000 the spec's message, whatever the API user's maxRecords.
    const big = await clientToken('export-big', 10_000);
    expect((await get('/api/data-feed/export/download', big, CROWDED)).body.message).toBe(ExportMessages.export_assessment_too_many);
    const mailed = await t
      .http()
      .post('/api/data-feed/export/mail')
      .set('Authorization', wide)
      .send({ ...FEW, email: 'a@b.org' });
    expect(mailed.status).toBe(403);

    await t.caughtUp();
    const log = await get('/api/system-log', admin, { filter: JSON.stringify({ action: 'assessments-exported' }), range: '[0,9]' }).expect(
      200,
    );
    expect((log.body as Array<{ description: string }>).map((row) => row.description)).toEqual([
      'Approved assessments exported: 2018-01-01 to 2018-01-31: 3 assessments, downloaded',
    ]);
  });
});
