/** Queries of the saved report queries read model (saved-report-queries.projection.ts). */
import type { ReadStore } from '@cans/storage/read-store/read-store.port';
import { SAVED_REPORT_QUERIES_COLLECTION, SavedReportQueryDocument } from './saved-report-queries.projection';

export function getSavedReportQuery(readStore: ReadStore, queryId: string): Promise<SavedReportQueryDocument | null> {
  return readStore.get<SavedReportQueryDocument>(SAVED_REPORT_QUERIES_COLLECTION, queryId);
}
