import { agenciesProjection } from '@cans/projections/administration/agencies.projection';
import { ProjectionRunnerService } from '../projections/projection-runner.service';
import { startTestApp, TestApp } from '../../../test-support/test-app';

/** Issue 9, finding 15: ready means storage reachable and projections caught up within a bound, not lag 0. */
describe('GET /api/ready', () => {
  // Well above how long a write and a poll take on a busy CI machine, well below a test timeout.
  const BOUND_MS = 3000;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ config: { readinessMaxProjectionDelayMs: BOUND_MS } });
    admin = `Bearer ${t.adminToken()}`;
    await t.settled();
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
  });

  const ready = () => t.http().get('/api/ready');

  it('stays ready while a projection is a few fresh events behind, and turns not ready once it is stuck longer than the bound', async () => {
    expect((await ready()).status).toBe(200);

    // The agencies projection hangs on its next event until released: writes are "in flight" for it.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const apply = agenciesProjection.apply.bind(agenciesProjection);
    const stuckApply = jest.spyOn(agenciesProjection, 'apply').mockImplementation(async (event, view) => {
      await gate;
      return apply(event, view);
    });
    try {
      const created = await t.http().post('/api/agencies').set('Authorization', admin).send({ name: 'Ready Agency', displayName: 'Ready' });
      expect(created.status).toBe(201);
      const lagging = await ready();
      expect(lagging.body.projections).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'agencies', lag: expect.any(Number) })]),
      );
      expect(lagging.body.projections.find((p: { name: string }) => p.name === 'agencies').lag).toBeGreaterThan(0);
      expect([lagging.status, lagging.body.status, lagging.body.reason]).toEqual([200, 'ready', undefined]);

      await new Promise((resolve) => setTimeout(resolve, BOUND_MS + 300));
      const stuck = await ready();
      expect([stuck.status, stuck.body.status]).toEqual([503, 'not ready']);
      expect(stuck.body.projections.find((p: { name: string }) => p.name === 'agencies').behindMs).toBeGreaterThan(BOUND_MS);
      expect(stuck.body.reason).toMatch(/agencies/);
    } finally {
      release();
      stuckApply.mockRestore();
    }
    const projections = t.app.get(ProjectionRunnerService);
    expect(await projections.waitForPosition((await ready()).body.headPosition, 5000)).toBe(true);
    expect((await ready()).status).toBe(200);
  });

  it('is not ready when a projection is not running', async () => {
    const projections = t.app.get(ProjectionRunnerService);
    await projections.stop();
    try {
      const stopped = await ready();
      expect([stopped.status, stopped.body.status]).toEqual([503, 'not ready']);
    } finally {
      await projections.start();
    }
    expect(await projections.waitForPosition((await ready()).body.headPosition, 5000)).toBe(true);
    expect((await ready()).status).toBe(200);
  });
});
