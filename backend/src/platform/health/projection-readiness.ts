import type { ProjectionStatus } from '@cans/projections/engine/projection-runner';
import type { EventStore } from '@cans/storage/event-store/event-store.port';

export interface ProjectionReadiness {
  name: string;
  state: ProjectionStatus['state'];
  position: number;
  lag: number;
  /** Age of the oldest event this projection has not applied yet; absent when caught up. */
  behindMs?: number;
}

/**
 * Whether the read models are fresh enough to serve. Under steady writes projections are always a few events
 * behind for a moment: lag alone says nothing. A projection is fine while it runs and the oldest event it has
 * not applied yet is younger than `maxDelayMs`; one that is stopped, failed, rebuilding (its read models are
 * being refilled), or that has left an event unapplied longer than that (stuck, or falling behind the writes)
 * makes the app not ready. Event times are the store's commit times, compared with this process's clock
 * (both NTP-synchronised in production; a skew counts against the bound).
 */
export async function projectionReadiness(
  statuses: ProjectionStatus[],
  eventStore: EventStore,
  maxDelayMs: number,
  now: number = Date.now(),
): Promise<{ projections: ProjectionReadiness[]; problems: string[] }> {
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
    statuses.map(async ({ name, state, position, lag }): Promise<ProjectionReadiness> => {
      const readiness: ProjectionReadiness = { name, state, position, lag };
      if (state !== 'live' && state !== 'catching-up') {
        problems.push(`projection ${name} is ${state}`);
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
