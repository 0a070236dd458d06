/**
 * What a published projection's build, its live updates and its replays share: the log read a batch at a time into
 * the projection's thread (the next batch read while the thread applies this one), and the rows' changes written to
 * the read store. The main thread only reads and writes; the fold and the analyst's code run in the thread.
 */
import type { EventStore, RecordedEvent } from '@cans/storage/event-store/event-store.port';
import type { ReadStore, WriteOperation } from '@cans/storage/read-store/read-store.port';
import { Throughput } from '@cans/projections/engine/throughput';
import type { SandboxedProjectionThread } from './sandboxed-projection-thread';
import type { RowChanges } from './sandboxed-projection-protocol';

export interface LogFoldProgress {
  position: number;
  headPosition: number;
  eventsPerSecond: number;
}

export interface LogFoldOptions {
  /** Read after this position (0: from event zero) up to `to` (the head when the fold started). */
  from: number;
  to: number;
  batchSize?: number;
  signal?: AbortSignal;
  onProgress?(progress: LogFoldProgress): void;
}

/** The fold was stopped (the app shutting down, the lease lost, the projection unpublished). */
export class LogFoldStopped extends Error {
  constructor() {
    super('Stopped before the end of the log');
    this.name = 'LogFoldStopped';
  }
}

/** Folds the log from `from` to `to` into the thread; answers the last position read and the events the view applied. */
export async function foldLogInto(
  eventStore: Pick<EventStore, 'readAll'>,
  thread: SandboxedProjectionThread,
  options: LogFoldOptions,
): Promise<{ position: number; applied: number }> {
  const batchSize = options.batchSize ?? 1000;
  const throughput = new Throughput();
  let position = options.from;
  let applied = 0;
  let next: Promise<RecordedEvent[]> | null = position < options.to ? eventStore.readAll(position, batchSize) : null;
  while (next) {
    const batch = (await next).filter((event) => event.position <= options.to);
    if (batch.length === 0) break;
    position = batch[batch.length - 1].position;
    next = position < options.to ? eventStore.readAll(position, batchSize) : null;
    next?.catch(() => undefined);
    if (options.signal?.aborted) throw new LogFoldStopped();
    applied += await thread.apply(batch);
    throughput.record(batch.length);
    options.onProgress?.({ position, headPosition: options.to, eventsPerSecond: throughput.eventsPerSecond() });
  }
  return { position, applied };
}

/** Operations per write: one transaction stays small, and live reads go on between them. */
const WRITE_CHUNK = 1000;

/** Writes the rows' changes into the collections they belong to (short name → read-store collection). */
export async function writeRowChanges(readStore: ReadStore, physical: Record<string, string>, changes: RowChanges): Promise<void> {
  const operations: WriteOperation[] = [];
  for (const [name, { upserts, deletes }] of Object.entries(changes)) {
    const collection = physical[name];
    if (!collection) continue;
    for (const row of upserts) operations.push({ kind: 'upsert', collection, document: row });
    for (const id of deletes) operations.push({ kind: 'delete', collection, id });
  }
  for (let at = 0; at < operations.length; at += WRITE_CHUNK) await readStore.apply(operations.slice(at, at + WRITE_CHUNK));
}
