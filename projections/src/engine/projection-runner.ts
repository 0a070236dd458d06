import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { Checkpoint, ReadStore } from '@cans/storage/read-store/read-store.port';
import { isStoreUnavailable } from '@cans/storage/sql/store-unavailable';
import { BlueGreenBuild, BuildProgress } from './blue-green-build';
import { LiveProjectionGroup, ProjectionMember, ProjectionState } from './live-projection-group';
import type { Projection } from './projection';
import { buildCheckpointKey, buildGenerationOf, generationOf, generationTargets } from './projection-collections';
import { buildProgressFromCheckpoints, followedMember } from './checkpoint-views';
import { ProgressWaiters } from './progress-waiters';
import { PROJECTIONS_LEASE, REBUILD_REQUESTS_COLLECTION, takeRebuildRequests } from './rebuild-requests';
import { Throughput } from './throughput';

export type { ProjectionState } from './live-projection-group';

export interface ProjectionStatus {
  name: string;
  /** The version the served collections were built by. */
  version: number;
  state: ProjectionState;
  position: number;
  headPosition: number;
  /** Positions behind the head (events behind on SQL stores, where positions are contiguous). */
  lag: number;
  /** Events applied per second over the last measuring window. */
  eventsPerSecond: number;
  error: string | null;
  /** A blue/green build under way: readers are served the previous collections meanwhile. */
  rebuild: BuildProgress | null;
}

export interface ProjectionRunnerOptions {
  batchSize?: number;
  /** Delay before a failed projection is retried from its checkpoint. */
  retryDelayMs?: number;
  /**
   * Several app instances on one database: the instance holding the projections lease runs them, the others
   * follow its checkpoints. Off for tools that run alone (bench), where no lease is taken.
   */
  coordinate?: boolean;
  leaseTtlMs?: number;
  /** How often a follower reads the checkpoints (its read-your-writes granularity). */
  followIntervalMs?: number;
  logger?: { log(message: string): void; error(message: string, error?: unknown): void };
}

type Role = 'stopped' | 'leader' | 'follower';

/** How soon a projection stopped by an unavailable database tries again. */
const STORE_UNAVAILABLE_RETRY_MS = 500;

/**
 * Runs the projections over the global event stream: one shared live reader for all of them
 * (LiveProjectionGroup), blue/green builds for rebuilds and version bumps (BlueGreenBuild), and a lease so that
 * among several app instances exactly one writes the read models. Each projection's checkpoint is stored in the
 * same transaction as the writes it covers: after a crash it resumes exactly where it stopped.
 */
