/**
 * Temporal replay (`npm run projections -- replay <name> --until <date>`): an analytics projection built from event
 * zero with only the events recorded at or before a moment, into collections of its own, for "what did this report
 * say on the last day of the quarter". The live collections are untouched; the app keeps running.
 *
 * - `until` is a day (yyyy-MM-dd: up to its last millisecond, UTC) or an ISO date-time; events are taken by their
 *   recordedAt, in log order. A moment not yet past covers the events recorded when the replay ran.
 * - The replay's collections are named `anr_<hash>_<collection>` (read-store names are short; the hash is of the
 *   projection, its version and the moment) and listed in the registry collection `analytics_replays`, which the
 *   API reads (`?until=`). An entry is written once the replay is complete, and removed while it is rebuilt, so
 *   readers never see half a replay. A replay of an older version of the projection is not served.
 * - Same engine parts as a blue/green build: a unit of work per few batches over a working set that starts empty
 *   (a lookup costs no query), stored every few batches, indexes built at the end.
 */
import { createHash } from 'node:crypto';
import { isAcceptedCalendarDate, parseAcceptedDateTime } from '@cans/domain/input-rules/accepted-dates';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { readAllPages } from '@cans/storage/event-store/read-all-pages';
import type { Document, ReadStore } from '@cans/storage/read-store/read-store.port';
import { applyEvents } from '../engine/projection';
import { ProjectionUnitOfWork } from '../engine/projection-unit-of-work';
import { RebuildWorkingSet } from '../engine/rebuild-working-set';
import { Throughput } from '../engine/throughput';
import type { AnalyticsProjection, ServedAnalyticsProjection } from './analytics-projection';

export const ANALYTICS_REPLAYS_COLLECTION = 'analytics_replays';

export interface AnalyticsReplayDocument extends Document {
  projection: string;
  version: number;
  /** The moment, as an ISO instant (a day stands for its last millisecond). */
  until: string;
  /** As the user wrote it, normalised: yyyy-MM-dd for a day, else the ISO instant. */
  label: string;
  /** Short collection name → the replay's read-store collection. */
  collections: Record<string, string>;
  /** Events applied (recorded at or before `until`), and the last log position read. */
  applied: number;
  position: number;
  builtAt: string;
}

export interface ReplayMoment {
  until: string;
  label: string;
}

/**
 * A day (yyyy-MM-dd, meaning its end in UTC) or an ISO date-time with its offset, from 1900 to 9999 (the accepted
 * range, domain/src/input-rules/accepted-dates.ts); null when it is neither or no such date exists.
 */
export function parseReplayMoment(text: unknown): ReplayMoment | null {
  if (isAcceptedCalendarDate(text)) return { until: `${text}T23:59:59.999Z`, label: text };
  const moment = parseAcceptedDateTime(text, { zone: 'required' });
  return moment ? { until: moment.toISOString(), label: moment.toISOString() } : null;
}

export const replayIdOf = (projection: Pick<AnalyticsProjection, 'name'>, moment: ReplayMoment): string =>
  `${projection.name}@${moment.until}`;

/** The replay's read-store collection of each short collection name. */
export function replayCollectionNames(
  projection: Pick<ServedAnalyticsProjection, 'name' | 'version' | 'collectionNames'>,
  moment: ReplayMoment,
): Map<string, string> {
  const hash = createHash('sha256').update(`${projection.name}@${projection.version}@${moment.until}`).digest('hex').slice(0, 8);
  return new Map([...projection.collectionNames.keys()].map((short) => [short, `anr_${hash}_${short}`]));
}

export interface ReplayProgress {
  /** Last log position read, and the head when the replay started. */
  position: number;
  headPosition: number;
  eventsPerSecond: number;
}

export interface ReplayOptions {
  batchSize?: number;
  /** Batches applied in memory between two writes (a document many events touch is written once per flush). */
  batchesPerFlush?: number;
  onProgress?(progress: ReplayProgress): void;
  /** Stops the replay after the batch under way (the app shutting down): it throws ReplayStopped, nothing registered. */
  signal?: AbortSignal;
}

export class ReplayStopped extends Error {
  constructor() {
    super('The replay was stopped before its end');
    this.name = 'ReplayStopped';
  }
}

