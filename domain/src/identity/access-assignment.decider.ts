/**
 * Assign Access ("New Assessments To", My Account): the owner's stream of temporary access assignments. The
 * delegate may see and edit the owner's assessments created in the date range; the row-access policy reads the
 * read model of these events. Whether the delegate is an active user the handler reads beforehand.
 */
import type { Decider } from '../decider';
import { AccessDeniedError, DomainRuleViolation, NotFoundError } from '../domain-errors';
import {
  ACCESS_ASSIGNMENT_EVENT_TYPES,
  AccessAssignmentEvent,
  AccessAssignmentEvents,
  TemporaryAccessAssignedData,
} from './access-assignment.events';
import { ADMINISTRATOR_ID } from './identity-rules';

export const ADMINISTRATOR_NO_ASSIGN = 'The administrator does not assign access.';
export const DELEGATE_NOT_FOUND = 'Please choose an active user to receive access.';
export const DELEGATE_IS_SELF = 'You cannot assign access to yourself.';
export const DATE_RANGE_INVALID = 'The end date must be on or after the start date.';
export const END_IN_PAST = 'The end date cannot be in the past.';
export const ASSIGNMENT_NOT_FOUND = 'The access assignment does not exist.';

export interface AccessAssignmentsState {
  /** The assignments not revoked, by id. */
  live: ReadonlyMap<string, TemporaryAccessAssignedData>;
}

export type AccessAssignmentCommand =
  | {
      type: 'AssignTemporaryAccess';
      assignmentId: string;
      ownerId: string;
      delegateId: string;
      /** yyyy-MM-dd, inclusive. */
      startsOn: string;
      endsOn: string;
      /** yyyy-MM-dd: an assignment cannot end before it. */
      today: string;
      /** The delegate is a live, active user. */
      delegateIsActive: boolean;
    }
  | { type: 'RevokeTemporaryAccess'; assignmentId: string; ownerId: string };

export const accessAssignmentDecider: Decider<AccessAssignmentsState, AccessAssignmentCommand, AccessAssignmentEvent> = {
  initialState: { live: new Map() },
  eventTypes: ACCESS_ASSIGNMENT_EVENT_TYPES,

  decide(command, state) {
    switch (command.type) {
      case 'AssignTemporaryAccess': {
        const { assignmentId, ownerId, delegateId, startsOn, endsOn } = command;
        if (ownerId === ADMINISTRATOR_ID) throw new AccessDeniedError(ADMINISTRATOR_NO_ASSIGN);
        if (delegateId === ownerId) throw new DomainRuleViolation(DELEGATE_IS_SELF, { delegateId: [DELEGATE_IS_SELF] });
        if (!command.delegateIsActive || delegateId === ADMINISTRATOR_ID)
          throw new DomainRuleViolation(DELEGATE_NOT_FOUND, { delegateId: [DELEGATE_NOT_FOUND] });
        if (endsOn < startsOn) throw new DomainRuleViolation(DATE_RANGE_INVALID, { endsOn: [DATE_RANGE_INVALID] });
        if (endsOn < command.today) throw new DomainRuleViolation(END_IN_PAST, { endsOn: [END_IN_PAST] });
        return [{ type: AccessAssignmentEvents.Assigned, data: { assignmentId, ownerId, delegateId, startsOn, endsOn } }];
      }
      case 'RevokeTemporaryAccess': {
        const assignment = state.live.get(command.assignmentId);
        if (!assignment) throw new NotFoundError(ASSIGNMENT_NOT_FOUND);
        return [
          {
            type: AccessAssignmentEvents.Revoked,
            data: { assignmentId: command.assignmentId, ownerId: command.ownerId, delegateId: assignment.delegateId },
          },
        ];
      }
    }
  },

  evolve(state, event) {
    const live = new Map(state.live);
    switch (event.type) {
      case AccessAssignmentEvents.Assigned:
        live.set(event.data.assignmentId, event.data);
        break;
      case AccessAssignmentEvents.Revoked:
        live.delete(event.data.assignmentId);
        break;
    }
    return { live };
  },
};
