import type { EventStore, RecordedEvent, Subscription } from '@cans/storage/event-store/event-store.port';
import type { Checkpoint, ReadStore } from '@cans/storage/read-store/read-store.port';
import { applyEvents, Projection } from './projection';
import type { CollectionTargets } from './projection-collections';
import { ProjectionUnitOfWork } from './projection-unit-of-work';
import { RebuildWorkingSet } from './rebuild-working-set';
import { Throughput } from './throughput';

/** Documents of one projection's live collections kept in memory by the one process that writes them. */
const LIVE_CACHE_DOCUMENTS = 20_000;

/**
 * 'live': applying events as they come; 'catching-up': applying past events after a start; 'stale': a version bump
 * is being rebuilt and these collections (the previous version's) are served as they are until the switch;
 * 'rebuilding': a first build, nothing to serve yet; 'failed': stopped by an error, retried from its checkpoint;
 * 'following': another app instance runs the projections, this one reads their checkpoints.
 */
export type ProjectionState = 'stopped' | 'catching-up' | 'live' | 'stale' | 'rebuilding' | 'failed' | 'following';

/** One projection's live collections and where it stands in the event stream. */
export interface ProjectionMember {
  projection: Projection;
  /** The version the live collections were built by (the checkpoint's). */
  version: number;
  position: number;
  state: ProjectionState;
  /** Alias → physical collection written by this member. */
  targets: CollectionTargets;
  error: string | null;
  throughput: Throughput;
}

/** Members the shared reader feeds: the others are served as they stand (stale, first build) or wait (failed). */
export const isFed = (member: ProjectionMember): boolean => member.state === 'live' || member.state === 'catching-up';

export interface LiveGroupEvents {
  /** A member's batch could not be applied or stored: it leaves the group until retried. */
  failed(member: ProjectionMember, error: unknown): void;
  /** After every stored batch (read-your-writes waiters, status). */
  progressed(): void;
}

/**
 * The one reader of the event stream for every live projection: one subscription, one read (and one gap-safe
 * mark refresh) per wake-up whatever the number of projections. Each batch is applied by every member in memory
 * and stored in ONE read-store transaction together with every member's checkpoint. Members may stand at
 * different positions (after a failure, a switch); each applies only the events after its own position.
 */
export class LiveProjectionGroup {
  private subscription: Subscription | null = null;
  /**
   * What each member stored lately: the lease makes this group the only writer of its members' live collections,
   * so a document it wrote is read from memory (catching up after downtime reads as little as a rebuild). A
   * switch makes a new member, hence a new cache; only stored batches enter it.
   */
  private readonly caches = new WeakMap<ProjectionMember, RebuildWorkingSet>();
  /** Serialises start/stop/restart so a switch and a retry never interleave. */
  private control: Promise<void> = Promise.resolve();

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    private readonly members: () => ProjectionMember[],
    private readonly batchSize: number,
    private readonly events: LiveGroupEvents,
  ) {}

  /** Position the reader restarts from: the lowest member that is fed. */
  private startPosition(): number | null {
    const fed = this.members().filter(isFed);
    return fed.length === 0 ? null : Math.min(...fed.map((member) => member.position));
  }

  /** (Re)starts the reader from the lowest fed member; `whilePaused` runs with the reader stopped. */
  restart(whilePaused: () => Promise<void> = async () => undefined): Promise<void> {
    const next = this.control.then(async () => {
      await this.subscription?.stop();
      this.subscription = null;
      try {
        await whilePaused();
      } finally {
        await this.subscribe();
      }
    });
    this.control = next.catch(() => undefined);
    return next;
  }

  stop(): Promise<void> {
    const next = this.control.then(async () => {
      await this.subscription?.stop();
      this.subscription = null;
    });
    this.control = next.catch(() => undefined);
    return next;
  }

  private async subscribe(): Promise<void> {
    const from = this.startPosition();
    if (from === null) return;
    const head = await this.eventStore.headPosition();
    // Nothing to catch up on: no batch would arrive to say so.
    for (const member of this.members().filter(isFed)) if (member.position >= head) member.state = 'live';
    this.events.progressed();
    this.subscription = this.eventStore.subscribeToAll(from, (batch) => this.applyBatch(batch), {
      batchSize: this.batchSize,
      onError: (error) => {
        // The store failed (not a projection): every fed member is affected; each retries on its own timer.
        for (const member of this.members().filter(isFed)) this.events.failed(member, error);
      },
    });
  }

  private async applyBatch(batch: RecordedEvent[]): Promise<void> {
    const last = batch[batch.length - 1].position;
    const work: { member: ProjectionMember; unitOfWork: ProjectionUnitOfWork; checkpoint: Omit<Checkpoint, 'updatedAt'>; count: number }[] =
      [];
    for (const member of this.members().filter(isFed)) {
      const events = member.position >= last ? [] : batch.filter((event) => event.position > member.position);
      if (events.length === 0) continue;
      try {
        const unitOfWork = await this.projectInMemory(member, events);
        work.push({
          member,
          unitOfWork,
          checkpoint: { projection: member.projection.name, version: member.version, position: last },
          count: events.length,
        });
      } catch (error) {
        this.events.failed(member, error);
      }
    }
    if (work.length > 0) {
      try {
        await this.readStore.apply(
          work.flatMap((item) => item.unitOfWork.operations()),
          work.map((item) => item.checkpoint),
        );
      } catch {
        // One member's writes broke the shared transaction: store each alone to find it; the others go on.
        for (const item of [...work]) {
          try {
            await this.readStore.apply(item.unitOfWork.operations(), item.checkpoint);
          } catch (error) {
            this.events.failed(item.member, error);
            work.splice(work.indexOf(item), 1);
          }
        }
      }
    }
    for (const { member, unitOfWork, count } of work) {
      unitOfWork.commit();
      member.position = last;
      member.error = null;
      member.throughput.record(count);
    }
    // A short batch means the reader has reached the head for now; a full one may have ended exactly there.
    const reachedHead = batch.length < this.batchSize || last >= (await this.eventStore.headPosition());
    if (reachedHead) for (const member of this.members()) if (member.state === 'catching-up') member.state = 'live';
    this.events.progressed();
  }

  /** A member's projection of some events, held as write operations on its physical collections. */
  private async projectInMemory(member: ProjectionMember, events: RecordedEvent[]): Promise<ProjectionUnitOfWork> {
    let cache = this.caches.get(member);
    if (!cache) this.caches.set(member, (cache = new RebuildWorkingSet({ startsEmpty: false, maxDocuments: LIVE_CACHE_DOCUMENTS })));
    const unitOfWork = new ProjectionUnitOfWork(this.readStore, { physicalNames: member.targets, workingSet: cache });
    await applyEvents(member.projection, events, unitOfWork);
    await unitOfWork.settle();
    return unitOfWork;
  }
}
