/**
 * Issue 29 item 3: the app on a PostgreSQL cluster of the test's own (private-postgres.ts), under a steady write
 * load, through a server restart and, separately, every one of its connections killed with pg_terminate_backend.
 * The app reconnects by itself; a request caught in the fault is answered 503 with Retry-After (never 500) and
 * succeeds when retried; no acknowledged write is lost; /api/ready is 503 while the server is away and 200 within
 * 5 s of its return; the projections resume with no gap and nothing applied twice (a rebuild of each from event
 * zero gives the same read models).
 */
import { allProjections } from '@cans/projections';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { postgresBinaries, PrivatePostgres, startPrivatePostgres } from '@cans/storage/test-support/private-postgres';
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { AssessmentsApi, childForm, createOrganisation, Json, seedTestLibrary } from '../../assessments/assessments.test-support';
import { RecordReadsService } from '../../audit/record-reads/record-reads.service';
import { STORE_UNAVAILABLE_MESSAGE } from '../http/api-exception.filter';
import { ProjectionRunnerService } from '../projections/projection-runner.service';
import { EVENT_STORE, READ_STORE } from './storage-tokens';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const describeWithServer = postgresBinaries() ? describe : describe.skip;
if (!postgresBinaries()) console.warn('database-outage.spec: skipped, no PostgreSQL server binaries (PG_BIN or /usr/lib/postgresql)');

describeWithServer('the app through a PostgreSQL restart and dropped connections (a private cluster)', () => {
  jest.setTimeout(300_000);
  let cluster: PrivatePostgres;
  let t: TestApp;
  let worker: AssessmentsApi;
  const assessments: Array<{ id: string; code: string }> = [];

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    t = await startTestApp({ backend: 'postgres', config: { databaseUrl: await cluster.createDatabase('cans') } });
    await seedTestLibrary(t);
    const ids = await createOrganisation(t);
    worker = new AssessmentsApi(t, `Bearer ${t.tokenForUser(ids.worker)}`, ids.worker);
    for (const cin of ['PID-OUT-1', 'PID-OUT-2', 'PID-OUT-3']) {
      const view = await worker.start(childForm({ cin }));
      assessments.push({ id: view.id, code: view.questionnaire.domains[0].questions[0].code });
    }
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await cluster?.stop();
  });

  it('reconnects by itself, answers 503 (never 500) in the fault, keeps every acknowledged write, and the projections resume exactly', async () => {
    const statuses: number[] = [];
    const refusals: Json[] = [];
    const acknowledged = new Map<string, { rating: number; position: number }>();
    let writing = true;
    // Three case-worker tabs saving without pause; a 503 is retried as a client would, after a short pause.
    const loops = assessments.map(async ({ id, code }, index) => {
      for (let save = 0; writing; save++) {
        const rating = (save + index) % 4;
        for (;;) {
          const sent = await worker.rate(id, code, rating);
          statuses.push(sent.status);
          if (sent.status === 200) {
            acknowledged.set(id, { rating, position: Number(sent.headers['x-event-position']) });
            break;
          }
          if (sent.status !== 503) throw new Error(`a save answered ${sent.status}: ${JSON.stringify(sent.body)}`);
          refusals.push({ body: sent.body, retryAfter: sent.headers['retry-after'] });
          await sleep(100);
        }
      }
    });

    // /api/ready, polled as an orchestrator would.
    const readiness: Array<{ at: number; status: number }> = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        readiness.push({ at: Date.now(), status: (await t.http().get('/api/ready')).status });
        await sleep(100);
      }
    })();
    const readyAgainAfter = async (since: number) => {
      for (;;) {
        const answered = readiness.find((sample) => sample.at >= since && sample.status === 200);
        if (answered) return answered.at - since;
        if (Date.now() - since > 30_000) throw new Error('not ready 30 s after the fault ended');
        await sleep(50);
      }
    };

    try {
      await sleep(1500);
      // 1. The server restarts: down for two seconds.
      await cluster.stopServer();
      const down = Date.now();
      await sleep(2000);
      const wentDown = readiness.filter((sample) => sample.at >= down);
      await cluster.startServer();
      const up = Date.now();
      expect(wentDown.map((sample) => sample.status)).toContain(503);
      expect(await readyAgainAfter(up)).toBeLessThanOrEqual(5000);
      const savesAfterRestart = statuses.length;
      await sleep(1500);
      expect(statuses.length).toBeGreaterThan(savesAfterRestart);

      // 2. Every connection of the app is killed, the server staying up.
      expect(await cluster.terminateConnections('cans')).toBeGreaterThan(0);
      const killed = Date.now();
      expect(await readyAgainAfter(killed)).toBeLessThanOrEqual(5000);
      const savesAfterKill = statuses.length;
      await sleep(1500);
      expect(statuses.length).toBeGreaterThan(savesAfterKill);
    } finally {
      writing = false;
      polling = false;
      await Promise.all([...loops, poller]);
    }

    // Refused while the server was away, in words and with Retry-After; never a 500.
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals)
      expect(refusal).toEqual({ body: expect.objectContaining({ message: STORE_UNAVAILABLE_MESSAGE }), retryAfter: '2' });
    expect(readiness.filter((sample) => sample.status !== 200 && sample.status !== 503)).toEqual([]);

    // Every acknowledged write is in the log and is what the assessment holds.
    const eventStore = t.app.get<EventStore>(EVENT_STORE);
    for (const { id, code } of assessments) {
      const last = acknowledged.get(id)!;
      const [event] = await eventStore.readAll(last.position - 1, 1);
      expect(event.position).toBe(last.position);
      const view = (await worker.get(`/api/assessments/${id}`)).body;
      expect(view.questionnaire.domains[0].questions.find((question: Json) => question.code === code).rating).toBe(last.rating);
    }

    // The projections went on from their checkpoints: a rebuild from event zero gives the same read models. The
    // reads of the records above are appended as events in the background: flushed first, so both sides hold them.
    await t.app.get(RecordReadsService).flush();
    await t.caughtUp();
    const readStore = t.app.get<ReadStore>(READ_STORE);
    const snapshot = async () => {
      const models: Record<string, Json[]> = {};
      for (const projection of allProjections)
        for (const collection of projection.collections)
          models[collection.name] = await readStore.find(collection.name, {}, { sort: [{ field: 'id', direction: 'asc' }] });
      return models;
    };
    const live = await snapshot();
    const runner = t.app.get(ProjectionRunnerService);
    for (const projection of allProjections) await runner.rebuildOnce(projection.name);
    expect(await snapshot()).toEqual(live);
  });
});
