/**
 * Writes the feed's zip as a stream: one CSV per table (feed-tables.ts) and the data dictionary. Each CSV is fed
 * from the feed documents a chunk at a time and waits for the zip to take what it wrote (backpressure), so memory
 * holds one chunk of documents and one compressed window, whatever the month's size — never the whole file.
 */
import type { Archiver } from 'archiver';
import { stringify } from 'csv-stringify/sync';
import { RFC_4180 } from '@cans/domain/csv/rfc-4180';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FeedAssessmentDocument, FeedField } from '@cans/projections/data-feed/data-feed.queries';
import { cellText, DATA_DICTIONARY_FILE, DATA_DICTIONARY_HEADER, dataDictionaryRows, FEED_TABLES } from './feed-tables';

/**
 * One pass over the feed's documents (each table reads them again: documents are not kept between files); with
 * `fields`, only those fields are needed (feedAssessments reads just them).
 */
export type FeedDocuments = (fields?: readonly FeedField[]) => AsyncIterable<FeedAssessmentDocument>;

/**
 * Rows formatted together: a chunk per row made the zip's deflate (run on libuv's thread pool) one round trip per
 * row — 300,000 for a month of 5,000 assessments, three quarters of the time spent idle.
 */
const ROWS_PER_CHUNK = 500;

/** A CSV file's writer: rows are buffered and written as one chunk, waiting when the zip has not taken the last. */
class CsvChunks {
  private rows: string[][] = [];
  constructor(private readonly out: PassThrough) {}

  async add(row: string[]): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= ROWS_PER_CHUNK) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const text = stringify(this.rows, RFC_4180);
    this.rows = [];
    if (!this.out.write(text)) await once(this.out, 'drain');
  }
}

/** Appends one file and resolves once the zip has taken it whole (its entry written), so files go one at a time. */
async function appendCsv(archive: Archiver, name: string, header: readonly string[], fill: (csv: CsvChunks) => Promise<void>) {
  const out = new PassThrough();
  const written = once(archive, 'entry');
  archive.append(out, { name });
  const csv = new CsvChunks(out);
  await csv.add([...header]);
  await fill(csv);
  await csv.flush();
  out.end();
  await written;
}

/** Starts a zip stream; the files are written while the caller reads it. Errors destroy the stream. */
export async function feedZip(documents: FeedDocuments): Promise<Archiver> {
  // archiver loads with the first feed: with its streams it costs every start (and every test app) a third of a second.
  const { default: archiver } = await import('archiver');
  const archive = archiver('zip', { zlib: { level: 6 } });
  const run = async () => {
    for (const table of FEED_TABLES) {
      await appendCsv(
        archive,
        table.file,
        table.columns.map((c) => c.name),
        async (csv) => {
          for await (const doc of documents(table.reads))
            for (const row of table.rowsOf(doc)) await csv.add(table.columns.map((c) => cellText(c.value(row))));
        },
      );
    }
    await appendCsv(archive, DATA_DICTIONARY_FILE, DATA_DICTIONARY_HEADER, async (csv) => {
      for (const row of dataDictionaryRows()) await csv.add(row);
    });
    await archive.finalize();
  };
  run().catch((error: unknown) => archive.destroy(error instanceof Error ? error : new Error(String(error))));
  return archive;
}
