import {
  ANY,
  AllStreamSubscription,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  JSONType,
  NO_STREAM,
  Position,
  ReadPosition,
  RecordedEvent as EsdbRecordedEvent,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import { randomUUID } from 'node:crypto';
import { DEFAULT_SUBSCRIPTION_BATCH_SIZE } from './catch-up-subscription';
import { assertValidAppend, parseUntil } from './event-store-arguments';
import {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
  WrongExpectedRevisionError,
} from './event-store.port';
import { EventUpcasters } from './upcasting';

/** Page size when scanning $all past system events. */
const READ_ALL_PAGE_SIZE = 256;
/** Stream reads without a position report commit = 2^64-1; the prepare position is then the event's own. */
const UNKNOWN_COMMIT_POSITION = 2n ** 64n - 1n;

export interface EventStoreDbEventStoreOptions {
  upcasters?: EventUpcasters;
}

/** The store's schemaVersion rides in the event's metadata JSON next to the port's metadata fields. */
type StoredMetadata = EventMetadata & { schemaVersion?: number };

const isSystemEvent = (type: string) => type.startsWith('$');

/**
 * Commit position as the port's global position. With gRPC appends every event is its own implicit
 * transaction, so commit = prepare = the event's log position: unique and strictly increasing, but NOT
 * contiguous (they are byte offsets). The port only promises strictly increasing positions.
 */
function positionOf(event: EsdbRecordedEvent): number {
  if (!event.position) {
    throw new Error('EventStoreDB returned no event position: server 22.6 or later is required');
  }
  const { commit, prepare } = event.position;
  return Number(commit === UNKNOWN_COMMIT_POSITION ? prepare : commit);
}

function readPositionAfter(position: number): ReadPosition {
  // ESDB reads are inclusive of the given position; callers skip the event at `position` itself.
  return position <= 0 ? START : { commit: BigInt(position), prepare: BigInt(position) };
}

function toEsdbExpectedRevision(expected: ExpectedRevision): typeof ANY | typeof NO_STREAM | bigint {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  return BigInt(expected);
}

/**
 * EventStore over EventStoreDB (EVENTSTORE_URL, e.g. esdb://localhost:2113?tls=false). Streams and revisions map
 * one to one; metadata and schemaVersion are stored in the event's metadata JSON. Events whose type starts with
 * '$' (ESDB system events) are never returned. The store owns its client: close() disposes it.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly upcasters: EventUpcasters;
  private readonly subscriptions = new Set<EventStoreDbSubscription>();
  private closed = false;

  constructor(
    private readonly client: EventStoreDBClient,
    options: EventStoreDbEventStoreOptions = {},
  ) {
    this.upcasters = options.upcasters ?? new EventUpcasters();
  }

  static connect(connectionString: string, options: EventStoreDbEventStoreOptions = {}): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString), options);
  }

  async append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    this.assertOpen();
    assertValidAppend(streamId, events, expectedRevision);
    const eventData = events.map((event) =>
      jsonEvent({
        id: event.eventId ?? randomUUID(),
        type: event.type,
        // JSONType excludes null and numbers, but the client just JSON.stringifies whatever it is given.
        data: (event.data ?? null) as JSONType,
        metadata: { ...event.metadata, schemaVersion: event.schemaVersion ?? 1 } as StoredMetadata,
      }),
    );
    try {
      const result = await this.client.appendToStream(streamId, eventData, {
        expectedRevision: toEsdbExpectedRevision(expectedRevision),
      });
      if (!result.position) throw new Error('EventStoreDB returned no commit position for the append');
      return { revision: Number(result.nextExpectedRevision), position: Number(result.position.commit) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const reported = error.actualVersion as unknown;
        const actual =
          typeof reported === 'bigint' ? Number(reported) : reported === NO_STREAM ? 'no_stream' : await this.currentRevision(streamId);
        throw new WrongExpectedRevisionError(streamId, expectedRevision, actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const fromRevision = options.fromRevision ?? 0;
    if (options.toRevision !== undefined && options.toRevision < fromRevision) return [];
    const until = parseUntil(options.until);
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        fromRevision: BigInt(fromRevision),
        direction: FORWARDS,
        ...(options.toRevision !== undefined ? { maxCount: options.toRevision - fromRevision + 1 } : {}),
      });
      for await (const { event } of read) {
        if (!event) continue;
        if (until && event.created.getTime() > until.getTime()) continue;
        events.push(this.toRecordedEvent(event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(fromPosition: number, limit: number): Promise<RecordedEvent[]> {
    this.assertOpen();
    const events: RecordedEvent[] = [];
    let lastSeen = fromPosition;
    let cursor = readPositionAfter(fromPosition);
    while (events.length < limit) {
      let readCount = 0;
      let lastPosition: Position | undefined;
      const page = this.client.readAll({ fromPosition: cursor, direction: FORWARDS, maxCount: READ_ALL_PAGE_SIZE });
      for await (const { event } of page) {
        readCount += 1;
        if (!event) continue;
        lastPosition = event.position;
        const position = positionOf(event);
        if (position <= lastSeen) continue;
        lastSeen = position;
        if (isSystemEvent(event.type)) continue;
        events.push(this.toRecordedEvent(event));
        if (events.length === limit) break;
      }
      if (readCount < READ_ALL_PAGE_SIZE || !lastPosition) break;
      cursor = lastPosition;
    }
    return events;
  }

  async headPosition(): Promise<number> {
    this.assertOpen();
    let cursor: ReadPosition = END;
    for (;;) {
      let readCount = 0;
      let lastPosition: Position | undefined;
      const page = this.client.readAll({ fromPosition: cursor, direction: BACKWARDS, maxCount: READ_ALL_PAGE_SIZE });
      for await (const { event } of page) {
        readCount += 1;
        if (!event) continue;
        if (!isSystemEvent(event.type)) return positionOf(event);
        lastPosition = event.position;
      }
      if (readCount < READ_ALL_PAGE_SIZE || !lastPosition) return 0;
      cursor = lastPosition;
    }
  }

  subscribeToAll(fromPosition: number, handler: (events: RecordedEvent[]) => Promise<void>, options: SubscribeOptions = {}): Subscription {
    this.assertOpen();
    const native = this.client.subscribeToAll(
      { fromPosition: readPositionAfter(fromPosition), filter: excludeSystemEvents() },
      { highWaterMark: options.batchSize ?? DEFAULT_SUBSCRIPTION_BATCH_SIZE },
    );
    const subscription = new EventStoreDbSubscription(
      native,
      fromPosition,
      (event) => this.toRecordedEvent(event),
      handler,
      options,
      (finished) => this.subscriptions.delete(finished),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Stops every subscription, then disposes the EventStoreDB client. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.client.dispose();
  }

  /** Fallback when the server's error does not say which revision it found. */
  private async currentRevision(streamId: string): Promise<number | 'no_stream'> {
    try {
      for await (const { event } of this.client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: 1 })) {
        if (event) return Number(event.revision);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return 'no_stream';
  }

  private toRecordedEvent(event: EsdbRecordedEvent): RecordedEvent {
    const { schemaVersion, ...metadata } = (event.metadata ?? {}) as StoredMetadata;
    return this.upcasters.upcast({
      eventId: event.id,
      type: event.type,
      data: event.data,
      schemaVersion: schemaVersion ?? 1,
      streamId: event.streamId,
      revision: Number(event.revision),
      position: positionOf(event),
      recordedAt: event.created.toISOString(),
      metadata: metadata as EventMetadata,
    });
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event store is closed');
  }
}

