/**
 * What a published projection's build, its live updates and its replays share: the log read a batch at a time into
 * the projection's thread (the next batch read while the thread applies this one), and the rows' changes written to
 * the read store. The main thread only reads and writes; the fold and the analyst's code run in the thread.
 */
import type { EventStore } from '@cans/storage/event-store/event-store.port';
import { readAllPages } from '@cans/storage/event-store/read-all-pages';
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
  const throughput = new Throughput();
  let position = options.from;
  let applied = 0;
  for await (const batch of readAllPages(eventStore, { from: options.from, to: options.to, pageSize: options.batchSize })) {
    if (options.signal?.aborted) throw new LogFoldStopped();
    position = batch[batch.length - 1].position;
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
