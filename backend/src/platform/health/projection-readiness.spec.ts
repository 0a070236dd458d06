import type { EventStore, RecordedEvent } from '@cans/storage/event-store/event-store.port';
import { projectionReadiness, ProjectionStatusInput, RebuildProgress } from './projection-readiness';

/** Readiness rules per projection state, over an event store whose event after position p was recorded at p seconds. */
describe('projectionReadiness', () => {
  const NOW = 100_000;
  const eventStore = {
    readAll: async (position: number) => [
      { position: position + 1, recordedAt: new Date((position + 1) * 1000).toISOString() } as RecordedEvent,
    ],
  } as unknown as EventStore;
  const status = (
    state: ProjectionStatusInput['state'],
    position: number,
    rebuild: RebuildProgress | null = null,
  ): ProjectionStatusInput => ({
    name: 'p',
    state,
    position,
    lag: 100 - position,
    rebuild,
  });
  const progress: RebuildProgress = {
    version: 3,
    generation: 2,
    position: 40,
    headPosition: 100,
    eventsPerSecond: 2000,
    etaSeconds: 0.03,
    startedAt: '2025-01-01T00:00:00.000Z',
  };
  const check = (statuses: ProjectionStatusInput[]) => projectionReadiness(statuses, eventStore, 5000, NOW);

  it('is ready while a live, catching-up or following projection applied every event older than the bound', async () => {
    // Position 97: the oldest unapplied event was recorded at 98 s, 2 s before now.
    for (const state of ['live', 'catching-up', 'following'] as const) {
      const { problems, projections } = await check([status(state, 97)]);
      expect([state, problems, projections[0].behindMs]).toEqual([state, [], 2000]);
    }
    // 10 s behind: stuck or falling behind.
    expect((await check([status('following', 90)])).problems).toEqual([
      expect.stringMatching(/p has not applied an event recorded 9.0 s ago/),
    ]);
  });

  it('stays ready during a blue/green rebuild (previous collections served) and shows its progress', async () => {
    const live = await check([status('live', 100, progress)]);
    expect(live.problems).toEqual([]);
    expect(live.projections[0].rebuild).toEqual({ ...progress, percent: 40 });
    // After a version bump the previous collections are served, not updated, until the switch: still ready.
    const stale = await check([status('stale', 50, progress)]);
    expect(stale.problems).toEqual([]);
    expect(stale.projections[0].rebuild).toMatchObject({ generation: 2, percent: 40, etaSeconds: 0.03 });
  });

  it('is not ready for a first build with nothing to serve, a stopped or failed projection, or stale without a build', async () => {
    expect((await check([status('rebuilding', 40, progress)])).problems).toEqual(['projection p is rebuilding (40% built)']);
    expect((await check([status('rebuilding', 40)])).problems).toEqual(['projection p is rebuilding']);
    for (const state of ['stopped', 'failed', 'stale'] as const)
      expect((await check([status(state, 100)])).problems).toEqual([`projection p is ${state}`]);
  });
});