/**
 * Native catch-up subscription delivered in batches: the first event is awaited, then whatever the stream has
 * already buffered (up to batchSize) joins the batch. The handler is awaited before reading on, and the readable
 * stream's buffer limit pushes back on the server meanwhile.
 */
class EventStoreDbSubscription implements Subscription {
  private acknowledgedPosition: number;
  private stopRequested = false;
  private readonly finished: Promise<void>;

  constructor(
    private readonly native: AllStreamSubscription,
    fromPosition: number,
    private readonly toRecordedEvent: (event: EsdbRecordedEvent) => RecordedEvent,
    private readonly handler: (events: RecordedEvent[]) => Promise<void>,
    private readonly options: SubscribeOptions,
    private readonly onFinished: (subscription: EventStoreDbSubscription) => void,
  ) {
    this.acknowledgedPosition = fromPosition;
    this.finished = this.run();
  }

  get position(): number {
    return this.acknowledgedPosition;
  }

  async stop(): Promise<void> {
    this.stopRequested = true;
    await this.native.unsubscribe().catch(() => undefined);
    await this.finished;
  }

  private async run(): Promise<void> {
    await Promise.resolve();
    const batchSize = this.options.batchSize ?? DEFAULT_SUBSCRIPTION_BATCH_SIZE;
    const iterator = this.native[Symbol.asyncIterator]();
    try {
      while (!this.stopRequested) {
        const first = await iterator.next();
        if (first.done) {
          if (!this.stopRequested) this.report(new Error('EventStoreDB ended the $all subscription'));
          return;
        }
        const batch: RecordedEvent[] = [];
        let lastDelivered = this.acknowledgedPosition;
        const collect = (event: EsdbRecordedEvent | undefined) => {
          if (!event || isSystemEvent(event.type)) return;
          const recorded = this.toRecordedEvent(event);
          // The start position is inclusive on some servers; never deliver an event twice.
          if (recorded.position <= lastDelivered) return;
          lastDelivered = recorded.position;
          batch.push(recorded);
        };
        collect(first.value.event);
        while (batch.length < batchSize && this.native.readableLength > 0) {
          const next = await iterator.next();
          if (next.done) break;
          collect(next.value.event);
        }
        if (this.stopRequested) return;
        if (batch.length === 0) continue;
        try {
          await this.handler(batch);
        } catch (error) {
          this.report(error);
          return;
        }
        this.acknowledgedPosition = batch[batch.length - 1].position;
      }
    } catch (error) {
      if (!this.stopRequested) this.report(error);
    } finally {
      await this.native.unsubscribe().catch(() => undefined);
      this.onFinished(this);
    }
  }

  private report(error: unknown): void {
    if (this.options.onError) {
      this.options.onError(error);
      return;
    }
    // eslint-disable-next-line no-console
    console.error('EventStoreDB subscription stopped after an error:', error);
  }
}
