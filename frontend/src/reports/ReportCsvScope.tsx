/*
 * The report a group of charts belongs to, for their CSV file names: every ChartPanel inside downloads as
 * `<Report>_<chart>.csv` (e.g. Many_Children_One_CANS_Trauma_ratings_by_item.csv), the report named as in the
 * print view's tab title (spec 001 §2).
 */
import type { ReactNode } from 'react';
import { CsvFilePrefix } from '../dashboard/csv-download';

export const REPORT_FILE_NAMES: Record<string, string> = {
  'one-child-one-cans': 'One_Child_One_CANS',
  'one-child-many-cans': 'One_Child_Many_CANS',
  'many-children-one-cans': 'Many_Children_One_CANS',
  'many-children-many-cans': 'Many_Children_Many_CANS',
};

export const ReportCsvScope = ({ report, children }: { report: string; children: ReactNode }) => (
  <CsvFilePrefix.Provider value={REPORT_FILE_NAMES[report] ?? report}>{children}</CsvFilePrefix.Provider>
);
