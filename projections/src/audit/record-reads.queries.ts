/** Queries of the record reads read model (record-reads.projection.ts): who read which child's record, when. */
import type { ReadStore } from '@cans/storage/read-store/read-store.port';

export const ASSESSMENT_READS_COLLECTION = 'assessment_reads';

/** One read of one assessment: an AssessmentRecordsRead event gives one per assessment it names. */
export interface AssessmentReadRow {
  /** `<eventPosition>:<assessmentId>` */
  id: string;
  assessmentId: string;
  userId: string | null;
  ip: string | null;
  /** Display text of what was read, e.g. 'CANS Summary PDF'. */
  what: string;
  /** The stable code of what was read, e.g. 'summary-pdf'. */
  whatCode: string;
  /** ISO date-time of the read. */
  at: string;
  [field: string]: unknown;
}

/** Every recorded read of the assessment, oldest first. */
export function findAssessmentReads(readStore: ReadStore, assessmentId: string): Promise<AssessmentReadRow[]> {
  return readStore.find<AssessmentReadRow>(ASSESSMENT_READS_COLLECTION, { assessmentId }, { sort: [{ field: 'at', direction: 'asc' }] });
}
