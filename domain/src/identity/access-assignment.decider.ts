/**
 * Assign Access ("New Assessments To", My Account): the owner's stream of temporary access assignments. The
 * delegate may see and edit the owner's assessments created in the date range from the moment of the assignment on
 * (never the caseload that existed before); the row-access policy reads the read model of these events. Whether
 * the delegate is one the owner may choose (an active sibling user) the handler reads beforehand, with the same
 * function that lists the choices.
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
export const DELEGATE_NOT_FOUND = 'Please choose one of the users offered: an active user with the same supervisor as you.';
export const DELEGATE_IS_SELF = 'You cannot assign access to yourself.';
export const DATE_RANGE_INVALID = 'The end date must be on or after the start date.';
export const START_IN_PAST = 'The start date cannot be in the past: access covers the assessments you create from now on.';
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
      /** yyyy-MM-dd: an assignment cannot start or end before it. */
      today: string;
      /** The delegate is one the owner may choose (an active sibling user; the handler decides it). */
      delegateIsOffered: boolean;
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
        if (!command.delegateIsOffered || delegateId === ADMINISTRATOR_ID)
          throw new DomainRuleViolation(DELEGATE_NOT_FOUND, { delegateId: [DELEGATE_NOT_FOUND] });
        if (startsOn < command.today) throw new DomainRuleViolation(START_IN_PAST, { startsOn: [START_IN_PAST] });
        if (endsOn < startsOn) throw new DomainRuleViolation(DATE_RANGE_INVALID, { endsOn: [DATE_RANGE_INVALID] });
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
