import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleDestroy } from '@nestjs/common';
import {
  AssessmentRecordsReadData,
  RECORD_READ_SCHEMA_VERSION,
  RecordReadEvents,
  RecordReadKind,
  recordReadsStreamId,
} from '@cans/domain/audit/record-reads.events';
import type { EventStore, NewEvent } from '@cans/storage/event-store/event-store.port';
import type { Actor } from '../../platform/commands/actor';
import { EVENT_STORE } from '../../platform/storage/storage-tokens';

export const RECORD_READS_OPTIONS = Symbol('RECORD_READS_OPTIONS');

export interface RecordReadsOptions {
  /** A read is appended at the latest this long after it was recorded. */
  flushIntervalMs: number;
  /** A flush starts as soon as this many reads are queued. */
  flushAtCount: number;
  /** Reads waiting at most (the store is down): beyond that the oldest are dropped, and the drop logged. */
  maxQueued: number;
  /** Events per append: a backlog after an outage goes in several appends of this size. */
  maxPerAppend: number;
}

export const DEFAULT_RECORD_READS_OPTIONS: RecordReadsOptions = {
  flushIntervalMs: 250,
  flushAtCount: 200,
  maxQueued: 50_000,
  maxPerAppend: 1_000,
};

/**
 * Records reads of children's records (issue 16 "Who saw"): `record` only queues (no await, no I/O, never throws),
 * so a read costs microseconds; a flush appends the queue as AssessmentRecordsRead events to the day's stream
 * ("record-reads-<yyyy-MM-dd>", expected revision 'any': reads never conflict) in one append. A flush runs every
 * flushIntervalMs while reads wait, at flushAtCount, and at shutdown; a failed append keeps its reads for the next.
 */
@Injectable()
export class RecordReadsService implements OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger('RecordReads');
  private queue: NewEvent<AssessmentRecordsReadData>[] = [];
  private timer: NodeJS.Timeout | null = null;
  private immediate: NodeJS.Immediate | null = null;
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  /** Since the last append failed: thresholds no longer start flushes (the timer retries), the store is not hammered. */
  private failing = false;
  private dropped = 0;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(RECORD_READS_OPTIONS) private readonly options: RecordReadsOptions,
  ) {}

  /**
   * Queues the read of these assessments by the actor (user, IP, correlation id: the request's), what being the
   * kind of read. Call it once the record was produced for the caller (access checked, nothing refused). No id: no read.
   */
  record(actor: Actor, assessmentIds: readonly string[], what: RecordReadKind): void {
    try {
      if (assessmentIds.length === 0) return;
      this.queue.push({
        type: RecordReadEvents.AssessmentRecordsRead,
        data: { assessmentIds: [...assessmentIds], what, readAt: new Date().toISOString() },
        schemaVersion: RECORD_READ_SCHEMA_VERSION,
        metadata: { userId: actor.userId, ip: actor.ip, correlationId: actor.correlationId, causationId: null },
      });
      this.bound();
      if (this.queue.length >= this.options.flushAtCount && !this.failing) this.flushSoon();
      else this.schedule();
    } catch (error) {
      // A read is served even when its record cannot be queued.
      this.logger.error(`A read of ${assessmentIds.length} assessments (${what}) was not recorded: ${String(error)}`);
    }
  }

  /** Reads queued and not yet appended. */
  get pending(): number {
    return this.queue.length;
  }

  /**
   * Appends every read queued when called (after a flush already running); resolves when done or failed (a failure
   * is logged and its reads stay queued for the next flush). Never rejects.
   */
  flush(): Promise<void> {
    if (!this.running) {
      this.running = this.drain().finally(() => (this.running = null));
      return this.running;
    }
    this.next ??= this.running.then(() => {
      this.next = null;
      return this.flush();
    });
    return this.next;
  }

  /** App shutdown: the reads queued so far are appended before the storage closes. */
  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }

  /** Then, once the HTTP server has drained, the reads of the last requests (storage closes after this: it is global). */
  async onApplicationShutdown(): Promise<void> {
    await this.flush();
    this.clearTimer();
    if (this.immediate) clearImmediate(this.immediate);
    this.immediate = null;
    if (this.queue.length > 0) this.logger.error(`${this.queue.length} reads of children's records could not be recorded before shutdown`);
  }

  private async drain(): Promise<void> {
    this.clearTimer();
    while (this.queue.length > 0) {
      // Taken out while the append runs: reads recorded meanwhile (and the bound) only touch what is left.
      const batch = this.queue.splice(0, this.options.maxPerAppend);
      try {
        await this.eventStore.append(recordReadsStreamId(new Date().toISOString()), batch, 'any');
        this.failing = false;
      } catch (error) {
        this.failing = true;
        this.queue.unshift(...batch);
        this.bound();
        this.logger.error(`Appending ${batch.length} reads of children's records failed; retried on the next flush: ${String(error)}`);
        this.schedule();
        return;
      } finally {
        this.reportDropped();
      }
    }
  }

  /**
   * Keeps the queue within maxQueued by dropping the oldest reads (reported at the next flush, not per read), a
   * hundredth of the bound at a time: shifting a full queue on every read would cost the reads themselves.
   */
  private bound(): void {
    const excess = this.queue.length - this.options.maxQueued;
    if (excess <= 0) return;
    const dropped = Math.min(this.queue.length, Math.max(excess, Math.ceil(this.options.maxQueued / 100)));
    this.queue.splice(0, dropped);
    this.dropped += dropped;
    this.schedule();
  }

  /** A flush right after the current request's work: the append's own synchronous part never runs in a read. */
  private flushSoon(): void {
    if (this.immediate) return;
    this.immediate = setImmediate(() => {
      this.immediate = null;
      void this.flush();
    });
  }

  private reportDropped(): void {
    if (this.dropped === 0) return;
    this.logger.error(`${this.dropped} reads of children's records were dropped unrecorded: more than ${this.options.maxQueued} waited`);
    this.dropped = 0;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.flushIntervalMs);
    // Shutdown flushes explicitly: the timer alone keeps no process alive.
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
