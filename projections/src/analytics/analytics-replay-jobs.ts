/**
 * In-app replays (issue 29 item 2): an analyst asks, from the Analytics page or the API (the CLI calls it when an
 * app runs), for an analytics projection as of a past moment; the instance that runs the projections builds it
 * (analytics-replay.ts) while the app keeps serving, and writes its progress where every instance can read it.
 *
 * The queue is a read-store collection, so every adapter and every instance sees it: a request on any instance is
 * picked up by the one holding the projections lease, like a rebuild request. One replay runs at a time; a bounded
 * number wait. These are operational records, not facts of the domain: nothing here is rebuilt from the events.
 */
import { randomUUID } from 'node:crypto';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore, WriteOperation } from '@cans/storage/read-store/read-store.port';
import type { ServedAnalyticsProjection } from './analytics-projection';
import {
  ANALYTICS_REPLAYS_COLLECTION,
  replayAnalyticsProjection,
  ReplayMoment,
  ReplayOptions,
  ReplayResult,
  ReplayStopped,
} from './analytics-replay';
import { analyticsProjectionNamed } from './index';

export const ANALYTICS_REPLAY_JOBS_COLLECTION = 'analytics_replay_jobs';

/** Replays that may wait or run at once, over all users: more would only queue CPU work nobody sees soon. */
export const MAX_WAITING_REPLAYS = 5;
/** Replays one user may have waiting or running: one, so nobody fills the queue. */
export const MAX_WAITING_REPLAYS_PER_USER = 1;
/**
 * Replays kept per projection. Each is another version the small-cell rule compares (analytics-small-cells.ts), and
 * another set of collections in the read store; past this, a new moment is refused until one is removed.
 */
export const MAX_REPLAYS_PER_PROJECTION = 24;
/** The jobs the list shows: the latest ones. */
export const REPLAY_JOBS_LISTED = 50;

export type ReplayJobState = 'queued' | 'running' | 'done' | 'failed';

export interface ReplayJobDocument {
  id: string;
  projection: string;
  /** The moment as an ISO instant, and as the requester wrote it (yyyy-MM-dd or the instant). */
  until: string;
  label: string;
  state: ReplayJobState;
  requestedBy: string;
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Log position read so far and the head when the replay started; events/s of the build. */
  position: number;
  headPosition: number;
  eventsPerSecond: number;
  /** Events applied (recorded until the moment), once done. */
  applied: number | null;
  /** Which instance runs it (to requeue a job whose instance died). */
  runBy: string | null;
  error: string | null;
  [key: string]: unknown;
}

export type ReplayRequestOutcome =
  | { kind: 'queued'; job: ReplayJobDocument }
  /** The same projection and moment already waits or runs: that job, not a second one. */
  | { kind: 'existing'; job: ReplayJobDocument }
  | { kind: 'user-busy'; job: ReplayJobDocument }
  | { kind: 'queue-full' }
  | { kind: 'too-many-replays' };

async function waitingJobs(readStore: ReadStore): Promise<ReplayJobDocument[]> {
  return readStore.find<ReplayJobDocument>(
    ANALYTICS_REPLAY_JOBS_COLLECTION,
    { state: { $in: ['queued', 'running'] } },
    { sort: [{ field: 'requestedAt', direction: 'asc' }] },
  );
}

export async function ensureReplayJobCollections(readStore: ReadStore): Promise<void> {
  await readStore.ensureCollection({ name: ANALYTICS_REPLAY_JOBS_COLLECTION, indexes: ['state', 'requestedAt'] });
  await readStore.ensureCollection({ name: ANALYTICS_REPLAYS_COLLECTION, indexes: ['projection'] });
}

/**
 * Queues a replay unless the same one already waits, the requester already has one waiting, the queue is full, or
 * the projection has as many replays as are kept (a replay of a moment it already has is rebuilt, not added).
 */
export async function requestReplay(
  readStore: ReadStore,
  request: { projection: Pick<ServedAnalyticsProjection, 'name'>; moment: ReplayMoment; requestedBy: string; now?: Date },
): Promise<ReplayRequestOutcome> {
  await ensureReplayJobCollections(readStore);
  const waiting = await waitingJobs(readStore);
  const same = waiting.find((job) => job.projection === request.projection.name && job.until === request.moment.until);
  if (same) return { kind: 'existing', job: same };
  const own = waiting.filter((job) => job.requestedBy === request.requestedBy);
  if (own.length >= MAX_WAITING_REPLAYS_PER_USER) return { kind: 'user-busy', job: own[0] };
  if (waiting.length >= MAX_WAITING_REPLAYS) return { kind: 'queue-full' };
  const kept = await readStore.find<{ id: string; until: string }>(ANALYTICS_REPLAYS_COLLECTION, { projection: request.projection.name });
  const waitingForProjection = waiting.filter((job) => job.projection === request.projection.name).length;
  const isNewMoment = !kept.some((replay) => replay.until === request.moment.until);
  if (isNewMoment && kept.length + waitingForProjection >= MAX_REPLAYS_PER_PROJECTION) return { kind: 'too-many-replays' };
  const job: ReplayJobDocument = {
    id: randomUUID(),
    projection: request.projection.name,
    until: request.moment.until,
    label: request.moment.label,
    state: 'queued',
    requestedBy: request.requestedBy,
    requestedAt: (request.now ?? new Date()).toISOString(),
    startedAt: null,
    finishedAt: null,
    position: 0,
    headPosition: 0,
    eventsPerSecond: 0,
    applied: null,
    runBy: null,
    error: null,
  };
  await readStore.apply([{ kind: 'upsert', collection: ANALYTICS_REPLAY_JOBS_COLLECTION, document: job }]);
  return { kind: 'queued', job };
}

