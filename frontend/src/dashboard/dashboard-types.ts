/* The home dashboard's API answers (backend/src/assessments/statistics/). */

/** GET /assessment-counts/months: the last 12 months, oldest first. */
export interface MonthlyAssessmentCounts {
  months: string[];
  totals: number[];
  types: { id: string; name: string; counts: number[] }[];
}

export type CaseloadColumn = 'children' | 'inProgress' | 'pendingApproval' | 'completed' | 'dueSoon' | 'followUp' | 'overdue';

export type WorkerCaseload = { id: string; name: string; filters: Record<CaseloadColumn, Record<string, unknown>> } & Record<
  CaseloadColumn,
  number
>;

/** GET /assessment-counts/supervisees. */
export interface SupervisorCaseloads {
  today: string;
  dueUntil: string;
  /** Days after its due date from which a next assessment is overdue (before that, Follow up). */
  overdueAfterDays: number;
  workers: WorkerCaseload[];
}

/** 'yyyy-MM' → "Aug 2025" (the month as shown on axes and in tables). */
export const monthLabel = (month: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The assessment list of one month of date of assessment (the list's `date` preset, spec 001 §2). */
export const monthListPath = (month: string): string => `/assessment/list?date=${month}`;

/** The assessment list with a filter (react-admin's `filter` query parameter). */
export const filteredListPath = (filter: Record<string, unknown>): string =>
  `/assessment/list?filter=${encodeURIComponent(JSON.stringify(filter))}`;
