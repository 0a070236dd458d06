/**
 * Backup and restore of the event log (issue 29 item 5). The event log is the system of record: every read model is
 * rebuilt from it at the next start, so a backup is the log alone.
 *
 * The file: gzip of JSON lines. A header (format, version, when, the head it covers), one line per event as stored
 * (no upcasting: position, id, stream, revision, type, schema version, data, metadata, recorded time), then a trailer
 * with the count and the SHA-256 of the event lines. A file without its trailer, or whose lines do not match it, is
 * refused before anything is written.
 *
 * Consistent while the app writes: the backup covers the log up to the head when it starts, read below the store's
 * safe head (an append still in flight under that head is waited for, never skipped).
 */
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import { PassThrough, Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { RecordedEvent } from '../event-store/event-store.port';

export const BACKUP_FORMAT = 'cans-event-log-backup';
export const BACKUP_VERSION = 1;
const BATCH = 1000;
/** How long to wait for appends in flight below the head before reading on. */
const IN_FLIGHT_WAIT_MS = 20;

/** What a store offers a backup and a restore: the SQL event stores (PostgreSQL, PGlite). */
export interface BackupCapableEventStore {
  headPosition(): Promise<number>;
  readAllAsStored(fromPosition: number, limit: number): Promise<RecordedEvent[]>;
  importEvents(events: RecordedEvent[]): Promise<void>;
}

export function isBackupCapable(store: object): store is BackupCapableEventStore {
  return 'readAllAsStored' in store && 'importEvents' in store;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The last position the backup holds (the head when it began). */
  headPosition: number;
  source: string;
}

export interface BackupTrailer {
  end: true;
  events: number;
  sha256: string;
}

export interface BackupSummary {
  events: number;
  headPosition: number;
  sha256: string;
}

/** Writes the backup of the log up to its current head to `out` (gzip of JSON lines); `out` is ended. */
export async function writeBackup(
  store: BackupCapableEventStore,
  out: Writable,
  options: { source: string; onProgress?(position: number, headPosition: number): void },
): Promise<BackupSummary> {
  const headPosition = await store.headPosition();
  const lines = new PassThrough();
  const written = pipeline(lines, createGzip({ level: 6 }), out);
  const hash = createHash('sha256');
  const put = async (line: string) => {
    if (!lines.write(`${line}\n`)) await new Promise((resolve) => lines.once('drain', resolve));
  };
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    headPosition,
    source: options.source,
  };
  await put(JSON.stringify(header));
  let position = 0;
  let events = 0;
  while (position < headPosition) {
    const batch = (await store.readAllAsStored(position, BATCH)).filter((event) => event.position <= headPosition);
    if (batch.length === 0) {
      // Below the head an append is still committing: its position is not readable yet.
      await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_WAIT_MS));
      continue;
    }
    for (const event of batch) {
      const line = JSON.stringify(storedLine(event));
      hash.update(line).update('\n');
      await put(line);
    }
    events += batch.length;
    position = batch[batch.length - 1].position;
    options.onProgress?.(position, headPosition);
  }
  const sha256 = hash.digest('hex');
  const trailer: BackupTrailer = { end: true, events, sha256 };
  await put(JSON.stringify(trailer));
  lines.end();
  await written;
  return { events, headPosition, sha256 };
}

/** Field order fixed, so the same log gives the same file lines. */
const storedLine = (event: RecordedEvent) => ({
  position: event.position,
  eventId: event.eventId,
  streamId: event.streamId,
  revision: event.revision,
  type: event.type,
  schemaVersion: event.schemaVersion,
  data: event.data,
  metadata: event.metadata,
  recordedAt: event.recordedAt,
});

export class InvalidBackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidBackupError';
  }
}

/** Reads a backup file's lines: the header, then each event, checking the trailer at the end. */
async function readBackup(
  input: () => Readable,
  onEvents: (events: RecordedEvent[]) => Promise<void>,
): Promise<{ header: BackupHeader; trailer: BackupTrailer }> {
  const lines = createInterface({ input: input().pipe(createGunzip()), crlfDelay: Infinity });
  const hash = createHash('sha256');
  let header: BackupHeader | null = null;
  let trailer: BackupTrailer | null = null;
  let batch: RecordedEvent[] = [];
  let count = 0;
  let last = 0;
  try {
    for await (const line of lines) {
      if (trailer) throw new InvalidBackupError('The backup has lines after its end.');
      const parsed = parseLine(line);
      if (!header) {
        if (parsed.format !== BACKUP_FORMAT || parsed.version !== BACKUP_VERSION)
          throw new InvalidBackupError(`Not a CANS event log backup (format ${BACKUP_FORMAT}, version ${BACKUP_VERSION}).`);
        header = parsed as unknown as BackupHeader;
        continue;
      }
      if (parsed.end === true) {
        trailer = parsed as unknown as BackupTrailer;
        continue;
      }
      const event = parsed as unknown as RecordedEvent;
      if (!Number.isInteger(event.position) || event.position <= last)
        throw new InvalidBackupError(`Event line ${count + 1}: its position does not follow the one before.`);
      last = event.position;
      hash.update(line).update('\n');
      count++;
      batch.push(event);
      if (batch.length >= BATCH) {
        await onEvents(batch);
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof InvalidBackupError) throw error;
    throw new InvalidBackupError(`The backup cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (batch.length > 0) await onEvents(batch);
  if (!header) throw new InvalidBackupError('The backup is empty.');
  if (!trailer) throw new InvalidBackupError('The backup is cut short: it has no end line (an interrupted copy?).');
  if (trailer.events !== count || trailer.sha256 !== hash.digest('hex'))
    throw new InvalidBackupError('The backup does not match its end line: it was changed or damaged.');
  return { header, trailer };
}

function parseLine(line: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed === 'object' && parsed !== null) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new InvalidBackupError('The backup holds a line that is not a JSON object.');
}

/** Checks a backup from end to end without writing anything. */
export async function verifyBackup(input: () => Readable): Promise<BackupSummary & { header: BackupHeader }> {
  const { header, trailer } = await readBackup(input, async () => undefined);
  return { header, events: trailer.events, headPosition: header.headPosition, sha256: trailer.sha256 };
}

/**
 * Restores a backup into an empty event store: the whole file is checked first (nothing is written from a damaged
 * or cut-short file), then its events are imported in order. The read models are built by the next start.
 */
export async function restoreBackup(
  store: BackupCapableEventStore,
  input: () => Readable,
  options: { onProgress?(events: number, total: number): void } = {},
): Promise<BackupSummary> {
  if ((await store.headPosition()) !== 0) throw new InvalidBackupError('The event store is not empty: restore only into an empty store.');
  const checked = await verifyBackup(input);
  let imported = 0;
  await readBackup(input, async (events) => {
    await store.importEvents(events);
    imported += events.length;
    options.onProgress?.(imported, checked.events);
  });
  return { events: imported, headPosition: checked.headPosition, sha256: checked.sha256 };
}

/** For tests and tools: a Writable collecting what is written. */
export function collectInto(chunks: Buffer[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
}
