/**
 * Event store port. Every adapter (PostgreSQL, PGlite, EventStoreDB) passes the same contract suite
 * (event-store.contract.ts). Revisions are 0-based per stream; positions are global, strictly increasing
 * and gap-safe: a reader that has seen position P never later finds a new event below P.
 */
export interface EventMetadata {
  /** Acting user id; null for system actions (seeder, migrations). */
  userId: string | null;
  correlationId: string;
  causationId: string | null;
  /** Client IP where the action came from an HTTP request; the system log shows it. */
  ip?: string | null;
  [extra: string]: unknown;
}

export interface NewEvent<TData = unknown> {
  type: string;
  data: TData;
  /** Defaults to 1. Readers always receive the latest version: older ones are upcast on read. */
  schemaVersion?: number;
  metadata: EventMetadata;
  /** Optional client-chosen id (uuid); generated when absent. */
  eventId?: string;
}

export interface RecordedEvent<TData = unknown> {
  eventId: string;
  type: string;
  data: TData;
  schemaVersion: number;
  streamId: string;
  revision: number;
  position: number;
  /** ISO-8601 UTC time the event was committed. */
  recordedAt: string;
  metadata: EventMetadata;
}

/** A revision number (the last revision the caller saw), 'no_stream' (must not exist yet) or 'any'. */
export type ExpectedRevision = number | 'no_stream' | 'any';

export interface AppendResult {
  /** Revision of the last event appended. */
  revision: number;
  /** Global position of the last event appended: what read-your-writes waits for. */
  position: number;
}

export interface ReadStreamOptions {
  fromRevision?: number;
  /** Inclusive upper bound: rebuilds an aggregate as it stood at that revision (audit views). */
  toRevision?: number;
  /** Only events recorded at or before this ISO time (audit: state at a past moment). */
  until?: string;
}

export interface Subscription {
  /** Last position delivered to and acknowledged by the handler. */
  readonly position: number;
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  batchSize?: number;
  /** Called when the handler throws; the subscription stops after reporting. */
  onError?: (error: unknown) => void;
}

export interface EventStore {
  append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /** Events of one stream in revision order; an unknown stream gives []. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Up to `limit` events with position > fromPosition, in position order. 0 reads from the start. */
  readAll(fromPosition: number, limit: number): Promise<RecordedEvent[]>;
  /** Position of the newest event, 0 when the store is empty. */
  headPosition(): Promise<number>;
  /**
   * Catch-up subscription: delivers every event after fromPosition in order, in batches, then goes live.
   * The handler's promise is awaited before the next batch, so a slow handler applies back-pressure.
   */
  subscribeToAll(fromPosition: number, handler: (events: RecordedEvent[]) => Promise<void>, options?: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

/** For the log: the HTTP answer says it plainly and names no stream or revision (api-exception.filter.ts). */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Concurrent change on stream ${streamId}: expected revision ${String(expected)}, found ${String(actual)}.`);
    this.name = 'WrongExpectedRevisionError';
  }
}
