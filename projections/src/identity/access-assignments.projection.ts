import {
  AccessAssignmentEvents,
  TemporaryAccessAssignedData,
  TemporaryAccessRevokedData,
} from '../../../backend/src/identity/account/access-assignment.events';
import { defineProjection } from '../engine/projection';

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
export const accessAssignmentsProjection = defineProjection({
  name: 'identity-access-assignments',
  version: 1,
  collections: [{ name: ACCESS_ASSIGNMENTS_COLLECTION, indexes: ['ownerId', 'delegateId', 'endsOn'] }],
  eventTypes: Object.values(AccessAssignmentEvents),
  apply(event, view) {
    switch (event.type) {
      case AccessAssignmentEvents.Assigned: {
        const data = event.data as TemporaryAccessAssignedData;
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
        view.delete(ACCESS_ASSIGNMENTS_COLLECTION, (event.data as TemporaryAccessRevokedData).assignmentId);
        break;
    }
  },
});
