/**
 * The analyst's view of the events as a file for a range of days (issue 30 item 8), for R, Python or DuckDB: CSV
 * here, Parquet in analyst-events-parquet.ts, the same rows and columns: one row per view event recorded in the
 * range, one column per field of the view (docs/events.md "The analyst's view"); a user is two columns (`byUser`,
 * `byGroup`), a list is JSON text. Both are made in a heavy-work thread (feed-file.worker-task.ts): the main thread
 * only reads the stored events from event zero as the thread asks for them (a child's pseudonym and age come from
 * earlier events), and the thread folds them into the view and writes the rows of the range, as fast as the client
 * reads.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { RFC_4180 } from '@cans/domain/csv/rfc-4180';
import { spreadsheetSafeCell } from '@cans/domain/csv/spreadsheet-safe-cell';
import {
  ANALYST_ASSESSMENT_FIELDS,
  ANALYST_COMMON_FIELDS,
  ANALYST_EVENT_TYPES,
  AnalystEvent,
  AnalystFieldType,
} from '@cans/projections/analytics/analyst-view/analyst-event-types';
import { AnalystViewFold } from '@cans/projections/analytics/analyst-view/analyst-view';
import type { EventStore, RecordedEvent } from '@cans/storage/event-store/event-store.port';
import { readAllPages } from '@cans/storage/event-store/read-all-pages';

const isActor = (type: AnalystFieldType) => type === 'Actor' || type === 'Actor | null';

/** Every column of the view once, in the order of the declarations (a user field as its two), with its type. */
export const ANALYST_EXPORT_COLUMN_TYPES: ReadonlyMap<string, 'number' | 'text'> = (() => {
  const columns = new Map<string, 'number' | 'text'>();
  const declared = [ANALYST_COMMON_FIELDS, ANALYST_ASSESSMENT_FIELDS, ...Object.values(ANALYST_EVENT_TYPES).map((type) => type.fields)];
  for (const fields of declared)
    for (const [name, field] of Object.entries(fields))
      for (const column of isActor(field.type) ? [`${name}User`, `${name}Group`] : [name])
        if (!columns.has(column)) columns.set(column, field.type === 'number' || field.type === 'number | null' ? 'number' : 'text');
  return columns;
})();

export const ANALYST_EXPORT_COLUMNS: readonly string[] = [...ANALYST_EXPORT_COLUMN_TYPES.keys()];

/** One view event's cells by column (absent: null). */
export function analystEventCells(event: AnalystEvent): Record<string, string | number | null> {
  const cells: Record<string, string | number | null> = {};
  for (const [name, value] of Object.entries(event)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const actor = value as { user: string; group: string | null };
      cells[`${name}User`] = actor.user;
      cells[`${name}Group`] = actor.group;
    } else cells[name] = Array.isArray(value) ? JSON.stringify(value) : (value as string | number | null);
  }
  return cells;
}

/** One view event as a CSV row of ANALYST_EXPORT_COLUMNS (a text that a spreadsheet would run as a formula, defused). */
export function analystEventRow(event: AnalystEvent): (string | number | null)[] {
  const cells = analystEventCells(event);
  return ANALYST_EXPORT_COLUMNS.map((column) => spreadsheetSafeCell(cells[column] ?? null));
}

/** Every stored event from event zero, in log order (a page read ahead). */
export async function* storedEventsFromZero(events: Pick<EventStore, 'readAll'>): AsyncGenerator<RecordedEvent> {
  for await (const page of readAllPages(events)) yield* page;
}

/** The view of the stored events (from event zero) recorded from `fromIso` to `toIso` (inclusive), in log order. */
export async function* analystViewInRange(
  stored: AsyncIterable<RecordedEvent>,
  key: Buffer,
  fromIso: string,
  toIso: string,
): AsyncGenerator<AnalystEvent> {
  // Events are read in log order, and their times follow it but for concurrent commits: a minute past the range's
  // end, nothing of the range can follow.
  const stopAfter = new Date(Date.parse(toIso) + 60_000).toISOString();
  const fold = new AnalystViewFold(key);
  for await (const event of stored) {
    const seen = fold.view(event);
    if (!seen) continue;
    if (seen.recordedAt > stopAfter) return;
    if (seen.recordedAt >= fromIso && seen.recordedAt <= toIso) yield seen;
  }
}

/** The CSV of view events, as a stream that reads them as it is read. */
export function analystEventsCsv(view: AsyncIterable<AnalystEvent>): Readable {
  async function* rows() {
    for await (const event of view) yield analystEventRow(event);
  }
  const csv = stringify({ ...RFC_4180, header: true, columns: [...ANALYST_EXPORT_COLUMNS] });
  const source = Readable.from(rows());
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
