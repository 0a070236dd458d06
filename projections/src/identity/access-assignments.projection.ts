import {
  ACCESS_ASSIGNMENT_EVENT_TYPES,
  AccessAssignmentEvent,
  AccessAssignmentEvents,
} from '@cans/domain/identity/access-assignment.events';
import { defineEventProjection } from '../engine/projection';

export const ACCESS_ASSIGNMENTS_COLLECTION = 'identity_access_assignments';

export interface AccessAssignmentDocument {
  id: string;
  ownerId: string;
  delegateId: string;
  startsOn: string;
  endsOn: string;
  createdAt: string;
  [field: string]: unknown;
}

/** Live temporary access assignments (Assign Access); the row-access policy reads them by delegate. */
export const accessAssignmentsProjection = defineEventProjection<AccessAssignmentEvent>({
  name: 'identity-access-assignments',
  version: 1,
  collections: [{ name: ACCESS_ASSIGNMENTS_COLLECTION, indexes: ['ownerId', 'delegateId', 'endsOn'] }],
  eventTypes: ACCESS_ASSIGNMENT_EVENT_TYPES,
  apply(event, view) {
    switch (event.type) {
      case AccessAssignmentEvents.Assigned: {
        const data = event.data;
        view.upsert(ACCESS_ASSIGNMENTS_COLLECTION, {
          id: data.assignmentId,
          ownerId: data.ownerId,
          delegateId: data.delegateId,
          startsOn: data.startsOn,
          endsOn: data.endsOn,
          createdAt: event.recordedAt,
        } satisfies AccessAssignmentDocument);
        break;
      }
      case AccessAssignmentEvents.Revoked:
        view.delete(ACCESS_ASSIGNMENTS_COLLECTION, event.data.assignmentId);
        break;
    }
  },
});
