import type { EventUnion } from '../decider';

/**
 * Assign Access (My Account, "New Assessments To"): a user lends access to the assessments created in a date
 * range to another user, e.g. while on leave. Stream "access-assignments-<ownerId>".
 */
export const AccessAssignmentEvents = {
  Assigned: 'TemporaryAccessAssigned',
  Revoked: 'TemporaryAccessRevoked',
} as const;

/** The owner lent access to their assessments created from startsOn to endsOn, and after this event, to the delegate (who may see and edit them). */
export interface TemporaryAccessAssignedData {
  assignmentId: string;
  ownerId: string;
  delegateId: string;
  /** yyyy-MM-dd, inclusive. */
  startsOn: string;
  /** yyyy-MM-dd, inclusive. */
  endsOn: string;
}

/** The owner took a temporary access assignment back: the delegate loses the access it gave. */
export interface TemporaryAccessRevokedData {
  assignmentId: string;
  ownerId: string;
  delegateId: string;
}

export type AccessAssignmentEvent = EventUnion<{
  [AccessAssignmentEvents.Assigned]: TemporaryAccessAssignedData;
  [AccessAssignmentEvents.Revoked]: TemporaryAccessRevokedData;
}>;

export const ACCESS_ASSIGNMENT_EVENT_TYPES: readonly AccessAssignmentEvent['type'][] = Object.values(AccessAssignmentEvents);

export const accessAssignmentsStreamId = (ownerId: string) => `access-assignments-${ownerId}`;
