import { stringify } from 'csv-stringify/sync';
import { RFC_4180 } from '@cans/domain/csv/rfc-4180';
import { spreadsheetSafeRows } from '@cans/domain/csv/spreadsheet-safe-cell';

/**
 * A CSV download whose rows are records (one row per document of a collection), as a controller returns it: the
 * API client record limit (ApiClientRecordLimitInterceptor) cuts its rows as it cuts a list's, then
 * HttpAnswerInterceptor writes the text. Every cell goes through spreadsheetSafeCell (CSV formula injection):
 * text a spreadsheet would run as a formula gets a leading apostrophe, numbers stay numbers.
 */
export class CsvRecords {
  constructor(
    /** The resource named in Content-Range when the rows are cut (as a list of the same records would be). */
    readonly resource: string,
    readonly header: readonly string[],
    readonly rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
  ) {}

  /** The same file with fewer rows (an API client's record limit); `total` stays the number of records. */
  withRows(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): CsvRecords {
    return new CsvRecords(this.resource, this.header, rows);
  }

  /** The file's text, Windows line ends (what spreadsheet programs expect), formulas neutralised. */
  text(): string {
    return stringify(spreadsheetSafeRows([this.header, ...this.rows]), RFC_4180);
  }
}
