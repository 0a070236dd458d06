/**
 * In-app replays (issue 29 item 2) through the Nest app on an embedded store in a real data folder: an analyst asks
 * for a replay, the app builds it while serving, the job shows its progress and the figures are served with
 * `?until=`; the queue's bounds refuse with a sentence (and Retry-After) and write nothing; and
 * `npm run projections -- replay`, a real process beside the app that holds the folder, asks the app over its API
 * as an API user instead of opening the folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANALYTICS_REPLAY_JOBS_COLLECTION, MAX_WAITING_REPLAYS } from '@cans/projections/analytics/analytics-replay-jobs';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { runEntryPoint } from '../../../test-support/run-entry-point';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { AssessmentsApi, createOrganisation, Json, seedTestLibrary } from '../../assessments/assessments.test-support';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import { analyst, approvedThroughApi } from '../analytics.test-support';
import { REPLAY_QUEUE_FULL, REPLAY_USER_BUSY } from './analytics-replay-answers';
import { AnalyticsReplayRunnerService } from './analytics-replay-runner.service';

describe('in-app analytics replays (PGlite in a data folder)', () => {
  jest.setTimeout(240_000);
  let t: TestApp;
  let folder: string;
  let read: ReturnType<typeof analyst>;
  let analystToken: string;
  let polling: jest.SpyInstance;
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);

  const ask = (token: string, body: unknown) =>
    t
      .http()
      .post('/api/analytics-replays')
      .set('Authorization', token)
      .send(body as object);
  const jobCount = async () =>
    (
      await t.app
        .get<ReadStore>(READ_STORE)
        .find(ANALYTICS_REPLAY_JOBS_COLLECTION)
        .catch(() => [])
    ).length;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'cans-replays-'));
    t = await startTestApp({ backend: 'pglite', config: { dataDir: folder }, listen: true });
    await seedTestLibrary(t);
    const ids = await createOrganisation(t);
    const worker = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.worker)}`, ids.worker);
    const supervisor = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.supervisor)}`, ids.supervisor);
    await approvedThroughApi(worker, supervisor, { cin: 'PID-Q-1', dateOfAssessment: '2024-05-01' }, { T_SUBSTANCE_USE: 3 });
    read = analyst(t);
    analystToken = `Bearer ${t.tokenFor(['Report_Assessment'])}`;
    // Jobs wait until the spec runs them (runQueued): the timer would otherwise run them between two requests on a
    // slow machine, and the queue's bounds could not be seen. The CLI's test gives the timer back.
    polling = jest.spyOn(t.app.get(AnalyticsReplayRunnerService), 'poll').mockResolvedValue(undefined);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('queues a replay, builds it in the app with its progress, and serves it with ?until=', async () => {
    const before = await read('/api/analytics/time-to-approval/by_month', { until: today });
    expect(before.status).toBe(400);

    const asked = await ask(analystToken, { projection: 'time-to-approval', until: today });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ projection: 'time-to-approval', label: today, state: 'queued', mine: true, position: 0 });
    expect(Object.keys(asked.body)).not.toContain('requestedBy');
    // The same projection and moment again: that job, not a second one.
    const again = await ask(analystToken, { projection: 'time-to-approval', until: today });
    expect([again.status, again.body.id]).toEqual([200, asked.body.id]);

    await t.app.get(AnalyticsReplayRunnerService).runQueued();
    const done = await t.http().get(`/api/analytics-replays/${asked.body.id}`).set('Authorization', analystToken);
    expect(done.body).toMatchObject({ state: 'done', error: null });
    expect(done.body.applied).toBeGreaterThan(0);
    expect(done.body.position).toBe(done.body.headPosition);
    expect(Date.parse(done.body.finishedAt)).toBeGreaterThanOrEqual(Date.parse(done.body.startedAt));

    const served = await read('/api/analytics/time-to-approval/by_month', { until: today });
    expect([served.status, served.body.length]).toEqual([200, 1]);
    const catalogue = (await read('/api/analytics')).body as Json[];
    expect(catalogue.find((entry) => entry.name === 'time-to-approval')!.replays.map((replay: Json) => replay.until)).toContain(today);

    // Another reader sees the job, not who asked for it.
    const other = await t
      .http()
      .get('/api/analytics-replays')
      .set('Authorization', `Bearer ${t.tokenFor(['Report_Assessment'])}`);
    expect(other.body.find((job: Json) => job.id === asked.body.id)).toMatchObject({ mine: false, state: 'done' });
  });

  it('refuses past its bounds with a sentence and Retry-After, and writes nothing', async () => {
    const first = await ask(analystToken, { projection: 'item-transitions', until: yesterday });
    expect(first.status).toBe(202);
    const jobs = await jobCount();
    const second = await ask(analystToken, { projection: 'time-to-approval', until: yesterday });
    expect([second.status, second.body.message, second.headers['retry-after']]).toEqual([429, REPLAY_USER_BUSY, '30']);
    expect(await jobCount()).toBe(jobs);

    // Other analysts fill the queue; the next one is told to come back.
    for (let i = 1; i < MAX_WAITING_REPLAYS; i++)
      expect(
        (await ask(`Bearer ${t.tokenFor(['Report_Assessment'])}`, { projection: 'item-transitions', until: `2023-01-0${i}` })).status,
      ).toBe(202);
    const full = await ask(`Bearer ${t.tokenFor(['Report_Assessment'])}`, { projection: 'item-transitions', until: '2022-12-31' });
    expect([full.status, full.body.message, full.headers['retry-after']]).toEqual([503, REPLAY_QUEUE_FULL, '30']);
    expect(await jobCount()).toBe(jobs + MAX_WAITING_REPLAYS - 1);

    await t.app.get(AnalyticsReplayRunnerService).runQueued();
    const states = (await t.http().get('/api/analytics-replays').set('Authorization', analystToken)).body.map((job: Json) => job.state);
    expect(new Set(states)).toEqual(new Set(['done']));
  });

  it('answers bad input with 400 on the field, an unknown job with 404, and no privilege with 403', async () => {
    const jobs = await jobCount();
    const badDate = await ask(analystToken, { projection: 'time-to-approval', until: '2026-02-30' });
    expect([badDate.status, Object.keys(badDate.body.errors)]).toEqual([400, ['until']]);
    const badName = await ask(analystToken, { projection: 'assessment-list', until: today });
    expect([badName.status, Object.keys(badName.body.errors)]).toEqual([400, ['projection']]);
    expect(await jobCount()).toBe(jobs);
    const unknown = await t.http().get('/api/analytics-replays/7b0c4a53-8a59-4d5e-9d0a-6f9bd0a1c111').set('Authorization', analystToken);
    expect(unknown.status).toBe(404);
    const worker = `Bearer ${t.tokenFor(['Assessment_View', 'Assessment_Edit'])}`;
    expect((await ask(worker, { projection: 'time-to-approval', until: today })).status).toBe(403);
    expect((await t.http().get('/api/analytics-replays').set('Authorization', worker)).status).toBe(403);
    expect(await jobCount()).toBe(jobs);
  });

  it('the CLI beside the running app asks it over the API as an API user, and follows the job to its end', async () => {
    const admin = `Bearer ${t.adminToken()}`;
    const apiUser = await t
      .http()
      .post('/api/api-users')
      .set('Authorization', admin)
      .send({ username: 'replay-cli', password: 'a-long-machine-secret', ip: '127.0.0.1', maxRecords: 100 });
    expect(apiUser.status).toBe(201);
    await t.settled();

    // The app runs the CLI's replay by itself, as in production.
    polling.mockRestore();
    const env = { DATA_DIR: folder, LOG_LEVEL: 'silent', CANS_API_URL: t.baseUrl! };
    const withoutCredentials = await runEntryPoint('scripts/projections-cli.ts', {
      args: ['replay', 'item-transitions', '--until', today],
      env,
      timeoutMs: 60_000,
    });
    expect(withoutCredentials.code).toBe(1);
    expect(withoutCredentials.output).toContain(`The app (process ${process.pid}) holds the data folder`);
    expect(withoutCredentials.output).toContain('CANS_API_USERNAME');

    const cli = runEntryPoint('scripts/projections-cli.ts', {
      args: ['replay', 'item-transitions', '--until', today],
      env: { ...env, CANS_API_USERNAME: 'replay-cli', CANS_API_PASSWORD: 'a-long-machine-secret' },
      timeoutMs: 120_000,
    });
    const outcome = await cli;
    expect([outcome.code, outcome.output]).toEqual([
      0,
      expect.stringContaining(`Replayed item-transitions until ${today} in the running app`),
    ]);
    expect((await read('/api/analytics/item-transitions/items', { until: today })).status).toBe(200);
  });
});
