/**
 * How a file written in a worker thread (an XLSX export, a monthly zip) reaches the HTTP answer while the documents
 * it is made of are read on the main thread (the stores live there; PGlite cannot be opened twice). One MessagePort,
 * both ways pulled, so neither side runs ahead: the worker asks for the next chunk of documents when it has written
 * the last one, and waits for each chunk of bytes it sends to be taken by the answer (the client's pace).
 */
import type { FeedAssessmentDocument, FeedField } from '@cans/projections/data-feed/data-feed.queries';
import type { RecordedEvent } from '@cans/storage/event-store/event-store.port';

/**
 * The XLSX export and the monthly zip are made of feed documents; the analyst's view as CSV or Parquet of the stored
 * events, which the worker folds into the view itself.
 */
export type FileKind = 'xlsx' | 'zip' | 'analyst-csv' | 'analyst-parquet';
export type FileDocument = FeedAssessmentDocument | RecordedEvent;

/** What the analyst's files need besides the events: the pseudonym key and the range of recorded times. */
export interface AnalystFileRange {
  key: Uint8Array;
  fromIso: string;
  toIso: string;
}

/** Worker → main. */
export type FromWorker =
  /** Start a pass over the documents with these fields (a table of the file), or the next chunk of pass `pass`. */
  | { type: 'pass'; pass: number; fields?: readonly FeedField[] }
  | { type: 'next'; pass: number }
  /** Bytes of the file; the worker waits for 'taken' before it sends more. */
  | { type: 'bytes'; bytes: Uint8Array };

/** Main → worker. */
export type ToWorker =
  | { type: 'documents'; pass: number; documents: FileDocument[] }
  | { type: 'end-of-pass'; pass: number }
  | { type: 'taken' }
  /** The main thread's read failed, or the client went away: stop. */
  | { type: 'abort'; message: string };

/** Documents sent per message: small enough to keep each message's copy short on the main thread. */
export const DOCUMENTS_PER_MESSAGE = 100;
/** Stored events are much smaller than feed documents: more per message. */
export const EVENTS_PER_MESSAGE = 1_000;
