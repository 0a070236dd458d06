import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { builtInReplayerOf, Replayer, requeueAbandonedReplays, runNextReplay } from '@cans/projections/analytics/analytics-replay-jobs';
import { getProjectionHosting } from '@cans/projections/analytics/published/published-projection-hosting';
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { ProjectionRunnerService } from '../../platform/projections/projection-runner.service';
import { EVENT_STORE, READ_STORE } from '../../platform/storage/storage-tokens';
import { replayPublishedProjection } from '../published/published-projection-replay';
import { AnalystPseudonymKey } from '../workbench/analyst-pseudonym-key';

/** How often the instance that runs the projections looks for a queued replay. */
export const REPLAY_POLL_MS = 1000;

/**
 * Runs the queued analytics replays (projections/src/analytics/analytics-replay-jobs.ts) of built-in and published
 * projections one at a time, on the
 * instance that holds the projections lease, beside the live projections: a replay reads the log in batches and
 * yields between them, so requests keep being answered. On shutdown the replay under way stops after its batch and
 * goes back to the queue for the next instance that leads.
 */
@Injectable()
export class AnalyticsReplayRunnerService implements OnModuleInit, BeforeApplicationShutdown {
  private static readonly logger = new Logger('AnalyticsReplays');
  private timer: NodeJS.Timeout | null = null;
  private leading = false;
  private running: Promise<unknown> | null = null;
  private readonly stopping = new AbortController();

  constructor(
    private readonly projections: ProjectionRunnerService,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly key: AnalystPseudonymKey,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.poll(), REPLAY_POLL_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopping.abort();
    await this.running;
  }

  /** The timer's look at the queue (a spec that must see jobs wait replaces it, and runs them with runQueued). */
  poll(): Promise<void> {
    return this.tick();
  }

  /** Runs what waits now (tests call it instead of waiting for the timer); resolves when the queue is empty. */
  async runQueued(): Promise<void> {
    await this.tick();
    await this.running;
  }

  /** A built-in projection's replayer (the engine's), or a published one's (its served version in a sandbox thread). */
  private async replayerOf(name: string): Promise<Replayer | undefined> {
    const builtIn = builtInReplayerOf(this.eventStore, this.readStore)(name);
    if (builtIn) return builtIn;
    const served = (await getProjectionHosting(this.readStore, name))?.served;
    if (!served) return undefined;
    const { key } = await this.key.inUse();
    return (moment, options) =>
      replayPublishedProjection({ eventStore: this.eventStore, readStore: this.readStore, key }, name, served, moment, options);
  }

  private async tick(): Promise<void> {
    if (this.running || this.stopping.signal.aborted) return;
    if (!this.projections.leads) {
      this.leading = false;
      return;
    }
    const work = (async () => {
      if (!this.leading) {
        // Just took the lease: a job left running by an instance that is gone goes back to the queue.
        const requeued = await requeueAbandonedReplays(this.readStore, this.projections.instanceName);
        if (requeued > 0) AnalyticsReplayRunnerService.logger.log(`Requeued ${requeued} replay(s) left by another instance`);
        this.leading = true;
      }
      const options = {
        runner: this.projections.instanceName,
        replayerOf: (name: string) => this.replayerOf(name),
        signal: this.stopping.signal,
        logger: {
          error: (message: string, error?: unknown) =>
            AnalyticsReplayRunnerService.logger.error(message, error instanceof Error ? error.stack : String(error)),
        },
      };
      while (!this.stopping.signal.aborted && this.projections.leads && (await runNextReplay(this.readStore, options)));
    })();
    this.running = work;
    try {
      await work;
    } catch (error) {
      AnalyticsReplayRunnerService.logger.error(
        'Analytics replays: the queue could not be read',
        error instanceof Error ? error.stack : String(error),
      );
    } finally {
      this.running = null;
    }
  }
}
