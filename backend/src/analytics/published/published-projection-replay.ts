/**
 * A published projection as of a past moment (issue 30 item 6, with the in-app replays of issue 29): the served
 * version's code in a thread of its own, over the log from event zero, applying only the events recorded until the
 * moment; its rows written into the replay's collections and registered like a built-in projection's replay, so
 * `?until=` reads it under the same small cells.
 */
import {
  clearReplay,
  registerReplay,
  replayCollectionNames,
  replayIdOf,
  ReplayMoment,
  ReplayOptions,
  ReplayResult,
  ReplayStopped,
} from '@cans/projections/analytics/analytics-replay';
import type { ServedVersion } from '@cans/projections/analytics/published/published-projection-hosting';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { foldLogInto, LogFoldStopped, writeRowChanges } from './sandboxed-log-fold';
import { SandboxedProjectionThread } from './sandboxed-projection-thread';

export async function replayPublishedProjection(
  stores: { eventStore: EventStore; readStore: ReadStore; key: Buffer },
  name: string,
  served: ServedVersion,
  moment: ReplayMoment,
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  const started = performance.now();
  const { eventStore, readStore } = stores;
  const projection = { name, version: served.version, collectionNames: new Map(Object.entries(served.physical)) };
  const physical = Object.fromEntries(replayCollectionNames(projection, moment));
  await clearReplay(readStore, replayIdOf(projection, moment), Object.values(physical));
  const thread = await SandboxedProjectionThread.open(served.code, stores.key, { until: moment.until });
  try {
    const head = await eventStore.headPosition();
    const { position, applied } = await foldLogInto(eventStore, thread, {
      from: 0,
      to: head,
      batchSize: options.batchSize,
      signal: options.signal,
      onProgress: options.onProgress,
    });
    await writeRowChanges(readStore, physical, await thread.rowChanges());
    const replay = await registerReplay(readStore, projection, moment, { collections: physical, applied, position });
    return { replay, events: position, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    throw error instanceof LogFoldStopped ? new ReplayStopped() : error;
  } finally {
    await thread.end();
  }
}
