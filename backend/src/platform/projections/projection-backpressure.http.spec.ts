/**
 * Issue 32 through the real app: a committed command's answer waits while the live projections trail its event by
 * more than the backlog allowed (ProjectionBackpressureInterceptor), and a read does not; with SERVER_TIMING=true
 * every answer carries the stages of its time (server-timing.ts), and without it none does.
 */
import { startTestApp, TestApp } from '../../../test-support/test-app';
import { AssessmentsApi, childForm, seedTestLibrary, WORKER_PRIVILEGES } from '../../assessments/assessments.test-support';
import { ProjectionRunnerService } from './projection-runner.service';
import { MAX_PROJECTION_BACKLOG_EVENTS } from './projection-backpressure.interceptor';

describe('Answers of committed commands and the live projections (PGlite)', () => {
  let t: TestApp;
  let worker: AssessmentsApi;

  beforeAll(async () => {
    t = await startTestApp({ backend: 'pglite', config: { serverTiming: true } });
    await seedTestLibrary(t);
    worker = new AssessmentsApi(t, `Bearer ${t.tokenFor(WORKER_PRIVILEGES)}`, 'worker');
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  it("holds a save's answer until the projections are within the backlog of its event, and never a read's", async () => {
    const { id } = await worker.start(childForm());
    const projections = t.app.get(ProjectionRunnerService);
    let letGo: () => void = () => undefined;
    const asked: Array<{ position: number; maxBacklog: number }> = [];
    const keepUp = jest.spyOn(projections, 'keepUpWith').mockImplementation(async (position, maxBacklog) => {
      asked.push({ position, maxBacklog });
      await new Promise<void>((resolve) => (letGo = resolve));
    });
    let answered = false;
    const saving = worker.rate(id, 'T_SLEEP', '2').then((sent) => ((answered = true), sent));
    await waitFor(() => asked.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answered).toBe(false);

    const read = await worker.get(`/api/assessments/${id}`);
    expect(read.status).toBe(200);
    expect(asked).toHaveLength(1);

    letGo();
    const saved = await saving;
    expect(saved.status).toBe(200);
    expect(asked[0]).toEqual({ position: saved.body.position, maxBacklog: MAX_PROJECTION_BACKLOG_EVENTS });
    keepUp.mockRestore();
  });

  it('says where a save spent its time in Server-Timing when SERVER_TIMING=true', async () => {
    const { id } = await worker.start(childForm());
    const saved = await worker.rate(id, 'T_SLEEP', '1');
    const stages = Object.fromEntries(
      saved.headers['server-timing'].split(', ').map((entry) => {
        const [name, duration] = entry.split(';dur=');
        return [name, Number(duration)];
      }),
    );
    expect(Object.keys(stages).sort()).toEqual(['access', 'answer', 'app', 'append', 'auth', 'decide', 'load']);
    const staged = stages.auth + stages.access + stages.load + stages.decide + stages.append + stages.answer;
    expect(stages.app).toBeGreaterThanOrEqual(staged);
  });
});

describe('Server-Timing off (the default)', () => {
  it('sends no Server-Timing header', async () => {
    const t = await startTestApp({ backend: 'pglite' });
    try {
      const health = await t.http().get('/api/health');
      expect(health.status).toBe(200);
      expect(health.headers['server-timing']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !condition();) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
