import type { EventStore, RecordedEvent, Subscription } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import type { Projection } from './projection';
import { ProjectionUnitOfWork } from './projection-unit-of-work';

export type ProjectionState = 'stopped' | 'catching-up' | 'live' | 'rebuilding' | 'failed';

export interface ProjectionStatus {
  name: string;
  version: number;
  state: ProjectionState;
  position: number;
  headPosition: number;
  /** Positions behind the head (events behind on SQL stores, where positions are contiguous). */
  lag: number;
  /** Events applied per second over the last measuring window. */
  eventsPerSecond: number;
  error: string | null;
}

export interface ProjectionRunnerOptions {
  batchSize?: number;
  /** Delay before a failed projection is retried from its checkpoint. */
  retryDelayMs?: number;
  logger?: { log(message: string): void; error(message: string, error?: unknown): void };
}

interface RunningProjection {
  projection: Projection;
  state: ProjectionState;
  position: number;
  subscription: Subscription | null;
  error: string | null;
  retryTimer: NodeJS.Timeout | null;
  /** False while a rebuild replays without secondary indexes. */
  indexed: boolean;
  rate: { windowStart: number; count: number; eventsPerSecond: number };
}

/**
 * Runs projections over the global event stream. Each projection has its own checkpoint, stored by the read
 * store in the same transaction as the writes it covers: after a crash it resumes exactly where it stopped,
 * and events at or below the checkpoint are never applied twice.
 */
