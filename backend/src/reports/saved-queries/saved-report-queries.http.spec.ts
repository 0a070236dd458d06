/**
 * Saved report queries over HTTP on the real app: the short stable id, idempotent saves (nothing appended twice),
 * read-your-writes, validation with the report routes' own DTOs (400 with `query.<field>` messages, nothing
 * written) and the Report_Assessment guard.
 */
import { createHash } from 'node:crypto';
import { savedReportQueryStreamId } from '@cans/domain/reports/saved-report-query.events';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';

const backends = httpTestBackends();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const SAVED_QUERIES = '/api/reports/saved-queries';
const MANY_CHILDREN = {
  report: 'many-children-one-cans',
  query: { minAge: '5', maxAge: '12', gender: 'F', domains: 'LIFE_FUNCTIONING,CHILD_STRENGTHS' },
  comparison: { compareAgency: 'agency-1', compareType: '62', compareYear: '2025' },
};

/** The id as the contract defines it, computed here independently: sha256 of the canonical JSON, base64url, 12 chars. */
function expectedId(report: string, query: Record<string, string>, comparison: Record<string, string> | null): string {
  const sorted = (parameters: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(parameters)
        .filter(([, value]) => value !== '')
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  const json = JSON.stringify([report, sorted(query), comparison ? sorted(comparison) : null]);
  return createHash('sha256').update(json).digest('base64url').slice(0, 12);
}

describe.each(backends)('saved report queries over HTTP (%s)', (backend) => {
  let t: TestApp;
  let analyst: string;
  let colleague: string;
  let position = 0;

  const post = (body: unknown, token = analyst) =>
    t
      .http()
      .post(SAVED_QUERIES)
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);
  const get = (id: string, token = analyst) =>
    t.http().get(`${SAVED_QUERIES}/${id}`).set('Authorization', `Bearer ${token}`).set('X-Wait-For-Position', String(position));
  const eventStore = () => t.app.get<EventStore>(EVENT_STORE);
  /** Sends the request and answers what it appended (requests are sequential). */
  const appendedBy = async (request: () => PromiseLike<Json>) => {
    await t.settled();
    const before = await eventStore().headPosition();
    const response = await request();
    const events = (await eventStore().readAll(before, 100)).map((event) => event.type);
    return { response, events };
  };

  beforeAll(async () => {
    t = await startTestApp({ backend });
    analyst = t.tokenFor(['HOME_SHOW', 'Report_Assessment'], 'analyst-1');
    colleague = t.tokenFor(['Report_Assessment'], 'analyst-2');
    await t.settled();
  });

  afterAll(() => t?.close());

  it('saves a query: 201 with its short stable id, the print path and the PDF path', async () => {
    const { response, events } = await appendedBy(() => post(MANY_CHILDREN));
    expect(response.status).toBe(201);
    const id = expectedId(MANY_CHILDREN.report, MANY_CHILDREN.query, MANY_CHILDREN.comparison);
    expect(response.body).toEqual({
      id,
      report: 'many-children-one-cans',
      printPath: `/report/print/${id}`,
      pdfPath: `/api/reports/saved-queries/${id}/pdf`,
    });
    expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(events).toEqual(['ReportQuerySaved']);
    position = Number(response.headers['x-event-position']);
    expect(position).toBeGreaterThan(0);

    // The event log records who saved which query.
    const [saved] = await eventStore().readStream(savedReportQueryStreamId(id));
    expect(saved.metadata.userId).toBe('analyst-1');
    expect(saved.data).toMatchObject({ queryId: id, savedBy: 'analyst-1', query: MANY_CHILDREN.query });
  });

  it('answers the same id for the same query, whatever the key order, empty values or who saves it, and appends nothing', async () => {
    const reordered = {
      comparison: { compareYear: '2025', compareAgency: 'agency-1', compareAssessors: '', compareType: '62' },
      query: { domains: 'LIFE_FUNCTIONING,CHILD_STRENGTHS', gender: 'F', cin: '', maxAge: '12', minAge: '5' },
      report: 'many-children-one-cans',
    };
    const first = expectedId(MANY_CHILDREN.report, MANY_CHILDREN.query, MANY_CHILDREN.comparison);
    for (const [body, token] of [
      [MANY_CHILDREN, analyst],
      [reordered, analyst],
      [MANY_CHILDREN, colleague],
    ] as const) {
      const { response, events } = await appendedBy(() => post(body, token));
      expect(response.status).toBe(201);
      expect(response.body.id).toBe(first);
      expect(events).toEqual([]);
      expect(Number(response.headers['x-event-position'])).toBe(position);
    }
    const other = await post({ ...MANY_CHILDREN, query: { ...MANY_CHILDREN.query, maxAge: '13' } });
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(first);
  });

  it('keeps a comparison of every agency (no agency chosen), apart from no comparison', async () => {
    const everyAgency = { compareType: '62', compareYear: '2025' };
    const withEveryone = await post({ ...MANY_CHILDREN, comparison: { ...everyAgency, compareAgency: '' } });
    const without = await post({ ...MANY_CHILDREN, comparison: null });
    expect([withEveryone.status, without.status]).toEqual([201, 201]);
    expect(withEveryone.body.id).toBe(expectedId(MANY_CHILDREN.report, MANY_CHILDREN.query, everyAgency));
    expect(without.body.id).toBe(expectedId(MANY_CHILDREN.report, MANY_CHILDREN.query, null));
    expect(withEveryone.body.id).not.toBe(without.body.id);
    const opened = await t
      .http()
      .get(`${SAVED_QUERIES}/${withEveryone.body.id}`)
      .set('Authorization', `Bearer ${analyst}`)
      .set('X-Wait-For-Position', withEveryone.headers['x-event-position']);
    expect(opened.body.comparison).toEqual(everyAgency);
  });

  it('opens a saved query (anyone with Report_Assessment), right after the save', async () => {
    const id = expectedId(MANY_CHILDREN.report, MANY_CHILDREN.query, MANY_CHILDREN.comparison);
    for (const token of [analyst, colleague]) {
      const response = await get(id, token);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id,
        report: 'many-children-one-cans',
        query: MANY_CHILDREN.query,
        comparison: MANY_CHILDREN.comparison,
        savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    }

    // A print tab opened at once sends no X-Wait-For-Position: it still finds the query.
    const saved = await post({ report: 'one-child-one-cans', query: { assessment: 'assessment-42', domains: 'LIFE_FUNCTIONING' } });
    expect(saved.status).toBe(201);
    const opened = await t.http().get(`${SAVED_QUERIES}/${saved.body.id}`).set('Authorization', `Bearer ${analyst}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ report: 'one-child-one-cans', query: { assessment: 'assessment-42' }, comparison: null });
  });

  it('saves each report kind with its own route parameters', async () => {
    for (const body of [
      { report: 'one-child-many-cans', query: { assessments: 'a-1,a-2', domains: 'LIFE_FUNCTIONING' } },
      { report: 'many-children-many-cans', query: { startDoa: '2024-01-01', endDoa: '2024-12-31', minAge: '-1' }, comparison: null },
      { report: 'many-children-one-cans', query: {} },
    ]) {
      const response = await post(body);
      expect(response.status).toBe(201);
      expect(response.body.report).toBe(body.report);
      position = Number(response.headers['x-event-position']);
      const opened = await get(response.body.id);
      expect(opened.body).toMatchObject({ report: body.report, query: body.query, comparison: null });
    }
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['AAAAAAAAAAAA', 'not-a-saved-query-id', 'x']) {
      const response = await get(id);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('The saved report query does not exist.');
    }
  });

  it.each<[string, unknown, Record<string, string[] | jest.Expect['any']>]>([
    ['an unknown report kind', { report: 'every-child', query: {} }, { report: [expect.stringContaining('must be one of')] }],
    ['no query', { report: 'many-children-one-cans' }, { query: ['must be an object of query parameters'] }],
    [
      'a parameter the report route does not take',
      { report: 'many-children-one-cans', query: { minAge: '5', assessment: 'a-1' } },
      { 'query.assessment': ['property assessment should not exist'] },
    ],
    [
      'a bad value',
      { report: 'many-children-many-cans', query: { minAge: 'x', startDoa: '2024-1-1' } },
      { 'query.minAge': ['must be a whole number from -1 to 22'], 'query.startDoa': ['must be a date yyyy-MM-dd'] },
    ],
    [
      'a reversed age range',
      { report: 'many-children-one-cans', query: { minAge: '12', maxAge: '5' } },
      { 'query.minAge': ['must not be greater than maxAge'] },
    ],
    [
      'an impossible day',
      { report: 'many-children-one-cans', query: { endDoa: '2024-02-30' } },
      { 'query.endDoa': ['must be a real calendar date from 1900-01-01 to 9999-12-31'] },
    ],
    [
      'a value that is not text',
      { report: 'many-children-one-cans', query: { minAge: 5 } },
      { 'query.minAge': ['must be text, as in a query string'] },
    ],
    [
      'a one-child query without its assessment',
      { report: 'one-child-one-cans', query: {} },
      { 'query.assessment': expect.arrayContaining(['choose an assessment']) },
    ],
    [
      'a comparison on a one-child report',
      { report: 'one-child-one-cans', query: { assessment: 'a-1' }, comparison: { compareAgency: 'agency-1' } },
      { comparison: ['only Many Children One CANS has a comparison report'] },
    ],
    [
      'a comparison parameter that is not one',
      { report: 'many-children-one-cans', query: {}, comparison: { minAge: '3', compareNothing: 'x' } },
      {
        'comparison.minAge': [expect.stringContaining('is not a comparison parameter')],
        'comparison.compareNothing': expect.any(Array),
        'comparison.compareType': ['must be one assessment type (its option id)'],
        'comparison.compareYear': ['must be a calendar year from 1900 to 9999'],
      },
    ],
    [
      'a comparison group narrowed by days or PIDs (differencing, issue 27)',
      { report: 'many-children-one-cans', query: {}, comparison: { ...MANY_CHILDREN.comparison, startDoa: '2025-10-01', cin: 'PID-1' } },
      {
        'comparison.startDoa': [expect.stringContaining('is not a comparison parameter')],
        'comparison.cin': [expect.stringContaining('is not a comparison parameter')],
      },
    ],
    [
      'a too long comparison list',
      { report: 'many-children-one-cans', query: {}, comparison: { ...MANY_CHILDREN.comparison, compareAssessors: 'a,'.repeat(1001) } },
      { 'comparison.compareAssessors': [expect.stringContaining('2000')] },
    ],
    [
      'a parameter named like an object property',
      { report: 'many-children-one-cans', query: { toString: 'x', hasOwnProperty: 'y' } },
      { 'query.toString': ['is not a parameter of this report'], 'query.hasOwnProperty': ['is not a parameter of this report'] },
    ],
    [
      'a parameter name that is not a name',
      { report: 'many-children-one-cans', query: { 'min age': '5' } },
      { query: ['parameter names are letters and digits'] },
    ],
    ['a field the body does not have', { ...MANY_CHILDREN, title: 'x' }, { title: ['property title should not exist'] }],
  ])('refuses %s with 400 and field messages, and writes nothing', async (_case, body, errors) => {
    const { response, events } = await appendedBy(() => post(body));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(errors);
    expect(events).toEqual([]);
  });

  it('needs Report_Assessment to save or open a query', async () => {
    const viewer = t.tokenFor(['HOME_SHOW', 'Assessment_View'], 'viewer-1');
    const { response, events } = await appendedBy(() => post(MANY_CHILDREN, viewer));
    expect(response.status).toBe(403);
    expect(events).toEqual([]);
    const id = expectedId(MANY_CHILDREN.report, MANY_CHILDREN.query, MANY_CHILDREN.comparison);
    expect((await get(id, viewer)).status).toBe(403);
    expect((await t.http().get(`${SAVED_QUERIES}/${id}`)).status).toBe(401);
  });
});
