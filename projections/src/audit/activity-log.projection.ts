import { defineProjection } from '../engine/projection';

export const ACTIVITY_LOG_COLLECTION = 'activity_log';

/**
 * One row per event: who did what, when, from which IP, to which stream. The system log screen and an
 * assessment's history read it; the event store remains the source of truth.
 */
export const activityLogProjection = defineProjection({
  name: 'activity-log',
  version: 1,
  collections: [{ name: ACTIVITY_LOG_COLLECTION, indexes: ['position', 'type', 'streamId', 'userId', 'recordedAt'] }],
  apply(event, view) {
    view.upsert(ACTIVITY_LOG_COLLECTION, {
      id: String(event.position),
      position: event.position,
      type: event.type,
      streamId: event.streamId,
      revision: event.revision,
      userId: event.metadata.userId,
      ip: event.metadata.ip ?? null,
      correlationId: event.metadata.correlationId,
      recordedAt: event.recordedAt,
    });
  },
});
