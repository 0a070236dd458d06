import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import {
  listPublishedProjections,
  PublishedProjectionDocument,
} from '@cans/projections/analytics/published/published-projections.projection';
import {
  buildCollectionNames,
  ensureHostingCollection,
  getProjectionHosting,
  listProjectionHosting,
  PROJECTION_HOSTING_COLLECTION,
  ProjectionHostingDocument,
  ServedVersion,
  VersionBuild,
} from '@cans/projections/analytics/published/published-projection-hosting';
import { ANALYTICS_REPLAYS_COLLECTION, AnalyticsReplayDocument } from '@cans/projections/analytics/analytics-replay';
import { SandboxError } from '@cans/projections/analytics/sandbox/sandbox-error';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { ProjectionRunnerService } from '../../platform/projections/projection-runner.service';
import { EVENT_STORE, READ_STORE } from '../../platform/storage/storage-tokens';
import { AnalystPseudonymKey } from '../workbench/analyst-pseudonym-key';
import { foldLogInto, LogFoldStopped, writeRowChanges } from './sandboxed-log-fold';
import { SandboxedProjectionThread } from './sandboxed-projection-thread';

/** How often the host looks for published versions to build, and brings the live ones up to the log's head. */
export const HOST_POLL_MS = 1000;
/** How often a build's progress is written for the page's progress bar. */
const PROGRESS_EVERY_MS = 500;
/** A build that failed for another reason than the analyst's code (the database away) is tried again after this. */
const BUILD_RETRY_MS = 30_000;
/** How long the collections of a version that was taken over stay, for the reads already under way on other instances. */
export const RETIRED_KEPT_MS = 60_000;

interface LiveVersion {
  version: number;
  thread: SandboxedProjectionThread;
  physical: Record<string, string>;
  position: number;
}

interface RunningBuild {
  version: number;
  stop: AbortController;
  done: Promise<void>;
}

/**
 * Hosts the analysts' published projections (issue 30 item 5) on the instance that runs the projections (it holds
 * their lease; the others only read the hosting records, published-projection-hosting.ts):
 *
 * - a version published and not yet served here is built from event zero in a thread of its own
 *   (sandboxed-projection-thread.ts) into fresh collections, its progress written for the page; the version served
 *   until then is read meanwhile (blue/green), and the new one takes over in one write once it has caught up (the
 *   old collections go a minute later);
 * - the served version is kept live: every poll, the events since its position go through its thread and the rows
 *   that changed are written;
 * - an unpublished projection's thread ends, and its collections and replays are dropped.
 *
 * A version whose code fails on an event is not built again (the page shows the error and the event); the version
 * served before it stays. A new leader builds every published version again from event zero (the state lives in
 * the thread), serving the previous leader's rows until its own have caught up.
 */
