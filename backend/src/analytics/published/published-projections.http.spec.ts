/**
 * Publishing an analyst's projection, on the real app with the demo data and a history seeded in the log: the browser
 * tutorial's projection (docs/writing-a-projection.md) is published, built from event zero in its own thread, served
 * through /api/analytics under the small cells, kept live, replayed as of a past moment, given a new version that
 * takes over, and unpublished. Its figures equal a plain recount from the stored events (tutorial-projection.test-
 * support.ts). Refusals record nothing.
 */
import type { EventStore, RecordedEvent } from '@cans/storage/event-store/event-store.port';
import { testPostgresUrl } from '@cans/storage/test-support/databases';
import { recountSuicideRiskResolved, tutorialProjectionCode } from '@cans/projections/analytics/sandbox/tutorial-projection.test-support';
import { parse } from 'csv-parse/sync';
import { EVENT_STORE, READ_STORE } from '../../platform/storage/storage-tokens';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import {
  PROJECTION_HOSTING_COLLECTION,
  ProjectionHostingDocument,
} from '@cans/projections/analytics/published/published-projection-hosting';
import { PUBLISHED_PROJECTIONS_COLLECTION } from '@cans/projections/analytics/published/published-projections.projection';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { LibraryStateService } from '../../library/library-stream/library-state.service';
import { AnalyticsReplayRunnerService } from '../replays/analytics-replay-runner.service';
import { MINIMUM_CELL_SIZE } from '../analytics-small-cells';
import { PublishedProjectionHostService, RETIRED_KEPT_MS } from './published-projection-host.service';
import { MAX_PUBLISHED_PROJECTIONS, TOO_MANY_PUBLISHED } from './published-projections.service';
import { appendSuicideRiskApprovals } from './suicide-risk-history.test-support';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const NAME = 'suicide-risk-resolved';
const PUBLISH = { name: NAME, label: 'Suicide risk resolved', description: 'Children whose SUICIDE_RISK went from 3 to 0', code: '' };

