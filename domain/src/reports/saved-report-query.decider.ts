/**
 * A saved report query: the parameters of one report under a content-derived id (the handler computes it), so
 * saving the same query again is the same stream and decides nothing. Queries are never changed or deleted: a print
 * or PDF URL handed to a colleague keeps working.
 */
import type { Decider } from '../decider';
import { DomainRuleViolation } from '../domain-errors';
import {
  REPORT_KINDS,
  REPORT_KINDS_WITH_COMPARISON,
  ReportQuerySavedData,
  SAVED_REPORT_QUERY_EVENT_TYPES,
  SavedReportQueryEvent,
  SavedReportQueryEvents,
} from './saved-report-query.events';

export interface SavedReportQueryState {
  /** The query as first saved; null while the stream is empty. */
  saved: ReportQuerySavedData | null;
}

/** Saving records exactly what the command carries. */
export interface SaveReportQuery extends ReportQuerySavedData {
  type: 'SaveReportQuery';
}

export type SavedReportQueryCommand = SaveReportQuery;

export const UNKNOWN_REPORT_KIND = `must be one of ${REPORT_KINDS.join(', ')}`;
export const COMPARISON_NOT_ALLOWED = 'only Many Children One CANS has a comparison report';
export const SAVED_REPORT_QUERY_NOT_FOUND = 'The saved report query does not exist.';

export const savedReportQueryDecider: Decider<SavedReportQueryState, SavedReportQueryCommand, SavedReportQueryEvent> = {
  initialState: { saved: null },
  eventTypes: SAVED_REPORT_QUERY_EVENT_TYPES,

  decide(command, state) {
    // The id is the query's content: a repeat is the same query, already saved (idempotent).
    if (state.saved) return [];
    const { queryId, report, query, comparison, savedBy, savedAt } = command;
    if (!REPORT_KINDS.includes(report))
      throw new DomainRuleViolation('Please correct the highlighted fields.', { report: [UNKNOWN_REPORT_KIND] });
    if (comparison && !REPORT_KINDS_WITH_COMPARISON.includes(report))
      throw new DomainRuleViolation('Please correct the highlighted fields.', { comparison: [COMPARISON_NOT_ALLOWED] });
    return [{ type: SavedReportQueryEvents.Saved, data: { queryId, report, query, comparison, savedBy, savedAt } }];
  },

  evolve(state, event) {
    switch (event.type) {
      case SavedReportQueryEvents.Saved:
        return { saved: event.data };
    }
  },
};
