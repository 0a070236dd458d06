import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError } from '@cans/domain/domain-errors';
import { SAVED_REPORT_QUERY_NOT_FOUND, savedReportQueryDecider } from '@cans/domain/reports/saved-report-query.decider';
import { ReportQuerySavedData, savedReportQueryStreamId } from '@cans/domain/reports/saved-report-query.events';
import { getSavedReportQuery } from '@cans/projections/reports/saved-report-queries.queries';
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { EventSourcedCommandHandler } from '../../platform/commands/command-handler';
import { READ_STORE } from '../../platform/storage/storage-tokens';
import { SAVED_REPORT_QUERY_ID } from './saved-report-query-id';

/** A saved report query as the print view and the PDF open it. */
export interface SavedReportQuery extends Omit<ReportQuerySavedData, 'queryId'> {
  id: string;
}

/**
 * Opens saved report queries by id. Opening one grants nothing: the report is then computed with the viewer's own
 * row access, exactly like the report routes.
 */
@Injectable()
export class SavedReportQueryService {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly streams: EventSourcedCommandHandler,
  ) {}

  /** The saved query; NotFoundError (404) when no query has this id. */
  async get(id: string): Promise<SavedReportQuery> {
    if (!SAVED_REPORT_QUERY_ID.test(id)) throw new NotFoundError(SAVED_REPORT_QUERY_NOT_FOUND);
    const document = await getSavedReportQuery(this.readStore, id);
    if (document) {
      const { report, query, comparison, savedBy, savedAt } = document;
      return { id, report, query, comparison, savedBy, savedAt };
    }
    // Print tabs and PDF downloads open right after the save, often without X-Wait-For-Position (a new tab): when
    // the read model has not caught up yet, the query's own one-event stream answers.
    const { state } = await this.streams.load(savedReportQueryStreamId(id), savedReportQueryDecider);
    if (!state.saved) throw new NotFoundError(SAVED_REPORT_QUERY_NOT_FOUND);
    const { report, query, comparison, savedBy, savedAt } = state.saved;
    return { id, report, query, comparison, savedBy, savedAt };
  }
}
