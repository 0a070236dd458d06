/**
 * Events of a saved report query's stream ("report-query-<id>"): the parameters of one report, kept under a short
 * stable id so a print view or a PDF has a URL of its own that can be shared. The id is derived from the content,
 * so the same query saved twice is the same stream.
 */
import type { EventUnion } from '../decider';

/** The four reports of spec 001, named as their GET routes are (`/api/reports/<kind>`). */
export const REPORT_KINDS = ['one-child-one-cans', 'many-children-one-cans', 'one-child-many-cans', 'many-children-many-cans'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Only Many Children One CANS has a comparison report (spec 001 §4). */
export const REPORT_KINDS_WITH_COMPARISON: readonly ReportKind[] = ['many-children-one-cans'];

export const SavedReportQueryEvents = {
  Saved: 'ReportQuerySaved',
} as const;

/** A report's parameters were saved under a short id, so its print view or PDF has a URL that can be shared. */
export interface ReportQuerySavedData {
  queryId: string;
  report: ReportKind;
  /** The query-string parameters of the report's GET route. */
  query: Record<string, string>;
  /** The comparison parameters (many-children-one-cans only), else null. */
  comparison: Record<string, string> | null;
  /** The user who saved it (the event log records who saved which query). */
  savedBy: string;
  savedAt: string;
}

export type SavedReportQueryEvent = EventUnion<{
  [SavedReportQueryEvents.Saved]: ReportQuerySavedData;
}>;

export const SAVED_REPORT_QUERY_EVENT_TYPES: readonly SavedReportQueryEvent['type'][] = Object.values(SavedReportQueryEvents);

export const savedReportQueryStreamId = (queryId: string) => `report-query-${queryId}`;
