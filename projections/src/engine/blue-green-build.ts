import type { EventStore, RecordedEvent, Subscription } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { applyEvents, Projection } from './projection';
import { buildCheckpointKey, CollectionTargets, generationTargets } from './projection-collections';
import { ProjectionUnitOfWork } from './projection-unit-of-work';
import { RebuildWorkingSet } from './rebuild-working-set';
import { Throughput } from './throughput';

/** Batches a build applies in memory before it stores them (with batches of 1,000 events: every 20,000 events). */
const BATCHES_PER_FLUSH = 20;

export interface BuildProgress {
  version: number;
  generation: number;
  position: number;
  headPosition: number;
  eventsPerSecond: number;
  /** Seconds to reach the head at the current rate; null before a rate is known. */
  etaSeconds: number | null;
  /** Null when another process runs the build (only its checkpoint is known here). */
  startedAt: string | null;
}

export interface BuildOptions {
  batchSize: number;
  retryDelayMs: number;
  onError(error: unknown): void;
  onProgress(): void;
}

/**
 * One blue/green build of a projection: replays the event stream into a fresh generation of physical
 * collections (`<alias>__g<n>`) with its own subscription and checkpoint (`<projection>@g<n>`), while readers keep
 * reading the aliases' current collections. The runner switches the aliases once it has caught up.
 *
 * A fresh build starts from empty collections that only it writes, so its unit of work keeps what it wrote in
 * memory (RebuildWorkingSet): a lookup of a document never written costs no query. A build resumed after a
 * restart has stored batches it no longer holds in memory, so it reads through to the store instead.
 */
