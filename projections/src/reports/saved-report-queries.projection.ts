import {
  ReportKind,
  SAVED_REPORT_QUERY_EVENT_TYPES,
  SavedReportQueryEvent,
  SavedReportQueryEvents,
} from '@cans/domain/reports/saved-report-query.events';
import type { Document } from '@cans/storage/read-store/read-store.port';
import { defineEventProjection } from '../engine/projection';

export const SAVED_REPORT_QUERIES_COLLECTION = 'saved_report_queries';

/** A saved report query as the print view and the PDF open it by its id. */
export interface SavedReportQueryDocument extends Document {
  report: ReportKind;
  query: Record<string, string>;
  comparison: Record<string, string> | null;
  savedBy: string;
  savedAt: string;
}

/** Saved report queries by id (print and PDF URLs). A query is saved once; a repeat decides no event. */
export const savedReportQueriesProjection = defineEventProjection<SavedReportQueryEvent>({
  name: 'saved-report-queries',
  version: 1,
  collections: [{ name: SAVED_REPORT_QUERIES_COLLECTION, indexes: ['report', 'savedBy'] }],
  eventTypes: SAVED_REPORT_QUERY_EVENT_TYPES,
  apply(event, view) {
    switch (event.type) {
      case SavedReportQueryEvents.Saved:
        view.upsert(SAVED_REPORT_QUERIES_COLLECTION, {
          id: event.data.queryId,
          report: event.data.report,
          query: event.data.query,
          comparison: event.data.comparison,
          savedBy: event.data.savedBy,
          savedAt: event.data.savedAt,
        } satisfies SavedReportQueryDocument);
        break;
    }
  },
});
