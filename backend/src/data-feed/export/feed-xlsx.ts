/**
 * Writes the export's workbook as a stream with exceljs's streaming writer: one sheet per table of feed-tables.ts
 * (the same columns, in the same order, as the monthly CSVs) and the data dictionary sheet. Each sheet's header row
 * is frozen; dates and timestamps are real Excel dates (UTC, as stored), numbers and booleans typed. Rows are
 * committed as they are written and each sheet is finished before the next starts, so memory holds one chunk of
 * feed documents and the zip's window, and the writer waits whenever the target stream asks it to (backpressure).
 */
import type * as ExcelJS from 'exceljs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { Cell, DATA_DICTIONARY_HEADER, dataDictionaryRows, FEED_TABLES, FeedColumnType } from '../feed-tables';
import type { FeedDocuments } from '../feed-zip';

/** The data dictionary's sheet; the tables' sheets are named after their CSV file without ".csv". */
export const DATA_DICTIONARY_SHEET = 'data-dictionary';
export const sheetNameOf = (file: string): string => file.replace(/\.csv$/, '');

const DATE_FORMATS: Partial<Record<FeedColumnType, string>> = { date: 'yyyy-mm-dd', timestamp: 'yyyy-mm-dd hh:mm:ss' };

/** A cell's value as Excel holds it: dates as dates, whole numbers and booleans as such, ratings 0-4 as numbers. */
function excelValue(type: FeedColumnType, value: Cell): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (type) {
    case 'date':
      // yyyy-MM-dd: midnight UTC of that day (Excel dates have no zone; exceljs converts in UTC).
      return new Date(`${String(value)}T00:00:00.000Z`);
    case 'timestamp':
      return new Date(String(value));
    case 'integer':
      return typeof value === 'number' ? value : Number(value);
    case 'boolean':
      return typeof value === 'boolean' ? value : value === 'true';
    case 'rating':
      return value === 'NA' ? 'NA' : Number(value);
    default:
      return String(value);
  }
}

/** Waits while the target holds more than its high-water mark, so a slow reader slows the writer down. */
async function drained(target: Writable): Promise<void> {
  if (target.writableNeedDrain && !target.destroyed) await once(target, 'drain');
}

/** Header row, bold and frozen (the view is given when the sheet is added: it is written before the first row). */
function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, header: readonly string[]): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = header.map((title) => ({ width: Math.max(12, Math.min(40, title.length + 2)) }));
  const row = sheet.addRow([...header]);
  row.font = { bold: true };
  row.commit();
  return sheet;
}

/** Writes the whole workbook into `target` and resolves when it is finished (the target is ended by the writer). */
export async function writeFeedWorkbook(documents: FeedDocuments, target: Writable): Promise<void> {
  // exceljs loads with the first export: it costs every start (and every test app) about a second.
  const { stream } = await import('exceljs');
  const workbook = new stream.xlsx.WorkbookWriter({
    stream: target,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 6 } },
  });
  for (const table of FEED_TABLES) {
    const sheet = addSheet(
      workbook,
      sheetNameOf(table.file),
      table.columns.map((c) => c.name),
    );
    let written = 0;
    for await (const doc of documents(table.reads)) {
      for (const source of table.rowsOf(doc)) {
        const row = sheet.addRow(table.columns.map((c) => excelValue(c.type, c.value(source))));
        table.columns.forEach((c, i) => {
          const format = DATE_FORMATS[c.type];
          if (format) row.getCell(i + 1).numFmt = format;
        });
        row.commit();
      }
      if (++written % 50 === 0) await drained(target);
    }
    sheet.commit();
  }
  const dictionary = addSheet(workbook, DATA_DICTIONARY_SHEET, DATA_DICTIONARY_HEADER);
  for (const row of dataDictionaryRows()) dictionary.addRow(row).commit();
  dictionary.commit();
  await workbook.commit();
}
