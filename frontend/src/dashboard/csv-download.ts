/*
 * A chart's table as a CSV file (issue 13 "Every report table also downloads as CSV"). csv-stringify does the
 * quoting; the byte order mark makes spreadsheet programs read the file as UTF-8; text cells that a spreadsheet would
 * run as a formula (a question or agency name typed as `=HYPERLINK(...)`) get a leading apostrophe, as in every CSV
 * the server hands out (spreadsheetSafeCell); numbers stay numbers.
 */
import { createContext } from 'react';
import { stringify } from 'csv-stringify/browser/esm/sync';
import { spreadsheetSafeRows } from '@cans/domain/csv/spreadsheet-safe-cell';
import { saveBlob } from '../shared/download';

export interface CsvTable {
  /** The chart's part of the file name (the report's part comes from CsvFilePrefix). */
  fileName: string;
  header: string[];
  rows: Array<Array<string | number>>;
}

/** The report a chart belongs to, as the start of its CSV file names (e.g. Many_Children_One_CANS). */
export const CsvFilePrefix = createContext('');

/** Letters, digits, - and _ only: a name every file system accepts. */
const safe = (part: string): string =>
  part
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '');

export const csvFileName = (prefix: string, fileName: string): string => `${[prefix, fileName].map(safe).filter(Boolean).join('_')}.csv`;

export const csvText = (table: Pick<CsvTable, 'header' | 'rows'>): string =>
  stringify(spreadsheetSafeRows([table.header, ...table.rows]), { bom: true });

export function downloadCsv(table: CsvTable, prefix: string): void {
  saveBlob(new Blob([csvText(table)], { type: 'text/csv;charset=utf-8' }), csvFileName(prefix, table.fileName));
}
