import type { BuildProgress } from '@cans/projections/engine/blue-green-build';
import type { ProjectionStatus } from '@cans/projections/engine/projection-runner';
import type { EventStore } from '@cans/storage/event-store/event-store.port';

/** A blue/green rebuild under way (ProjectionStatus.rebuild), as /api/ready shows it. */
export type RebuildProgress = BuildProgress;

/** What readiness reads of a projection's status. */
export type ProjectionStatusInput = Pick<ProjectionStatus, 'name' | 'position' | 'lag' | 'state'> & { rebuild?: RebuildProgress | null };

export interface ProjectionReadiness {
  name: string;
  state: ProjectionStatusInput['state'];
  position: number;
  lag: number;
  /** Age of the oldest event this projection has not applied yet; absent when caught up. */
  behindMs?: number;
  /** A blue/green rebuild under way (readers are served the previous collections meanwhile), with its progress. */
  rebuild?: RebuildProgress & { percent: number };
}

/** States whose read models are served and follow the stream: fresh enough while within the bound. */
const FOLLOWING_STATES = new Set(['live', 'catching-up', 'following']);

/**
 * Whether the read models are fresh enough to serve. Under steady writes projections are always a few events
 * behind for a moment: lag alone says nothing. A projection is fine while it runs (or, on an instance that does not
 * run the projections, while the running instance's checkpoints advance) and the oldest event it has not applied
 * yet is younger than `maxDelayMs`. One that is stopped, failed, rebuilding with nothing to serve yet (a first
 * build), or that has left an event unapplied longer than that (stuck, or falling behind the writes) makes the app
 * not ready. A blue/green rebuild does not: readers keep the previous collections until the switch ('stale' after a
 * version bump: served, not updated until then), and its progress is shown. Event times are the store's commit
 * times, compared with this process's clock (both NTP-synchronised in production; a skew counts against the bound).
 */
export async function projectionReadiness(
  statuses: ProjectionStatusInput[],
  eventStore: EventStore,
  maxDelayMs: number,
  /** When the statuses were taken (positions are as of then): the wait for the reads below never counts as behind. */
  now: number = Date.now(),
): Promise<{ projections: ProjectionReadiness[]; problems: string[] }> {
  // One read per distinct position, however many projections share it (with one shared reader, most do).
  const oldestUnapplied = new Map<number, Promise<number | null>>();
  const commitTimeAfter = (position: number) => {
    let time = oldestUnapplied.get(position);
    if (!time) {
      time = eventStore.readAll(position, 1).then(([event]) => (event ? Date.parse(event.recordedAt) : null));
      oldestUnapplied.set(position, time);
    }
    return time;
  };

  const problems: string[] = [];
  const projections = await Promise.all(
    statuses.map(async ({ name, state, position, lag, rebuild }): Promise<ProjectionReadiness> => {
      const readiness: ProjectionReadiness = { name, state, position, lag };
      if (rebuild) readiness.rebuild = { ...rebuild, percent: percentOf(rebuild) };
      if (state === 'stale' && rebuild) return readiness;
      if (!FOLLOWING_STATES.has(state)) {
        problems.push(`projection ${name} is ${state}${state === 'rebuilding' && rebuild ? ` (${percentOf(rebuild)}% built)` : ''}`);
        return readiness;
      }
      if (lag === 0) return readiness;
      const recordedAt = await commitTimeAfter(position);
      if (recordedAt === null) return readiness;
      readiness.behindMs = Math.max(0, now - recordedAt);
      if (readiness.behindMs > maxDelayMs) {
        problems.push(
          `projection ${name} has not applied an event recorded ${(readiness.behindMs / 1000).toFixed(1)} s ago (${lag} behind; the bound is ${maxDelayMs / 1000} s)`,
        );
      }
      return readiness;
    }),
  );
  return { projections, problems };
}

function percentOf(rebuild: RebuildProgress): number {
  return rebuild.headPosition <= 0 ? 100 : Math.min(100, Math.floor((rebuild.position / rebuild.headPosition) * 100));
}