/** The latest jobs, newest first. */
export async function listReplayJobs(readStore: ReadStore): Promise<ReplayJobDocument[]> {
  await ensureReplayJobCollections(readStore);
  return readStore.find<ReplayJobDocument>(
    ANALYTICS_REPLAY_JOBS_COLLECTION,
    {},
    {
      sort: [{ field: 'requestedAt', direction: 'desc' }],
      limit: REPLAY_JOBS_LISTED,
    },
  );
}

export async function getReplayJob(readStore: ReadStore, id: string): Promise<ReplayJobDocument | null> {
  await ensureReplayJobCollections(readStore);
  return readStore.get<ReplayJobDocument>(ANALYTICS_REPLAY_JOBS_COLLECTION, id);
}

const patch = (id: string, changes: Partial<ReplayJobDocument>): WriteOperation => ({
  kind: 'patch',
  collection: ANALYTICS_REPLAY_JOBS_COLLECTION,
  id,
  changes,
});

/**
 * Jobs left `running` by an instance that is gone (it crashed, or lost the lease) go back to the queue. Called by
 * the instance that has just taken the lease, before it runs any: only the lease holder runs jobs.
 */
export async function requeueAbandonedReplays(readStore: ReadStore, runner: string): Promise<number> {
  await ensureReplayJobCollections(readStore);
  const abandoned = (await waitingJobs(readStore)).filter((job) => job.state === 'running' && job.runBy !== runner);
  if (abandoned.length > 0)
    await readStore.apply(abandoned.map((job) => patch(job.id, { state: 'queued', runBy: null, startedAt: null, position: 0 })));
  return abandoned.length;
}

/** Builds one projection's replay until a moment: the engine's for a built-in projection, its sandbox's for a published one. */
export type Replayer = (moment: ReplayMoment, options: ReplayOptions) => Promise<ReplayResult>;

/** The replayer of a built-in analytics projection (the engine's, analytics-replay.ts); undefined for other names. */
export const builtInReplayerOf =
  (eventStore: EventStore, readStore: ReadStore) =>
  (name: string): Replayer | undefined => {
    const projection = analyticsProjectionNamed(name);
    return projection && ((moment, options) => replayAnalyticsProjection(eventStore, readStore, projection, moment, options));
  };

export interface ReplayRunOptions {
  /** Who runs it (the instance's lease owner). */
  runner: string;
  /** How to replay the projection of this name; undefined when it no longer exists (or is no longer published). */
  replayerOf(name: string): Promise<Replayer | undefined>;
  /** How often progress is written for readers (ms). */
  progressEveryMs?: number;
  batchSize?: number;
  /** The app shutting down: the replay under way stops after its batch and goes back to the queue. */
  signal?: AbortSignal;
  logger?: { error(message: string, error?: unknown): void };
}

/** Runs the oldest queued job to its end; false when none waits. */
export async function runNextReplay(readStore: ReadStore, options: ReplayRunOptions): Promise<boolean> {
  const next = (await waitingJobs(readStore)).find((job) => job.state === 'queued');
  if (!next) return false;
  const startedAt = new Date().toISOString();
  await readStore.apply([patch(next.id, { state: 'running', runBy: options.runner, startedAt })]);
  const replayer = await options.replayerOf(next.projection);
  if (!replayer) {
    await readStore.apply([
      patch(next.id, { state: 'failed', finishedAt: new Date().toISOString(), error: 'This projection no longer exists.' }),
    ]);
    return true;
  }
  const progressEveryMs = options.progressEveryMs ?? 500;
  let lastWrite = 0;
  let writing: Promise<void> = Promise.resolve();
  try {
    const { replay } = await replayer(
      { until: next.until, label: next.label },
      {
        batchSize: options.batchSize,
        signal: options.signal,
        onProgress({ position, headPosition, eventsPerSecond }) {
          const now = Date.now();
          if (now - lastWrite < progressEveryMs) return;
          lastWrite = now;
          // One progress write at a time; a slow one is skipped over, never queued up.
          writing = writing.then(() =>
            readStore
              .apply([patch(next.id, { position, headPosition, eventsPerSecond: Math.round(eventsPerSecond) })])
              .catch(() => undefined),
          );
        },
      },
    );
    await writing;
    await readStore.apply([
      patch(next.id, {
        state: 'done',
        finishedAt: new Date().toISOString(),
        position: replay.position,
        headPosition: replay.position,
        applied: replay.applied,
      }),
    ]);
  } catch (error) {
    await writing;
    if (error instanceof ReplayStopped) {
      await readStore.apply([patch(next.id, { state: 'queued', runBy: null, startedAt: null, position: 0 })]);
      return false;
    }
    options.logger?.error(`Analytics replay ${next.projection} until ${next.label} failed`, error);
    await readStore.apply([
      patch(next.id, {
        state: 'failed',
        finishedAt: new Date().toISOString(),
        error: 'The replay failed; ask for it again, or see the server log.',
      }),
    ]);
  }
  return true;
}
