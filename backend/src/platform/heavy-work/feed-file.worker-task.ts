/**
 * The worker's side of a streamed file (file-stream-protocol.ts): the XLSX export's workbook or the monthly feed's zip
 * (feed-xlsx.ts, feed-zip.ts), or the analyst's view as Parquet (analyst-events-parquet.ts), over documents pulled from
 * the main thread, its bytes sent back as they are made.
 */
import { once } from 'node:events';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MessagePort } from 'node:worker_threads';
import type { FeedAssessmentDocument, FeedField } from '@cans/projections/data-feed/data-feed.queries';
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';
import { analystEventsCsv, analystViewInRange } from '../../analytics/workbench/analyst-events-export';
import { analystEventsParquet } from '../../analytics/workbench/analyst-events-parquet';
import { writeFeedWorkbook } from '../../data-feed/export/feed-xlsx';
import { feedZip } from '../../data-feed/feed-zip';
import type { AnalystFileRange, FileDocument, FileKind, FromWorker, ToWorker } from './file-stream-protocol';

export interface FeedFileTask {
  kind: 'feed-file';
  file: FileKind;
  port: MessagePort;
  /** The analyst's files: the key of the pseudonyms and the range of recorded times. */
  analystView?: AnalystFileRange;
}

export async function writeFeedFile({ file, port, analystView }: FeedFileTask): Promise<void> {
  // Two mailboxes: the documents of a pass and the acknowledgements of bytes arrive interleaved, each awaited by
  // its own side (the writer may wait for 'taken' while the reader waits for documents).
  const passes = new Mailbox<Extract<ToWorker, { type: 'documents' | 'end-of-pass' }>>();
  const taken = new Mailbox<Extract<ToWorker, { type: 'taken' }>>();
  port.on('message', (message: ToWorker) => {
    if (message.type === 'abort') {
      passes.fail(new Error(message.message));
      taken.fail(new Error(message.message));
    } else if (message.type === 'taken') taken.put(message);
    else passes.put(message);
  });
  const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

  let passCount = 0;
  // The file's kind says what its documents are (the protocol carries either).
  const documents = <T extends FileDocument = FeedAssessmentDocument>(fields?: readonly FeedField[]): AsyncIterable<T> => ({
    async *[Symbol.asyncIterator]() {
      const pass = ++passCount;
      send({ type: 'pass', pass, fields });
      for (;;) {
        const message = await passes.take();
        if (message.type === 'end-of-pass') return;
        yield* message.documents as T[];
        send({ type: 'next', pass });
      }
    },
  });
  const target = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const bytes = new Uint8Array(chunk.byteLength);
      bytes.set(chunk);
      send({ type: 'bytes', bytes }, [bytes.buffer]);
      taken.take().then(
        () => done(),
        (error: Error) => done(error),
      );
    },
  });
  try {
    if (file === 'xlsx') {
      await writeFeedWorkbook(documents, target);
      if (!target.writableFinished) await once(target, 'finish');
    } else if (file === 'zip') await pipeline(await feedZip(documents), target);
    else {
      const { key, fromIso, toIso } = analystView!;
      const view = analystViewInRange(documents<RecordedEvent>(), Buffer.from(key), fromIso, toIso);
      await pipeline(file === 'analyst-csv' ? analystEventsCsv(view) : Readable.from(analystEventsParquet(view)), target);
    }
  } finally {
    port.close();
  }
}

/** Messages of one kind, awaited one at a time; a failure rejects the waiting and every later take. */
class Mailbox<T> {
  private readonly queue: T[] = [];
  private waiter: { resolve(value: T): void; reject(error: Error): void } | null = null;
  private failure: Error | null = null;

  put(message: T): void {
    if (this.waiter) {
      const waiter = this.waiter;
      this.waiter = null;
      waiter.resolve(message);
    } else this.queue.push(message);
  }

  fail(error: Error): void {
    this.failure = error;
    this.waiter?.reject(error);
    this.waiter = null;
  }

  take(): Promise<T> {
    if (this.queue.length > 0) return Promise.resolve(this.queue.shift()!);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }
}
