import { RECORD_READ_EVENT_TYPES, RecordReadEvent, RecordReadEvents, recordReadDisplayName } from '@cans/domain/audit/record-reads.events';
import { normaliseIp } from '@cans/domain/identity/ip-address';
import { defineEventProjection } from '../engine/projection';
import { ASSESSMENT_READS_COLLECTION, AssessmentReadRow } from './record-reads.queries';

export { ASSESSMENT_READS_COLLECTION, type AssessmentReadRow } from './record-reads.queries';

/**
 * Who read which child's record, when, from where and what (issue 16 "Who saw"): one document per read event and
 * assessment it names, for the assessment's history ("Viewed by …"). Reads are only ever added.
 */
export const recordReadsProjection = defineEventProjection<RecordReadEvent>({
  name: 'record-reads',
  version: 1,
  collections: [{ name: ASSESSMENT_READS_COLLECTION, indexes: ['assessmentId', 'at'] }],
  eventTypes: RECORD_READ_EVENT_TYPES,
  apply(event, view) {
    switch (event.type) {
      case RecordReadEvents.AssessmentRecordsRead: {
        const { assessmentIds, what, readAt } = event.data;
        const userId = event.metadata.userId ?? null;
        const ip = normaliseIp(event.metadata.ip) ?? event.metadata.ip ?? null;
        for (const assessmentId of new Set(assessmentIds)) {
          const row: AssessmentReadRow = {
            id: `${event.position}:${assessmentId}`,
            assessmentId,
            userId,
            ip,
            what: recordReadDisplayName(what),
            whatCode: what,
            at: readAt,
          };
          view.upsert(ASSESSMENT_READS_COLLECTION, row);
        }
        break;
      }
    }
  },
});