@Injectable()
export class PublishedProjectionHostService implements OnModuleInit, BeforeApplicationShutdown {
  private static readonly logger = new Logger('PublishedProjections');
  private readonly live = new Map<string, LiveVersion>();
  private readonly builds = new Map<string, RunningBuild>();
  /** name → the version whose code failed (not built again), or the time a build failed otherwise (retried later). */
  private readonly failed = new Map<string, { version: number; retryAt: number | null }>();
  private readonly writes = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly projections: ProjectionRunnerService,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly key: AnalystPseudonymKey,
  ) {}

  async onModuleInit(): Promise<void> {
    await ensureHostingCollection(this.readStore);
    this.timer = setInterval(() => void this.poll(), HOST_POLL_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    await this.stopAll();
  }

  /** One look (the timer's); a look under way is not doubled. */
  poll(): Promise<void> {
    this.ticking ??= this.tick().finally(() => (this.ticking = null));
    return this.ticking;
  }

  /** Until every published version is built and served here, and live at the head (specs, the bench). */
  async settle(): Promise<void> {
    await this.poll();
    while (this.builds.size > 0) {
      await Promise.all([...this.builds.values()].map((build) => build.done));
      await this.poll();
    }
    await this.poll();
  }

  private async tick(): Promise<void> {
    if (this.stopping) return;
    if (!this.projections.leads) {
      await this.stopAll();
      return;
    }
    try {
      const published = (await listPublishedProjections(this.readStore)).filter((projection) => projection.published);
      const hosting = await listProjectionHosting(this.readStore);
      for (const record of hosting) {
        if (!published.some((projection) => projection.name === record.id)) await this.retire(record);
        else await this.dropRetired(record);
      }
      for (const projection of published) await this.ensureBuilt(projection);
      if (this.live.size > 0) {
        const head = await this.eventStore.headPosition();
        for (const [name, live] of this.live) if (live.position < head) await this.keepLive(name, live, head);
      }
    } catch (error) {
      PublishedProjectionHostService.logger.error('Published projections: the hosting could not be brought up to date', stackOf(error));
    }
  }

  /** Starts building the published version unless it is served here, being built, or failed on its code. */
  private async ensureBuilt(projection: PublishedProjectionDocument): Promise<void> {
    const { name, version } = projection;
    if (this.live.get(name)?.version === version || this.builds.get(name)?.version === version) return;
    const failed = this.failed.get(name);
    if (failed?.version === version && (failed.retryAt === null || Date.now() < failed.retryAt)) return;
    const earlier = this.builds.get(name);
    if (earlier) {
      earlier.stop.abort();
      await earlier.done;
    }
    const stop = new AbortController();
    const done = this.build(projection, stop.signal).finally(() => this.builds.delete(name));
    this.builds.set(name, { version, stop, done });
  }

  private async build(projection: PublishedProjectionDocument, signal: AbortSignal): Promise<void> {
    const { name, version } = projection;
    const physical = buildCollectionNames(name, version, projection.collections);
    let thread: SandboxedProjectionThread | undefined;
    try {
      const { key, record } = await this.key.inUse();
      await record?.();
      for (const collection of Object.values(physical)) await this.readStore.ensureCollection({ name: collection });
      let target = await this.eventStore.headPosition();
      const build: VersionBuild = {
        version,
        physical,
        state: 'building',
        position: 0,
        headPosition: target,
        eventsPerSecond: 0,
        startedAt: new Date().toISOString(),
        error: null,
      };
      // A build left by an instance that is gone (or stopped here) had collections of its own: they go with the rest.
      await this.saveHosting(name, (record) => ({
        id: name,
        served: record?.served ?? null,
        build,
        retired: [
          ...(record?.retired ?? []),
          ...(record?.build ? [{ collections: Object.values(record.build.physical), at: build.startedAt }] : []),
        ],
      }));
      thread = await SandboxedProjectionThread.open(projection.code, key);
      let position = 0;
      let lastWrite = 0;
      // Until the head stops moving away: events recorded while the build ran are folded before it takes over.
      for (;;) {
        ({ position } = await foldLogInto(this.eventStore, thread, {
          from: position,
          to: target,
          signal,
          onProgress: (progress) => {
            if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
            lastWrite = Date.now();
            void this.patchBuild(name, version, { ...progress }).catch(() => undefined);
          },
        }));
        const head = await this.eventStore.headPosition();
        if (head <= position) break;
        target = head;
      }
      await writeRowChanges(this.readStore, physical, await thread.rowChanges());
      if (signal.aborted) throw new LogFoldStopped();
      await this.takeOver(projection, thread, physical, position);
      thread = undefined;
    } catch (error) {
      await thread?.end();
      for (const collection of Object.values(physical)) await this.readStore.dropCollection(collection).catch(() => undefined);
      if (error instanceof LogFoldStopped) return;
      const codeFailed = error instanceof SandboxError;
      this.failed.set(name, { version, retryAt: codeFailed ? null : Date.now() + BUILD_RETRY_MS });
      if (!codeFailed)
        PublishedProjectionHostService.logger.error(`Published projection ${name} v${version}: the build failed`, stackOf(error));
      await this.patchBuild(name, version, {
        state: 'failed',
        error: codeFailed
          ? error.toJSON()
          : { message: 'The build failed; it is tried again shortly.', failure: 'error', line: null, column: null, event: null },
      }).catch(() => undefined);
    }
  }

  /**
   * The built version becomes the served one in one write; the collections served until then are dropped a minute
   * later (dropRetired), when no read begun before the take-over can still be under way.
   */
  private async takeOver(
    projection: PublishedProjectionDocument,
    thread: SandboxedProjectionThread,
    physical: Record<string, string>,
    position: number,
  ): Promise<void> {
    const now = new Date().toISOString();
    const served: ServedVersion = {
      version: projection.version,
      label: projection.label,
      description: projection.description,
      // As recorded at publish time, from the same code's preview.
      collections: projection.collections,
      code: projection.code,
      physical,
      position,
      builtAt: now,
      updatedAt: now,
      error: null,
    };
    await this.saveHosting(projection.name, (record) => {
      const retired = [...(record?.retired ?? [])];
      if (record?.served) retired.push({ collections: Object.values(record.served.physical), at: now });
      return { id: projection.name, served, build: null, retired };
    });
    const previous = this.live.get(projection.name);
    this.live.set(projection.name, { version: projection.version, thread, physical, position });
    this.failed.delete(projection.name);
    await previous?.thread.end();
  }

  /** Drops the collections of versions taken over more than RETIRED_KEPT_MS ago. */
  private async dropRetired(record: ProjectionHostingDocument): Promise<void> {
    const due = (record.retired ?? []).filter((retired) => Date.now() - Date.parse(retired.at) > RETIRED_KEPT_MS);
    if (due.length === 0) return;
    for (const collection of due.flatMap((retired) => retired.collections)) await this.readStore.dropCollection(collection);
    await this.saveHosting(record.id, (current) =>
      current ? { ...current, retired: (current.retired ?? []).filter((retired) => !due.some((gone) => gone.at === retired.at)) } : null,
    );
  }

  /** The events since the served version's position, through its thread; the rows that changed, written. */
  private async keepLive(name: string, live: LiveVersion, head: number): Promise<void> {
    try {
      const { position } = await foldLogInto(this.eventStore, live.thread, { from: live.position, to: head });
      await writeRowChanges(this.readStore, live.physical, await live.thread.rowChanges());
      live.position = position;
      await this.saveHosting(name, (record) =>
        record?.served ? { ...record, served: { ...record.served, position, updatedAt: new Date().toISOString() } } : null,
      );
    } catch (error) {
      // A new version took over meanwhile (it ended this thread): nothing to say.
      if (this.live.get(name) !== live) return;
      if (!(error instanceof SandboxError)) throw error;
      // The code failed on a new event: the rows stay as they were before it, and the page says why.
      this.live.delete(name);
      this.failed.set(name, { version: live.version, retryAt: null });
      await live.thread.end();
      await this.saveHosting(name, (record) =>
        record?.served ? { ...record, served: { ...record.served, error: error.toJSON() } } : null,
      );
    }
  }

  /** An unpublished projection: its thread ends, its rows and replays go. */
  private async retire(record: ProjectionHostingDocument): Promise<void> {
    const name = record.id;
    const build = this.builds.get(name);
    if (build) {
      build.stop.abort();
      await build.done;
    }
    await this.live.get(name)?.thread.end();
    this.live.delete(name);
    this.failed.delete(name);
    const replays = await this.readStore.find<AnalyticsReplayDocument>(ANALYTICS_REPLAYS_COLLECTION, { projection: name }, { limit: 1000 });
    await this.readStore.apply([
      { kind: 'delete', collection: PROJECTION_HOSTING_COLLECTION, id: name },
      ...replays.map((replay) => ({ kind: 'delete' as const, collection: ANALYTICS_REPLAYS_COLLECTION, id: replay.id })),
    ]);
    const collections = [
      ...Object.values(record.served?.physical ?? {}),
      ...Object.values(record.build?.physical ?? {}),
      ...(record.retired ?? []).flatMap((retired) => retired.collections),
      ...replays.flatMap((replay) => Object.values(replay.collections)),
    ];
    for (const collection of collections) await this.readStore.dropCollection(collection);
  }

  private async stopAll(): Promise<void> {
    for (const build of this.builds.values()) build.stop.abort();
    await Promise.all([...this.builds.values()].map((build) => build.done));
    await Promise.all([...this.live.values()].map((live) => live.thread.end()));
    this.live.clear();
  }

  private async patchBuild(name: string, version: number, changes: Partial<VersionBuild>): Promise<void> {
    await this.saveHosting(name, (record) =>
      record?.build?.version === version ? { ...record, build: { ...record.build, ...changes } } : null,
    );
  }

  /**
   * Only this instance (it holds the lease) writes hosting records: a read, a change (null: none), a write, one at a
   * time per projection, so a late progress write never undoes a take-over.
   */
  private saveHosting(name: string, change: (record: ProjectionHostingDocument | null) => ProjectionHostingDocument | null): Promise<void> {
    const write = (this.writes.get(name) ?? Promise.resolve()).then(async () => {
      const changed = change(await getProjectionHosting(this.readStore, name));
      if (changed) await this.readStore.apply([{ kind: 'upsert', collection: PROJECTION_HOSTING_COLLECTION, document: changed }]);
    });
    const settled = write.catch(() => undefined);
    this.writes.set(name, settled);
    void settled.then(() => this.writes.get(name) === settled && this.writes.delete(name));
    return write;
  }
}

const stackOf = (error: unknown) => (error instanceof Error ? error.stack : String(error));
