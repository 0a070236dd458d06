import { stringify } from 'csv-stringify/sync';
import { spreadsheetSafeCell } from '@cans/domain/csv/spreadsheet-safe-cell';
import type { AssessmentHistory } from './assessment-history.types';

export const HISTORY_CSV_COLUMNS = ['Time', 'User', 'Group', 'Kind', 'Change', 'Field', 'Before', 'After', 'Revision', 'Library version'];

/** Named by the assessment id only: never the child's PID or name (file names end up in download folders and logs). */
export function historyCsvFileName(assessmentId: string): string {
  return `cans-history-${assessmentId.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 64)}.csv`;
}

/** One row per field change; an entry without changes gives one row with empty Field / Before / After. */
export function historyCsv(history: AssessmentHistory): string {
  const rows: string[][] = [HISTORY_CSV_COLUMNS];
  for (const session of history.sessions) {
    for (const entry of session.entries) {
      const common = [entry.at, entry.userName, entry.groupName ?? '', entry.kind, entry.sentence];
      const tail = [entry.revision === null ? '' : String(entry.revision), entry.libraryVersion ?? ''];
      const changes = entry.changes.length > 0 ? entry.changes : [null];
      for (const change of changes) {
        const row = change ? [...common, change.label, change.before ?? '', change.after ?? '', ...tail] : [...common, '', '', '', ...tail];
        // A cell a spreadsheet would run as a formula is prefixed with an apostrophe (CSV injection).
        rows.push(row.map(spreadsheetSafeCell));
      }
    }
  }
  return stringify(rows);
}
