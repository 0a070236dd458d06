/*
 * Saved report queries on the wire (docs/api.md "Reports"; backend/src/reports/saved-queries/): a report's GET
 * parameters kept under a short stable id, which the print view (/report/print/:id) and the PDF are opened by.
 */
import { formatTitleStamp } from '../../shared/format';

/** The four reports, named as their GET routes are (`/api/reports/<kind>`); domain/src/reports REPORT_KINDS. */
export type ReportKind = 'one-child-one-cans' | 'many-children-one-cans' | 'one-child-many-cans' | 'many-children-many-cans';

/** What the report step saves: exactly the query-string parameters of the report's GET route (and its comparison). */
export interface ReportQueryRequest {
  report: ReportKind;
  query: Record<string, string>;
  comparison?: Record<string, string> | null;
}

/** POST /api/reports/saved-queries. */
export interface SavedQueryAnswer {
  id: string;
  report: ReportKind;
  printPath: string;
  pdfPath: string;
}

/** GET /api/reports/saved-queries/:id. */
export interface SavedReportQuery {
  id: string;
  report: ReportKind;
  query: Record<string, string>;
  comparison: Record<string, string> | null;
  savedAt: string;
}

export const savedQueryPath = (id: string) => `/reports/saved-queries/${encodeURIComponent(id)}`;

/** The report's GET path (relative to /api) for its parameters; the screen and the print view read the same one. */
export const reportApiPath = (report: ReportKind, query: Record<string, string>): string => {
  const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== ''));
  const text = params.toString();
  return text ? `/reports/${report}?${text}` : `/reports/${report}`;
};

/** Comma-joined lists, empty ones left out (none chosen means all, as on the report routes). */
export const joinedParams = (lists: Record<string, string[]>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(lists)
      .filter(([, ids]) => ids.length > 0)
      .map(([name, ids]) => [name, ids.join(',')]),
  );

const TITLE_PREFIX: Record<ReportKind, string> = {
  'one-child-one-cans': 'One_Child_One_CANS',
  'one-child-many-cans': 'One_Child_Many_CANS',
  'many-children-one-cans': 'Many_Children_One_CANS',
  'many-children-many-cans': 'Many_Children_Many_CANS',
};

/** The print tab's title (spec 001 §2 "Browser tab titles"): the one-child reports carry the child's PID; stamped to the second. */
export const printTitle = (report: ReportKind, cin: string | null, at: Date): string =>
  [TITLE_PREFIX[report], ...(report.startsWith('one-child') ? [cin ?? ''] : []), formatTitleStamp(at, { seconds: true })].join('_');

export const isOneChildReport = (report: ReportKind): boolean => report === 'one-child-one-cans' || report === 'one-child-many-cans';
