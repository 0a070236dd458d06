/**
 * The main thread's side of a streamed file (file-stream-protocol.ts): reads the documents the worker asks for,
 * a chunk at a time, and passes the worker's bytes to a readable stream (the HTTP answer, a mail attachment),
 * acknowledging each chunk once the stream has taken it. A failure on either side ends both.
 */
import { PassThrough, Readable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import type { FeedField } from '@cans/projections/data-feed/data-feed.queries';
import { FileDocument, FromWorker, ToWorker } from './file-stream-protocol';

export type DocumentSource = (fields?: readonly FeedField[]) => AsyncIterable<FileDocument>;

/** Serves `port` until the worker's job ends (`finished`), answering the file as a stream; `perMessage` documents a message. */
export function serveFileStream(port: MessagePort, documents: DocumentSource, finished: Promise<unknown>, perMessage: number): Readable {
  const out = new PassThrough();
  const send = (message: ToWorker) => port.postMessage(message);
  const passes = new Map<number, AsyncIterator<FileDocument>>();
  const nextChunk = async (pass: number) => {
    const iterator = passes.get(pass)!;
    const chunk: FileDocument[] = [];
    while (chunk.length < perMessage) {
      const next = await iterator.next();
      if (next.done) break;
      chunk.push(next.value);
    }
    if (chunk.length > 0) send({ type: 'documents', pass, documents: chunk });
    else {
      passes.delete(pass);
      send({ type: 'end-of-pass', pass });
    }
  };
  const stop = (error: Error) => {
    send({ type: 'abort', message: error.message });
    out.destroy(error);
  };
  port.on('message', (message: FromWorker) => {
    if (message.type === 'pass') {
      passes.set(message.pass, documents(message.fields)[Symbol.asyncIterator]());
      nextChunk(message.pass).catch(stop);
    } else if (message.type === 'next') nextChunk(message.pass).catch(stop);
    else if (out.write(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength))) send({ type: 'taken' });
    else out.once('drain', () => send({ type: 'taken' }));
  });
  // The client went away: the worker stops at its next step.
  out.once('close', () => {
    if (!out.writableFinished) send({ type: 'abort', message: 'The download was cut' });
  });
  finished.then(
    () => {
      port.close();
      out.end();
    },
    (error: unknown) => {
      port.close();
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return out;
}
