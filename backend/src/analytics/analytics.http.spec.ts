/**
 * The analytics API on the real app: two children's assessments taken through the whole workflow over HTTP, the
 * example projections built from them by the engine, read by an analyst — the catalogue, pages with Content-Range,
 * filters and sorts on declared fields, the CSV parsed back — and the refusals: 400 naming the parameter, 404 for
 * an unknown projection or collection (state collections included), 403 without Report_Assessment.
 */
import { parse } from 'csv-parse/sync';
import { testPostgresUrl } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { AssessmentsApi, createOrganisation, Json, seedTestLibrary } from '../assessments/assessments.test-support';
import { analyst, approvedThroughApi } from './analytics.test-support';
import { NO_REPLAY, UNKNOWN_COLLECTION, UNKNOWN_PROJECTION } from './analytics-request';

const backends: Array<'pglite' | 'postgres'> = testPostgresUrl() ? ['pglite', 'postgres'] : ['pglite'];

describe.each(backends)('analytics over HTTP (%s)', (backend) => {
  let t: TestApp;
  let read: ReturnType<typeof analyst>;
  let approvedMonth = '';

  beforeAll(async () => {
    t = await startTestApp({ backend });
    await seedTestLibrary(t);
    const ids = await createOrganisation(t);
    const worker = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.worker)}`, ids.worker);
    const supervisor = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.supervisor)}`, ids.supervisor);
    // Child 1: substance use 3 → 1 (resolved), sleep 2 → 2; child 2: one assessment only (no pair).
    await approvedThroughApi(
      worker,
      supervisor,
      { cin: 'PID-AN-1', dateOfAssessment: '2024-05-01' },
      { T_SUBSTANCE_USE: 3, T_SEVERITY: 2, T_SLEEP: 2 },
    );
    await approvedThroughApi(worker, supervisor, { cin: 'PID-AN-1', dateOfAssessment: '2024-09-01' }, { T_SUBSTANCE_USE: 1, T_SLEEP: 2 });
    await approvedThroughApi(worker, supervisor, { cin: 'PID-AN-2', dateOfAssessment: '2024-06-01' }, { T_SLEEP: 3 });
    approvedMonth = new Date().toISOString().slice(0, 7);
    read = analyst(t);
  }, 120_000);
  afterAll(() => t?.close());

  it('lists the projections with their published collections and fields', async () => {
    const answer = await read('/api/analytics');
    expect(answer.status).toBe(200);
    expect(answer.body.map((entry: Json) => [entry.name, entry.collections.map((c: Json) => c.name)])).toEqual([
      ['item-transitions', ['transitions', 'items']],
      ['time-to-approval', ['by_month']],
    ]);
    const items = answer.body[0].collections[1];
    expect(items.fields.map((field: Json) => field.name)).toEqual([
      'id',
      'subject',
      'item',
      'pairs',
      'actionable',
      'resolved',
      'improved',
      'resolvedPercent',
      'improvedPercent',
    ]);
    expect(items.fields.every((field: Json) => typeof field.description === 'string' && field.description.length > 0)).toBe(true);
    expect(answer.body[1]).toMatchObject({ version: 1, description: expect.stringContaining('agency and month'), replays: [] });
  });

  it('serves pages with Content-Range, filtered and sorted on declared fields', async () => {
    const transitions = await read('/api/analytics/item-transitions/transitions', {
      filter: JSON.stringify({ subject: 'child' }),
      sort: JSON.stringify(['item', 'DESC']),
    });
    expect(transitions.status).toBe(200);
    expect(transitions.headers['content-range']).toBe('transitions 0-1/2');
    expect(transitions.body.map((row: Json) => `${row.item} ${row.from}>${row.to}: ${row.count}`)).toEqual([
      'T_SUBSTANCE_USE 3>1: 1',
      'T_SLEEP 2>2: 1',
    ]);

    const page = await read('/api/analytics/item-transitions/items', { sort: '["item","ASC"]', range: '[1,1]' });
    expect(page.headers['content-range']).toBe('items 1-1/2');
    expect(page.body).toEqual([
      {
        id: 'child.T_SUBSTANCE_USE',
        subject: 'child',
        item: 'T_SUBSTANCE_USE',
        pairs: 1,
        actionable: 1,
        resolved: 1,
        improved: 1,
        resolvedPercent: 100,
        improvedPercent: 100,
      },
    ]);
    const listed = await read('/api/analytics/item-transitions/items', { filter: JSON.stringify({ item: ['T_SLEEP', 'T_NONE'] }) });
    expect(listed.body.map((row: Json) => [row.item, row.actionable, row.resolvedPercent])).toEqual([['T_SLEEP', 1, 0]]);

    const months = await read('/api/analytics/time-to-approval/by_month', {
      filter: JSON.stringify({ agencyId: null, month: approvedMonth }),
    });
    expect(months.headers['content-range']).toBe('by_month 0-0/1');
    expect(months.body[0]).toMatchObject({ id: `none.${approvedMonth}`, agencyId: null, month: approvedMonth, approved: 3 });
    expect(months.body[0].creationToApprovalMedianDays).toBeGreaterThanOrEqual(0);
  });

  it('downloads a collection as CSV: the declared fields as columns, the rows as the list sorts and filters them', async () => {
    const answer = await read('/api/analytics/item-transitions/items.csv', { sort: '["item","DESC"]', filter: '{"subject":"child"}' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="cans-analytics-item-transitions-items.csv"');
    const rows = parse(answer.text, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual([
      'id',
      'subject',
      'item',
      'pairs',
      'actionable',
      'resolved',
      'improved',
      'resolvedPercent',
      'improvedPercent',
    ]);
    expect(rows.map((row) => [row.item, row.pairs, row.resolved, row.resolvedPercent])).toEqual([
      ['T_SUBSTANCE_USE', '1', '1', '100'],
      ['T_SLEEP', '1', '0', '0'],
    ]);
    const months = parse((await read('/api/analytics/time-to-approval/by_month.csv')).text, { columns: true }) as Record<string, string>[];
    // A null agency is an empty cell.
    expect(months.map((row) => [row.agencyId, row.month, row.approved])).toEqual([['', approvedMonth, '3']]);
  });

  it('answers 400 naming the parameter, 404 for what does not exist, 403 without Report_Assessment', async () => {
    const refused = async (path: string, query: Record<string, string>) => {
      const answer = await read(path, query);
      return [answer.status, Object.keys(answer.body.errors ?? {}), answer.body.message];
    };
    const items = '/api/analytics/item-transitions/items';
    expect((await refused(items, { filter: '{"cin":"PID-AN-1"}' })).slice(0, 2)).toEqual([400, ['filter']]);
    expect((await refused(items, { sort: '["cin","ASC"]' })).slice(0, 2)).toEqual([400, ['sort']]);
    expect((await refused(items, { filter: '{"item":{"$gt":""}}' })).slice(0, 2)).toEqual([400, ['filter.item']]);
    expect((await refused(`${items}.csv`, { filter: '[1]' })).slice(0, 2)).toEqual([400, ['filter']]);
    expect((await refused(items, { until: '2024-02-30' })).slice(0, 2)).toEqual([400, ['until']]);
    expect((await refused(items, { until: 'yesterday' })).slice(0, 2)).toEqual([400, ['until']]);
    expect(await refused(items, { until: '2024-12-31' })).toEqual([400, ['until'], NO_REPLAY]);
    expect(await refused(`${items}.csv`, { until: '2024-12-31' })).toEqual([400, ['until'], NO_REPLAY]);

    expect(await refused('/api/analytics/no-such/items', {})).toEqual([404, [], UNKNOWN_PROJECTION]);
    expect(await refused('/api/analytics/item-transitions/no_such', {})).toEqual([404, [], UNKNOWN_COLLECTION]);
    // State collections hold PIDs: never served.
    expect(await refused('/api/analytics/item-transitions/chains', {})).toEqual([404, [], UNKNOWN_COLLECTION]);
    expect(await refused('/api/analytics/time-to-approval/assessments.csv', {})).toEqual([404, [], UNKNOWN_COLLECTION]);

    const outsider = `Bearer ${t.tokenFor(['HOME_SHOW', 'Assessment_View'])}`;
    for (const path of ['/api/analytics', items, `${items}.csv`])
      expect((await t.http().get(path).set('Authorization', outsider)).status).toBe(403);
    expect((await t.http().get(items)).status).toBe(401);
  });
});