export class ProjectionRunner {
  private readonly running = new Map<string, RunningProjection>();
  private readonly progressWaiters = new Set<() => void>();
  private readonly batchSize: number;
  private readonly retryDelayMs: number;
  private headPosition = 0;

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    private readonly projections: Projection[],
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    const names = new Set<string>();
    for (const projection of projections) {
      if (names.has(projection.name)) throw new Error(`Duplicate projection name: ${projection.name}`);
      names.add(projection.name);
    }
    this.batchSize = options.batchSize ?? 500;
    this.retryDelayMs = options.retryDelayMs ?? 5000;
  }

  /** Starts every projection from its checkpoint; a projection whose version changed is rebuilt. */
  async start(): Promise<void> {
    this.headPosition = await this.eventStore.headPosition();
    for (const projection of this.projections) await this.startProjection(projection);
  }

  async stop(): Promise<void> {
    const entries = [...this.running.values()];
    await Promise.all(entries.map((entry) => this.stopEntry(entry)));
    this.running.clear();
    this.notifyProgress();
  }

  /** Drops the projection's read models and checkpoint and replays it from event zero. */
  async rebuild(name: string): Promise<void> {
    const projection = this.projectionNamed(name);
    const entry = this.running.get(name);
    if (entry) await this.stopEntry(entry);
    await this.resetReadModels(projection);
    await this.launch(projection, 0, 'rebuilding');
  }

  /** Replays a projection from zero to the current head and returns without leaving it running. */
  async rebuildOnce(name: string): Promise<{ events: number; seconds: number }> {
    const projection = this.projectionNamed(name);
    await this.resetReadModels(projection);
    const started = performance.now();
    let events = 0;
    let next = this.eventStore.readAll(0, this.batchSize);
    for (;;) {
      const batch = await next;
      if (batch.length === 0) break;
      // Read the following batch while this one is applied: on PostgreSQL they run on two connections.
      next = this.eventStore.readAll(batch[batch.length - 1].position, this.batchSize);
      next.catch(() => undefined);
      await this.applyBatch(projection, batch);
      events += batch.length;
    }
    await this.createIndexes(projection);
    return { events, seconds: (performance.now() - started) / 1000 };
  }

  async status(): Promise<ProjectionStatus[]> {
    this.headPosition = Math.max(this.headPosition, await this.eventStore.headPosition());
    const checkpoints = new Map((await this.readStore.listCheckpoints()).map((c) => [c.projection, c]));
    return this.projections.map((projection) => {
      const entry = this.running.get(projection.name);
      const position = entry?.position ?? checkpoints.get(projection.name)?.position ?? 0;
      return {
        name: projection.name,
        version: projection.version,
        state: entry?.state ?? 'stopped',
        position,
        headPosition: this.headPosition,
        lag: Math.max(0, this.headPosition - position),
        eventsPerSecond: entry ? currentRate(entry) : 0,
        error: entry?.error ?? null,
      };
    });
  }

  /** Lowest position reached by the running projections (what every read model has caught up to). */
  minimumPosition(): number {
    const positions = [...this.running.values()].map((entry) => entry.position);
    return positions.length === 0 ? 0 : Math.min(...positions);
  }

  /**
   * Read-your-writes: resolves true once every projection has processed `position`, false after the timeout
   * (the caller then serves what it has rather than hanging).
   */
  async waitForPosition(position: number, timeoutMs: number): Promise<boolean> {
    if (this.minimumPosition() >= position) return true;
    return new Promise<boolean>((resolve) => {
      const check = () => {
        if (this.running.size === 0 || this.minimumPosition() >= position) finish(this.minimumPosition() >= position);
      };
      const finish = (reached: boolean) => {
        clearTimeout(timer);
        this.progressWaiters.delete(check);
        resolve(reached);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      this.progressWaiters.add(check);
    });
  }

  /** True when every projection is live and not behind the head known at the last status check. */
  async isCaughtUp(): Promise<boolean> {
    const head = await this.eventStore.headPosition();
    return (
      [...this.running.values()].every((entry) => entry.state === 'live' && entry.position >= head) &&
      this.running.size === this.projections.length
    );
  }

  private async startProjection(projection: Projection): Promise<void> {
    const checkpoint = await this.readStore.getCheckpoint(projection.name);
    if (checkpoint && checkpoint.version === projection.version) {
      // Also completes the indexes of a rebuild that was interrupted before it caught up.
      await this.createIndexes(projection);
      await this.launch(projection, checkpoint.position, 'catching-up');
      return;
    }
    if (checkpoint)
      this.options.logger?.log(`Projection ${projection.name}: version ${checkpoint.version} → ${projection.version}, rebuilding`);
    await this.resetReadModels(projection);
    await this.launch(projection, 0, checkpoint ? 'rebuilding' : 'catching-up');
  }

  /**
   * Empties the projection's collections and checkpoint. Collections are recreated without their secondary
   * indexes: building an index once over a replayed table is several times cheaper than maintaining it on
   * every write of the replay. createIndexes() adds them when the replay has caught up.
   */
  private async resetReadModels(projection: Projection): Promise<void> {
    for (const collection of projection.collections) await this.readStore.dropCollection(collection.name);
    await this.readStore.deleteCheckpoint(projection.name);
    for (const collection of projection.collections) await this.readStore.ensureCollection({ name: collection.name });
  }

  private async createIndexes(projection: Projection): Promise<void> {
    for (const collection of projection.collections) await this.readStore.ensureCollection(collection);
  }

  private async launch(projection: Projection, fromPosition: number, state: ProjectionState): Promise<void> {
    const entry: RunningProjection = {
      projection,
      state,
      position: fromPosition,
      subscription: null,
      error: null,
      retryTimer: null,
      indexed: state === 'catching-up' && fromPosition > 0,
      rate: { windowStart: performance.now(), count: 0, eventsPerSecond: 0 },
    };
    this.running.set(projection.name, entry);
    this.subscribe(entry);
    // Nothing to catch up on (e.g. an empty store): no batch will arrive to say so.
    if (fromPosition >= (await this.eventStore.headPosition())) await this.markLive(entry);
  }

  private async markLive(entry: RunningProjection): Promise<void> {
    if (!entry.indexed) {
      entry.indexed = true;
      await this.createIndexes(entry.projection);
    }
    if (entry.state !== 'failed') entry.state = 'live';
    this.notifyProgress();
  }

  private subscribe(entry: RunningProjection): void {
    entry.subscription = this.eventStore.subscribeToAll(
      entry.position,
      async (events) => {
        await this.applyBatch(entry.projection, events);
        entry.position = events[events.length - 1].position;
        entry.error = null;
        recordRate(entry, events.length);
        this.headPosition = Math.max(this.headPosition, entry.position);
        // A batch smaller than the batch size means the subscription has reached the head for now.
        if (events.length < this.batchSize && entry.state !== 'live') await this.markLive(entry);
        this.notifyProgress();
      },
      {
        batchSize: this.batchSize,
        onError: (error) => {
          entry.state = 'failed';
          entry.error = error instanceof Error ? error.message : String(error);
          this.options.logger?.error(`Projection ${entry.projection.name} failed at position ${entry.position}`, error);
          this.notifyProgress();
          entry.retryTimer = setTimeout(() => {
            entry.retryTimer = null;
            if (this.running.get(entry.projection.name) !== entry) return;
            entry.state = 'catching-up';
            this.subscribe(entry);
          }, this.retryDelayMs);
        },
      },
    );
  }

  private async applyBatch(projection: Projection, events: RecordedEvent[]): Promise<void> {
    const unitOfWork = new ProjectionUnitOfWork(this.readStore);
    const wanted = projection.eventTypes ? new Set(projection.eventTypes) : null;
    for (const event of events) {
      if (!wanted || wanted.has(event.type)) await projection.apply(event, unitOfWork);
    }
    await this.readStore.apply(unitOfWork.operations(), {
      projection: projection.name,
      version: projection.version,
      position: events[events.length - 1].position,
    });
  }

  private async stopEntry(entry: RunningProjection): Promise<void> {
    if (entry.retryTimer) clearTimeout(entry.retryTimer);
    entry.retryTimer = null;
    await entry.subscription?.stop();
    entry.subscription = null;
    entry.state = 'stopped';
    this.running.delete(entry.projection.name);
  }

  private projectionNamed(name: string): Projection {
    const projection = this.projections.find((candidate) => candidate.name === name);
    if (!projection) {
      throw new Error(`Unknown projection "${name}". Known: ${this.projections.map((p) => p.name).join(', ')}`);
    }
    return projection;
  }

  private notifyProgress(): void {
    for (const waiter of [...this.progressWaiters]) waiter();
  }
}

const RATE_WINDOW_MS = 5000;

function recordRate(entry: RunningProjection, count: number): void {
  const now = performance.now();
  entry.rate.count += count;
  const elapsed = now - entry.rate.windowStart;
  if (elapsed >= RATE_WINDOW_MS) {
    entry.rate.eventsPerSecond = (entry.rate.count * 1000) / elapsed;
    entry.rate.windowStart = now;
    entry.rate.count = 0;
  }
}

function currentRate(entry: RunningProjection): number {
  const elapsed = performance.now() - entry.rate.windowStart;
  if (elapsed > 2 * RATE_WINDOW_MS) return 0;
  return Math.round(entry.rate.eventsPerSecond);
}