export class BlueGreenBuild {
  readonly targets: CollectionTargets;
  readonly checkpointKey: string;
  readonly startedAt = new Date().toISOString();
  /** Events delivered to this build (all types, as a replay reads them). */
  events = 0;
  error: string | null = null;
  private subscription: Subscription | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly throughput = new Throughput();
  private workingSet: RebuildWorkingSet | undefined;
  private headPosition = 0;
  private batches = 0;
  /** Batches applied in memory and not stored yet (see applyBatch). */
  private pending: { unitOfWork: ProjectionUnitOfWork; batches: number; last: number } | null = null;
  /** The store write in flight, if any (see flush): at most one, so checkpoints are stored in order. */
  private storing: Promise<unknown> | null = null;
  /** The last position applied, stored or not (progress); `position` is the last one stored. */
  private processed = 0;
  private stopped = false;
  private reachedHead!: () => void;
  /** Resolves when the build has applied every event that existed when it last looked (a short batch). */
  readonly caughtUp = new Promise<void>((resolve) => (this.reachedHead = resolve));

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    readonly projection: Projection,
    readonly generation: number,
    public position: number,
    private readonly options: BuildOptions,
  ) {
    this.targets = generationTargets(projection, generation);
    this.checkpointKey = buildCheckpointKey(projection, generation);
    this.workingSet = position === 0 ? new RebuildWorkingSet() : undefined;
  }

  /** Empties the targets of a fresh build (a crashed earlier attempt may have left rows) and starts replaying. */
  async start(): Promise<void> {
    if (this.position === 0) {
      for (const target of this.targets.values()) await this.readStore.dropCollection(target);
      // Secondary indexes come after the replay: building one index once is far cheaper than maintaining it.
      for (const target of this.targets.values()) await this.readStore.ensureCollection({ name: target });
      await this.readStore.deleteCheckpoint(this.checkpointKey);
    }
    await this.subscribe();
  }

  progress(): BuildProgress {
    const eventsPerSecond = this.throughput.eventsPerSecond();
    const applied = Math.max(this.position, this.processed);
    const remaining = Math.max(0, this.headPosition - applied);
    return {
      version: this.projection.version,
      generation: this.generation,
      position: applied,
      headPosition: Math.max(this.headPosition, applied),
      eventsPerSecond,
      etaSeconds: eventsPerSecond > 0 ? Math.ceil(remaining / eventsPerSecond) : remaining === 0 ? 0 : null,
      startedAt: this.startedAt,
    };
  }

  /** The indexes the projection declares, on the new collections (before readers are switched to them). */
  async createIndexes(): Promise<void> {
    for (const collection of this.projection.collections) {
      await this.readStore.ensureCollection({ ...collection, name: this.targets.get(collection.name)! });
    }
  }

  /** Stops replaying; the batch in flight is stored first. Returns the final position. */
  async stop(): Promise<number> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    await this.subscription?.stop();
    this.subscription = null;
    await this.flush();
    await this.stored();
    return this.position;
  }

  private async subscribe(): Promise<void> {
    if (this.stopped) return;
    this.headPosition = await this.eventStore.headPosition();
    if (this.position >= this.headPosition) this.reachedHead();
    this.subscription = this.eventStore.subscribeToAll(this.position, (batch) => this.applyBatch(batch), {
      batchSize: this.options.batchSize,
      onError: (error) => {
        // A batch failed half-applied, or a write failed: what was pending is dropped and replayed from the last
        // stored position. The working set may hold what the failed write did not store: reads go to the store now.
        this.pending = null;
        this.workingSet = undefined;
        this.error = error instanceof Error ? error.message : String(error);
        this.options.onError(error);
        // Retry from the last stored batch.
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          void this.subscribe();
        }, this.options.retryDelayMs);
      },
    });
  }

  private async applyBatch(batch: RecordedEvent[]): Promise<void> {
    // Batches accumulate in one unit of work and are stored every few batches: a document touched by many events
    // (a counter, a child group) is written once per flush instead of once per batch.
    const pending = (this.pending ??= {
      unitOfWork: new ProjectionUnitOfWork(this.readStore, { physicalNames: this.targets, workingSet: this.workingSet }),
      batches: 0,
      last: this.position,
    });
    await applyEvents(this.projection, batch, pending.unitOfWork);
    const last = batch[batch.length - 1].position;
    pending.last = last;
    pending.batches++;
    this.processed = last;
    this.events += batch.length;
    this.error = null;
    this.throughput.record(batch.length);
    if (last > this.headPosition) this.headPosition = last;
    // A short batch means the head was reached; a full one may have ended exactly there (then no further batch
    // would come to say so), or the head moved on while a long replay ran: look when it ends where we last saw it,
    // and now and then for the ETA.
    if (batch.length === this.options.batchSize && (last >= this.headPosition || ++this.batches % 20 === 0)) {
      this.headPosition = Math.max(this.headPosition, await this.eventStore.headPosition());
    }
    const atHead = batch.length < this.options.batchSize || last >= this.headPosition;
    if (atHead || pending.batches >= BATCHES_PER_FLUSH) await this.flush();
    if (atHead) {
      await this.stored();
      this.reachedHead();
    }
    this.options.onProgress();
  }

  /**
   * Starts storing what the pending batches changed, with the checkpoint of the last of them, and returns once the
   * previous write has ended: the next batches are applied in memory while the database writes this one (the
   * two take about as long as each other, on different cores). The working set takes the documents at once, so
   * those batches read what is being stored; should the write fail, the build drops the working set and
   * replays from the last stored position (subscribe's onError). A build without a working set (resumed, or
   * after a failed write) reads the store, so it waits for each write.
   */
  private async flush(): Promise<void> {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    await pending.unitOfWork.settle();
    await this.stored();
    const operations = pending.unitOfWork.operations();
    pending.unitOfWork.commit();
    // Never rejects: a failed write resolves to its error, which the next stored() throws.
    this.storing = this.readStore
      .apply(operations, { projection: this.checkpointKey, version: this.projection.version, position: pending.last })
      .then(
        () => {
          this.position = pending.last;
          return null;
        },
        (error: unknown) => error ?? new Error('The build could not store a batch'),
      );
    // Without a working set the next batches read the store, which must hold this write first.
    if (!this.workingSet) await this.stored();
  }

  /** Waits for the write in flight; throws its failure. */
  private async stored(): Promise<void> {
    const storing = this.storing;
    this.storing = null;
    const failure = await storing;
    if (failure) throw failure;
  }
}