export class ProjectionRunner {
  private readonly members = new Map<string, ProjectionMember>();
  private readonly builds = new Map<string, { build: BlueGreenBuild; done: Promise<void> }>();
  private readonly progressWaiters = new ProgressWaiters();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly batchSize: number;
  private readonly retryDelayMs: number;
  private readonly leaseTtlMs: number;
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly group: LiveProjectionGroup;
  private role: Role = 'stopped';
  private ticker: NodeJS.Timeout | null = null;
  private lastLeaseAttempt = 0;
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
    this.leaseTtlMs = options.leaseTtlMs ?? 15_000;
    this.group = new LiveProjectionGroup(eventStore, readStore, () => [...this.members.values()], this.batchSize, {
      failed: (member, error) => this.memberFailed(member, error),
      progressed: () => this.notifyProgress(),
    });
  }

  /** Whether this instance runs the projections now (it holds the lease): where work for one instance runs. */
  get leads(): boolean {
    return this.role === 'leader';
  }

  /** This instance's name in leases and in the work it claims. */
  get instanceName(): string {
    return this.owner;
  }

  /** Takes the lease and runs the projections, or follows the instance that holds it. */
  async start(): Promise<void> {
    if (this.role !== 'stopped') return;
    this.headPosition = await this.eventStore.headPosition();
    if (await this.acquireLease()) await this.lead();
    else await this.follow();
    this.restartTicker();
  }

  async stop(): Promise<void> {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    await this.stopWork();
    if (this.options.coordinate !== false) await this.readStore.releaseLease(PROJECTIONS_LEASE, this.owner).catch(() => undefined);
    this.role = 'stopped';
    this.members.clear();
    this.notifyProgress();
  }

  /**
   * Starts a blue/green rebuild (readers keep the current collections until it has caught up) and returns once it
   * is under way. On an instance that follows, the request goes to the instance that leads.
   */
  async rebuild(name: string): Promise<void> {
    const projection = this.projectionNamed(name);
    if (this.role !== 'leader') throw new Error(`Projection ${name}: this instance does not run the projections`);
    this.startBuild(projection, this.members.get(name)?.version === projection.version ? 'requested' : 'version');
  }

  /**
   * Rebuilds a projection blue/green and waits until readers have been switched to the new collections. Works on
   * a running runner (the live reader pauses only for the switch) and on one that was never started (tools).
   */
  async rebuildOnce(name: string): Promise<{ events: number; seconds: number }> {
    const projection = this.projectionNamed(name);
    const started = performance.now();
    if (this.role === 'follower') throw new Error(`Projection ${name}: this instance does not run the projections`);
    if (this.role === 'stopped' && !this.members.has(name))
      this.members.set(name, await this.loadMember(projection, await this.readStore.listCheckpoints()));
    const running = this.builds.get(name) ?? this.startBuild(projection, 'requested');
    await running.done;
    return { events: running.build.events, seconds: (performance.now() - started) / 1000 };
  }

  async status(): Promise<ProjectionStatus[]> {
    this.headPosition = Math.max(this.headPosition, await this.eventStore.headPosition());
    // Builds that another process runs are known only by their checkpoints.
    const checkpoints = this.role === 'leader' ? null : await this.checkpointsByKey();
    return this.projections.map((projection) => {
      const member = this.members.get(projection.name);
      const stored = checkpoints?.get(projection.name);
      const position = member?.position ?? stored?.position ?? 0;
      return {
        name: projection.name,
        version: member?.version ?? stored?.version ?? projection.version,
        state: member?.state ?? 'stopped',
        position,
        headPosition: this.headPosition,
        lag: Math.max(0, this.headPosition - position),
        eventsPerSecond: member?.throughput.eventsPerSecond() ?? 0,
        error: member?.error ?? null,
        rebuild:
          this.builds.get(projection.name)?.build.progress() ??
          (checkpoints && buildProgressFromCheckpoints(projection, checkpoints, this.headPosition)),
      };
    });
  }

  /**
   * Read-your-writes: resolves true once every served projection has processed `position`, false after the
   * timeout (the caller then serves what it has rather than hanging).
   */
  async waitForPosition(position: number, timeoutMs: number): Promise<boolean> {
    return this.waitUntil(
      () => [...this.members.values()].every((member) => member.state === 'stale' || member.position >= position),
      timeoutMs,
    );
  }

  /**
   * Backpressure for writers: resolves at once while every projection that follows the stream live is at most
   * `maxBacklog` events behind `position` (a command's own), otherwise once it is again or after the timeout. Writes
   * that outrun the projections would leave the read models ever further behind (every user's lists and counts);
   * waiting here spends the wait on the writers instead. Projections that are catching up or building are not
   * waited for: they are behind by design.
   */
  async keepUpWith(position: number, maxBacklog: number, timeoutMs: number): Promise<void> {
    const following = (member: ProjectionMember) => member.state === 'live' || member.state === 'following';
    await this.waitUntil(
      () => [...this.members.values()].every((member) => !following(member) || member.position >= position - maxBacklog),
      timeoutMs,
    );
  }

  private waitUntil(reached: () => boolean, timeoutMs: number): Promise<boolean> {
    return this.progressWaiters.until(reached, () => this.members.size === 0, timeoutMs);
  }

  /**
   * Resolves true once every served projection holds every event recorded so far (the store's head now), false
   * after the timeout: for a decision that reads read models and must see what any user wrote just before.
   */
  async waitForHead(timeoutMs: number): Promise<boolean> {
    return this.waitForPosition(await this.eventStore.headPosition(), timeoutMs);
  }

  // ---- leading: the live reader and the builds ----

  private async lead(): Promise<void> {
    this.role = 'leader';
    // Asked for every tick: on SQL a missing table would fail each time, an ERROR line a second in the server's log.
    await this.readStore.ensureCollection({ name: REBUILD_REQUESTS_COLLECTION });
    const checkpoints = await this.readStore.listCheckpoints();
    const pendingBuilds: { projection: Projection; generation: number; position: number }[] = [];
    for (const projection of this.projections) {
      const member = await this.loadMember(projection, checkpoints);
      this.members.set(projection.name, member);
      // Completes the indexes of a build interrupted between its switch and its index creation (older versions).
      if (member.state === 'catching-up') await this.ensureIndexes(member);
      for (const checkpoint of checkpoints) {
        const generation = buildGenerationOf(projection, checkpoint.projection);
        if (generation === null) continue;
        if (checkpoint.version === projection.version) pendingBuilds.push({ projection, generation, position: checkpoint.position });
        else await this.discardBuild(projection, generation);
      }
    }
    await this.group.restart();
    for (const pending of pendingBuilds) this.startBuild(pending.projection, 'resumed', pending);
    for (const member of this.members.values()) {
      if ((member.state === 'stale' || member.state === 'rebuilding') && !this.builds.has(member.projection.name)) {
        this.startBuild(member.projection, member.state === 'stale' ? 'version' : 'first');
      }
    }
  }

  private async loadMember(projection: Projection, checkpoints: Checkpoint[]): Promise<ProjectionMember> {
    const live = checkpoints.find((checkpoint) => checkpoint.projection === projection.name);
    const targets = new Map<string, string>();
    for (const collection of projection.collections)
      targets.set(collection.name, (await this.readStore.collectionTarget(collection.name)) ?? collection.name);
    const state: ProjectionState = !live ? 'rebuilding' : live.version === projection.version ? 'catching-up' : 'stale';
    if (state === 'stale')
      this.options.logger?.log(`Projection ${projection.name}: version ${live!.version} → ${projection.version}, rebuilding blue/green`);
    return {
      projection,
      version: live?.version ?? projection.version,
      position: live?.position ?? 0,
      state,
      targets,
      error: null,
      throughput: new Throughput(),
    };
  }

  private startBuild(
    projection: Projection,
    reason: 'first' | 'version' | 'requested' | 'resumed',
    resume?: { generation: number; position: number },
  ): { build: BlueGreenBuild; done: Promise<void> } {
    const existing = this.builds.get(projection.name);
    if (existing) return existing;
    const member = this.members.get(projection.name)!;
    const generation = resume?.generation ?? Math.max(0, ...[...member.targets.values()].map(generationOf)) + 1;
    const build = new BlueGreenBuild(this.eventStore, this.readStore, projection, generation, resume?.position ?? 0, {
      batchSize: this.batchSize,
      retryDelayMs: this.retryDelayMs,
      onError: (error) => this.options.logger?.error(`Projection ${projection.name}: build g${generation} failed, retrying`, error),
      onProgress: () => this.notifyProgress(),
    });
    if (reason !== 'first') this.options.logger?.log(`Projection ${projection.name}: building generation ${generation} (${reason})`);
    const done = (async () => {
      await build.start();
      await build.caughtUp;
      await this.switchTo(build);
    })();
    const running = { build, done };
    this.builds.set(projection.name, running);
    done.then(
      () => this.builds.get(projection.name) === running && this.builds.delete(projection.name),
      (error) => {
        if (this.builds.get(projection.name) === running) this.builds.delete(projection.name);
        this.options.logger?.error(`Projection ${projection.name}: build g${generation} stopped`, error);
      },
    );
    return running;
  }

  /**
   * The switch: indexes first (readers keep the old collections meanwhile), then, with the live reader paused,
   * the build's final position S is taken, the aliases are re-pointed and the live checkpoint set to S in one
   * transaction; the projection rejoins the live reader at S, so every event appended during the switch is
   * applied by the new collections. The old collections are dropped last.
   */
  private async switchTo(build: BlueGreenBuild): Promise<void> {
    await build.createIndexes();
    const name = build.projection.name;
    let previous: ReadonlyMap<string, string> = new Map();
    const switchOver = async () => {
      const position = await build.stop();
      await this.readStore.publishCollections(
        [...build.targets].map(([alias, target]) => ({ alias, target })),
        { set: [{ projection: name, version: build.projection.version, position }], delete: [build.checkpointKey] },
      );
      const member = this.members.get(name);
      previous = member?.targets ?? new Map();
      this.members.set(name, {
        projection: build.projection,
        version: build.projection.version,
        position,
        state: 'catching-up',
        targets: build.targets,
        error: null,
        throughput: member?.throughput ?? new Throughput(),
      });
    };
    if (this.role === 'leader') await this.group.restart(switchOver);
    else {
      await switchOver();
      this.members.delete(name);
    }
    // A plain collection named like its alias was replaced by the switch itself.
    for (const [alias, target] of previous)
      if (target !== alias && target !== build.targets.get(alias)) await this.readStore.dropCollection(target);
    this.options.logger?.log(`Projection ${name}: switched to generation ${build.generation}`);
    this.notifyProgress();
  }

  /** A build of a version that is no longer the code's (left by a restart): its collections and checkpoint go. */
  private async discardBuild(projection: Projection, generation: number): Promise<void> {
    for (const target of generationTargets(projection, generation).values()) await this.readStore.dropCollection(target);
    await this.readStore.deleteCheckpoint(buildCheckpointKey(projection, generation));
  }

  private memberFailed(member: ProjectionMember, error: unknown): void {
    member.state = 'failed';
    member.error = error instanceof Error ? error.message : String(error);
    this.options.logger?.error(`Projection ${member.projection.name} failed at position ${member.position}`, error);
    this.notifyProgress();
    // The database away (restart, dropped connections) is retried soon, so readers wait seconds, not minutes; a
    // failure of the projection's own is retried at the configured pace.
    const delayMs = isStoreUnavailable(error) ? Math.min(this.retryDelayMs, STORE_UNAVAILABLE_RETRY_MS) : this.retryDelayMs;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      if (this.role !== 'leader' || this.members.get(member.projection.name) !== member || member.state !== 'failed') return;
      member.state = 'catching-up';
      // A restart that fails (the database still away when it reads the head) is a failure like the first: it is
      // retried again, rather than leaving the member 'catching-up' with no reader.
      this.group.restart().catch((restartError: unknown) => {
        if (this.members.get(member.projection.name) === member && member.state === 'catching-up') this.memberFailed(member, restartError);
      });
    }, delayMs);
    this.retryTimers.add(timer);
  }

  private async ensureIndexes(member: ProjectionMember): Promise<void> {
    for (const collection of member.projection.collections) {
      await this.readStore.ensureCollection({ ...collection, name: member.targets.get(collection.name) ?? collection.name });
    }
  }

  private async stopWork(): Promise<void> {
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    await this.group.stop();
    await Promise.all([...this.builds.values()].map(({ build }) => build.stop()));
    this.builds.clear();
  }

  // ---- several instances: the lease, following, requests from other processes ----

  private tickIntervalMs(): number {
    // A leader looks for rebuild requests every second and renews its lease every third of its TTL.
    return this.role === 'follower'
      ? (this.options.followIntervalMs ?? 200)
      : Math.max(50, Math.min(1000, Math.floor(this.leaseTtlMs / 3)));
  }

  private async acquireLease(): Promise<boolean> {
    if (this.options.coordinate === false) return true;
    this.lastLeaseAttempt = Date.now();
    return this.readStore.tryAcquireLease(PROJECTIONS_LEASE, this.owner, this.leaseTtlMs);
  }

  private ticking = false;

  private async tick(): Promise<void> {
    if (this.ticking || this.role === 'stopped') return;
    this.ticking = true;
    try {
      if (this.role === 'leader') {
        const renewDue = Date.now() - this.lastLeaseAttempt >= this.leaseTtlMs / 3;
        if (this.options.coordinate !== false && renewDue && !(await this.acquireLease())) {
          this.options.logger?.error('Projections: the lease went to another instance; following it');
          await this.stopWork();
          await this.follow();
          this.restartTicker();
          return;
        }
        for (const name of await takeRebuildRequests(this.readStore)) {
          const projection = this.projections.find((candidate) => candidate.name === name);
          if (projection) this.startBuild(projection, 'requested');
        }
      } else if (this.role === 'follower') {
        if (Date.now() - this.lastLeaseAttempt >= this.leaseTtlMs / 3 && (await this.acquireLease())) {
          this.members.clear();
          await this.lead();
          this.restartTicker();
          return;
        }
        await this.readFollowedCheckpoints();
      }
    } catch (error) {
      this.options.logger?.error('Projections: coordination check failed', error);
    } finally {
      this.ticking = false;
    }
  }

  private restartTicker(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = setInterval(() => void this.tick(), this.tickIntervalMs());
    // Coordination alone never keeps the process alive.
    this.ticker.unref();
  }

  private async follow(): Promise<void> {
    this.role = 'follower';
    this.members.clear();
    await this.readFollowedCheckpoints();
  }

  /** A follower's view: the leader's checkpoints (its stale projections do not hold read-your-writes back). */
  private async readFollowedCheckpoints(): Promise<void> {
    const checkpoints = await this.checkpointsByKey();
    for (const projection of this.projections) {
      this.members.set(projection.name, followedMember(projection, checkpoints.get(projection.name), this.members.get(projection.name)));
    }
    this.notifyProgress();
  }

  private async checkpointsByKey(): Promise<Map<string, Checkpoint>> {
    return new Map((await this.readStore.listCheckpoints()).map((checkpoint) => [checkpoint.projection, checkpoint]));
  }

  private projectionNamed(name: string): Projection {
    const projection = this.projections.find((candidate) => candidate.name === name);
    if (!projection) throw new Error(`Unknown projection "${name}". Known: ${this.projections.map((p) => p.name).join(', ')}`);
    return projection;
  }

  private notifyProgress(): void {
    this.progressWaiters.notify();
  }
}