export interface ReplayResult {
  replay: AnalyticsReplayDocument;
  /** Events read (every type, as a rebuild counts them) and seconds taken. */
  events: number;
  seconds: number;
}

/** Builds the replay (replacing an earlier one of the same projection and moment) and registers it. */
export async function replayAnalyticsProjection(
  eventStore: EventStore,
  readStore: ReadStore,
  projection: AnalyticsProjection,
  moment: ReplayMoment,
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 1000;
  const batchesPerFlush = options.batchesPerFlush ?? 20;
  const id = replayIdOf(projection, moment);
  const shortToPhysical = replayCollectionNames(projection, moment);
  // Alias (what apply() writes through the short-name view) → the replay's collection.
  const physicalNames = new Map([...projection.collectionNames].map(([short, alias]) => [alias, shortToPhysical.get(short)!]));

  await clearReplay(readStore, id, physicalNames.values());

  const headPosition = await eventStore.headPosition();
  const workingSet = new RebuildWorkingSet();
  const throughput = new Throughput();
  const until = Date.parse(moment.until);
  let unitOfWork = new ProjectionUnitOfWork(readStore, { physicalNames, workingSet });
  let pendingBatches = 0;
  let position = 0;
  let events = 0;
  let applied = 0;
  const flush = async () => {
    await unitOfWork.settle();
    await readStore.apply(unitOfWork.operations());
    unitOfWork.commit();
    unitOfWork = new ProjectionUnitOfWork(readStore, { physicalNames, workingSet });
    pendingBatches = 0;
  };
  // The next batch is read while this one is applied.
  for await (const batch of readAllPages(eventStore, { to: headPosition, pageSize: batchSize })) {
    if (options.signal?.aborted) throw new ReplayStopped();
    position = batch[batch.length - 1].position;
    const recorded = batch.filter((event) => Date.parse(event.recordedAt) <= until);
    await applyEvents(projection, recorded, unitOfWork);
    events += batch.length;
    applied += recorded.length;
    throughput.record(batch.length);
    if (++pendingBatches >= batchesPerFlush) await flush();
    options.onProgress?.({ position, headPosition, eventsPerSecond: throughput.eventsPerSecond() });
  }
  await flush();
  for (const collection of projection.collections) {
    await readStore.ensureCollection({ ...collection, name: physicalNames.get(collection.name)! });
  }
  const replay = await registerReplay(readStore, projection, moment, {
    collections: Object.fromEntries(shortToPhysical),
    applied,
    position,
  });
  return { replay, events, seconds: (performance.now() - started) / 1000 };
}

/**
 * Before a replay is built: its registration (if any) is removed, so readers never see half a replay, and its
 * collections are made empty.
 */
export async function clearReplay(readStore: ReadStore, id: string, collections: Iterable<string>): Promise<void> {
  await readStore.ensureCollection({ name: ANALYTICS_REPLAYS_COLLECTION, indexes: ['projection'] });
  const previous = await readStore.get<AnalyticsReplayDocument>(ANALYTICS_REPLAYS_COLLECTION, id);
  await readStore.apply([{ kind: 'delete', collection: ANALYTICS_REPLAYS_COLLECTION, id }]);
  const names = [...collections];
  for (const name of new Set([...Object.values(previous?.collections ?? {}), ...names])) await readStore.dropCollection(name);
  for (const name of names) await readStore.ensureCollection({ name });
}

/** Once the replay is complete: registered, so `?until=` serves it. */
export async function registerReplay(
  readStore: ReadStore,
  projection: Pick<ServedAnalyticsProjection, 'name' | 'version'>,
  moment: ReplayMoment,
  built: Pick<AnalyticsReplayDocument, 'collections' | 'applied' | 'position'>,
): Promise<AnalyticsReplayDocument> {
  const replay: AnalyticsReplayDocument = {
    id: replayIdOf(projection, moment),
    projection: projection.name,
    version: projection.version,
    until: moment.until,
    label: moment.label,
    ...built,
    builtAt: new Date().toISOString(),
  };
  await readStore.apply([{ kind: 'upsert', collection: ANALYTICS_REPLAYS_COLLECTION, document: replay }]);
  return replay;
}