describe('published analysts’ projections over HTTP (demo data and a seeded history)', () => {
  let t: TestApp;
  let author: string;
  let reporter: string;
  let events: EventStore;
  let host: PublishedProjectionHostService;
  let agencies: string[];
  let beforeSecondApprovals: string;
  let seedPairs: (children: number, agencyOf: (child: number) => string, firstChild: number) => Promise<void>;

  beforeAll(async () => {
    t = await startTestApp({ backend: testPostgresUrl() ? 'postgres' : 'pglite', seed: 'demo-data' });
    author = `Bearer ${t.tokenFor(['Analytics_Author', 'Report_Assessment'])}`;
    reporter = `Bearer ${t.tokenFor(['Report_Assessment'])}`;
    events = t.app.get<EventStore>(EVENT_STORE);
    host = t.app.get(PublishedProjectionHostService);
    await t.settled();
    agencies = ((await t.http().get('/api/agencies').set('Authorization', `Bearer ${t.adminToken()}`)).body as Json[]).map((a) => a.id);
    const { instrument, rules } = await t.app.get(LibraryStateService).currentInstrument();
    const library = { instrument, rules };
    // Each child: an approved assessment rating SUICIDE_RISK 3, then one rating it 0 (approved after every first one).
    seedPairs = async (children, agencyOf, firstChild) => {
      const pids = Array.from({ length: children }, (_, i) => `PID-SR-${firstChild + i}`);
      const agency = (pid: string) => agencyOf(Number(pid.slice('PID-SR-'.length)));
      await appendSuicideRiskApprovals(events, library, { pids, agencyOf: agency, rating: '3' });
      beforeSecondApprovals ??= new Date().toISOString();
      await new Promise((resolve) => setTimeout(resolve, 5));
      await appendSuicideRiskApprovals(events, library, { pids, agencyOf: agency, rating: '0' });
    };
    // Six children in the first agency (a cell shown), two in the second (a small cell).
    await seedPairs(8, (child) => (child < 6 ? agencies[0] : agencies[1]), 0);
    PUBLISH.code = tutorialProjectionCode();
  }, 180_000);
  afterAll(() => t?.close());

  async function allEvents(): Promise<RecordedEvent[]> {
    const all: RecordedEvent[] = [];
    for (let page = await events.readAll(0, 5_000); page.length; page = await events.readAll(all[all.length - 1].position, 5_000))
      all.push(...page);
    return all;
  }

  const rowsOf = async (query = '') =>
    (await t.http().get(`/api/analytics/${NAME}/improved?range=[0,999]${query}`).set('Authorization', reporter).expect(200)).body as Json[];

  /** The served rows against the recount: counts from the minimum cell size on are shown as counted, smaller ones not. */
  function expectRecount(rows: Json[], recount: Map<string, number>) {
    expect(rows.map((row) => row.id).sort()).toEqual([...recount.keys()].sort());
    for (const row of rows) {
      const counted = recount.get(row.id)!;
      if (counted >= MINIMUM_CELL_SIZE) expect(row).toMatchObject({ children: counted, suppressedFields: [] });
      else expect(row).toMatchObject({ children: null, suppressedFields: ['children'] });
    }
  }

  it('publishes version 1, builds it from event zero and serves it to readers under the small cells, as recounted', async () => {
    const published = await t.http().post('/api/analytics-workbench/projections').set('Authorization', author).send(PUBLISH).expect(201);
    expect(published.body).toMatchObject({ name: NAME, version: 1, publishedByMe: true });
    expect(['waiting', 'building', 'live']).toContain(published.body.state);
    await host.settle();
    const status = (await t.http().get(`/api/analytics-workbench/projections/${NAME}`).set('Authorization', author).expect(200)).body;
    expect(status).toMatchObject({ state: 'live', servedVersion: 1, build: null, error: null, code: PUBLISH.code });

    const catalogue = (await t.http().get('/api/analytics').set('Authorization', reporter).expect(200)).body as Json[];
    expect(catalogue.find((entry) => entry.name === NAME)).toMatchObject({
      authored: true,
      version: 1,
      label: PUBLISH.label,
      collections: [{ name: 'improved', fields: expect.arrayContaining([expect.objectContaining({ name: 'children', count: true })]) }],
    });
    const recount = recountSuicideRiskResolved(await allEvents());
    expect(
      recount.get(`${agencies[0]}|${beforeSecondApprovals.slice(0, 4)}-Q${Math.ceil(Number(beforeSecondApprovals.slice(5, 7)) / 3)}`),
    ).toBe(6);
    const rows = await rowsOf();
    expectRecount(rows, recount);
    expect(rows.some((row) => row.suppressedFields.length > 0)).toBe(true);

    const csv = parse((await t.http().get(`/api/analytics/${NAME}/improved.csv`).set('Authorization', reporter).expect(200)).text, {
      columns: true,
    }) as Record<string, string>[];
    for (const line of csv) {
      const counted = recount.get(line.id)!;
      expect(line.children).toBe(counted >= MINIMUM_CELL_SIZE ? String(counted) : `< ${MINIMUM_CELL_SIZE}`);
    }

    const log = (
      await t
        .http()
        .get('/api/system-log?filter={"action":"analytics-projection-published"}')
        .set('Authorization', `Bearer ${t.adminToken()}`)
        .expect(200)
    ).body as Json[];
    expect(log[0]).toMatchObject({ label: 'Analytics projection published', description: expect.stringContaining(`${NAME} version 1`) });
  }, 120_000);

  it('keeps it live: children approved since are counted at the next poll', async () => {
    await seedPairs(2, () => agencies[0], 100);
    await host.settle();
    expectRecount(await rowsOf(), recountSuicideRiskResolved(await allEvents()));
  }, 60_000);

  it('replays it as of a moment before the second approvals, as recounted until then', async () => {
    const asked = await t
      .http()
      .post('/api/analytics-replays')
      .set('Authorization', reporter)
      .send({ projection: NAME, until: beforeSecondApprovals });
    expect([200, 202]).toContain(asked.status);
    await t.app.get(AnalyticsReplayRunnerService).runQueued();
    const job = (await t.http().get(`/api/analytics-replays/${asked.body.id}`).set('Authorization', reporter).expect(200)).body;
    expect(job).toMatchObject({ state: 'done' });
    const replayed = await rowsOf(`&until=${encodeURIComponent(beforeSecondApprovals)}`);
    expectRecount(replayed, recountSuicideRiskResolved(await allEvents(), beforeSecondApprovals));
    expect(replayed.some((row) => row.id.startsWith(`${agencies[0]}|`) && row.children === 8)).toBe(false);
  }, 60_000);

  it('publishes version 2 beside version 1, which readers keep until version 2 has caught up', async () => {
    const v2 = { ...PUBLISH, label: 'Suicide risk resolved (v2)' };
    expect(
      (await t.http().post('/api/analytics-workbench/projections').set('Authorization', author).send(v2).expect(201)).body.version,
    ).toBe(2);
    const during = (await t.http().get('/api/analytics').set('Authorization', reporter).expect(200)).body as Json[];
    expect([1, 2]).toContain(during.find((entry) => entry.name === NAME)!.version);
    await host.settle();
    const after = (await t.http().get('/api/analytics').set('Authorization', reporter).expect(200)).body as Json[];
    expect(after.find((entry) => entry.name === NAME)).toMatchObject({ version: 2, label: v2.label });
    expectRecount(await rowsOf(), recountSuicideRiskResolved(await allEvents()));
    // Version 1's collections stay a minute for the reads already under way elsewhere, then go.
    const readStore = t.app.get<ReadStore>(READ_STORE);
    const hosting = (await readStore.get<ProjectionHostingDocument>(PROJECTION_HOSTING_COLLECTION, NAME))!;
    expect(hosting.retired).toHaveLength(1);
    const [retired] = hosting.retired![0].collections;
    expect(await readStore.find(retired, {}, { limit: 1 })).toHaveLength(1);
    const later = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + RETIRED_KEPT_MS + 1_000);
    try {
      await host.poll();
    } finally {
      later.mockRestore();
    }
    expect((await readStore.get<ProjectionHostingDocument>(PROJECTION_HOSTING_COLLECTION, NAME))!.retired).toEqual([]);
    expect(await readStore.find(retired, {}, { limit: 1 })).toEqual([]);
    // The same version published again records nothing.
    const before = (await allEvents()).length;
    await t.http().post('/api/analytics-workbench/projections').set('Authorization', author).send(v2).expect(200);
    expect((await allEvents()).length).toBe(before);
  }, 120_000);

  it('says on which event a live version’s code failed, and keeps serving its rows from before it', async () => {
    const failing = {
      ...PUBLISH,
      name: 'fails-on-agency',
      code: `${PUBLISH.code}\nconst applyTutorial = apply;\napply = function (state, event) {\n  if (event.type === 'AgencyCreated' && event.name === 'Boom agency') throw new Error('boom');\n  return applyTutorial(state, event);\n};`,
    };
    await t.http().post('/api/analytics-workbench/projections').set('Authorization', author).send(failing).expect(201);
    await host.settle();
    const served = await t.http().get('/api/analytics/fails-on-agency/improved').set('Authorization', reporter).expect(200);
    await t
      .http()
      .post('/api/agencies')
      .set('Authorization', `Bearer ${t.adminToken()}`)
      .send({ name: 'Boom agency', displayName: 'Boom agency' })
      .expect(201);
    await host.settle();
    const status = (await t.http().get('/api/analytics-workbench/projections/fails-on-agency').set('Authorization', author).expect(200))
      .body;
    expect(status).toMatchObject({
      state: 'failed',
      servedVersion: 1,
      error: { message: expect.stringContaining('boom'), event: { type: 'AgencyCreated' } },
    });
    expect((await t.http().get('/api/analytics/fails-on-agency/improved').set('Authorization', reporter).expect(200)).body).toEqual(
      served.body,
    );
  }, 120_000);

  it('unpublishes: no longer served, its replays gone, the System Log says who', async () => {
    await t.http().delete(`/api/analytics-workbench/projections/${NAME}`).set('Authorization', author).expect(200);
    await host.settle();
    await t.http().get(`/api/analytics/${NAME}/improved`).set('Authorization', reporter).expect(404);
    expect(
      ((await t.http().get('/api/analytics').set('Authorization', reporter)).body as Json[]).some((entry) => entry.name === NAME),
    ).toBe(false);
    expect((await t.http().get(`/api/analytics-workbench/projections/${NAME}`).set('Authorization', author).expect(200)).body.state).toBe(
      'unpublished',
    );
    await t.http().delete(`/api/analytics-workbench/projections/${NAME}`).set('Authorization', author).expect(409);
  }, 60_000);

  it('refuses, recording nothing: no privilege, code that fails its preview, a built-in name, an unknown name', async () => {
    const before = (await allEvents()).length;
    await t.http().post('/api/analytics-workbench/projections').set('Authorization', reporter).send(PUBLISH).expect(403);
    const broken = await t
      .http()
      .post('/api/analytics-workbench/projections')
      .set('Authorization', author)
      .send({ ...PUBLISH, name: 'broken', code: 'const collections = {};\nfunction initialState() {' })
      .expect(400);
    expect(broken.body.errors.code).toBeDefined();
    expect(broken.body.sandbox).toMatchObject({ failure: 'syntax', line: expect.any(Number) });
    const builtIn = await t
      .http()
      .post('/api/analytics-workbench/projections')
      .set('Authorization', author)
      .send({ ...PUBLISH, name: 'time-to-approval' })
      .expect(400);
    expect(builtIn.body.errors.name).toBeDefined();
    await t
      .http()
      .post('/api/analytics-workbench/projections')
      .set('Authorization', author)
      .send({ ...PUBLISH, name: 'Bad Name' })
      .expect(400);
    await t.http().get('/api/analytics-workbench/projections/never-published').set('Authorization', author).expect(404);
    await t.http().delete('/api/analytics-workbench/projections/never-published').set('Authorization', author).expect(404);
    await t.http().delete('/api/analytics-workbench/projections/fails-on-agency').set('Authorization', reporter).expect(403);
    // As many published as the app hosts (8, set up in the read model while the host looks away): a 9th is refused.
    const polling = jest.spyOn(host, 'poll').mockResolvedValue(undefined);
    const readStore = t.app.get<ReadStore>(READ_STORE);
    const others = Array.from({ length: MAX_PUBLISHED_PROJECTIONS }, (_, i) => ({ id: `other-${i}`, name: `other-${i}`, published: true }));
    // The read model's alias reads its current generation; writes name the generation.
    const collection = (await readStore.collectionTarget(PUBLISHED_PROJECTIONS_COLLECTION)) ?? PUBLISHED_PROJECTIONS_COLLECTION;
    try {
      await readStore.apply(others.map((document) => ({ kind: 'upsert' as const, collection, document })));
      const ninth = await t
        .http()
        .post('/api/analytics-workbench/projections')
        .set('Authorization', author)
        .send({ ...PUBLISH, name: 'ninth' });
      expect(ninth.status).toBe(409);
      expect(ninth.body.message).toBe(TOO_MANY_PUBLISHED);
    } finally {
      await readStore.apply(others.map(({ id }) => ({ kind: 'delete' as const, collection, id })));
      polling.mockRestore();
    }
    expect((await allEvents()).length).toBe(before);
  }, 60_000);
});
