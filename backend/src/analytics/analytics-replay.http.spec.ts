/**
 * Temporal replay end to end: approvals before and after a moment; `replay --until <moment>` (the real CLI on
 * PostgreSQL, where it can reach the app's database; the same function in process on in-memory PGlite) builds the
 * projections from event zero with the earlier events only, and GET /api/analytics/…?until= serves those figures —
 * page and CSV — while the live collections keep the later ones. A day gives everything recorded up to its end.
 * These few assessments make small cells, which the API suppresses (analytics.http.spec.ts): the rows it serves tell
 * the moments apart, and the counts behind them are read from the collections the replay built.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { analyticsProjectionNamed } from '@cans/projections/analytics';
import { analyticsSource } from '@cans/projections/analytics/analytics.queries';
import { parseReplayMoment, replayAnalyticsProjection } from '@cans/projections/analytics/analytics-replay';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { httpTestBackends } from '@cans/storage/test-support/databases';
import { startTestApp, TestApp } from '../../test-support/test-app';
import { AssessmentsApi, createOrganisation, Json, seedTestLibrary } from '../assessments/assessments.test-support';
import { EVENT_STORE, READ_STORE } from '../platform/storage/storage-tokens';
import { analyst, approvedThroughApi } from './analytics.test-support';

const backends = httpTestBackends();
const REPOSITORY = resolve(__dirname, '../../..');

describe.each(backends)('analytics replay --until (%s)', (backend) => {
  let t: TestApp;
  let read: ReturnType<typeof analyst>;
  /** recordedAt of the last event before the later approval. */
  let moment = '';

  /** `npm run projections -- replay <name> --until <until>`: the CLI against the app's database, or the same function here. */
  async function replay(name: string, until: string): Promise<string> {
    if (t.databaseUrl) {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['-r', '@swc-node/register', 'scripts/projections-cli.ts', 'replay', name, '--until', until],
        { cwd: REPOSITORY, env: { ...process.env, DATABASE_URL: t.databaseUrl, JWT_SECRET: 'test-secret' }, timeout: 120_000 },
      );
      return stdout;
    }
    const { replay } = await replayAnalyticsProjection(
      t.app.get<EventStore>(EVENT_STORE),
      t.app.get<ReadStore>(READ_STORE),
      analyticsProjectionNamed(name)!,
      parseReplayMoment(until)!,
      { batchSize: 7, batchesPerFlush: 3 },
    );
    return `Replayed ${name} until ${replay.until}`;
  }

  beforeAll(async () => {
    t = await startTestApp({ backend });
    await seedTestLibrary(t);
    const ids = await createOrganisation(t);
    const worker = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.worker)}`, ids.worker);
    const supervisor = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.supervisor)}`, ids.supervisor);
    const child = (dateOfAssessment: string) => ({ cin: 'PID-R-1', dateOfAssessment });
    await approvedThroughApi(worker, supervisor, child('2024-05-01'), { T_SUBSTANCE_USE: 3, T_SEVERITY: 1 });
    await approvedThroughApi(worker, supervisor, child('2024-09-01'), { T_SUBSTANCE_USE: 1 });
    const eventStore = t.app.get<EventStore>(EVENT_STORE);
    const [last] = await eventStore.readAll((await eventStore.headPosition()) - 1, 1);
    moment = last.recordedAt;
    // The later events are recorded at a later millisecond.
    await new Promise((done) => setTimeout(done, 20));
    await approvedThroughApi(worker, supervisor, child('2024-12-01'), { T_SUBSTANCE_USE: 2, T_SEVERITY: 2 });
    read = analyst(t);
  }, 180_000);
  afterAll(() => t?.close());

  /** The served transitions; their counts (1) are small cells, answered null. */
  const substanceUse = async (query: Record<string, string> = {}) =>
    (await read('/api/analytics/item-transitions/transitions', { filter: '{"item":"T_SUBSTANCE_USE"}', ...query })).body.map(
      (row: Json) => `${row.from}>${row.to}: ${row.count ?? 'suppressed'}`,
    );
  /** The months served, and the count each stored (a small cell the API does not publish: read from the collection). */
  const approvedCount = async (query: Record<string, string> = {}) => {
    const served = (await read('/api/analytics/time-to-approval/by_month', query)).body as Json[];
    expect(served.every((row) => row.approved === null && row.suppressedFields.includes('approved'))).toBe(true);
    const projection = analyticsProjectionNamed('time-to-approval')!;
    const source = await analyticsSource(
      t.app.get<ReadStore>(READ_STORE),
      projection,
      'by_month',
      parseReplayMoment(query.until ?? '') ?? null,
    );
    const stored = await t.app.get<ReadStore>(READ_STORE).find<Json>(source!, {});
    expect(stored.map((row) => row.id)).toEqual(served.map((row) => row.id));
    return stored.map((row) => row.approved);
  };

  it('serves the figures as they stood at the moment, beside the live ones', async () => {
    expect(await substanceUse()).toEqual(['1>2: suppressed', '3>1: suppressed']);
    expect(await approvedCount()).toEqual([3]);

    expect(await replay('item-transitions', moment)).toContain(`Replayed item-transitions until ${moment}`);
    expect(await replay('time-to-approval', moment)).toContain('Replayed time-to-approval');
    expect(await substanceUse({ until: moment })).toEqual(['3>1: suppressed']);
    expect(await approvedCount({ until: moment })).toEqual([2]);
    // The same instant written with an offset names the same replay.
    const plusOne = new Date(Date.parse(moment) + 3_600_000).toISOString().replace('Z', '+01:00');
    expect(await approvedCount({ until: plusOne })).toEqual([2]);
    // Live figures unchanged.
    expect(await substanceUse()).toEqual(['1>2: suppressed', '3>1: suppressed']);

    const csv = await read('/api/analytics/item-transitions/transitions.csv', { until: moment, filter: '{"subject":"child"}' });
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="cans-analytics-item-transitions-transitions-until-${moment.replace(/[^0-9A-Za-z]/g, '')}.csv"`,
    );
    const rows = parse(csv.text, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => `${row.item} ${row.from}>${row.to}: ${row.count}`)).toEqual(['T_SLEEP 0>0: < 5', 'T_SUBSTANCE_USE 3>1: < 5']);

    const catalogue = (await read('/api/analytics')).body as Json[];
    expect(catalogue.map((entry) => entry.replays.map((r: Json) => r.until))).toEqual([[moment], [moment]]);
  });

  it('replays up to the end of a day: yesterday had nothing, today has everything', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
    await replay('time-to-approval', yesterday);
    const empty = await read('/api/analytics/time-to-approval/by_month', { until: yesterday });
    expect([empty.status, empty.headers['content-range'], empty.body]).toEqual([200, 'by_month 0-0/0', []]);
    await replay('time-to-approval', today);
    expect(await approvedCount({ until: today })).toEqual([3]);
    // A day that was not replayed is refused, not answered with live figures.
    expect((await read('/api/analytics/item-transitions/items', { until: today })).status).toBe(400);
  });
});
