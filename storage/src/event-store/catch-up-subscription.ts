import { RecordedEvent, SubscribeOptions, Subscription } from './event-store.port';

export const DEFAULT_SUBSCRIPTION_BATCH_SIZE = 500;

export interface CatchUpSubscriptionSource {
  /** Up to `limit` events after `fromPosition`, in position order (readAll). */
  readAfter(fromPosition: number, limit: number): Promise<RecordedEvent[]>;
  /** Calls `wake` whenever new events may have been appended; returns the unregister function. */
  onPossibleAppend(wake: () => void): () => void;
  /** Longest wait when caught up without any wake-up: the backstop for missed notifications. */
  pollIntervalMs: number;
  /** Settles once cross-process wake-ups are set up, so none is missed between the first read and LISTEN. */
  wakeUpsReady?: Promise<unknown>;
  /**
   * True when a read that returns fewer than `limit` events has returned every event whose wake-up came before
   * the read began: the subscription then waits for the next wake-up instead of reading once more to find
   * nothing (one query per append instead of two when live). A source that holds a read back (a commit not yet
   * safe to read) must wake the subscription again once it can.
   */
  shortReadReachesHead?: boolean;
}

/**
 * Pull-based catch-up subscription: reads batches after the last acknowledged position and awaits the handler
 * before reading on, so a slow handler applies back-pressure and a batch is never delivered twice. When caught
 * up it sleeps until woken (in-process append, LISTEN/NOTIFY) or the poll interval passes.
 */
export class CatchUpSubscription implements Subscription {
  private acknowledgedPosition: number;
  private stopRequested = false;
  /** Set by a wake-up that arrives while a read is in flight, so that read's empty result is not trusted. */
  private wakeRequested = false;
  private endWait: (() => void) | null = null;
  private readonly finished: Promise<void>;

  constructor(
    fromPosition: number,
    private readonly source: CatchUpSubscriptionSource,
    private readonly handler: (events: RecordedEvent[]) => Promise<void>,
    private readonly options: SubscribeOptions,
    private readonly onFinished: (subscription: CatchUpSubscription) => void = () => undefined,
  ) {
    this.acknowledgedPosition = fromPosition;
    this.finished = this.run();
  }

  get position(): number {
    return this.acknowledgedPosition;
  }

  /** Resolves once the loop has ended; a batch being handled is finished (and acknowledged) first. */
  async stop(): Promise<void> {
    this.stopRequested = true;
    this.endWait?.();
    await this.finished;
  }

  private readonly wake = (): void => {
    this.wakeRequested = true;
    this.endWait?.();
  };

  private async run(): Promise<void> {
    // Yield once so the constructor returns before the first read (and before any handler call).
    await Promise.resolve();
    await this.source.wakeUpsReady;
    const unregister = this.source.onPossibleAppend(this.wake);
    const batchSize = this.options.batchSize ?? DEFAULT_SUBSCRIPTION_BATCH_SIZE;
    // While catching up, the next batch is read while the handler works on this one (on PostgreSQL the two run
    // on separate connections), which hides the read time during rebuilds.
    let prefetched: Promise<RecordedEvent[]> | null = null;
    try {
      while (!this.stopRequested) {
        this.wakeRequested = false;
        let batch: RecordedEvent[];
        try {
          batch = await (prefetched ?? this.source.readAfter(this.acknowledgedPosition, batchSize));
        } catch (error) {
          if (!this.stopRequested) this.report(error);
          return;
        } finally {
          prefetched = null;
        }
        if (this.stopRequested) return;
        if (batch.length === 0) {
          if (!this.wakeRequested) await this.waitForWakeOrPoll();
          continue;
        }
        if (batch.length === batchSize) {
          prefetched = this.source.readAfter(batch[batch.length - 1].position, batchSize);
          // Its failure surfaces when it is awaited; until then it must not count as unhandled.
          prefetched.catch(() => undefined);
        }
        try {
          await this.handler(batch);
        } catch (error) {
          this.report(error);
          return;
        }
        this.acknowledgedPosition = batch[batch.length - 1].position;
        // A wake-up during the read or the handler (wakeRequested) may announce more: then read on at once.
        if (batch.length < batchSize && this.source.shortReadReachesHead && !this.wakeRequested && !this.stopRequested) {
          await this.waitForWakeOrPoll();
        }
      }
    } finally {
      unregister();
      this.onFinished(this);
    }
  }

  private waitForWakeOrPoll(): Promise<void> {
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.endWait = null;
        resolve();
      };
      const timer = setTimeout(end, this.source.pollIntervalMs);
      this.endWait = end;
    });
  }

  private report(error: unknown): void {
    if (this.options.onError) {
      this.options.onError(error);
      return;
    }
    // Without onError the failure would vanish with the background loop; say so where operators look.
    // eslint-disable-next-line no-console
    console.error('Event subscription stopped after an error:', error);
  }
}
