/**
 * The analyst's view of the events for a range of days as Parquet (issue 30 item 8): the CSV's rows and columns
 * (analyst-events-export.ts), typed — numbers as DOUBLE, the rest as UTF-8 strings, every column nullable — for
 * DuckDB, R (arrow) or Python (pandas, polars) to read without parsing text. Encoded (columns, dictionaries, Snappy)
 * in a heavy-work thread (feed-file.worker-task.ts) with hyparquet-writer, a row group at a time (ROW_GROUP events):
 * each group's bytes go to the answer as soon as they are made, and the next stored events are pulled from the main
 * thread only when the client has taken them, so neither the file nor the range is ever held whole.
 */
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import type { AnalystEvent } from '@cans/projections/analytics/analyst-view/analyst-event-types';
import { ANALYST_EXPORT_COLUMN_TYPES, analystEventCells } from './analyst-events-export';

/** Events per row group: a few MB of columns in memory at a time. */
export const ROW_GROUP = 10_000;

/** The file's schema: a root, then one optional column per field of the view. */
const SCHEMA = [
  { name: 'root', num_children: ANALYST_EXPORT_COLUMN_TYPES.size },
  ...[...ANALYST_EXPORT_COLUMN_TYPES].map(([name, type]) =>
    type === 'number'
      ? { name, type: 'DOUBLE' as const, repetition_type: 'OPTIONAL' as const }
      : { name, type: 'BYTE_ARRAY' as const, converted_type: 'UTF8' as const, repetition_type: 'OPTIONAL' as const },
  ),
];

/** The Parquet file of the events, in chunks of bytes as each row group is encoded. */
export async function* analystEventsParquet(events: AsyncIterable<AnalystEvent>): AsyncGenerator<Uint8Array> {
  const bytes = new ByteWriter();
  const made: Uint8Array[] = [];
  // What the writer has encoded is handed over (a copy: the writer reuses its buffer) and the buffer reset; its
  // `offset` keeps counting, so the footer's offsets stay right.
  const handOver = () => {
    if (bytes.index > 0) made.push(new Uint8Array(bytes.buffer.slice(0, bytes.index)));
    bytes.index = 0;
  };
  const writer = Object.assign(bytes, { flush: handOver, finish: handOver });
  const parquet = new ParquetWriter({ writer, schema: SCHEMA, createdBy: 'CANS analyst view' });
  let group: AnalystEvent[] = [];
  const writeGroup = async () => {
    if (group.length === 0) return;
    await parquet.write({ columnData: columnsOf(group), rowGroupSize: group.length });
    group = [];
  };
  for await (const event of events) {
    group.push(event);
    if (group.length < ROW_GROUP) continue;
    await writeGroup();
    yield* made.splice(0);
  }
  await writeGroup();
  await parquet.finish();
  yield* made.splice(0);
}

function columnsOf(group: readonly AnalystEvent[]) {
  const cells = group.map(analystEventCells);
  return [...ANALYST_EXPORT_COLUMN_TYPES].map(([name, type]) => ({
    name,
    data: cells.map((row) => {
      const value = row[name] ?? null;
      return type === 'number' && typeof value === 'string' ? Number(value) : value;
    }),
  }));
}
